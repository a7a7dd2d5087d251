"""Search in a long match stops its playouts where the current hand ends: the phase that opens
a hand is read from a seat's own events, and a sample stops as that phase starts again."""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from interpreter.agents import AgentSpecError, ask, make_agent, play_random, turn_of
from interpreter.agents.hands import HandOver, hand_opening_phase, stop_at_phase
from interpreter.agents.ismcts import ISMCTSAgent
from tests.conftest import ruleset


def play_until(game: Game, done, rng: random.Random, *, fold: bool = True) -> None:
    """Random decisions until `done(game)`; with fold=False nobody folds while they may do otherwise."""
    while not game.over and not done(game):
        options = [o for o in game.decision.options if fold or o != "fold"] or game.decision.options
        game.apply_value(options[rng.randrange(len(options))])


@pytest.mark.parametrize("name, players, options, opening", [
    ("hearts", 4, {}, "deal"),
    ("black-swan", 3, {"solo_target": 1000}, "deal"),
    ("captain-blackjack", 4, {}, "setup"),
    ("seven-poker", 4, {"hands": 5}, "deal"),
    ("black-card", 4, {"hands": 5}, "deal"),
    ("texas-holdem", 4, {"hands": 5}, "deal"),
])
def test_the_phase_that_opens_a_hand_is_read_from_the_seat_s_events(name, players, options, opening):
    """GIVEN a match some way into its second hand
    THEN every seat reads the phase that opens a hand from its own events."""
    game = Game(ruleset(name), players, seed=2, options=options)
    play_until(game, lambda g: sum(e["type"] == "phase_started" and e["phase"] == opening
                                   for e in g.events) >= 2, random.Random(1))
    assert not game.over
    for seat in range(players):
        assert hand_opening_phase(game.events_for(seat)) == opening


def test_in_the_first_hand_the_first_phase_opens_it_and_a_run_of_rounds_does_not():
    """GIVEN Black Card's first hand, after its reveal rounds (the same phase three times)
    THEN the hand is still opened by the first phase; hold'em's first phase (drawing for the
    button) is the answer in its first hand, and it never starts again (no stop)."""
    card = Game(ruleset("black-card"), 4, seed=3, options={"hands": 5})
    play_until(card, lambda g: g.phase == "special", random.Random(2), fold=False)
    assert card.vars["hand_number"] == 0
    assert [e["phase"] for e in card.events if e["type"] == "phase_started"].count("round") == 3
    assert hand_opening_phase(card.events_for(0)) == "deal"
    holdem = Game(ruleset("texas-holdem"), 4, seed=3, options={"hands": 5})
    assert hand_opening_phase(turn_of(holdem).events) == "button"
    assert hand_opening_phase([]) is None


def test_a_sample_stops_where_the_hand_ends():
    """GIVEN hold'em, five hands, in the second hand
    WHEN a sample armed with the opening phase is played on at random
    THEN it stops once the hand is over: one more hand counted, the next not dealt."""
    game = Game(ruleset("texas-holdem"), 4, seed=5, options={"hands": 5})
    play_until(game, lambda g: g.vars["hand_number"] == 1, random.Random(4))
    turn = turn_of(game)
    phase = hand_opening_phase(turn.events)
    for i in range(5):
        sample = turn.sample(random.Random(i))
        stop_at_phase(sample, phase)
        with pytest.raises(HandOver):
            play_random(sample, random.Random(i))
        assert sample.vars["hand_number"] == 2 and not sample.over
        assert sum(sample.vars_of(p)["chips"] for p in sample.players) + sample.vars["pot"] == 40_000


def test_the_search_player_with_a_hand_horizon_answers_legally():
    """GIVEN a Black Card match of five hands WHEN the search player plays with horizon="hand"
    THEN it answers every decision it meets legally and drops no iteration."""
    game = Game(ruleset("black-card"), 3, seed=6, options={"hands": 5})
    agent = ISMCTSAgent(iterations=8, seed=1, horizon="hand")
    rng = random.Random(2)
    for _ in range(6):
        game.apply(ask(agent, game))
        play_until(game, lambda g: g.decision.player == 0, rng)
    assert agent.dropped == 0
    with pytest.raises(ValueError, match="hand"):
        ISMCTSAgent(horizon="round")


def test_a_spec_ending_in_hand_searches_to_the_end_of_the_hand():
    assert make_agent("ismcts:1s:hand", seed=1).horizon == "hand"
    assert make_agent("ismcts:hand", seed=1).iterations == 200
    assert make_agent("ismcts:30", seed=1).horizon is None
    for spec in ("ismcts::hand", "ismcts:hand:5"):
        with pytest.raises(AgentSpecError, match=":hand"):
            make_agent(spec, seed=1)
