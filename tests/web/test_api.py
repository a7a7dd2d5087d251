"""The lobby and replay API: logs and replays only show what their visitor may see, the store
keeps its schema version, and an uploaded log is replayed or refused in plain words."""
from __future__ import annotations

import json
import sqlite3

import pytest

from interpreter.engine.game import Game
from interpreter.web.frames import SPECTATOR, view_for
from interpreter.web.store import SCHEMA_VERSION, SchemaTooNew, Store
from tests.web.helpers import Seat, new_table

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("api") / "tables.db", bot_delay=0,
                                allow_client_seeds=True)) as client:
        yield client


@pytest.fixture(scope="module")
def finished(client):
    """A Hold'em hand of three bots, over as soon as it is opened (bots answer at once)."""
    table = new_table(client, "texas-holdem", ["random"] * 3, seed=9, options={"hands": 1})
    assert client.get(f"/api/tables/{table['table']}").json()["status"] == "over"
    return table


def test_the_lobby_lists_the_shipped_games_and_bots(client):
    data = client.get("/api/games").json()
    assert {g["key"] for g in data["games"]} >= {"hearts", "texas-holdem", "black-swan"}
    hearts = next(g for g in data["games"] if g["key"] == "hearts")
    assert (hearts["min_players"], hearts["max_players"]) == (3, 6)
    assert {o["name"] for o in hearts["options"]} >= {"target", "moon"}
    assert "random" in data["bots"]


def test_the_lobby_explains_the_decisions_a_game_cites(client):
    """GIVEN the shipped games, whose descriptions cite decisions of docs/rules.md (D-07...)
    WHEN the lobby asks for them
    THEN each game lists the decisions cited in what the lobby shows, with each one's meaning
    from the rules page, and names the page; Black Swan's `games` option cites D-30."""
    from interpreter.decisions import summaries
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    hearts = games["hearts"]
    assert hearts["rules_page"] == "docs/rules.md"
    assert [d["number"] for d in hearts["decisions"]] == ["D-05", "D-06", "D-07", "D-27"]
    assert all(d["meaning"] == summaries()[d["number"]] and d["meaning"] for d in hearts["decisions"])
    assert "D-30" in [d["number"] for d in games["black-swan"]["decisions"]]


def test_a_table_is_refused_with_a_reason(client):
    def refused(body):
        response = client.post("/api/tables", json=body)
        assert response.status_code in (400, 404)
        return response.json()["error"]
    assert "3 to 6 players" in refused({"game": "hearts", "players": 9, "seats": [{"kind": "bot"}] * 9})
    assert "unknown option 'targte'" in refused({"game": "hearts", "players": 3, "options": {"targte": 5},
                                                 "seats": [{"kind": "bot"}] * 3})
    assert "unknown bot" in refused({"game": "hearts", "players": 3,
                                     "seats": [{"kind": "bot", "agent": "oracle"}] * 3})
    assert "no shipped game" in refused({"game": "../etc/passwd", "players": 3, "seats": [{"kind": "bot"}] * 3})


def test_logs_are_given_by_who_asks(client, finished):
    url = f"/api/tables/{finished['table']}/log"
    full = client.get(url, headers={"X-Token": finished["host_token"]}).text.splitlines()
    public = client.get(url).text.splitlines()
    assert "view" not in json.loads(full[0]) and json.loads(public[0])["view"] == "public"
    assert "seed" not in json.loads(public[0])       # the seed would tell a spectator every hidden card
    assert len(public) <= len(full)
    assert client.get(url, headers={"X-Token": "forged"}).status_code == 403
    # the full log replays as anyone; a spectator's log shows the game only as a spectator saw it
    answer = client.post("/api/replays", content="\n".join(full).encode()).json()
    assert answer["perspectives"] == ["all", "public", "0", "1", "2"]
    seen = client.post("/api/replays", content="\n".join(public).encode()).json()
    assert seen["perspectives"] == ["public"]
    assert client.get(f"/api/replays/{seen['replay']}?step=1&as=all").status_code == 403
    assert "line 1" in client.post("/api/replays", content=b"{not json").json()["error"]
    tampered = [full[0]] + [line.replace('"fold"', '"call"') for line in full[1:]]
    if tampered != full:
        assert "does not replay" in client.post("/api/replays", content="\n".join(tampered).encode()).json()["error"]


def test_a_replay_step_is_the_view_of_the_game_after_that_many_decisions(client, finished):
    full = client.get(f"/api/tables/{finished['table']}/log", headers={"X-Token": finished["host_token"]}).text
    header = json.loads(full.splitlines()[0])
    replay = client.post("/api/replays", content=full.encode()).json()
    live = client.app.state.manager.get(finished["table"])
    choices = [e["choice"] for e in live.game.events_all() if e["type"] == "decided"]
    mirror = Game(live.ruleset, 3, seed=9, options={"hands": 1}, names=header["names"])
    for step in (0, 3, 7):
        while mirror.decisions_taken < step:
            mirror.apply(choices[mirror.decisions_taken])
        for perspective, seat in (("1", 1), ("public", SPECTATOR), ("all", None)):
            frame = client.get(f"/api/replays/{replay['replay']}?step={step}&as={perspective}").json()
            assert frame["view"] == json.loads(json.dumps(view_for(mirror, seat)))
    back = client.get(f"/api/replays/{replay['replay']}?step=3&as=0").json()
    assert back["step"] == 3


def test_a_finished_tables_replay_shows_a_seat_only_its_own_cards(client, finished):
    # GIVEN a Hold'em hand of two people, played to its end (whoever may fold, folds)
    table = new_table(client, "texas-holdem", ["human", "human"], seed=2, options={"hands": 1})
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        seats = [Seat(ws0, table["table"], table["seats"][0]["token"]),
                 Seat(ws1, table["table"], table["seats"][1]["token"])]
        while not seats[0].state["over"]:
            mover = next(s for s in seats if s.state["decision"])
            ids = [c["id"] for c in mover.state["decision"].get("choices", [])]
            mover.move("fold" if "fold" in ids else (ids[0] if ids else str(mover.state["decision"]["min"])))
            for s in seats:
                s.receive()
    url = f"/api/tables/{table['table']}/replay"
    mine = client.post(url, headers={"X-Token": table["seats"][1]["token"]}).json()
    assert mine["perspectives"] == ["1", "public"]
    assert client.get(f"/api/replays/{mine['replay']}?step=1&as=all").status_code == 403
    assert client.get(f"/api/replays/{mine['replay']}?step=1&as=0").status_code == 403
    host = client.post(url, headers={"X-Token": table["host_token"]}).json()
    assert "all" in host["perspectives"]
    assert client.post(url, headers={"X-Token": "forged"}).status_code == 403


def test_the_store_is_versioned(tmp_path):
    store = Store(tmp_path / "a.db")
    assert store.schema_version == SCHEMA_VERSION
    store.close()
    with sqlite3.connect(tmp_path / "a.db") as db:
        assert {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} >= \
            {"rulesets", "tables", "seats", "decisions"}
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew, match="newer|knows up to"):
        Store(tmp_path / "a.db")


def test_the_serve_command_says_what_it_takes(capsys):
    from interpreter.cli.main import main
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert all(flag in out for flag in ("--host", "--port", "--db", "--max-tables", "--idle-timeout"))
    assert main(["serve", "--port", "0"]) == 2
