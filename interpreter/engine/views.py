"""What a game shows: its events (the omniscient log and each seat's stream, see events.py),
the view of each seat, a spectator's and an omniscient observer's, and the header a log
needs to re-create the game.

`GameViews` is one of the bases of `Game` (see game.py). `emit` and `_emit_event` are how
everything else records an event; the rest is read by callers, never by generated code.
"""
from __future__ import annotations

from interpreter.engine import claims
from interpreter.engine.decisions import json_value
from interpreter.engine.state import NOBODY, Card, Player, Team, Zone, card_visible
from interpreter.errors import GameError

MAX_LISTED_NUMBERS = 1_000   # a view lists a number decision's choices up to this many
_NO_SEAT = -1   # a seat no player has: it sees what everyone sees


class GameViews:
    """The events and views of a game (a base of `Game`)."""
    __slots__ = ()   # the fields are `Game`'s

    def emit(self, kind: str, **fields) -> None:
        if self.record:
            self._emit_event({"type": kind, **fields}, None)

    def _emit_event(self, event: dict, viewers, card: Card | None = None) -> None:
        if self.record:
            self._log.emit(event, viewers)
            if len(self._log) > self._event_cap:
                self._check_events(None)

    @property
    def events(self) -> list[dict]:
        """Every event so far, every card named (a copy: the omniscient log, for logs and replays)."""
        return self._log.full()

    def events_all(self, since: int = 0) -> list[dict]:
        """The omniscient log from event `since` on (a copy)."""
        return self._log.full(since)

    def events_for(self, seat: int, since: int = 0) -> list[dict]:
        """The events `seat` saw, from its event `since` on (a copy; see events.py for what is
        masked). A seat's stream only grows: `since` lets a client read what is new."""
        return self._log.for_seat(self._seat(seat), since)

    def _seat(self, seat) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            hint = "; view_all() and events_all() show everything" if seat is None else ""
            raise GameError(f"there is no seat {seat!r} in this {len(self.players)}-player game (seats are 0 to "
                            f"{len(self.players) - 1}){hint}", code="seat")
        return seat

    def view(self, seat: int) -> dict:
        """What the player in `seat` may see now: zones (hidden cards masked), variables, decision."""
        return self._view(self._seat(seat))

    def view_public(self) -> dict:
        """What a spectator may see now: public zones and face-up cards, nobody's decision."""
        view = self._view(_NO_SEAT)
        view["seat"] = None
        return view

    def events_public(self, since: int = 0) -> list[dict]:
        """The events a spectator saw (what every seat saw), from its event `since` on (a copy)."""
        return self._log.for_seat(len(self.players), since)

    def view_all(self) -> dict:
        """Everything, every card named: for logs, tests and an omniscient observer, never a seat."""
        return self._view(None)

    def _view(self, seat: int | None) -> dict:
        def zone_view(zone: Zone) -> list:
            return [c.id if card_visible(self, c, seat) else None for c in self.zone_cards[zone.number]]

        view = {
            "seat": seat, "phase": self.phase, "over": self.over,
            "vars": {k: json_value(v) for k, v in self.vars.items()},
            "zones": {name: zone_view(z) for name, z in self.zones.items()},
            "players": [{"seat": p.seat, "name": p.name, "team": p.team.index if p.team else None,
                         "vars": {k: json_value(v) for k, v in self.player_vars[p.seat].items()},
                         "zones": {name: zone_view(z) for name, z in p.zones.items()}} for p in self.players],
            "teams": [{"index": t.index, "name": t.name, "vars": {k: json_value(v) for k, v in self.team_vars[t.index].items()},
                       "zones": {name: zone_view(z) for name, z in t.zones.items()}} for t in self.teams],
        }
        if self.rules.vars.get("card"):
            view["cards"] = {c.id: {k: json_value(v) for k, v in self.card_vars[c.index].items()}
                             for c in self.cards_in_play if card_visible(self, c, seat)}
        d = self.decision
        if d is not None and seat is not None and d.player != seat:
            d = claims.decision_for(self, seat) or d      # a claim window: every claimant decides now
        if d is not None and (seat is None or d.player == seat):
            view["decision"] = {"player": d.player, "prompt": d.prompt, "kind": d.kind, "step": d.step,
                                "of": d.of}
            if d.kind == "number":
                view["decision"].update(min=d.options.start, max=d.options.stop - 1)
            if d.kind != "number" or len(d.options) <= MAX_LISTED_NUMBERS:
                view["decision"]["choices"] = [{"id": c.id, "label": c.label} for c in d.choices]
        elif d is not None:
            view["waiting_for"] = d.player
        if self.over:
            view["result"] = self.result
        return view

    # -- where a card is, what this game knows of it, what a zone, player or team holds
    # (state.py says how it is kept) --
    def zone_of(self, card: Card) -> Zone | None:
        """The zone `card` lies in now (None: taken out of play)."""
        return self.zone_table[self.card_zone[card.index]]

    def last_holder_of(self, card: Card) -> Player | None:
        """The last player whose zone held `card` (None: no player's yet)."""
        seat = self.card_holder[card.index]
        return None if seat < 0 else self.players[seat]

    def is_face_up(self, card: Card) -> bool:
        """Whether `card` is turned up in a zone whose viewers cannot see it."""
        return card.index in self.card_turned

    def seen_by(self, card: Card) -> frozenset:
        """The seats that peeked at `card` since it last moved."""
        return self.card_seen.get(card.index, NOBODY)

    def vars_of(self, owner: Card | Player | Team) -> dict:
        """The variables of a card, player or team in this game (read-only and empty for a
        ruleset that declares none of that scope)."""
        kind = type(owner)
        if kind is Player:
            return self.player_vars[owner.seat]
        if kind is Team:
            return self.team_vars[owner.index]
        return self.card_vars[owner.index]

    def cards_in(self, zone: Zone) -> list[Card]:
        """The cards of `zone` in this game, top first (the game's own list: read, don't change)."""
        return self.zone_cards[zone.number]

    def card_visible(self, card: Card, seat: int | None) -> bool:
        """Whether `seat` may see the face of `card` where it lies now (None: the omniscient log)."""
        return card_visible(self, card, seat)

    def header(self) -> dict:
        """What a log needs to re-create this game: ruleset, options, players, seed, stacked deck."""
        return {"type": "game", "ruleset": self.rules.path, "variants": list(self.rules.variants),
                "players": len(self.players), "seed": self.seed, "options": dict(self.option_overrides),
                "stacked": self.stacked}
