"""The pages in real headless Chromium: people play by clicking, and see only their own cards.

Each test drives the system's chromium through Playwright against a server on a loopback port,
records every websocket frame each page receives and what each page shows, and checks both
against an oracle of what that seat may have seen at that decision.
"""
from __future__ import annotations

import json
import sqlite3
import time
import urllib.request

import pytest

from interpreter.engine.game import Game
from tests.web.browser import ThreadServer, screenshot
from tests.web.helpers import Oracle

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from interpreter.web.app import create_app
    db = tmp_path_factory.mktemp("browser") / "tables.db"
    with ThreadServer(create_app(db, bot_delay=0, allow_client_seeds=True)) as server:
        server.db = db
        yield server


def api(server, path: str, body: dict | None = None, *, token: str | None = None):
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", **({"X-Token": token} if token else {})},
                                     method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request, timeout=30) as response:
        data = response.read().decode()
        return json.loads(data) if response.headers.get_content_type() == "application/json" else data


def open_table(server, game: str, seats: list[str], *, seed: int, options: dict) -> dict:
    return api(server, "/api/tables", {
        "game": game, "players": len(seats), "seed": seed, "options": options, "bot_delay": 0,
        "seats": [{"kind": "human", "name": f"Player {i}"} if s == "human" else {"kind": "bot", "agent": s}
                  for i, s in enumerate(seats)]})


class Page:
    """One person's browser page at a seat: records frames and what it showed."""

    def __init__(self, browser, server, table: dict, seat: int):
        self.seat = seat
        self.context = browser.new_context(viewport={"width": 1280, "height": 860})
        self.page = self.context.new_page()
        self.frames: list[dict] = []
        self.shown: list[tuple[int, list, str]] = []    # (decision count, card ids in the DOM, text)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
        self.page.goto(f"{server.url}/t/{table['table']}#seat={token}")
        self.page.wait_for_selector("body[data-decisions]", timeout=20000)

    def _frame(self, payload) -> None:
        self.frames.append(json.loads(payload))

    def received(self) -> list[dict]:
        """The frames received so far. Playwright hands a page's events over only while it is
        being called, so a wait that reads the frames alone would never see a new one: call it."""
        self.page.evaluate("0")
        return self.frames

    def ready(self) -> bool:
        return self.page.evaluate("document.body.dataset.ready") not in (None, "")

    def over(self) -> bool:
        return self.page.evaluate("document.body.dataset.over") == "true"

    def record(self) -> None:
        decisions = int(self.page.evaluate("document.body.dataset.decisions"))
        ids = self.page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)")
        self.shown.append((decisions, ids, self.page.inner_text("body")))

    def close(self) -> None:
        self.context.close()


def wait_until(condition, *, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the page did not get there in time")
        time.sleep(0.03)


def knowledge_by_decision(server, table: dict, ruleset, players: int, *, seed: int, options: dict, names: list[str]):
    """For each decision count n: what each seat may know once n decisions are taken."""
    with sqlite3.connect(server.db) as db:
        choices = [c for (c,) in db.execute("SELECT choice FROM decisions WHERE table_id = ? ORDER BY n",
                                            (table["table"],))]
    mirror = Game(ruleset, players, seed=seed, options=options, names=names)
    oracle = Oracle(mirror)
    snapshots = [{s: set(k) for s, k in oracle.known.items()}]
    for choice in choices:
        mirror.apply(choice)
        oracle.observe()
        snapshots.append({s: set(k) for s, k in oracle.known.items()})
    return oracle, snapshots


def assert_no_leak(pages: list[Page], oracle: Oracle, snapshots: list[dict]) -> None:
    labels = {c.label: c.id for c in oracle.game.all_cards}
    for page in pages:
        for frame in page.frames:
            if frame["type"] == "state":
                oracle.known = snapshots[frame["decisions"]]
                assert not oracle.leaks(page.seat, frame), f"seat {page.seat} received {oracle.leaks(page.seat, frame)}"
        for decisions, ids, text in page.shown:
            known = snapshots[decisions][page.seat]
            assert set(ids) <= known, f"seat {page.seat}'s page showed {set(ids) - known}"
            shown_labels = {label for label in labels if label in text and any(ch in label for ch in "♠♥♦♣")}
            hidden = {label for label in shown_labels if labels[label] not in known
                      and not any(other != label and label in other and other in text for other in labels)}
            assert not hidden, f"seat {page.seat}'s page wrote {hidden}"


def test_two_people_play_a_hand_of_hearts_by_clicking(browser, server, tmp_path):
    options, seed = {"target": 1}, 8
    table = open_table(server, "hearts", ["human", "human", "random", "random"], seed=seed, options=options)
    pages = [Page(browser, server, table, seat) for seat in (0, 1)]
    try:
        clicks = 0
        while not all(p.over() for p in pages):
            wait_until(lambda: any(p.ready() or p.over() for p in pages))
            for page in pages:
                if page.ready():
                    page.record()
                    if clicks == 18:
                        screenshot(page.page, "table.png", tmp_path)
                    before = page.page.evaluate("document.body.dataset.ready")
                    page.page.locator("#table button.card.legal").first.click()
                    clicks += 1
                    wait_until(lambda: page.page.evaluate("document.body.dataset.ready") != before)
        for page in pages:
            page.record()
        assert clicks >= 26         # 3 passed + 13 played by each person
        scores = [p.page.locator("#result td.score").all_inner_texts() for p in pages]
        assert scores[0] == scores[1] and len(scores[0]) == 4
        assert sum(int(s) for s in scores[0]) in (26, 78)   # every point of the hand, or a moon shot
        assert all(not p.errors for p in pages), [p.errors for p in pages]
        live = server.app.state.manager.get(table["table"])
        oracle, snapshots = knowledge_by_decision(server, table, live.ruleset, 4, seed=seed, options=options,
                                                  names=[s.name for s in live.record.seats])
        assert_no_leak(pages, oracle, snapshots)
    finally:
        for page in pages:
            page.close()


def test_a_holdem_raise_by_an_amount(browser, server):
    table = open_table(server, "texas-holdem", ["human", "random"], seed=3, options={"hands": 1})
    page = Page(browser, server, table, 0)
    try:
        wait_until(lambda: page.ready() or page.over())
        raise_button = page.page.locator('#decision button.choice[data-choice="raise"], '
                                         '#decision button.choice[data-choice="bet"]').first
        raise_button.click()
        page.page.wait_for_selector("#amount")
        low = int(page.page.get_attribute("#amount", "min"))
        high = int(page.page.get_attribute("#amount", "max"))
        assert page.page.locator("#decision button", has_text=f"max {high}").count() == 1
        amount = low + (high - low) // 3
        page.page.fill("#amount", str(amount))
        page.page.keyboard.press("Enter")
        wait_until(lambda: f"{amount}" in page.page.inner_text("#transcript") and
                   any("decided" == e.get("type") and e.get("kind") == "number" and e["choice"] == str(amount)
                       for f in page.received() if f["type"] == "state" for e in f["events"]))
        assert f"Player 0 raises by {amount}" in page.page.inner_text("#transcript") or \
            f"Player 0 bets {amount}" in page.page.inner_text("#transcript")
        while not page.over():      # then check or call to the end of the hand
            wait_until(lambda: page.ready() or page.over())
            if page.ready():
                before = page.page.evaluate("document.body.dataset.ready")
                buttons = page.page.locator("#decision button.choice")
                ids = [buttons.nth(i).get_attribute("data-choice") for i in range(buttons.count())]
                pick = next((c for c in ("check", "call") if c in ids), ids[0] if ids else None)
                if pick is None:
                    page.page.click("#submit-number")
                else:
                    page.page.click(f'#decision button.choice[data-choice="{pick}"]')
                wait_until(lambda: page.page.evaluate("document.body.dataset.ready") != before)
        assert page.page.locator("#result td.score").count() == 2
        assert not page.errors
    finally:
        page.close()


def test_a_black_swan_combination_chosen_by_clicking_cards(browser, server):
    table = open_table(server, "black-swan", ["human", "random"], seed=5, options={})
    page = Page(browser, server, table, 0)
    try:
        for _ in range(20):
            wait_until(lambda: page.ready() or page.over())
            assert not page.over()
            combos = [c for c in page.page.locator("#decision button.choice").evaluate_all(
                "nodes => nodes.map(n => n.dataset.choice)") if "+" in c]
            if combos:
                break
            before = page.page.evaluate("document.body.dataset.decisions")
            page.page.locator("#decision button.choice").first.click()
            # the next decision only once the page has taken this one in (a stale page would
            # offer this decision's choices again)
            wait_until(lambda: page.over() or page.page.evaluate("document.body.dataset.decisions") != before)
        combo = max(combos, key=lambda c: c.count("+"))
        cards = combo.split("+")
        for card in cards:
            page.page.click(f'#table button.card[data-card="{card}"]')
        play = page.page.locator("#play-selection")
        assert play.is_enabled()
        play.click()
        wait_until(lambda: any(e.get("type") == "decided" and e.get("player") == 0 and
                               sorted(e["choice"].split("+")) == sorted(cards)
                               for f in page.received() if f["type"] == "state" for e in f["events"]))
        hand = '[data-seat="0"] [data-zone="hand"] [data-card]'
        wait_until(lambda: not set(cards) & set(page.page.eval_on_selector_all(     # they left the hand
            hand, "nodes => nodes.map(n => n.dataset.card)")))
        assert not page.errors
    finally:
        page.close()


def test_a_replay_stepped_back_and_forth(browser, server, tmp_path):
    table = open_table(server, "hearts", ["random"] * 4, seed=12, options={"target": 1})
    wait_until(lambda: api(server, f"/api/tables/{table['table']}")["status"] == "over")
    log = api(server, f"/api/tables/{table['table']}/log", token=table["host_token"])
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    try:
        page.goto(server.url + "/replay")
        page.set_input_files("#log", files=[{"name": "hearts.jsonl", "mimeType": "application/x-ndjson",
                                            "buffer": log.encode()}])
        page.wait_for_selector("#controls:not([hidden])")

        def at(step: int) -> str:
            wait_until(lambda: page.inner_text("#step-label").startswith(f"decision {step} of"))
            return page.inner_html("#table")

        at(0)
        for _ in range(20):
            page.click("#forward")
        twenty = at(20)
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        eighteen = at(18)
        assert eighteen != twenty
        page.click("#forward")
        page.click("#forward")
        assert at(20) == twenty
        page.select_option("#perspective", "1")      # as seat 1: its hand, no other hand
        at(20)
        wait_until(lambda: page.locator('[data-seat="1"] [data-card]').count() > 0)
        assert page.locator('[data-seat="0"] [data-zone="hand"] [data-card]').count() == 0
        page.select_option("#perspective", "all")
        wait_until(lambda: page.locator('[data-seat="0"] [data-zone="hand"] [data-card]').count() > 0)
        screenshot(page, "replay.png", tmp_path)
        page.click("#last")
        wait_until(lambda: not page.locator("#result").is_hidden())
    finally:
        context.close()


def test_a_spectators_log_is_stepped_through_as_its_transcript(browser, server):
    """GIVEN the log a spectator downloads (no seed: no table can be drawn from it) WHEN it is
    opened in the replay viewer THEN it steps through what the spectator read, says whose view
    it is, and the page raises no error."""
    table = open_table(server, "hearts", ["random"] * 4, seed=12, options={"target": 1})
    wait_until(lambda: api(server, f"/api/tables/{table['table']}")["status"] == "over")
    log = api(server, f"/api/tables/{table['table']}/log")
    assert json.loads(log.splitlines()[0])["view"] == "public"
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url + "/replay")
        page.set_input_files("#log", files=[{"name": "public.jsonl", "mimeType": "application/x-ndjson",
                                            "buffer": log.encode()}])
        page.wait_for_selector("#controls:not([hidden])")
        wait_until(lambda: "as a spectator saw it" in page.inner_text("#table"))
        page.click("#forward")
        page.click("#forward")
        wait_until(lambda: page.inner_text("#step-label").startswith("decision 2 of"))
        assert "decides" in page.inner_text("#status")
        page.click("#last")
        wait_until(lambda: "game over" in page.inner_text("#transcript").lower())
        assert not errors
    finally:
        context.close()
