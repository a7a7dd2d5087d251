"""How the steps of work a game does are counted: once per loop turn, not once per step.

GIVEN a loop whose turn holds an `if` with steps in both branches, WHEN its code is generated,
THEN the turn writes one count and one check, and a loop of that kind that never ends still
stops with the step limit at the loop. GIVEN a loop that asks for a decision each turn, whose
first block the code before it falls into and a jump goes back to, WHEN played, THEN each turn
counts its own steps (none are left with the code before the loop, counted only once).
"""
from __future__ import annotations

import pytest

from interpreter import Game, GameError
from tests.test_engine import line_of, tiny

BRANCHING_LOOP = """\
    vars: {game: {n: 0, odd: 0}}
    flow:
      - while: "%s"
        do:
          - "n += 1"
          - if: "n %% 2 == 1"
            then: "odd += 1"
            else: "odd += 0"
    """


def test_a_loop_turn_with_branches_is_one_count(tmp_path):
    rules = tiny(tmp_path, BRANCHING_LOOP % "n < 10")
    game = Game(rules, 2, seed=1)
    assert game.over and game.vars["odd"] == 5
    flow = next(source for source in rules.generated if "while (" in source)
    body = flow[flow.index("while ("):]
    # the turn, its statement, the `if` and both its branches: five steps, counted at once
    assert body.count("g.steps += ") == 1 and "g.steps += 5" in body


def test_a_loop_with_branches_that_never_ends_stops_at_the_loop(tmp_path):
    rules = tiny(tmp_path, BRANCHING_LOOP % "true")
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1, budget=10_000)
    assert info.value.code == "step-limit"
    assert info.value.span.line == line_of(tmp_path / "tiny.yaml", "while:")


def test_a_loop_that_asks_counts_every_turn(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {n: 0}}
        flow:
          - "n = 0"
          - repeat:
              - "n += 1"
              - choose: value
                player: player_at(0)
                from: "['a', 'b']"
                as: v
            until: "n >= 3"
        """)
    game = Game(rules, 2, seed=1, record=False)
    counted = [game.steps]
    while not game.over:
        game.apply_index(0)
        counted.append(game.steps)
    # before the first decision: the first statement, the turn and its statement; after each
    # decision: the turn and its statement again (the last one ends the loop at `until`)
    assert counted == [3, 2, 2, 0]
