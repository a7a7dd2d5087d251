"""Bots as separate programs (`cmd:` specs): they play whole games from the Python API and the
command line, get only their seat's view, events and choices, and a bot that is late, dies or
answers something illegal ends its game with a one-line BotError and is stopped."""
from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.agents import AgentSpecError, ask, make_agent, make_agents, play
from interpreter.agents.command import BotError, CommandAgent
from interpreter.engine.state import card_visible
from tests.conftest import ROOT, ruleset
from tests.test_cli import run

PYTHON = shlex.quote(sys.executable)
EXAMPLE = f"cmd:{PYTHON} {shlex.quote(str(ROOT / 'examples' / 'bots' / 'cautious.py'))}"
SHELL = f"cmd:sh {shlex.quote(str(ROOT / 'examples' / 'bots' / 'first.sh'))}"

RECORDER = """
import json, sys
with open(sys.argv[1], "a") as out:
    for line in sys.stdin:
        out.write(line)
        out.flush()
        print(json.dumps({"index": 0}), flush=True)
"""


def bot(tmp_path: Path, name: str, body: str, *, seconds: str = "") -> str:
    """A `cmd:` spec for a Python program with `body`, written to `tmp_path`."""
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return f"cmd:{seconds}{PYTHON} {shlex.quote(str(path))}"


@pytest.mark.slow
def test_the_example_bots_play_a_whole_game_of_hearts_and_a_holdem_match():
    """GIVEN the example bots of examples/bots (Python and POSIX shell), from the Python API
    WHEN they play a full game of hearts (to 100) and a hold'em match beside in-process agents
    THEN both games end with a result, and every seat's bot answered every decision."""
    hearts = Game(ruleset("hearts"), 4, seed=2)
    agents = make_agents(f"{EXAMPLE},{SHELL},random,{EXAMPLE}", players=4, seed=1, commands=True)
    result = play(hearts, agents)
    assert max(result["scores"]) >= 100 and result["decisions"] > 200
    holdem = Game(ruleset("texas-holdem"), 3, seed=5)
    result = play(holdem, make_agents(f"{EXAMPLE},{SHELL},{EXAMPLE}", players=3, seed=1, commands=True))
    assert sum(result["scores"]) == 3 * 10_000 and result["decisions"] > 20
    for agent in agents:
        if isinstance(agent, CommandAgent):
            agent.close()


@pytest.mark.slow
@pytest.mark.parametrize("name, players", [("hearts", 4), ("texas-holdem", 3)])
def test_a_bot_receives_its_seat_s_view_and_no_hidden_card(tmp_path, name, players):
    """GIVEN a recording bot at every seat
    WHEN a game is played through ask()
    THEN each line a bot received holds exactly its seat's view at that moment, the events of
    its stream from where the last line stopped, and no id or label of a card its seat could
    not see (and was never shown)."""
    rules = ruleset(name)
    game = Game(rules, players, seed=3, options={"hands": 2} if name == "texas-holdem" else {"target": 30})
    files = [tmp_path / f"seat{seat}.jsonl" for seat in range(players)]
    agents = [make_agent(bot(tmp_path, "recorder", RECORDER).replace(".py", f".py {files[s]}"),
                         seed=s, commands=True) for s in range(players)]
    streams: list[list] = [[] for _ in range(players)]       # what each bot was sent, put together
    real: list[list] = [[] for _ in range(players)]          # each seat's stream in the game
    told: list[set] = [set() for _ in range(players)]        # cards each seat was ever shown
    labels = {spec.id: spec.label for spec in rules.cards}
    checked = 0
    while not game.over:
        seat = game.decision.player
        new = game.events_for(seat, len(real[seat]))
        real[seat].extend(new)
        told[seat] |= {e.get("card") for e in new}
        hidden = {c.id for c in game.cards_in_play if not card_visible(game, c, seat)} - told[seat]
        secret = hidden | {labels[c] for c in hidden}
        view = game.view(seat)
        game.apply(ask(agents[seat], game))
        message = json.loads(files[seat].read_text().splitlines()[-1])
        assert message["seat"] == seat and message["view"] == json.loads(json.dumps(view))
        start = message["events_from"]
        del streams[seat][start:]
        streams[seat].extend(message["events"])
        assert message["events"] == json.loads(json.dumps(real[seat][start:]))
        assert not _strings(message) & secret
        checked += 1
    assert streams == json.loads(json.dumps(real))
    assert checked == game.result["decisions"]
    for agent in agents:
        agent.close()


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) | _strings(k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_strings, value)) if value else set()
    return {value} if isinstance(value, str) else set()


SLEEPER = """
import os, sys, time
open(sys.argv[1], "w").write(str(os.getpid()))
sys.stdin.readline()
print('{"index": 0}', flush=True)
for line in sys.stdin:
    time.sleep(60)
"""
CRASHER = """
import sys
sys.stdin.readline()
sys.stderr.write("Traceback (most recent call last):\\nZeroDivisionError: division by zero\\n")
sys.exit(3)
"""
ILLEGAL = """
import sys
for line in sys.stdin:
    print("ZZ", flush=True)
"""
NONSENSE = """
import sys
for line in sys.stdin:
    print('{"pick": 1}', flush=True)
"""


def _pid_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_bot_that_is_late_is_stopped_and_ends_the_game_with_a_clear_error(tmp_path):
    """GIVEN a bot that answers its first decision, then never again, with half a second per decision
    WHEN it is asked twice (one bot for every seat)
    THEN the second time a one-line BotError says which bot at which seat did not answer in
    time, and its process is gone."""
    pid_file = tmp_path / "pid"
    spec = bot(tmp_path, "sleeper", SLEEPER, seconds="0.5s:") + f" {pid_file}"
    agent = make_agent(spec, seed=1, commands=True)
    game = Game(ruleset("hearts"), 4, seed=1)
    game.apply(ask(agent, game))
    with pytest.raises(BotError) as caught:
        ask(agent, game)
    message = str(caught.value)
    assert "did not answer within 0.5 seconds" in message and f"seat {game.decision.player}" in message
    assert "\n" not in message and caught.value.code == "bot"
    assert _pid_gone(int(pid_file.read_text()))


@pytest.mark.parametrize("body, words", [
    (CRASHER, "exited with code 3 before answering: ZeroDivisionError: division by zero"),
    (ILLEGAL, "answered 'ZZ', which is not a legal choice for"),
    (NONSENSE, "an answer is a choice id"),
])
def test_a_bot_that_dies_or_answers_wrongly_ends_the_game_with_a_clear_error(tmp_path, body, words):
    """GIVEN a bot that exits, one that names a choice that does not exist, one that answers nonsense
    THEN each is a one-line BotError naming the bot's seat and what went wrong; the game is
    as it was (no move was made)."""
    agent = make_agent(bot(tmp_path, "bad", body), seed=1, commands=True)
    game = Game(ruleset("hearts"), 4, seed=1)
    before = game.decisions_taken
    with pytest.raises(BotError) as caught:
        ask(agent, game)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    assert game.decisions_taken == before and not game.over
    agent.close()


@pytest.mark.slow
def test_the_command_line_runs_bots_in_play_simulate_and_compare(capsys):
    """GIVEN the example bot as a `cmd:` spec
    THEN `play --bots`, `simulate --agents` and `compare --agents` each finish their games."""
    code, out, err = run(capsys, "play", "hearts", "-n", "4", "--bots", f"{EXAMPLE},random,{SHELL},random",
                         "--seed", "3", "-q")
    assert code == 0, err
    assert max(json.loads(out)["scores"]) >= 100
    code, out, err = run(capsys, "simulate", "texas-holdem", "-n", "3", "-g", "2", "--agents", EXAMPLE,
                         "--format", "json", "--no-progress", "-j", "1")
    assert code == 0, err
    games = json.loads(out)["games"]
    assert len(games) == 2 and all(g["error"] is None for g in games)
    code, out, err = run(capsys, "compare", "rulesets/hearts.yaml", "--base-option", "target=40", "--option",
                         "target=20", "-n", "4",
                         "--games", "2", "--agents", f"{EXAMPLE},random,random,{SHELL}", "--format", "json",
                         "--html", "none", "--no-progress")
    assert code == 0, err
    runs = json.loads(out)["runs"]
    assert len(runs) == 2 and all(r["counts"]["finished"] == 2 and not r["counts"]["failures"] for r in runs)


def test_on_the_command_line_a_failing_bot_fails_its_game_not_the_run(capsys, tmp_path):
    """GIVEN a bot that dies at its first decision
    THEN `simulate` reports each game as failed with the bot's message, exits 1, and prints no traceback;
    `play` says it in one line and exits 1."""
    spec = bot(tmp_path, "crasher", CRASHER)
    code, out, err = run(capsys, "simulate", "hearts", "-n", "4", "-g", "2", "--agents", f"{spec},random,random,random",
                         "--no-progress", "-j", "1")
    assert code == 1 and "Traceback (most" not in err.replace("stderr", "")
    assert err.count("exited with code 3 before answering") == 2
    code, out, err = run(capsys, "play", "hearts", "-n", "4", "--bots", f"{spec},random,random,random", "-q")
    assert code == 1
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "exited with code 3" in lines[0]


def test_only_the_command_line_may_start_a_program():
    """GIVEN a `cmd:` spec where specs come from someone else (the web lobby, make_agent's default)
    THEN it is an unknown agent, and nothing is started."""
    with pytest.raises(AgentSpecError, match="unknown agent 'cmd:touch x'"):
        make_agent("cmd:touch x", seed=1)
    from interpreter.web.bots import valid_spec
    assert not valid_spec("cmd:touch x") and valid_spec("random")
    with pytest.raises(AgentSpecError, match="give the command"):
        make_agent("cmd:", seed=1, commands=True)
    with pytest.raises(AgentSpecError, match="positive number of seconds"):
        make_agent("cmd:0s:python bot.py", seed=1, commands=True)
    assert make_agent("cmd:1.5s:python bot.py", seed=1, commands=True).seconds == 1.5


def test_a_bot_that_cannot_start_is_a_clear_error():
    """GIVEN a command that does not exist  THEN its first decision is a BotError saying so."""
    agent = make_agent("cmd:/nonexistent/bot --fast", seed=1, commands=True)
    with pytest.raises(BotError, match="bot '/nonexistent/bot --fast' at seat 0 cannot start: No such file"):
        ask(agent, Game(ruleset("hearts"), 4, seed=1))


def test_the_documented_bots_are_the_example_files():
    """GIVEN docs/agents.md  THEN the example bots it lists are the files in examples/bots, word for word."""
    doc = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    for name in ("cautious.py", "first.sh"):
        assert (ROOT / "examples" / "bots" / name).read_text(encoding="utf-8") in doc
