"""Differential test: Skat (rulesets/skat.yaml) against OpenSpiel's C++ `skat`.

Why: OpenSpiel's skat is the reference for its simplified Skat (a first-come declaration, the
skat taken and two cards laid away, ten tricks, returns from the card points). Driving ours and
theirs with the same deal and the same actions, and demanding at every decision the same player
and the same legal actions (mapped one to one), and at the end the same returns, checks the
ruleset against docs/rules.md §14, taken from OpenSpiel's source.

How: OpenSpiel deals by 32 chance outcomes in its order (three each, two to the skat, four each,
three each); our ruleset draws the shuffled deck in that order, so the outcomes, as card ids,
are the stacked order of our shuffle. A card action is suit * 8 + rank (suits ♦ ♥ ♠ ♣, ranks
7 8 9 Q K 10 A J); a declaring action is 32 + its place in pass, diamonds, hearts, spades,
clubs, grand, null, our list of game ids. Our scores are OpenSpiel's returns times 240 (D-44).
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

from interpreter import Game, load_ruleset  # noqa: E402

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "skat.yaml"
RANKS, SUITS = "789QKTAJ", "DHSC"
GAMES = ["pass", "diamonds", "hearts", "spades", "clubs", "grand", "null"]
PASS, GRAND, NULL = 32, 37, 38


def card_id(action: int) -> str:
    return RANKS[action % 8] + SUITS[action // 8]


def our_id(action: int) -> str:
    return card_id(action) if action < 32 else GAMES[action - 32]


def card(id_: str) -> int:
    return SUITS.index(id_[1]) * 8 + RANKS.index(id_[0])


@lru_cache(maxsize=None)
def rules():
    return load_ruleset(str(RULESET))


class Table:
    """One game in both engines, in lock-step; each check fails with OpenSpiel's history."""

    def __init__(self, deal: list[int], *, seed: int = 0):
        self.theirs = pyspiel.load_game("skat").new_initial_state()
        for c in deal:
            self.theirs.apply_action(c)
        self.ours = Game(rules(), players=3, seed=seed, stacked=[[card_id(c) for c in deal]])
        self.decisions = 0

    def where(self) -> str:
        return f"OpenSpiel history {self.theirs.history()}"

    def legal(self) -> list[int]:
        theirs, decision = self.theirs, self.ours.decision
        assert decision is not None, f"{self.where()}: OpenSpiel has a decision, ours is over"
        assert decision.player == theirs.current_player(), \
            f"{self.where()}: seat {decision.player} decides, OpenSpiel says {theirs.current_player()}"
        ours = sorted(c.id for c in decision.choices)
        mapped = sorted(our_id(a) for a in theirs.legal_actions())
        assert ours == mapped, f"{self.where()}: legal {ours} vs OpenSpiel's {mapped}"
        return theirs.legal_actions()

    def apply(self, action: int) -> None:
        self.ours.apply(our_id(action))
        self.theirs.apply_action(action)
        self.decisions += 1

    def returns(self) -> list[int]:
        assert self.theirs.is_terminal() and self.ours.over, f"{self.where()}: one game is over, the other not"
        ours = self.ours.result["scores"]
        theirs = [round(r * 240) for r in self.theirs.returns()]
        assert ours == theirs, f"{self.where()}: scores {ours}, OpenSpiel's returns x 240 {theirs}"
        return ours

    def play(self, actions) -> None:
        for action in actions:
            assert action in self.legal(), f"{self.where()}: {action} is not legal"
            self.apply(action)

    def play_out(self, rng: random.Random) -> list[int]:
        while not self.theirs.is_terminal():
            self.apply(rng.choice(self.legal()))
        return self.returns()


def random_deal(rng: random.Random) -> list[int]:
    deal = list(range(32))
    rng.shuffle(deal)
    return deal


def play_random(games: int, *, seed: int) -> tuple[int, set]:
    """Random deals and actions (a pass a third of the time when declaring), compared at every
    decision; returns the decisions and the games declared."""
    rng = random.Random(seed)
    decisions, declared = 0, set()
    for n in range(games):
        table = Table(random_deal(rng), seed=n)
        while not table.theirs.is_terminal():
            legal = table.legal()
            action = PASS if legal[0] == PASS and rng.random() < 1 / 3 else rng.choice(legal)
            table.apply(action)
        table.returns()
        decisions += table.decisions
        declared.add(table.ours.vars["game"] or "passed")
    return decisions, declared


def test_random_games_quick():
    """GIVEN 50 random deals
    WHEN random declarations, discards and cards are made in ours and OpenSpiel's skat
    THEN every decision has the same player and legal actions, and every game the same returns."""
    decisions, _ = play_random(50, seed=1)
    assert decisions > 50 * 3


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_random_games(chunk):
    """GIVEN 2 x 500 random deals
    WHEN random declarations, discards and cards are made in both
    THEN both agree at every decision and on the returns, over every game type and passed-out deals."""
    decisions, declared = play_random(500, seed=100 + chunk)
    assert decisions > 500 * 20
    assert declared == set(GAMES[1:]) | {"passed"}
