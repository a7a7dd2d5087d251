"""Uploads and bots never block the server: an upload is checked in a limited child process,
stays out of the user's load cache, and a game that never ends stops its table, saying so."""
from __future__ import annotations

import asyncio
import json
import resource
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.web.helpers import Seat

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.compile.ruleset import load_ruleset  # noqa: E402
from interpreter.errors import GameError  # noqa: E402
from interpreter.web import bots  # noqa: E402
from interpreter.web import catalog as catalog_module  # noqa: E402
from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.sandbox import Limits, Sandbox, SandboxError, check_source  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "rulesets"
TEMPLATES = Path(__file__).resolve().parents[1] / "rulesets" / "templates.yaml"
GENEROUS = 2.0     # seconds: a bound that only proves "does not hang"


def slow_check(source: str, filename: str) -> dict:
    """A check that first tells the test it started (a file named in the source's first line),
    then holds 300 MB and the CPU for three seconds: as a hostile upload would."""
    Path(source.splitlines()[0].lstrip("# ")).touch()
    ballast = bytearray(300 * 1024 * 1024)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        ballast[int(time.monotonic() * 1000) % len(ballast)] = 1
    return check_source(source, filename)


def sleepy_check(source: str, filename: str) -> dict:
    time.sleep(60)
    return {}


def spin(source: str, filename: str) -> dict:
    while True:
        pass


@pytest.mark.slow
def test_a_check_past_its_cpu_time_is_stopped_by_its_limit():
    """GIVEN a sandbox of 1 s of CPU (and 60 s of wall clock) and a job that never stops computing
    WHEN it runs  THEN the child is stopped by its CPU limit, and the error says so."""
    sandbox = Sandbox(limits=Limits(seconds=60, cpu_seconds=1))
    with pytest.raises(SandboxError, match="more than 1 second of CPU"):
        in_own_thread(sandbox.run(spin, "", "spin.yaml"))


def in_own_thread(coroutine):
    """asyncio.run in a thread of its own: the browser tests' session keeps a loop running in
    the main thread, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0)) as client:
        yield client


def upload(client, source: str, filename: str = "upload.yaml") -> dict:
    response = client.post("/api/check", json={"source": source, "filename": filename})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.slow
def test_a_hostile_upload_gets_a_clean_error_and_the_server_stays_small(client):
    """GIVEN an upload whose card labels are padded to 300 million characters each
    WHEN it is checked
    THEN the answer is a refusal (too much memory, or a located error), and the server's own peak
         memory did not grow by the gigabytes the labels would take."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    answer = upload(client, (FIXTURES / "wide-labels.yaml").read_text(), "wide.yaml")
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    refusal = answer["diagnostics"][0]
    assert answer["ok"] is False and refusal["severity"] == "error" and refusal["file"] == "wide.yaml"
    assert "memory" in refusal["message"] or "line" in refusal     # (or a located error, once loading refuses it)
    assert grown_mb < 200


@pytest.mark.slow
def test_the_server_answers_while_an_upload_is_checked(client, tmp_path, monkeypatch):
    """GIVEN a table with a person, and an upload whose check holds 300 MB and a CPU for 3 s
    WHEN the upload is being checked
    THEN /health answers, and the person's move comes back over the websocket, each within a
         generous bound; the check then answers."""
    monkeypatch.setattr(catalog_module, "check_source", slow_check)
    marker = tmp_path / "started"
    table = client.post("/api/tables", json={"game": "hearts", "players": 4, "options": {"target": 1},
                                             "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3}).json()
    answers: list = []
    checking = threading.Thread(target=lambda: answers.append(
        upload(client, f"# {marker}\n" + TEMPLATES.read_text())), daemon=True)
    with client.websocket_connect("/ws") as ws:
        seat = Seat(ws, table["table"], table["seats"][0]["token"])
        checking.start()
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, "the check never started"
            time.sleep(0.02)
        slowest = 0.0
        while checking.is_alive() and seat.state["decision"]:
            started = time.monotonic()
            assert client.get("/health").status_code == 200
            seat.move(seat.state["decision"]["choices"][0]["id"])
            seat.receive()
            slowest = max(slowest, time.monotonic() - started)
        assert slowest < GENEROUS, f"a round trip took {slowest:.2f} s while an upload was checked"
    checking.join(60)
    assert answers and answers[0]["ok"] is True


@pytest.mark.slow
def test_a_check_past_its_time_is_refused(tmp_path, monkeypatch):
    """GIVEN a sandbox of 1.5 s and a check that would sleep a minute
    WHEN it is uploaded
    THEN the answer comes within seconds, refusing it as too slow."""
    monkeypatch.setattr(catalog_module, "check_source", sleepy_check)
    app = create_app(tmp_path / "t.db", sandbox=Sandbox(limits=Limits(seconds=1.5)))
    with TestClient(app) as client:
        started = time.monotonic()
        answer = upload(client, TEMPLATES.read_text().replace("Templates", "Sleepy"))
        assert time.monotonic() - started < 30
    assert answer["ok"] is False and "longer than 1.5 seconds" in answer["diagnostics"][0]["message"]


@pytest.mark.slow
def test_uploads_stay_out_of_the_load_cache_and_their_folders_are_bounded(tmp_path, monkeypatch):
    """GIVEN a server whose user has a load cache, and a bound of 2 uploads' folders
    WHEN a ruleset is loaded as a user would, then 4 distinct uploads are checked and each opens a table
    THEN the cache holds nothing more after the uploads than before them, and at most 2 upload
         folders remain on disk."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CARDRULES_NO_CACHE", raising=False)
    monkeypatch.setattr(catalog_module, "MAX_FOLDERS", 2)
    load_ruleset(TEMPLATES)      # a file loaded as a user would: the cache is in use
    cached = sorted(p for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert cached, "the cache is not in use"
    with TestClient(create_app(tmp_path / "t.db", bot_delay=0)) as client:
        bots = [{"kind": "bot"}] * 2
        for n in range(4):
            name = f"Upload {tmp_path.name} {n}"
            answer = upload(client, TEMPLATES.read_text().replace("name: Templates", f"name: {name}"))
            assert answer["ok"] is True, answer
            opened = client.post("/api/tables", json={"digest": answer["digest"], "players": 2, "seats": bots})
            assert opened.status_code == 200, opened.text
        assert sorted(p for p in (tmp_path / "cache").rglob("*") if p.is_file()) == cached
        folder = Path(client.app.state.catalog._folder.name)
        assert len([p for p in folder.iterdir() if p.is_dir()]) <= 2


@pytest.mark.slow
def test_a_game_that_never_ends_stops_its_table_and_says_so(client):
    """GIVEN an uploaded ruleset that asks seat 0 to pass forever, at a table of two bots, with a
    bound of 15,000 decisions per table, and a client asking /health all along
    WHEN the bots play it
    THEN the table stops as failed, a spectator is told the game did not end within 15000
         decisions, and /health was answered each time within a generous bound."""
    client.app.state.manager.max_decisions = 15_000
    answer = upload(client, (FIXTURES / "endless.yaml").read_text(), "endless.yaml")
    assert answer["ok"] is True, answer
    slowest, done = [0.0], threading.Event()

    def ask_health():
        while not done.is_set():
            started = time.monotonic()
            assert client.get("/health").status_code == 200
            slowest[0] = max(slowest[0], time.monotonic() - started)
            time.sleep(0.02)
    asking = threading.Thread(target=ask_health, daemon=True)
    asking.start()
    try:
        table = client.post("/api/tables", json={"digest": answer["digest"], "players": 2, "seed": 1,
                                                 "seats": [{"kind": "bot"}] * 2}).json()
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{table['table']}").json()["status"] != "failed":
            assert time.monotonic() < deadline, "the endless table never stopped"
            time.sleep(0.1)
    finally:
        done.set()
        asking.join(30)
    assert slowest[0] < GENEROUS, f"/health took {slowest[0]:.2f} s while the bots played"
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": table["table"], "token": None}))
        assert ws.receive_json()["status"] == "failed"
        assert "did not end within 15000 decisions" in ws.receive_json()["error"]


def test_a_bot_that_runs_the_rules_past_their_budget_stops_its_table(tmp_path, monkeypatch):
    """GIVEN a table of a search bot and a quick one, whose search bot's thinking fails with
    the engine's budget error
    WHEN the bots play  THEN the table stops as failed and a spectator is told why."""
    def over_budget(self, game):
        if not self.quick:
            raise GameError("the ruleset did more than 10 steps of work since the last decision")
        return choose(self, game)
    choose = bots.Bot.choose
    monkeypatch.setattr(bots.Bot, "choose", over_budget)
    with TestClient(create_app(tmp_path / "t.db", bot_delay=0)) as client:
        table = client.post("/api/tables", json={"game": "texas-holdem", "players": 2, "seed": 3,
                                                 "seats": [{"kind": "bot", "agent": "ismcts:5"},
                                                           {"kind": "bot", "agent": "random"}]}).json()
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table['table']}").json()["status"] != "failed":
            assert time.monotonic() < deadline, "the table never stopped"
            time.sleep(0.05)
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "table": table["table"], "token": None}))
            ws.receive_json()
            assert "more than 10 steps" in ws.receive_json()["error"]
