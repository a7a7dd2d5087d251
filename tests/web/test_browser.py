"""The pages in real headless Chromium, driven as a person drives them.

Every table here is opened in the lobby by choosing a game, its options and its seats and clicking
"Open the table"; people follow their seat's link, play to the end by clicking, download the log
and step through it in the replay viewer. Websocket frames and what each page shows are checked
against an oracle of what that seat may have seen at that decision.
"""
from __future__ import annotations

import json
import sqlite3
import urllib.request
from pathlib import Path

import pytest

from interpreter.engine.game import Game
from tests.web.browser import (DESKTOP, PHONE, ThreadServer, open_from_lobby, over, play_to_the_end, ready, screenshot,
                               take_one_decision, wait_until)
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
    """A table of bots opened through the API (a table of bots may be seeded), for tests of
    what is done with a finished game rather than of how it is opened (the lobby's journeys)."""
    assert "human" not in seats, "tables with people are opened through the lobby"
    return api(server, "/api/tables", {
        "game": game, "players": len(seats), "seed": seed, "options": options, "bot_delay": 0,
        "seats": [{"kind": "bot", "agent": s} for s in seats]})


class Page:
    """One person's browser page at a link (a seat's, or the spectators'): records frames and what it showed."""

    def __init__(self, browser, url: str, *, seat: int | None, viewport: dict = DESKTOP):
        self.seat = seat
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.frames: list[dict] = []
        self.shown: list[tuple[int, list, str]] = []    # (decision count, card ids in the DOM, text)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-decisions]", timeout=20000)

    @classmethod
    def from_lobby(cls, browser, server, game: str, seats: list[str], *, options: dict | None = None,
                   viewport: dict = DESKTOP, shot=None) -> tuple["Page", dict]:
        """The lobby opened in a fresh context; the page then follows the first person's seat link."""
        page = cls.__new__(cls)
        page.context = browser.new_context(viewport=viewport)
        page.page = page.context.new_page()
        page.frames, page.shown, page.errors = [], [], []
        page.page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.page.on("websocket", lambda ws: ws.on("framereceived", page._frame))
        links = open_from_lobby(page.page, server.url, game, seats, options=options)
        if shot:
            shot(page.page)
        page.seat = seats.index("human")
        page.page.click(f"#seat-link-{page.seat}")
        page.page.wait_for_selector("body[data-decisions]", timeout=20000)
        links["table"] = links["spectator"].rsplit("/", 1)[1]
        return page, links

    def _frame(self, payload) -> None:
        self.frames.append(json.loads(payload))

    def received(self) -> list[dict]:
        """The frames received so far. Playwright hands a page's events over only while it is
        being called, so a wait that reads the frames alone would never see a new one: call it."""
        self.page.evaluate("0")
        return self.frames

    def ready(self) -> bool:
        return ready(self.page)

    def over(self) -> bool:
        return over(self.page)

    def record(self) -> None:
        decisions = int(self.page.evaluate("document.body.dataset.decisions"))
        ids = self.page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)")
        self.shown.append((decisions, ids, self.page.inner_text("body")))

    def close(self) -> None:
        self.context.close()


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


# Every shipped game, set in the lobby to end quickly: (seats, options). Betting games play two
# hands: the button moves, so the person is asked at least once whatever the bot does first.
JOURNEYS = {
    "black-card": (["human", "random"], {"hands": 2}),
    "black-maria": (["human", "random", "random"], {"target": 1}),
    "black-swan": (["human", "random"], {"solo_target": 1}),
    "captain-blackjack": (["human", "random"], {"coins_to_win": 1}),
    "dou-dizhu": (["human", "random", "random"], {}),
    "goofspiel": (["human", "random"], {"num_cards": 3}),
    "hanabi": (["human", "random"], {}),
    "hearts": (["human", "random", "random"], {"target": 1}),
    "kuhn-poker": (["human", "random"], {}),          # one hand; seat 0 acts first
    "leduc-poker": (["human", "random"], {}),
    "bridge": (["human", "random", "random", "random"], {}),   # North calls first
    "skat": (["human", "random", "random"], {}),               # seat 0 declares first
    "seven-poker": (["human", "random"], {"hands": 2}),
    "texas-holdem": (["human", "random"], {"hands": 2}),
}


def download_log(page, tmp_path) -> Path:
    """Click the finished table's log link and keep the file the browser saves."""
    with page.expect_download() as download:
        page.click("#download-log")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def step_through_replay(page, server, log: Path) -> int:
    """Open a log in the replay viewer and step it forward, back and to the end; its step count."""
    page.goto(server.url + "/replay")
    page.set_input_files("#log", str(log))
    page.wait_for_selector("#controls:not([hidden]), #notice:not([hidden])")
    assert page.locator("#notice").is_hidden(), page.inner_text("#notice")
    steps = int(page.get_attribute("#slider", "max"))
    wait_until(lambda: page.inner_text("#step-label") == f"decision 0 of {steps}")
    page.click("#forward")
    page.click("#forward")
    wait_until(lambda: page.inner_text("#step-label") == f"decision {min(2, steps)} of {steps}")
    page.click("#back")
    wait_until(lambda: page.inner_text("#step-label") == f"decision {min(1, steps)} of {steps}")
    page.click("#last")
    wait_until(lambda: not page.locator("#result").is_hidden())
    return steps


def unreachable_choices(page) -> list[str]:
    """The current decision's choices the page offers neither as a button nor as clickable cards."""
    return page.evaluate("""() => ((state.decision && state.decision.choices) || []).filter(c =>
        !document.querySelector(`#decision button.choice[data-choice="${CSS.escape(c.id)}"]`) &&
        !(c.cards && c.cards.every(id => document.querySelector(`button.card[data-card="${CSS.escape(id)}"]`))))
        .map(c => c.id)""")


def test_every_shipped_game_has_a_journey(server):
    """GIVEN the games the lobby offers WHEN the journeys are listed THEN each game has one."""
    assert sorted(g["key"] for g in api(server, "/api/games")["games"]) == sorted(JOURNEYS)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(JOURNEYS))
def test_a_person_opens_a_table_in_the_lobby_plays_it_and_replays_its_log(browser, server, game, tmp_path):
    """GIVEN the lobby WHEN a person chooses the game, options, a person's seat and bots, opens
    the table, follows the seat's link and clicks through every decision THEN the game ends with
    a score for each seat, every choice was on offer as a button or a clickable card, the seat's
    log downloads, and the full log from the host link opens and steps in the replay viewer."""
    seats, options = JOURNEYS[game]
    page, links = Page.from_lobby(browser, server, game, seats, options=options)
    try:
        assert "[object" not in links["text"] and "Seat 0's link" in links["text"]
        assert "#seat=" in links[0] and "#host=" in links["host"] and "#" not in links["spectator"]
        assert page.page.inner_text("#status").startswith("you are")

        def shoot(tab, clicks):
            assert not unreachable_choices(tab), f"no button or card offers {unreachable_choices(tab)}"
            if clicks == 3:
                screenshot(tab, f"table-{game}.png", tmp_path, full_page=False)
        clicks = play_to_the_end([page.page], each=shoot)
        assert clicks >= 1
        assert page.page.locator("#result td.score").count() == len(seats)
        assert "your turn" not in page.page.title()
        seat_log = download_log(page.page, tmp_path)       # what this seat saw, as the seat's log
        assert json.loads(seat_log.read_text().splitlines()[0])["view"] == page.seat
        host = page.context.new_page()                     # the full log, from the host link the lobby gave
        host.goto(links["host"])
        host.wait_for_selector("#download-log")
        log = download_log(host, tmp_path)
        assert step_through_replay(host, server, log) >= clicks
        assert not page.errors, page.errors
    finally:
        page.close()


@pytest.mark.slow
def test_two_people_and_a_spectator_at_one_hearts_table(browser, server, tmp_path):
    """GIVEN a Hearts table opened in the lobby with two people and two bots WHEN each person
    follows their own link in their own browser and a spectator follows the spectators' link
    THEN both people play it to the end by clicking, each page shows only what its seat may
    know, the spectator sees no hand, and every page ends with the same scores."""
    options = {"target": 1}
    first, links = Page.from_lobby(browser, server, "hearts", ["human", "human", "random", "random"], options=options,
                                   shot=lambda tab: screenshot(tab, "lobby.png", tmp_path))
    second = Page(browser, links[1], seat=1)
    watcher = Page(browser, links["spectator"], seat=None)
    pages = [first, second]
    labelled: set[str] = set()
    shots: list = []
    try:
        def each(tab, clicks):
            page = first if tab is first.page else second
            page.record()
            names = tab.eval_on_selector_all('[data-zone="trick"] figcaption', "ns => ns.map(n => n.textContent)")
            if clicks % 8 == 0:
                assert watcher.page.locator('[data-zone="hand"] [data-card]').count() == 0
            if clicks >= 18 and len(names) >= 2 and not shots:      # a trick under way
                shots.append(screenshot(tab, "table.png", tmp_path, full_page=False))
            labelled.update(names)
        clicks = play_to_the_end([first.page, second.page], each=each)
        for page in pages:
            page.record()
        assert clicks >= 26         # 3 passed + 13 played by each person
        assert labelled and labelled <= {"Player 0", "Player 1", "Bot 2 (random)", "Bot 3 (random)"}
        scores = [p.page.locator("#result td.score").all_inner_texts() for p in pages]
        wait_until(watcher.over)
        scores.append(watcher.page.locator("#result td.score").all_inner_texts())
        assert scores[0] == scores[1] == scores[2] and len(scores[0]) == 4
        assert sum(int(s) for s in scores[0]) in (26, 78)   # every point of the hand, or a moon shot
        assert watcher.page.inner_text("#status") == "watching (spectator)"
        assert all(f["decision"] is None for f in watcher.received() if f["type"] == "state")
        assert all(not p.errors for p in pages + [watcher]), [p.errors for p in pages + [watcher]]
        live = server.app.state.manager.get(links["table"])
        oracle, snapshots = knowledge_by_decision(server, links, live.ruleset, 4, seed=live.record.seed,
                                                  options=options, names=[s.name for s in live.record.seats])
        assert_no_leak(pages, oracle, snapshots)
    finally:
        for page in pages + [watcher]:
            page.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hearts", "texas-holdem"])
def test_on_a_phone_the_first_screen_shows_your_hand_and_your_decision(browser, server, game, tmp_path):
    """GIVEN a 390 x 844 screen WHEN a person sits at a table from the lobby and it is their turn
    THEN their hand and the decision both lie within the first screen, a face-down pile is one
    stack with its count, and the tab title says it is their turn."""
    # against a bot that never goes all-in, the person gets a decision within three hands
    seats, options = (["human", "first"], {"hands": 3}) if game == "texas-holdem" else JOURNEYS[game]
    page, _ = Page.from_lobby(browser, server, game, seats, options=options, viewport=PHONE)
    try:
        wait_until(lambda: page.ready() or page.over())
        assert page.ready(), "the person was never asked"
        for selector in ('.player.me [data-zone="hand"]', "#decision .decision"):
            box = page.page.locator(selector).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)
        assert page.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert "your turn" in page.page.title()
        for pile in page.page.locator(".stack").all():
            assert pile.locator(".card.back").count() == 1 and pile.inner_text().startswith("×")
        if game == "texas-holdem":      # the deck: one stack, not 48 backs
            assert page.page.locator('[data-zone="deck"] .stack').count() == 1
        # values in words, as the ruleset's `display:` says: Hearts asks its first decision while
        # cards are passed, when neither the play's flag nor the scoring's points are shown
        shown = " ".join(page.page.locator(".vars, .zone-vars").all_inner_texts())
        assert "_" not in shown and "owed" not in shown, shown
        if game == "hearts":
            assert "hearts broken" not in shown and "points this hand" not in shown, shown
        else:
            assert "in the hand: yes" in shown, shown
        screenshot(page.page, f"phone-{game}.png", tmp_path, full_page=False)
        take_one_decision(page.page)
        assert not page.errors, page.errors
    finally:
        page.close()


RAISE_OR_BET = '#decision button.choice[data-choice="raise"], #decision button.choice[data-choice="bet"]'


def until_a_raise_is_offered(page) -> None:
    """Take the person's decisions (the first choice each time) until a raise or a bet is offered."""
    while True:
        wait_until(lambda: page.ready() or page.over())
        assert not page.over(), "no raise or bet was offered"
        if page.page.locator(RAISE_OR_BET).count():
            return
        take_one_decision(page.page)


@pytest.mark.slow
def test_a_holdem_raise_by_an_amount(browser, server):
    """GIVEN a Hold'em table from the lobby against a bot that never raises WHEN the person
    clicks raise (or bet), types an amount and presses Enter THEN the amount is the move and
    the transcript says so."""
    # the server draws the deal: the bot ('first' takes the first choice offered) never goes
    # all-in, so within three hands the person is offered a raise or a bet
    page, _ = Page.from_lobby(browser, server, "texas-holdem", ["human", "first"], options={"hands": 3})
    try:
        until_a_raise_is_offered(page)
        page.page.locator(RAISE_OR_BET).first.click()
        page.page.wait_for_selector("#amount")
        low = int(page.page.get_attribute("#amount", "min"))
        high = int(page.page.get_attribute("#amount", "max"))
        assert page.page.locator("#decision button", has_text=f"max {high}").count() == 1
        page.page.click("#decision button >> text=max")          # the max button moves the slider too
        assert page.page.input_value("#amount-slider") == str(high)
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


@pytest.mark.slow
def test_a_holdem_raise_taken_back(browser, server):
    """GIVEN a Hold'em table from the lobby WHEN the person clicks raise (or bet), then back
    THEN the same choices are offered again at the same decision, and the table goes on from it."""
    page, _ = Page.from_lobby(browser, server, "texas-holdem", ["human", "first"], options={"hands": 3})
    try:
        until_a_raise_is_offered(page)
        assert page.page.locator("#back").count() == 0        # nothing to take back yet
        number = page.page.evaluate("document.body.dataset.ready")
        choices = page.page.locator("#decision button.choice").all_inner_texts()
        page.page.locator(RAISE_OR_BET).first.click()
        page.page.wait_for_selector("#amount")
        page.page.click("#back")
        page.page.wait_for_selector(RAISE_OR_BET)
        wait_until(lambda: page.page.evaluate("document.body.dataset.ready") == number)
        assert page.page.locator("#decision button.choice").all_inner_texts() == choices
        assert page.page.locator("#amount").count() == 0
        take_one_decision(page.page)                            # the table goes on from there
        wait_until(lambda: page.page.evaluate("document.body.dataset.decisions") != number)
        assert not page.errors, page.errors
    finally:
        page.close()


@pytest.mark.slow
def test_a_black_swan_combination_chosen_by_clicking_cards(browser, server):
    """GIVEN a Black Swan table from the lobby WHEN a combination of cards is on offer and the
    person clicks its cards, then "play" THEN exactly those cards are the move and leave the hand;
    the offered sets are listed in hand order."""
    page, _ = Page.from_lobby(browser, server, "black-swan", ["human", "random"], options={})
    try:
        for _ in range(60):         # the deal is the server's: wait for a turn that offers a set
            wait_until(lambda: page.ready() or page.over())
            assert not page.over()
            combos = [c for c in page.page.locator("#decision button.choice").evaluate_all(
                "nodes => nodes.map(n => n.dataset.choice)") if "+" in c]
            if combos:
                break
            before = page.page.evaluate("document.body.dataset.decisions")
            take_one_decision(page.page)
            # the next decision only once the page has taken this one in (a stale page would
            # offer this decision's choices again)
            wait_until(lambda: page.over() or page.page.evaluate("document.body.dataset.decisions") != before)
        firsts = page.page.evaluate("""() => [...document.querySelectorAll('#decision button.choice')]
            .filter(n => n.dataset.choice.includes('+')).map(n => Math.min(...n.dataset.choice.split('+').map(
                id => [...document.querySelectorAll('#mine [data-card]')].findIndex(c => c.dataset.card === id))))""")
        assert firsts == sorted(firsts), "the sets are not in hand order"
        combo = max(combos, key=lambda c: c.count("+"))
        cards = combo.split("+")
        for card in cards:
            page.page.click(f'#mine button.card[data-card="{card}"]')
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


@pytest.mark.slow
def test_a_replay_stepped_back_and_forth(browser, server, tmp_path):
    """GIVEN an all-bot Hearts table opened in the lobby WHEN its host follows the host link,
    downloads the full log and opens it in the replay viewer THEN the steps go forward and back
    by clicks and keys, and each seat's perspective shows that seat's hand only."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        links = open_from_lobby(page, server.url, "hearts", ["random"] * 4, options={"target": 1})
        page.goto(links["host"])
        page.wait_for_selector("#download-log", timeout=60000)
        assert page.inner_text("#download-log") == "download the full log"
        log = download_log(page, tmp_path)
        page.goto(server.url + "/replay")
        page.set_input_files("#log", str(log))
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


@pytest.mark.slow
def test_a_card_in_another_players_panel_is_chosen_by_its_button(browser, server):
    """GIVEN a Captain Blackjack table from the lobby WHEN the person uses a captain on another
    player, so that the choice is a card lying in that player's panel (not clickable there)
    THEN the card is offered as a button, and clicking it is the move."""
    page, _ = Page.from_lobby(browser, server, "captain-blackjack", ["human", "random", "random"])
    try:
        for _ in range(60):
            wait_until(lambda: page.ready() or page.over())
            assert not page.over(), "the person never chose a card of another player"
            choices = page.page.evaluate("() => state.decision.choices || []")
            mine = set(page.page.eval_on_selector_all("#mine [data-card]", "ns => ns.map(n => n.dataset.card)"))
            theirs = [c["id"] for c in choices if c.get("cards") and not set(c["cards"]) <= mine]
            if theirs:
                break
            ids = [c["id"] for c in choices]
            pick = next((i for i in ("captain", "p1", "p2", "draw") if i in ids), None)
            before = page.page.evaluate("document.body.dataset.ready")
            if pick is None:
                take_one_decision(page.page)
            else:
                page.page.click(f'#decision button.choice[data-choice="{pick}"]')
                wait_until(lambda: page.page.evaluate("document.body.dataset.ready") != before)
        assert not unreachable_choices(page.page)
        page.page.click(f'#decision button.choice[data-choice="{theirs[0]}"]')
        wait_until(lambda: any(e.get("type") == "decided" and e.get("player") == 0 and e["choice"] == theirs[0]
                               for f in page.received() if f["type"] == "state" for e in f["events"]))
        assert not page.errors, page.errors
    finally:
        page.close()


@pytest.mark.slow
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
