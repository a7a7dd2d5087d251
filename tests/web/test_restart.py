"""Nothing is lost when the server dies: tables resume from the store, seat links still work.

GIVEN a real server process, and a Hearts table of two people and two bots in mid-hand
WHEN the process is killed (SIGKILL, no shutdown) and started again on the same database
THEN each seat's link joins the same seat, the table is at the same decision with the same view,
     and the hand plays on to its end.
"""
from __future__ import annotations

import json
import random

import pytest

from interpreter import load_ruleset
from interpreter.engine.game import Game
from interpreter.web.frames import view_for
from tests.web.helpers import random_choice
from tests.web.server_process import ROOT, ServerProcess

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
websockets_sync = pytest.importorskip("websockets.sync.client", reason="the websockets package is not installed")


def post(url: str, body: dict) -> dict:
    import urllib.request
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Client:
    def __init__(self, url: str, table: str, token: str):
        self.ws = websockets_sync.connect(url.replace("http", "ws") + "/ws", open_timeout=30)
        self.table = table
        self.ws.send(json.dumps({"type": "join", "table": table, "token": token}))
        self.welcome = self.next()
        self.state = self.next()

    def next(self) -> dict:
        frame = json.loads(self.ws.recv(timeout=30))
        if frame["type"] == "state":
            self.state = frame
        return frame

    def close(self) -> None:
        self.ws.close()


@pytest.mark.slow
def test_a_killed_server_resumes_every_table_mid_hand(tmp_path):
    server = ServerProcess(tmp_path / "tables.db").start()
    try:
        created = post(server.url + "/api/tables", {
            "game": "hearts", "players": 4, "seed": 21, "options": {"target": 1}, "bot_delay": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]})
        tokens = [s["token"] for s in created["seats"]]
        mirror = Game(load_ruleset(ROOT / "rulesets" / "hearts.yaml"), 4, seed=21, options={"target": 1},
                      names=["Player 0", "Player 1", "Bot 2 (random)", "Bot 3 (random)"])
        rng = random.Random(3)
        clients = [Client(server.url, created["table"], t) for t in tokens]

        def play(moves: int) -> None:
            for _ in range(moves):
                mover = next((c for c in clients if c.state["decision"]), None)
                if mover is None:
                    return
                decision = mover.state["decision"]
                mover.ws.send(json.dumps({"type": "move", "table": created["table"], "decision": decision["no"],
                                          "choice": random_choice(decision, rng)}))
                for c in clients:      # one update each; bots answer before it is sent
                    c.next()

        play(12)                       # the pass and a few tricks: mid-hand
        at = clients[0].state["decisions"]
        views = [c.state["view"] for c in clients]
        assert 0 < at and not clients[0].state["over"]
        for c in clients:
            c.close()
        server.kill()

        server.start()
        clients = [Client(server.url, created["table"], t) for t in tokens]
        assert [c.welcome["seat"] for c in clients] == [0, 1]
        assert all(c.state["decisions"] == at for c in clients)
        assert [c.state["view"] for c in clients] == views
        # the same decisions rebuild the same game, so the stored list is the whole truth
        import sqlite3
        with sqlite3.connect(tmp_path / "tables.db") as db:
            for (choice,) in db.execute("SELECT choice FROM decisions WHERE table_id = ? ORDER BY n",
                                        (created["table"],)):
                mirror.apply(choice)
        assert [view_for(mirror, s) for s in (0, 1)] == views
        play(400)
        assert all(c.state["over"] for c in clients)
        assert clients[0].state["result"] == clients[1].state["result"]
        for c in clients:
            c.close()
    finally:
        server.stop()
