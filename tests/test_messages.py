"""Messages that say what to write (issue 28, item 8; the broken rulesets carry the rest)."""
from __future__ import annotations

from pathlib import Path

from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_header_shows_option_values_as_the_game_reads_them(capsys):
    # GIVEN options given on the command line as text (`no` for a bool, `50` for an int)
    code = main(["simulate", "hearts", "-g", "1", "--no-progress", "-o", "spot_hearts=no", "-o", "target=50"])
    out = capsys.readouterr().out
    # THEN the header shows the values the game gets, not the raw strings
    assert code == 0
    assert out.splitlines()[0] == "Hearts, 3 players, seed 1, options spot_hearts=false, target=50"


# -- options no rule reads any more (issue 31, item 3) -------------------------------------
UNREAD = "tests/broken/unread_option.yaml"      # Hearts with a scoring that ignores the moon option


def test_info_says_an_option_is_read_by_no_rule(capsys, monkeypatch):
    # GIVEN a variant whose scoring replaced the rules that read the `moon` option
    monkeypatch.chdir(ROOT)
    # WHEN its options are listed THEN `moon` says that setting it changes nothing
    assert main(["info", UNREAD]) == 0
    out = capsys.readouterr().out
    assert "  moon (str; default add_to_others; one of add_to_others, subtract, off; set to subtract; " \
           "read by no rule: setting it changes nothing)" in out
    assert "read by no rule" not in out.split("  target (")[1]


def test_an_unread_option_given_on_the_command_line_is_warned(capsys, monkeypatch):
    # GIVEN the same variant WHEN `--option moon=off` is given to validate and to simulate
    monkeypatch.chdir(ROOT)
    message = ("option 'moon' is read by no rule of Hearts without the moon (the rules that read it were "
               "replaced): setting it changes nothing")
    assert main(["validate", UNREAD, "-o", "moon=off", "--no-warnings"]) == 0
    assert main(["validate", UNREAD, "-o", "moon=off"]) == 0
    out = capsys.readouterr().out
    # THEN validate lists it as a warning (none with --no-warnings)
    assert out.count(f"warning: {message}") == 1
    # AND simulate says it once on stderr, and plays
    assert main(["simulate", UNREAD, "-g", "1", "--no-progress", "-o", "moon=off"]) == 0
    assert capsys.readouterr().err.count(f"cardrules: warning: {message}") == 1


def test_an_option_a_rule_still_reads_is_not_warned(capsys):
    # GIVEN Hearts itself WHEN `--option moon=off` is given THEN no warning
    assert main(["validate", "hearts", "-o", "moon=off"]) == 0
    assert "warning:" not in capsys.readouterr().out
