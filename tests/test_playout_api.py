"""The playout API for bots and search: legal values as a list, applied by index or value.

GIVEN the same seed and the same picks, WHEN one game is driven through `legal_values` and
`apply_index` and another through `decision.choices` and `apply`, THEN both games have the
same events and result, `to_move` is always the deciding seat, and after the end every
way of applying is refused.
"""
from __future__ import annotations

import random

import pytest

from interpreter import Game, GameError


@pytest.mark.parametrize("name", ["hearts", "texas-holdem", "black-card"])
def test_index_and_choice_paths_play_the_same_game(name, load):
    rules = load(name)
    fast, slow = Game(rules, 4, seed=11), Game(rules, 4, seed=11)
    rng = random.Random(11)
    while not slow.over:
        assert fast.to_move == slow.decision.player
        assert [str(v) for v in fast.legal_values()] == [str(v) for v in slow.decision.options]
        pick = rng.randrange(len(slow.decision))
        fast.apply_index(pick)
        slow.apply(slow.decision.choices[pick])
    assert fast.over and fast.to_move is None and len(fast.legal_values()) == 0
    assert fast.events == slow.events and fast.result == slow.result


def test_applying_after_the_end_or_out_of_range_is_refused(load):
    game = Game(load("hearts"), 4, seed=2, record=False)
    with pytest.raises(IndexError):
        game.apply_index(len(game.legal_values()))
    while not game.over:
        game.apply_index(0)
    for attempt in (lambda: game.apply_index(0), lambda: game.apply_value(None), lambda: game.apply("QS")):
        with pytest.raises(GameError):
            attempt()


def test_an_index_names_only_the_engines_own_options(load):
    game = Game(load("hearts"), 4, seed=3, record=False)
    for bad in (-1, 1.0, True, "0", None):
        with pytest.raises(IndexError):
            game.apply_index(bad)
