"""Deals nobody can predict, provably: a table with people draws its seed on the server and
commits to it when it opens; the seed is revealed when the game ends, and the replay viewer
and `cardrules replay` check that the reveal opens the commitment."""
from __future__ import annotations

import json
import random

import pytest

from interpreter.engine.game import Game
from interpreter.logs import commitment, write_log
from interpreter.logs.write import digest_line
from tests.web.helpers import Seat

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0)) as client:
        yield client


PEOPLE = ["human", "random", "random", "random"]


def open_table(client, seats: list[str], **extra):
    """A table of Hearts to one point: a person decides in every hand of it."""
    body = {"game": "hearts", "options": {"target": 1}, "players": len(seats), "bot_delay": 0,
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "agent": s} for s in seats], **extra}
    return client.post("/api/tables", json=body)


def play_to_the_end(client, table: dict) -> Seat:
    """The person at seat 0 takes the first choice offered until the game is over."""
    with client.websocket_connect("/ws") as ws:
        seat = Seat(ws, table["table"], table["seats"][0]["token"])
        while not seat.state["over"]:
            decision = seat.state["decision"]
            if decision:
                seat.move(decision["choices"][0]["id"] if decision.get("choices") else str(decision["min"]))
            seat.receive()
        return seat


def test_a_client_seed_is_refused_for_a_table_with_people(client):
    """GIVEN a server started without --allow-client-seeds
    WHEN a table with a person is asked for with a seed, then without one, and a table of bots with one
    THEN the first is refused saying why; the second gets a server seed and a commitment; the
         table of bots keeps its seed and commits to nothing."""
    refused = open_table(client, PEOPLE, seed=12345)
    assert refused.status_code == 400 and "draws its seed on the server" in refused.json()["error"]
    opened = open_table(client, PEOPLE).json()
    assert len(opened["commitment"]["sha256"]) == 64
    live = client.app.state.manager.get(opened["table"])
    assert opened["commitment"]["sha256"] == commitment.commit(live.record.seed, live.record.salt)
    bots = open_table(client, ["random"] * 4, seed=12345).json()
    assert bots["commitment"] is None and client.app.state.manager.get(bots["table"]).record.seed == 12345


def test_two_tables_with_people_are_dealt_differently(client):
    """GIVEN two tables with people opened alike  THEN their seeds (so their deals) differ."""
    seeds = {client.app.state.manager.get(open_table(client, PEOPLE).json()["table"]).record.seed
             for _ in range(2)}
    assert len(seeds) == 2


def test_the_seed_is_hidden_until_the_end_and_then_opens_the_commitment(client):
    """GIVEN a hand of Hearts of a person and three bots
    WHEN the person plays it to its end
    THEN the welcome frame carries the commitment, no frame reveals the seed before the end, the
         last frame reveals a seed and salt that open the commitment, and that seed deals the
         same game (the table's log replays from it)."""
    table = open_table(client, PEOPLE).json()
    seat = play_to_the_end(client, table)
    assert seat.welcome["commitment"] == table["commitment"] and seat.welcome["reveal"] is None
    live = client.app.state.manager.get(table["table"])
    before_end = [f for f in seat.frames if f["type"] == "state" and not f["over"]]
    assert before_end and not any("reveal" in f for f in before_end)
    assert str(live.record.seed) not in json.dumps(before_end + [seat.welcome])
    reveal = seat.state["reveal"]
    assert commitment.opens(table["commitment"], reveal["seed"], reveal["salt"])
    mirror = Game(live.ruleset, 4, seed=reveal["seed"], options={"target": 1}, names=[s.name for s in live.record.seats])
    for event in live.game.events_all():
        if event["type"] == "decided":
            mirror.apply(event["choice"])
    assert mirror.events_all() == live.game.events_all()


def test_the_replay_viewer_verifies_the_commitment(client):
    """GIVEN a finished table with people and its full log
    WHEN the host opens its replay, the log is uploaded, and a log whose salt was changed (digest
         line redone) is uploaded
    THEN the first two say the deal was fixed before the first card; the changed one is refused
         saying the reveal does not open the commitment."""
    table = open_table(client, PEOPLE).json()
    play_to_the_end(client, table)
    replay = client.post(f"/api/tables/{table['table']}/replay", headers={"X-Token": table["host_token"]}).json()
    assert replay["commitment"]["verified"] is True and "fixed before the first card" in replay["commitment"]["message"]
    lines = client.get(f"/api/tables/{table['table']}/log", headers={"X-Token": table["host_token"]}).text.splitlines()
    assert json.loads(lines[0])["commitment"] == table["commitment"] and json.loads(lines[-2])["type"] == "reveal"
    uploaded = client.post("/api/replays", content="\n".join(lines).encode()).json()
    assert uploaded["commitment"]["verified"] is True
    forged = json.loads(lines[-2])
    forged["salt"] = "0" * 64
    body = lines[:-2] + [json.dumps(forged)]
    answer = client.post("/api/replays", content="\n".join(body + [digest_line(body)]).encode())
    assert answer.status_code == 400 and "do not open the header's commitment" in answer.json()["error"]


def hearts_log(tmp_path, *, salt: str | None):
    from interpreter.compile.ruleset import load_ruleset
    from tests.web.server_process import ROOT
    game = Game(load_ruleset(ROOT / "rulesets" / "hearts.yaml"), 4, seed=7, options={"target": 1})
    rng = random.Random(7)
    while not game.over:
        game.apply(rng.choice(game.decision.choices).id)
    path = tmp_path / "hearts.jsonl"
    write_log(game, path, salt=salt)
    return path


def test_cardrules_replay_verifies_the_commitment(tmp_path, capsys):
    """GIVEN a Hearts log whose header commits to its seed and which reveals it at the end
    WHEN `cardrules replay` reads it, then a copy whose salt was changed (digest line redone),
    then a copy whose reveal was taken out
    THEN the first says the commitment is verified; the others are damaged logs (exit 1) at the
         reveal's line, or at the end."""
    from interpreter.cli.main import main
    path = hearts_log(tmp_path, salt=commitment.new_salt())
    assert main(["replay", str(path)]) == 0
    assert "the deal was fixed before the first card: commitment verified" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    reveal = json.loads(lines[-2])
    forged = lines[:-2] + [json.dumps({**reveal, "salt": commitment.new_salt()})]
    path.write_text("\n".join(forged + [digest_line(forged)]) + "\n")
    assert main(["replay", str(path)]) == 1
    assert f"line {len(lines) - 1}" in capsys.readouterr().err
    cut = lines[:-2]
    path.write_text("\n".join(cut + [digest_line(cut)]) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "never reveals" in capsys.readouterr().err


def test_a_log_without_a_commitment_replays_as_before(tmp_path, capsys):
    """GIVEN a log written without a salt  THEN it replays and says nothing of a commitment."""
    from interpreter.cli.main import main
    assert main(["replay", str(hearts_log(tmp_path, salt=None))]) == 0
    assert "commitment" not in capsys.readouterr().out
