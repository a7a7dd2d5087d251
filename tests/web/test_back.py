"""Back out of a two-part choice at the web table, as the terminal allows it.

GIVEN a Texas Hold'em table of three people, seat 2 to act first
WHEN seat 2 chooses "raise" and then sends `back`
THEN the table is as before the raise (the stored decisions, every seat's view and stream), and
     every seat is told who went back; a back from another seat, a replayed back, a back with
     nothing to undo, and a back after a card came to light get an error frame and change
     nothing; a restarted server resumes the table as the back left it.
"""
from __future__ import annotations

import json
from contextlib import ExitStack
import random

import pytest

from tests.web.helpers import Seat, new_table

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.engine.game import Game  # noqa: E402
from interpreter.compile.ruleset import load_ruleset  # noqa: E402
from interpreter.web.app import create_app  # noqa: E402


def app(path):
    return create_app(path / "tables.db", bot_delay=0, allow_client_seeds=True)


def seats_of(client, table, stack):
    return [Seat(stack.enter_context(client.websocket_connect("/ws")), table["table"], s["token"])
            for s in table["seats"]]


def back(seat: Seat, number: int | None = None) -> None:
    seat.send({"type": "back", "table": seat.table,
               "decision": seat.state["decision"]["no"] if number is None else number})


def receive_all(seats: list[Seat]) -> list[dict]:
    return [seat.receive() for seat in seats]


def settled(seats: list[Seat]) -> list[tuple]:
    """What each seat holds: its view, its decision, its events and lines."""
    return [(s.state["view"], s.state["decision"], s.events, s.lines) for s in seats]


@pytest.fixture()
def client(tmp_path):
    with TestClient(app(tmp_path)) as client:
        yield client


def test_back_after_raise_puts_the_table_as_it_was(client):
    table = new_table(client, "texas-holdem", ["human"] * 3, seed=1)
    with ExitStack() as stack:
        seats = seats_of(client, table, stack)
        before = settled(seats)
        assert before[2][1]["back"] is False              # nothing to take back yet
        seats[2].move("raise")
        receive_all(seats)
        amount = seats[2].state["decision"]
        assert amount["kind"] == "number" and amount["back"] is True
        assert client.app.state.store.decisions(table["table"]) == [(2, "raise")]
        back(seats[2])
        frames = receive_all(seats)
        assert all(f["type"] == "state" and f["taken_back"] == 2 and f["events_from"] == 0 for f in frames)
        assert settled(seats) == before                   # views, decision, streams: as before the raise
        assert client.app.state.store.decisions(table["table"]) == []
        assert not any(e["type"] == "decided" for s in seats for e in s.events)
        log = client.app.state.manager.live[table["table"]].log_lines(None)
        assert '"raise"' not in log                      # the table's log never holds the undone part
        seats[2].move("call")                             # the table goes on from decision 0
        assert [f["decisions"] for f in receive_all(seats)] == [1, 1, 1]


def test_back_from_another_seat_a_replayed_back_and_nothing_to_undo_are_refused(client):
    table = new_table(client, "texas-holdem", ["human"] * 3, seed=1)
    with ExitStack() as stack:
        seats = seats_of(client, table, stack)
        back(seats[2])
        assert seats[2].receive()["code"] == "no-back"    # decision 0: nothing to undo
        seats[2].move("raise")
        receive_all(seats)
        held = settled(seats)
        back(seats[1], 1)
        assert seats[1].receive()["code"] == "not-your-turn"
        seats[2].send({"type": "back", "table": table["table"], "decision": 0})
        assert seats[2].receive()["code"] == "stale"       # a replayed or late back names an old decision
        seats[0].ws.send_text(json.dumps({"type": "back", "table": "elsewhere", "decision": 1}))
        assert seats[0].receive()["code"] == "wrong-table"
        assert settled(seats) == held
        assert client.app.state.store.decisions(table["table"]) == [(2, "raise")]
        back(seats[2])
        receive_all(seats)
        seats[2].send({"type": "back", "table": table["table"], "decision": 1})   # the same frame again
        assert seats[2].receive()["code"] == "stale"
        assert client.app.state.store.decisions(table["table"]) == []


def choices_to_a_reveal() -> list[str]:
    """Random choices of a three-player Hold'em (seed 0) up to a decision whose seat also took
    the last one, with cards come to light in between (found by playing it in the engine)."""
    game, rng, taken = Game(load_ruleset("texas-holdem"), 3, seed=0), random.Random(0), []
    while True:
        seat = game.decision.player
        decided = [e for e in game.events if e["type"] == "decided"]
        if decided and decided[-1]["player"] == seat:
            since = game.events[max(i for i, e in enumerate(game.events) if e["type"] == "decided"):]
            if any(e.get("card") for e in since):
                return taken
        d = game.decision
        choice = str(rng.choice(d.options)) if d.kind == "number" else rng.choice(d.choices).id
        game.apply(choice)
        taken.append(choice)


def test_no_back_once_a_card_came_to_light(client):
    table = new_table(client, "texas-holdem", ["human"] * 3, seed=0)
    with ExitStack() as stack:
        seats = seats_of(client, table, stack)
        for choice in choices_to_a_reveal():
            mover = next(s for s in seats if s.state["decision"] is not None)
            mover.move(choice)
            receive_all(seats)
        mover = next(s for s in seats if s.state["decision"] is not None)
        assert mover.state["decision"]["back"] is False
        held, stored = settled(seats), client.app.state.store.decisions(table["table"])
        back(mover)
        assert mover.receive()["code"] == "no-back"
        assert settled(seats) == held and client.app.state.store.decisions(table["table"]) == stored


def test_a_restarted_server_resumes_the_table_as_the_back_left_it(tmp_path):
    with TestClient(app(tmp_path)) as client:
        table = new_table(client, "texas-holdem", ["human"] * 3, seed=1)
        with ExitStack() as stack:
            seats = seats_of(client, table, stack)
            before = settled(seats)
            seats[2].move("raise")
            receive_all(seats)
            back(seats[2])
            receive_all(seats)
    with TestClient(app(tmp_path)) as client:
        assert client.app.state.store.decisions(table["table"]) == []
        with ExitStack() as stack:
            seats = seats_of(client, table, stack)
            assert settled(seats) == before
