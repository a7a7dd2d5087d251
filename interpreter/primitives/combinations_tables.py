"""Tables of run layouts for `runs` with wild cards (combinations_quick.py), kept across calls.

The runs of one family (the cards of one suit, say) depend only on its *shape*: which places
of the order are taken and by which of its cards (a card may stand at two places, an ace low
or high), how many wild cards there are and which picks of them count as different, the number
of places and the sizes asked for. A shape's runs are found once, by the search's walk over
small integers standing for the cards (0 and up for the family's cards in place order, then the
wild cards), and kept as itemgetters; a later call with that shape only picks its own cards
through them. Hands change little from one decision to the next and families have few shapes,
so the walk runs rarely and a listing costs about one itemgetter call per run.
"""
from __future__ import annotations

from operator import itemgetter

MAX_KEPT = 200_000      # runs kept over all shapes: past this the tables start afresh

_TABLES: dict = {}      # shape key -> (tries, itemgetters taking (cards..., wild cards...) to one run)
_kept = 0


def family_runs(family: dict, twice: set, wild_picks: list, wilds: list, *, places: int, min_size: int,
                max_size: int) -> tuple[list, int]:
    """The runs of one family (place -> card) and the tries the search counts for them, as
    `family_walk` finds them; raises _Fallback (from the walk) past a cap."""
    members: list = []
    slot_of: dict = {}
    layout = []
    for place in sorted(family):
        card = family[place]
        slot = slot_of.get(card)
        if slot is None:
            slot = slot_of[card] = len(members)
            members.append(card)
        layout.append((place, slot))
    n = len(members)
    key = (tuple(layout), _picks_key(wild_picks, wilds, n), len(wilds), places, min_size, max_size)
    entry = _TABLES.get(key)
    if entry is None:
        entry = _make(key, {place: slot for place, slot in layout},
                      {slot_of[card] for card in members if card in twice})
    tries, getters = entry
    pool = members + wilds
    return [list(get(pool)) for get in getters], tries


def _picks_key(wild_picks: list, wilds: list, n: int) -> tuple:
    """The wild picks as the positions of their cards in the pool (after the family's n cards)."""
    index = {id(card): n + i for i, card in enumerate(wilds)}
    return tuple(tuple(tuple(index[id(card)] for card in pick) for pick in group) for group in wild_picks)


def _make(key: tuple, family: dict, twice: set) -> tuple:
    """Walk a shape with integers for cards and keep its runs as itemgetters."""
    global _kept
    from interpreter.primitives.combinations_quick import family_walk
    _, picks, w, places, min_size, max_size = key
    runs, tries = family_walk(family, twice, picks, w, places, min_size, max_size)
    # one card: a slice, so that the getter gives a sequence as for longer runs
    entry = (tries, tuple(map(_getter, runs)))
    if _kept + len(runs) > MAX_KEPT:
        _TABLES.clear()
        _kept = 0
    _TABLES[key] = entry
    _kept += len(runs)
    return entry


def one_family_runs(naturals: list, key: str, order: list, min_size: int, max_size: int) -> list | None:
    """`runs` without wild cards and in any suit (`same` ''), as the search finds them, from the
    table of the hand's shape: its classes of interchangeable cards (0 and up, by the first place
    they stand at, then as first seen), the places each stands at and how many cards it has.
    Cards of one value stand at the same places, so the search's walk depends on that shape
    alone; a shape is searched once, on its first cards. None when a card lacks the attribute
    or its value is not hashable (for the search, which says so)."""
    from interpreter.primitives import combinations_search
    from interpreter.primitives.combinations_cards import _ClassNumbers
    positions = combinations_search._positions(order)
    class_of = _ClassNumbers()
    classes: dict = {}          # class number -> [its places, its cards]
    try:
        for card in naturals:
            found = classes.get(class_of[card])
            if found is None:
                where = positions.get(card.attrs[key])
                if where:          # (a card standing nowhere in the order is in no run)
                    classes[class_of[card]] = [where, [card]]
            else:
                found[1].append(card)
    except (KeyError, TypeError):
        return None
    ranked = sorted(classes.values(), key=lambda found: found[0][0])   # (a stable sort: first seen first)
    shape = (tuple((tuple(where), len(cards)) for where, cards in ranked), len(order), min_size, max_size,
             combinations_search.MAX_SETS, combinations_search.MAX_TRIES)
    pool = [card for _, cards in ranked for card in cards]
    entry = _TABLES.get(shape)
    if entry is None:
        entry = _keep(shape, combinations_search._search_runs(pool, [], key, "", order, min_size, max_size), pool)
    return [list(get(pool)) for get in entry[1]]


def _keep(shape: tuple, runs: list, pool: list) -> tuple:
    """The runs found for a shape, kept as itemgetters of the pool's positions."""
    global _kept
    index = {id(card): i for i, card in enumerate(pool)}
    entry = (0, tuple(_getter([index[id(card)] for card in run]) for run in runs))
    if _kept + len(runs) > MAX_KEPT:
        _TABLES.clear()
        _kept = 0
    _TABLES[shape] = entry
    _kept += len(runs)
    return entry


def _getter(run: list):
    """An itemgetter giving the run's cards as a sequence (one card: a slice)."""
    return itemgetter(*run) if len(run) > 1 else itemgetter(slice(run[0], run[0] + 1))
