"""Skat at a terminal (rulesets/skat.yaml): a person declares by the game's id, lays two cards
away and plays the tricks (docs/rules.md §14)."""
from __future__ import annotations

import pytest

pytest.importorskip("pexpect")

from tests.test_terminal import ANSI, PROMPT, Player  # noqa: E402


@pytest.mark.slow
def test_a_person_declares_a_grand_and_plays_it(tmp_path):
    """GIVEN Skat with a person in seat 0 (the first to declare) and bots taking the first choice
    WHEN the person declares grand by its id and then answers every prompt with the first choice
    THEN they are asked to lay two cards away, one at a time, and to play, and the game is scored
    with the declarer's card points told."""
    you = Player(tmp_path, "skat", "--human", "0", "--bots", "first", "--seed", "4")
    you.prompt()
    assert "pass or declare a game" in you.seen and "grand" in you.seen
    you.type("grand")
    while you.child.expect([PROMPT, "game over"]) == 0:
        you.seen += ANSI.sub("", you.child.before)
        you.type("1")
    you.seen += ANSI.sub("", you.child.before)
    assert you.end() == 0
    assert "Player 0 (you) declares grand" in you.seen
    assert "lay a card away (1 of 2)" in you.seen and "lay a card away (2 of 2)" in you.seen
    assert "card points of 120, the skat included" in you.seen
