"""A claim at the terminal. A race among people at one screen who are offered the same claims
(a slap) is asked of them all at once, "who claims first?", through a real pseudo-terminal;
claims that differ from person to person are asked one at a time, in the claim's order."""
from __future__ import annotations

import pytest

from interpreter import Game
from interpreter.terminal.claims import shared_race
from tests.conftest import ROOT
from tests.test_terminal import Player


@pytest.mark.slow
def test_two_people_at_one_screen_race_to_slap_and_the_one_who_claims_first_wins(tmp_path):
    """GIVEN Slap with two people at one terminal WHEN a jack comes up THEN one prompt asks them
    both who claims first, listing each one's slap; the second person's number wins the claim
    for them, whoever the game would have asked first, and the screen says so."""
    pytest.importorskip("pexpect")
    you = Player(tmp_path, str(ROOT / "examples" / "slap.yaml"), "-n", "2", "--human", "0", "--human", "1",
                 "--seed", "3")
    screen = you.until("who claims first\\? >")
    assert "Everyone to the screen: a race!" in screen and "a jack! slap it?: who claims first?" in screen
    assert "1. Player 0: Slap" in screen and "2. Player 1: Slap" in screen and "Enter: nobody here claims" in screen
    you.type("2")
    you.until("Player 1 wins the claim: Slap \\(the first to claim\\)")
    you.until("who claims first\\? >")         # the next jack: everyone is asked again
    you.type("quit")
    you.end()


def test_people_offered_different_claims_are_asked_one_at_a_time(tmp_path):
    """GIVEN a race where seat 0 may only go low and the others low or high WHEN seats 0 and 1
    are people at one screen THEN they are not asked together (listing the claims would show
    what differs between them); seats 1 and 2, offered the same claims, are; one person alone,
    or a claim won by priority, is asked in turn."""
    from tests.test_claims import ruleset
    game = Game(ruleset(tmp_path, "wins: first"), 3, seed=1)
    assert shared_race(game, [0, 1]) == []
    assert shared_race(game, [0, 1, 2]) == []
    game.apply("pass")                                    # seat 0 passes: 1 and 2 are left
    assert shared_race(game, [1, 2]) == [1, 2]
    assert shared_race(game, [1]) == []
    game = Game(ruleset(tmp_path, "wins: priority"), 3, seed=1)
    game.apply("pass")
    assert shared_race(game, [1, 2]) == []
