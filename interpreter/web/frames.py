"""What one client is sent: its seat's view, event stream and transcript, and nothing more.

Everything here is computed from `Game.view(seat)` and `Game.events_for(seat)`; a spectator is
a seat number no player has (it sees the public view), and the all-seeing replay view is
`seat=None`. Card faces (label, suit, colour) go only with the card ids already in the frame.
"""
from __future__ import annotations

from interpreter.engine.game import Game
from interpreter.engine.state import Card, Player
from interpreter.terminal.transcript import Transcript

SPECTATOR = -1
RED_SUITS = {"hearts", "diamonds"}


class Stream:
    """One seat's event stream and transcript, as last sent; `update` returns what changed.

    An event hidden from a seat can become visible later (a chosen card is revealed by where it
    goes), so the new stream is compared with the old one from the start: the client drops what
    it holds from `events_from` on and appends the rest.
    """

    def __init__(self, game: Game, seat: int | None):
        self.game = game
        self.seat = seat
        self.events: list[dict] = []
        self.lines: list[str] = []
        self.transcript = Transcript(game, seat)

    def update(self) -> dict:
        events = self.game.events_for(self.seat)
        old = self.events
        start = _common_prefix(old, events)
        if start < len(old):      # an earlier event changed: render the transcript afresh
            self.transcript = Transcript(self.game, self.seat)
            lines = _render(self.transcript, events)
        else:
            lines = self.lines + _render(self.transcript, events[start:])
        line_start = _common_prefix(self.lines, lines)
        self.events, self.lines = events, lines
        return {"events_from": start, "events": events[start:], "lines_from": line_start,
                "lines": lines[line_start:]}

    def full(self) -> dict:
        return {"events_from": 0, "events": list(self.events), "lines_from": 0, "lines": list(self.lines)}


def _common_prefix(a: list, b: list) -> int:
    if len(a) <= len(b) and b[:len(a)] == a:    # the usual case, compared in C: only appended
        return len(a)
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _render(transcript: Transcript, events: list[dict]) -> list[str]:
    out = []
    for event in events:
        line = transcript.render(event)
        if line:
            out.extend(line.split("\n"))
    return out


def decision_for(game: Game, seat: int | None) -> dict | None:
    """The decision in front of `seat` (None if it is someone else's turn), for buttons."""
    decision = game.decision
    if decision is None or decision.player != seat:
        return None
    data = {"no": game.decisions_taken, "kind": decision.kind, "prompt": decision.prompt,
            "step": decision.step, "of": decision.of}
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
        elif isinstance(value, list) and value and all(isinstance(v, Card) for v in value):
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
    """The table as `seat` sees it, without the engine's own decision list (sent as `decision`)."""
    view = game.view(seat)
    view.pop("decision", None)
    view["seat"] = seat
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
             "view": view_for(game, seat), "decision": decision_for(game, seat), **changes}
    if game.over:
        frame["result"] = game.result
    frame["faces"] = card_faces(game, frame)
    return frame
