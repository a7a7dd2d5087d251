"""Claim windows at a web table: every claimant is offered the decision at once, the first answer
to reach the server wins a race, a late answer is told it is too late, a window with a time limit
passes for those who did not answer, and a table reloaded from its store replays the answers in
the order they came."""
from __future__ import annotations

import random
import time

import pytest

from tests.conftest import ROOT
from tests.web.helpers import Seat, random_choice

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.table import LiveTable  # noqa: E402

SLAP = (ROOT / "examples" / "slap.yaml").read_text(encoding="utf-8")


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0, allow_client_seeds=True)) as client:
        yield client


def slap_table(client, *, source: str = SLAP, seed: int = 3, seats: list[dict] | None = None,
               options: dict | None = None) -> dict:
    """A table of an uploaded example (examples are not shipped), seeded; two people by default."""
    seats = seats or [{"kind": "human"}, {"kind": "human"}]
    checked = client.post("/api/check", json={"source": source, "filename": "example.yaml"}).json()
    assert checked["ok"], checked
    response = client.post("/api/tables", json={"digest": checked["digest"], "players": len(seats), "seed": seed,
                                                 "seats": seats, "options": options or {}})
    assert response.status_code == 200, response.text
    return response.json()


def seats(ws_pair, table: dict) -> list[Seat]:
    return [Seat(ws, table["table"], table["seats"][i]["token"]) for i, ws in enumerate(ws_pair)]


@pytest.mark.slow
def test_both_claimants_are_offered_the_claim_and_the_first_answer_wins(client):
    """GIVEN a Slap table where a jack is up and the game asks seat A first WHEN seat B's slap
    reaches the server first THEN B wins the claim, the store keeps B's answer, and A's slap,
    sent for the same window, is refused as too late."""
    table = slap_table(client)
    live = client.app.state.manager.get(table["table"])
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        people = seats((ws0, ws1), table)
        for person in people:
            decision = person.state["decision"]
            assert [c["id"] for c in decision["choices"]] == ["slap", "pass"]
            assert decision["claim"] == {"wins": "first", "window": 10, "hidden": True,
                                         "seconds_left": decision["claim"]["seconds_left"]}
        assert people[0].state["decision"]["no"] == people[1].state["decision"]["no"]
        asked, number = live.game.decision.player, people[0].state["decision"]["no"]
        first, late = people[1 - asked], people[asked]
        first.move("slap")
        after = first.receive()
        late.receive()                      # the state after the claim, broadcast to both
        # the next jack opens a new window, timed afresh (a generous bound: it lasts 10 s)
        assert after["decision"]["no"] > number and after["decision"]["claim"]["seconds_left"] > 5
        late.send({"type": "move", "table": table["table"], "decision": number, "choice": "slap"})
        refused = late.receive()
    assert refused["type"] == "error" and refused["code"] == "stale"
    assert refused["message"] == "too late: that claim was already resolved"
    stored = client.app.state.store.decisions(table["table"])
    assert stored[0] == (1 - asked, "slap")
    claimed = next(e for e in live.game.events if e["type"] == "claimed")
    assert claimed["player"] == 1 - asked and claimed["reason"] == "first"


def test_a_table_reloaded_from_its_store_replays_answers_in_the_order_they_came(client):
    """GIVEN a claim won by the seat not asked first WHEN the table is re-created from its
    stored decisions, or its log is opened in the replay viewer THEN the game has every event
    of the live one, the claim won by the same seat."""
    table = slap_table(client)
    live = client.app.state.manager.get(table["table"])
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        people = seats((ws0, ws1), table)
        assert sorted(people[0].state["view"]["claiming"]) == [0, 1]
        people[1 - live.game.decision.player].move("slap")
        people[0].receive()
    again = LiveTable(live.record, live.ruleset, store=live.store, filename=live.filename)
    assert again.game.events == live.game.events
    # the replay viewer steps through the table's log the same way
    opened = client.post("/api/replays", content=live.log_lines(None).encode()).json()
    step = client.get(f"/api/replays/{opened['replay']}", params={"step": 1, "as": "all"}).json()
    winner = live.game.players[next(e for e in live.game.events if e["type"] == "claimed")["player"]].name
    assert f"{winner} wins the claim: Slap (the first to claim)" in step["lines"], step


@pytest.mark.slow
def test_a_claim_whose_time_runs_out_passes_for_those_who_did_not_answer(client):
    """GIVEN a Slap table whose claim window lasts 1 second WHEN nobody answers THEN the server
    passes for both seats when the time is up, and the claim is resolved with no winner."""
    table = slap_table(client, source=SLAP.replace("window: 10", "window: 1"))
    live = client.app.state.manager.get(table["table"])
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        seats((ws0, ws1), table)
        deadline = time.monotonic() + 30          # a generous bound: the server's timer fires by itself
        while len(client.app.state.store.decisions(table["table"])) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    stored = client.app.state.store.decisions(table["table"])
    assert sorted(stored[:2]) == [(0, "pass"), (1, "pass")]
    claimed = next(e for e in live.game.events if e["type"] == "claimed")
    assert claimed["player"] is None and len(claimed["answers"]) == 2


@pytest.mark.slow
def test_a_person_and_two_bots_play_doubt_to_the_end_through_its_challenges(client):
    """GIVEN a Doubt table with one person and two random bots WHEN the person answers every
    decision put to them, challenges included, by random clicks THEN the game ends, the person
    answered claims beside the bots', and the table's log replays."""
    source = (ROOT / "examples" / "doubt.yaml").read_text(encoding="utf-8")
    table = slap_table(client, source=source, seed=8, options={"turns": 12},
                       seats=[{"kind": "human"}, *[{"kind": "bot", "agent": "random"}] * 2])
    live = client.app.state.manager.get(table["table"])
    rng = random.Random(2)
    with client.websocket_connect("/ws") as ws:
        person = Seat(ws, table["table"], table["seats"][0]["token"])
        for _ in range(500):
            if person.state["over"]:
                break
            if person.state["decision"] is not None:
                person.move(random_choice(person.state["decision"], rng))
            person.receive()
    assert live.game.over
    answered = {a["player"] for e in live.game.events if e["type"] == "claimed" for a in e["answers"]}
    assert 0 in answered and answered & {1, 2}
    again = LiveTable(live.record, live.ruleset, store=live.store, filename=live.filename)
    assert again.game.events == live.game.events
