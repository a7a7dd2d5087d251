"""The Python API takes a shipped game's name as the command line does (`load_ruleset("hearts")`),
from any folder, with the same message and did-you-mean for a name that is not there."""
from __future__ import annotations

import pytest

from interpreter import RulesetError, load_ruleset
from interpreter.cli.main import main as cli
from interpreter.compile.ruleset import check_ruleset
from interpreter.shipped import find_game, locate_ruleset


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """An empty current folder, far from the checkout's rulesets/."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_shipped_game_loads_by_name_from_an_empty_folder(elsewhere):
    """GIVEN an empty current folder
    WHEN load_ruleset is given shipped games' names, in any case
    THEN it loads the shipped files, as `cardrules play hearts` does."""
    assert load_ruleset("hearts").name == "Hearts"
    maria = load_ruleset("Black-Maria")
    assert maria.name == "Black Maria"
    assert locate_ruleset("texas-holdem") == find_game("texas-holdem")


def test_a_file_in_the_folder_is_taken_before_a_shipped_name(elsewhere):
    """GIVEN a file named `hearts` in the current folder (a copy of Black Maria)
    WHEN load_ruleset("hearts") runs
    THEN the file is loaded, as the command line takes an existing path first."""
    (elsewhere / "hearts").write_text(find_game("black-maria").read_text(encoding="utf-8"), encoding="utf-8")
    assert load_ruleset("hearts").name == "Black Maria"


@pytest.mark.parametrize("given, message", [
    ("heart", "no shipped game or file named 'heart'"),
    ("rulesets/hearst.yaml", "no such file: rulesets/hearst.yaml"),
])
def test_a_misspelt_name_gets_the_command_lines_hint(elsewhere, capsys, given, message):
    """GIVEN a name close to a shipped game's, as a name or as a path
    WHEN the API and `cardrules info` are given it
    THEN both say what is missing and suggest 'hearts', in the same words; the API's error is one
    diagnostic (no traceback of a missing file) and check_ruleset returns it instead of raising."""
    with pytest.raises(RulesetError) as caught:
        load_ruleset(given)
    [problem] = caught.value.diagnostics
    assert (problem.code, problem.message, problem.hint) == ("missing-file", message, "did you mean 'hearts'?")
    assert str(caught.value) == f"{message} (did you mean 'hearts'?)"
    assert check_ruleset(given) == (None, [problem])
    assert cli(["info", given]) == 1
    assert capsys.readouterr().err.strip() == f"cardrules: {message}; did you mean 'hearts'?"


def test_a_name_far_from_every_game_lists_the_shipped_games(elsewhere):
    """GIVEN a name like no shipped game
    WHEN load_ruleset is given it
    THEN the hint lists the shipped games."""
    with pytest.raises(RulesetError) as caught:
        load_ruleset("zzzz")
    assert caught.value.diagnostics[0].hint.startswith("shipped games: black-card, black-maria, ")
