"""Hand-written reference Hearts: 4 players, random legal moves, game to 100.

Why: a baseline for benchmarking our rules interpreter (how fast can plain
Python play the same game?) and a second, independent reading of the rules.

Rules: 13 cards each; pass 3 cards left/right/across/none by hand number
(left = seat + 1); 2C leads trick 1; follow suit; no heart or QS on trick 1
unless nothing else is legal; hearts can't be led until one was played
(the QS does not break hearts) unless the leader holds only hearts; hearts 1,
QS 13; a player taking all 26 scores 0 and the others 26 each; the game ends
after the hand in which someone reaches 100 (lowest score wins).

Cards are ints ``suit * 13 + rank`` (suits C, D, H, S; rank 0 = '2'), so a
suit's cards are contiguous and higher rank means higher int within a suit.
"""

from __future__ import annotations

import random
import sys
import time

HEARTS = 2
TWO_CLUBS = 0
QUEEN_SPADES = 3 * 13 + 10
SUIT = [c // 13 for c in range(52)]
POINTS = [1 if SUIT[c] == HEARTS else 13 if c == QUEEN_SPADES else 0 for c in range(52)]
PASS_OFFSETS = (1, 3, 2, 0)  # by hand number: left, right, across, none
TARGET = 100


def card_id(card: int) -> str:
    """Our project's card id for an int card, e.g. 36 -> 'QH' (debugging aid)."""
    return "23456789TJQKA"[card % 13] + "CDHS"[card // 13]


def legal_moves(hand: list[int], trick: list[int], first_trick: bool, broken: bool) -> list[int]:
    """Cards of ``hand`` that may be played onto ``trick`` (empty = leading)."""
    if trick:
        led = SUIT[trick[0]]
        follow = [c for c in hand if SUIT[c] == led]
        if follow:
            return follow
        if first_trick:  # no points on trick 1 unless unavoidable
            safe = [c for c in hand if not POINTS[c]]
            if safe:
                return safe
        return hand
    if first_trick:
        return [TWO_CLUBS]
    if not broken:
        no_hearts = [c for c in hand if SUIT[c] != HEARTS]
        if no_hearts:
            return no_hearts
    return hand


def play_hand(rng: random.Random, hand_number: int) -> list[int]:
    """Deal, pass and play one hand with random legal moves; return its points per seat."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i:i + 13] for i in range(0, 52, 13)]

    offset = PASS_OFFSETS[hand_number % 4]
    if offset:  # simultaneous pass: choose all first, then deliver
        passed = [rng.sample(h, 3) for h in hands]
        for seat in range(4):
            for c in passed[seat]:
                hands[seat].remove(c)
        for seat in range(4):
            hands[(seat + offset) % 4].extend(passed[seat])

    leader = next(s for s in range(4) if TWO_CLUBS in hands[s])
    taken = [0, 0, 0, 0]
    broken = False
    for trick_number in range(13):
        trick: list[int] = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            card = rng.choice(legal_moves(hand, trick, trick_number == 0, broken))
            hand.remove(card)
            trick.append(card)
            if SUIT[card] == HEARTS:
                broken = True
            seat = (seat + 1) % 4
        # Highest card of the led suit wins (same-suit ints order by rank).
        led = SUIT[trick[0]]
        best = max(range(4), key=lambda i: trick[i] if SUIT[trick[i]] == led else -1)
        leader = (leader + best) % 4
        taken[leader] += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]

    if 26 in taken:  # shoot the moon, add_to_others
        return [0 if t == 26 else 26 for t in taken]
    return taken


def play_game(rng: random.Random) -> list[int]:
    """Play hands until someone reaches 100; return the final scores per seat."""
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
    print(f"reference_hearts: {benchmark(secs):.1f} games/s (plain Python, random legal moves)")
