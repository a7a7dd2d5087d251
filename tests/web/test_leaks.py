"""No leak: every frame each seat (and a spectator) receives, in every shipped game, holds only
cards that seat may see, and the stream it rebuilds is exactly the engine's view of it.

GIVEN a table of people only (each seat a websocket client, plus a spectator)
WHEN random legal moves are sent until the game (one or two hands) ends
THEN no frame to a client names a card it could not have seen, the end-of-hand gathering
included; and each client's view and events equal `Game.view(seat)` / `events_for(seat)` (a
spectator's: `view_public()` / `events_public()`).
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine.game import Game
from interpreter.web.frames import SPECTATOR, events_of, view_for
from tests.web.helpers import SHORT_OPTIONS, Oracle, Seat, new_table, random_choice

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402

GAMES = {"black-card": 3, "black-maria": 3, "black-swan": 4, "captain-blackjack": 3, "hearts": 4,
         "seven-poker": 3, "texas-holdem": 3}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("db") / "tables.db", bot_delay=0, allow_client_seeds=True)
    with TestClient(app) as client:
        yield client


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_client_sees_a_card_it_may_not(client, game):
    players, seed = GAMES[game], 11
    created = new_table(client, game, ["human"] * players, seed=seed, options=SHORT_OPTIONS[game])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    ruleset = client.app.state.catalog.ruleset(client.app.state.catalog.shipped_digest(game))
    mirror = Game(ruleset, players, seed=seed, options=SHORT_OPTIONS[game],
                  names=[f"Player {i}" for i in range(players)])
    oracle = Oracle(mirror)
    rng = random.Random(seed)
    sockets = [client.websocket_connect("/ws") for _ in range(players + 1)]
    try:
        seats = {seat: Seat(ws.__enter__(), created["table"], tokens.get(seat))
                 for seat, ws in zip([*range(players), SPECTATOR], sockets)}
        moves = 0
        while True:
            for seat, client_seat in seats.items():
                for frame in client_seat.frames:
                    leaked = oracle.leaks(seat, frame)
                    assert not leaked, f"{game}: seat {seat} was sent {sorted(leaked)} at move {moves}"
                client_seat.frames.clear()
                assert client_seat.state["view"] == view_for(mirror, seat)
                assert client_seat.events == events_of(mirror, seat)
            if mirror.over:
                break
            decider = mirror.decision.player
            choice = random_choice(seats[decider].state["decision"], rng)
            seats[decider].move(choice)
            mirror.apply(choice)
            oracle.observe()
            for client_seat in seats.values():
                assert client_seat.receive()["type"] == "state"
            moves += 1
        assert all(s.state["result"] == mirror.result for s in seats.values())
        assert any(e["type"] == "ended" for e in mirror.events)
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
