"""The OpenSpiel adapter's explicit-chance mode: random draws as chance nodes, so that exact
solvers run on a ruleset and agree with OpenSpiel's own games.

Kuhn poker's value for the first player is -1/18 (Kuhn 1950); CFR through the adapter must reach
it. On Leduc poker the adapter's information states must partition histories as OpenSpiel's
do, which the same CFR's exploitability after a few iterations shows to 1e-9.
"""
from __future__ import annotations

import itertools
import math

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed")

from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402
from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: E402

from interpreter.rl import openspiel_game  # noqa: E402,F401  (registers "cardrules")
from interpreter.rl.chance import Draws, NeedDraw  # noqa: E402


def exact(ruleset: str, players: int = 2, **params):
    return pyspiel.load_game("cardrules", {"ruleset": ruleset, "players": players, "chance": "explicit",
                                           "returns": "scores", "zero_sum": True, **params})


def information_states(game) -> list[set[str]]:
    """Every decision node's information state string, per player."""
    states = get_all_states(game, depth_limit=-1, include_terminals=False, include_chance_states=False)
    out: list[set[str]] = [set() for _ in range(game.num_players())]
    for state in states.values():
        out[state.current_player()].add(state.information_state_string())
    return out


def test_a_shuffle_is_successive_equally_likely_draws():
    """GIVEN a list of three items
    WHEN it is shuffled with every sequence of draw outcomes
    THEN the draws are 3 then 2 outcomes (the last place has one: no draw) and every order of
    the items comes out exactly once, so each has probability 1/3 * 1/2."""
    seen = []
    for outcomes in itertools.product(range(3), range(2)):
        items = ["a", "b", "c"]
        Draws(list(outcomes)).shuffle(items)
        seen.append(tuple(items))
    assert sorted(seen) == sorted(itertools.permutations("abc"))
    with pytest.raises(NeedDraw) as waiting:
        Draws([2]).shuffle(["a", "b", "c"])
    assert waiting.value.options == ["b", "a"]       # the second place, among the two left after c


def test_kuhn_has_openspiels_information_states():
    """GIVEN Kuhn poker through the adapter with explicit chance
    WHEN every decision node is listed
    THEN there are 12 information states, 6 per player, as in OpenSpiel's kuhn_poker."""
    ours = [len(s) for s in information_states(exact("kuhn-poker"))]
    theirs = [len(s) for s in information_states(pyspiel.load_game("kuhn_poker"))]
    assert ours == theirs == [6, 6]


def test_cfr_solves_kuhn():
    """GIVEN Kuhn poker through the adapter
    WHEN OpenSpiel's CFR+ runs 200 iterations on it
    THEN the average policy is worth -1/18 to the first player (within 0.001) and its
    exploitability is below 0.001."""
    game = exact("kuhn-poker")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(200):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
    assert value[0] == pytest.approx(-1 / 18, abs=0.001)
    assert exploitability.exploitability(game, policy) < 0.001


def test_cfr_on_kuhn_matches_openspiels_step_for_step():
    """GIVEN Kuhn poker through the adapter and OpenSpiel's own kuhn_poker
    WHEN the same CFR runs 30 iterations on each
    THEN the two average policies are exactly as exploitable (1e-9): the same game to CFR."""
    results = []
    for game in (exact("kuhn-poker"), pyspiel.load_game("kuhn_poker")):
        solver = cfr.CFRSolver(game)
        for _ in range(30):
            solver.evaluate_and_update_policy()
        results.append(exploitability.exploitability(game, solver.average_policy()))
    assert results[0] == pytest.approx(results[1], abs=1e-9)
    assert results[0] > 0.001          # not yet solved: equal because the games are the same


@pytest.mark.slow
def test_leduc_has_openspiels_information_states_and_cfr_agrees():
    """GIVEN Leduc poker through the adapter and OpenSpiel's own leduc_poker
    WHEN every decision node is listed, and the same CFR runs 3 iterations on each
    THEN both have 936 information states (468 per player) and the two average policies are
    exactly as exploitable (1e-9)."""
    ours_game, their_game = exact("leduc-poker"), pyspiel.load_game("leduc_poker")
    assert [len(s) for s in information_states(ours_game)] == [468, 468]
    assert [len(s) for s in information_states(their_game)] == [468, 468]
    results = []
    for game in (ours_game, their_game):
        solver = cfr.CFRSolver(game)
        for _ in range(3):
            solver.evaluate_and_update_policy()
        results.append(exploitability.exploitability(game, solver.average_policy()))
    assert results[0] == pytest.approx(results[1], abs=1e-9)


def test_any_ruleset_runs_with_explicit_chance():
    """GIVEN Hearts (a 52-card shuffle) through the adapter with explicit chance
    WHEN a game starts and OpenSpiel's random simulation plays it
    THEN the first dealer is a draw among the 4 seats, the deal successive draws of 52, 51, ...
    equally likely cards, and the game runs to its end."""
    game = pyspiel.load_game("cardrules", {"ruleset": "hearts", "players": 4, "chance": "explicit",
                                           "returns": "scores", "options": '{"target": 1}'})
    state = game.new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4       # D-03: the first dealer
    state.apply_action(0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and all(math.isclose(p, 1 / 52) for _, p in outcomes)
    state.apply_action(0)
    assert len(state.chance_outcomes()) == 51
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_sampled_mode_is_unchanged_by_default():
    """GIVEN the adapter loaded without `chance`
    WHEN a game starts
    THEN it has no chance node (the engine shuffles inside), as before."""
    game = pyspiel.load_game("cardrules", {"ruleset": "kuhn-poker", "players": 2})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert not game.new_initial_state().is_chance_node()


def test_wrong_mode_is_one_clear_error():
    """GIVEN a misspelt `chance` parameter
    WHEN the game is loaded
    THEN the error names the allowed values."""
    with pytest.raises(Exception, match="chance must be one of sampled, explicit"):
        pyspiel.load_game("cardrules", {"ruleset": "kuhn-poker", "players": 2, "chance": "exact"})
