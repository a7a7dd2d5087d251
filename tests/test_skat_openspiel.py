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
clubs, grand, null, our list of game ids. Our scores are OpenSpiel's returns times 240 (D-39).
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

from interpreter import Game, load_ruleset  # noqa: E402

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "skat.yaml"
RANKS, SUITS = "789QKTAJ", "DHSC"
GAMES = ["pass", "diamonds", "hearts", "spades", "clubs", "grand", "null"]
PASS, GRAND, NULL = 32, 37, 38
# OpenSpiel's card symbols, by card number (skat.cc, kCardSymbols)
SYMBOLS = ("🃇 🃈 🃉 🃍 🃎 🃊 🃁 🃋 🂷 🂸 🂹 🂽 🂾 🂺 🂱 🂻 "
           "🂧 🂨 🂩 🂭 🂮 🂪 🂡 🂫 🃗 🃘 🃙 🃝 🃞 🃚 🃑 🃛").split()


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

    def public(self) -> None:
        """Each seat's hand, the declarer, the game and the current trick, as OpenSpiel shows them
        to that seat."""
        game = self.ours
        for seat in range(3):
            seen = self.theirs.observation_string(seat)
            fields = dict(f.split(":", 1) for f in seen.split("|") if ":" in f)
            hand = sorted(card(c.id) for c in game.cards_in(game.players[seat].zones["hand"]))
            assert sorted(SYMBOLS.index(x) for x in fields["Hand"].split()) == hand, \
                f"{self.where()}: seat {seat} holds {hand}, OpenSpiel {fields['Hand']}"
            declarer = game.vars["declarer"]
            if int(fields["SoloPl"]) >= 0:
                assert (fields["Game"], int(fields["SoloPl"])) == (game.vars["game"], declarer.seat), \
                    f"{self.where()}: {game.vars['game']} by seat {declarer.seat}, OpenSpiel {fields}"
            trick = re.search(r"CurrTrick\(Leader:-?\d+\):([^|]*)", seen).group(1).split()
            ours = [SYMBOLS[card(c.id)] for c in game.cards_in(game.zones["trick"])]
            assert trick == ours, f"{self.where()}: trick {ours}, OpenSpiel {trick}"

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
            self.public()
            self.apply(action)

    def play_out(self, rng: random.Random) -> list[int]:
        while not self.theirs.is_terminal():
            self.play([rng.choice(self.legal())])
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
            table.public()
            table.apply(PASS if legal[0] == PASS and rng.random() < 1 / 3 else rng.choice(legal))
        table.returns()
        decisions += table.decisions
        declared.add(table.ours.vars["game"] or "passed")
    return decisions, declared


def test_random_games_quick():
    """GIVEN 50 random deals
    WHEN random declarations, discards and cards are made in ours and OpenSpiel's skat
    THEN every decision has the same player and legal actions (hands dealt as D-38 says), and
    every game the same returns, times 240 (D-39)."""
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


# ---- fixed deals for a grand and the rare cases ---------------------------------------------

def suits(*, first: str, second: str, third: str, skat: str) -> list[int]:
    """The 32 chance outcomes that deal seats 0, 1, 2 and the skat these cards (ids, space
    separated), in OpenSpiel's order: three each, two to the skat, four each, three each."""
    hands = [[card(x) for x in h.split()] for h in (first, second, third)]
    aside = [card(x) for x in skat.split()]
    order = [c for h in hands for c in h[:3]] + aside + [c for h in hands for c in h[3:7]] \
        + [c for h in hands for c in h[7:]]
    assert sorted(order) == list(range(32))
    return order


STRONG = suits(first="JC JS JH JD AC TC AS TS AH TH", second="KC QC 9C KS QS 9S KH QH 9H KD",
               third="8C 7C 8S 7S 8H 7H QD 9D 8D 7D", skat="AD TD")


def test_a_grand_with_all_four_jacks():
    """GIVEN seat 0 holds the four jacks and the aces and tens of clubs, spades and hearts, and
    the skat holds A♦ 10♦
    WHEN seat 0 declares grand, lays away the A♦ and 10♦ (21 points kept) and the cards are
    played out at random by the others
    THEN seat 0 takes every trick: 120 points, a return of (120 - 60) / 120 = 0.5 (120 in ours),
    and each defender -0.25 (-60), as OpenSpiel."""
    table = Table(STRONG)
    table.play([GRAND, card("AD"), card("TD")])
    rng = random.Random(1)
    while not table.theirs.is_terminal():
        legal = table.legal()
        mine = [a for a in legal if card_id(a)[0] == "J"] or legal      # seat 0 draws the trumps first
        table.play([mine[0] if table.theirs.current_player() == 0 else rng.choice(legal)])
    assert table.returns() == [120, -60, -60]


def test_everyone_passes():
    """GIVEN any deal WHEN all three pass THEN the game is over with no play and returns 0."""
    table = Table(random_deal(random.Random(2)))
    table.play([PASS, PASS, PASS])
    assert table.returns() == [0, 0, 0]


def test_null_lost_at_the_first_trick_ends_the_game():
    """GIVEN seat 0 holds the four jacks and the top cards of three suits
    WHEN seat 0 declares null, lays away A♦ 10♦ and leads the ace of clubs, which no club can beat (null: A high)
    THEN the game ends after that first trick, with cards still in hand: the declarer -0.25
    (-60), each defender 0.125 (30), as OpenSpiel."""
    table = Table(STRONG)
    table.play([NULL, card("AD"), card("TD"), card("AC")])
    table.play([table.legal()[0]])
    table.play([table.legal()[0]])
    assert table.returns() == [-60, 30, 30]
    assert len(table.ours.cards_in(table.ours.players[0].zones["hand"])) == 9


def test_null_won():
    """GIVEN seat 2 holds the lowest cards of every suit (7 8 of each, 9 and Q of diamonds)
    WHEN seats 0 and 1 pass, seat 2 declares null and lays away two cards, and the others play
    their highest cards
    THEN seat 2 takes no trick: 0.25 (60) for it, -0.125 (-30) each for the others."""
    table = Table(STRONG)
    table.play([PASS, PASS, NULL, card("QD"), card("9D")])
    while not table.theirs.is_terminal():
        legal = table.legal()
        seat = table.theirs.current_player()
        # the defenders play their highest card, the declarer its lowest
        key = (lambda a: -a % 8) if seat != 2 else (lambda a: a % 8)
        table.play([min(legal, key=key)])
    assert table.returns() == [-30, -30, 60]
