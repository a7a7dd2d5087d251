"""Cribbage count (examples/cribbage-count.yaml): a counting game whose scores come from the
combination builtins (`subsets` for fifteens, `groups` for pairs, `runs` for runs). Played on a
stacked deck, checked against a count written here independently of the ruleset, and validated
with random games."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from interpreter import Game, load_ruleset
from interpreter.agents.basic import play_random
from tests.conftest import ROOT

CRIBBAGE = ROOT / "examples" / "cribbage-count.yaml"
RANK = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}


@pytest.fixture(scope="module")
def cribbage():
    return load_ruleset(CRIBBAGE)


def dealt(*hands: str, then: str = "") -> list[list[str]]:
    """A stacked order for `deal(..., 5)` (one card at a time, seat by seat), then the next cards."""
    rows = [h.split() for h in hands]
    return [[row[i] for i in range(len(rows[0])) for row in rows] + then.split()]


def show(hand: list[str], starter: str) -> int:
    """The count of a four-card hand with its starter, by the rules of cribbage's show."""
    cards = hand + [starter]
    rank = {c: RANK[c[0]] for c in cards}
    fifteens = sum(2 for k in range(2, 6) for s in combinations(cards, k)
                   if sum(min(rank[c], 10) for c in s) == 15)
    pairs = sum(2 for a, b in combinations(cards, 2) if rank[a] == rank[b])
    runs = 0
    for k in (5, 4, 3):
        found = [s for s in combinations(cards, k)
                 if sorted(rank[c] for c in s) == list(range(min(rank[c] for c in s), min(rank[c] for c in s) + k))]
        if found:
            runs = k * len(found)
            break
    suits = {c[1] for c in hand}
    flush = 0 if len(suits) > 1 else 5 if starter[1] in suits else 4
    nobs = 1 if any(c[0] == "J" and c[1] == starter[1] for c in hand) else 0
    return fifteens + pairs + runs + flush + nobs


def points(game) -> list[int]:
    return [game.vars_of(p)["points"] for p in game.players]


def test_the_best_hand_counts_29_and_a_double_run_counts_twice(cribbage):
    """GIVEN seat 1 keeps 5♣ 5♥ 5♠ J♦ and seat 0 keeps 3♣ 4♦ 4♥ 6♠, the starter 5♦
    WHEN both throw their fifth card away and the hands are counted
    THEN seat 1 scores 29 (eight fifteens, six pairs, nobs) and seat 0 14: 3 4 5 6 twice over
    (with either 4: two runs of four, the runs of three inside them not counted), a pair of 4s,
    4 5 6 twice a fifteen."""
    game = Game(cribbage, 2, seed=1, stacked=dealt("3C 4D 4H 6S 2D", "5C 5H 5S JD 9C", then="5D"))
    assert game.decision.player == 1                  # the dealer is seat 0: its left counts first
    game.apply("9C")
    game.apply("2D")
    assert show(["5C", "5H", "5S", "JD"], "5D") == 29
    assert points(game) == [show(["3C", "4D", "4H", "6S"], "5D"), 29]
    assert show(["3C", "4D", "4H", "6S"], "5D") == 2 * 4 + 2 + 2 * 2    # runs, pair, two fifteens


def test_a_jack_turned_scores_two_for_the_dealer_and_a_flush_needs_four_in_hand(cribbage):
    """GIVEN seat 0 deals; seat 1 keeps 2♥ 4♥ 6♥ 8♥, seat 0 keeps A♣ 3♦ 9♠ Q♣; the starter J♥
    WHEN the hands are counted
    THEN seat 0 has 2 for the jack turned plus its count, seat 1 a flush of five (the starter's suit)."""
    game = Game(cribbage, 2, seed=1, stacked=dealt("AC 3D 9S QC 7S", "2H 4H 6H 8H KD", then="JH"))
    game.apply("KD")
    game.apply("7S")
    assert points(game) == [2 + show(["AC", "3D", "9S", "QC"], "JH"), show(["2H", "4H", "6H", "8H"], "JH")]
    assert show(["2H", "4H", "6H", "8H"], "JH") == 5                      # no fifteen, no pair, no run


def test_random_hands_count_as_cribbage_counts_them(cribbage):
    """GIVEN 150 random deals of two hands and a starter
    WHEN each player throws away a random card and the hands are counted
    THEN every score is the count written here for the hand kept and the starter."""
    rng = random.Random(7)
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    for _ in range(150):
        cards = rng.sample(deck, 11)
        hands, starter = [cards[0:5], cards[5:10]], cards[10]
        game = Game(cribbage, 2, seed=1, stacked=dealt(" ".join(hands[0]), " ".join(hands[1]), then=starter))
        kept = {}
        for seat in (1, 0):
            thrown = rng.choice(hands[seat])
            game.apply(thrown)
            kept[seat] = [c for c in hands[seat] if c != thrown]
        heels = 2 if starter[0] == "J" else 0
        assert points(game) == [heels + show(kept[0], starter), show(kept[1], starter)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner_at_the_target(cribbage, players):
    """GIVEN random players WHEN 10 games are played THEN each ends with one winner whose points
    reached the target (61), and nobody else's did."""
    for seed in range(10):
        game = Game(cribbage, players, seed=seed, record=False)
        play_random(game, random.Random(seed))
        assert game.over
        assert [p.seat for p in game.players if game.vars_of(p)["points"] >= 61] == game.result["winners"]
        assert len(game.result["winners"]) == 1
