"""Helpers for the web tests: a server app on a fresh database, seat clients that record every
frame they receive, and an independent oracle of which cards each seat may have seen."""
from __future__ import annotations

import json
import random

from interpreter.engine.game import Game
from interpreter.engine.state import Card, card_visible
from interpreter.web.frames import SPECTATOR, events_of

SHORT_OPTIONS = {    # every game ends after one or two hands, so a test sees a hand gathered back
    "black-card": {"hands": 2}, "black-maria": {"target": 1}, "black-swan": {"team_target": 10, "solo_target": 10},
    "captain-blackjack": {"coins_to_win": 1}, "hearts": {"target": 1}, "seven-poker": {"hands": 2},
    "texas-holdem": {"hands": 2},
}


def new_table(client, game: str, seats: list[str], *, seed: int | None, options: dict | None = None,
              bot_delay: float = 0) -> dict:
    """Open a table through the API; seats are 'human' or a bot spec; seed None: the server draws it."""
    body = {"game": game, "players": len(seats), "seed": seed, "options": options or {}, "bot_delay": bot_delay,
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "agent": s} for s in seats]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


class Seat:
    """A websocket client of a test: joins, records every frame, rebuilds the seat's stream."""

    def __init__(self, ws, table: str, token: str | None):
        self.ws = ws
        self.table = table
        self.frames: list[dict] = []
        self.events: list[dict] = []
        self.lines: list[str] = []
        self.state: dict | None = None
        ws.send_text(json.dumps({"type": "join", "table": table, "token": token}))
        self.welcome = self.receive()
        assert self.welcome["type"] == "welcome", self.welcome
        self.receive()

    def receive(self) -> dict:
        frame = self.ws.receive_json()
        self.frames.append(frame)
        if frame["type"] == "state":
            del self.events[frame["events_from"]:]
            self.events.extend(frame["events"])
            del self.lines[frame["lines_from"]:]
            self.lines.extend(frame["lines"])
            self.state = frame
        return frame

    def send(self, frame) -> None:
        self.ws.send_text(frame if isinstance(frame, str) else json.dumps(frame))

    def move(self, choice: str) -> None:
        self.send({"type": "move", "table": self.table, "decision": self.state["decision"]["no"], "choice": choice})


def random_choice(decision: dict, rng: random.Random) -> str:
    """A legal choice id for a decision frame, as a person might click it."""
    if decision["kind"] == "number":
        low, high = decision["min"], decision["max"]
        return str(rng.choice([low, high, rng.randint(low, high)]))
    return rng.choice(decision["choices"])["id"]


class Oracle:
    """Which card ids each seat may know by now, from the game's state and the reveals its rules
    made: a card whose face the seat could see at some moment so far, a card shown to it (or to
    all) or turned up, a card its own decision offered, and a card named as a declared value
    (a joker declared as a rank and suit) in a decision the seat was told of."""

    def __init__(self, game: Game):
        self.game = game
        self.ids = {c.id for c in game.all_cards}
        self.known: dict[int, set] = {s: set() for s in [SPECTATOR, *range(len(game.players))]}
        self.read = 0
        self.heard = {seat: 0 for seat in self.known}
        self.observe()

    def observe(self) -> None:
        game = self.game
        for seat, known in self.known.items():
            known.update(c.id for c in game.all_cards if card_visible(game, c, seat))
        for event in game.events_all(self.read):
            kind = event["type"]
            if (kind == "shown" and event.get("to") is None) or (kind == "turned" and event.get("face_up")):
                for known in self.known.values():
                    known.add(event["card"])
            elif kind == "shown":
                self.known[event["to"]].add(event["card"])
        self.read = len(game.events_all())
        for seat, known in self.known.items():   # a declared value, in a decision the seat was told of
            stream = events_of(game, seat, since=self.heard[seat])
            self.heard[seat] += len(stream)
            for event in stream:
                if event["type"] == "decided" and event["kind"] != "card":
                    known.update(part for part in str(event["choice"]).split("+") if part in self.ids)
        if game.decision is not None:
            offered = self.known[game.decision.player]
            for value in game.decision.options if game.decision.kind in ("card", "value") else []:
                for item in value if isinstance(value, (list, tuple)) else [value]:
                    if isinstance(item, Card):
                        offered.add(item.id)

    def leaks(self, seat: int, frame: dict) -> set:
        """Card ids anywhere in `frame` (values, keys, joined ids) that `seat` may not know."""
        found: set = set()
        _strings(frame, found)
        return {part for text in found for part in text.split("+") if part in self.ids and part not in self.known[seat]}


def _strings(value, out: set) -> None:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(key)
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)
