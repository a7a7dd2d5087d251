"""The `cardrules` command as a user meets it."""
from __future__ import annotations

import glob
import io
import json

import pytest

from interpreter.cli.main import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow
def test_validate_accepts_every_shipped_ruleset_and_example(capsys):
    import glob
    files = sorted(glob.glob("rulesets/*.yaml") + glob.glob("rulesets/lib/*.yaml") + glob.glob("examples/*.yaml"))
    code, out, err = run(capsys, "validate", *files)
    assert code == 0, out + err
    assert out.count(": ok (0 errors") == len(files)


@pytest.mark.slow
def test_simulate_gives_the_same_summary_for_any_number_of_jobs(capsys):
    args = ["simulate", "rulesets/black-maria.yaml", "--games", "12", "-n", "4", "--seed", "5",
            "--option", "moon_rule=true", "--no-progress"]
    code1, one, _ = run(capsys, *args, "--jobs", "1")
    code2, two, _ = run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == 0
    assert one == two
    assert "mean decisions per game" in one and "seat" in one


@pytest.mark.slow
def test_play_prints_a_transcript_and_writes_a_replayable_log(capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    code, out, _ = run(capsys, "play", "rulesets/hearts.yaml", "-n", "3", "--seed", "4", "--log", str(log))
    assert code == 0
    assert "-- play begins --" in out and "game over" in out
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "replay ok" in out


@pytest.mark.slow
def test_a_person_is_asked_again_after_a_bad_answer(capsys, monkeypatch):
    answers = iter(["banana", "99"] + ["1"] * 2000)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "rulesets/black-maria.yaml", "-n", "3", "--seed", "2", "--human", "0")
    assert code == 0
    assert "please answer with a number from 1 to" in out
    assert "your hand" in out and "Player 0 (you)  score" in out   # the player's own table is shown
    assert "game over" in out


def test_play_rejects_a_bad_option_with_a_clear_message(capsys):
    code, _, err = run(capsys, "play", "rulesets/black-maria.yaml", "--option", "moon=subtract")
    assert code == 1
    assert "unknown option 'moon' for Black Maria" in err
    assert "Traceback" not in err


def test_play_rejects_a_deals_count_that_is_not_a_multiple_of_the_players(capsys):
    code, _, err = run(capsys, "play", "rulesets/black-maria.yaml", "-n", "3", "--option", "deals=4")
    assert code == 1
    assert "multiple of the number of players" in err


def test_validate_can_play_random_games_as_a_second_check(capsys, tmp_path):
    broken = tmp_path / "stuck.yaml"
    broken.write_text(
        "version: 1\nname: Stuck\nplayers: {min: 2, max: 3}\ndeck: {standard: true}\n"
        "zones:\n  deck: {owner: game, visibility: hidden}\n  hand: {owner: player, visibility: owner}\n"
        "flow:\n  - \"shuffle(deck); deal(deck, players.map(p, p.hand), 2)\"\n"
        "  - repeat:\n      - choose: card\n        player: player_at(0)\n        from: player_at(0).hand\n"
        "        as: c\n        then: \"move(c, deck)\"\n    until: \"false\"\n")
    code, out, _ = run(capsys, "validate", str(broken), "--simulate", "2")
    assert code == 1
    assert "random game failed at 2 players" in out
    assert "Player 0 has no legal card to choose" in out and "reproduce with Game(ruleset, 2, seed=" in out


def test_validate_json_output_for_tools(capsys):
    code, out, _ = run(capsys, "validate", "rulesets/hearts.yaml", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["files"][0]["valid"] is True


def test_functions_lists_the_registries(capsys):
    code, out, _ = run(capsys, "functions")
    assert code == 0 and "players_from(p: player) -> list<player>" in out and "move(" in out


def test_the_human_agent_shows_the_view_and_accepts_an_id_or_a_number():
    from interpreter import Game
    from interpreter.agents import turn_of
    from interpreter.terminal.human import HumanAgent
    from tests.conftest import ruleset
    game = Game(ruleset("hearts"), 4, seed=1)
    seat = game.decision.player
    own = sorted(game.cards_in(game.players[seat].zones["hand"]), key=lambda c: c.index)
    said: list[str] = []
    answers = iter(["", "zz", own[1].id.lower()])
    choice = HumanAgent(ask=lambda prompt: next(answers), say=said.append).choose(turn_of(game))
    assert choice.id == own[1].id
    text = "\n".join(said)
    assert "please answer with a number from 1 to 13" in text
    assert " ".join(c.label for c in own) in text          # the hand, in deck order
    answers = iter(["1"])
    assert HumanAgent(ask=lambda prompt: next(answers), say=said.append).choose(turn_of(game)).id == own[0].id


def test_info_describes_options_and_zones(capsys):
    code, out, _ = run(capsys, "info", "examples/black-maria-moon.yaml", "--option", "target=50")
    assert code == 0
    assert "Black Maria (moon rule): 3 to 6 players" in out
    assert "moon_rule (bool; default false; set to true)" in out
    assert "target (int; default 100; min 1; set to 50)" in out
    assert "hand (one per player, owner)" in out


def test_info_explains_the_decisions_a_ruleset_cites_from_the_rules_page(capsys):
    """GIVEN Hearts, whose option descriptions cite D-05, D-06, D-07 and D-27, and a ruleset that
    cites none
    WHEN `cardrules info` describes them
    THEN Hearts' description ends with those decisions, each with its line from the index of
    docs/rules.md, and names the page; the other has no such section."""
    from interpreter.decisions import summaries
    code, out, _ = run(capsys, "info", "hearts")
    assert code == 0
    heading = "decisions cited above (numbered in the rules page, docs/rules.md):"
    assert out.splitlines()[-5:] == [heading] + [f"  {d}  {summaries()[d]}" for d in ("D-05", "D-06", "D-07", "D-27")]
    assert summaries()["D-07"].startswith("target defaults to 100")
    code, out, _ = run(capsys, "info", "tests/rulesets/templates.yaml")
    assert "decisions cited" not in out


@pytest.mark.slow
def test_the_shipped_example_logs_replay(capsys):
    """Every full log in examples/logs is reproduced event by event by the engine as it is now."""
    import glob
    logs = [p for p in sorted(glob.glob("examples/logs/*.jsonl")) if '"view"' not in open(p).readline()]
    assert logs
    for log in logs:
        code, out, err = run(capsys, "replay", log)
        # after a change to a shipped ruleset, write the examples again: examples/logs/README.md
        assert code == 0, err


@pytest.mark.slow
def test_validate_takes_folders_and_simulate_speaks_json(capsys):
    code, out, _ = run(capsys, "validate", "rulesets")
    assert code == 0 and "rulesets/lib/betting.yaml: ok" in out and "rulesets/hearts.yaml: ok" in out
    code, out, _ = run(capsys, "simulate", "rulesets/captain-blackjack.yaml", "-g", "4", "-n", "3",
                       "--seed", "2", "--format", "json", "--no-progress")
    data = json.loads(out)
    assert code == 0 and data["score"] == "coins" and len(data["games"]) == 4
    assert all(g["error"] is None and len(g["scores"]) == 3 for g in data["games"])


# -- conventions: names, exit codes, one error style ------------------------------------------
def test_a_shipped_game_is_found_by_name_and_a_misspelt_one_gets_a_hint(capsys):
    code, out, _ = run(capsys, "play", "hearts", "-q", "--seed", "2")
    assert code == 0 and json.loads(out)["winners"]
    code, _, err = run(capsys, "info", "heart")
    assert code == 1
    assert err.strip() == "cardrules: no shipped game or file named 'heart'; did you mean 'hearts'?"
    code, _, err = run(capsys, "validate", "rulesets/hearst.yaml")
    assert code == 1 and err.strip() == "cardrules: no such file: rulesets/hearst.yaml; did you mean 'hearts'?"


@pytest.mark.slow
def test_list_shows_every_shipped_game_with_its_players(capsys):
    code, out, _ = run(capsys, "list", "--format", "json")
    games = {g["name"]: g for g in json.loads(out)["games"]}
    assert code == 0 and len(games) == len(glob.glob("rulesets/*.yaml"))
    assert (games["hearts"]["min_players"], games["hearts"]["max_players"]) == (3, 6)
    assert games["black-maria"]["title"] == "Black Maria" and games["black-maria"]["max_players"] == 6
    code, out, _ = run(capsys, "list")
    assert "texas-holdem" in out and "2-10" in out and "\x1b[" not in out   # no colour when not a terminal


def test_list_is_one_line_a_game_at_80_columns(capsys, monkeypatch):
    """GIVEN an 80-column screen WHEN the games are listed THEN each game is one line of at most 80
    characters that starts with the name to type and its players."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "list")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + len(glob.glob("rulesets/*.yaml")) and all(len(line) <= 80 for line in lines)
    assert lines[1].split()[:2] == ["black-card", "2-5"] and lines[-1].split()[:2] == ["texas-holdem", "2-10"]


def test_help_version_and_usage_errors(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "Exit codes: 0 success, 1 invalid input" in out and "simulate" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("cardrules ")
    code, _, err = run(capsys, "simulte", "hearts")
    assert code == 2 and "no command 'simulte'; did you mean 'simulate'?" in err


def test_every_flag_has_help_text():
    import click
    from interpreter.cli.main import COMMANDS, cli
    for name in COMMANDS:
        command = cli.get_command(None, name)
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"cardrules {name} {param.opts[0]} has no help text"


def test_values_the_command_line_cannot_take_are_usage_errors(capsys):
    for argv in (["play", "hearts", "-n", "0"], ["simulate", "hearts", "--games", "-3"],
                 ["simulate", "hearts", "--jobs", "0"], ["play", "hearts", "-o", "target"]):
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.startswith("cardrules: ") and "--help" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err           # the one style: one line


def test_click_s_own_usage_errors_are_one_line_in_the_house_style(capsys):
    """GIVEN the usage errors click itself finds (an unknown flag, a missing argument, a value
    not among the choices) THEN each is `cardrules: ...` on one line, exit 2, with a hint."""
    for argv, said in [
        (["play", "hearts", "--bogus"], "cardrules: play: no option '--bogus'; did you mean '--bots' or '--log'? "
                                        "(see 'cardrules play --help')"),
        (["replay"], "cardrules: replay: missing LOG (see 'cardrules replay --help')"),
        (["simulate", "hearts", "--format", "xml"], "cardrules: simulate --format: 'xml' is not one of 'text', "
                                                    "'json', 'csv' (see 'cardrules simulate --help')"),
        (["play", "hearts", "-n", "0"], "cardrules: play --players/-n: 0 is not in the range x>=1 "
                                        "(see 'cardrules play --help')"),
    ]:
        code, _, err = run(capsys, *argv)
        assert (code, err.strip()) == (2, said)


def test_one_flag_names_the_agents_everywhere_and_a_misspelt_agent_gets_a_hint(capsys):
    """GIVEN --agents on play (with --bots kept as its other name) WHEN an agent is misspelt THEN
    the error names the flag and suggests the agent."""
    for flag in ("--agents", "--bots"):
        code, _, err = run(capsys, "play", "hearts", flag, "ismcst:100", "-q")
        assert code == 1
        assert err.strip().startswith("cardrules: --agents: unknown agent 'ismcst:100'; did you mean 'ismcts'?")
    from interpreter.cli.main import cli
    for name in ("play", "simulate", "compare", "analyze"):
        assert any("--agents" in p.opts for p in cli.get_command(None, name).params), name
        budget = next(p for p in cli.get_command(None, name).params if "--max-steps" in p.opts)
        assert "between two decisions" in budget.help, name       # one meaning of --max-steps


def test_values_the_game_rejects_are_invalid_input(capsys, tmp_path):
    code, _, err = run(capsys, "play", "hearts", "-n", "4", "--log-seat", "9")
    assert code == 1 and err.strip() == "cardrules: --log-seat 9: Hearts with 4 players has seats 0 to 3"
    code, _, err = run(capsys, "play", "hearts", "-n", "9")
    assert code == 1 and err.strip() == "cardrules: Hearts is for 3 to 6 players, not 9"
    # an option that breaks a constraint: the same exit code for play and simulate
    for command in ("play", "simulate"):
        code, _, err = run(capsys, command, "black-maria", "-n", "3", "--option", "deals=4", "--no-progress"
                           if command == "simulate" else "-q")
        assert code == 1 and "multiple of the number of players" in err, command


def test_a_log_that_cannot_be_written_fails_before_the_game(capsys, monkeypatch):
    played = []
    monkeypatch.setattr("interpreter.engine.game.Game.apply", lambda *a, **k: played.append(a))
    code, out, err = run(capsys, "play", "hearts", "--log", "/nonexistent/x.jsonl")
    assert code == 1 and not played and out == ""
    assert err.strip() == "cardrules: cannot write the log to /nonexistent/x.jsonl: No such file or directory"


def test_jobs_are_capped_at_the_machine_s_cores(capsys):
    import os
    code, _, err = run(capsys, "simulate", "hearts", "-g", "2", "--jobs", "512", "--no-progress")
    assert code == 0 and f"this machine has {os.cpu_count()} core" in err


def test_simulate_writes_csv(capsys):
    code, out, _ = run(capsys, "simulate", "hearts", "-g", "3", "-n", "3", "--format", "csv", "--no-progress")
    rows = out.strip().splitlines()
    assert code == 0 and rows[0] == "index,seed,score_0,score_1,score_2,winners,decisions,error" and len(rows) == 4


def complete(*words: str) -> list[str]:
    """What the shell is offered for the last word of `cardrules WORDS...` (click's own machinery,
    as `_CARDRULES_COMPLETE=bash_complete` runs it)."""
    from click.shell_completion import BashComplete
    from interpreter.cli.main import cli
    completer = BashComplete(cli, {}, "cardrules", "_CARDRULES_COMPLETE")
    return [item.value for item in completer.get_completions(list(words[:-1]), words[-1])]


def test_the_shell_completes_commands_games_flags_and_option_names():
    """GIVEN a partly typed command line THEN the shell is offered the commands, the shipped
    games' names, the command's flags, and the named game's --option names and values."""
    assert {"simulate", "serve"} <= set(complete("s"))
    assert complete("play", "hea") == ["hearts", "hea"]          # a game, then files named so
    assert "--agents" in complete("play", "hearts", "--ag") and "--max-steps" in complete("simulate", "hearts", "--max")
    assert {"target=", "moon="} <= set(complete("play", "hearts", "--option", ""))
    assert complete("simulate", "hearts", "-o", "tar") == ["target="]
    assert complete("play", "hearts", "-o", "moon=add") == ["moon=add_to_others"]
    assert complete("play", "no-such-game", "-o", "") == []       # nothing, never an error
