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
