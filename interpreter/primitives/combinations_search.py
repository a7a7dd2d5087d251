"""The search behind `groups` and `runs` (combinations.py): candidate by candidate, for any cards,
comparing sets only where two may be equal and counting every candidate against the caps. It
says what the builtins find, and which error they meet first; the quick paths
(combinations_quick.py) build the same sets at once in the usual cases and leave the rest to it."""
from __future__ import annotations

from itertools import combinations, islice
from operator import itemgetter

from interpreter.errors import EvalError
from interpreter.primitives.combinations_cards import _ClassNumbers, _key, _value

MAX_SETS = 20_000         # every combination builtin stops at the same number of sets (`subsets` too)...
MAX_TRIES = 5 * MAX_SETS  # ...and of candidate sets looked at (equal ones are dropped)
MAX_CLASSES = 400         # different cards combined into groups (the search recurses over them)


class _Unique:
    """Collects sets, dropping one equal to an earlier one (same cards up to interchangeability).
    Every candidate counts as one try, `add` or `add_new`: the bound on work is the same whether
    or not a set had to be compared."""

    def __init__(self, name: str, card_vars):
        self.name = name
        self.tries = 0
        self.class_of = _ClassNumbers(card_vars)
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


def gap_layout(places) -> list[int]:
    """Where each card of a run at `places` goes, as an index into (natural cards..., wild
    cards...): after each natural card the next wild cards fill the gap to the following one.
    Its length is the natural cards and the wild ones the gaps take."""
    n = len(places)
    layout, filled = [], n
    for i in range(n - 1):
        layout.append(i)
        gap = places[i + 1] - places[i] - 1
        layout.extend(range(filled, filled + gap))
        filled += gap
    layout.append(n - 1)
    return layout

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


def _search_groups(naturals: list, wilds: list, key: str, min_size: int, max_size: int, card_vars) -> list:
    """`groups` candidate by candidate, for any cards: the search that says what it finds, and
    which error it meets first."""
    w = len(wilds)
    out = _Unique("groups", card_vars)
    wild_picks = _wild_picks(wilds, max_size, out)
    by_value: dict = {}
    for card in naturals:
        by_value.setdefault(_value(card, key, card_vars), []).append(card)
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


_LAST_ORDER: list = [None, None, None]    # the order last asked for, a copy of it, its positions
_POSITIONS: dict = {}   # an order, as a tuple -> {value: its places}; rulesets use a few orders


def _positions(order) -> dict:
    """Where each value of `order` stands (a value may stand at several places). A ruleset
    passes the same list call after call: it is compared with a copy before being hashed."""
    last = _LAST_ORDER
    if order is last[0] and order == last[1]:
        return last[2]
    last[:] = order, list(order), _positions_of(order)
    return last[2]


def _positions_of(order) -> dict:
    """`_positions`, remembered by the order's values."""
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


def _search_runs(naturals: list, wilds: list, key: str, same: str, order: list, min_size: int,
                 max_size: int, card_vars) -> list:
    """`runs` candidate by candidate, for any cards: the search that says what it finds, and
    which error it meets first."""
    places = len(order)
    w = len(wilds)
    out = _Unique("runs", card_vars)
    wild_picks = _wild_picks(wilds, max_size, out)
    positions = _positions(order)
    families: dict = {}
    for card in naturals:
        family = _value(card, same, card_vars) if same else None
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
            layout = gap_layout(at)
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
            where = positions.get(_value(card, key, card_vars), ())
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
