"""A clone is the same game: its future under the same decisions and seed is the original's."""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from interpreter.errors import GameError
from interpreter.agents import play_random
from tests.conftest import ruleset

GAMES = ["hearts", "black-maria", "black-card", "black-swan", "captain-blackjack", "texas-holdem", "seven-poker"]


def advance(game: Game, decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        if game.over:
            return
        options = game.decision.options
        game.apply_value(options[rng.randrange(len(options))])


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_a_clone_has_the_original_s_future(name):
    """GIVEN a game some way in (unseeded, so the clone must carry the hidden seed)
    WHEN it is cloned and both are played on with the same random choices
    THEN they give the same events and the same result, and the clone started where the original was."""
    game = Game(ruleset(name), 4, seed=None)
    advance(game, 37, random.Random(1))
    copy = game.clone()
    assert copy is not game and copy.events == game.events and copy.view(1) == game.view(1)
    assert copy.clone(record=False).view(2) == game.view(2)
    start = len(game.events)
    first, second = play_random(game, random.Random(9)), play_random(copy, random.Random(9))
    assert first == second
    assert copy.events[start:] == game.events[start:]


def test_a_clone_is_independent():
    game = Game(ruleset("hearts"), 4, seed=4)
    advance(game, 10, random.Random(2))
    before = game.view(0)
    copy = game.clone(record=False)
    advance(copy, 30, random.Random(3))
    assert game.view(0) == before and copy.decisions_taken == 40 and game.decisions_taken == 10


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_a_clone_taken_anywhere_has_the_original_s_future(name):
    """GIVEN one game of each ruleset, cloned at many points: in the middle of a multi-card pick,
    of a simultaneous step, of a betting round, of a loop over players
    WHEN every clone is played on with the random choices the original then makes
    THEN each clone gives exactly the original's events from that point and the same result."""
    game = Game(ruleset(name), 4, seed=11)
    rng, plan = random.Random(5), []
    clones = []
    while not game.over and game.decisions_taken < 120:
        if game.decisions_taken % 7 == 3:
            clones.append((game.decisions_taken, len(game.events), game.clone()))
        options = game.decision.options
        index = rng.randrange(len(options))
        plan.append(index)
        game.apply_value(options[index])
    play_random(game, random.Random(8))
    assert len(clones) >= 5
    for taken, events, copy in clones:
        for index in plan[taken:]:
            copy.apply_value(copy.decision.options[index])
        play_random(copy, random.Random(8))
        assert copy.events[events:] == game.events[events:], f"clone after {taken} decisions"
        assert copy.result == game.result


@pytest.mark.parametrize("name", GAMES)
def test_playing_a_clone_leaves_the_original_as_it_was(name):
    game = Game(ruleset(name), 4, seed=2)
    advance(game, 25, random.Random(6))
    before, events = game.view_all(), game.events
    copy = game.clone(record=False)
    play_random(copy, random.Random(1))
    assert game.view_all() == before and game.events == events
    play_random(game, random.Random(1))
    assert game.over


def test_a_game_that_does_not_record_cannot_make_a_recording_clone():
    game = Game(ruleset("hearts"), 4, seed=2, record=False)
    with pytest.raises(GameError, match="does not record"):
        game.clone(record=True)


@pytest.mark.parametrize("name", ["hearts", "seven-poker", "black-swan"])
def test_a_game_restored_from_a_snapshot_plays_as_from_there_and_the_snapshot_can_serve_again(name):
    """GIVEN a snapshot taken mid-game WHEN the game plays to the end and is restored, twice
    THEN each time it is back where the snapshot was and plays the same future again."""
    game = Game(ruleset(name), 4, seed=7, record=False)
    advance(game, 21, random.Random(3))
    saved = game.clone()
    view = game.view_all()
    results = []
    for _ in range(2):
        results.append(play_random(game, random.Random(4)))
        game.restore(saved)
        assert game.view_all() == view and not game.over
    assert results[0] == results[1] == play_random(game, random.Random(4))


def test_a_game_cannot_be_restored_from_another_ruleset_s_game():
    game = Game(ruleset("hearts"), 4, seed=7, record=False)
    with pytest.raises(GameError, match="own ruleset"):
        game.restore(Game(ruleset("black-maria"), 4, seed=7, record=False))


def test_a_clone_sets_every_field_of_a_game():
    """GIVEN the fields of a Game (its slots) WHEN a clone is made, field by field for speed
    THEN every slot of the copy is set: none is left behind when a field is added to Game."""
    from interpreter.engine.clone import OWN_FIELDS
    game = Game(ruleset("hearts"), 4, seed=3, record=False)
    copy = game.clone()
    missing = [name for name in Game.__slots__ if name != "__dict__" and not hasattr(copy, name)]
    assert missing == []
    shared = {name for name in Game.__slots__ if name != "__dict__"} - OWN_FIELDS
    assert all(getattr(copy, name) is getattr(game, name) for name in shared)


def test_a_clone_keeps_the_game_s_fixed_values_and_shares_the_cards():
    """GIVEN a Hearts game whose fixed function `lowest_club` (a card) has been worked out
    WHEN it is cloned, and the card moved in the clone
    THEN the clone knows the value without working it out again, as the very card both games
    share (cards hold nothing a game changes), while where it lies is each game's own."""
    game = Game(ruleset("hearts"), 4, seed=3, record=False)
    advance(game, 14, random.Random(1))
    assert "lowest_club" in game.static
    copy = game.clone()
    card = copy.static["lowest_club"]
    assert copy.static is not game.static and card is game.static["lowest_club"]
    assert card is copy.all_cards[card.index] is game.all_cards[card.index]
    lay = game.zone_of(card).key
    target = copy.zones["trick"] if lay != "trick" else copy.players[0].zones["hand"]
    copy.move([card], target)
    assert copy.zone_of(card).key == target.key and game.zone_of(card).key == lay
    assert card in game.cards_in(game.zone_of(card)) and card not in game.cards_in(target)


def test_a_game_restored_from_itself_stays_as_it_is():
    """GIVEN a game some way in WHEN it is restored from itself THEN nothing changes and it plays on."""
    game = Game(ruleset("hearts"), 4, seed=7, record=False)
    advance(game, 20, random.Random(3))
    view = game.view_all()
    game.restore(game)
    assert game.view_all() == view
    assert play_random(game, random.Random(4))["decisions"] > 20


def test_a_reseeded_game_draws_as_a_source_of_that_seed_would_and_so_do_its_clones():
    """GIVEN a game reseeded with 1234 (its source made only when first drawn from), and a clone
    of it taken before any draw
    WHEN each plays on with the same choices
    THEN both play what a game given `random.Random(1234)` plays, shuffle for shuffle."""
    game = Game(ruleset("hearts"), 4, seed=7, options={"target": 30}, record=False)
    advance(game, 20, random.Random(3))
    given = game.clone()
    game.reseed(1234)
    copy = game.clone()
    given.rng = random.Random(1234)
    results = [play_random(g, random.Random(4)) for g in (game, copy, given)]
    assert results[0] == results[1] == results[2]
    assert type(game._rng) is random.Random
