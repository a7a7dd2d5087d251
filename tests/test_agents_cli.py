"""Bots are chosen by agent spec on the command line: `play --bots`, `simulate --agents`."""
from __future__ import annotations

import json

import pytest

from tests.test_cli import run


@pytest.mark.slow
def test_play_with_search_bots(capsys):
    code, out, err = run(capsys, "play", "hearts", "-n", "4", "--bots", "ismcts:4", "--seed", "3", "-q",
                         "--option", "target=1")
    assert code == 0, err
    result = json.loads(out)
    assert len(result["scores"]) == 4 and result["decisions"] > 50


@pytest.mark.slow
def test_simulate_with_a_line_up_of_agents(capsys):
    code, out, err = run(capsys, "simulate", "hearts", "-n", "4", "-g", "2", "--agents", "ismcts:4,random,first,random",
                         "--option", "target=1", "--format", "json", "--no-progress")
    assert code == 0, err
    games = json.loads(out)["games"]
    assert len(games) == 2 and all(g["error"] is None for g in games)


@pytest.mark.slow
def test_a_bad_spec_is_one_line_and_fails(capsys):
    for argv in (("play", "hearts", "--bots", "ismcts:abc", "-q"),
                 ("simulate", "hearts", "--agents", "ismcts:abc", "-g", "1"),
                 ("simulate", "hearts", "-n", "4", "--agents", "random,random", "-g", "1")):
        code, out, err = run(capsys, *argv)
        assert code != 0
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("cardrules: --"), err
