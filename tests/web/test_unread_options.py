"""The lobby says which options no remaining rule reads, as `cardrules info` does: an upload that
builds on a shipped game and replaces the rules reading one of its options still offers it, marked."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.browser import DESKTOP, ThreadServer, wait_until

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]

UNREAD = Path(__file__).resolve().parents[1] / "broken" / "unread_option.yaml"    # Hearts, `moon` read by no rule
NOTE = "read by no rule: setting it changes nothing"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from interpreter.web.app import create_app
    with ThreadServer(create_app(tmp_path_factory.mktemp("unread") / "tables.db", bot_delay=0)) as server:
        yield server


def test_the_lobby_describes_an_option_no_rule_reads():
    """GIVEN a ruleset that extends Hearts and replaces the procedure reading `moon` WHEN the
    lobby's description of it is made THEN `moon` is unread and every other option is not."""
    from interpreter.compile.ruleset import load_ruleset
    from interpreter.web.described import describe
    options = {o["name"]: o for o in describe(load_ruleset(UNREAD))["options"]}
    assert options["moon"]["unread"] is True
    assert [name for name, o in options.items() if o["unread"]] == ["moon"]
    assert not any(o["unread"] for o in describe(load_ruleset("hearts"))["options"])


def test_the_lobby_marks_an_option_no_rule_reads_next_to_it(browser, server):
    """GIVEN the lobby WHEN a person uploads a ruleset that builds on Hearts and replaces the
    rules that read `moon` THEN `moon` is still offered, with the note that setting it changes
    nothing beside it, and no other option has the note; a shipped Hearts has none."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url + "/")
        page.wait_for_selector('#game option[value="hearts"]', state="attached")
        page.select_option("#game", "hearts")
        page.wait_for_selector('[data-option="moon"]')
        assert page.locator(".unread-note").count() == 0
        page.set_input_files("#upload", str(UNREAD))
        wait_until(lambda: "Hearts without the moon" in page.inner_text("#description"))
        marked = page.locator("label.unread")
        assert marked.count() == 1 and marked.get_attribute("data-unread") == "moon"
        assert marked.locator('[data-option="moon"]').count() == 1
        assert NOTE in marked.inner_text()
        assert page.locator(".unread-note").count() == 1
        assert not errors, errors
    finally:
        context.close()
