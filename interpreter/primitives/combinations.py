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

from itertools import combinations, islice
from math import comb
from operator import itemgetter

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


_ATTR_DICTS: dict = {}    # id(attrs dict) -> the dict, kept alive so that its id is not reused
_ATTR_NUMBERS: dict = {}  # id(attrs dict) -> its class number
_PLAIN_CLASSES: dict = {}  # a card's attributes, sorted -> class number (as many as kinds of card in decks)


def _plain_class(attrs) -> int:
    """The class number of the cards without variables that have these attributes: the same
    for every call (a ruleset's cards share their deck's attribute dicts across games), so each
    dict is sorted and hashed once."""
    number = _ATTR_NUMBERS.get(id(attrs))
    if number is None:
        if len(_ATTR_DICTS) > 10_000:
            _ATTR_NUMBERS.clear()      # first: a number is never kept for a dict no longer alive
            _ATTR_DICTS.clear()
        signature = tuple(sorted(attrs.items()))
        number = _PLAIN_CLASSES.setdefault(signature, len(_PLAIN_CLASSES))
        _ATTR_DICTS[id(attrs)] = attrs
        _ATTR_NUMBERS[id(attrs)] = number
    return number


def _signature(card):
    """What makes two cards with variables interchangeable: equal attributes and variables."""
    key = (tuple(sorted(card.attrs.items())), tuple(sorted(card.vars.items())))
    try:
        hash(key)
    except TypeError:              # a variable holds a list: never interchangeable
        return ("card", card.id)
    return key


class _ClassNumbers(dict):
    """card -> a number shared by exactly the cards interchangeable with it, made on first use
    (a missing key calls __missing__, so a lookup of a known card stays a plain dict lookup; cards
    hash by identity). A card without variables has its attributes' number (0 and up), one with
    variables a number of this collection (below 0)."""
    __slots__ = ("signatures",)

    def __missing__(self, card) -> int:
        if not card.vars:
            number = _ATTR_NUMBERS.get(id(card.attrs))   # `_plain_class`, its usual case written out
            if number is None:
                number = _plain_class(card.attrs)
        else:
            try:
                signatures = self.signatures
            except AttributeError:
                signatures = self.signatures = {}
            sig = _signature(card)
            number = signatures.get(sig)
            if number is None:
                number = signatures[sig] = -1 - len(signatures)
        self[card] = number
        return number


def _classes(cards: list, unique: "_Unique") -> list[list]:
    """Interchangeable cards together, classes and cards in first-seen order."""
    class_of = unique.class_of
    by_class: dict = {}
    for card in cards:
        number = class_of[card]
        if number in by_class:
            by_class[number].append(card)
        else:
            by_class[number] = [card]
    return list(by_class.values())


def _check_classes(classes: list) -> None:
    if len(classes) > MAX_CLASSES:
        raise EvalError(f"more than {MAX_CLASSES} different cards to combine; narrow the cards or the wild cards")


def _picks(classes: list[list], k: int):
    """Every distinct way to take k cards from the classes (the first cards of each class)."""
    _check_classes(classes)
    return _picks_from(classes, k)


def _picks_from(classes: list[list], k: int):
    if sum(map(len, classes)) == len(classes):   # no two cards alike: the picks are combinations, in this order
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
    wilds = list(dict.fromkeys(_items(wild)))     # each once, in order (cards hash by identity)
    if not wilds:
        return list(_items(cards)), wilds
    is_wild = set(wilds)
    return [c for c in _items(cards) if c not in is_wild], wilds


def _wild_picks(wilds: list, most: int, unique: "_Unique") -> list[list[tuple]]:
    """For k = 0..most: the distinct choices of k wild cards (each one a candidate tried)."""
    if not wilds:
        unique.tried()
        return [[()]]
    classes = _classes(wilds, unique)
    out = []
    for k in range(min(most, len(wilds)) + 1):
        # no more picks than the tries left, so a runaway stops as soon as before
        picks = list(islice(_picks(classes, k), MAX_TRIES - unique.tries + 1))
        unique.tries += len(picks)
        if unique.tries > MAX_TRIES:
            unique.runaway()
        out.append(picks)
    return out


def _key(class_of: dict, cards) -> tuple:
    """The class numbers of the cards, sorted: equal for sets equal up to interchangeable cards.
    Sets of one or two cards, most of those compared, are keyed without a sort."""
    if len(cards) == 1:
        return (class_of[cards[0]],)
    if len(cards) == 2:
        a, b = class_of[cards[0]], class_of[cards[1]]
        return (a, b) if a <= b else (b, a)
    return tuple(sorted(map(class_of.__getitem__, cards)))


class _Unique:
    """Collects sets, dropping one equal to an earlier one (same cards up to interchangeability).
    Every candidate counts as one try, `add` or `add_new`: the bound on work is the same whether
    or not a set had to be compared."""

    def __init__(self, name: str):
        self.name = name
        self.tries = 0
        self.class_of = _ClassNumbers()
        self.seen: set = set()
        self.out: list[list] = []

    def tried(self) -> None:
        self.tries += 1
        if self.tries > MAX_TRIES:
            self.runaway()

    def runaway(self):
        raise EvalError(f"{self.name}() looked at more than {MAX_TRIES} candidate sets; narrow the "
                        "cards, the wild cards or the sizes")

    def overlap(self, naturals: list, wilds: list) -> bool:
        """May a natural card be interchangeable with a wild one? Only then can a group or run
        of some natural and wild cards equal another made of others."""
        if not wilds or not naturals:
            return False
        class_of = self.class_of
        wild_classes = {class_of[c] for c in wilds}
        return any(class_of[c] in wild_classes for c in naturals)

    def add(self, cards) -> None:
        self.tries += 1      # `tried` written out: this runs for every candidate set
        if self.tries > MAX_TRIES:
            self.tried()
        key = _key(self.class_of, cards)
        if key not in self.seen:
            self.seen.add(key)
            self.out.append(list(cards))
            if len(self.out) > MAX_SETS:
                self.too_many()

    def add_new(self, cards) -> None:
        """`add` of a set known to differ from every other one added: nothing to compare."""
        self.tries += 1
        if self.tries > MAX_TRIES:
            self.tried()
        self.out.append(list(cards))
        if len(self.out) > MAX_SETS:
            self.too_many()

    def too_many(self):
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
    w = len(wilds)
    out = _Unique("groups")
    wild_picks = _wild_picks(wilds, max_size, out)
    by_value: dict = {}
    for card in naturals:
        by_value.setdefault(_value(card, key), []).append(card)
    # Picks of one value differ from each other, values have no card in common, and wild picks
    # differ too: a group can repeat another only through a natural card interchangeable with a
    # wild one, so only then are the groups compared.
    add = out.add if out.overlap(naturals, wilds) else out.add_new
    for members in by_value.values():
        if len(members) + w < min_size and len(members) <= MAX_CLASSES:
            continue     # no group of this value is large enough (nor has it too many cards)
        classes = [members] if len(members) == 1 else _classes(members, out)
        _check_classes(classes)
        for m in range(max(1, min_size - w), min(len(members), max_size) + 1):   # m natural cards and
            for base in _picks_from(classes, m):                                   # k wild ones
                for k in range(max(0, min_size - m), min(w, max_size - m) + 1):
                    for extra in wild_picks[k]:
                        add(base + extra)
    for k in range(min_size, min(w, max_size) + 1):    # wild cards alone
        for extra in wild_picks[k]:
            add(extra)
    return out.out


_POSITIONS: dict = {}   # an order, as a tuple -> {value: its places}; rulesets use a few orders


def _positions(order) -> dict:
    """Where each value of `order` stands (a value may stand at several places)."""
    key = tuple(order)
    positions = _POSITIONS.get(key)
    if positions is None:
        if len(_POSITIONS) > 32:
            _POSITIONS.clear()
        positions = {}
        for i, value in enumerate(order):
            positions.setdefault(value, []).append(i)
        _POSITIONS[key] = positions
    return positions


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
    positions = _positions(order)
    families: dict = {}
    for card in naturals:
        family = _value(card, same) if same else None
        if family in families:
            families[family].append(card)
        else:
            families[family] = [card]
    # A run whose natural cards each stand at one place only says by its cards where it stands,
    # so which cards were chosen and which wild cards fill it: it differs from every other run.
    # Only runs with a card that can stand at two places (an ace low or high) are compared, and
    # every run when a natural card is interchangeable with a wild one.
    keyed = out.add
    fresh = keyed if out.overlap(naturals, wilds) else out.add_new

    def extend(slots: dict, chosen: list, at: list, gaps: int, add) -> None:
        """Emit the runs of these cards (at these places) with `add`, then every longer one going
        on from them. `chosen` and `at` grow and shrink in place: an emitted set is a copy."""
        out.tries += 1      # `tried` written out: this runs for every candidate run
        if out.tries > MAX_TRIES:
            out.runaway()
        n, start, last = len(chosen), at[0], at[-1]
        low, high = max(gaps, min_size - n, 0), min(w, max_size - n)
        if low <= high and gaps:
            # where each card goes, as an index into the natural cards then the wild ones: after
            # each natural card the next wild cards fill the gap to the following one
            layout, filled = [], n
            for i in range(n - 1):
                layout.append(i)
                gap = at[i + 1] - at[i] - 1
                layout.extend(range(filled, filled + gap))
                filled += gap
            layout.append(n - 1)
        for k in range(low, high + 1):
            if not k:           # no wild card, so no gap either: the cards as chosen
                add(chosen)
            elif not gaps:      # the wild cards after the natural ones
                for extra in wild_picks[k]:
                    add((*chosen, *extra))
            else:               # the spare wild cards last; at least 3 cards, so a tuple
                in_order = itemgetter(*layout, *range(n + gaps, n + k))
                for extra in wild_picks[k]:
                    add(in_order((*chosen, *extra)))
        # places up to start + n + w: further on, the gaps would need more wild cards than there are
        for place in range(last + 1, min(places, start + max_size, start + n + w + 1)):
            for cls, repeated in slots.get(place, ()):
                for card in cls:      # the first card of its class not chosen yet (cards compare by identity)
                    if card not in chosen:
                        chosen.append(card)
                        at.append(place)
                        extend(slots, chosen, at, gaps + place - last - 1, keyed if repeated else add)
                        chosen.pop()
                        at.pop()
                        break

    def extend_plain(slots: dict, chosen: list, place: int, add) -> None:
        """`extend` without wild cards, the usual case: a run fills consecutive places, so it
        goes on only at the next place (`place`), and it is its cards as chosen."""
        out.tries += 1
        if out.tries > MAX_TRIES:
            out.runaway()
        n = len(chosen)
        if n >= min_size:
            add(chosen)
        if n < max_size:
            for cls, repeated in slots.get(place, ()):
                for card in cls:
                    if card not in chosen:
                        chosen.append(card)
                        extend_plain(slots, chosen, place + 1, keyed if repeated else add)
                        chosen.pop()
                        break

    class_of = out.class_of
    for members in families.values():
        slots: dict = {}      # place -> (class, whether it stands at other places too), for the classes there
        classes: dict = {}    # class number -> its cards (`_classes`, with the places of each new class)
        for card in members:
            number = class_of[card]
            if number in classes:
                classes[number].append(card)
                continue
            cls = classes[number] = [card]
            where = positions.get(_value(card, key), ())
            for place in where:
                if place in slots:
                    slots[place].append((cls, len(where) > 1))
                else:
                    slots[place] = [(cls, len(where) > 1)]
        for start in sorted(slots):
            for cls, repeated in slots[start]:
                if w:
                    extend(slots, [cls[0]], [start], 0, keyed if repeated else fresh)
                else:
                    extend_plain(slots, [cls[0]], start + 1, keyed if repeated else fresh)
    for k in range(min_size, min(w, max_size) + 1):              # wild cards alone
        for extra in wild_picks[k]:
            fresh(extra)
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
    class_of, seen, kept = out.class_of, out.seen, out.out
    for tries, cards in enumerate(sets, 1):     # `add` written out: this loop is the whole builtin
        if tries > MAX_TRIES:
            out.runaway()
        cards = cards.cards if hasattr(cards, "cards") else cards
        key = (class_of[cards[0]],) if len(cards) == 1 else _key(class_of, cards)
        if key not in seen:
            seen.add(key)
            kept.append(list(cards))
            if len(kept) > MAX_SETS:
                out.too_many()
    return kept
