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
checks that both give the same sets in the same order, or the same error.
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


def _grouped(cards: list, values: list) -> dict:
    """value -> the cards with it, values and cards in first-seen order."""
    groups: dict = {}
    for value, card in zip(values, cards):
        group = groups.get(value)
        if group is None:
            groups[value] = [card]
        else:
            group.append(card)
    return groups


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


def _plain_numbers(cards: list) -> list[int] | None:
    """The class numbers of cards without variables (`_plain_class`); None when a card has
    variables."""
    for card in cards:
        if card.vars:
            return None
    numbers = [_ATTR_NUMBERS.get(id(card.attrs)) for card in cards]      # the usual case written out
    return [_plain_class(card.attrs) for card in cards] if None in numbers else numbers


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
    wild = _items(wild)
    if not wild:
        return _items(cards), []      # (read only, never changed: no copy)
    wilds = list(dict.fromkeys(wild))     # each once, in order (cards hash by identity)
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


class _Fallback(Exception):
    """A quick path meets a case it leaves to the search (which finds the same sets, or the
    error they lead to)."""


def _quick_wild_picks(wilds: list, most: int, name: str) -> tuple[list, int, set]:
    """`_wild_picks` (its picks and tries), and the class numbers of the wild cards. Wild cards
    all alike, the usual case, are written out: k of them are the first k."""
    numbers = _plain_numbers(wilds)
    if numbers is not None and len(set(numbers)) == 1 and min(most, len(wilds)) < MAX_TRIES:
        picks = [[tuple(wilds[:k])] for k in range(min(most, len(wilds)) + 1)]
        return picks, len(picks), set(numbers)
    out = _Unique(name)
    picks = _wild_picks(wilds, most, out)      # what the search does first, errors included
    class_of = out.class_of
    return picks, out.tries, {class_of[card] for card in wilds}


def _extras(wild_picks: list, low: int, high: int) -> list[tuple]:
    """The wild picks of low to high cards, in that order."""
    return [extra for k in range(low, high + 1) for extra in wild_picks[k]]


def _quick_groups(naturals: list, wilds: list, key: str, min_size: int, max_size: int) -> list | None:
    """`groups` at once, the sets the search finds, when no two natural cards of a value are
    interchangeable (nor one with a wild card) and no cap is reached: then no group can equal
    another, and each value's are the combinations of its cards with every wild pick that fits.
    None in the other cases, for the search."""
    try:      # (a comprehension: faster than mapping an attrgetter over slots)
        values = [card.attrs[key] for card in naturals]
    except KeyError:          # a card variable, or no such attribute: the search says which
        return None
    if len(naturals) > MAX_CLASSES:
        return None
    try:
        if wilds:
            return _wild_groups(naturals, _grouped(naturals, values), wilds, min_size, max_size)
        if len(set(values)) == len(values):      # one card of each value
            if min_size > 1:
                return []
            return [[card] for card in naturals] if len(naturals) < min(MAX_SETS, MAX_TRIES) else None
        by_value = _grouped(naturals, values)
    except TypeError:         # a value that is not hashable
        return None
    sets: list = []
    tries = 1                 # as the search counts: one for the wild picks (none), one for each group
    for members in by_value.values():
        n = len(members)
        if n < min_size:
            continue
        if n == 2:       # a pair, the usual case: its class numbers written out
            a, b = members
            number_a, number_b = _ATTR_NUMBERS.get(id(a.attrs)), _ATTR_NUMBERS.get(id(b.attrs))
            if a.vars or b.vars or number_a is None or number_b is None or number_a == number_b:
                return None
        else:
            numbers = _plain_numbers(members)
            if numbers is None or len(set(numbers)) < n:
                return None
        for m in range(min_size, min(n, max_size) + 1):
            count = comb(n, m)
            tries += count
            if tries > MAX_TRIES or len(sets) + count > MAX_SETS:
                return None
            sets.extend(map(list, combinations(members, m)))
    return sets


def _wild_groups(naturals: list, by_value: dict, wilds: list, min_size: int, max_size: int) -> list | None:
    """`_quick_groups` with wild cards."""
    wild_picks, tries, wild_classes = _quick_wild_picks(wilds, max_size, "groups")
    numbers = _plain_numbers(naturals)
    if numbers is None or len(set(numbers)) < len(numbers) or not wild_classes.isdisjoint(numbers):
        return None
    w, sets = len(wilds), []
    # the wild picks that make one natural card a group, as lists: each group is one concatenation
    joining_one = [list(extra) for extra in _extras(wild_picks, max(0, min_size - 1), min(w, max_size - 1))]
    extras_of: dict = {}       # m natural cards -> the wild picks that make them a group
    for members in by_value.values():
        n = len(members)
        if n + w < min_size:
            continue
        if n == 1:          # the usual case, written out
            tries += len(joining_one)
            if tries > MAX_TRIES:
                return None
            for extra in joining_one:
                sets.append(members + extra)
            continue
        for m in range(max(1, min_size - w), min(n, max_size) + 1):
            extras = extras_of.get(m)
            if extras is None:
                extras = extras_of[m] = _extras(wild_picks, max(0, min_size - m), min(w, max_size - m))
            count = comb(n, m) * len(extras)
            tries += count
            if tries > MAX_TRIES or len(sets) + count > MAX_SETS:
                return None
            for base in combinations(members, m):
                for extra in extras:
                    sets.append([*base, *extra])
    alone = _extras(wild_picks, min_size, min(w, max_size))       # wild cards alone
    if tries + len(alone) > MAX_TRIES or len(sets) + len(alone) > MAX_SETS:
        return None
    sets.extend(map(list, alone))
    return sets


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
    sets = _quick_groups(naturals, wilds, key, min_size, max_size)
    return sets if sets is not None else _search_groups(naturals, wilds, key, min_size, max_size)


def _search_groups(naturals: list, wilds: list, key: str, min_size: int, max_size: int) -> list:
    """`groups` candidate by candidate, for any cards: the search that says what it finds, and
    which error it meets first."""
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


_PLACE_TABLES: dict = {}   # (key, same, id of an order's positions) -> (the positions, {id(attrs): place entry})


def _place_entries(key: str, same: str, positions: dict) -> dict:
    """id(attrs dict) -> (the dict, its value of `same`, the places of its value of `key`), for
    one call's attributes and order: a ruleset's cards share their attribute dicts across games,
    so each card of a deck is read once, not in every call."""
    tables = _PLACE_TABLES
    table = tables.get((key, same, id(positions)))
    if table is None or table[0] is not positions:
        if len(tables) > 32:
            tables.clear()
        table = tables[key, same, id(positions)] = (positions, {})
    return table[1]


def _family_places(naturals: list, key: str, same: str, positions: dict) -> tuple[dict, set] | None:
    """family -> {place: the card standing there}, in first-seen order, and the cards standing at
    more than one place (an ace low or high); None when a card lacks an attribute (a card
    variable, or an error for the search to report), two cards of a family stand at one place
    (they may be interchangeable) or a value is not hashable."""
    entries = _place_entries(key, same, positions)
    slots: dict = {}
    twice: set = set()
    for card in naturals:
        attrs = card.attrs
        entry = entries.get(id(attrs))
        if entry is None or entry[0] is not attrs:
            if len(entries) > 10_000:     # (decks made again and again: keep the newest)
                entries.clear()
            try:
                entry = entries[id(attrs)] = (attrs, attrs[same] if same else None, positions.get(attrs[key]))
            except (KeyError, TypeError):
                return None
        places = slots.get(entry[1])
        if places is None:
            places = slots[entry[1]] = {}
        where = entry[2]
        if where is None:
            continue
        if len(where) == 1:      # the usual case, written out
            place = where[0]
            if place in places:
                return None
            places[place] = card
            continue
        twice.add(card)
        for place in where:
            if place in places:
                return None
            places[place] = card
    return slots, twice


def _quick_runs(naturals: list, wilds: list, key: str, same: str, order: list, min_size: int,
                max_size: int) -> list | None:
    """`runs` at once, the sets the search finds, when no two natural cards of a family stand
    at one place (so none is interchangeable with another), none is interchangeable with a wild
    card and no cap is reached. None in the other cases, for the search."""
    found = _family_places(naturals, key, same, _positions(order))
    if found is None:
        return None
    slots, twice = found
    if not wilds:
        return _chain_runs(slots, twice, min_size, max_size)
    wild_picks, tries, wild_classes = _quick_wild_picks(wilds, max_size, "runs")
    numbers = _plain_numbers(naturals)
    if numbers is None or not wild_classes.isdisjoint(numbers):
        return None
    try:
        if len(wilds) == 1:
            return _one_wild_runs(slots, twice, wilds[0], len(order), min_size, max_size, tries)
        return _wild_runs(slots, twice, wild_picks, len(wilds), len(order), min_size, max_size, tries)
    except _Fallback:
        return None


def _chain_runs(slots: dict, twice: set, min_size: int, max_size: int) -> list | None:
    """`_quick_runs` without wild cards: from each start a run goes on at the next place only,
    and in one way, so the runs from there are the long enough prefixes of one chain of cards.
    Those with a card standing at two places (`twice`) are compared with each other."""
    sets: list = []
    seen: set = set()
    # tries as the search counts them: one for the wild picks (none), one for each card of a
    # chain (the first from each place counted here) and one for each run
    tries = 1
    for places in slots.values():
        tries += len(places)
        if min_size > 1 and max_size > 1:    # the usual case: only chains of two cards or more count
            if len(places) < 2:
                continue
            starts = [place for place in places if place + 1 in places]
            starts.sort()
        else:
            starts = sorted(places)
        for start in starts:
            card = places[start]
            if start + 1 not in places or max_size == 1:     # a chain of one card
                if min_size == 1:
                    tries += 1
                    if card not in twice or _first_time(frozenset((card,)), seen):
                        sets.append([card])
                continue
            chain = [card]
            compared_from = 0 if card in twice else max_size     # the first card standing at two places
            place = start + 1
            while len(chain) < max_size and place in places:
                card = places[place]
                if card in twice:
                    if card in chain:      # at its other place, already in
                        break
                    if compared_from == max_size:
                        compared_from = len(chain)
                chain.append(card)
                place += 1
            n = len(chain)
            tries += 2 * n - min_size if n >= min_size else n - 1
            for size in range(min_size, n + 1):
                run = chain[:size]
                if size <= compared_from or _first_time(frozenset(run), seen):
                    sets.append(run)
        if tries > MAX_TRIES or len(sets) > MAX_SETS:
            return None
    return None if tries > MAX_TRIES else sets       # (the tries of a family skipped above)


def _one_wild_runs(slots: dict, twice: set, wild, places: int, min_size: int, max_size: int,
                   tries: int) -> list:
    """`_wild_runs` with one wild card, written out: from a start, the walk follows the chain of
    cards at the next places, and from each card of it skips one place (the wild card fills
    it) and follows the chain from there. Its order: the chain, then the skips from its last
    card back to its first. Raises _Fallback past a cap."""
    sets: list = []
    seen: set = set()

    def keep(run: list, compared: bool) -> None:
        if not compared:
            sets.append(run)
        else:
            key = frozenset(run)
            if key not in seen:
                seen.add(key)
                sets.append(run)

    def chain_from(family: dict, place: int, end: int, chosen: list) -> tuple[list, list]:
        """The cards at `place` and the places after it, up to `end`, none of `chosen` again;
        and for each, whether it stands at other places too."""
        cards, repeated = [], []
        while place < end:
            card = family.get(place)
            if card is None:
                break
            again = card in twice
            if again and (card in chosen or card in cards):
                break
            cards.append(card)
            repeated.append(again)
            place += 1
        return cards, repeated

    for family in slots.values():
        for start in sorted(family):
            if start + 1 not in family and start + 2 not in family:      # no card to join: the usual case
                card = family[start]
                tries += 1
                if min_size == 1:
                    tries += 1
                    keep([card], card in twice)
                if min_size <= 2 <= max_size:
                    tries += 1
                    keep([card, wild], card in twice)
                continue
            end = min(places, start + max_size)
            cards, repeated = chain_from(family, start, end, ())
            compared = [False]          # compared[j]: whether cards[:j] hold a card standing at two places
            for flag in repeated:
                compared.append(compared[-1] or flag)
            for j in range(1, len(cards) + 1):      # the chain: its first j cards, alone and with the wild card
                tries += 1
                if j >= min_size:
                    tries += 1
                    keep(cards[:j], compared[j])
                if min_size <= j + 1 <= max_size:
                    tries += 1
                    keep([*cards[:j], wild], compared[j])
            for j in range(len(cards), 0, -1):      # the skips, from the chain's first j cards
                head = cards[:j]
                skip, flags = chain_from(family, start + j + 1, end, head)
                tried = compared[j]
                for i in range(1, len(skip) + 1):
                    tries += 1
                    tried = tried or flags[i - 1]
                    if min_size - 1 <= j + i <= max_size - 1:
                        tries += 1
                        keep([*head, wild, *skip[:i]], tried)
            if tries > MAX_TRIES or len(sets) > MAX_SETS:
                raise _Fallback
    tries += min_size == 1
    if tries > MAX_TRIES or len(sets) + (min_size == 1) > MAX_SETS:
        raise _Fallback
    if min_size == 1:       # the wild card alone
        sets.append([wild])
    return sets


def _wild_runs(slots: dict, twice: set, wild_picks: list, w: int, places: int, min_size: int,
               max_size: int, tries: int) -> list:
    """`_quick_runs` with wild cards: the search's walk, from each start on to every later card
    that the wild cards can join to those chosen, keeping at each step the runs of the cards
    chosen with each number of wild cards that fits. Raises _Fallback past a cap."""
    sets: list = []
    seen: set = set()
    wild_lists = [[list(extra) for extra in picks] for picks in wild_picks]
    family: dict = {}
    start = end = 0

    def extend(chosen: list, shape: tuple, gaps: int, compared: bool) -> None:
        """`shape`: the places of the cards chosen, from the start's."""
        nonlocal tries
        n = len(chosen)
        low = min_size - n if min_size - n > gaps else gaps
        high = max_size - n if max_size - n < w else w
        if low <= high:
            if gaps:
                runs = _filled(chosen, shape, low, high, wild_picks)
            else:        # the wild cards after the natural ones
                runs = []
                for k in range(low if low > 0 else 0, high + 1):
                    for extra in wild_lists[k]:
                        runs.append(chosen + extra)
            tries += len(runs)
            if not compared:
                sets.extend(runs)
            else:
                for run in runs:
                    key = frozenset(run)
                    if key not in seen:
                        seen.add(key)
                        sets.append(run)
        tries += 1
        if tries > MAX_TRIES or len(sets) > MAX_SETS:
            raise _Fallback
        # places up to start + n + w: further on, the gaps would need more wild cards than there are
        last = start + shape[-1]
        stop = start + n + w + 1
        for place in range(last + 1, stop if stop < end else end):
            card = family.get(place)
            # (a card at one place only cannot be among those chosen, at earlier places)
            if card is not None and not (card in twice and card in chosen):
                chosen.append(card)
                extend(chosen, (*shape, place - start), gaps + place - last - 1, compared or card in twice)
                chosen.pop()

    for family in slots.values():
        for start in sorted(family):
            end = min(places, start + max_size)
            card = family[start]
            extend([card], (0,), 0, card in twice)
    alone = _extras(wild_picks, min_size, min(w, max_size))       # wild cards alone
    if tries + len(alone) > MAX_TRIES or len(sets) + len(alone) > MAX_SETS:
        raise _Fallback
    sets.extend(map(list, alone))
    return sets


_LAYOUTS: dict = {}     # (shape, wild cards) -> the itemgetter that puts a run's cards in order


def _filled(chosen: list, shape: tuple, low: int, high: int, wild_picks: list) -> list[list]:
    """The runs of these natural cards (at these places from the first, with gaps between them)
    and low to high wild cards: in sequence order, each wild card in a gap, the spare ones last."""
    runs = []
    for k in range(low, high + 1):
        in_order = _LAYOUTS.get((shape, k)) or _layout(shape, k)
        for extra in wild_picks[k]:
            runs.append(list(in_order((*chosen, *extra))))
    return runs


def _layout(shape: tuple, k: int):
    """The itemgetter taking (natural cards..., k wild cards...) to sequence order: after each
    natural card the next wild cards fill the gap to the following one, the spare ones last.
    (There is a gap, so at least 3 cards: the itemgetter gives a tuple.)"""
    n = len(shape)
    layout, filled = [], n
    for i in range(n - 1):
        layout.append(i)
        gap = shape[i + 1] - shape[i] - 1
        layout.extend(range(filled, filled + gap))
        filled += gap
    layout.append(n - 1)
    if len(_LAYOUTS) > 10_000:
        _LAYOUTS.clear()
    in_order = _LAYOUTS[shape, k] = itemgetter(*layout, *range(filled, n + k))
    return in_order


def _first_time(key, seen: set) -> bool:
    """Whether `key` is new to `seen` (and now in it)."""
    if key in seen:
        return False
    seen.add(key)
    return True


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
    sets = _quick_runs(naturals, wilds, key, same, order, min_size, max_size)
    return sets if sets is not None else _search_runs(naturals, wilds, key, same, order, min_size, max_size)


def _search_runs(naturals: list, wilds: list, key: str, same: str, order: list, min_size: int,
                 max_size: int) -> list:
    """`runs` candidate by candidate, for any cards: the search that says what it finds, and
    which error it meets first."""
    places = len(order)
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
    if len(sets) > MAX_SETS or len(sets) > MAX_TRIES:
        return _distinct_one_by_one(sets)       # for the error the first set past a cap raises
    class_of = _ClassNumbers()
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
                if card.vars or (key := numbered(id(card.attrs))) is None:
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
        return _distinct_one_by_one(sets)
    return list(map(list, first.values()))


def _distinct_one_by_one(sets) -> list:
    """`distinct_sets` set by set, counting each, for the error the first one past a cap raises."""
    out = _Unique("distinct_sets")
    class_of, seen, kept = out.class_of, out.seen, out.out
    for tries, cards in enumerate(sets, 1):
        if tries > MAX_TRIES:
            out.runaway()
        cards = _items(cards)
        key = _key(class_of, cards)
        if key not in seen:
            seen.add(key)
            kept.append(list(cards))
            if len(kept) > MAX_SETS:
                out.too_many()
    return kept
