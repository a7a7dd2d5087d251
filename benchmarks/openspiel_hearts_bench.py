"""OpenSpiel Hearts driven from Python: random games to 100, games/second.

Why: a second speed baseline next to ``reference_hearts.py`` - the rules run
in C++, but every move crosses the pybind11 boundary from Python, which is
the same situation as driving any engine move-by-move from a test harness.

OpenSpiel's hearts is one hand per episode, so a game is a loop of hands: the
pass direction is fed per hand number (left, right, across, none), the deal
and passes/plays are sampled with ``rng``, and each hand's points are summed
until someone reaches 100. Parameters match our rules (see
``tests/reference/openspiel_hearts.py`` for why each one is set).
"""

from __future__ import annotations

import random
import sys
import time

import pyspiel

PARAMS = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,  # OpenSpiel's default is True
    "can_lead_hearts_instead_of_qs": False,
}
GAME = pyspiel.load_game("hearts", PARAMS)
# Our cycle left, right, across, none as OpenSpiel pass-direction actions.
PASS_DIR_ACTIONS = (1, 3, 2, 0)
TOTAL_POINTS = 26  # OpenSpiel returns 26 - points
TARGET = 100


def play_hand(rng: random.Random, hand_number: int) -> list[int]:
    """Play one OpenSpiel hand with random legal moves; return its points per seat."""
    state = GAME.new_initial_state()
    state.apply_action(PASS_DIR_ACTIONS[hand_number % 4])
    # The 52 deal chance nodes are each uniform over the undealt cards, so
    # applying a shuffled deck samples the same distribution in one go.
    deck = list(range(52))
    rng.shuffle(deck)
    for card in deck:
        state.apply_action(card)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return [TOTAL_POINTS - round(r) for r in state.returns()]


def play_game(rng: random.Random) -> list[int]:
    """Play OpenSpiel hands until someone reaches 100; return the final scores per seat."""
    scores = [0, 0, 0, 0]
    hand_number = 0
    while max(scores) < TARGET:
        for seat, pts in enumerate(play_hand(rng, hand_number)):
            scores[seat] += pts
        hand_number += 1
    return scores


def benchmark(seconds: float = 3.0, seed: int = 0) -> float:
    """Play games for about ``seconds`` and return games per second."""
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_game(rng)
        games += 1
    return games / elapsed


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"openspiel_hearts_bench: {benchmark(secs):.1f} games/s (pyspiel hearts, Python-driven)")
