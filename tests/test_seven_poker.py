"""Scenario tests for Seven Poker (choice), docs/rules.md §3, with stacked decks.

Seats 0, 1, 2 are the source's A, B and C; A shows the highest card, so A bets first and the
others follow clockwise. Betting is rulesets/lib/betting.yaml with the source's defaults.
"""
from __future__ import annotations

import pytest

from interpreter import Game
from tests.poker_helpers import act, amounts, chips, legal, round_robin, ruleset, shown_cards, var

# Four cards each: the first is turned up, the second discarded, the last two kept hidden.
A_B_C = [["AS", "2C", "3D", "4H"], ["KH", "5C", "6D", "7S"], ["QD", "8C", "9D", "TS"]]


def seven(hands=A_B_C, *, options=None, later=(), players=None) -> Game:
    """A game of Seven Poker whose first hand deals `hands`, then `later` cards in order;
    every player turns up their first card and discards their second."""
    rules = ruleset("seven-poker")
    game = Game(rules, players=players or len(hands), seed=1,
                options={"hands": 1, **(options or {})},
                stacked=[round_robin(hands) + list(later)])
    for seat, cards in enumerate(hands):
        act(game, seat, cards[1])                 # discard, face down
    for seat, cards in enumerate(hands):
        act(game, seat, cards[0])                 # turn up
    return game


def test_source_worked_example_increment_calls_half_pot():
    """GIVEN ante 100 and three players (pot 300), calls: increment and the half-pot limit (§3)
    WHEN A bets 100; B calls 100 and raises 250; C calls 250 and raises 500; A calls; B calls
    THEN the round ends, the totals put in are A 600, B 850, C 750 and the pot is 2,500."""
    game = seven()
    assert game.phase == "bet1" and legal(game) == {"check", "bet"}
    act(game, 0, "bet")
    assert amounts(game) == (100, 150)            # half of the pot of 300
    act(game, 0, "100")
    assert var(game, 1, "owed") == 100
    act(game, 1, "raise")
    assert amounts(game) == (100, 250)            # pot 500 after the call: half is 250
    act(game, 1, "250")
    assert var(game, 2, "owed") == 250            # C calls B's raise, not B's total
    act(game, 2, "raise")
    assert amounts(game) == (250, 500)            # at least the same amount; half of 1,000
    act(game, 2, "500")
    assert var(game, 0, "owed") == 500 and var(game, 1, "owed") == 500
    act(game, 0, "call")
    act(game, 1, "call")
    assert game.phase == "fourth"                 # the round is over: next card, next round
    assert [var(game, s, "contributed") - 100 for s in range(3)] == [600, 850, 750]
    assert game.vars["pot"] == 2500
    assert chips(game) == [10000 - 700, 10000 - 950, 10000 - 850]


def test_match_calls_bring_everyone_to_the_same_total():
    """GIVEN calls: match (the usual rule, §3 option)
    WHEN the source's example is bet again (A 100, B raises 250, C raises 500, A and B call)
    THEN a call pays up to the highest total: everyone ends the round at 850 and the pot is 2,850."""
    game = seven(options={"calls": "match"})
    act(game, 0, "bet", "100")
    act(game, 1, "raise", "250")
    assert var(game, 2, "owed") == 350
    act(game, 2, "raise")
    assert amounts(game) == (250, 550)            # pot 750 + the call of 350 = 1,100
    act(game, 2, "500")
    assert var(game, 0, "owed") == 750 and var(game, 1, "owed") == 500
    act(game, 0, "call")
    act(game, 1, "call")
    assert game.phase == "fourth"
    assert [var(game, s, "contributed") - 100 for s in range(3)] == [850, 850, 850]
    assert game.vars["pot"] == 2850


def test_checked_player_may_only_call_or_fold():
    """GIVEN A checked and B then bet (§3: a player who checked may only call or fold)
    WHEN the turn comes back to A
    THEN A may fold or call but not raise; with check_raise on, A may raise."""
    game = seven()
    act(game, 0, "check")
    act(game, 1, "bet", "150")
    act(game, 2, "call")
    assert legal(game) == {"fold", "call"}
    game = seven(options={"check_raise": True})
    act(game, 0, "check")
    act(game, 1, "bet", "150")
    act(game, 2, "call")
    assert legal(game) == {"fold", "call", "raise"}


def test_everyone_checks_and_the_round_ends():
    """GIVEN no bet in the first round
    WHEN all three players check
    THEN the round ends and the next card is dealt face up to everyone."""
    game = seven()
    act(game, 0, "check")
    act(game, 1, "check")
    act(game, 2, "check")
    assert game.phase == "fourth"
    assert [len(game.cards_in(game.players[s].zones["up"])) for s in range(3)] == [2, 2, 2]


@pytest.mark.parametrize("limit, bet_max, raise_max", [
    ("half_pot", 150, 250),        # half of 300; half of 400 + the call of 100
    ("pot", 300, 500),             # the pot; the pot after the call
    ("no_limit", 9899, 9799),      # every chip but one (all of them is the all-in action)
    ("fixed", 100, 100),           # exactly the base bet
])
def test_limits_cap_bets_and_raises(limit, bet_max, raise_max):
    """GIVEN each `limit` option (§3: half pot by default; the table may choose another)
    WHEN A opens and B raises
    THEN the amounts offered stop at the limit's cap."""
    game = seven(options={"limit": limit})
    act(game, 0, "bet")
    assert amounts(game) == (100, bet_max)
    act(game, 0, "100")
    act(game, 1, "raise")
    assert amounts(game) == (100, raise_max)


@pytest.mark.parametrize("ante", [100, 40])
def test_the_smallest_bet_or_raise_is_the_ante(ante):
    """GIVEN the ante (the "ping") at `ante` and no limit, so only the minimum binds
    WHEN A bets, then B raises
    THEN neither may put in less than the ante: A's bet and B's raise start at the ante (D-29);
    once A has bet more than the ante, B's raise starts at A's bet (at least the same amount)."""
    game = seven(options={"ante": ante, "limit": "no_limit"})
    act(game, 0, "bet")
    assert amounts(game)[0] == ante
    act(game, 0, str(ante))
    act(game, 1, "raise")
    assert amounts(game)[0] == ante
    game = seven(options={"ante": ante, "limit": "no_limit"})
    act(game, 0, "bet", str(3 * ante))
    act(game, 1, "raise")
    assert amounts(game)[0] == 3 * ante


def test_all_in_is_allowed_only_within_the_limit():
    """GIVEN the half-pot limit and 9,900 chips behind
    WHEN A may bet
    THEN going all-in is not offered (it would exceed half the pot); with no limit it is."""
    game = seven()
    assert "all_in" not in legal(game)
    game = seven(options={"limit": "no_limit"})
    assert "all_in" in legal(game)
    act(game, 0, "all_in")
    assert var(game, 0, "chips") == 0 and var(game, 1, "owed") == 9900


@pytest.mark.parametrize("options, a_may_raise", [
    ({"max_raises": 1}, False),                                # the bet counts: A's one is used
    ({"max_raises": 1, "count_opening_bet": False}, True),     # raises only (Black Card, D-13)
    ({}, True),                                                # no cap
])
def test_max_raises_caps_bets_and_raises_per_player(options, a_may_raise):
    """GIVEN max_raises: 1 (a house rule; the library's cap), with or without the opening bet
    counting against it
    WHEN A bets, B raises and C raises
    THEN A may only call or fold when its bet counted; when only raises count (or without the
    cap) A may raise; B, who raised once, may not raise again under the cap either way."""
    game = seven(options=options)
    act(game, 0, "bet", "100")
    act(game, 1, "raise", "100")
    act(game, 2, "raise", "100")
    assert legal(game) == ({"fold", "call", "raise"} if a_may_raise else {"fold", "call"})
    act(game, 0, "call")
    assert game.decision.player == 1
    assert legal(game) == ({"fold", "call"} if options else {"fold", "call", "raise"})


def test_highest_up_card_bets_first_suits_break_ties():
    """GIVEN two players show aces, the A♦ and the A♠ (D-01: ♠ > ♦ > ♥ > ♣)
    WHEN the first betting round starts
    THEN the A♠ bets first, though it sits later."""
    hands = [["KC", "2C", "3D", "4H"], ["AD", "5C", "6D", "7S"], ["AS", "8C", "9D", "TS"]]
    game = seven(hands)
    assert game.decision.player == 2


def test_best_partial_hand_is_dealt_to_and_bets_first():
    """GIVEN after the fourth card, seat 1 shows a pair of fives and seat 2 the A♠ high (D-09)
    WHEN the next card is dealt and betting starts
    THEN the pair beats the ace: the fifth card goes to seat 1 first and seat 1 bets first."""
    hands = [["KC", "2C", "3D", "4H"], ["5D", "QC", "6D", "7S"], ["AS", "8C", "9D", "TS"]]
    # 4th street from the A♠ (seat 2): seats 2, 0, 1 get 2D, 3C, 5H; the 5th from the pair: 1, 2, 0.
    game = seven(hands, later=["2D", "3C", "5H", "JH", "JD", "JC"])
    for seat in (2, 0, 1):
        act(game, seat, "check")
    assert game.phase == "fourth" and game.decision.player == 1
    for seat in (1, 2, 0):
        act(game, seat, "check")
    assert game.phase == "fifth" and game.decision.player == 1
    up = {s: [c.id for c in game.cards_in(game.players[s].zones["up"])] for s in range(3)}
    assert up == {0: ["KC", "3C", "JC"], 1: ["5D", "5H", "JH"], 2: ["AS", "2D", "JD"]}


def betting_rounds(options: dict) -> list[str]:
    """The phases in which the first hand asks for bets, everyone checking."""
    game = seven(options=options, later=[])
    phases = []
    while not game.over:
        if game.phase not in phases:
            phases.append(game.phase)
        game.apply("check")
    return phases


def test_five_betting_rounds_or_four_with_fewer_bets():
    """GIVEN the default rules, then fewer_bets (§3: skip the first round)
    WHEN everyone checks through a hand
    THEN there are five betting rounds, then four: the first is after the fourth card."""
    assert betting_rounds({}) == ["bet1", "fourth", "fifth", "sixth", "seventh"]
    assert betting_rounds({"fewer_bets": True}) == ["fourth", "fifth", "sixth", "seventh"]


def test_fold_wins_the_pot_without_a_showdown():
    """GIVEN A bets and B and C fold (§3: "die")
    WHEN the hand ends
    THEN A takes the pot without showing any hidden card, and the match (hands: 1) is over."""
    game = seven()
    act(game, 0, "bet", "150")
    act(game, 1, "fold")
    act(game, 2, "fold")
    assert game.over
    assert chips(game) == [10000 + 200, 9900, 9900]
    assert not shown_cards(game) & {"3D", "4H"}
    assert game.result["winners"] == [0] and game.result["scores"] == chips(game)


def test_showdown_best_five_of_seven_wins():
    """GIVEN everyone checks to the showdown; seat 2 holds a flush in diamonds
    WHEN hands are shown
    THEN seat 2 takes the ante pot of 300 and every hand is shown."""
    hands = [["AS", "2C", "3D", "4H"], ["KH", "5C", "6D", "7S"], ["QD", "8C", "9D", "TD"]]
    later = ["JC", "JS", "2D", "9C", "9S", "5D", "3C", "3S", "KS", "8D", "8S", "7C"]
    game = seven(hands, later=later)
    while not game.over:
        game.apply("check")
    assert chips(game) == [9900, 9900, 10200]
    assert {"3D", "4H", "6D", "7S", "9D", "TD"} <= shown_cards(game)
    announced = [e["text"] for e in game.events if e["type"] == "announced"]
    assert announced == ["Player 2 wins 300 with flush"]


def test_three_all_ins_of_different_sizes_make_side_pots():
    """GIVEN stacks 1,300 / 800 / 900 after a first hand (stack 1,000, no limit, matching calls)
    WHEN in the second hand A bets all-in and B and C call all-in for less (three sizes)
    THEN the pot splits by contribution level (D-10): the main pot of 2,400 goes to B's four
    kings, the side pot of 200 between A and C to C's queens, and A's last 400 back to A."""
    first = {
        "hands": [["AS", "2C", "AD", "4H"], ["KH", "5C", "6D", "7S"], ["QD", "8C", "9D", "TS"]],
        # streets 4-7, leader (A) first: A 3C, B 8D; A 9H, B JC; A TC, B 2H; A QC, B 3H
        "later": ["3C", "8D", "9H", "JC", "TC", "2H", "QC", "3H"],
    }
    second = {
        "hands": [["AS", "7D", "3H", "8C"], ["KS", "4D", "KH", "KD"], ["QS", "5D", "QH", "9C"]],
        "later": ["6S", "JD", "TH", "9D", "4C", "2S", "7C", "2D", "JC", "6C", "5H", "TC"],
    }
    game = Game(ruleset("seven-poker"), players=3, seed=1,
                options={"hands": 2, "stack": 1000, "limit": "no_limit", "calls": "match"},
                stacked=[round_robin(h["hands"]) + h["later"] for h in (first, second)])
    for h in (first, second):
        for seat, cards in enumerate(h["hands"]):
            act(game, seat, cards[1])
        for seat, cards in enumerate(h["hands"]):
            act(game, seat, cards[0])
        if h is first:
            act(game, 0, "bet", "100")
            act(game, 1, "call")
            act(game, 2, "fold")
            for _ in range(4):
                act(game, 0, "check")
                act(game, 1, "check")
            assert chips(game) == [1300 - 100, 800 - 100, 900 - 100]   # the next antes are in
    act(game, 0, "all_in")
    act(game, 1, "all_in")
    act(game, 2, "all_in")
    assert game.over
    assert [var(game, s, "contributed") for s in range(3)] == [1300, 800, 900]
    assert chips(game) == [400, 2400, 200]
    assert game.result["winners"] == [1]


@pytest.mark.parametrize("players, community", [(6, 0), (7, 1)])
def test_seven_players_share_a_community_card_when_the_deck_runs_short(players, community):
    """GIVEN seven players, who need 8 cards each with the discard: 56 > 52
    WHEN everyone checks to the last card
    THEN the last card is one community card turned face up, seen by every seat, instead of a
    hidden card each (D-08: the seven-card stud rule); with six players the deck suffices and
    each gets a hidden card."""
    game = Game(ruleset("seven-poker"), players=players, seed=2, options={"hands": 1})
    while game.phase == "choose":
        game.apply(game.decision.choices[0])
    while game.phase != "seventh":
        game.apply("check")
    assert len(game.cards_in(game.zones["board"])) == community
    assert all(game.view(seat)["zones"]["board"] == [c.id for c in game.cards_in(game.zones["board"])]
               for seat in range(players))
    for p in game.players:
        assert len(game.cards_in(p.zones["up"])) == 4 and len(game.cards_in(p.zones["hand"])) == 3 - community
    while not game.over:
        game.apply("check")
    assert sum(chips(game)) == players * 10000
