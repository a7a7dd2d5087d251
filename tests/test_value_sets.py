"""Tests for the builtins of interpreter/primitives/value_sets.py: value_runs and value_picks, the
combinations of a climbing game counted by value (one set per pattern of values, whatever the
suits). General, so tested here on plain cards, apart from any ruleset.
"""
from __future__ import annotations

import pytest

from interpreter.engine.state import Card
from interpreter.language.builtins import BUILTINS, EvalError

RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, **{str(n): n for n in range(2, 10)}}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def make(ids: str) -> list[Card]:
    return [Card(i, i, {"rank": RANKS[i[0]], "suit": SUITS[i[1]]}, n) for n, i in enumerate(ids.split())]


def call(name, *args):
    return BUILTINS[name].fn(None, *args)


def ids(sets) -> list[str]:
    return ["+".join(c.id for c in s) for s in sets]


def test_value_runs_gives_one_set_per_run_of_values():
    """GIVEN two 3s, two 4s, three 5s and a 7 WHEN runs of pairs two or more long are asked THEN
    each run of values comes once (the first cards of each value), by first value then length."""
    hand = make("3S 3H 4S 5S 4H 5H 5D 7C 3D")
    assert ids(call("value_runs", hand, "rank", list(range(3, 15)), 2, 2, 12)) == \
        ["3S+3H+4S+4H", "3S+3H+4S+4H+5S+5H", "4S+4H+5S+5H"]


def test_value_runs_of_length_one_are_sets_of_a_kind():
    """GIVEN a hand WHEN runs of one value and width 3 are asked THEN each value held three times
    or more gives one set of three (four of a kind too), in the order's sequence."""
    hand = make("9S 9H 9D 9C 2S 2H 2D KS")
    assert ids(call("value_runs", hand, "rank", [9, 13, 2], 3, 1, 1)) == ["9S+9H+9D", "2S+2H+2D"]


def test_value_runs_stop_at_the_order_end_and_gaps():
    """GIVEN a hand with a gap WHEN runs of singles are asked THEN no run crosses the gap or
    wraps around the order."""
    hand = make("QS KS AS 2S 4S")
    assert ids(call("value_runs", hand, "rank", list(range(3, 15)), 1, 3, 5)) == ["QS+KS+AS"]


def test_value_picks_singles_may_repeat_a_value_up_to_most():
    """GIVEN three 6s and a 9 WHEN three single side cards are picked with at most 2 of a value
    THEN the choices are 6 6 9 only; with at most 3, also 6 6 6."""
    hand = make("6S 6H 6D 9C")
    assert ids(call("value_picks", hand, "rank", 3, 1, 2)) == ["6S+6H+9C"]
    assert sorted(ids(call("value_picks", hand, "rank", 3, 1, 3))) == ["6S+6H+6D", "6S+6H+9C"]


def test_value_picks_pairs_of_different_values():
    """GIVEN four 6s, two 9s and a K WHEN two pairs of different values are picked THEN only 6 6 9 9
    (never two pairs of 6s, never a pair the cards do not hold)."""
    hand = make("6S 6H 6D 6C 9C 9D KS")
    assert ids(call("value_picks", hand, "rank", 4, 2, 2)) == ["6S+6H+9C+9D"]


def test_value_picks_none_possible_and_bad_step():
    """GIVEN too few cards WHEN more are picked THEN there is no choice; a step of 0 is an error."""
    assert call("value_picks", make("6S 9C"), "rank", 3, 1, 3) == []
    with pytest.raises(EvalError):
        call("value_picks", make("6S"), "rank", 1, 0, 1)
    with pytest.raises(EvalError):
        call("value_runs", make("6S"), "rank", [6], 0, 1, 1)
