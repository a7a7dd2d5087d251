"""Differential test: Contract Bridge (rulesets/bridge.yaml) against OpenSpiel's C++ `bridge`.

Why: OpenSpiel's bridge with use_double_dummy_result=false is the field's reference for one
board of duplicate bridge: the auction with doubles and redoubles, the play with the dummy face
up and played by the declarer, and the duplicate score. Driving ours and theirs with the same
deal and the same calls and cards, and demanding at every decision the same player, the same
legal actions (mapped one to one), the same public information and at the end the same returns,
checks the ruleset against the rules docs/rules.md §10 takes from OpenSpiel's source.

How: OpenSpiel deals by 52 chance outcomes, the k-th card to seat k % 4 (North first); our
ruleset deals the shuffled deck one card at a time from North, so the outcomes, as card ids,
are the stacked order of our one shuffle. A card action is rank * 4 + suit (clubs, diamonds,
hearts, spades; ranks 2 to ace); a call action is 52 + its place in pass, double, redouble,
1C ... 7NT, which is our list of call ids (`call_ids` in the ruleset). When the dummy is to
play, OpenSpiel's current player is the declarer, as ours.

Public information compared at each decision: the contract line and the declarer's tricks
(OpenSpiel's observation string), and, after the opening lead, the dummy's cards as every
other seat sees them (in ours: the face-up cards of the dummy's hand in that seat's view);
no seat sees a third hand.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

from interpreter import Game, load_ruleset  # noqa: E402

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "bridge.yaml"
RANKS, SUITS = "23456789TJQKA", "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CALLS = ["pass", "double", "redouble"] + [f"{level}{strain}" for level in range(1, 8)
                                           for strain in ("C", "D", "H", "S", "NT")]
STRAIN_TEXT = ["♣", "♦", "♥", "♠", "NT"]
SEAT_NAMES = ["North", "East", "South", "West"]
DOUBLING_TEXT = {1: "", 2: " Doubled", 4: " Redoubled"}
PASS, DOUBLE, REDOUBLE = 52, 53, 54


def card_id(action: int) -> str:
    return RANKS[action // 4] + SUITS[action % 4]


def our_id(action: int) -> str:
    """OpenSpiel's action (a card below 52, a call from 52) as our choice id."""
    return card_id(action) if action < 52 else CALLS[action - 52]


@lru_cache(maxsize=None)
def rules():
    return load_ruleset(str(RULESET))


def holding(lines: list[str]) -> set[str]:
    """Card ids of the four suit lines of a hand in OpenSpiel's text ('♠ 10 9 2', '♣ none')."""
    cards = set()
    for line in lines:
        suit, *ranks = line.split()
        cards |= {("T" if r == "10" else r) + SUIT_SYMBOLS[suit] for r in ranks if r != "none"}
    return cards


class Board:
    """One board in both games, in lock-step; each check fails with OpenSpiel's history."""

    def __init__(self, deal: list[int], params: dict | None = None, *, seed: int = 0):
        params = dict(params or {})
        self.theirs = pyspiel.load_game("bridge", {"use_double_dummy_result": False, **params}).new_initial_state()
        for card in deal:
            self.theirs.apply_action(card)
        self.ours = Game(rules(), players=4, seed=seed, options=params,
                         stacked=[[card_id(c) for c in deal]])
        self.decisions = 0

    def where(self) -> str:
        return f"OpenSpiel history {self.theirs.history()}"

    def legal(self) -> list[int]:
        """OpenSpiel's legal actions, after checking ours are the same ones and the same player's."""
        theirs, decision = self.theirs, self.ours.decision
        assert decision is not None, f"{self.where()}: OpenSpiel has a decision, ours is over"
        assert decision.player == theirs.current_player(), \
            f"{self.where()}: seat {decision.player} decides, OpenSpiel says {theirs.current_player()}"
        ours = [c.id for c in decision.choices]
        mapped = [our_id(a) for a in theirs.legal_actions()]
        assert sorted(ours) == sorted(mapped), f"{self.where()}: legal {ours} vs OpenSpiel's {mapped}"
        return theirs.legal_actions()

    def public(self) -> None:
        """The contract, the declarer's tricks and the dummy's cards, as each seat sees them."""
        game = self.ours
        v = game.vars
        for seat in range(4):
            seen = self.theirs.observation_string(seat)
            contract = re.search(r"Contract: (.*)", seen)
            if contract:
                ours = (f"{v['level']}{STRAIN_TEXT[v['strain']]}{DOUBLING_TEXT[v['doubling']]}"
                        f" by {SEAT_NAMES[v['declarer'].seat]}")
                assert contract.group(1) == ours, f"{self.where()}: contract {ours}, OpenSpiel {contract.group(1)}"
                tricks = re.search(r"Declarer tricks won: (\d+)", seen)
                assert (int(tricks.group(1)) if tricks else 0) == v["tricks"], f"{self.where()}: tricks {v['tricks']}"
            view = game.view(seat)
            shown = {s: {c for c in view["players"][s]["zones"]["hand"] if c} for s in range(4) if s != seat}
            dummy = re.search(r"Dummy is (\w+); it holds:\n((?:.*\n){4})", seen)
            if dummy:
                d = SEAT_NAMES.index(dummy.group(1))
                theirs = holding(dummy.group(2).strip().split("\n"))
                if d != seat:
                    assert shown.pop(d) == theirs, f"{self.where()}: seat {seat} sees the dummy's {shown[d]}, OpenSpiel {theirs}"
            assert not any(shown.values()), f"{self.where()}: seat {seat} sees {shown}"

    def apply(self, action: int) -> None:
        self.ours.apply(our_id(action))
        self.theirs.apply_action(action)
        self.decisions += 1

    def returns(self) -> list[int]:
        assert self.theirs.is_terminal() and self.ours.over, f"{self.where()}: one game is over, the other not"
        ours = self.ours.result["scores"]
        assert ours == [int(r) for r in self.theirs.returns()], \
            f"{self.where()}: scores {ours}, OpenSpiel {self.theirs.returns()}"
        return ours

    def play(self, actions, *, public: bool = True) -> None:
        """Take these actions (OpenSpiel's numbers), comparing before each."""
        for action in actions:
            assert action in self.legal(), f"{self.where()}: {action} is not legal"
            if public:
                self.public()
            self.apply(action)


def random_deal(rng: random.Random) -> list[int]:
    deal = list(range(52))
    rng.shuffle(deal)
    return deal


def pick(legal: list[int], rng: random.Random) -> int:
    """A random action; in the auction a pass half the time, so that the contracts reached range
    from part-scores to doubled and redoubled slams, and some boards are passed out."""
    if legal[0] == PASS and rng.random() < 0.5:
        return PASS
    return rng.choice(legal)


def play_random(games: int, *, seed: int) -> tuple[int, set]:
    """Random deals, random calls and cards, compared at every decision; returns the decisions
    and the (level, doubling) of the contracts reached."""
    rng = random.Random(seed)
    decisions, contracts = 0, set()
    for n in range(games):
        board = Board(random_deal(rng), seed=n)
        while not board.theirs.is_terminal():
            legal = board.legal()
            board.public()
            board.apply(pick(legal, rng))
        board.returns()
        decisions += board.decisions
        contracts.add((board.ours.vars["level"], board.ours.vars["doubling"]))
    return decisions, contracts


def test_random_boards_quick():
    """GIVEN 20 random deals
    WHEN random calls and random cards are made in ours and OpenSpiel's bridge
    THEN every decision has the same player, legal actions and public information (the declarer
    as D-35 names it, the dummy face up, D-36), and every board the same scores (D-37)."""
    decisions, _ = play_random(20, seed=1)
    assert decisions > 20 * 40


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_random_boards(chunk):
    """GIVEN 4 x 150 random deals (600 boards, about 34,000 decisions)
    WHEN random calls and cards are made in both
    THEN both agree at every decision and on the scores, over contracts from passed out to
    redoubled."""
    decisions, contracts = play_random(150, seed=100 + chunk)
    assert decisions > 150 * 40
    assert {doubling for _, doubling in contracts} == {1, 2, 4}


# ---- fixed deals for the rare cases ----------------------------------------------------------


def bid(level: int, strain: str) -> int:
    return 52 + CALLS.index(f"{level}{strain}")


def dealt_in_order() -> list[int]:
    """Card k to seat k % 4: as card k is rank * 4 + suit, each seat is dealt one whole suit."""
    return list(range(52))


def play_out(board: Board, rng: random.Random) -> None:
    while not board.theirs.is_terminal():
        board.play([rng.choice(board.legal())])


def test_passed_out_board():
    """GIVEN any deal
    WHEN all four players pass
    THEN the board is over at once with no play, and every seat scores 0, as in OpenSpiel."""
    board = Board(random_deal(random.Random(5)))
    board.play([PASS] * 4)
    assert board.returns() == [0, 0, 0, 0]
    assert all(len(board.ours.cards_in(p.zones["hand"])) == 13 for p in board.ours.players)


def test_three_passes_then_an_opening_bid():
    """GIVEN a deal, dealer North
    WHEN three players pass and West opens 1C, then three passes
    THEN the auction ends with West declaring 1C and North (West's left) leads."""
    board = Board(random_deal(random.Random(6)))
    board.play([PASS, PASS, PASS, bid(1, "C"), PASS, PASS, PASS])
    assert board.ours.vars["declarer"].seat == 3
    assert board.ours.decision.player == 0 == board.theirs.current_player()
    play_out(board, random.Random(6))
    board.returns()


def test_redoubled_grand_slam_made_vulnerable():
    """GIVEN card k (rank * 4 + suit) dealt to seat k % 4, its suit: each seat holds one whole
    suit, North clubs, East diamonds, South hearts, West spades
    WHEN South bids 7H (North having opened 1NT), East doubles, South redoubles, and the play
    is out with hearts as trumps and the dealer's side vulnerable
    THEN South's side makes all 13 tricks: 7H redoubled vulnerable scores
    7 x 30 x 4 = 840 + 2000 (grand slam and game) + 100 (the insult) = 2940, as OpenSpiel."""
    board = Board(dealt_in_order(), {"dealer_vul": True})
    board.play([bid(1, "NT"), PASS, bid(7, "H"), DOUBLE, PASS, PASS, REDOUBLE, PASS, PASS, PASS])
    assert board.ours.vars["declarer"].seat == 2 and board.ours.vars["doubling"] == 4
    play_out(board, random.Random(7))
    assert board.returns() == [2940, -2940, 2940, -2940]


def test_redoubled_slam_down_not_vulnerable():
    """GIVEN each seat holding one whole suit (North clubs, East diamonds, South hearts, West spades)
    WHEN North declares 6NT, East doubles and North redoubles, and the play is out
    THEN East leads a diamond and runs all thirteen: 12 down redoubled, not vulnerable:
    (-500 - 300 x 9) x 2 = -6400 for North-South, as OpenSpiel."""
    board = Board(dealt_in_order())
    board.play([bid(6, "NT"), DOUBLE, REDOUBLE, PASS, PASS, PASS])
    play_out(board, random.Random(8))
    assert board.returns() == [-6400, 6400, -6400, 6400]


@pytest.mark.parametrize("dealer", range(4))
def test_dealer_and_vulnerability_options(dealer):
    """GIVEN the dealer option 0-3 and only the non-dealer side vulnerable
    WHEN random calls and cards are made
    THEN the dealer calls first and the scores use the vulnerability, as in OpenSpiel."""
    rng = random.Random(dealer)
    board = Board(random_deal(rng), {"dealer": dealer, "non_dealer_vul": True})
    assert board.ours.decision.player == dealer
    board.play([bid(1, "S"), PASS, PASS, PASS])
    play_out(board, rng)
    board.returns()
