"""Determinization: one full game state drawn from what one seat knows.

A search draws its samples from a `Knowledge` (`knowledge.py`): a game rebuilt from what the
seat knows, never the live game. `determinize` works on any game all the same.

A seat knows the cards it can see, where it last saw the cards it saw move into places it
cannot see (narrowed by the masked moves it saw since), and the sizes of every pile. A sample
keeps all of that and deals every other card at random over the places the seat cannot see:

- the game is cloned, then the cards the seat cannot see are dealt again among the places
  they hold (each place keeps where it is, who last held it and who peeked at it; a card's
  variables go with the card), honouring what the seat's events say about each;
- choices other seats made in a simultaneous step not yet revealed are drawn again at random;
- the random source is re-seeded, so future shuffles and draws are unknown too;
- the sample forgets the real seed and stacked deck.

Cards are shared by every game of a ruleset, so a deal permutes cards (their indexes) among
the hidden places, and every value of the sample that names a dealt card (in the running
steps, the variables) is made to name the card now lying in its place: the running steps
stay consistent with the new deal where they refer to a card by where it lies. The decision
in front of the seat is the exception: its options were listed before the deal, and the seat
knows them by id. So a card the seat may choose from a place it cannot see stays there, and
every other card option (a card named as a value, such as "what a wild card stands for") is
the card itself, wherever it lies after the deal; otherwise the sample would offer other cards
than the real game (and, say, let a wild card stand for a card it may not stand for).
"""
from __future__ import annotations

import random

from interpreter.engine.frames import unrevealed_choices
from interpreter.engine.game import Game
from interpreter.engine.shuffling import shuffle
from interpreter.engine.state import NO_VARS, Card, Player, Team, Zone

RETRIES = 8


def known_places(events, seat: int) -> dict[str, set]:
    """For each card the seat saw go somewhere: the zone keys where it may be now."""
    places: dict[str, set] = {}
    for event in events:
        kind = event.get("type")
        if kind == "moved":
            card = event.get("card")
            if card is not None:
                places[card] = {event.get("to")}
            else:     # an unseen card left a zone: any card known to be there may be that one
                source, target = event.get("from"), event.get("to")
                for zones in places.values():
                    if source in zones:
                        zones.add(target)
        elif kind in ("shown", "turned") and event.get("card") is not None and event.get("zone") is not None:
            places[event["card"]] = {event["zone"]}
    return places


def determinize(game: Game, seat: int, events, rng: random.Random) -> Game:
    """A game in the state `seat` sees, with everything it cannot know drawn at random."""
    return determinize_from(game, seat, known_places(events, seat), rng)


def determinize_from(game: Game, seat: int, places: dict, rng: random.Random, *,
                     seen: list | None = None) -> Game:
    """`determinize` with the places the seat knows already worked out (`known_places`), and
    perhaps which zones it sees (`zones_seen` of `game`: a copy numbers its zones alike)."""
    return sampler(game, seat, places, seen=seen)(rng)


def sampler(game: Game, seat: int, places: dict, *, seen: list | None = None):
    """`draw(rng) -> Game`: `determinize_from(game, seat, places, rng)` for many draws, with
    what does not depend on the draw (the unseen cards, their places, what the seat knows of
    the decision's options) worked out once: every sample starts as a copy of `game`."""
    seen = zones_seen(game, seat) if seen is None else seen
    decision = game.decision
    if decision is not None and decision.kind == "card":      # the seat knows where its options lie
        offered = {card.id: {game.zone_of(card).key} for card in decision._values
                   if type(card) is Card and not _visible(game, card, seat, seen)}
        if offered:
            places = {**places, **offered}
    slots = unseen_slots(game, seat, seen)
    identities = [(c.id, c) for c in slots]     # (what `_assign` reads: the id first)
    table, where = game.zone_table, game.card_zone
    keys = [table[where[c.index]].key for c in slots]
    assign = assigner(keys, identities, places) if len(slots) >= 2 else None

    def draw(rng: random.Random) -> Game:
        sample = game.clone(record=False)
        for choice in unrevealed_choices(sample._stack):     # [env, value, seat, kind, options]
            if choice[2] is not None and choice[2] != seat and choice[3] != "card":
                choice[1] = choice[4][rng.randrange(len(choice[4]))]
        carriers = _deal(sample, slots, identities, keys, places, rng, assign)
        if sample.decision is not None and carriers:
            offer_the_same_cards(sample, carriers)
        sample.reseed(rng.getrandbits(63))
        sample.seed, sample.stacked, sample._stacked = None, [], []
        return sample
    return draw


def zones_seen(game: Game, seat: int) -> list[bool]:
    """By zone number, whether `seat` sees the faces of the cards of that zone of `game` (the
    last place, for cards in no zone, says yes)."""
    return [True if zone is None else zone.visible_to(seat) for zone in game.zone_table]


def _visible(game: Game, card: Card, seat: int, seen: list) -> bool:
    """`card_visible(game, card, seat)` with the zones' answers worked out once (`zones_seen`)."""
    i = card.index
    return seen[game.card_zone[i]] or i in game.card_turned or seat in game.card_seen.get(i, ())


def offer_the_same_cards(game: Game, carriers: dict) -> None:
    """Make the pending decision offer, by identity, the cards it offered before the deal."""
    decision = game.decision
    if decision.kind in ("number", "action"):
        return
    game.decision = decision.copy_for(game, decision._who, [_carried(v, carriers) for v in decision._values])


def _carried(value, carriers: dict):
    if isinstance(value, Card):
        return carriers.get(value, value)
    if isinstance(value, list):
        return [_carried(v, carriers) for v in value]
    if isinstance(value, tuple):
        return tuple(_carried(v, carriers) for v in value)
    return value


def deal_unseen(game: Game, seat: int, places: dict[str, set], rng: random.Random, *,
                seen: list | None = None) -> dict:
    """Deal the cards `seat` cannot see over their places again, in place. Returns, for each
    card dealt to another place, the card now lying where it lay (`carry_identities`).
    (`seen`: `zones_seen(game, seat)`, if worked out already.)"""
    seen = zones_seen(game, seat) if seen is None else seen
    slots = unseen_slots(game, seat, seen)
    table, where = game.zone_table, game.card_zone
    return _deal(game, slots, [(c.id, c) for c in slots], [table[where[c.index]].key for c in slots], places, rng)


def unseen_slots(game: Game, seat: int, seen: list) -> list[Card]:
    """The cards of `game` in play that `seat` cannot see, in the order of the game's cards."""
    where, turned, peeked = game.card_zone, game.card_turned, game.card_seen
    return [c for c in game.cards_in_play
            if not (seen[where[c.index]] or c.index in turned or seat in peeked.get(c.index, ()))]


def _deal(game: Game, slots: list, identities: list, keys: list, places: dict, rng: random.Random,
          assign=None) -> dict:
    """`deal_unseen` with the unseen cards (`slots`), their `(id, card)` and their zones' keys
    (and perhaps `assigner(keys, identities, places)`, made once for many deals)."""
    if len(slots) < 2:
        return {}
    if assign is None:
        assign = assigner(keys, identities, places)
    assignment = None
    for _ in range(RETRIES):
        assignment = assign(rng)
        if assignment is not None:
            break
    if assignment is None:      # constraints too tight to sample: keep the known cards where they are
        assignment = _assign(keys, identities, {}, rng, keep={i for i, ident in enumerate(identities)
                                                               if ident[0] in places})
    return carry_identities(game, slots, [ident[1] for ident in assignment])


def carry_identities(game: Game, slots: list, dealt: list) -> dict:
    """Put each card of `dealt` in the place of the card of `slots` at its position (`dealt`
    is a permutation of `slots`), in place: the card takes the place's zone position, last
    holder and peekers; its variables stay its own. Every value of the game that named a slot's
    card (running steps, variables, the pending decision) names the card now in that place.
    Returns, for each card now in another card's place, that card's new carrier: the card
    lying where the key card lay is the value (the decision offered the key by identity)."""
    into = {old: new for old, new in zip(slots, dealt) if old is not new}
    if not into:
        return {}
    where, holders, peeked = game.card_zone, game.card_holder, game.card_seen
    places = [(where[c.index], holders[c.index], peeked.get(c.index)) for c in slots]
    if peeked:
        for card in slots:
            peeked.pop(card.index, None)
    for (zone, holder, seen), card in zip(places, dealt):
        where[card.index], holders[card.index] = zone, holder
        if seen is not None:
            peeked[card.index] = seen
    piles = game.zone_cards
    for number in {zone for zone, _, _ in places}:
        cards = piles[number]
        cards[:] = [into.get(c, c) for c in cards]
    _rename(game, into)
    game.static.clear()
    game.memo.clear()
    game.vmemo.clear()
    return {new: old for old, new in into.items()}


def _rename(game: Game, into: dict) -> None:
    """Make every value of `game` that names a card of `into` name the card it maps to, in
    place (lists and dicts keep their identity, so values shared between steps stay shared)."""
    done: dict = {}
    swap = _Swap(into, done).value
    for frame in game._stack:
        frame.env, frame.data = swap(frame.env), swap(frame.data)
    leaves = _LEAVES
    for values in (game.vars, *game.player_vars, *game.team_vars):
        if not leaves.issuperset(map(type, values.values())):
            swap(values)
    if game.card_vars and game.card_vars[0] is not NO_VARS:
        for values in game.card_vars:
            swap(values)
    decision = game.decision
    if decision is not None:        # (made again: a decision keeps what it listed from its values)
        game.decision = decision.copy_for(game, decision._who, swap(decision._values))


# values a dealt card cannot hide in: nothing to rename inside them
_LEAVES = frozenset([int, str, bool, float, type(None), frozenset, range, Player, Team, Zone])
_LEAVES_AND_CARDS = _LEAVES | {Card}


class _Swap:
    """The walk of `_rename`: cards mapped, containers changed in place (tuples made again).
    A container of plain values, or of plain values and cards, is told by a pass in C."""

    def __init__(self, into: dict, done: dict):
        self.into, self.done = into, done

    def value(self, value):
        kind = type(value)
        if kind is Card:
            return self.into.get(value, value)
        if kind is list or kind is dict or kind is tuple:
            done = self.done.get(id(value))
            if done is not None:
                return done
            self.done[id(value)] = value
            get = self.into.get
            if kind is list:
                if _LEAVES_AND_CARDS.issuperset(map(type, value)):
                    value[:] = map(get, value, value)
                else:
                    swap = self.value
                    value[:] = [swap(v) for v in value]
            elif kind is dict:
                if Card in set(map(type, value)):
                    swap = self.value
                    items = [(swap(k), swap(v)) for k, v in value.items()]
                    value.clear()
                    value.update(items)
                elif not _LEAVES.issuperset(map(type, value.values())):
                    swap = self.value
                    for k, v in value.items():
                        value[k] = swap(v)
            elif not _LEAVES.issuperset(map(type, value)):
                swap = self.value
                new = self.done[id(value)] = tuple(swap(v) for v in value)
                return new
        return value


def _assign(keys: list, identities: list, places: dict, rng: random.Random, keep=frozenset()):
    """A random assignment of identities to slots (`keys`: the zone of each slot): a card with
    known places goes to a slot in one of them; every other card anywhere hidden. None when
    the draw painted itself in. (The draws are those of picking among the free slots in
    order, each time: free slots are kept in order by zone instead.)"""
    return assigner(keys, identities, places, keep)(rng)


def assigner(keys: list, identities: list, places: dict, keep=frozenset()):
    """`assign(rng)`: `_assign(keys, identities, places, rng, keep)` for many draws, with what
    does not depend on the draw (which cards are constrained, the free slots of each zone
    before any is taken, the cards left to shuffle) worked out once."""
    kept: list = [None] * len(keys)
    for i in keep:
        kept[i] = identities[i]
    constrained = [i for i, ident in enumerate(identities) if ident[0] in places and i not in keep]
    free_at_first: dict = {}      # zone key -> its free slots, in order
    for slot, key in enumerate(keys):
        if slot not in keep:
            free_at_first.setdefault(key, []).append(slot)
    # every constrained card is placed once the draw succeeds: the rest does not depend on it
    placed = set(keep).union(constrained)
    rest_at_first = [ident for i, ident in enumerate(identities) if i not in placed]
    slot_numbers = range(len(keys))

    def assign(rng: random.Random):
        if not placed:          # nothing known or kept: the shuffled identities are the deal
            rest = list(identities)
            shuffle(rng, rest)
            return rest
        result = list(kept)
        taken = set(keep)
        order = list(constrained)
        shuffle(rng, order)
        free = {key: list(slots) for key, slots in free_at_first.items()}
        for i in order:
            zones = places[identities[i][0]]
            if len(zones) == 1:
                for zone in zones:
                    candidates = free.get(zone, ())
            else:
                candidates = sorted(slot for zone in zones for slot in free.get(zone, ()))
            if not candidates:
                return None
            slot = candidates[rng.randrange(len(candidates))]
            free[keys[slot]].remove(slot)
            result[slot] = identities[i]
            taken.add(slot)
        rest = list(rest_at_first)
        shuffle(rng, rest)
        for slot, ident in zip([slot for slot in slot_numbers if slot not in taken], rest):
            result[slot] = ident
        return result
    return assign
