"""What one client is sent: its seat's view, event stream and transcript, and nothing more.

Everything here is computed from `Game.view(seat)` and `Game.events_for(seat)`; a spectator
(SPECTATOR) gets `view_public()` and `events_public()`, and only the replay viewer's all-seeing
perspective (`seat=None`) gets `view_all()` and `events_all()`. Card faces (label, suit, colour)
go only with the card ids already in the frame.
"""
from __future__ import annotations

import re

from interpreter.engine import claims
from interpreter.engine.back import can_go_back
from interpreter.engine.game import Game
from interpreter.engine.state import Card, Player
from interpreter.terminal.transcript import Transcript

SPECTATOR = -1
RED_SUITS = {"hearts", "diamonds"}


class Stream:
    """One seat's event stream and transcript, as far as they were sent; `update` returns what
    is new. A seat's stream only grows, so a client appends what it is sent."""

    def __init__(self, game: Game, seat: int | None):
        self.game = game
        self.seat = seat
        self.events: list[dict] = []
        self.lines: list[str] = []
        self.transcript = Transcript(game, seat if seat is not None and seat >= 0 else None)

    def update(self) -> dict:
        new = events_of(self.game, self.seat, since=len(self.events))
        lines = _render(self.transcript, new)
        changes = {"events_from": len(self.events), "events": new, "lines_from": len(self.lines), "lines": lines}
        self.events.extend(new)
        self.lines.extend(lines)
        return changes

    def full(self) -> dict:
        return {"events_from": 0, "events": list(self.events), "lines_from": 0, "lines": list(self.lines)}


def events_of(game: Game, seat: int | None, *, since: int = 0) -> list[dict]:
    """The event stream of a seat, of a spectator (SPECTATOR), or all of it (None)."""
    if seat is None:
        return game.events_all(since)
    if seat == SPECTATOR:
        return game.events_public(since)
    return game.events_for(seat, since)


_PLAYER_ZONE = re.compile(r"p(\d+)\.")


def card_origins(events: list[dict]) -> dict[str, int]:
    """Who put each card where it lies now, from the moves in `events`: {card id: seat}. A card
    that came out of a player's zone is that player's (the cards of a trick); a later move out of
    a shared zone forgets it. The same rule as `cardOrigins` in static/render.js, which the live
    table applies to the stream it holds; the replay viewer is sent this map instead of a stream."""
    origins: dict[str, int] = {}
    for event in events:
        if event.get("type") != "moved" or not event.get("card"):
            continue
        owner = _PLAYER_ZONE.match(event.get("from") or "")
        if owner:
            origins[event["card"]] = int(owner.group(1))
        else:
            origins.pop(event["card"], None)
    return origins


def _render(transcript: Transcript, events: list[dict]) -> list[str]:
    out = []
    for event in events:
        line = transcript.render(event)
        if line:
            out.extend(line.split("\n"))
    return out


def decision_for(game: Game, seat: int | None) -> dict | None:
    """The decision in front of `seat` (None if it is someone else's turn), for buttons. In a
    claim window every claimant has one, numbered where the window opened, with `claim`
    saying how it is won (see interpreter.engine.claims)."""
    decision = claims.decision_for(game, seat) if seat is not None and seat >= 0 else None
    if decision is None:
        return None
    window = claims.open_claim(game)
    data = {"no": game.decisions_taken, "kind": decision.kind, "prompt": decision.prompt,
            "step": decision.step, "of": decision.of, "back": can_go_back(game, seat)}
    if window is not None:
        data["no"] = window.opened_at(game)
        data["claim"] = {"wins": window.wins, "window": window.window, "hidden": window.hidden}
    if decision.kind == "number":
        options = decision.options
        data.update(min=options[0], max=options[-1])
        pot = game.vars.get("pot")
        if isinstance(pot, int) and not isinstance(pot, bool) and options[0] <= pot <= options[-1]:
            data["pot"] = pot
        return data
    choices = []
    for choice in decision.choices:
        value = choice.value
        cards = None
        if isinstance(value, Card):
            cards = [value.id]
        elif isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
            cards = [v.id for v in value]
        entry = {"id": choice.id, "label": choice.label}
        if cards is not None:
            entry["cards"] = cards
        if isinstance(value, Player):
            entry["seat"] = value.seat
        choices.append(entry)
    data["choices"] = choices
    return data


def view_for(game: Game, seat: int | None) -> dict:
    """The table as `seat` sees it (a spectator: SPECTATOR; all-seeing: None), without the
    engine's own decision entry (the frame's `decision` says it in full, for buttons)."""
    if seat is None:
        view = game.view_all()
    elif seat == SPECTATOR:
        view = game.view_public()
    else:
        view = game.view(seat)
    view.pop("decision", None)
    view["seat"] = seat
    window = claims.open_claim(game)
    if window is not None:          # who may still claim (what they answered stays theirs)
        view["claiming"] = list(window.seats)
    return view


def card_faces(game: Game, frame: dict) -> dict:
    """Label, suit and colour of every card id the frame already holds, and of no other."""
    ids: set[str] = set()
    _collect({k: v for k, v in frame.items() if k != "lines"}, game.cards_by_id, ids)   # lines are text
    faces = {}
    for card_id in ids:
        card = game.cards_by_id[card_id]
        suit = card.attrs.get("suit")
        colour = card.attrs.get("color") or card.attrs.get("colour")
        if colour is None:
            colour = "red" if suit in RED_SUITS else "black"
        faces[card_id] = {"label": card.label, "suit": suit if isinstance(suit, str) else None,
                          "rank": card.attrs.get("rank"), "color": str(colour), "order": card.index}
    return faces


def _collect(value, known: dict, out: set) -> None:
    if isinstance(value, str):
        if value in known:
            out.add(value)
        elif "+" in value:
            out.update(part for part in value.split("+") if part in known)
    elif isinstance(value, dict):
        for item in value.values():
            _collect(item, known, out)
    elif isinstance(value, list):
        for item in value:
            _collect(item, known, out)


def state_frame(game: Game, seat: int | None, changes: dict) -> dict:
    """A complete 'state' frame: view, decision, stream changes and the faces of the cards in it."""
    frame = {"type": "state", "decisions": game.decisions_taken, "over": game.over,
             "view": view_for(game, seat), "decision": decision_for(game, seat) if seat is not None else None,
             **changes}
    if game.over:
        frame["result"] = game.result
    frame["faces"] = card_faces(game, frame)
    return frame
