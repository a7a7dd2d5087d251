"""Bots at a web table: a search player thinks off the server's event loop, with or without a
delay between bot moves, so one table's thinking never stalls the others."""
from __future__ import annotations

import threading
import time

import pytest

from tests.web.helpers import Seat, new_table

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web import bots  # noqa: E402
from interpreter.web.app import create_app  # noqa: E402


def test_a_search_bot_thinks_off_the_event_loop_even_without_a_delay(tmp_path, monkeypatch):
    """GIVEN a table without a bot delay whose search player is held while it thinks
    WHEN the person before it moves, and another client then asks the server for the table
    THEN the server answers while the bot still thinks, and the bot's move lands once it chose."""
    thinking, release = threading.Event(), threading.Event()
    choose = bots.Bot.choose

    def held(self, game):
        if not self.quick:
            thinking.set()
            release.wait(60)
        return choose(self, game)
    monkeypatch.setattr(bots.Bot, "choose", held)
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0, allow_client_seeds=True)) as client:
        try:
            table = new_table(client, "texas-holdem", ["human", "ismcts:5", "human", "human"], seed=3,
                              options={"hands": 1})
            tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
            live = client.app.state.manager.get(table["table"])
            for _ in range(40):                       # people move until the search player is to move
                if thinking.is_set():
                    break
                taken = live.game.decisions_taken
                with client.websocket_connect("/ws") as ws:
                    mover = Seat(ws, table["table"], tokens[live.game.decision.player])
                    ids = [c["id"] for c in mover.state["decision"]["choices"]]
                    mover.move(next((i for i in ("call", "check") if i in ids), ids[0]))   # nobody folds
                    until(lambda: thinking.is_set() or live.game.decisions_taken > taken)
            assert thinking.wait(30), "the search player never came to move"
            answered: list = []
            asking = threading.Thread(target=lambda: answered.append(
                client.get(f"/api/tables/{table['table']}").status_code), daemon=True)
            asking.start()
            asking.join(20)
            assert answered == [200], "the server did not answer while the search player thought"
            taken = live.game.decisions_taken
            release.set()
            until(lambda: live.game.decisions_taken > taken)
        finally:
            release.set()


def until(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the table did not get there in time"
        time.sleep(0.02)
