"""Tight hand-written Hearts: the same rules as `reference_hearts.py`, written for speed.

Why: `reference_hearts.py` is idiomatic Python; this is about as fast as plain Python plays
the game (hands kept per suit, so following suit is a list that already exists; no objects
per move), the floor any interpreter of these rules can be measured against. Its rules are
checked move by move against OpenSpiel's C++ Hearts in `tests/reference/test_tight_hearts.py`.

Rules: as `reference_hearts.py` (4 players, pass left/right/across/none, 2C leads, follow
suit, no points on trick 1 when avoidable, hearts break, QS 13, moon add-to-others, to 100).
Passing is three single picks per seat, seat 0 first, delivered after everyone has picked.
"""
from __future__ import annotations

import random
import sys
import time

HEARTS, SPADES = 2, 3
TWO_CLUBS = 0
QUEEN_SPADES = 3 * 13 + 10
POINTS = [1 if c // 13 == HEARTS else 13 if c == QUEEN_SPADES else 0 for c in range(52)]
PASS_OFFSETS = (1, 3, 2, 0)  # by hand number: left, right, across, none
TARGET = 100


def _random_pick(rng: random.Random):
    randrange = rng.randrange

    def pick(seat: int, legal: list[int]) -> int:
        return legal[randrange(len(legal))]
    return pick


def play_hand(rng: random.Random, hand_number: int, pick=None) -> list[int]:
    """One hand; `pick(seat, legal cards)` chooses each card (random by default).
    Returns the hand's points per seat."""
    pick = pick or _random_pick(rng)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [[[], [], [], []] for _ in range(4)]        # seat -> suit -> cards
    for i, card in enumerate(deck):
        hands[i // 13][card // 13].append(card)
    offset = PASS_OFFSETS[hand_number % 4]
    if offset:
        passed = []
        for seat in range(4):
            h = hands[seat]
            flat = h[0] + h[1] + h[2] + h[3]
            chosen = []
            for _ in range(3):
                card = pick(seat, flat)
                flat.remove(card)
                h[card // 13].remove(card)
                chosen.append(card)
            passed.append(chosen)
        for seat in range(4):
            receiver = hands[(seat + offset) % 4]
            for card in passed[seat]:
                receiver[card // 13].append(card)
    leader = next(s for s in range(4) if TWO_CLUBS in hands[s][0])
    taken = [0, 0, 0, 0]
    broken = False
    for trick in range(13):
        seat = winner = leader
        h = hands[seat]
        if trick == 0:
            legal = [TWO_CLUBS]
        elif broken:
            legal = h[0] + h[1] + h[2] + h[3]
        else:
            legal = h[0] + h[1] + h[3] or h[2]
        best = pick(seat, legal)
        led = best // 13
        h[led].remove(best)
        broken = broken or led == HEARTS
        points = POINTS[best]
        for _ in range(3):
            seat = (seat + 1) & 3
            h = hands[seat]
            legal = h[led]
            if not legal:
                legal = h[0] + h[1] + h[2] + h[3]
                if trick == 0:
                    legal = [c for c in legal if not POINTS[c]] or legal
            card = pick(seat, legal)
            suit = card // 13
            h[suit].remove(card)
            if suit == led:
                if card > best:
                    best, winner = card, seat
            elif suit == HEARTS:
                broken = True
            points += POINTS[card]
        taken[winner] += points
        leader = winner
    if 26 in taken:
        return [0 if t == 26 else 26 for t in taken]
    return taken


def play_game(rng: random.Random) -> list[int]:
    """Hands until someone reaches 100; the final scores per seat."""
    scores = [0, 0, 0, 0]
    hand_number = 0
    while max(scores) < TARGET:
        for seat, points in enumerate(play_hand(rng, hand_number)):
            scores[seat] += points
        hand_number += 1
    return scores


def benchmark(seconds: float = 3.0, seed: int = 0) -> float:
    rng = random.Random(seed)
    games, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_game(rng)
        games += 1
    return games / elapsed


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"tight_hearts: {benchmark(secs):.1f} games/s (plain Python, random legal moves)")
