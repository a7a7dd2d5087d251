"""The websocket protocol refuses what a client may not do, with an error frame, changing nothing.

GIVEN a Hearts table with two people and two bots, seat 0 to decide
WHEN a client sends a forged token, another table's id, an illegal choice, a malformed frame,
     a replayed move, or moves out of turn
THEN it gets an error frame with a stable code; the stored decisions and the seat's view are
     unchanged, and the next legal move is decision number N+1.
"""
from __future__ import annotations

import json

import pytest

from tests.web.helpers import Seat, new_table

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.store import SCHEMA_VERSION  # noqa: E402


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0, allow_client_seeds=True)) as client:
        yield client


@pytest.fixture()
def tables(client):
    one = new_table(client, "hearts", ["human", "human", "random", "random"], seed=4)
    other = new_table(client, "hearts", ["human", "human", "random", "random"], seed=5)
    return one, other


def stored(client, table_id):
    return client.app.state.store.decisions(table_id)


def test_a_forged_token_and_an_unknown_table_are_refused(client, tables):
    one, other = tables
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": one["table"], "token": "forged-token"}))
        assert ws.receive_json()["code"] == "bad-token"
        # a real seat token of another table does not open a seat here either
        ws.send_text(json.dumps({"type": "join", "table": one["table"], "token": other["seats"][0]["token"]}))
        assert ws.receive_json()["code"] == "bad-token"
        ws.send_text(json.dumps({"type": "join", "table": "no-such-table", "token": None}))
        assert ws.receive_json()["code"] == "no-table"
        ws.send_text(json.dumps({"type": "move", "table": one["table"], "decision": 0, "choice": "2C"}))
        assert ws.receive_json()["code"] == "not-joined"
    assert stored(client, one["table"]) == []


@pytest.mark.parametrize("frame, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "teleport"}', "malformed"),
    ("x" * 20000, "malformed"),
    ('{"type": "move", "table": "OTHER", "decision": 0, "choice": "FIRST"}', "wrong-table"),
    ('{"type": "move", "table": "ONE", "decision": 0, "choice": "ZZ"}', "illegal"),
    ('{"type": "move", "table": "ONE", "decision": 0, "choice": 7}', "illegal"),
    ('{"type": "move", "table": "ONE", "decision": 3, "choice": "FIRST"}', "stale"),
    ('{"type": "move", "table": "ONE", "decision": "0", "choice": "FIRST"}', "stale"),
    ('{"type": "join", "table": "ONE", "token": null}', "joined"),
])
def test_a_bad_frame_gets_an_error_and_changes_nothing(client, tables, frame, code):
    one, other = tables
    with client.websocket_connect("/ws") as ws:
        seat = Seat(ws, one["table"], one["seats"][0]["token"])
        before = seat.state
        first = before["decision"]["choices"][0]["id"]
        seat.send(frame.replace("OTHER", other["table"]).replace("ONE", one["table"]).replace("FIRST", first))
        answer = seat.receive()
        assert answer == {"type": "error", "code": code, "message": answer["message"]}
        assert stored(client, one["table"]) == []
        seat.move(first)            # the table is where it was: decision 0 is still the one open
        after = seat.receive()
        assert after["type"] == "state" and after["decisions"] == 1
        assert stored(client, one["table"]) == [(0, first)]


def test_a_replayed_move_and_a_move_out_of_turn_are_refused(client, tables):
    one, _ = tables
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1, \
            client.websocket_connect("/ws") as watcher:
        seat0 = Seat(ws0, one["table"], one["seats"][0]["token"])
        seat1 = Seat(ws1, one["table"], one["seats"][1]["token"])
        spectator = Seat(watcher, one["table"], None)
        assert seat1.state["decision"] is None and seat0.state["decision"]["no"] == 0
        # out of turn: seat 1 answers seat 0's decision
        seat1.send({"type": "move", "table": one["table"], "decision": 0,
                    "choice": seat0.state["decision"]["choices"][0]["id"]})
        assert seat1.receive()["code"] == "not-your-turn"
        spectator.send({"type": "move", "table": one["table"], "decision": 0, "choice": "2C"})
        assert spectator.receive()["code"] == "spectator"
        move = {"type": "move", "table": one["table"], "decision": 0,
                "choice": seat0.state["decision"]["choices"][0]["id"]}
        seat0.send(move)
        for seat in (seat0, seat1, spectator):
            assert seat.receive()["type"] == "state"
        view = seat0.state["view"]
        seat0.send(move)           # the same frame again
        assert seat0.receive()["code"] == "stale"
        assert len(stored(client, one["table"])) == 1
        seat0.send({"type": "ping"})
        assert seat0.receive() == {"type": "pong"}
        assert seat0.state["view"] == view


def test_the_health_endpoint_and_table_cap(tmp_path):
    with TestClient(create_app(tmp_path / "t.db", max_tables=2, bot_delay=0, allow_client_seeds=True)) as client:
        health = client.get("/health").json()
        assert health["status"] == "ok" and health["schema"] == SCHEMA_VERSION and health["live_tables"] == 0
        opened = [new_table(client, "hearts", ["human", "human", "random", "random"], seed=seed) for seed in (1, 2)]
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            for ws, table in zip((a, b), opened):   # a person sits at each table: neither may be unloaded
                ws.send_text(json.dumps({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]}))
                ws.receive_json()
                ws.receive_json()
            refused = client.post("/api/tables", json={"game": "hearts", "players": 4,
                                                       "seats": [{"kind": "bot"}] * 4})
            assert refused.status_code == 503 and "maximum of 2" in refused.json()["error"]
        # nobody watches now: the oldest table is unloaded to make room (it stays in the store)
        assert client.post("/api/tables", json={"game": "hearts", "players": 4,
                                                "seats": [{"kind": "bot"}] * 4}).status_code == 200
        assert client.get("/health").json()["live_tables"] == 2


@pytest.mark.slow
def test_an_uploaded_ruleset_with_errors_is_refused_with_positions(client):
    source = "version: 1\nname: Broken\nplayers: {min: 2, max: 4}\nflow:\n  - \"deal(deck, 3\"\n"
    answer = client.post("/api/check", json={"source": source, "filename": "broken.yaml"}).json()
    assert answer["ok"] is False
    assert answer["diagnostics"] and all(d["file"] == "broken.yaml" for d in answer["diagnostics"] if "file" in d)
    assert any("line" in d for d in answer["diagnostics"])
    bad_table = client.post("/api/tables", json={"digest": answer["digest"], "players": 2,
                                                 "seats": [{"kind": "bot"}] * 2})
    assert bad_table.status_code == 404
