"""Long runs of simulate, compare and analyze, as a job in the background runs them: progress
lines on stderr when it is not a terminal, and Ctrl-C prints what finished and exits 130."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def start(*args, cwd) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    return subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def interrupt_after_first_progress_line(process: subprocess.Popen) -> tuple[str, str, str]:
    """Wait for the first progress line on stderr, then press Ctrl-C; (that line, out, the rest of err)."""
    first = process.stderr.readline()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the run did not stop after Ctrl-C")
    return first, out, err


@pytest.mark.slow
@pytest.mark.parametrize("command", [
    ["simulate", "hearts", "-g", "2000"],
    ["analyze", "hearts", "-g", "2000", "--html", "none"],
    ["compare", "hearts", "-o", "target=50", "-g", "2000", "--html", "none"],
])
def test_a_long_run_reports_progress_and_its_partial_result_when_interrupted(tmp_path, command):
    """GIVEN a long run with stderr not a terminal WHEN it has printed a progress line and is
    interrupted THEN it exits 130 and prints the aggregates of the games that finished."""
    process = start(*command, cwd=tmp_path)
    first, out, err = interrupt_after_first_progress_line(process)
    assert process.returncode == 130, err
    assert re.search(r"^\w+: \d+/\d+ games", first), first       # e.g. "simulating: 200/2000 games, ..."
    assert "interrupted after" in err and "Traceback" not in err
    if command[0] == "simulate":
        assert "mean decisions per game" in out
    else:
        assert "Win rate by seat" in out


@pytest.mark.slow
def test_an_interrupted_simulation_leaves_its_games_log_whole(tmp_path):
    """GIVEN `simulate --log` of game 0 in a long run WHEN it is interrupted after game 0 finished
    THEN the log holds that whole game (it replays) and no partial file is left beside it."""
    process = start("simulate", "hearts", "-g", "2000", "--log", "game.jsonl", cwd=tmp_path)
    _, _, err = interrupt_after_first_progress_line(process)
    assert process.returncode == 130, err
    assert "game 0's log written to game.jsonl" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]
    replay = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "replay", "game.jsonl"], cwd=tmp_path,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stderr


@pytest.mark.slow
def test_a_simulation_interrupted_before_its_logged_game_leaves_no_file(tmp_path):
    """GIVEN `simulate --log` of the last game of a long run WHEN it is interrupted early THEN
    there is no log file at all (neither an empty one nor a partial one)."""
    process = start("simulate", "hearts", "-g", "2000", "--log", "game.jsonl", "--log-game", "1999", cwd=tmp_path)
    _, _, err = interrupt_after_first_progress_line(process)
    assert process.returncode == 130, err
    assert "log written" not in err
    assert list(tmp_path.iterdir()) == []
