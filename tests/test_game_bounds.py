"""Every game ends: a loop that asks a decision every turn is stopped by the game's own bounds
on decisions, steps and recorded events, with the position of the step that asks; the
defaults are far above any shipped game's longest match (issue 27, item 7)."""
from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from interpreter import Game, GameError, GameLimitError, RulesetError, load_ruleset
from interpreter.analysis.observe import STEP_LIMIT, play_observed
from interpreter.analysis.simulate import play_one
from interpreter.cli.main import main
from interpreter.engine.budget import (DEFAULT_DECISIONS, DEFAULT_GAME_EVENTS, DEFAULT_GAME_STEPS, LIMIT_MAXIMA,
                                       Budget)
from interpreter.shipped import find_game, game_names
from tests.test_engine import HEADER, line_of

ROOT = Path(__file__).resolve().parent.parent

FOREVER = """\
{limits}flow:
  - repeat:
      - "announce('again')"
      - choose: action
        player: players[0]
        actions:
          wait: {{label: wait}}
          nod: {{label: nod}}
    until: "false"
"""


def forever(tmp_path, limits: str = ""):
    """The never-ending repro: a `repeat` whose `until` never holds, with a choice inside."""
    path = tmp_path / "forever.yaml"
    path.write_text(HEADER + FOREVER.format(limits=limits), encoding="utf-8")
    return path


def stopped(game: Game) -> GameLimitError:
    with pytest.raises(GameLimitError) as info:
        while True:
            game.apply_index(0)
    return info.value


@pytest.mark.slow
def test_a_loop_that_asks_every_turn_stops_at_the_default_bound_at_the_step_that_asks(tmp_path):
    """GIVEN the never-ending repro and no bound of its own
    WHEN it is played with recording, as a table or a log would
    THEN it stops after the default number of decisions, at the choose step, and its events
    stayed within the game's event cap."""
    path = forever(tmp_path)
    game = Game(load_ruleset(path), 2, seed=1)
    error = stopped(game)
    assert error.code == "decision-limit"
    assert (error.span.file, error.span.line, error.span.column) == (str(path), line_of(path, "choose:"), 9)
    assert error.message.startswith(f"the game asked for more than {DEFAULT_DECISIONS:,} decisions: a loop "
                                    "around this step may never end")
    assert game.decisions_taken == DEFAULT_DECISIONS
    assert len(game.events_all()) <= DEFAULT_GAME_EVENTS


def test_the_ruleset_sets_its_bound_and_the_run_overrides_it(tmp_path):
    """GIVEN the repro with `limits: {decisions: 300}`
    WHEN played as it is, and with Game(max_decisions=50)
    THEN the ruleset's bound holds, and the run's wins over it."""
    rules = load_ruleset(forever(tmp_path, "limits: {decisions: 300}\n"))
    assert rules.limits == {"decisions": 300}
    game = Game(rules, 2, seed=1, record=False)
    assert stopped(game).code == "decision-limit" and game.decisions_taken == 300
    game = Game(rules, 2, seed=1, record=False, max_decisions=50)
    assert "more than 50 decisions" in stopped(game).message and game.decisions_taken == 50


def test_the_work_of_the_whole_game_is_bounded(tmp_path):
    """GIVEN the repro with a bound of 2,000 steps for the whole game
    WHEN it runs (each turn does a few steps, far under the budget per decision)
    THEN it stops on the game's steps, not on its decisions."""
    rules = load_ruleset(forever(tmp_path, "limits: {steps: 2000}\n"))
    game = Game(rules, 2, seed=1, record=False)
    error = stopped(game)
    assert error.code == "game-step-limit"
    assert error.message.startswith("the game did more than 2,000 steps of work in all")
    assert 0 < game.decisions_taken < 2000


def test_the_event_cap_holds_across_decisions(tmp_path):
    """GIVEN the repro, which records an announcement and a decision every turn, and a run with
    at most 1,000 events per game (and a decision bound it never reaches)
    WHEN it is played with recording
    THEN it stops when the game's log reaches the cap, at the step that asked last."""
    path = forever(tmp_path)
    game = Game(load_ruleset(path), 2, seed=1, budget=Budget(game_events=1_000, decisions=1_000_000))
    error = stopped(game)
    assert error.code == "game-event-limit"
    assert error.span.line == line_of(path, "choose:")
    assert len(game.events_all()) == 1_001 and game.decisions_taken < 1_000


@pytest.mark.parametrize("limits, message", [
    ("limits: {decisions: 0}\n", "0 is less than the minimum of 1"),
    ("limits: {decision: 10}\n", "decision"),
    ("limits: {events: 99999999999}\n", "99999999999 is greater than the maximum of 2000000"),
])
def test_a_bad_limits_section_is_a_located_load_error(tmp_path, limits, message):
    """GIVEN a `limits:` with a value out of range or an unknown key
    WHEN loaded
    THEN it is refused at the line of `limits:`."""
    path = forever(tmp_path, limits)
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    (error,) = [d for d in info.value.diagnostics if d.severity == "error"]
    assert error.span.line == line_of(path, "limits:") and message in error.message


def test_simulation_and_the_workbench_count_a_game_that_never_ends_as_failed_and_go_on(tmp_path):
    """GIVEN the repro
    WHEN a simulation and the workbench play games of it with a low bound
    THEN each game is a failure with its seed, decisions and the located error; none raises."""
    path = forever(tmp_path)
    rules = load_ruleset(path)
    budget = Budget(decisions=500)
    outcomes = [play_one(rules, index=i, root_seed=1, players=2, options={}, keep_path=True, budget=budget)
                for i in range(2)]
    assert [o.decisions for o in outcomes] == [500, 500]
    assert all(o.error.startswith(f"{path}:{line_of(path, 'choose:')}:9: the game asked for more than 500 ")
               for o in outcomes)
    row = play_observed(rules, index=0, seed=7, players=2, options={}, lineup=["random", "random"],
                        max_steps=2_000_000, max_decisions=500)
    assert (row.status, row.seed, row.decisions) == (STEP_LIMIT, 7, 500)
    assert "more than 500 decisions" in row.error


@pytest.mark.slow
def test_cardrules_simulate_stops_each_never_ending_game_and_reports_it(tmp_path):
    """GIVEN the repro
    WHEN `cardrules simulate` plays three games of it with --max-decisions 2000 in its own process
    THEN it exits 1 after reporting every game as failed with its seed and the located error,
    and its memory stayed far under 500 MB."""
    path = forever(tmp_path)
    done = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "simulate", str(path), "-g", "3",
                           "--max-decisions", "2000", "--no-progress"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 1
    assert "games: 3  finished: 0  failed: 3" in done.stdout
    failures = [line for line in done.stderr.splitlines() if " failed after " in line]
    assert len(failures) == 3
    assert failures[0].startswith("game 0 (seed 1000003) failed after 2000 decisions: "
                                  f"{path}:{line_of(path, 'choose:')}:9: the game asked for more than 2,000 ")
    assert "Traceback" not in done.stderr
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 500 * 1024     # (kilobytes)


def test_cardrules_analyze_lists_each_stopped_game_with_its_seed(tmp_path, capsys):
    """GIVEN the repro
    WHEN `cardrules analyze` measures two games of it with --max-decisions 300
    THEN both are step-limit stops listed with their seeds and the located error."""
    path = forever(tmp_path)
    assert main(["analyze", str(path), "-g", "2", "--max-decisions", "300", "--html", "none", "--no-progress",
                 "--format", "json"]) == 1          # (games failed)
    summary = json.loads(capsys.readouterr().out)["runs"][0]["summary"]
    assert summary["step_limit"]["count"] == 2
    assert [(f["seed"], f["status"]) for f in summary["failures"]] == [(1000003, STEP_LIMIT), (1000004, STEP_LIMIT)]
    assert all("the game asked for more than 300 decisions" in f["error"] for f in summary["failures"])


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_shipped_matches_stay_far_under_the_default_bounds(name):
    """GIVEN a shipped game at its largest table, where matches are longest
    WHEN 20 random matches are played, recording
    THEN the longest is far under every default bound: at least 20 times under the decisions,
    15 times under the events, 1,000 times under the steps. (200 matches of each game at each
    player count took at most 1,296 decisions, 38,312 steps and 12,252 events.)"""
    rules = load_ruleset(find_game(name))
    players = rules.max_players
    decisions = steps = events = 0
    for seed in range(20):
        game = Game(rules, players, seed=seed)
        rng = random.Random(seed)
        work = game.steps
        while not game.over:
            game.apply_index(rng.randrange(len(game.decision)))
            work += game.steps
        decisions, steps = max(decisions, game.decisions_taken), max(steps, work)
        events = max(events, len(game.events_all()))
    assert decisions * 20 < DEFAULT_DECISIONS
    assert events * 15 < DEFAULT_GAME_EVENTS
    assert steps * 1_000 < DEFAULT_GAME_STEPS


def test_the_game_limit_error_is_a_game_error_for_every_budget_limit(tmp_path):
    """GIVEN a loop with no decision in it
    WHEN it runs past the budget per decision
    THEN that stop is a GameLimitError too: one type catches every budget limit."""
    path = tmp_path / "spin.yaml"
    path.write_text(HEADER + textwrap.dedent("""\
        flow:
          - repeat: "announce('x')"
            until: "false"
        """), encoding="utf-8")
    with pytest.raises(GameLimitError) as info:
        Game(load_ruleset(path), 2, seed=1, record=False, max_steps=1_000)
    assert info.value.code == "step-limit"


@pytest.mark.parametrize("value, message", [
    (0, "a budget's decisions must be a whole number of at least 1, not 0"),
    ("many", "max_decisions must be a whole number of decisions per game, not 'many'"),
    (True, "max_decisions must be a whole number of decisions per game, not True"),
])
def test_a_bad_run_bound_is_an_argument_error(tmp_path, value, message):
    """GIVEN Game(max_decisions=...) of the wrong kind
    WHEN the game is made
    THEN it is refused as an argument, saying which."""
    rules = load_ruleset(forever(tmp_path))
    with pytest.raises(GameError) as info:
        Game(rules, 2, max_decisions=value)
    assert (info.value.code, info.value.message) == ("argument", message)


def test_the_schema_and_the_engine_agree_on_the_most_a_ruleset_may_set():
    """GIVEN the `limits` of the JSON schema (what editors check) and of the engine
    WHEN compared
    THEN each key has the same maximum in both."""
    schema = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    keys = schema["properties"]["limits"]["properties"]
    assert {key: spec["maximum"] for key, spec in keys.items()} == LIMIT_MAXIMA
