"""The replay viewer labels the cards of a trick with who played them, as the live table does."""
from __future__ import annotations

import pytest

from interpreter.engine.game import Game
from interpreter.compile.ruleset import load_ruleset
from interpreter.web.frames import card_origins
from tests.web.browser import DESKTOP, ThreadServer, wait_until
from tests.web.test_browser import api, open_table

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from interpreter.web.app import create_app
    with ThreadServer(create_app(tmp_path_factory.mktemp("labels") / "tables.db", bot_delay=0,
                                 allow_client_seeds=True)) as server:
        yield server


def test_card_origins_follow_the_moves_out_of_a_players_zone():
    """GIVEN moves of cards from players' zones, from a shared zone and unseen moves WHEN origins
    are read THEN a card is its last mover's while it lies where that player put it."""
    events = [{"type": "moved", "card": "2C", "from": "p0.hand", "to": "trick"},
              {"type": "moved", "card": None, "from": "p1.hand", "to": "p2.hand", "count": 3},
              {"type": "decided", "player": 1, "choice": "JC"},
              {"type": "moved", "card": "JC", "from": "p1.hand", "to": "trick"},
              {"type": "moved", "card": "2C", "from": "trick", "to": "p1.won"}]
    assert card_origins(events) == {"JC": 1}


def trick_players(ruleset, header: dict, decisions: list[tuple[int, str]], step: int) -> dict[str, str]:
    """Who played each card of the trick after `step` decisions, read from the game itself."""
    game = Game(ruleset, header["players"], seed=header["seed"], options=header["options"], names=header["names"])
    for seat, choice in decisions[:step]:
        game.apply(choice, seat=seat)
    names = [p.name for p in game.players]
    played = {}
    for event in game.events_all():
        if event["type"] == "moved" and event.get("to") == "trick" and event.get("card"):
            played[event["card"]] = names[int(event["from"][1:].split(".")[0])]
    return {card.id: played[card.id] for card in game.cards_in(game.zones["trick"])}


@pytest.mark.slow
def test_the_replay_viewer_labels_trick_cards_with_who_played_them(browser, server):
    """GIVEN the full log of a finished all-bot Hearts table WHEN it is opened in the replay viewer
    and stepped to a trick under way THEN each card of the trick carries the name of the player
    who played it, the same as the game says, seen as all and as a seat."""
    import json
    table = open_table(server, "hearts", ["random"] * 4, seed=5, options={"target": 1})
    wait_until(lambda: api(server, f"/api/tables/{table['table']}")["status"] == "over")
    log = api(server, f"/api/tables/{table['table']}/log?token={table['host_token']}")
    records = [json.loads(line) for line in log.splitlines()]
    header = records[0]
    decisions = [(r["player"], r["choice"]) for r in records[1:] if r.get("type") == "decided"]
    ruleset = load_ruleset("hearts")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url + "/replay")
        page.set_input_files("#log", files=[{"name": "full.jsonl", "mimeType": "application/x-ndjson",
                                            "buffer": log.encode()}])
        page.wait_for_selector("#controls:not([hidden])")
        # the first step with a trick of two cards under way (after the passes)
        step = next(n for n in range(len(decisions)) if len(trick_players(ruleset, header, decisions, n)) == 2)
        expected = trick_players(ruleset, header, decisions, step)
        for perspective in ("all", "2"):
            page.select_option("#perspective", perspective)
            page.fill("#slider", str(step))
            page.dispatch_event("#slider", "change")
            wait_until(lambda: page.inner_text("#step-label").startswith(f"decision {step} of")
                       and page.locator('[data-zone="trick"] figure.played').count() == 2)
            shown = page.eval_on_selector_all('[data-zone="trick"] figure.played', """figures => Object.fromEntries(
                figures.map(f => [f.querySelector("[data-card]").dataset.card, f.querySelector("figcaption").textContent]))""")
            assert shown == expected, perspective
        assert not errors, errors
    finally:
        context.close()
