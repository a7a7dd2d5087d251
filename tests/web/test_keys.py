"""The web table by keyboard: keys 1-9 pick a choice whether it is listed as a button or offered
only as a highlighted card, and Esc takes back the first part of a two-part choice."""
from __future__ import annotations

import pytest

from tests.web.browser import ThreadServer, wait_until
from tests.web.test_browser import RAISE_OR_BET, Page, until_a_raise_is_offered

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from interpreter.web.app import create_app
    with ThreadServer(create_app(tmp_path_factory.mktemp("keys") / "tables.db", bot_delay=0)) as server:
        yield server


def decided_by(page, seat: int) -> list[str]:
    return [e["choice"] for f in page.received() if f["type"] == "state" for e in f["events"]
            if e.get("type") == "decided" and e.get("player") == seat]


def test_number_keys_pick_cards_offered_only_on_the_table(browser, server):
    """GIVEN a Hearts table from the lobby, the person's decision a card of their hand, offered
    only as highlighted cards (no button lists them) WHEN the person presses 3 THEN the third
    highlighted card in hand order is the move; each of the first nine shows its key."""
    page, _ = Page.from_lobby(browser, server, "hearts", ["human", "random", "random"], options={"target": 1})
    try:
        for press in ("3", "1"):
            wait_until(lambda: page.ready() or page.over())
            assert page.ready(), "the person was never asked"
            assert page.page.locator("#decision button.choice").count() == 0, "the cards are listed as buttons"
            legal = page.page.eval_on_selector_all("#mine button.card.legal",
                                                   "ns => ns.map(n => [n.dataset.card, n.dataset.key])")
            assert len(legal) >= int(press)
            assert [key for _, key in legal[:9]] == [str(k) for k in range(1, min(9, len(legal)) + 1)]
            assert "key 1" in page.page.get_attribute("#mine button.card.legal", "title")
            card = legal[int(press) - 1][0]
            before = len(decided_by(page, 0))
            page.page.locator("body").press(press)
            wait_until(lambda: len(decided_by(page, 0)) > before)
            assert decided_by(page, 0)[before] == card
        assert not page.errors, page.errors
    finally:
        page.close()


def test_escape_takes_a_raise_back(browser, server):
    """GIVEN a Hold'em table from the lobby WHEN the person clicks raise (or bet), sees that back
    has the key Esc, and presses Esc in the amount box THEN the same choices are offered again at
    the same decision."""
    page, _ = Page.from_lobby(browser, server, "texas-holdem", ["human", "first"], options={"hands": 3})
    try:
        until_a_raise_is_offered(page)
        number = page.page.evaluate("document.body.dataset.ready")
        choices = page.page.locator("#decision button.choice").all_inner_texts()
        page.page.locator(RAISE_OR_BET).first.click()
        page.page.wait_for_selector("#amount")
        assert "Esc" in page.page.get_attribute("#back", "title")
        page.page.focus("#amount")
        page.page.keyboard.press("Escape")
        page.page.wait_for_selector(RAISE_OR_BET)
        wait_until(lambda: page.page.evaluate("document.body.dataset.ready") == number)
        assert page.page.locator("#decision button.choice").all_inner_texts() == choices
        assert page.page.locator("#amount").count() == 0
        assert not page.errors, page.errors
    finally:
        page.close()
