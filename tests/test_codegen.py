"""Generated code: only what the checked tree says, and nothing a ruleset writes can escape it.

GIVEN expressions whose strings look like Python (quotes, `__import__`, dunder names), WHEN
they are compiled, THEN they are plain values in the generated code (emitted with repr) and
evaluate to themselves. GIVEN the namespace generated code runs in, THEN it holds no way to
import or to reach builtins outside a short list. GIVEN a runtime failure inside generated
code, THEN it is a GameError at the rule's file:line:col. And `cardrules compile` prints the
generated source for review.
"""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from interpreter import Game, GameError
from interpreter.cli.main import cli
from interpreter.compile.unit import SAFE_BUILTINS, Unit
from tests.conftest import ruleset

SCOPE = {"p": "player", "c": "card"}
HOSTILE = ["'\"); __import__(\"os\").system(\"true\"); (\"'",
           "'__class__.__subclasses__()'",
           "'{g.rng}'",
           "\"'); import os; ('\""]


def game_and_env():
    rules = ruleset("hearts")
    game = Game(rules, 4, seed=1)
    return rules, game, {"p": game.players[0], "c": game.all_cards[0]}


@pytest.mark.parametrize("text", HOSTILE)
def test_string_literals_stay_strings(text):
    rules, game, env = game_and_env()
    fn, _ = rules.compile(text, scope=SCOPE)
    value = fn(game, env)
    assert value == text[1:-1]   # the literal's own text, nothing run


def test_generated_code_sees_only_its_runtime():
    unit = Unit("test")
    fn = unit.build(["return __builtins__"])
    assert fn(None, {}) is SAFE_BUILTINS
    assert "__import__" not in SAFE_BUILTINS and "open" not in SAFE_BUILTINS
    assert "eval" not in SAFE_BUILTINS and "getattr" not in SAFE_BUILTINS


def test_names_of_the_ruleset_appear_only_as_quoted_keys():
    rules = ruleset("hearts")
    source = "\n".join(rules.generated)
    for name in ("hearts_broken", "lowest_club", "can_follow_suit"):
        assert f"'{name}'" in source or f"'{name}." in source
        assert f" {name}(" not in source and f"{name} =" not in source


def test_a_failure_in_generated_code_names_the_rule():
    rules, game, env = game_and_env()
    fn, _ = rules.compile("players.map(x, 10 / (x.seat - x.seat))", scope=SCOPE)
    with pytest.raises(GameError) as info:
        fn(game, env)
    assert info.value.message == "division by zero"
    assert (info.value.span.line, info.value.span.column) == (1, 16)


def test_the_step_limit_bounds_generated_loops():
    rules = ruleset("hearts")
    game = Game(rules, 4, seed=1, max_steps=1000)
    fn, _ = rules.compile("range(0, 600).all(i, range(0, 600).any(j, i == j))")
    with pytest.raises(GameError) as info:
        fn(game, {})
    assert info.value.code == "step-limit"


def test_cardrules_compile_prints_the_generated_module():
    result = CliRunner().invoke(cli, ["compile", "hearts"])
    assert result.exit_code == 0, result.output
    assert "def _entry(g, env):" in result.output and "# from " in result.output
    assert "hearts.yaml:" in result.output
