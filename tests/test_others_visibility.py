"""Zones with `visibility: others`: cards held facing out, seen by everyone but their owner
(Hanabi's hands, Indian poker). tests/rulesets/facing-out.yaml deals one such card each."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game, load_ruleset
from interpreter.errors import RulesetError

RULESET = Path(__file__).resolve().parent / "rulesets" / "facing-out.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(RULESET)


def test_everyone_but_the_owner_sees_the_card(rules):
    """GIVEN three players, each dealt one card into a zone with `others` visibility
    WHEN each seat's view is taken
    THEN a seat sees the other two players' cards and not its own."""
    game = Game(rules, 3, seed=4)
    cards = [game.cards_in(p.zones["forehead"])[0].id for p in game.players]
    for seat in range(3):
        seen = [p["zones"]["forehead"] for p in game.view(seat)["players"]]
        assert seen == [[None] if other == seat else [cards[other]] for other in range(3)]


def test_the_owner_learns_nothing_from_the_events(rules):
    """GIVEN a game with cards facing out
    WHEN the seats' event streams are read
    THEN the deal of a seat's own card reaches it without the card, and every other seat with
    it; the card is named to its owner only when it is shown at the end."""
    game = Game(rules, 2, seed=1)
    own = game.cards_in(game.players[0].zones["forehead"])[0].id
    dealt = [e for e in game.events_for(0) if e["type"] == "moved" and e["to"] == "p0.forehead"]
    assert dealt and all(e["card"] is None for e in dealt)
    assert own in [e["card"] for e in game.events_for(1) if e["type"] == "moved"]
    while not game.over:
        game.apply("stay")
    assert own in [e["card"] for e in game.events_for(0) if e["type"] == "shown"]


def test_a_game_zone_cannot_face_out(tmp_path):
    """GIVEN a game zone declared with `others` visibility (it has no owner to hide it from)
    WHEN the ruleset loads
    THEN one error at the visibility says it means everyone and to write 'public'."""
    text = RULESET.read_text(encoding="utf-8").replace(
        "deck: {owner: game, visibility: hidden}", "deck: {owner: game, visibility: others}")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(path)
    line = text.splitlines().index("  deck: {owner: game, visibility: others}") + 1
    assert f"bad.yaml:{line}:" in str(error.value) and "means everyone; use 'public'" in str(error.value)


def test_the_search_player_plays_without_seeing_its_own_card(rules):
    """GIVEN a game with cards facing out and the ISMCTS player at seat 0
    WHEN it decides
    THEN it plays a legal action: its samples deal its own unseen card among the cards it
    cannot see."""
    from interpreter.agents.ismcts import ISMCTSAgent
    game = Game(rules, 2, seed=3)
    agent = ISMCTSAgent(iterations=30, seed=1)
    from interpreter.agents import play
    result = play(game, [agent, ISMCTSAgent(iterations=30, seed=2)])
    assert result is not None and game.over and agent.dropped == 0


def test_with_explicit_chance_a_seat_knows_the_others_cards_only():
    """GIVEN the facing-out game through the OpenSpiel adapter with explicit chance, two players
    and five cards
    WHEN every first decision of seat 0 is listed
    THEN there is one for each of the 120 orders the shuffle of 5 cards draws, and its
    information states tell apart the 5 cards of seat 1 and nothing else: seat 0's own card and
    the order of the cards left stay unknown."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.get_all_states import get_all_states
    from interpreter.rl import openspiel_game  # noqa: F401
    game = pyspiel.load_game("cardrules", {"ruleset": str(RULESET), "players": 2, "chance": "explicit"})
    states = get_all_states(game, depth_limit=-1, include_terminals=False, include_chance_states=False)
    first = [s for s in states.values() if s.current_player() == 0]
    assert len(first) == 120 and len({s.information_state_string() for s in first}) == 5
