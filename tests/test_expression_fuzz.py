"""Property tests of the expression language: whatever text an author writes, compiling it gives
either a closure or errors located inside the text, and evaluating a closure gives a value or a
located GameError, never a traceback, and never changes the game. Random token soup finds the
parser's corners; random well-formed trees find the checker's and the evaluator's."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.errors import GameError, RulesetError
from tests.conftest import ruleset
from tests.test_expressions import SCOPE, snapshot, standard_state

NAMES = ["p", "q", "c", "d", "round", "mode", "leader", "trick", "deck", "players", "num_players",
         "led_suit", "points", "hand_points", "score", "all_cards", "x", "nope"]
METHODS = ["size", "filter", "map", "all", "any", "count", "sum", "max", "min", "max_by", "sort_by",
           "first", "last", "take", "contains", "hand", "taken", "rank", "suit", "score", "bid", "seat",
           "index_of", "reverse", "unique"]
BUILTINS = ["first", "last", "size", "range", "card", "player_at", "text", "abs", "max_of", "min_of",
            "subsets", "groups", "runs", "take", "sum", "holder", "distinct_sets"]
TOKENS = (NAMES + BUILTINS + [f".{m}" for m in METHODS] +
          ["(", ")", "[", "]", ",", ".", "+", "-", "*", "/", "%", "<", ">", "==", "!=", "<=", ">=",
           "and", "or", "not", "in", "?", ":", "true", "false", "0", "1", "13", "-5", "10000",
           "999999999999999999", "'hearts'", "''", "'QS'", "x", "=", ";"])

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def rules():
    from tests.test_expressions import FIXTURE
    return ruleset(FIXTURE)


def check(rules, text: str) -> None:
    """Compile and evaluate `text`; only located errors are allowed, and no change of state."""
    try:
        fn, _ = rules.compile(text, scope=SCOPE)
    except RulesetError as exc:
        for d in exc.diagnostics:
            assert d.span is not None and d.span.line >= 1 and d.span.column >= 1, d
        return
    game, env = standard_state(rules)
    before = snapshot(game)
    try:
        fn(game, env)
    except GameError as exc:
        assert exc.span is not None, f"{text!r}: {exc}"
    assert snapshot(game) == before, f"{text!r} changed the game"


@pytest.mark.slow
@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=14))
def test_any_token_soup_compiles_or_fails_at_a_position(rules, tokens):
    check(rules, " ".join(tokens))


def trees():
    atoms = st.sampled_from(["p", "q", "c", "d", "round", "mode", "trick", "players", "all_cards", "x",
                             "1", "0", "-3", "13", "'hearts'", "''", "true", "false", "[]", "card('QS')",
                             "p.hand", "q.taken", "c.rank", "d.suit", "p.score", "num_players"])

    def grow(inner):
        return st.one_of(
            st.tuples(st.sampled_from(["not ", "-"]), inner).map("".join),
            st.tuples(inner, st.sampled_from([" + ", " - ", " * ", " / ", " % ", " == ", " != ", " < ",
                                              " >= ", " and ", " or ", " in "]), inner).map("".join),
            st.tuples(inner, inner, inner).map(lambda t: f"{t[0]} ? {t[1]} : {t[2]}"),
            inner.map(lambda t: f"({t})"),
            st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.tuples(inner, st.sampled_from(["size()", "first()", "last()", "reverse()", "sum()"])).map(
                lambda t: f"({t[0]}).{t[1]}"),
            st.tuples(inner, st.sampled_from(["filter", "map", "all", "any", "count", "max_by", "sort_by"]),
                      inner).map(lambda t: f"({t[0]}).{t[1]}(x, {t[2]})"),
            st.tuples(st.sampled_from(["range", "take", "max_of", "min_of", "subsets", "text", "first"]),
                      st.lists(inner, min_size=1, max_size=3)).map(lambda t: f"{t[0]}({', '.join(t[1])})"),
        )
    return st.recursive(atoms, grow, max_leaves=12)


@pytest.mark.slow
@SETTINGS
@given(trees())
def test_any_well_formed_expression_has_a_value_or_a_located_error(rules, text):
    check(rules, text)


def test_the_nesting_limit_is_a_located_error_and_not_a_recursion_error(rules):
    for text in ("not " * 1000 + "true", " + ".join(["1"] * 400), "(" * 300 + "1" + ")" * 300,
                 "[" * 200 + "]" * 200, "9" * 4301):
        check(rules, text)
