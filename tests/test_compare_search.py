"""compare with players who play: search players made affordable (hand-long playouts, one game
per task), progress when piped, partial results on Ctrl-C or --timeout, and a warning when
random players hardly reached the variant's rule."""
from __future__ import annotations

import re
import signal
import subprocess

import pytest

from interpreter.analysis.lineup import hand_playouts, only_random
from interpreter.analysis.runner import LocalBackend, chunk_size, chunks, run_together
from interpreter.analysis.workbench import configs, plan, report
from tests.test_long_runs import start

SEARCH_COMPARE = ["compare", "black-maria", "-o", "moon_rule=true", "--base-option", "deals=3", "-n", "3",
                  "--agents", "ismcts:5", "-g", "60", "--html", "none"]


def test_search_players_play_out_to_the_end_of_the_hand_unless_asked_otherwise():
    # GIVEN agent specs as the command line takes them
    specs = ["ismcts", "ismcts:50", "ismcts:0.1s", "ismcts:20:hand", "random", "first"]
    # THEN every search player stops its playouts at the end of the hand, the others are left alone
    assert hand_playouts(specs) == ["ismcts:hand", "ismcts:50:hand", "ismcts:0.1s:hand", "ismcts:20:hand",
                                    "random", "first"]
    # AND plan applies it by default in compare, and not with playouts="game"
    chosen = configs("rulesets/black-maria.yaml")
    assert plan(chosen, players=3, lineup="ismcts:30", playouts="hand")[0].lineup == ("ismcts:30:hand",) * 3
    assert plan(chosen, players=3, lineup="ismcts:30")[0].lineup == ("ismcts:30",) * 3


def test_a_run_with_a_search_player_goes_one_game_per_task():
    # GIVEN a lineup with one search player and one of random players only
    searching = plan(configs("rulesets/black-maria.yaml"), players=3, lineup="ismcts:5,random,random")
    randoms = plan(configs("rulesets/black-maria.yaml"), players=3, lineup="random")
    # THEN the searching run is split game by game, the random one in batches
    assert chunk_size(tuple(searching), 40, 2) == 1
    assert chunk_size(tuple(randoms), 40, 2) is None and chunks(400, 1)[0] == (0, 50)
    assert not only_random(searching[0].lineup) and only_random(randoms[0].lineup)


def test_random_players_that_hardly_reach_the_variant_get_a_warning():
    # GIVEN a variant random players reach in every game, and one they reach in none
    changed = plan(configs("tests/rulesets/comeback.yaml", option_variants=["rounds=3"]), players=2)
    unchanged = plan(configs("tests/rulesets/comeback.yaml", option_variants=["rounds=5"]), players=2)
    warned = []
    for specs in (changed, unchanged):
        aggregates, paired = run_together(specs, 6, backend=LocalBackend(1))
        warned.append(report(specs, aggregates, paired, games=6, backend_name="local")["comparisons"][0]["warnings"])
    # THEN only the variant that changed no game is flagged, with a way out
    assert warned[0] == []
    assert len(warned[1]) == 1 and "0.0% of their games" in warned[1][0] and "--agents ismcts" in warned[1][0]


@pytest.mark.slow
def test_a_compare_with_search_players_shows_progress_when_piped_and_its_partial_result_on_ctrl_c(tmp_path):
    """GIVEN compare with search players in every seat, stderr a pipe WHEN a progress line has
    come and Ctrl-C is pressed THEN it exits 130 with the report of the games that finished."""
    process = start(*SEARCH_COMPARE, cwd=tmp_path)
    first = process.stderr.readline()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the run did not stop after Ctrl-C")
    assert re.match(r"compare: \d+/120 games, [\d.]+ games/s, ETA", first), first
    assert process.returncode == 130, err
    done = int(re.search(r"interrupted after (\d+) of 60 games", err).group(1))
    assert 1 <= done < 60 and "Traceback" not in err
    assert "Win rate by seat" in out and "How the game plays" in out


@pytest.mark.slow
def test_a_compare_stopped_by_its_timeout_reports_what_finished(tmp_path):
    """GIVEN compare with search players and --timeout WHEN the time runs out
    THEN it reports the games every configuration finished and exits 0."""
    process = start(*SEARCH_COMPARE, "--timeout", "8", "--format", "json", cwd=tmp_path)
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("--timeout did not stop the run")
    assert process.returncode == 0, err
    done = int(re.search(r"stopped by --timeout 8s after (\d+) of 60 games", err).group(1))
    assert 1 <= done < 60 and f'"games": {done},' in out
