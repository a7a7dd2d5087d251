"""Differential tests: Kuhn poker, Leduc poker and Goofspiel (rulesets/*.yaml) against
OpenSpiel's C++ games.

Why: OpenSpiel's kuhn_poker, leduc_poker and goofspiel are the reference implementations solvers
are tested on. Driving ours and theirs with the same chance outcomes and the same actions, and
demanding at every decision the same player, the same legal actions (mapped one to one), the
same public information and, at the end, the same returns checks the rulesets against the
rules docs/rules.md §8-10 take from OpenSpiel's source.

How: ours is the ruleset behind the OpenSpiel adapter's explicit-chance game
(interpreter.rl.openspiel_exact), so both sides are pyspiel states with chance nodes. A chance
outcome of theirs is a card index; ours is a place in the list drawn from, whose card maps to
their index (CARD_INDEX). Actions map by name: Kuhn's check and fold are OpenSpiel's Pass, bet
and call its Bet; Leduc's check and call are its Call. Two-player games are compared on every
node of the whole game tree; more players on random games.

One difference of model, handled where compared: OpenSpiel splits a tied Leduc pot in
fractions of a chip; the ruleset's chips are whole, so the odd chips go to the winners nearest
the starting seat (only possible with three or more players).
"""
from __future__ import annotations

import math
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

from interpreter.rl import openspiel_game  # noqa: E402,F401  (registers "cardrules")

KUHN_ACTIONS = {"check": 0, "fold": 0, "bet": 1, "call": 1}     # OpenSpiel: 0 Pass, 1 Bet
LEDUC_ACTIONS = {"fold": 0, "check": 1, "call": 1, "raise": 2}   # OpenSpiel: 0 Fold, 1 Call, 2 Raise
RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def low_rank(players: int) -> int:
    """The rank of OpenSpiel's card 0: J Q K for two players, then the ace, then lower ranks."""
    return 11 if players == 2 else 14 - players


def card_index(card_id: str, players: int, *, suits: int) -> int:
    """OpenSpiel's index of one of our cards: rank from the lowest, times the suits, plus the suit
    (spades 0, hearts 1)."""
    rank = RANKS.get(card_id[0]) or int(card_id[0])
    return (rank - low_rank(players)) * suits + (0 if suits == 1 else "SH".index(card_id[1]))


class Pair:
    """Our game and OpenSpiel's, in lock-step; each check fails with the history so far."""

    def __init__(self, name: str, players: int):
        self.name, self.players = name, players
        self.suits = 1 if name == "kuhn_poker" else 2
        self.names = KUHN_ACTIONS if name == "kuhn_poker" else LEDUC_ACTIONS
        self.theirs = pyspiel.load_game(name, {"players": players}).new_initial_state()
        self.ours = load_ours(name, players).new_initial_state()
        self.decisions = 0

    def clone(self) -> "Pair":
        copy = object.__new__(Pair)
        copy.__dict__.update(self.__dict__)
        copy.theirs, copy.ours = self.theirs.clone(), self.ours.clone()
        return copy

    def where(self) -> str:
        return f"{self.name}, {self.players} players, OpenSpiel history {self.theirs.history()}"

    def chance(self) -> dict[int, int]:
        """Their chance outcome -> ours, after checking both draw from the same cards alike."""
        theirs, ours = self.theirs, self.ours
        assert ours.is_chance_node(), f"{self.where()}: OpenSpiel deals, ours does not"
        mapping = {card_index(card.id, self.players, suits=self.suits): k for k, card in enumerate(ours.node.outcomes)}
        outcomes = dict(theirs.chance_outcomes())
        assert sorted(mapping) == sorted(outcomes), f"{self.where()}: cards drawn from {sorted(mapping)} vs {sorted(outcomes)}"
        chances = [p for _, p in ours.chance_outcomes()] + list(outcomes.values())
        assert all(math.isclose(p, 1 / len(mapping)) for p in chances), f"{self.where()}: {chances}"
        return mapping

    def actions(self) -> dict[int, int]:
        """Their legal action -> ours, after checking the two legal sets map one to one."""
        theirs, ours = self.theirs, self.ours
        assert ours.current_player() == theirs.current_player(), \
            f"{self.where()}: player {ours.current_player()} to act, OpenSpiel says {theirs.current_player()}"
        legal = ours.tree.legal(ours.node)          # our action -> its name
        mapping = {self.names[name]: action for action, name in legal.items()}
        assert len(mapping) == len(legal), f"{self.where()}: two of our actions map to one of OpenSpiel's: {legal}"
        assert sorted(mapping) == theirs.legal_actions(), \
            f"{self.where()}: legal {sorted(legal.values())} vs OpenSpiel's {theirs.legal_actions()}"
        return mapping

    def public(self) -> None:
        """The same pot, chips put in, public card and private cards (as each seat sees them)."""
        game, n = self.ours.game, self.players
        put = [game.vars_of(p)["put"] for p in game.players]
        if self.name == "kuhn_poker":
            for seat in range(n):
                seen = self.theirs.observation_string(seat)        # its card, then every ante
                assert [int(c) for c in seen[-n:]] == put, f"{self.where()}: chips put in {put}, OpenSpiel {seen}"
                card = game.cards_in(game.players[seat].zones["hand"])[0]
                assert seen[:-n] == str(card_index(card.id, n, suits=1)), f"{self.where()}: seat {seat} holds {card.id}"
            assert game.vars["pot"] == sum(put)
            return
        seen = self.theirs.observation_string(0)
        fields = dict(re.findall(r"\[(\w+):? ([^\]]*)\]", seen))
        assert int(fields["Pot"]) == game.vars["pot"] == sum(put), f"{self.where()}: pot {game.vars['pot']}, {seen}"
        assert [int(a) for a in fields["Ante"].split()] == put, f"{self.where()}: chips put in {put}, {seen}"
        board = game.cards_in(game.zones["board"])
        public = str(card_index(board[0].id, n, suits=2)) if board else None
        assert fields.get("Public") == public, f"{self.where()}: public card {public}, {seen}"
        for seat in range(n):
            mine = self.theirs.observation_string(seat)
            card = game.cards_in(game.players[seat].zones["hand"])[0]
            assert f"[Private: {card_index(card.id, n, suits=2)}]" in mine, f"{self.where()}: seat {seat} holds {card.id}"

    def apply(self, theirs: int, mapping: dict[int, int]) -> None:
        self.theirs.apply_action(theirs)
        self.ours.apply_action(mapping[theirs])

    def returns(self) -> None:
        assert self.ours.is_terminal(), f"{self.where()}: OpenSpiel's game is over, ours is not"
        ours, theirs = self.ours.returns(), self.theirs.returns()
        assert sum(ours) == 0, f"{self.where()}: returns {ours} do not add up to 0"
        for a, b in zip(ours, theirs):
            # equal, or (a split pot's fraction of a chip) the whole chips next to OpenSpiel's share
            assert a == b or (b != int(b) and math.floor(b) <= a <= math.ceil(b)), \
                f"{self.where()}: returns {ours}, OpenSpiel {theirs}"

    def step(self, rng: random.Random) -> None:
        """Compare the current node, then take one of its outcomes or actions at random."""
        if self.theirs.is_chance_node():
            mapping = self.chance()
        else:
            mapping = self.actions()
            self.public()
            self.decisions += 1
        self.apply(rng.choice(sorted(mapping)), mapping)


_OURS: dict = {}


def load_ours(name: str, players: int):
    """Our explicit-chance game of the ruleset (one per table size: its tree is kept)."""
    key = (name, players)
    if key not in _OURS:
        _OURS[key] = pyspiel.load_game("cardrules", {
            "ruleset": name.replace("_", "-"), "players": players, "chance": "explicit",
            "returns": "scores", "zero_sum": True})
    return _OURS[key]


def walk(pair: Pair) -> int:
    """Compare every node below `pair` (both games' whole trees); returns the decisions compared."""
    if pair.theirs.is_terminal():
        pair.returns()
        return 0
    if pair.theirs.is_chance_node():
        mapping, decisions = pair.chance(), 0
    else:
        mapping, decisions = pair.actions(), 1
        pair.public()
    for theirs in sorted(mapping):
        child = pair.clone()
        child.apply(theirs, mapping)
        decisions += walk(child)
    return decisions


def play_random(name: str, players: int, games: int, *, seed: int) -> int:
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        pair = Pair(name, players)
        while not pair.theirs.is_terminal():
            pair.step(rng)
        pair.returns()
        decisions += pair.decisions
    return decisions


def test_kuhn_whole_tree_two_players():
    """GIVEN Kuhn poker for two players, ours (J Q K, D-31) and OpenSpiel's (cards 0 1 2)
    WHEN every deal and every betting sequence is played in both
    THEN every decision has the same player, legal actions, chips and cards, and every end the
    same returns (6 deals x 4 decision points = 24 decision nodes, as OpenSpiel counts)."""
    assert walk(Pair("kuhn_poker", 2)) == 6 * 4


@pytest.mark.parametrize("players, games", [(2, 1000), (3, 1000), pytest.param(5, 300, marks=pytest.mark.slow),
                                            pytest.param(10, 100, marks=pytest.mark.slow)])
def test_kuhn_random_games(players, games):
    """GIVEN Kuhn poker for 2 to 10 players (a deck of one more card than players)
    WHEN random deals and random actions are played in ours and OpenSpiel's
    THEN both agree at every decision and on the returns."""
    assert play_random("kuhn_poker", players, games, seed=players) >= games * players


@pytest.mark.slow
def test_leduc_whole_tree_two_players():
    """GIVEN Leduc poker for two players, ours and OpenSpiel's
    WHEN every deal, public card and betting sequence is played in both
    THEN every one of the 3,780 decision nodes agrees on the player, the legal actions, the
    pot, the chips put in and the cards, and every end on the returns (ties split the pot)."""
    assert walk(Pair("leduc_poker", 2)) == 3780


@pytest.mark.slow
@pytest.mark.parametrize("players, games", [(2, 1000), (3, 1000), (4, 200)])
def test_leduc_random_games(players, games):
    """GIVEN Leduc poker for 2 to 4 players
    WHEN random deals and random actions are played in ours and OpenSpiel's
    THEN both agree at every decision and on the returns (a fraction of a chip aside)."""
    assert play_random("leduc_poker", players, games, seed=players) >= games * players


def test_leduc_three_way_split_gives_whole_chips():
    """GIVEN three Leduc players, J♠ and J♥ in the first two seats, the third folds, a K is turned
    WHEN the two jacks check the second round down
    THEN OpenSpiel splits the pot of 3 + 3 + 1 = 7 in halves; ours gives 4 and 3 chips, the
    odd chip to the winner nearest the starting seat (D-32)."""
    pair = Pair("leduc_poker", 3)
    for card in (0, 1, 4):                      # J♠ to seat 0, J♥ to seat 1, Q♠ to seat 2
        pair.apply(card, pair.chance())
    for action in (2, 1, 0):                    # seat 0 raises, seat 1 calls, seat 2 folds
        pair.apply(action, pair.actions())
    pair.apply(6, pair.chance())                # the K♠ is the public card
    for action in (1, 1):
        pair.apply(action, pair.actions())
    assert pair.theirs.returns() == [0.5, 0.5, -1.0]
    pair.returns()
    assert pair.ours.returns() == [1.0, 0.0, -1.0]


# -- Goofspiel: simultaneous bids. OpenSpiel asks every seat at once; ours asks them in seat
# order, each bid hidden until all are in, so one OpenSpiel node is several of our decisions.

class PrizeByValue:
    """A random source for our Goofspiel that turns the prize cards OpenSpiel's chance nodes
    turn: each draw takes the card of the planned value and notes the values it drew from."""

    def __init__(self, plan: list[int]):
        self.plan, self.offered = list(plan), []

    def choice(self, items):
        if len(items) > 1:          # one card left is no draw (OpenSpiel turns it by itself)
            self.offered.append(sorted(c.attrs["value"] for c in items))
        value = self.plan.pop(0)
        return next(c for c in items if c.attrs["value"] == value)


def goofspiel_game(players: int, num_cards: int, rng: random.Random):
    from interpreter import load_ruleset
    from interpreter.rl.chance import DrawnGame
    theirs = pyspiel.load_game("goofspiel", {"players": players, "num_cards": num_cards}).new_initial_state()
    plan = list(range(1, num_cards + 1))
    rng.shuffle(plan)
    draws = PrizeByValue(plan)
    if "goofspiel" not in _OURS:
        _OURS["goofspiel"] = load_ruleset("goofspiel")
    ours = DrawnGame(_OURS["goofspiel"], players, draws=draws, options={"num_cards": num_cards})
    return theirs, ours, plan, draws


def win_loss(winners: set[int], players: int) -> list[float]:
    """OpenSpiel's win_loss returns from the winners: all tied is a draw."""
    if len(winners) == players:
        return [0.0] * players
    return [1 / len(winners) if p in winners else -1 / (players - len(winners)) for p in range(players)]


def play_goofspiel(players: int, num_cards: int, rng: random.Random, *, bids=None) -> int:
    """One game of both, random bids (or `bids(turn, seat, legal)`); the decisions compared."""
    theirs, ours, plan, draws = goofspiel_game(players, num_cards, rng)
    chance_offers, decisions, turn = [], 0, 0
    where = lambda: f"goofspiel, {players} players, {num_cards} cards, history {theirs.history()}"  # noqa: E731
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            chance_offers.append(sorted(a + 1 for a, _ in theirs.chance_outcomes()))
            theirs.apply_action(plan[len(chance_offers) - 1] - 1)
            continue
        seen = theirs.observation_string(0)
        points = [int(x) for x in seen.split("Points: ")[1].split()]
        assert [ours.vars_of(p)["points"] for p in ours.players] == points, f"{where()}: points vs {seen}"
        prize = [c.attrs["value"] for c in ours.cards_in(ours.zones["prize"])]
        assert prize == [int(seen.split("Current point card: ")[1].split()[0])]
        chosen = []
        for seat in range(players):
            hand = sorted(int(v) for v in seen.split(f"P{seat} hand: ")[1].split("\n")[0].split())
            held = sorted(c.attrs["value"] for c in ours.cards_in(ours.players[seat].zones["hand"]))
            assert held == hand, f"{where()}: hand {seat}"
            decision = ours.decision
            assert decision is not None and decision.player == seat, f"{where()}: seat {seat} should bid"
            legal = sorted(c.attrs["value"] - 1 for c in decision.options)
            assert legal == theirs.legal_actions(seat), f"{where()}: seat {seat} may bid {legal}"
            pick = bids(turn, seat, legal) if bids else rng.choice(legal)
            ours.apply_value(next(c for c in decision.options if c.attrs["value"] - 1 == pick))
            chosen.append(pick)
            decisions += 1
        theirs.apply_actions(chosen)
        turn += 1
    assert ours.over, f"{where()}: OpenSpiel's game is over, ours is not"
    assert draws.offered == chance_offers, f"{where()}: prizes drawn from {draws.offered} vs {chance_offers}"
    winners = {p.seat for p in ours.winners}
    assert win_loss(winners, players) == pytest.approx(theirs.returns()), f"{where()}: winners {winners}"
    return decisions


@pytest.mark.parametrize("players, games", [pytest.param(2, 1000, marks=pytest.mark.slow),
                                            pytest.param(3, 300, marks=pytest.mark.slow), (5, 100)])
def test_goofspiel_random_games(players, games):
    """GIVEN Goofspiel with OpenSpiel's defaults (13 cards, prizes in random order, win/loss)
    WHEN random prize orders and random bids are played in ours and OpenSpiel's
    THEN at every bid the same seat bids from the same cards (every hand public, D-33), the
    prize and the points agree,
    the prizes are drawn from the same cards, and the winners give OpenSpiel's returns."""
    rng = random.Random(players)
    decisions = sum(play_goofspiel(players, 13, rng) for _ in range(games))
    assert decisions == games * players * 12          # the 13th card is no choice, in both


def test_goofspiel_ties_at_the_top_throw_the_prize_away_and_a_full_tie_is_a_draw():
    """GIVEN three Goofspiel players with 3 cards
    WHEN two seats bid alike above the third on every turn, then everyone bids alike
    THEN the prizes tied at the top go to nobody even though a lower bid is alone, and a game
    in which everyone always bids alike is a draw (returns 0), in both engines."""
    rng = random.Random(5)
    top_two = lambda turn, seat, legal: legal[-1] if seat < 2 else legal[0]      # noqa: E731
    assert play_goofspiel(3, 3, rng, bids=top_two) == 6
    same = lambda turn, seat, legal: legal[turn]                                  # noqa: E731
    assert play_goofspiel(3, 3, rng, bids=same) == 6

