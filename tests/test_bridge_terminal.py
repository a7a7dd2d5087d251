"""Contract Bridge at a terminal (rulesets/bridge.yaml): a person calls by the calls' ids and,
as declarer, plays the dummy's cards when asked (docs/rules.md §13, D-36)."""
from __future__ import annotations

import pytest

pytest.importorskip("pexpect")

from tests.test_terminal import ANSI, PROMPT, Player  # noqa: E402


@pytest.mark.slow
def test_a_person_declares_3nt_and_plays_the_dummy(tmp_path):
    """GIVEN bridge with a person in the North seat (the dealer) and bots that take the first
    legal choice (a pass in the auction)
    WHEN the person calls 3NT by its id and then answers every prompt with the first choice
    THEN the contract is 3NT by North, East leads, South's hand is laid face up, the person is
    asked to play from the dummy as well as from their own hand (D-36), and the board is scored."""
    you = Player(tmp_path, "bridge", "--human", "0", "--bots", "first", "--seed", "3")
    you.prompt()
    assert "make a call" in you.seen and "3NT" in you.seen
    you.type("3NT")
    prompts = 0
    while you.child.expect([PROMPT, "game over"]) == 0:
        you.seen += ANSI.sub("", you.child.before)
        prompts += 1
        you.type("1")
    assert you.end() == 0
    assert "the contract: 3NT by Player 0 (North); Player 1 (East) leads" in you.seen
    assert "the dummy, Player 2 (South), lays its hand face up" in you.seen
    assert "play a card from the dummy" in you.seen and "\nplay a card:" in you.seen
    assert "Player 0 (you) ends with" in you.seen
    assert prompts > 13         # two hands a trick, less the plays with only one legal card
