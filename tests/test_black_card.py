"""Scenario tests for Black Card, docs/rules.md §5 (decisions D-01, D-13..D-20), with stacked decks.

Each scenario gives every seat seven cards in the order they arrive: the order card, then for
rounds 1-3 the card it turns up and the card it keeps hidden. `stack` deals them the way the
ruleset does (order cards by seat; each round two cards one at a time, best face-up cards
first), computing that order independently with the hand evaluator. `advance` takes the
routine decisions (checks, the scripted reveals, forced payments, joker declarations) and
stops at any other decision, which the test then takes itself.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.primitives.handrank import hand_key_with_suits
from tests.conftest import ruleset

ROOT = Path(__file__).resolve().parent.parent
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = {**{str(r): r for r in range(2, 10)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
ABILITIES = ["jack", "queen", "king", "straight3", "straight4", "spear", "wealth", "exchange",
             "luck", "sight4"]


def rules():
    return ruleset("black-card")


# -- building a deal ------------------------------------------------------------------------------
def _card(cid: str, jokers: dict) -> tuple[int, str]:
    cid = jokers.get(cid, cid)
    return RANKS[cid[0]], SUITS[cid[1]]


def _showing(cards: list[str], jokers: dict) -> list[int]:
    """The ruleset's order of face-up cards (D-01), computed here from first principles:
    partial poker hand, then suits, then a declared joker above the card it names."""
    key, suits = hand_key_with_suits([_card(c, jokers) for c in cards])
    return (list(key) + [-1] * (6 - len(key)) + list(suits) + [-1] * (5 - len(suits))
            + [sum(c in jokers for c in cards)])


def stack(hands: list[list[str]], jokers: dict | None = None, later=()) -> list[str]:
    """The deck order that deals `hands` ([order, up1, hidden1, up2, hidden2, up3, hidden3] per
    seat; a seat given only its order card plays no round), then the `later` cards."""
    jokers = jokers or {}
    deck = [h[0] for h in hands]
    for r in range(3):
        playing = [s for s, h in enumerate(hands) if len(h) > 1 + 2 * r]
        shown = {s: [hands[s][0]] + hands[s][1:1 + 2 * r:2] for s in playing}
        order = sorted(playing, key=lambda s: _showing(shown[s], jokers), reverse=True)
        for i in range(2):
            deck += [hands[s][1 + 2 * r + i] for s in order]
    return deck + list(later)


def start(hands, jokers=None, later=(), *, options=None, seed=1) -> Game:
    return Game(rules(), players=len(hands), seed=seed, options={"hands": 1, **(options or {})},
                stacked=[stack(hands, jokers, later)])


# -- taking decisions ---------------------------------------------------------------------------
def legal(game: Game) -> set[str]:
    return {c.id for c in game.decision.choices}


def act(game: Game, seat: int, *choices: str) -> None:
    for choice in choices:
        assert game.decision is not None, f"the game is over; seat {seat} cannot choose {choice}"
        assert game.decision.player == seat, \
            f"expected seat {seat}, but seat {game.decision.player} decides ({game.decision.prompt})"
        game.apply(choice)


def advance(game: Game, hands, jokers=None, *, folds=(), stop=None) -> None:
    """Checks in betting rounds, turns up each seat's scripted card, pays forced payments (seats
    in `folds` fold), declares jokers as `jokers` says; stops at any other decision."""
    jokers = jokers or {}
    while not game.over and not (stop and stop(game)):
        d = game.decision
        ids = legal(game)
        if d.kind == "action" and "check" in ids:
            game.apply("check")
        elif d.prompt.startswith("turn one of your hidden cards"):
            game.apply(hands[d.player][2 * game.vars["round_number"] - 1])
        elif ids == {"pay", "fold"}:
            game.apply("fold" if d.player in folds else "pay")
        elif d.prompt.startswith("declare what your joker is"):
            joker = "JR" if "AH" in ids else "JB"
            game.apply(jokers[joker])
        else:
            return


def zone(game: Game, seat: int | None, name: str) -> list[str]:
    z = game.zones[name] if seat is None else game.players[seat].zones[name]
    return [c.id for c in game.cards_in(z)]


def chips(game: Game) -> list[int]:
    return [game.vars_of(p)["chips"] for p in game.players]


def used(game: Game) -> list[tuple[int, str]]:
    return [(e["player"], e["ability"]) for e in game.events if e["type"] == "ability_used"]


def expr(game: Game, text: str):
    fn, _ = rules().compile(text)
    return fn(game, {})


def seen_by(game: Game, viewer: int, seat: int, name: str) -> list:
    return game.view(viewer)["players"][seat]["zones"][name]


def in_special(game: Game) -> bool:
    return game.phase in ("passives", "special")


# Players with no ability and no picture card among their four face-up cards.
QUIET_X = ["2C", "5D", "3S", "9H", "7S", "8C", "TH"]        # up 2C 5D 9H 8C: 9-high
QUIET_Y = ["3D", "6C", "4H", "TS", "8S", "4S", "2H"]        # up 3D 6C TS 4S: T-high


# -- the deck and the jokers ------------------------------------------------------------------------
def test_deck_has_54_cards_with_two_jokers():
    """GIVEN Black Card (§5) WHEN a game starts THEN 54 cards are in play: 52 and two jokers."""
    game = Game(rules(), players=3, seed=1)
    assert len(game.cards_in_play) == 54
    assert {c.id for c in game.cards_in_play if c.attrs["suit"] == "joker"} == {"JR", "JB"}


def test_jokers_declared_when_shown_as_order_cards_outrank_the_real_card():
    """GIVEN the colour joker and the black-and-white joker dealt as order cards, and the A♥
    WHEN their owners declare them (the colour joker only as a ♦ or ♥, the other only ♠ or ♣)
    THEN the declared jokers rank as those cards, a joker above the real card it names, so the
    betting order is joker A♠, joker A♥, real A♥ (D-01)."""
    game = start([["JR"], ["AH"], ["JB"]])
    assert game.decision.player == 0 and game.decision.prompt.startswith("declare")
    assert legal(game) == {r + s for r in RANKS for s in "DH"}
    act(game, 0, "AH")
    assert game.decision.player == 2
    assert legal(game) == {r + s for r in RANKS for s in "SC"}
    act(game, 2, "AS")
    joker = game.cards_by_id["JR"]
    assert game.vars_of(joker) == {"declared": True, "as_rank": 14, "as_suit": "hearts"}
    assert [p.seat for p in game.vars["bet_order"]] == [2, 0, 1]
    assert game.decision.player == 2 and game.phase == "order"   # the highest order card bets first


def test_simultaneous_reveal_stays_hidden_until_everyone_chose_then_jokers_are_declared():
    """GIVEN round 1, seat 0 holding the colour joker among its two hidden cards
    WHEN seats 0 and 1 have chosen the card to turn up, seat 2 not yet
    THEN nobody sees another's choice (views and event streams); once seat 2 chooses, the three
    cards are face up together, and only then does seat 0 declare its joker."""
    hands = [["9S", "JR", "2D", "3C", "4D", "5H", "6S"], QUIET_X, QUIET_Y]
    game = start(hands, {"JR": "7H"})
    advance(game, hands, stop=lambda g: g.phase == "round")
    act(game, 0, "JR")
    act(game, 1, "5D")
    for viewer in (1, 2):
        assert seen_by(game, viewer, 0, "up") == ["9S"]
        assert seen_by(game, viewer, 0, "hidden") == [None, None]
        assert not [e for e in game.events_for(viewer) if e["type"] == "decided" and e["player"] == 0
                    and e["kind"] == "card"]
    assert seen_by(game, 0, 0, "hidden") == ["JR", "2D"]
    assert seen_by(game, 2, 1, "up") == ["2C"]
    act(game, 2, "6C")
    assert game.decision.player == 0 and game.decision.prompt.startswith("declare")
    for viewer in (0, 1, 2):
        assert [seen_by(game, viewer, s, "up") for s in range(3)] == [["9S", "JR"], ["2C", "5D"], ["3D", "6C"]]
    act(game, 0, "7H")
    assert game.vars_of(game.cards_by_id["JR"])["as_rank"] == 7


# -- betting (D-13) ----------------------------------------------------------------------------------------
def test_order_betting_is_pot_limit_with_one_raise_each():
    """GIVEN two players, the pot 2 (the antes), seat 0 (A♠) first to bet (D-13)
    WHEN seat 0 bets 1 and seat 1 raises the most it may
    THEN seat 1 may raise at most 4 (call 1, then the pot of 4); seat 0's opening bet was not a
    raise, so it may still raise once (at most 12: call 4, then the pot of 12); seat 1, who has
    raised once, may then only call or fold, and the calls match."""
    game = start([["AS"], ["2C"]])
    assert legal(game) == {"check", "bet"}
    act(game, 0, "bet")
    assert (game.decision.options.start, game.decision.options.stop - 1) == (1, 2)
    act(game, 0, "1")
    act(game, 1, "raise")
    assert (game.decision.options.start, game.decision.options.stop - 1) == (1, 4)
    act(game, 1, "4")
    assert legal(game) == {"fold", "call", "raise"} and game.vars_of(game.players[0])["owed"] == 4
    act(game, 0, "raise")
    assert (game.decision.options.start, game.decision.options.stop - 1) == (4, 12)
    act(game, 0, "12")
    assert legal(game) == {"fold", "call"} and game.vars_of(game.players[1])["owed"] == 12
    act(game, 1, "call")
    assert [game.vars_of(p)["contributed"] for p in game.players] == [18, 18] and game.vars["pot"] == 36
    assert game.phase == "round"


def test_one_raise_each_counts_raises_not_the_opening_bet():
    """GIVEN three players: seat 0 (A♠) bets 1, seat 1 (K♦) raises, seat 2 (2♣) raises
    WHEN the turn comes back to seat 0
    THEN it may still raise (its bet was not a raise, D-13); once it has, seats 1 and 2, who
    have each raised once, may only call or fold, and the round ends when they have called."""
    game = start([["AS"], ["KD"], ["2C"]])
    act(game, 0, "bet", "1")
    act(game, 1, "raise", "1")
    act(game, 2, "raise", "1")
    assert legal(game) == {"fold", "call", "raise"}
    act(game, 0, "raise", "1")
    assert game.decision.player == 1 and legal(game) == {"fold", "call"}
    act(game, 1, "call")
    assert game.decision.player == 2 and legal(game) == {"fold", "call"}
    act(game, 2, "call")
    assert [game.vars_of(p)["contributed"] for p in game.players] == [5, 5, 5] and game.phase == "round"


def test_order_betting_allows_check_raise():
    """GIVEN seat 0 checked (D-13: check-raise is allowed)
    WHEN seat 1 bets
    THEN seat 0 may raise."""
    game = start([["AS"], ["2C"]])
    act(game, 0, "check")
    act(game, 1, "bet", "1")
    assert legal(game) == {"fold", "call", "raise"}


# -- forced payments and the odd advantage ---------------------------------------------------------------
def test_forced_payment_divides_the_pot_by_the_players_who_started_and_ends_the_step():
    """GIVEN three starters; after the order-card betting (A♠ bets 1, K♦ calls, 2♣ folds) the pot is 5
    WHEN round 1's cards are shown and seat 0 shows the best (a pair of aces)
    THEN seat 1 must pay floor(5 / 3) = 1 or fold, with no raise; seat 0 pays nothing; in round 2
    the payment is floor(6 / 3) = 2, seat 1 folds, its cards are mucked and seat 0 takes the pot."""
    hands = [["AS", "AD", "3C", "8S", "2S"], ["KD", "4H", "6H", "7C", "9D"], ["2C"]]
    game = start(hands)
    act(game, 0, "bet", "1")
    act(game, 1, "call")
    act(game, 2, "fold")
    assert game.vars["pot"] == 5 and game.vars["starters"] == 3
    assert zone(game, 2, "up") == [] and "2C" in zone(game, None, "muck")
    advance(game, hands, stop=lambda g: legal(g) == {"pay", "fold"})
    assert game.decision.player == 1 and game.vars["leader"].seat == 0 and game.vars["due"] == 1
    act(game, 1, "pay")
    assert chips(game) == [98, 97, 99] and game.vars["pot"] == 6
    advance(game, hands, stop=lambda g: legal(g) == {"pay", "fold"})
    assert game.vars["round_number"] == 2 and game.vars["due"] == 2
    act(game, 1, "fold")
    assert game.over
    assert chips(game) == [104, 97, 99]
    assert sorted(zone(game, None, "muck")) == sorted(["2C", "KD", "4H", "7C", "6H", "9D"])


def test_odd_advantage_the_leader_pays_for_an_odd_player():
    """GIVEN round 2 (D-14): seat 1 shows A♥ 5♣ 7♦, all odd (the ace counts 1), while seat 0 leads
    with three eights
    WHEN the forced payment is made
    THEN seat 1 is not asked: the leader pays its floor(5 / 3) = 1; seat 2 pays for itself. In
    round 1 the same two odd cards gave no advantage (the rule is round 2's)."""
    hands = [["8S", "8D", "2D", "8C", "3H"],
             ["AH", "5C", "2S", "7D", "3S"],
             ["4D", "6S", "TC", "9S", "JC"]]
    game = start(hands)
    advance(game, hands, stop=lambda g: legal(g) == {"pay", "fold"})
    assert game.vars["round_number"] == 1 and game.decision.player == 1    # odd cards, round 1: pays
    advance(game, hands, stop=lambda g: g.vars["round_number"] == 2 and legal(g) == {"pay", "fold"})
    assert [game.vars_of(p)["odd"] for p in game.players] == [False, True, False]
    assert game.decision.player == 2 and game.vars["due"] == 1
    assert chips(game) == [98, 98, 98]               # seat 0 paid seat 1's payment
    act(game, 2, "pay")
    assert chips(game) == [98, 98, 97] and game.vars["pot"] == 7


def test_odd_advantage_a_leader_with_odd_cards_may_double_the_payment():
    """GIVEN round 2 (D-14): the leader, seat 0, shows A♠ A♦ 9♣, all odd
    WHEN it chooses to double the payment
    THEN the others each pay twice floor(5 / 3), that is 2; in round 1 no doubling was offered."""
    hands = [["AS", "AD", "3H", "9C", "5H"],
             ["KD", "6H", "2S", "4C", "3S"],
             ["4D", "2C", "TC", "7S", "8H"]]
    game = start(hands)
    advance(game, hands, stop=lambda g: legal(g) == {"pay", "fold"})
    assert game.vars["round_number"] == 1 and game.decision.player == 1
    advance(game, hands, stop=lambda g: g.vars["round_number"] == 2)
    advance(game, hands)
    assert game.decision.player == 0 and legal(game) == {"double", "keep"}
    act(game, 0, "double")
    assert game.vars["due"] == 2
    act(game, 1, "pay")
    act(game, 2, "pay")
    assert chips(game) == [99, 96, 96] and game.vars["pot"] == 9


# -- passives ----------------------------------------------------------------------------------------------
def test_a21_draws_three_keeps_one_and_takes_the_first_turn():
    """GIVEN after round 3 seat 0 shows A♠ 6♠ 6♥ 9♦: an ace and 6 + 6 + 9 = 21 (D-15)
    WHEN the passives are checked
    THEN seat 0 draws three cards face up, keeps the Q♦ and discards the others; it goes first
    in the special round although its pair of sixes would otherwise make it last, and the kept
    Q♦ counts for its abilities (it uses Q)."""
    hands = [["AS", "6S", "5S", "6H", "3H", "9D", "7D"], QUIET_X, QUIET_Y]
    game = start(hands, later=["QD", "7C", "4D"])
    advance(game, hands)
    assert game.phase == "passives" and game.decision.player == 0
    assert [game.vars_of(p)["a21"] for p in game.players] == [True, False, False]
    assert legal(game) == {"QD", "7C", "4D"} and zone(game, None, "drawn") == ["QD", "7C", "4D"]
    act(game, 0, "QD")
    assert zone(game, 0, "up") == ["AS", "6S", "6H", "9D", "QD"]
    assert sorted(zone(game, None, "discard")) == ["4D", "7C"]
    assert [p.seat for p in game.vars["turn_order"]] == [0, 1, 2]
    assert [p.seat for p in game.vars["round3_order"]] == [0, 2, 1]
    assert used(game) == [(0, "queen")]


def test_a21_with_two_aces_and_several_a21_players_in_ace_suit_order():
    """GIVEN after round 3 seat 0 shows A♥ A♣ T♦ T♣ (the second ace counts 1: 1 + 10 + 10 = 21) and
    seat 1 shows A♠ 4♣ 8♦ 9♣ (4 + 8 + 9 = 21)
    WHEN the passives are checked
    THEN both are A+21 players; seat 1 (A♠) draws and plays before seat 0 (A♥) (D-15)."""
    s0 = ["AH", "AC", "5S", "TD", "3H", "TC", "7D"]
    s1 = ["AS", "4C", "2C", "8D", "6D", "9C", "9H"]
    s2 = ["3D", "6C", "4H", "TS", "8S", "4S", "2H"]
    hands = [s0, s1, s2]
    game = start(hands, later=["2S", "3S", "5H", "5C", "7H", "8H", "KD"])
    advance(game, hands)
    assert [game.vars_of(p)["a21"] for p in game.players] == [True, True, False]
    act(game, 1, "2S")
    act(game, 0, "8H")
    assert [p.seat for p in game.vars["turn_order"]] == [1, 0, 2]
    advance(game, hands)
    assert zone(game, None, "community") == ["KD"]      # nobody could use an ability at first
    assert used(game) == [(1, "king"), (0, "king"), (2, "king")]


def test_royalty_disables_the_others_3_straight_but_not_a_4_straight():
    """GIVEN after round 3 seat 0 shows J♦ Q♣ (Royalty), seat 1 a 3-straight 3-4-5 and seat 2 a
    4-straight 6-7-8-9
    WHEN the special round is played (lowest face-up hand first: seat 2, seat 1, seat 0)
    THEN seat 1's 3-straight is disabled and unused; seat 2's 4-straight still works (D-16) and
    takes every 6, 7, 8 and 9 of the others, hidden ones included, face up."""
    s0 = ["JD", "QC", "7S", "2S", "2C", "5H", "3C"]
    s1 = ["3H", "4S", "8D", "5D", "4C", "TS", "AC"]
    s2 = ["6C", "7D", "2D", "8H", "3D", "9C", "5C"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands)
    assert [game.vars_of(p)["royalty"] for p in game.players] == [True, False, False]
    assert expr(game, "[enabled(player_at(0), 'straight3'), enabled(player_at(1), 'straight3'),"
                      " enabled(player_at(2), 'straight3'), enabled(player_at(2), 'straight4')]") \
        == [True, False, False, True]
    assert [p.seat for p in game.vars["turn_order"]] == [2, 1, 0]
    assert sorted(zone(game, 2, "up")) == sorted(["6C", "7D", "8H", "9C", "7S", "8D"])
    assert game.decision.player == 0 and game.decision.prompt.startswith("J:")
    act(game, 0, "p1")
    assert used(game) == [(2, "straight4"), (0, "jack"), (0, "queen")]


def test_passives_stay_fixed_when_the_cards_that_made_them_are_gone():
    """GIVEN Royalty for seat 0 (J♦ Q♣ Q♥), a K for seat 1, a 3-straight for seat 2 (disabled)
    WHEN seat 1 goes first and its K strips seat 0 of every picture card
    THEN seat 2's 3-straight stays disabled until the special round ends: it is not used, and
    seat 1's hidden 4♣ is not discarded."""
    s0 = ["JD", "QC", "3D", "QH", "8S", "2C", "TD"]
    s1 = ["KH", "2D", "4C", "7C", "6H", "9D", "AC"]
    s2 = ["3H", "4S", "9C", "5D", "TH", "5S", "2H"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    assert [p.seat for p in game.vars["turn_order"]] == [1, 2, 0]
    assert used(game) == [(1, "king")]
    assert zone(game, 0, "up") == ["2C"] and sorted(zone(game, None, "discard")) == ["JD", "QC", "QH"]
    assert "4C" in zone(game, 1, "hidden")
    assert not expr(game, "enabled(player_at(2), 'straight3')")


def test_all_suits_disables_the_others_3_flush_but_not_the_4_flush_sight():
    """GIVEN after round 3 seat 0 shows all four suits, seat 1 four diamonds, seat 2 three clubs
    WHEN the special round is played
    THEN the others' 3-flush abilities are disabled (seat 1's wealth, seat 2's luck); seat 1
    still uses the 4-flush sight (D-16): seat 0 keeps one hidden card unseen and seat 1 sees the
    other two, which seat 2 still cannot see."""
    s0 = ["2S", "5H", "3S", "9D", "6S", "TC", "7H"]
    s1 = ["3D", "6D", "5S", "8D", "8S", "4D", "AH"]
    s2 = ["2C", "7C", "5C", "4C", "6H", "9H", "TD"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands)
    assert [game.vars_of(p)["all_suits"] for p in game.players] == [True, False, False]
    assert expr(game, "[enabled(player_at(1), 'wealth'), enabled(player_at(2), 'luck'),"
                      " enabled(player_at(0), 'wealth'), enabled(player_at(1), 'sight4')]") \
        == [False, False, True, True]
    act(game, 1, "p0")
    assert game.decision.player == 0 and legal(game) == {"3S", "6S", "7H"}
    act(game, 0, "6S")
    assert seen_by(game, 1, 0, "hidden") == ["3S", None, "7H"]
    assert seen_by(game, 2, 0, "hidden") == [None, None, None]
    assert used(game) == [(1, "sight4")]


# -- the abilities -------------------------------------------------------------------------------------------
# Seat 0 holds the ability under test; seats 1 and 2 hold no ability of their own.
def test_jack_target_discards_a_face_up_picture_card_a_joker_counts():
    """GIVEN seat 0 shows a J; seat 1 shows the colour joker, declared as 4♥ (a picture card for
    J, Q and K whatever it names)
    WHEN seat 0 uses J on seat 1
    THEN seat 1 discards the joker, face up for everyone."""
    s0 = ["JC", "2D", "3S", "5S", "4S", "9S", "7D"]
    s1 = ["7C", "JR", "5C", "TD", "8C", "2H", "AD"]
    s2 = ["3D", "6C", "2S", "TH", "9C", "8D", "4C"]
    hands = [s0, s1, s2]
    jokers = {"JR": "4H"}
    game = start(hands, jokers)
    advance(game, hands, jokers)
    assert game.decision.player == 0 and legal(game) == {"p1", "p2"}
    act(game, 0, "p1")
    assert game.decision.player == 1 and legal(game) == {"JR"}
    act(game, 1, "JR")
    assert "JR" in zone(game, None, "discard") and "JR" in game.view(2)["zones"]["discard"]
    assert used(game) == [(0, "jack")]


@pytest.mark.parametrize("ability, card", [("queen", "QS"), ("king", "KS")])
def test_queen_and_king_strip_the_others_face_up_pictures(ability, card):
    """GIVEN seat 0 shows a Q (or a K); seat 1 shows both jokers, declared as 4♥ and 6♠
    WHEN seat 0 uses it
    THEN with Q seat 0 picks one picture card of seat 1 to discard (the black-and-white joker);
    with K seat 1 discards every face-up picture card."""
    s0 = [card, "2D", "3S", "5S", "4S", "9S", "7D"]
    s1 = ["7C", "JR", "5C", "JB", "8C", "TD", "AD"]
    s2 = ["3D", "6C", "2S", "TH", "9C", "8D", "4C"]
    hands = [s0, s1, s2]
    jokers = {"JR": "4H", "JB": "6S"}
    game = start(hands, jokers)
    advance(game, hands, jokers)
    if ability == "queen":
        assert game.decision.player == 0 and legal(game) == {"JR", "JB"}
        act(game, 0, "JB")
        assert zone(game, 1, "up") == ["7C", "JR", "TD"]
    else:
        assert zone(game, 1, "up") == ["7C", "TD"]
    assert used(game) == [(0, ability)]


def test_3_straight_discards_the_others_cards_of_those_ranks_hidden_ones_shown():
    """GIVEN seat 0 shows 4-5-6; seat 1 shows a 5 and hides a 6; seat 2 hides a 4
    WHEN seat 0 uses the 3-straight
    THEN those cards are discarded, the hidden ones too, and everyone sees them."""
    s0 = ["4C", "5D", "2S", "6H", "3S", "TS", "7H"]
    s1 = ["5S", "2D", "6C", "9C", "3H", "8H", "KC"]
    s2 = ["2C", "7S", "4D", "TH", "AS", "9D", "8S"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands)
    assert game.over
    assert used(game) == [(0, "straight3")]
    assert sorted(zone(game, None, "discard")) == ["4D", "5S", "6C"]
    assert sorted(game.view(2)["zones"]["discard"]) == ["4D", "5S", "6C"]


def test_4_straight_takes_the_others_cards_of_those_ranks_face_up():
    """GIVEN seat 0 shows 4-5-6-7; seat 1 shows a 5 and hides a 6; seat 2 shows a 7 and hides a 4
    WHEN seat 0 uses the 4-straight
    THEN those four cards go face up to seat 0."""
    s0 = ["4C", "5D", "2S", "6H", "3S", "7S", "7H"]
    s1 = ["5S", "2D", "6C", "9C", "3H", "8H", "KC"]
    s2 = ["2C", "7D", "4D", "TH", "AS", "9D", "8S"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    assert used(game) == [(0, "straight4")]
    assert zone(game, 0, "up") == ["4C", "5D", "6H", "7S", "5S", "6C", "7D", "4D"]
    assert seen_by(game, 1, 0, "up") == zone(game, 0, "up")


def test_spear_discards_a_chosen_face_up_card_and_a_blind_hidden_card():
    """GIVEN seat 0 shows three spades
    WHEN it uses the spear on seat 1
    THEN it picks one of seat 1's face-up cards and one hidden card by position, without seeing
    the hidden cards (D-18); both are discarded face up."""
    s0 = ["2S", "5S", "6H", "9S", "7H", "4H", "3C"]
    s1 = ["3D", "6C", "7C", "TH", "2C", "8D", "AC"]
    s2 = ["2D", "5C", "3S", "9H", "4S", "8C", "TD"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands)
    act(game, 0, "p1")
    act(game, 0, "6C")
    assert game.decision.kind == "number" and legal(game) == {"1", "2", "3"}
    assert seen_by(game, 0, 1, "hidden") == [None, None, None]
    hidden = zone(game, 1, "hidden")
    act(game, 0, "2")
    assert sorted(zone(game, None, "discard")) == sorted(["6C", hidden[1]])
    assert used(game) == [(0, "spear")]


def test_wealth_draws_two_face_up_and_drawn_cards_do_not_count_this_turn():
    """GIVEN seat 0 shows three diamonds
    WHEN it uses wealth and draws J♥ and 3♣ face up
    THEN both join its face-up cards, but the J gives no J ability this turn (conditions are
    judged as the turn begins, D-17), and the special round ends after the pass."""
    s0 = ["2D", "5D", "6H", "9D", "7H", "4S", "3D"]
    s1 = ["3H", "6C", "7C", "TS", "2C", "8H", "AC"]
    s2 = ["2S", "5C", "3S", "9H", "4C", "8C", "TD"]
    hands = [s0, s1, s2]
    game = start(hands, later=["JH", "3C"])
    advance(game, hands)
    assert zone(game, 0, "up") == ["2D", "5D", "9D", "4S", "JH", "3C"]
    assert used(game) == [(0, "wealth")]


@pytest.mark.parametrize("how", ["face_up", "hidden"])
def test_exchange_swaps_one_card_each_and_a_hidden_card_stays_hidden(how):
    """GIVEN seat 0 shows three hearts
    WHEN it gives its hidden 6♦ for seat 1's face-up T♠, or its face-up 4♠ for seat 1's first
    hidden card (chosen blind)
    THEN each card keeps its face: a face-up card stays face up, and the hidden card taken is
    seen by seat 0 only."""
    s0 = ["2H", "5H", "6D", "9H", "7D", "4S", "3C"]
    s1 = ["3D", "6C", "7C", "TS", "2C", "8D", "AC"]
    s2 = ["2D", "5C", "3S", "9S", "4C", "8C", "TD"]
    hands = [s0, s1, s2]
    game = start(hands)
    advance(game, hands)
    if how == "face_up":
        act(game, 0, "6D", "p1", "face_up", "TS")
        assert "TS" in zone(game, 0, "up") and "6D" in zone(game, 1, "hidden")
        assert "TS" not in zone(game, 1, "up")
    else:
        taken = zone(game, 1, "hidden")[0]
        act(game, 0, "4S", "p1", "hidden", "1")
        assert taken in zone(game, 0, "hidden") and "4S" in zone(game, 1, "up")
        assert taken in seen_by(game, 0, 0, "hidden") and taken not in seen_by(game, 2, 0, "hidden")
    assert used(game) == [(0, "exchange")]


@pytest.mark.parametrize("drawn, extra", [("7C", 2), ("7H", 0)])
def test_luck_draws_a_card_and_a_club_brings_two_hidden(drawn, extra):
    """GIVEN seat 0 shows three clubs
    WHEN it uses luck and draws a club (or not)
    THEN the card joins its face-up cards, and a club brings two more hidden cards."""
    s0 = ["2C", "5C", "6H", "9C", "7D", "4H", "3D"]
    s1 = ["3H", "6S", "7S", "TS", "2S", "8D", "AS"]
    s2 = ["2D", "5S", "3S", "9H", "4S", "8H", "TD"]
    hands = [s0, s1, s2]
    game = start(hands, later=[drawn, "KD", "KH"])
    before = len(zone(game, 0, "hidden"))
    advance(game, hands)
    assert drawn in zone(game, 0, "up")
    assert len(zone(game, 0, "hidden")) == before + 3 + extra
    assert used(game) == [(0, "luck")]


def test_4_flush_uses_the_suit_ability_then_the_sight():
    """GIVEN seat 0 shows four diamonds
    WHEN its turn comes
    THEN it uses wealth (the 3-flush of its suit) and then the 4-flush sight, in that order."""
    s0 = ["2D", "5D", "6H", "9D", "3S", "7D", "4H"]
    s1 = ["3H", "6S", "7S", "TS", "2S", "8H", "AS"]
    s2 = ["2C", "5S", "3C", "9H", "4S", "8C", "TH"]
    hands = [s0, s1, s2]
    game = start(hands, later=["4C", "5C"])
    advance(game, hands)
    act(game, 0, "p2")
    act(game, 2, "3C")
    assert used(game) == [(0, "wealth"), (0, "sight4")]
    assert seen_by(game, 0, 2, "hidden") == [None, "4S", "TH"]     # seat 2 kept the 3♣ unseen


# -- the special round's passes and the community cards ---------------------------------------------------
def test_a_pass_without_abilities_turns_up_community_cards_until_one_is_used():
    """GIVEN nobody can use an ability after round 3
    WHEN the special round is played
    THEN a community card is turned up (the 3♥, still no ability), then another (the K♦): now
    everyone has a K in sight and uses it, once; the community cards count for everyone and are
    never discarded (D-19)."""
    hands = [["AS", "6S", "5S", "6H", "4D", "8D", "7D"], QUIET_X, QUIET_Y]
    game = start(hands, later=["3H", "KD"])
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    assert zone(game, None, "community") == ["3H", "KD"] and game.vars["passes"] == 3
    assert used(game) == [(1, "king"), (2, "king"), (0, "king")]


def test_a_condition_met_but_switched_off_by_all_suits_counts_no_community_card():
    """GIVEN after round 3 seat 0 shows 2♠ 5♥ 9♦ T♣ (All suits), seat 1 shows 3♦ 6♦ 8♦ 4♣ (a
    diamond 3-flush, switched off by All suits), seat 2 no ability
    WHEN the special round is played
    THEN nobody uses an ability, but seat 1 met a condition, so the pass counts (source footnote
    30, D-19): no community card is turned up and the final betting follows the one pass."""
    s0 = ["2S", "5H", "6C", "9D", "7D", "TC", "3H"]
    s1 = ["3D", "6D", "2H", "8D", "TS", "4C", "4S"]
    hands = [s0, s1, QUIET_X]
    game = start(hands, later=["KD", "KH"])
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    assert [game.vars_of(p)["all_suits"] for p in game.players] == [True, False, False]
    assert zone(game, None, "community") == [] and game.vars["passes"] == 1
    assert game.phase == "final_bet" and used(game) == []
    assert expr(game, "[met(player_at(1)), usable(player_at(1)), met(player_at(0)), met(player_at(2))]") \
        == [["wealth"], [], [], []]


# -- the showdown ----------------------------------------------------------------------------------
TIE_0 = ["2C", "5D", "3S", "9H", "7S", "8C", "TH"]
TIE_1 = ["2D", "5H", "3C", "9S", "7C", "8D", "TS"]


def test_showdown_split_odd_chip_to_the_earliest_in_the_final_betting_order():
    """GIVEN two players with the same ranks in different suits and the community K♥; seat 1 bets 1
    on the order cards and seat 0 calls, so the forced payments make an odd pot of 13 (seat 0,
    never the leader after round 1, put in 9; seat 1 only 4, which makes no side pot)
    WHEN they show down (both K-T-9-8-7)
    THEN the pot splits and the odd chip goes to seat 1, first in the final betting order (its 9♠
    outranks the 9♥ face up, D-01), not to seat 0 (D-20)."""
    hands = [TIE_0, TIE_1]
    game = start(hands, later=["KH"])
    act(game, 1, "bet", "1")
    act(game, 0, "call")
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    assert [p.seat for p in game.vars["round3_order"]] == [1, 0]
    pot, before = game.vars["pot"], chips(game)
    assert pot == 13 and [game.vars_of(p)["contributed"] for p in game.players] == [9, 4]
    advance(game, hands)
    assert game.over
    assert [c - b for c, b in zip(chips(game), before)] == [pot // 2, pot // 2 + 1]


def test_a_joker_kept_hidden_is_declared_at_the_showdown_and_counts_as_declared():
    """GIVEN seat 1 keeps the black-and-white joker hidden all hand
    WHEN the showdown comes
    THEN it declares it (only then, and only as a ♠ or ♣ card): as the K♠ it pairs the community
    K♥ and wins the whole pot."""
    hands = [TIE_0, ["2D", "5H", "JB", "9S", "7C", "8D", "TS"]]
    game = start(hands, later=["KH"])
    advance(game, hands, stop=lambda g: g.phase == "final_bet")
    pot, before = game.vars["pot"], chips(game)
    advance(game, hands, stop=lambda g: g.phase == "showdown")
    assert not game.vars_of(game.cards_by_id["JB"])["declared"]
    assert game.decision.player == 1 and "KS" in legal(game) and "KH" not in legal(game)
    act(game, 1, "KS")
    assert game.over
    assert [c - b for c, b in zip(chips(game), before)] == [0, pot]


def test_the_match_ends_when_one_player_holds_every_chip():
    """GIVEN two players with 2 chips each (ante 1)
    WHEN both go all-in on the order cards and seat 1 wins the showdown
    THEN seat 1 holds all 4 chips and the match ends after one hand although `hands` is 20."""
    hands = [TIE_0, ["2D", "5H", "JB", "9S", "7C", "8D", "TS"]]
    game = start(hands, later=["KH"], options={"stack": 2, "hands": 20})
    act(game, 1, "all_in")
    act(game, 0, "all_in")
    advance(game, hands, {"JB": "KS"})
    assert game.over and chips(game) == [0, 4] and game.result["winners"] == [1]


def test_the_match_ends_after_the_hands_option():
    """GIVEN hands: 2 WHEN two hands are played THEN the match ends; the biggest stack wins."""
    game = Game(rules(), players=3, seed=5, options={"hands": 2})
    agent = random.Random(5)
    while not game.over:
        game.apply(game.decision.choices[agent.randrange(len(game.decision.choices))])
    assert game.vars["hand_number"] <= 2
    best = max(chips(game))
    assert game.result["winners"] == [s for s, c in enumerate(chips(game)) if c == best]


# -- random playouts ---------------------------------------------------------------------------------------
def _agent_choice(game: Game, rng: random.Random):
    """Random, but folding rarely, so that most hands reach the special round."""
    d = game.decision
    choices = d.choices
    if d.kind == "action" and len(choices) > 1 and rng.random() < 0.9:
        keep = [c for c in choices if c.id != "fold"]
        return keep[rng.randrange(len(keep))]
    return choices[rng.randrange(len(choices))]


@pytest.mark.slow
def test_random_playouts_conserve_chips_and_cards_and_end():
    """GIVEN random matches of 5 hands at 2 to 5 players
    WHEN they are played out by a random agent that seldom folds
    THEN at every decision the stacks and the pot add up to the chips the players started with,
    all 54 cards lie in some zone, and every face-up joker has been declared (unless its
    declaration is the decision); every match ends; and over all of them most hands reach the
    special round and every ability and the A+21 passive come up."""
    hands = specials = 0
    abilities, drawn = set(), 0
    for players in (2, 3, 4, 5):
        for seed in range(25):
            game = Game(rules(), players=players, seed=seed, options={"hands": 5})
            rng = random.Random(seed)
            while not game.over:
                assert sum(chips(game)) + game.vars["pot"] == 100 * players
                cards = sum(len(game.cards_in(z)) for z in game.zones.values()) + sum(
                    len(game.cards_in(z)) for p in game.players for z in p.zones.values())
                assert cards == 54
                if not game.decision.prompt.startswith("declare"):
                    assert all(game.vars_of(c)["declared"] for p in game.players for c in game.cards_in(p.zones["up"])
                               if c.attrs["suit"] == "joker")
                game.apply(_agent_choice(game, rng))
            assert sum(chips(game)) == 100 * players and game.vars["pot"] == 0
            hands += game.vars["hand_number"]
            for e in game.events:
                if e["type"] == "phase_started" and e["phase"] == "special":
                    specials += 1
                elif e["type"] == "ability_used":
                    abilities.add(e["ability"])
                elif e["type"] == "moved" and e["to"] == "drawn":
                    drawn += 1
    assert hands >= 300 and specials >= hands // 2
    assert abilities == set(ABILITIES) and drawn > 0
