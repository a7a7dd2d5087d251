"""The tight hand-written Hearts of `benchmarks/tight_hearts.py` plays OpenSpiel's rules.

GIVEN a seeded deal and pass direction, WHEN the tight loop and OpenSpiel's C++ Hearts play
the same hand in lockstep (the same random pick at every decision), THEN at every decision
both name the same seat and the same legal cards, and the hand's points agree. So the speed
floor the benchmarks measure against plays the very game our ruleset does.
"""
from __future__ import annotations

import random
import sys

import pytest

pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed; no reference to check against")

from tests.conftest import ROOT  # noqa: E402
from tests.reference.openspiel_hearts import OpenSpielHearts  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
import tight_hearts  # noqa: E402

DIRECTIONS = ("left", "right", "across", "none")      # by hand number, as PASS_OFFSETS
HANDS = 200


def card_id(card: int) -> str:
    return "23456789TJQKA"[card % 13] + "CDHS"[card // 13]


def test_tight_loop_matches_openspiel_move_by_move():
    decisions = 0
    for hand_number in range(HANDS):
        deck = list(range(52))
        random.Random(hand_number).shuffle(deck)     # the deal play_hand will make
        reference = OpenSpielHearts([[card_id(c) for c in deck[i:i + 13]] for i in range(0, 52, 13)],
                                    DIRECTIONS[hand_number % 4])
        picks = random.Random(10_000 + hand_number)

        def pick(seat, legal):
            nonlocal decisions
            assert seat == reference.current_player()
            assert {card_id(c) for c in legal} == reference.legal(), f"hand {hand_number}, seat {seat}"
            card = legal[picks.randrange(len(legal))]
            reference.apply(card_id(card))
            decisions += 1
            return card

        points = tight_hearts.play_hand(random.Random(hand_number), hand_number, pick)
        assert points == reference.points(), f"hand {hand_number}"
    assert decisions == HANDS * 52 + (HANDS * 3 // 4) * 12
