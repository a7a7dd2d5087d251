"""Players, teams and zones are a layout shared by the games of a ruleset; what changes is each game's."""
from __future__ import annotations

import random

from interpreter import Game, load_ruleset
from interpreter.agents import turn_of
from tests.conftest import ROOT, ruleset
from tests.test_clone import advance


def test_games_with_the_same_seats_share_players_teams_and_zones_but_not_what_they_hold():
    """GIVEN two Hearts games of different seeds, and a clone of one some way in
    WHEN their players, teams and zones are compared, and a card is moved in the clone
    THEN all three games name the very same players, teams and zones, while the cards of a zone
    and the variables of a player are each game's own."""
    rules = ruleset("hearts")
    game, other = Game(rules, 4, seed=1, record=False), Game(rules, 4, seed=2, record=False)
    advance(game, 10, random.Random(1))
    copy = game.clone()
    for g in (other, copy):
        assert g.players is game.players and g.teams is game.teams and g.zones is game.zones
        assert g.zone_table is game.zone_table
    hand = game.players[0].zones["hand"]
    assert game.cards_in(hand) != other.cards_in(hand)
    assert copy.cards_in(hand) == game.cards_in(hand) and copy.cards_in(hand) is not game.cards_in(hand)
    card = copy.cards_in(hand)[0]
    copy.move([card], copy.zones["trick"])
    assert card in game.cards_in(hand) and card not in copy.cards_in(hand)
    assert copy.vars_of(game.players[1]) is not game.vars_of(game.players[1])
    copy.vars_of(game.players[1])["score"] = 99
    assert game.vars_of(game.players[1])["score"] != 99


def test_teams_worked_out_from_options_give_each_their_own_layout():
    """GIVEN a ruleset whose teams depend on the options (partnerships at 4 players in a single
    game, each player alone in a match of several)
    WHEN games are made with each option and with players' names of their own
    THEN each kind of game has the teams its options say, games alike share one layout, and a
    game's names reach only games given the same names."""
    rules = ruleset("black-swan")
    paired = Game(rules, 4, seed=1, record=False)
    alone = Game(rules, 4, seed=1, record=False, options={"games": 2})
    assert [[m.seat for m in t.members] for t in paired.teams] == [[0, 2], [1, 3]]
    assert [[m.seat for m in t.members] for t in alone.teams] == [[0], [1], [2], [3]]
    assert paired.players is not alone.players
    assert Game(rules, 4, seed=5, record=False).players is paired.players
    assert paired.players[2].team is paired.teams[0] and alone.players[2].team is alone.teams[2]
    named = Game(rules, 4, seed=1, record=False, names=["Ana", "Bo", "Cy", "Di"])
    assert [p.name for p in named.players] == ["Ana", "Bo", "Cy", "Di"]
    assert [p.name for p in paired.players] == [f"Player {i}" for i in range(4)]
    assert [[m.seat for m in t.members] for t in named.teams] == [[0, 2], [1, 3]]


def test_generated_code_reads_each_game_zone_at_the_number_the_layout_gives_it():
    """GIVEN every shipped ruleset WHEN a game is made THEN each game zone has the number the
    compiler wrote into the generated code for it (the game zones first, in the order declared)."""
    for path in sorted(ROOT.glob("rulesets/*.yaml")):
        rules = load_ruleset(path)
        players = max(rules.min_players, min(4, rules.max_players))
        game = Game(rules, players, seed=1, record=False)
        assert {name: zone.number for name, zone in game.zones.items()} == rules.symbols.zone_numbers, path.name


def test_a_seat_s_frozen_knowledge_names_the_layout_of_the_live_game():
    """GIVEN a Hearts game some way in WHEN a seat's knowledge is frozen and rebuilt THEN the
    rebuilt game names the live game's very players, teams and zones (the layout is referred
    to, not copied into the bytes), and its cards lie where the seat sees them."""
    game = Game(ruleset("hearts"), 4, seed=3)
    advance(game, 20, random.Random(2))
    turn = turn_of(game)
    rebuilt = turn.knowledge.game()
    assert rebuilt.players is game.players and rebuilt.zones is game.zones and rebuilt.teams is game.teams
    hand = game.players[turn.seat].zones["hand"]
    assert rebuilt.cards_in(hand) == game.cards_in(hand) and rebuilt.cards_in(hand) is not game.cards_in(hand)
