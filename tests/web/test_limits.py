"""Bounded for strangers: spectators hold no table slot, each client address has limits on
tables and connections, and finished tables are deleted after the retention period."""
from __future__ import annotations

import contextlib
import json
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.limits import PerAddress  # noqa: E402
from interpreter.web.store import Store  # noqa: E402

PEOPLE = {"game": "hearts", "players": 4, "options": {"target": 1},
          "seats": [{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2}


def watch(ws, table: str) -> None:
    ws.send_text(json.dumps({"type": "join", "table": table, "token": None}))
    assert ws.receive_json()["type"] == "welcome"
    ws.receive_json()


@pytest.mark.slow
def test_idle_spectators_cannot_deny_a_new_table(tmp_path):
    """GIVEN a server of at most 20 live tables, each watched by an idle spectator
    WHEN someone opens another table
    THEN it opens; the spectator of the table unloaded to make room is told so; and once a
         person sits at every live table, a new one is refused with 503."""
    limits = PerAddress(tables_per_hour=1000, sockets=1000)
    with TestClient(create_app(tmp_path / "t.db", max_tables=20, bot_delay=0, limits=limits)) as client, \
            contextlib.ExitStack() as sockets:
        opened = [client.post("/api/tables", json=PEOPLE).json() for _ in range(20)]
        spectators = [sockets.enter_context(client.websocket_connect("/ws")) for _ in opened]
        for ws, table in zip(spectators, opened):
            watch(ws, table["table"])
        fresh = client.post("/api/tables", json=PEOPLE)
        assert fresh.status_code == 200, fresh.text
        live = client.app.state.manager.live
        unloaded = [ws for ws, t in zip(spectators, opened) if t["table"] not in live]
        assert len(unloaded) == 1 and unloaded[0].receive_json()["code"] == "unloaded"
        for table in [t for t in opened if t["table"] in live] + [fresh.json()]:   # a person sits at each
            ws = sockets.enter_context(client.websocket_connect("/ws"))
            ws.send_text(json.dumps({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]}))
            assert ws.receive_json()["type"] == "welcome"
            ws.receive_json()
        refused = client.post("/api/tables", json=PEOPLE)
        assert refused.status_code == 503 and "with people at them" in refused.json()["error"]


def test_a_client_address_has_limits_on_tables_and_connections(tmp_path):
    """GIVEN limits of 2 tables an hour and 2 connections per client address
    WHEN one address opens a third table and a third connection
    THEN the table is refused with 429 and a message saying why; the connection gets an error
         frame saying why and is closed; closing one connection lets another open."""
    limits = PerAddress(tables_per_hour=2, sockets=2)
    with TestClient(create_app(tmp_path / "t.db", bot_delay=0, limits=limits)) as client:
        assert all(client.post("/api/tables", json=PEOPLE).status_code == 200 for _ in range(2))
        refused = client.post("/api/tables", json=PEOPLE)
        assert refused.status_code == 429 and "opened 2 tables within the last hour" in refused.json()["error"]
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws"):
            with client.websocket_connect("/ws") as third:
                frame = third.receive_json()
                assert frame["code"] == "too-many-connections" and "2 connections open" in frame["message"]
            one.send_text(json.dumps({"type": "ping"}))
            assert one.receive_json() == {"type": "pong"}
        with client.websocket_connect("/ws") as again:
            again.send_text(json.dumps({"type": "ping"}))
            assert again.receive_json() == {"type": "pong"}


def test_finished_tables_are_deleted_after_the_retention_period(tmp_path):
    """GIVEN a store with a table that finished 40 days ago, one that finished yesterday and one
    still being played that was last moved at 40 days ago
    WHEN a server keeping finished tables 30 days starts
    THEN only the old finished table is gone (with its seats and decisions)."""
    db = tmp_path / "t.db"
    with TestClient(create_app(db, bot_delay=0)) as client:
        bots = {"game": "texas-holdem", "players": 2, "options": {"hands": 1}, "seats": [{"kind": "bot"}] * 2}
        old, recent = (client.post("/api/tables", json=bots).json()["table"] for _ in range(2))
        playing = client.post("/api/tables", json=PEOPLE).json()["table"]
    store = Store(db)
    day = 86_400
    for table, age in ((old, 40), (recent, 1), (playing, 40)):
        store.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time() - age * day, table))
    assert store.table(old).status == "over" and store.decisions(old)
    store.close()
    with TestClient(create_app(db, bot_delay=0, keep_finished=30)) as client:
        assert client.get(f"/api/tables/{old}").status_code == 404
        assert client.get(f"/api/tables/{recent}").status_code == 200
        assert client.get(f"/api/tables/{playing}").status_code == 200
    store = Store(db)
    assert store.decisions(old) == [] and store.db.execute(
        "SELECT COUNT(*) FROM seats WHERE table_id = ?", (old,)).fetchone()[0] == 0
    store.close()


def test_the_serve_command_documents_its_limits(capsys):
    from interpreter.cli.main import main
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--keep-finished", "--tables-per-address", "--sockets-per-address", "--check-seconds",
                 "--check-memory", "--allow-client-seeds", "spectators do not count"):
        assert flag in out
