"""The quick paths of `groups` and `runs` (combinations.py): the sets the search
(combinations_search.py) finds, built at once in the usual cases - no interchangeable cards to
compare, no cap within reach. Each gives None in every other case, for the search. Tables kept
across calls remember what comes back call after call: each deck card's family and places (a
ruleset's cards share their deck's attribute dicts across games) and the layouts of run shapes."""
from __future__ import annotations

from itertools import combinations
from math import comb
from operator import itemgetter

from interpreter.primitives import combinations_cards
from interpreter.primitives.combinations_cards import _plain_numbers
from interpreter.primitives.combinations_tables import family_runs, picks_key
from interpreter.primitives.combinations_search import (MAX_CLASSES, MAX_SETS, MAX_TRIES, _positions, _Unique,
                                                        _wild_picks, gap_layout)

# Bound, not imported by name: Python compiles `.get(...)` on an imported name as an attribute
# load then a call (it takes the name for a module), slower in the pairs loop of `_quick_groups`.
_ATTR_NUMBERS = combinations_cards._ATTR_NUMBERS


class _Fallback(Exception):
    """A quick path meets a case it leaves to the search (which finds the same sets, or the
    error they lead to)."""


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
                for picks in extras:
                    sets.append([*base, *picks])
    alone = _extras(wild_picks, min_size, min(w, max_size))       # wild cards alone
    if tries + len(alone) > MAX_TRIES or len(sets) + len(alone) > MAX_SETS:
        return None
    sets.extend(map(list, alone))
    return sets


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
        return _wild_runs(slots, twice, wild_picks, wilds, len(order), min_size, max_size, tries)
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

    def chain_from(family: dict, place: int, end: int, chosen: list | tuple) -> tuple[list, list]:
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


def _wild_runs(slots: dict, twice: set, wild_picks: list, wilds: list, places: int, min_size: int,
               max_size: int, tries: int) -> list:
    """`_quick_runs` with wild cards: each family's runs by `family_walk`, or for a family of
    many cards from the table of its shape (combinations_tables.py). Raises _Fallback past a cap."""
    sets: list = []
    w = len(wilds)
    picks = picks_key(wild_picks, wilds)
    wild_lists = [[list(extra) for extra in group] for group in wild_picks]
    for family in slots.values():
        if len(family) < TABLED_FROM:     # a few cards: one walk costs less than a table's key
            family_sets, family_tries = family_walk(family, twice, wild_picks, w, places, min_size, max_size,
                                                    wild_lists)
        else:
            family_sets, family_tries = family_runs(family, twice, wild_picks, wilds, picks=picks, places=places,
                                                    min_size=min_size, max_size=max_size, wild_lists=wild_lists,
                                                    walk=family_walk)
        tries += family_tries
        sets += family_sets
        if tries > MAX_TRIES or len(sets) > MAX_SETS:
            raise _Fallback
    alone = _extras(wild_picks, min_size, min(w, max_size))       # wild cards alone
    if tries + len(alone) > MAX_TRIES or len(sets) + len(alone) > MAX_SETS:
        raise _Fallback
    sets.extend(map(list, alone))
    return sets


def family_walk(family: dict, twice: set, wild_picks: list, w: int, places: int, min_size: int,
                max_size: int, wild_lists: list | None = None) -> tuple[list, int]:
    """The runs of one family (place -> card) and the tries counted finding them: the search's
    walk, from each start on to every later card that the wild cards can join to those chosen,
    keeping at each step the runs of the cards chosen with each number of wild cards that fits.
    Raises _Fallback past a cap (the family's own count: the caller adds up the families')."""
    sets: list = []
    seen: set = set()
    if wild_lists is None:       # (the picks as lists: made once per call by a caller that has several families)
        wild_lists = [[list(extra) for extra in picks] for picks in wild_picks]
    tries = 0
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

    for start in sorted(family):
        end = min(places, start + max_size)
        card = family[start]
        extend([card], (0,), 0, card in twice)
    return sets, tries


TABLED_FROM = 5         # places a family takes from which its runs with wild cards come from a table

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
    layout = gap_layout(shape)
    if len(_LAYOUTS) > 10_000:
        _LAYOUTS.clear()
    in_order = _LAYOUTS[shape, k] = itemgetter(*layout, *range(len(layout), len(shape) + k))
    return in_order


def _first_time(key, seen: set) -> bool:
    """Whether `key` is new to `seen` (and now in it)."""
    if key in seen:
        return False
    seen.add(key)
    return True
