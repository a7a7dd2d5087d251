"""Python's own limits (memory, recursion), reached while a ruleset loads or a game runs, are one
located error like any other, never a traceback (issue 27, item 2). Our own bounds keep a
ruleset far from them, so each test makes Python fail where a hostile input would."""
from __future__ import annotations

import dataclasses

import pytest

from interpreter import Game, GameLimitError, RulesetError, load_ruleset
from interpreter.cli.main import main
from interpreter.language import builtins
from interpreter.compile import ruleset as ruleset_module
from tests.test_engine import HEADER, line_of

RANGE = "vars: {game: {n: 0}}\nflow:\n  - \"n = size(range(0, 5))\"\n"


def _exhausted(*_args, **_kwargs):
    raise MemoryError


@pytest.fixture
def range_exhausts_memory(monkeypatch):
    """`range` runs out of memory (in the rulesets compiled while the fixture holds)."""
    monkeypatch.setitem(builtins.BUILTINS, "range", dataclasses.replace(builtins.BUILTINS["range"], fn=_exhausted))


def test_memory_running_out_in_a_game_is_a_located_game_error(tmp_path, range_exhausts_memory):
    """GIVEN a ruleset whose `range` call runs out of memory
    WHEN a game starts
    THEN a GameLimitError (code memory) names the call's line and column."""
    path = tmp_path / "memory.yaml"
    path.write_text(HEADER + RANGE, encoding="utf-8")
    with pytest.raises(GameLimitError) as info:
        Game(load_ruleset(path), 2, seed=1)
    assert info.value.code == "memory"
    assert str(info.value) == (f"{path}:{line_of(path, 'range(')}:15: the ruleset needed more memory than this "
                               "machine has; a value or a loop grows without bound")


def test_cardrules_play_reports_it_in_one_line_with_exit_1(tmp_path, capsys, range_exhausts_memory):
    """GIVEN the same ruleset
    WHEN `cardrules play` runs it
    THEN it exits 1 with the one located line, no traceback."""
    path = tmp_path / "memory.yaml"
    path.write_text(HEADER + RANGE, encoding="utf-8")
    assert main(["play", str(path), "--quiet", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"cardrules: {path}:{line_of(path, 'range(')}:15: the ruleset needed more "
                                        "memory than this machine has; a value or a loop grows without bound"]


@pytest.mark.parametrize("problem, message", [
    (MemoryError, "this ruleset needed more memory than this machine has; make it smaller"),
    (RecursionError, "this ruleset nests too deeply to be checked; make it smaller"),
])
def test_python_limits_while_loading_are_a_diagnostic_at_the_file(tmp_path, monkeypatch, capsys, problem, message):
    """GIVEN checking a ruleset runs into MemoryError or RecursionError
    WHEN it is loaded, and validated from the command line
    THEN load_ruleset raises RulesetError at the file, and validate exits 1 saying so."""
    path = tmp_path / "big.yaml"
    path.write_text(HEADER + "flow: []\n", encoding="utf-8")

    def fails(self, *_args):
        raise problem
    monkeypatch.setattr(ruleset_module._Builder, "build", fails)
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert str(info.value) == f"{path}:1:1: {message}"
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:1:1: error: {message}" in out and "Traceback" not in out


def test_python_limits_anywhere_else_end_the_command_in_one_line(monkeypatch, capsys):
    """GIVEN a command that runs out of memory outside any ruleset
    WHEN it runs
    THEN the CLI says so in one line and exits 1 (not 3, an internal error)."""
    from interpreter import shipped
    monkeypatch.setattr(shipped, "game_names", _exhausted)
    assert main(["list"]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        "cardrules: the input needs more memory than this machine has (MemoryError); make it smaller"]
