"""One log for every surface: a log written by the terminal, by `simulate --log`, by a finished
web table (the host's log and a seat's) and by the workbench (a failed game) is read back by
`cardrules replay` (a subprocess, as a person runs it) and opened by the web replay viewer."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.helpers import Seat, new_table, random_choice

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def cardrules(*args, cwd, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=300, env=env)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("surfaces") / "tables.db", bot_delay=0)) as client:
        yield client


def viewer_opens(client, log: Path) -> dict:
    """What the web viewer's upload endpoint answers for the log; it must accept it."""
    answer = client.post("/api/replays", content=log.read_bytes())
    assert answer.status_code == 200, answer.text
    described = answer.json()
    first = client.get(f"/api/replays/{described['replay']}?step={described['steps']}"
                       f"&as={described['perspectives'][0]}")
    assert first.status_code == 200, first.text
    return described


@pytest.mark.slow
def test_a_one_person_terminal_log_replays_in_both(client, tmp_path):
    """GIVEN a Black Maria game with one person at seat 0 (answers piped in, as in the report
    that found the bug) WHEN its log is replayed THEN it replays: "(you)" was on the screen
    only, never in the game's names or events."""
    played = cardrules("play", "black-maria", "-n", "4", "--human", "0", "--seed", "11", "-o", "target=1",
                       "--log", "x.jsonl", cwd=tmp_path, stdin="1\n" * 400)
    assert played.returncode == 0, played.stderr
    assert "Player 0 (you)" in played.stdout           # the marker is still shown to the person
    log = tmp_path / "x.jsonl"
    assert "(you)" not in log.read_text()
    assert json.loads(log.read_text().splitlines()[0])["names"][0] == "Player 0"
    replayed = cardrules("replay", "x.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0 and "replay ok" in replayed.stdout, replayed.stderr
    assert viewer_opens(client, log)["perspectives"][0] == "all"


@pytest.mark.slow
def test_a_simulate_log_replays_in_both(client, tmp_path):
    """GIVEN `simulate --log` asked for game 2 of 3 (two workers) WHEN the log is replayed THEN
    it is game 2 (its seed) and replays in both."""
    ran = cardrules("simulate", "hearts", "-g", "3", "-j", "2", "--log", "sim.jsonl", "--log-game", "2",
                    "--format", "json", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    game_2 = json.loads(ran.stdout)["games"][2]
    log = tmp_path / "sim.jsonl"
    assert json.loads(log.read_text().splitlines()[0])["seed"] == game_2["seed"]
    replayed = cardrules("replay", "sim.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0 and json.dumps(game_2["scores"]) in replayed.stdout, replayed.stderr
    viewer_opens(client, log)


def _finished_table(client) -> dict:
    """A Hearts game to 1 point: a person at seat 1 (random legal clicks), bots elsewhere. The
    server draws its seed and commits to it, as for every table with people."""
    table = new_table(client, "hearts", ["random", "human", "random", "random"], seed=None, options={"target": 1})
    table["token"] = next(s["token"] for s in table["seats"] if s["seat"] == 1)
    rng = random.Random(5)
    with client.websocket_connect("/ws") as ws:
        seat = Seat(ws, table["table"], table["token"])
        while not seat.state["over"]:
            if seat.state["decision"]:
                seat.move(random_choice(seat.state["decision"], rng))
            seat.receive()
    return table


@pytest.mark.slow
def test_a_web_tables_host_and_seat_logs_replay_in_both(client, tmp_path):
    """GIVEN a finished web table WHEN its host's log and seat 1's log are downloaded THEN
    `cardrules replay` re-runs the host's log and checks seat 1's as far as a view can be checked
    (and shows it as seat 1 read it), both verify the seed's commitment, and the viewer opens
    both, seat 1's only as seat 1, saying the commitment is verified."""
    table = _finished_table(client)
    url = f"/api/tables/{table['table']}/log"
    host, seat = tmp_path / "host.jsonl", tmp_path / "seat1.jsonl"
    host.write_text(client.get(url, headers={"X-Token": table["host_token"]}).text)
    seat.write_text(client.get(url, headers={"X-Token": table["token"]}).text)
    seat_lines = seat.read_text().splitlines()
    assert "seed" not in json.loads(seat_lines[0]) and json.loads(seat_lines[-2])["type"] == "reveal"
    replayed = cardrules("replay", "host.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0 and "replay ok" in replayed.stdout, replayed.stderr
    assert "commitment verified" in replayed.stdout
    checked = cardrules("replay", "seat1.jsonl", "--show", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "seat 1's view checked" in checked.stdout and "is not re-run" in checked.stdout
    assert "commitment verified" in checked.stdout
    assert "Player 1 plays" in checked.stdout or "Player 1 passes" in checked.stdout
    opened = viewer_opens(client, host)
    assert opened["perspectives"] == ["all", "public", "0", "1", "2", "3"]
    assert opened["commitment"]["verified"] is True
    seen = viewer_opens(client, seat)
    assert seen["perspectives"] == ["1"] and seen["commitment"]["verified"] is True
    frame = client.get(f"/api/replays/{seen['replay']}?step={seen['steps']}&as=1").json()
    assert frame["view"] is None and frame["lines"][-1] in checked.stdout     # the same transcript


@pytest.mark.slow
def test_a_workbench_failure_log_replays_to_its_failure_in_both(client, tmp_path):
    """GIVEN analyze's log of a failed game WHEN it is replayed THEN `cardrules replay` reproduces
    the failure (exit 1, the game's error) and the viewer opens it up to the failing decision."""
    ran = cardrules("analyze", str(ROOT / "tests/rulesets/sometimes-fails.yaml"), "--games", "40", "--save",
                    str(tmp_path), "--no-progress", cwd=tmp_path)
    assert ran.returncode == 1
    log = next(tmp_path.glob("failed-*.jsonl"))
    replayed = cardrules("replay", str(log), cwd=tmp_path)
    assert replayed.returncode == 1 and "no legal card" in replayed.stderr
    # the server reads no ruleset a log names from its disk: one of its own must be opened first
    refused = client.post("/api/replays", content=log.read_bytes()).json()["error"]
    assert "is not one this server keeps: open it in the lobby first" in refused
    source = (ROOT / "tests/rulesets/sometimes-fails.yaml").read_text()
    assert client.post("/api/check", json={"source": source, "filename": "sometimes-fails.yaml"}).json()["ok"]
    described = viewer_opens(client, log)
    decisions = sum(json.loads(line)["type"] == "decided" for line in log.read_text().splitlines())
    assert "no legal card" in described["failure"] and described["steps"] == decisions - 1
    # the same log edited after it was written is refused in words, not opened
    lines = log.read_text().splitlines()
    edited = "\n".join(lines[:-1] + [lines[-1].replace(lines[-1][-10:-2], "00000000")]) + "\n"
    refused = client.post("/api/replays", content=edited.encode())
    assert refused.status_code == 400 and "the digest does not match" in refused.json()["error"]


@pytest.mark.slow
def test_an_older_log_and_junk_get_one_plain_line_in_both(client, tmp_path):
    """GIVEN a format 1 log (what web tables wrote before) and a header with an odd ruleset WHEN
    either is opened THEN each surface says what it is in words, with no Python repr."""
    old = tmp_path / "old.jsonl"
    old.write_text('{"type": "game", "ruleset": "hearts.yaml", "digest": "ab", "players": 4, "seed": 1}\n')
    said = cardrules("replay", "old.jsonl", cwd=tmp_path)
    assert said.returncode == 1 and len(said.stderr.strip().splitlines()) == 1
    assert "log format 1" in said.stderr
    refused = client.post("/api/replays", content=old.read_bytes()).json()["error"]
    assert "log format 1" in refused and "{'" not in refused
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"type": "game", "format": 3, "ruleset": {"name": ["x"]}, "players": 4}\n')
    for message in (cardrules("replay", "odd.jsonl", cwd=tmp_path).stderr,
                    client.post("/api/replays", content=odd.read_bytes()).json()["error"]):
        assert "{'" not in message and "['" not in message and "'name' in the header's ruleset" in message
