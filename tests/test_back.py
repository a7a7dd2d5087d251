"""The one rule for going back out of a two-part choice (interpreter.engine.back), shared by the
terminal and the web table."""
from __future__ import annotations

from interpreter.engine.back import can_go_back, without_last_decision
from interpreter.engine.game import Game
from interpreter.compile.ruleset import load_ruleset


def holdem() -> Game:
    return Game(load_ruleset("texas-holdem"), 3, seed=1)


def test_only_the_seat_deciding_the_second_part_may_go_back():
    """GIVEN a Hold'em hand where seat 2 acts first WHEN it chooses raise THEN seat 2, now
    choosing the amount, may go back, and no other seat may; before the raise nobody may."""
    game = holdem()
    assert game.decision.player == 2 and not any(can_go_back(game, s) for s in range(3))
    game.apply("raise")
    assert [can_go_back(game, s) for s in range(3)] == [False, False, True]


def test_going_back_replays_the_game_to_the_decision_before():
    """GIVEN seat 2 chose raise WHEN the last decision is taken back THEN the game is the one
    before the raise: same events, same decision, nothing to go back to."""
    fresh, game = holdem(), holdem()
    game.apply("raise")
    again = without_last_decision(game)
    assert again.events == fresh.events and again.decisions_taken == 0
    assert [c.id for c in again.decision.choices] == [c.id for c in fresh.decision.choices]
    assert not can_go_back(again, 2)


def test_no_going_back_once_the_seat_completed_its_choice():
    """GIVEN seat 2 raised by an amount WHEN the next seat decides THEN nobody may go back."""
    game = holdem()
    game.apply("raise")
    game.apply(game.decision.options[0])
    assert not any(can_go_back(game, s) for s in range(3))
