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
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from interpreter.language.builtins import EvalError, builtin

MAX_SUBSETS = 20_000   # keeps `subsets` interactive; larger searches want `groups`/`runs`
MAX_SETS = MAX_SUBSETS  # every combination builtin stops at the same number of sets...
MAX_TRIES = 5 * MAX_SETS  # ...and of candidate sets looked at (equal ones are dropped)
MAX_CLASSES = 400        # different cards combined into groups (the search recurses over them)
MAX_RUN = 100            # cards in one run (the search for runs goes one card deeper at a time)


def _items(xs) -> list:
    """A list, or the cards of a zone."""
    return xs.cards if hasattr(xs, "cards") else xs


def _value(card, name: str):
    """A card's attribute or card variable `name`."""
    if name in card.attrs:
        return card.attrs[name]
    if name in card.vars:
        return card.vars[name]
    raise EvalError(f"card {card.label} has no attribute or variable '{name}'")


_ATTR_CLASSES: dict = {}   # id(attrs dict) -> (the dict, its class number); the dict is kept alive
_PLAIN_CLASSES: dict = {}  # a card's attributes, sorted -> class number (as many as kinds of card in decks)


def _plain_class(attrs) -> int:
    """The class number of the cards without variables that have these attributes: the same
    for every call, so each deck's attribute dicts are sorted and hashed once."""
    entry = _ATTR_CLASSES.get(id(attrs))
    if entry is None or entry[0] is not attrs:
        if len(_ATTR_CLASSES) > 10_000:
            _ATTR_CLASSES.clear()
        signature = tuple(sorted(attrs.items()))
        number = _PLAIN_CLASSES.setdefault(signature, len(_PLAIN_CLASSES))
        entry = _ATTR_CLASSES[id(attrs)] = (attrs, number)
    return entry[1]


def _signature(card):
    """What makes two cards with variables interchangeable: equal attributes and variables."""
    key = (tuple(sorted(card.attrs.items())), tuple(sorted(card.vars.items())))
    try:
        hash(key)
    except TypeError:              # a variable holds a list: never interchangeable
        return ("card", card.id)
    return key


def _classes(cards: list, unique: "_Unique") -> list[list]:
    """Interchangeable cards together, classes and cards in first-seen order."""
    by_class: dict = {}
    for card in cards:
        by_class.setdefault(unique.class_of(card), []).append(card)
    return list(by_class.values())


def _picks(classes: list[list], k: int):
    """Every distinct way to take k cards from the classes (the first cards of each class)."""
    if len(classes) > MAX_CLASSES:
        raise EvalError(f"more than {MAX_CLASSES} different cards to combine; narrow the cards or the wild cards")
    return _picks_from(classes, k)


def _picks_from(classes: list[list], k: int):
    if all(len(cls) == 1 for cls in classes):   # no two cards alike: the picks are combinations, in this order
        return combinations([cls[0] for cls in classes], k)
    return _picks_of_classes(classes, k)


def _picks_of_classes(classes: list[list], k: int):
    if k == 0:
        yield ()
        return
    if not classes:
        return
    first, rest = classes[0], classes[1:]
    for n in range(min(k, len(first)), -1, -1):
        head = tuple(first[:n])
        for tail in _picks_from(rest, k - n):
            yield head + tail


def _split(cards, wild) -> tuple[list, list]:
    """(natural cards, wild cards): wild ones are those in `wild`, whether or not in `cards`."""
    wilds, seen = [], set()
    for card in _items(wild):
        if id(card) not in seen:
            seen.add(id(card))
            wilds.append(card)
    naturals = [c for c in _items(cards) if id(c) not in seen]
    return naturals, wilds


def _wild_picks(wilds: list, most: int, unique: "_Unique") -> list[list[tuple]]:
    """For k = 0..most: the distinct choices of k wild cards."""
    classes = _classes(wilds, unique)
    out = []
    for k in range(min(most, len(wilds)) + 1):
        picks = []
        for pick in _picks(classes, k):
            unique.tried()
            picks.append(pick)
        out.append(picks)
    return out


class _Unique:
    """Collects sets, dropping one equal to an earlier one (same cards up to interchangeability)."""

    def __init__(self, name: str):
        self.name = name
        self.tries = 0
        self.classes: dict = {}    # signature -> class number
        self.of_card: dict = {}    # id(card) -> class number, so each card's signature is made once
        self.seen: set = set()
        self.out: list[list] = []

    def class_of(self, card) -> int:
        """A number shared by exactly the cards interchangeable with this one: a card without
        variables has its attributes' number (0 and up), one with variables a number of this
        collection (below 0)."""
        index = self.of_card.get(id(card))
        if index is None:
            if card.vars:
                sig = _signature(card)
                index = self.classes.get(sig)
                if index is None:
                    index = self.classes[sig] = -1 - len(self.classes)
            else:
                index = _plain_class(card.attrs)
            self.of_card[id(card)] = index
        return index

    def tried(self) -> None:
        self.tries += 1
        if self.tries > MAX_TRIES:
            raise EvalError(f"{self.name}() looked at more than {MAX_TRIES} candidate sets; narrow the "
                            "cards, the wild cards or the sizes")

    def add(self, cards) -> None:
        self.tries += 1      # `tried` written out: this runs for every candidate set
        if self.tries > MAX_TRIES:
            self.tried()
        key = list(map(self.of_card.get, map(id, cards)))
        if None in key:      # a card not classed yet
            key = [self.class_of(c) if k is None else k for k, c in zip(key, cards)]
        key.sort()
        key = tuple(key)
        if key not in self.seen:
            self.seen.add(key)
            self.out.append(list(cards))
            if len(self.out) > MAX_SETS:
                raise EvalError(f"{self.name}() would make more than {MAX_SETS} sets; narrow the cards, "
                                "the wild cards or the sizes")


@builtin("groups(cards: list<card>, key: str, wild: list<card>, min_size: int, max_size: int) "
         "-> list<list<card>>", may_fail=True)
def _groups(g, cards, key, wild, min_size, max_size):
    """Every set of min_size to max_size cards whose attribute `key` is equal (a group, a set of
    a kind), wild cards filling in for any value. Natural cards first, then wild ones; interchangeable
    cards count once (see the module notes). Example: groups(p.hand, 'rank', jokers, 2, 4)."""
    naturals, wilds = _split(cards, wild)
    min_size = max(min_size, 1)
    if max_size < min_size:
        return []
    out = _Unique("groups")
    wild_picks = _wild_picks(wilds, max_size, out)
    by_value: dict = {}
    for card in naturals:
        by_value.setdefault(_value(card, key), []).append(card)
    for members in by_value.values():
        classes = _classes(members, out)
        for m in range(1, min(len(members), max_size) + 1):
            for base in _picks(classes, m):
                for k in range(max(0, min_size - m), min(len(wilds), max_size - m) + 1):
                    for extra in wild_picks[k]:
                        out.add(base + extra)
    for k in range(min_size, min(len(wilds), max_size) + 1):    # wild cards alone
        for extra in wild_picks[k]:
            out.add(extra)
    return out.out


@builtin("runs(cards: list<card>, key: str, same: str, wild: list<card>, order: list<int>, "
         "min_size: int, max_size: int) -> list<list<card>>", may_fail=True)
def _runs(g, cards, key, same, wild, order, min_size, max_size):
    """Every set of min_size to max_size cards that fill consecutive places of `order` (a run, a
    sequence), by their attribute `key`, all with one value of attribute `same` ('' for any), wild
    cards filling gaps or ends. `order` lists the key values in sequence; a value may appear twice,
    so [14, 2, 3, ..., 13, 14] lets an ace play low or high, never both (no wrap-around).
    Cards come in sequence order, each wild card where it stands and the spare ones last.
    Example: runs(p.hand, 'rank', 'suit', jokers, [14] + range(2, 15), 3, 13)."""
    naturals, wilds = _split(cards, wild)
    places = len(order)
    min_size, max_size = max(min_size, 1), min(max_size, places)
    if max_size < min_size:
        return []
    if max_size > MAX_RUN:
        raise EvalError(f"runs() of up to {max_size} cards: a run is at most {MAX_RUN} cards long")
    w = len(wilds)
    out = _Unique("runs")
    wild_picks = _wild_picks(wilds, max_size, out)
    positions: dict = {}
    for i, value in enumerate(order):
        positions.setdefault(value, []).append(i)
    families: dict = {}
    for card in naturals:
        families.setdefault(_value(card, same) if same else None, []).append(card)

    def emit(chosen: list, at: list, k: int) -> None:
        if k == 0:      # no wild card, so no gap either: the cards as chosen
            out.add(chosen)
            return
        for extra in wild_picks[k]:
            spare = list(extra)
            cards_in_order = []
            for card, place, nxt in zip(chosen, at, at[1:] + [None]):
                cards_in_order.append(card)
                if nxt is not None:
                    cards_in_order.extend(spare.pop(0) for _ in range(nxt - place - 1))
            out.add(cards_in_order + spare)

    def extend(slots, chosen: list, at: list) -> None:
        out.tried()
        n, start, last = len(chosen), at[0], at[-1]
        gaps = last - start + 1 - n
        for k in range(max(gaps, min_size - n, 0), min(w, max_size - n) + 1):
            emit(chosen, at, k)
        for place in range(last + 1, min(places, start + max_size)):
            if place - start - n > w:      # the gaps up to here already need more wild cards
                break
            for cls in slots[place]:
                for card in cls:      # the first card of its class not chosen yet (cards compare by identity)
                    if card not in chosen:
                        extend(slots, chosen + [card], at + [place])
                        break

    for members in families.values():
        slots: list[list] = [[] for _ in range(places)]
        for cls in _classes(members, out):
            for place in positions.get(_value(cls[0], key), ()):
                slots[place].append(cls)
        for start in range(places):
            for cls in slots[start]:
                extend(slots, [cls[0]], [start])
    for k in range(min_size, min(w, max_size) + 1):              # wild cards alone
        for extra in wild_picks[k]:
            out.add(extra)
    return out.out


@builtin("is_group(cards: list<card>, key: str, wild: list<card>) -> bool", may_fail=True)
def _is_group(g, cards, key, wild):
    """True when the cards (at least one) share the value of attribute `key`, wild cards
    standing for it. The check that matches `groups`."""
    items = _items(cards)
    naturals, _ = _split(items, wild)
    return bool(items) and len({_value(c, key) for c in naturals}) <= 1


@builtin("is_run(cards: list<card>, key: str, same: str, wild: list<card>, order: list<int>) -> bool",
         may_fail=True)
def _is_run(g, cards, key, same, wild, order):
    """True when the cards (at least one) can fill consecutive places of `order` by attribute
    `key`, one value of `same` ('' for any), wild cards anywhere. The check that matches `runs`."""
    items = _items(cards)
    naturals, _ = _split(items, wild)
    size = len(items)
    if not items or size > len(order):
        return False
    if same and len({_value(c, same) for c in naturals}) > 1:
        return False
    need: dict = {}
    for card in naturals:
        value = _value(card, key)
        need[value] = need.get(value, 0) + 1
    for start in range(len(order) - size + 1):
        window = order[start:start + size]
        if all(window.count(value) >= n for value, n in need.items()):
            return True
    return False


@builtin("subsets(xs: list<T>, min_size: int, max_size: int) -> list<list<T>>", may_fail=True)
def _subsets(g, xs, min_size, max_size):
    """Every subset of min_size to max_size items, in list order: the fallback for combinations
    that `groups` and `runs` do not describe, filtered with a condition. At most 20,000 subsets."""
    items = list(_items(xs))
    low, high = max(min_size, 0), min(max_size, len(items))
    total = sum(comb(len(items), k) for k in range(low, high + 1))
    if total > MAX_SUBSETS:
        raise EvalError(f"subsets() would make {total} subsets (more than {MAX_SUBSETS}); "
                        "narrow the list or the sizes")
    return [list(s) for k in range(low, high + 1) for s in combinations(items, k)]


@builtin("distinct_sets(sets: list<list<card>>) -> list<list<card>>", may_fail=True)
def _distinct_sets(g, sets):
    """The card sets without repeats, in first-seen order: two sets are the same when they hold
    the same cards in any order, interchangeable cards (equal in every attribute and card
    variable) counting as one. Joins the singles, groups and runs of one decision."""
    out = _Unique("distinct_sets")
    for cards in sets:
        out.add(_items(cards))
    return out.out
