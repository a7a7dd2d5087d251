"""Tables of run layouts for `runs` with wild cards (combinations_quick.py), kept across calls.

The runs of one family (the cards of one suit, say) depend only on its *shape*: which places
of the order are taken and by which of its cards (a card may stand at two places, an ace low
or high), how many wild cards there are and which picks of them count as different, the number
of places and the sizes asked for. A shape is found the usual way the first time it is seen;
the second time its runs are found by the search's walk over small integers standing for the
cards (0 and up for the family's cards in place order, then the wild cards) and kept as one
itemgetter and slices (`picker`), so that from then on a call with that shape only
picks its own cards through them.
(In random play most shapes of a hand with wild cards are seen once, and making a table costs
more than one walk; a listing asked for again, a hand kept while others play, a counting game's
few shapes, is where the tables pay.)
"""
from __future__ import annotations

from operator import itemgetter
from typing import Callable

MAX_KEPT = 200_000      # shapes and runs kept over all tables: past this the tables start afresh

_TABLES: dict = {}      # shape key -> (tries, the runs as `picker` gives them, over (cards..., wild cards...))
_kept = 0
_ONCE: set = set()      # the shape keys seen once: a table is made the second time


def family_runs(family: dict, twice: set, wild_picks: list, wilds: list, *, picks: tuple, places: int,
                min_size: int, max_size: int, wild_lists: list, walk: Callable) -> tuple[list, int]:
    """The runs of one family (place -> card) and the tries the search counts for them, as
    `walk` (the quick path's `family_walk`, given by its caller so that this module needs none
    of it) finds them; raises _Fallback (from the walk) past a cap. `picks` (the wild picks as
    `picks_key` gives them) and `wild_lists` (as lists) are the same for every family of a call."""
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
    key = (tuple(layout), picks, len(wilds), places, min_size, max_size)
    entry = _TABLES.get(key)
    if entry is None:
        if key not in _ONCE:       # a shape seen once is walked on its cards: most are never seen again
            _once(key)
            return walk(family, twice, wild_picks, len(wilds), places, min_size, max_size, wild_lists)
        entry = _make(key, {place: slot for place, slot in layout}, walk,
                      {slot_of[card] for card in members if card in twice})
    tries, pick, cuts = entry
    return picked(pick, cuts, members + wilds), tries


def _once(key: tuple) -> None:
    """Note a shape seen for the first time (bounded like the tables)."""
    if len(_ONCE) > MAX_KEPT:
        _ONCE.clear()
    _ONCE.add(key)


def picks_key(wild_picks: list, wilds: list) -> tuple:
    """The wild picks as the positions of their cards in a pool (a family's cards, then the wild
    cards), counted from its end: the same whatever the family."""
    w = len(wilds)
    index = {id(card): i - w for i, card in enumerate(wilds)}
    return tuple(tuple(tuple(index[id(card)] for card in pick) for pick in group) for group in wild_picks)


def _make(key: tuple, family: dict, walk: Callable, twice: set) -> tuple:
    """Walk a shape with integers for cards and keep its runs as itemgetters."""
    global _kept
    _, picks, w, places, min_size, max_size = key
    runs, tries = walk(family, twice, picks, w, places, min_size, max_size)
    entry = (tries, *picker(runs))
    if _kept + len(runs) + 1 > MAX_KEPT:
        _TABLES.clear()
        _kept = 0
    _TABLES[key] = entry
    _kept += len(runs) + 1      # (+1: a shape without runs is kept too)
    return entry


def picker(sets: list[list[int]]) -> tuple:
    """(an itemgetter giving every set's cards one after the other, the slices of that which give
    each set) for sets given as positions in a list of cards; `picked` applies them."""
    slots = [slot for positions in sets for slot in positions]
    cuts, start = [], 0
    for positions in sets:
        cuts.append(slice(start, start + len(positions)))
        start += len(positions)
    pick = None
    if slots:     # (one card: a slice, so that the getter gives a sequence as for more)
        pick = itemgetter(*slots) if len(slots) > 1 else itemgetter(slice(slots[0], slots[0] + 1))
    return pick, tuple(cuts)


def picked(pick, cuts: tuple, pool: list) -> list[list]:
    """The sets that `picker` describes, of the cards of `pool`: each loop in C."""
    if not cuts:
        return []
    cards = list(pick(pool))
    return list(map(cards.__getitem__, cuts))


def forget() -> None:
    """Drop every table and every shape seen (for a benchmark: what a shape never seen costs)."""
    global _kept
    _TABLES.clear()
    _ONCE.clear()
    _kept = 0
