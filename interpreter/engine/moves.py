"""Moving cards, and what a move sets off: `move` and its one-pass forms (`move_card`,
`move_zone`, `deal`), `shuffle`, `swap`, turning and showing cards, and the moved-triggers.

`GameMoves` is one of the bases of `Game` (see game.py). Generated code calls these as
`g.<name>` on every decision's path; a game that records no events takes the written-out
paths, which do what the recording path does without its events.
"""
from __future__ import annotations

from interpreter.engine.shuffling import shuffle
from interpreter.engine.state import NOBODY, Card, Player, Zone
from interpreter.errors import GameError

MAX_TRIGGER_DEPTH = 16


class GameMoves:
    """The moves of cards between zones, and the triggers they set off (a base of `Game`)."""
    __slots__ = ()   # the fields are `Game`'s

    def move(self, cards: list[Card], to: Zone, *, top: bool = False) -> None:
        piles = self.zone_cards
        if self.memo:
            self.memo = {}
        if type(cards) is not list or (cards and (held := self.zone_table[self.card_zone[cards[0].index]]) is not None
                                       and piles[held.number] is cards):
            cards = list(cards)     # a zone's own list (or any other iterable) changes as its cards move
        where, holders, table, number = self.card_zone, self.card_holder, self.zone_table, to.number
        if not self.record and not top:
            # the playout path: the loop below without its events (the commonest move of all)
            triggers = self._moved_into.get(to.name)
            everything = cards is self.cards_in_play      # (each card once, every one in a zone)
            if not triggers and len(cards) > 8 and (everything or len(moving := set(cards)) == len(cards)):
                # many cards and nothing watching (a whole deck gathered): each zone they
                # leave loses them in one pass, not in a search of it per card
                sources = {}
                for card in cards:
                    i = card.index
                    at = where[i]
                    if at >= 0:
                        source = sources[at] = table[at]
                        if source.seat >= 0:
                            holders[i] = source.seat
                    where[i] = number
                if self.card_turned or self.card_seen:
                    self._forget_faces(cards)
                if everything:       # every card gathered: every zone they leave is emptied
                    for source in sources.values():
                        piles[source.number].clear()
                else:
                    for source in sources.values():
                        piles[source.number][:] = [card for card in piles[source.number] if card not in moving]
                piles[to.number].extend(cards)
                return
            into = piles[to.number]
            for card in cards:
                i = card.index
                source = table[where[i]]
                if source is not None:
                    piles[source.number].remove(card)
                    if source.seat >= 0:
                        holders[i] = source.seat
                into.append(card)
                where[i] = number
                if self.card_turned:
                    self.card_turned.discard(i)
                if self.card_seen:
                    self.card_seen.pop(i, None)
                if triggers:
                    if self.memo:
                        self.memo = {}
                    self._fire(triggers, {"card": card, "source": source, "target": to})
            return
        # one loop for both kinds of game; one that records sends each card's event and
        # batches what hidden cards a move of several shows each seat
        recorded = self._record_move if self.record else None
        batched = recorded is not None and len(cards) > 1
        if batched:
            outer = self._log.begin_batch()
        try:
            triggers = self._moved_into.get(to.name)
            into = piles[to.number]
            for k, card in enumerate(cards):
                i = card.index
                source = table[where[i]]
                if source is not None:
                    piles[source.number].remove(card)
                    if source.seat >= 0:
                        holders[i] = source.seat
                if top:    # the first card listed ends on top, as a stacked order reads
                    into.insert(k, card)
                else:
                    into.append(card)
                where[i] = number
                if recorded is not None:
                    recorded(card, source, to)
                if self.card_turned:
                    self.card_turned.discard(i)
                if self.card_seen:
                    self.card_seen.pop(i, None)
                if triggers:
                    if self.memo:
                        self.memo = {}
                    self._fire(triggers, {"card": card, "source": source, "target": to})
        finally:
            if batched:
                self._log.end_batch(outer)

    def move_card(self, card: Card, to: Zone) -> None:
        """`move([card], to)` without the list: the commonest move of a playout (a card played)."""
        if self.record:
            self.move([card], to)
            return
        if self.memo:
            self.memo = {}
        piles = self.zone_cards
        i = card.index
        where = self.card_zone
        source = self.zone_table[where[i]]
        if source is not None:
            piles[source.number].remove(card)
            if source.seat >= 0:
                self.card_holder[i] = source.seat
        piles[to.number].append(card)
        where[i] = to.number
        if self.card_turned:
            self.card_turned.discard(i)
        if self.card_seen:
            self.card_seen.pop(i, None)
        triggers = self._moved_into.get(to.name)
        if triggers:
            if self.memo:
                self.memo = {}
            env = {"card": card, "source": source, "target": to}
            for trigger in triggers:    # (`_fire` written out: most cards played set nothing off)
                if trigger[0] is None or trigger[0](self, env):
                    self._set_off(trigger, env)

    def move_zone(self, source: Zone, to: Zone) -> None:
        """`move(list(cards of source), to)`: every card of a zone (a trick gathered, a hand
        discarded), in one pass when nothing watches the moves (no log, no trigger on `to`)."""
        if self.record or source is to or self._moved_into.get(to.name):
            self.move(list(self.zone_cards[source.number]), to)
            return
        if self.memo:
            self.memo = {}
        cards, seat, number, where = self.zone_cards[source.number], source.seat, to.number, self.card_zone
        if seat >= 0:
            holders = self.card_holder
            for card in cards:
                holders[card.index] = seat
                where[card.index] = number
        else:
            for card in cards:
                where[card.index] = number
        if self.card_turned or self.card_seen:
            self._forget_faces(cards)
        self.zone_cards[to.number].extend(cards)
        cards.clear()

    def deal(self, source: Zone, zones: list[Zone], count: int) -> None:
        """Move `count` cards from the top of `source`, one at a time, to each of `zones` in turn:
        what a `move` of each card would do, done in one pass when nothing watches the moves
        (no events recorded, no trigger on a receiving zone)."""
        piles = self.zone_cards
        if self.record or any(zone is source or self._moved_into.get(zone.name) for zone in zones):
            for i in range(count):
                self.move([piles[source.number][0]], zones[i % len(zones)])
            return
        dealt = piles[source.number][:count]
        del piles[source.number][:count]
        if self.memo:
            self.memo = {}
        seat, n, where, holders = source.seat, len(zones), self.card_zone, self.card_holder
        for k, card in enumerate(dealt):
            zone = zones[k % n]
            piles[zone.number].append(card)
            where[card.index] = zone.number
            if seat >= 0:
                holders[card.index] = seat
        if self.card_turned or self.card_seen:
            self._forget_faces(dealt)

    def _forget_faces(self, cards) -> None:
        """The cards moved: none is turned up any more, nobody has peeked at it."""
        turned, seen = self.card_turned, self.card_seen
        for card in cards:
            if turned:
                turned.discard(card.index)
            if seen:
                seen.pop(card.index, None)

    def _record_move(self, card: Card, source: Zone | None, to: Zone) -> None:
        """The "moved" event of a card, before it is turned down and forgotten by who peeked."""
        i = card.index
        viewers = self._move_viewers(source, to, i in self.card_turned, self.card_seen.get(i, NOBODY))
        self._log.card_moving(card, viewers)
        self._emit_event({"type": "moved", "card": card.id, "from": source.key if source else None,
                          "to": to.key}, viewers, card=card)

    def _move_viewers(self, source, to, face_up, seen):
        if face_up:
            return None
        a = self._zone_viewers[source.key] if source is not None else frozenset()
        b = self._zone_viewers[to.key]
        if a is None or b is None:
            return None
        return a | b | seen

    def _fire(self, triggers, env) -> None:
        for trigger in triggers:
            if trigger[0] is None or trigger[0](self, env):
                self._set_off(trigger, env)

    def _set_off(self, trigger, env) -> None:
        """Run a trigger whose condition holds, as deep as triggers may set each other off."""
        _, run, name, _, span = trigger
        if len(self._firing) >= MAX_TRIGGER_DEPTH:
            chain = " -> ".join(dict.fromkeys(n for n, _ in self._firing))
            raise GameError(f"triggers set each other off more than {MAX_TRIGGER_DEPTH} deep ({chain} "
                            f"-> {name}); trigger '{name}' may be firing itself", span=span,
                            phase=self.phase, code="trigger-loop")
        self._firing.append((name, span))
        try:
            run(self, env)
        finally:
            self._firing.pop()

    def shuffle(self, zone: Zone) -> None:
        piles = self.zone_cards
        if self._stacked:
            order = self._stacked.pop(0)
            by_id = {c.id: c for c in piles[zone.number]}
            unknown = [cid for cid in order if cid not in by_id]
            if unknown or len(set(order)) != len(order):
                raise GameError(f"the stacked order for {zone.key} names cards that are not there "
                                f"(or twice): {', '.join(unknown[:8]) or 'a repeated id'}", code="stacked")
            rest = [c for c in piles[zone.number] if c.id not in set(order)]
            shuffle(self.rng, rest)
            piles[zone.number][:] = [by_id[cid] for cid in order] + rest
        else:
            shuffle(self.rng, piles[zone.number])
        if self.memo:
            self.memo = {}
        self.emit("shuffled", zone=zone.key)

    def set_face(self, cards: list[Card], face_up: bool) -> None:
        if self.memo:
            self.memo = {}
        for card in cards:
            turned = self.card_turned
            if type(turned) is not set:        # the shared empty value: a set of this game's own
                turned = self.card_turned = set(turned)
            if face_up:
                turned.add(card.index)
            else:
                turned.discard(card.index)
            zone = self.zone_table[self.card_zone[card.index]]
            self._emit_event({"type": "turned", "card": card.id, "zone": zone.key if zone else None,
                              "face_up": face_up}, None if face_up else self._zone_viewers.get(zone.key), card=card)

    def show(self, cards: list[Card], viewer: Player | None) -> None:
        for card in cards:
            i = card.index
            if viewer is not None:
                seen = self.card_seen
                if type(seen) is not dict:     # the shared empty value: a dict of this game's own
                    seen = self.card_seen = dict(seen)
                seen[i] = seen.get(i, NOBODY) | {viewer.seat}
            zone = self.zone_table[self.card_zone[i]]
            viewers = None if viewer is None else frozenset([viewer.seat]) | (
                self._zone_viewers.get(zone.key) or frozenset() if zone else frozenset())
            self._emit_event({"type": "shown", "card": card.id, "zone": zone.key if zone else None,
                              "to": None if viewer is None else viewer.seat}, viewers, card=card)

    def swap(self, a: Card, b: Card) -> None:
        piles = self.zone_cards
        if self.memo:
            self.memo = {}
        where, table = self.card_zone, self.zone_table
        za, zb = table[where[a.index]], table[where[b.index]]
        ia, ib = piles[za.number].index(a), piles[zb.number].index(b)
        piles[za.number][ia], piles[zb.number][ib] = b, a
        where[a.index], where[b.index] = zb.number, za.number
        for card, old in ((a, za), (b, zb)):
            if old.seat >= 0:
                self.card_holder[card.index] = old.seat
        self._forget_faces((a, b))
        if self.record:
            batch = self._log.begin_batch()
            for card, source, target in ((a, za, zb), (b, zb, za)):
                viewers = self._move_viewers(source, target, False, frozenset())
                self._log.card_moving(card, viewers)
                self._emit_event({"type": "moved", "card": card.id, "from": source.key, "to": target.key},
                                 viewers, card=card)
            self._log.end_batch(batch)
        for card, source, target in ((a, za, zb), (b, zb, za)):
            triggers = self._moved_into.get(target.name)
            if triggers:
                self._fire(triggers, {"card": card, "source": source, "target": target})
