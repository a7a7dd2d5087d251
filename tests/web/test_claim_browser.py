"""A slap race at one web table, in real headless Chromium: two people each see the claim at the
same time, and the first click to reach the server wins it, whichever seat the game would have
asked first; the other page is told who won."""
from __future__ import annotations

import json
import urllib.request

import pytest

from tests.conftest import ROOT
from tests.web.browser import DESKTOP, ThreadServer, ready, wait_until

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from interpreter.web.app import create_app
    db = tmp_path_factory.mktemp("claims") / "tables.db"
    with ThreadServer(create_app(db, bot_delay=0, allow_client_seeds=True)) as server:
        yield server


def post(server, path: str, body: dict) -> dict:
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read().decode())


def test_two_people_race_to_slap_and_the_first_click_wins(browser, server):
    """GIVEN a Slap table with two people, a jack up, and the game asking seat A first
    WHEN seat B clicks Slap, then seat A clicks Slap
    THEN B wins the claim (the table's log says B was first), A's page no longer offers the
    claim, and both transcripts say B won it."""
    source = (ROOT / "examples" / "slap.yaml").read_text(encoding="utf-8")
    checked = post(server, "/api/check", {"source": source, "filename": "slap.yaml"})
    table = post(server, "/api/tables", {"digest": checked["digest"], "players": 2, "seed": 3,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    live = server.app.state.manager.get(table["table"])
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        pages, errors = [], []
        for seat, context in enumerate(contexts):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server.url}/t/{table['table']}#seat={table['seats'][seat]['token']}")
            pages.append(page)
        for page in pages:
            wait_until(lambda: ready(page))
            assert "Others may claim too: the first to claim wins" in page.inner_text("#decision")
        asked = live.game.decision.player
        first, late = pages[1 - asked], pages[asked]
        first.click('#decision button.choice[data-choice="slap"]')
        late.evaluate("""() => { const b = document.querySelector('#decision button.choice[data-choice="slap"]');
                                 if (b && !b.disabled) b.click(); }""")
        claimed = []
        wait_until(lambda: claimed.extend(e for e in live.game.events if e["type"] == "claimed") or claimed)
        assert claimed[0]["player"] == 1 - asked and claimed[0]["reason"] == "first"
        winner = live.game.players[1 - asked].name
        for page in pages:
            wait_until(lambda: f"{winner} wins the claim: Slap (the first to claim)" in page.inner_text("body"))
        assert next(e for e in live.game.events if e["type"] == "decided")["player"] == 1 - asked
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
