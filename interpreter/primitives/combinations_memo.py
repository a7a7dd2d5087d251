"""Whole results of the quick paths of `groups` and `runs` (combinations_quick.py), kept by the
shape of their input, across calls and games.

What those builtins find depends only on the kinds of the cards given, in their order: each
card's class number (the same for interchangeable cards: equal attributes, no card variables;
combinations_cards.py) and the arguments. So a result is kept as positions into the cards given
(natural ones, then wild ones), and a call with the same shape - the same hand listed again, a hand
kept while others play, a counting game's hand counted twice, the same hand in another game of
the ruleset - only picks its own cards through them: one itemgetter for every set's cards one
after the other, cut into sets by slices, each loop in C. A shape is kept the second time it is
seen (most shapes in random play are seen once), and only when no card has variables and no card
is given twice (then positions say everything the search reads).
"""
from __future__ import annotations

from operator import itemgetter

from interpreter.primitives.combinations_cards import _plain_numbers

MAX_KEPT = 100_000      # cards kept over all results: past this the memo starts afresh (a few MB)
MAX_SEEN = 20_000       # shapes noted as seen once: past this they are forgotten

_KEPT: dict = {}        # shape -> (an itemgetter taking the cards given to every set's cards, their slices)
_ONCE: set = set()      # the shapes seen once: a result is kept the second time
_kept = 0


def shape_of(naturals: list, wilds: list, *arguments) -> tuple | None:
    """The key of a call's result: its cards' class numbers in order, how many are natural, and
    the other arguments; None when a card has variables or is given twice."""
    pool = naturals + wilds if wilds else naturals
    try:
        numbers = _plain_numbers(pool)
        if numbers is None or len(set(pool)) < len(pool):      # (cards hash by identity)
            return None
        shape = (tuple(numbers), len(naturals), *arguments)
        hash(shape)
    except TypeError:           # an attribute or argument that is not hashable: nothing kept
        return None
    return shape


def recalled(shape: tuple, naturals: list, wilds: list) -> list | None:
    """The sets kept for this shape, of these cards; None when none are kept."""
    entry = _KEPT.get(shape)
    if entry is None:
        return None
    pick, cuts = entry
    return picked(pick, cuts, naturals + wilds if wilds else naturals)


def remember(shape: tuple, naturals: list, wilds: list, sets: list) -> None:
    """Keep `sets` (of these cards) for this shape if it was seen before, else note it."""
    global _kept
    if shape not in _ONCE:
        if len(_ONCE) > MAX_SEEN:
            _ONCE.clear()
        _ONCE.add(shape)
        return
    position = {id(card): i for i, card in enumerate(naturals + wilds)}
    slots = [[position[id(card)] for card in cards] for cards in sets]
    size = sum(map(len, slots))
    if _kept + size + 1 > MAX_KEPT:
        _KEPT.clear()
        _kept = 0
    _KEPT[shape] = picker(slots)
    _kept += size + 1


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
    """Drop every result and every shape seen (for a benchmark: what a shape never seen costs)."""
    global _kept
    _KEPT.clear()
    _ONCE.clear()
    _kept = 0
