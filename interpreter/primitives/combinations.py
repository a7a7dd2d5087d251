"""Builtins for combination decisions: the sets of cards that form a group or a run.

Shedding, climbing and rummy-like games ask a player for a *set* of cards: a group of equal
ranks, a run of consecutive ranks in one suit, wild cards standing in for anything. These
builtins enumerate such sets (and check one), so a ruleset offers them as choices:

    choose: value
    from: "distinct_sets(p.hand.map(c, [c]) + groups(naturals, 'rank', wilds, 2, 7))"

Each set becomes one choice, whose id joins the card ids ('5H+6H+W1'). Attributes are named
by strings ('rank', 'suit'): an attribute of the deck or a card variable.

Wild cards are passed as a list (`wild`): any card of `cards` that is also in `wild`, and every
card of `wild`, is wild. What a wild card stands for is not recorded; in a run the cards are
listed in sequence order with each wild card where it stands, and the spare ones at the end.
A set of wild cards alone counts as a group and as a run (it can stand for any); a ruleset
that forbids it filters it out: `.filter(s, s.any(c, not is_wild(c)))`.

Interchangeable cards - equal in every attribute and card variable, like four identical
jokers - are one card for these functions: a set takes the first of them (in the order given),
so four jokers give one "two jokers" set, not six. This keeps a hand with several wild cards
to a few hundred choices instead of thousands.

How they are found: `groups` and `runs` each have a search that goes candidate by candidate,
comparing sets only where two may be equal and counting every candidate against the caps, and
quick paths for the usual cases (no interchangeable cards to compare, no cap within reach) that
build the same sets at once and leave every other case to the search. tests/test_combinations.py
and tests/test_combinations_fast.py check that both give the same sets in the same order, or the
same error.
"""
from __future__ import annotations

from collections import deque
from itertools import combinations, repeat
from math import comb

from interpreter.errors import EvalError
from interpreter.primitives.combinations_cards import _ATTR_NUMBERS, _ClassNumbers, _key, _value, card_variables, items_of
from interpreter.primitives.combinations_quick import _quick_groups, _quick_runs
from interpreter.primitives.combinations_search import MAX_SETS, MAX_TRIES, _search_groups, _search_runs, _Unique

# MAX_SETS, MAX_TRIES and MAX_CLASSES stand in combinations_search.py, beside the counting they bound.
MAX_SUBSETS = MAX_SETS  # keeps `subsets` interactive; larger searches want `groups`/`runs`
MANY_SETS = 100        # from this many sets on, `distinct_sets` keys them by weights (see there)
MAX_RUN = 100           # cards in one run (the search for runs goes one card deeper at a time)


def _split(g, cards, wild) -> tuple[list, list]:
    """(natural cards, wild cards): wild ones are those in `wild`, whether or not in `cards`."""
    wild = wild if type(wild) is list else items_of(g, wild)
    if not wild:
        return (cards if type(cards) is list else items_of(g, cards)), []      # (read only, never changed: no copy)
    wilds = list(dict.fromkeys(wild))     # each once, in order (cards hash by identity)
    is_wild = set(wilds)
    return [c for c in (cards if type(cards) is list else items_of(g, cards)) if c not in is_wild], wilds


def groups(g, cards, key, wild, min_size, max_size):
    """Every set of min_size to max_size cards whose attribute `key` is equal (a group, a set of
    a kind), wild cards filling in for any value. Natural cards first, then wild ones; interchangeable
    cards count once (see the module notes). Example: groups(p.hand, 'rank', jokers, 2, 4)."""
    naturals, wilds = _split(g, cards, wild)
    min_size = max(min_size, 1)
    if max_size < min_size:
        return []
    card_vars = card_variables(g)
    sets = _quick_groups(naturals, wilds, key, min_size, max_size, card_vars)
    return sets if sets is not None else _search_groups(naturals, wilds, key, min_size, max_size, card_vars)


def runs(g, cards, key, same, wild, order, min_size, max_size):
    """Every set of min_size to max_size cards that fill consecutive places of `order` (a run, a
    sequence), by their attribute `key`, all with one value of attribute `same` ('' for any), wild
    cards filling gaps or ends. `order` lists the key values in sequence; a value may appear twice,
    so [14, 2, 3, ..., 13, 14] lets an ace play low or high, never both (no wrap-around).
    Cards come in sequence order, each wild card where it stands and the spare ones last.
    Example: runs(p.hand, 'rank', 'suit', jokers, [14] + range(2, 15), 3, 13)."""
    naturals, wilds = _split(g, cards, wild)
    places = len(order)
    min_size, max_size = max(min_size, 1), min(max_size, places)
    if max_size < min_size:
        return []
    if max_size > MAX_RUN:
        raise EvalError(f"runs() of up to {max_size} cards: a run is at most {MAX_RUN} cards long")
    card_vars = card_variables(g)
    sets = _quick_runs(naturals, wilds, key, same, order, min_size, max_size, card_vars)
    return sets if sets is not None else _search_runs(naturals, wilds, key, same, order, min_size, max_size,
                                                      card_vars)


def is_group(g, cards, key, wild):
    """True when the cards (at least one) share the value of attribute `key`, wild cards
    standing for it. The check that matches `groups`."""
    items = cards if type(cards) is list else items_of(g, cards)
    naturals, _ = _split(g, items, wild)
    card_vars = card_variables(g)
    return bool(items) and len({_value(c, key, card_vars) for c in naturals}) <= 1


def is_run(g, cards, key, same, wild, order):
    """True when the cards (at least one) can fill consecutive places of `order` by attribute
    `key`, one value of `same` ('' for any), wild cards anywhere. The check that matches `runs`."""
    items = cards if type(cards) is list else items_of(g, cards)
    naturals, _ = _split(g, items, wild)
    size = len(items)
    if not items or size > len(order):
        return False
    card_vars = card_variables(g)
    if same and len({_value(c, same, card_vars) for c in naturals}) > 1:
        return False
    need: dict = {}
    for card in naturals:
        value = _value(card, key, card_vars)
        need[value] = need.get(value, 0) + 1
    for start in range(len(order) - size + 1):
        window = order[start:start + size]
        if all(window.count(value) >= n for value, n in need.items()):
            return True
    return False


def subsets(g, xs, min_size, max_size):
    """Every subset of min_size to max_size items, in list order: the fallback for combinations
    that `groups` and `runs` do not describe, filtered with a condition. At most 20,000 subsets."""
    items = list(xs if type(xs) is list else items_of(g, xs))
    low, high = max(min_size, 0), min(max_size, len(items))
    total = sum(comb(len(items), k) for k in range(low, high + 1))
    if total > MAX_SUBSETS:
        raise EvalError(f"subsets() would make {total} subsets (more than {MAX_SUBSETS}); "
                        "narrow the list or the sizes")
    return [list(s) for k in range(low, high + 1) for s in combinations(items, k)]


def distinct_sets(g, sets):
    """The card sets without repeats, in first-seen order: two sets are the same when they hold
    the same cards in any order, interchangeable cards (equal in every attribute and card
    variable) counting as one. Joins the singles, groups and runs of one decision."""
    card_vars = card_variables(g)
    if len(sets) > MAX_SETS or len(sets) > MAX_TRIES:
        return _distinct_one_by_one(g, sets, card_vars)      # for the error the first set past a cap raises
    if len(sets) >= MANY_SETS:
        return _distinct_weighed(g, sets, card_vars)
    class_of = _ClassNumbers(card_vars)
    number_of = class_of.__getitem__
    numbered = _ATTR_NUMBERS.get
    first: dict = {}
    keep = first.setdefault        # key -> the first set with it
    try:
        for cards in sets:         # `_key` written out: this loop is the whole builtin
            size = len(cards)      # (a zone has no len: see below)
            if size == 1:          # a single's key is a number, never equal to a longer set's tuple
                card = cards[0]
                # __missing__'s usual case written out: the singles come first, each card once
                if card_vars[card.index] or (key := numbered(id(card.attrs))) is None:
                    key = class_of[card]
                else:
                    class_of[card] = key
            elif size == 2:
                a, b = class_of[cards[0]], class_of[cards[1]]
                key = (a, b) if a <= b else (b, a)
            else:
                key = tuple(sorted(map(number_of, cards)))
            keep(key, cards)
    except TypeError:              # a zone among the sets: set by set, reading its cards
        return _distinct_one_by_one(g, sets, card_vars)
    return list(map(list, first.values()))


def _distinct_weighed(g, sets, card_vars) -> list:
    """`distinct_sets` of many sets: a set's key is the multiset of its cards' classes as one
    integer, a field of `width` bits per class holding how many of its cards are of that class
    (never more than the longest set has, so no field overflows). Equal keys, equal multisets:
    no sort and no tuple per set, which pays once the weights are made for enough sets."""
    try:
        longest = max(map(len, sets), default=0)
    except TypeError:              # a zone among the sets (a zone has no len): set by set, reading its cards
        return _distinct_one_by_one(g, sets, card_vars)
    weight_of = _Weights(longest.bit_length(), card_vars).__getitem__
    # every loop in C: each set's key is the sum of its cards' weights, and setdefault keeps
    # the first set of each key where it was first seen
    first: dict = {}
    keys = map(sum, map(map, repeat(weight_of), sets))
    deque(map(first.setdefault, keys, sets), maxlen=0)
    return list(map(list, first.values()))


class _Weights(dict):
    """card -> 1 << (width * the dense number of its class): the integers that `distinct_sets`
    adds up into a set's key. Made on first use (a known card is a plain dict look-up)."""
    __slots__ = ("width", "class_of", "dense")

    def __init__(self, width: int, card_vars):
        super().__init__()
        self.width, self.class_of = width, _ClassNumbers(card_vars)
        self.dense: dict[object, int] = {}     # card class -> its position in a key

    def __missing__(self, card) -> int:
        dense = self.dense
        index = dense.setdefault(self.class_of[card], len(dense))
        weight = self[card] = 1 << (self.width * index)
        return weight


def _distinct_one_by_one(g, sets, card_vars) -> list:
    """`distinct_sets` set by set, counting each, for the error the first one past a cap raises."""
    out = _Unique("distinct_sets", card_vars)
    class_of, seen, kept = out.class_of, out.seen, out.out
    for tries, cards in enumerate(sets, 1):
        if tries > MAX_TRIES:
            out.runaway()
        cards = cards if type(cards) is list else items_of(g, cards)
        key = _key(class_of, cards)
        if key not in seen:
            seen.add(key)
            kept.append(list(cards))
            if len(kept) > MAX_SETS:
                out.too_many()
    return kept
