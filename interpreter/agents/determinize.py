"""Determinization: one full game state drawn from what one seat knows.

A search draws its samples from a `Knowledge` (`knowledge.py`): a game rebuilt from what the
seat knows, never the live game. `determinize` works on any game all the same.

A seat knows the cards it can see, where it last saw the cards it saw move into places it
cannot see (narrowed by the masked moves it saw since), and the sizes of every pile. A sample
keeps all of that and deals every other card at random over the places the seat cannot see:

- the game is cloned, then the identities (id, label, attributes and the card's variables) of
  the cards the seat cannot see are shuffled among those hidden places, honouring what the
  seat's events say about each;
- choices other seats made in a simultaneous step not yet revealed are drawn again at random;
- the random source is re-seeded, so future shuffles and draws are unknown too;
- the sample forgets the real seed and stacked deck.

Because the flow's running steps hold card objects, not ids, swapping identities in place
keeps every running step consistent with the new deal where it refers to a card by where it
lies. The decision in front of the seat is the exception: its options were listed before the
deal, and the seat knows them by id. So a card the seat may choose from a place it cannot see
stays there, and every other card option (a card named as a value, such as "what a wild card
stands for") is replaced by the card that carries that identity after the deal; otherwise the
sample would offer other cards than the real game (and, say, let a wild card stand for a card
it may not stand for).
"""
from __future__ import annotations

import random
from operator import attrgetter

from interpreter.engine.frames import unrevealed_choices
from interpreter.engine.game import Game
from interpreter.engine.shuffling import shuffle
from interpreter.engine.state import Card

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


def determinize_from(game: Game, seat: int, places: dict, rng: random.Random) -> Game:
    """`determinize` with the places the seat knows already worked out (`known_places`)."""
    sample = game.clone(record=False)
    for choice in unrevealed_choices(sample._stack):     # [env, value, seat, kind, options]
        if choice[2] is not None and choice[2] != seat and choice[3] != "card":
            choice[1] = choice[4][rng.randrange(len(choice[4]))]
    seen = zones_seen(sample, seat)
    decision = sample.decision
    if decision is not None and decision.kind == "card":      # the seat knows where its options lie
        offered = {card.id: {card.zone.key} for card in decision._values
                   if type(card) is Card and not _visible(card, seat, seen)}
        if offered:
            places = {**places, **offered}
    carriers = deal_unseen(sample, seat, places, rng, seen=seen)
    if decision is not None and carriers:
        offer_the_same_cards(sample, carriers)
    sample.reseed(rng.getrandbits(63))
    sample.seed, sample.stacked, sample._stacked = None, [], []
    return sample


def zones_seen(game: Game, seat: int) -> dict:
    """For each zone of `game`, whether `seat` sees the faces of its cards."""
    seen = {zone: zone.visible_to(seat) for zone in game.zones.values()}
    for owner in (*game.players, *game.teams):
        for zone in owner.zones.values():
            seen[zone] = zone.visible_to(seat)
    return seen


def _visible(card: Card, seat: int, seen: dict) -> bool:
    """`card_visible(card, seat)` with the zones' answers worked out once (`zones_seen`)."""
    zone = card.zone
    return zone is None or card.face_up or seen[zone] or seat in card.seen_by


def offer_the_same_cards(game: Game, carriers: dict) -> None:
    """Make the pending decision offer, by identity, the cards it offered before the deal."""
    decision = game.decision
    if decision.kind in ("number", "action"):
        return
    game.decision = decision.copy_for(game, decision._who, [_carried(v, carriers) for v in decision._values])


def _carried(value, carriers: dict):
    if isinstance(value, Card):
        return carriers.get(id(value), value)
    if isinstance(value, list):
        return [_carried(v, carriers) for v in value]
    if isinstance(value, tuple):
        return tuple(_carried(v, carriers) for v in value)
    return value


def deal_unseen(game: Game, seat: int, places: dict[str, set], rng: random.Random, *,
                seen: dict | None = None) -> dict:
    """Shuffle the identities of the cards `seat` cannot see over their places, in place.
    Returns, for each card object whose identity changed (by `id()`), the card object that now
    carries the identity it had. (`seen`: `zones_seen(game, seat)`, if worked out already.)"""
    seen = zones_seen(game, seat) if seen is None else seen
    slots = [c for c in game.cards_in_play
             if not (c.zone is None or c.face_up or seen[c.zone] or seat in c.seen_by)]
    if len(slots) < 2:
        return {}
    identities = [(c.id, c.label, c.attrs, c.index, c.vars) for c in slots]
    keys = [c.zone.key for c in slots]
    assignment = None
    for _ in range(RETRIES):
        assignment = _assign(keys, identities, places, rng)
        if assignment is not None:
            break
    if assignment is None:      # constraints too tight to sample: keep the known cards where they are
        assignment = _assign(keys, identities, {}, rng, keep={i for i, ident in enumerate(identities)
                                                               if ident[0] in places})
    return carry_identities(game, slots, assignment)


def carry_identities(game: Game, slots: list, assignment: list) -> dict:
    """Give each card of `slots` the identity `assignment` lists for it, in place. Returns, for
    each card object whose identity changed (by `id()`), the card object now carrying the
    identity it had."""
    before = [c.id for c in slots]
    all_cards = game.all_cards
    for slot, identity in zip(slots, assignment):
        # a card's variables describe the card (a joker's declared rank), so they go with it
        slot.id, slot.label, slot.attrs, slot.index, slot.vars = identity
        all_cards[slot.index] = slot       # (the slots trade the deck positions they had among them)
    if game.cards_in_play is not all_cards:
        game.cards_in_play.sort(key=_INDEX)
    game.cards_by_id = None           # made again when asked for
    game.static.clear()
    game.memo.clear()
    game.vmemo.clear()
    by_id = {slot.id: slot for slot in slots}
    return {id(slot): by_id[old] for slot, old in zip(slots, before) if slot.id != old}


_INDEX = attrgetter("index")


def _assign(keys: list, identities: list, places: dict, rng: random.Random, keep=frozenset()):
    """A random assignment of identities to slots (`keys`: the zone of each slot): a card with
    known places goes to a slot in one of them; every other card anywhere hidden. None when
    the draw painted itself in. (The draws are those of picking among the free slots in
    order, each time: free slots are kept in order by zone instead.)"""
    result: list = [None] * len(keys)
    for i in keep:
        result[i] = identities[i]
    constrained = [i for i, ident in enumerate(identities) if ident[0] in places and i not in keep]
    placed = set(keep)
    taken = set(keep)
    if constrained:
        shuffle(rng, constrained)
        free: dict = {}      # zone key -> its free slots, in order
        for slot, key in enumerate(keys):
            if slot not in taken:
                free.setdefault(key, []).append(slot)
        for i in constrained:
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
            placed.add(i)
    if not placed:          # nothing known or kept: the shuffled identities are the deal
        rest = list(identities)
        shuffle(rng, rest)
        return rest
    rest = [ident for i, ident in enumerate(identities) if i not in placed]
    shuffle(rng, rest)
    for slot, ident in zip([slot for slot in range(len(keys)) if slot not in taken], rest):
        result[slot] = ident
    return result
