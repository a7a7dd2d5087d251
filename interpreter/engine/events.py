"""The game's events: one full log, and beside it one stream per seat built as events happen.

The full log (every card named) is what logs and replays hold. A seat's stream holds only
what that seat saw, in the order it saw it, and never changes once written:

- an event the seat may see is appended as it is;
- a card event about a card the seat may not see ("moved", "shown", "turned") is appended
  with `card: null`; a move of hidden cards always says how many moved: `count`;
- the hidden cards of one move of several cards (a gather, a pick-up) reach the seat as one
  masked event per (from, to) pair, in zone order, after the cards of that move it may see:
  neither the order nor the interleaving of the hidden cards says which card lay where;
- another player's decision the seat may not see is left out; a chosen card becomes known
  to the seat (its "decided" event is appended) when it moves where the seat sees it;
- a card variable the seat may not see is left out;
- the header event ("started") carries no seed: with the seed a seat could re-deal the deck.
"""
from __future__ import annotations

from collections import defaultdict


def copy_event(value):
    """A deep copy of an event (dicts, lists and plain values only)."""
    if isinstance(value, dict):
        return {k: copy_event(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_event(v) for v in value]
    return value


class EventLog:
    """The full event log and the per-seat streams (none for a game that records nothing)."""
    __slots__ = ("events", "streams", "_batch", "_card_decisions")

    def __init__(self, seats: int):
        self.events: list[dict] = []
        self.streams: list[list[dict]] = [[] for _ in range(seats)]
        self._batch: dict | None = None        # seat -> {(from, to): count} inside one move of several cards
        self._card_decisions: dict = {}        # card -> (its "decided" event, the seats that saw it)

    def __len__(self) -> int:
        return len(self.events)

    def emit(self, event: dict, viewers, *, seat_event: dict | None = None) -> None:
        """Record an event; `viewers` is None (everyone) or the frozenset of seats that may see
        it; `seat_event` is what the seats get instead of the full event, if it differs."""
        self.events.append(event)
        shared = event if seat_event is None else seat_event
        if viewers is None:
            for stream in self.streams:
                stream.append(shared)
            return
        masked = None
        for seat, stream in enumerate(self.streams):
            if seat in viewers:
                stream.append(shared)
            elif "card" in event and event["type"] != "set":
                if event["type"] == "moved":
                    self._hidden_move(seat, stream, event)
                    continue
                if masked is None:
                    masked = dict(event)
                    masked["card"] = None
                stream.append(masked)
            # else: another's decision or a card's variable, left out

    def _hidden_move(self, seat: int, stream: list, event: dict) -> None:
        if self._batch is None:
            stream.append({"type": "moved", "card": None, "from": event["from"], "to": event["to"], "count": 1})
            return
        counts = self._batch.setdefault(seat, defaultdict(int))
        counts[(event["from"], event["to"])] += 1

    def begin_batch(self):
        """Start a move of several cards; returns what `end_batch` needs to restore."""
        outer, self._batch = self._batch, {}
        return outer

    def end_batch(self, outer) -> None:
        """Append each seat's masked summary of the hidden cards of the move just made."""
        batch, self._batch = self._batch, outer
        for seat in sorted(batch):
            stream = self.streams[seat]
            counts = batch[seat]
            for source, target in sorted(counts, key=lambda pair: (pair[0] or "", pair[1] or "")):
                stream.append({"type": "moved", "card": None, "from": source, "to": target,
                               "count": counts[(source, target)]})

    # -- decisions of a card, known to others when the card moves where they see it -----
    def card_decided(self, card, event: dict, viewers: frozenset) -> None:
        self._card_decisions[card] = (event, viewers)

    def card_moving(self, card, viewers) -> None:
        """Before a card's "moved" event: seats that now see the card learn who chose it."""
        pending = self._card_decisions.pop(card, None) if self._card_decisions else None
        if pending is None:
            return
        event, saw = pending
        for seat, stream in enumerate(self.streams):
            if seat not in saw and (viewers is None or seat in viewers):
                stream.append(event)

    def forget_card_decisions(self) -> None:
        self._card_decisions.clear()

    # -- reading -----------------------------------------------------------------------
    def for_seat(self, seat: int, since: int = 0) -> list[dict]:
        if seat >= len(self.streams):     # a game that records nothing
            return []
        return [copy_event(e) for e in self.streams[seat][since:]]

    def full(self, since: int = 0) -> list[dict]:
        return [copy_event(e) for e in self.events[since:]]
