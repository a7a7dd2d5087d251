"""Random playouts of every shipped trick-taking ruleset at every player count.

GIVEN random legal decisions, WHEN whole games are played, THEN every game ends, no card is
ever lost or duplicated, every decision had a legal option (the engine raises otherwise),
and each hand's penalty points add up to the pack's total (26 in Hearts, 43 in Black Maria,
before moon adjustments). docs/rules.md §1-§2.
"""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from tests.conftest import ruleset

GAMES = {("hearts", 3): 110, ("hearts", 4): 110, ("hearts", 5): 110, ("hearts", 6): 110,
         ("black-maria", 3): 100, ("black-maria", 4): 100, ("black-maria", 5): 100, ("black-maria", 6): 100,
         ("black-maria-moon", 4): 80, ("hearts-spot-omnibus", 4): 80}
HAND_TOTAL = {"hearts": 26, "black-maria": 43}   # at 4 players, no options


def all_cards_accounted(game: Game) -> bool:
    seen = []
    for zone in game.zones.values():
        seen.extend(game.cards_in(zone))
    for player in game.players:
        for zone in player.zones.values():
            seen.extend(game.cards_in(zone))
    return sorted(c.id for c in seen) == sorted(c.id for c in game.cards_in_play) and \
        len(seen) == len(set(map(id, seen)))


def hand_points(game: Game, seat_count: int) -> list[list[int]]:
    """Each finished hand's points per seat, read from the events (the score phase sets them)."""
    hands, current = [], {}
    for event in game.events:
        if event["type"] == "set" and event["var"].endswith(".hand_points"):
            current[int(event["var"][1:].split(".")[0])] = event["value"]
        if event["type"] == "phase_ended" and event["phase"] == "score":
            hands.append([current.get(s, 0) for s in range(seat_count)])
            current = {}
    return hands


def load_case(name: str):
    if name == "black-maria-moon":
        return ruleset("black-maria", ("examples/black-maria-moon.yaml",)), "black-maria", {}
    if name == "hearts-spot-omnibus":
        return ruleset("hearts"), "hearts", {"spot_hearts": "true", "omnibus": "true"}
    return ruleset(name), name, {}


@pytest.mark.slow
@pytest.mark.parametrize("name,players", sorted(GAMES))
def test_random_games_end_and_conserve_cards(name, players):
    rules, family, options = load_case(name)
    rng = random.Random(f"{name}/{players}")
    for index in range(GAMES[(name, players)]):
        game = Game(rules, players, seed=rng.randrange(10**9), options=options,
                    record=index % 10 == 0)
        decisions = 0
        while not game.over:
            options_now = game.decision.options
            assert len(options_now) > 0
            game.apply_value(options_now[rng.randrange(len(options_now))])
            decisions += 1
            if decisions % 13 == 0:
                assert all_cards_accounted(game)
        assert all_cards_accounted(game)
        result = game.result
        assert result["winners"], "somebody wins every game"
        lowest = min(result["scores"])
        assert all(result["scores"][s] == lowest for s in result["winners"])
        if game.record:
            pack, _ = rules.compile("moon_points")   # the penalty cards in play, by the ruleset's values
            full = pack(game, {})
            if players == 4 and not options:
                assert full == HAND_TOTAL[family]
            omnibus = -10 if options.get("omnibus") else 0
            hands = hand_points(game, players)
            assert hands, "a game has at least one hand"
            for points in hands:
                total = sum(points)
                if name == "black-maria-moon":
                    allowed = {full, -full}                   # the moon rule turns +43 into -43
                elif family == "black-maria":
                    allowed = {full}                          # no shooting the moon
                else:
                    allowed = {full, full * (players - 1)}    # moon: everyone else takes the pack
                assert total - omnibus in allowed, points
            assert sum(sum(p) for p in hands) == sum(result["scores"])
