"""Smaller hardening (issue 27, item 8): attribute names of `runs()` and `groups()` checked when
the ruleset loads, and a bound on `players:` instead of a long setup. (Unused stacked orders
are a warning: tests/test_api_misuse.py.)"""
from __future__ import annotations

import time

import pytest

from interpreter import Game, RulesetError, load_ruleset
from tests.test_engine import HEADER, line_of

COMBINATIONS = """\
vars:
  game: {{n: 0}}
  card: {{mark: 0}}
flow:
  - "n = {call}"
"""


def load(tmp_path, text: str):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path, load_ruleset(path)


def load_error(tmp_path, text: str):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    (error,) = [d for d in info.value.diagnostics if d.severity == "error"]
    return path, error


@pytest.mark.parametrize("call, column, message, hint", [
    ("size(groups(players[0].hand, 'rnak', [], 2, 3))", 39,
     "argument 'key' of groups() names a card attribute; cards have no attribute or variable 'rnak'",
     "did you mean 'rank'?"),
    ("size(runs(players[0].hand, 'rank', 'colour', [], range(2, 15), 3, 5))", 45,
     "argument 'same' of runs() names a card attribute; cards have no attribute or variable 'colour'",
     "did you mean 'color'?"),
    ("size(groups(players[0].hand, '', [], 2, 3))", 39,
     "argument 'key' of groups() names a card attribute; cards have no attribute or variable ''",
     "card attributes and variables: rank, suit, color, mark"),
])
def test_an_unknown_attribute_name_of_runs_or_groups_is_a_load_error(tmp_path, call, column, message, hint):
    """GIVEN runs() or groups() naming an attribute the cards do not have
    WHEN the ruleset loads
    THEN it is refused at the quoted name (it used to fail only when the game got there)."""
    path, error = load_error(tmp_path, HEADER + COMBINATIONS.format(call=call))
    assert (error.span.line, error.span.column, error.message, error.hint) == \
        (line_of(path, "n = "), column, message, hint)


@pytest.mark.parametrize("call", [
    "size(groups(players[0].hand, 'mark', [], 2, 3))",                       # a card variable
    "size(runs(players[0].hand, 'rank', '', [], range(2, 15), 3, 5))",        # '' for any suit
    "is_run(players[0].hand, 'rank', 'suit', [], range(2, 15)) ? 1 : 0",
])
def test_attributes_variables_and_no_same_attribute_are_accepted(tmp_path, call):
    """GIVEN runs(), groups() and is_run() naming an attribute, a card variable, or '' for `same`
    WHEN the ruleset loads and a game runs it
    THEN it loads and plays."""
    _, rules = load(tmp_path, HEADER + COMBINATIONS.format(call=call))
    assert Game(rules, 2, seed=1).over


@pytest.mark.parametrize("players, key", [("{min: 1000000}", "min"), ("{min: 2, max: 65}", "max")])
def test_a_player_count_past_64_is_a_located_error_at_once(tmp_path, players, key):
    """GIVEN `players:` asking for more than 64 seats
    WHEN the ruleset loads
    THEN it is refused at once at the number (a million seats took 18 s and 1.5 GB to set up)."""
    text = HEADER.replace("players: {min: 2, max: 4}", f"players: {players}") + "flow: []\n"
    started = time.monotonic()
    path, error = load_error(tmp_path, text)
    assert time.monotonic() - started < 10          # (generous: nothing is set up)
    assert error.span.line == line_of(path, "players:")
    assert error.message.startswith(f"'players.{key}': ") and error.message.endswith("greater than the maximum of 64")
