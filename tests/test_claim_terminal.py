"""A claim at the terminal, through a real pseudo-terminal: people at one screen are asked one
at a time, in the claim's order, each on their own screen (a terminal cannot tell who pressed
first); the first to claim in that order wins a race, and everyone reads who won."""
from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.test_terminal import PROMPT, Player

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow


def test_two_people_at_one_screen_are_asked_in_turn_and_the_first_slap_wins(tmp_path):
    """GIVEN Slap with two people at one terminal WHEN a jack comes up THEN the screen passes to
    the claimant asked first, who is offered Slap or pass; their slap wins the claim, and the
    transcript says so."""
    you = Player(tmp_path, str(ROOT / "examples" / "slap.yaml"), "-n", "2", "--human", "0", "--human", "1",
                 "--seed", "3")
    you.child.expect(r"Pass the screen to (Player \d)")
    first = you.child.match.group(1)
    you.child.expect("alone can see the screen")
    you.type("")
    screen = you.prompt()
    assert "a jack! slap it?" in screen and "Slap" in screen and "pass" in screen
    you.type("1")
    you.until(f"{first} wins the claim: Slap \\(the first to claim\\)")
    you.child.expect([r"Pass the screen to", PROMPT])
    you.type("quit")
    you.end()

