"""Property tests of the fast paths of the combination builtins against the plain search they stand
for (interpreter/primitives/combinations_search.py): groups and runs with and without wild cards,
listed again and again so that the run layouts kept per shape (combinations_tables.py) are used,
and distinct_sets over many sets, keyed in C. Each must give the same sets of the very same cards
in the same order.
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine.state import Card
from interpreter.primitives import combinations, combinations_tables
from interpreter.primitives.combinations_cards import card_variables
from interpreter.primitives.combinations_search import _search_groups, _search_runs

NO_VARS = card_variables(None)      # what the builtins read without a game: no card has variables

ACE_LOW_OR_HIGH = [14] + list(range(2, 15))
ORDERS = [ACE_LOW_OR_HIGH, [14] + list(range(2, 14)), list(range(2, 15)), [5, 6, 5]]


def _hand(rng, jokers: int) -> list[Card]:
    """Random different standard cards, ranks bunched so that runs and doubles are common, then
    `jokers` identical jokers, all shuffled."""
    low = rng.randint(2, 9)
    ranks = range(low, low + rng.randint(3, 6))
    faces = [{"rank": r, "suit": s} for r in list(ranks) + [14] for s in "CDHS"]
    attrs = rng.sample(faces, rng.randint(0, 12)) + [{"rank": 0, "suit": "joker"}] * jokers
    cards = [Card(f"c{i}", f"c{i}", dict(a), i) for i, a in enumerate(attrs)]
    rng.shuffle(cards)
    return cards


def _same(a, b) -> bool:
    return [[id(c) for c in s] for s in a] == [[id(c) for c in s] for s in b]


def _positions(sets, cards) -> list[list[int]]:
    where = {id(c): i for i, c in enumerate(cards)}
    return [[where[id(c)] for c in s] for s in sets]


@pytest.fixture(autouse=True)
def _fresh_tables():
    combinations_tables.forget()
    yield
    combinations_tables.forget()


@pytest.mark.parametrize("jokers", [0, 1, 3])
def test_groups_and_runs_are_the_searchs_listed_again_with_other_cards(jokers):
    """GIVEN 400 random hands (with 0, 1 or 3 identical jokers as wild cards), each listed three
    times, the second and third time with new cards of the same kinds in the same order (another
    game of the ruleset)
    WHEN groups and runs are listed
    THEN every listing gives the search's sets, by position, those from kept run layouts included."""
    rng = random.Random(11 + jokers)
    for _ in range(400):
        cards = _hand(rng, jokers)
        order, same = rng.choice(ORDERS), rng.choice(["", "suit"])
        low, high = rng.randint(1, 3), rng.randint(2, 6)
        naturals = [c for c in cards if c.attrs["rank"]]
        wild = [c for c in cards if not c.attrs["rank"]]
        expected_runs = _search_runs(naturals, wild, "rank", same, order, low, min(high, len(order)), NO_VARS)
        expected_groups = _search_groups(naturals, wild, "rank", low, high, NO_VARS)
        for _again in range(3):
            runs = combinations.runs(None, cards, "rank", same, wild, order, low, high)
            groups = combinations.groups(None, cards, "rank", wild, low, high)
            assert _positions(runs, naturals + wild) == _positions(expected_runs, naturals + wild)
            assert _positions(groups, naturals + wild) == _positions(expected_groups, naturals + wild)
            twins = {id(c): Card(c.id, c.label, c.attrs, c.index) for c in cards}
            cards = [twins[id(c)] for c in cards]
            naturals = [twins[id(c)] for c in naturals]
            wild = [twins[id(c)] for c in wild]
            expected_runs = [[twins[id(c)] for c in s] for s in expected_runs]
            expected_groups = [[twins[id(c)] for c in s] for s in expected_groups]
    assert jokers < 2 or combinations_tables._TABLES       # (the layouts kept are of runs with wild cards)


def test_distinct_sets_of_many_sets_keeps_the_first_of_each():
    """GIVEN 300 random listings of 100 to 400 sets (singles, groups and runs of a hand with
    identical jokers, repeated and reordered)
    WHEN distinct_sets is applied
    THEN it gives what the set-by-set reference gives: the first set of each kind, in order."""
    rng = random.Random(3)
    for _ in range(300):
        cards = _hand(rng, rng.randint(1, 4))
        naturals = [c for c in cards if c.attrs["rank"]]
        wild = [c for c in cards if not c.attrs["rank"]]
        sets = [[c] for c in cards] + _search_groups(naturals, wild, "rank", 1, 4, NO_VARS)
        sets += _search_runs(naturals, wild, "rank", "", ACE_LOW_OR_HIGH, 1, 5, NO_VARS)
        while len(sets) < 100:
            sets += [list(reversed(s)) for s in sets]
        sets = sets[:rng.randint(100, 400)]
        rng.shuffle(sets)
        assert _same(combinations.distinct_sets(None, sets), combinations._distinct_one_by_one(None, sets, NO_VARS))
