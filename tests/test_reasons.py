"""A choice's `where:` as a list of conditions, each with the reason people are told when it is
what leaves a candidate out (docs/language.md, "Why a card may not be played").

Hearts writes its rules of play this way, so a person who names a card they hold but may not
play is told which rule forbids it, in the ruleset's own words."""
from __future__ import annotations

import random

import pytest

from interpreter import Game, load_ruleset
from interpreter.agents.turn import ask
from interpreter.terminal.human import HumanAgent
from tests.hearts_helpers import hand_of, legal, play
from tests.test_hearts import play_deal


def test_the_reason_names_the_rule_a_card_breaks():
    """GIVEN Hearts' PLAY_DEAL (docs/rules.md §1)
    WHEN seat 1, holding clubs, is asked after 2♣ is led, and seat 2 leads trick 2 with hearts unbroken
    THEN each card left out carries the rule it breaks: follow suit, then hearts not broken."""
    game = play_deal()
    assert game.decision.reasons()["AC"] == "the first trick is led with 2♣"
    play(game, "2C")
    reasons = game.decision.reasons()
    assert set(reasons) == set(hand_of(game, 1)) - set(legal(game))
    assert set(reasons.values()) == {"you must follow clubs"}
    play(game, "7C", "8C", "AS")
    first_trick_done = game.decision
    assert first_trick_done.player == 2
    assert first_trick_done.reasons() == {"3H": "hearts may not be led until a heart has been played",
                                          "4H": "hearts may not be led until a heart has been played"}
    assert first_trick_done.why_not("3H") == "hearts may not be led until a heart has been played"
    assert first_trick_done.why_not("8S") is None          # legal
    assert first_trick_done.why_not("KD") is None          # not a candidate: not in seat 2's hand


def test_the_first_trick_penalty_rule_has_its_own_reason():
    """GIVEN PLAY_DEAL after 2♣ 7♣ 8♣, seat 3 void in clubs holding A♠ K♠ and penalty cards
    WHEN seat 3 is asked
    THEN Q♠ and the hearts are out for the first-trick rule (docs/rules.md §1)."""
    game = play_deal()
    play(game, "2C", "7C", "8C")
    reasons = game.decision.reasons()
    assert sorted(legal(game)) == ["AS", "KS"]
    assert set(reasons) == set(hand_of(game, 3)) - {"AS", "KS"}
    assert set(reasons.values()) == {"no penalty card on the first trick while you can play another card"}


def test_a_person_who_names_a_card_they_may_not_play_is_told_why():
    """GIVEN a person at seat 1 of PLAY_DEAL after 2♣ is led
    WHEN they answer 'qd' (a card they hold, not a club), then '7c'
    THEN they are told 'QD may not be chosen now: you must follow clubs', and 7♣ is played."""
    game = play_deal()
    play(game, "2C")
    said: list[str] = []
    answers = iter(["qd", "7c"])
    person = HumanAgent(ask=lambda prompt, words=(): next(answers), say=said.append)
    choice = ask(person, game)
    assert choice.id == "7C"
    assert any("qd may not be chosen now: you must follow clubs" in line.lower() for line in said), said


@pytest.mark.parametrize("name", ["hearts", "black-maria"])
def test_the_reasons_explain_exactly_the_cards_left_out(name):
    """GIVEN random games of a Hearts-family ruleset (Black Maria switches three rules off)
    WHEN any play is asked
    THEN the legal cards and the cards with a reason are exactly the player's hand, never both."""
    rules = load_ruleset(name)
    rng = random.Random(5)
    for seed in range(6):
        game = Game(rules, players=4, seed=seed, options={"target": 30})
        while not game.over:
            decision = game.decision
            if decision.prompt == "play a card":
                hand = {c.id for c in game.cards_in(game.players[decision.player].zones["hand"])}
                ids = {c.id for c in decision.choices}
                reasons = decision.reasons()
                assert ids | set(reasons) == hand and not ids & set(reasons)
                if name == "black-maria":
                    assert set(reasons.values()) <= {"you must follow " + s for s in
                                                     ("clubs", "diamonds", "hearts", "spades")}
            game.apply(decision.choices[rng.randrange(len(decision.choices))])


def test_a_bot_is_not_given_reasons():
    """GIVEN an agent that does not ask for reasons (a bot)
    WHEN its Turn is made
    THEN no reasons are computed for it (they cost a listing)."""
    game = play_deal()
    play(game, "2C")
    seen = []

    class Bot:
        def choose(self, turn):
            seen.append(turn.reasons)
            return turn.choices[0]
    ask(Bot(), game)
    assert seen == [{}]
