"""The lobby shows the rules sheet of the game and options chosen (`cardrules explain`): the
`/api/sheet` endpoint, and the lobby page in real headless Chromium."""
from __future__ import annotations

import html.parser

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from tests.web.browser import ThreadServer, wait_until  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("sheet") / "tables.db", bot_delay=0)) as client:
        yield client


def _tags(fragment: str) -> list[tuple[str, list]]:
    found = []

    class Tags(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, attrs))
    Tags().feed(fragment)
    return found


def test_the_sheet_of_a_shipped_game_follows_the_options(client):
    """GIVEN Hearts in the lobby
    WHEN its sheet is asked with the default options, then with moon=off
    THEN both are HTML fragments of the rules, the option table shows the value, and the moon
    scoring is in the first only."""
    default = client.post("/api/sheet", json={"game": "hearts"})
    assert default.status_code == 200 and default.headers["content-type"].startswith("text/html")
    assert "<h1>Hearts</h1>" in default.text and "How to play" in default.text
    assert "shot moon" in default.text
    off = client.post("/api/sheet", json={"game": "hearts", "options": {"moon": "off"}})
    assert off.status_code == 200 and "<td>off</td>" in off.text and "shot moon (p) for some" not in off.text


def test_a_bad_request_for_a_sheet_is_refused_in_words(client):
    """GIVEN requests for a game that is not shipped, a bad option value, an unknown digest
    THEN each is refused with a sentence, never a sheet."""
    cases = [({"game": "../hearts"}, 404, "no shipped game"),
             ({"game": "hearts", "options": {"target": "many"}}, 400, "target"),
             ({"digest": "0" * 64}, 404, "digest"),
             ({"game": "hearts", "options": [1]}, 400, "options")]
    for body, status, words in cases:
        answer = client.post("/api/sheet", json=body)
        assert answer.status_code == status, body
        assert words in answer.json()["error"]


@pytest.mark.slow       # the upload is checked in a sandboxed child process
def test_an_uploaded_rulesets_sheet_is_escaped(client):
    """GIVEN an upload whose name and description hold markup, checked by the sandbox
    WHEN its sheet is asked by digest
    THEN the markup arrives as text: the only elements are the sheet's own, without attributes."""
    source = ("version: 1\nname: \"<img src=x onerror=alert(1)>\"\nextends: hearts\n"
              "description: \"<script>alert(2)</script>\"\n")
    checked = client.post("/api/check", json={"source": source, "filename": "evil.yaml"}).json()
    assert checked["ok"], checked
    answer = client.post("/api/sheet", json={"digest": checked["digest"]})
    assert answer.status_code == 200
    tags = _tags(answer.text)
    assert not any(tag in ("img", "script") for tag, _ in tags)
    assert all(not attrs for tag, attrs in tags if tag != "article")
    assert "&lt;img src=x onerror=alert(1)&gt;" in answer.text


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
    with ThreadServer(create_app(tmp_path_factory.mktemp("sheet-browser") / "tables.db", bot_delay=0)) as server:
        yield server


@pytest.mark.slow
def test_the_lobby_shows_the_sheet_of_the_chosen_game_and_options(browser, server):
    """GIVEN the lobby in a browser
    WHEN a person picks Black Maria, then turns the moon rule on
    THEN the Rules panel shows Black Maria's sheet, and then the sheet with the moon scoring."""
    page = browser.new_page()
    try:
        page.goto(server.url + "/")
        page.wait_for_selector('#game option[value="black-maria"]', state="attached")
        page.select_option("#game", "black-maria")
        page.wait_for_selector("#sheet h1:text-is('Black Maria')")
        sheet = page.inner_text("#sheet")
        assert "How to play" in sheet and "moon_rule" in sheet
        assert "2 × moon points" not in sheet
        page.locator('[data-option="moon_rule"]').set_checked(True)
        wait_until(lambda: "2 × moon points" in page.inner_text("#sheet"), timeout=30)
        assert page.locator("#sheet script, #sheet [onclick], #sheet img").count() == 0
    finally:
        page.close()
