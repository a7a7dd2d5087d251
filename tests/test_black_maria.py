"""Scenario tests for Black Maria (rulesets/black-maria.yaml, `extends: hearts`) against docs/rules.md §2.

Black Maria is Hearts with exactly the differences of §2: the spade honours are penalties
(Q♠ 13, K♠ 10, A♠ 7), other cards are removed, every hand passes right, the player left of the
dealer leads any card, hearts may be led and penalty cards played at any time, no moon unless the
house `moon_rule` is on, and an optional fixed number of `deals`. Decks are stacked with
tests/hearts_helpers.py; random hands are re-scored independently.
"""

from __future__ import annotations

import random

import pytest

from interpreter import Game, load_ruleset
from interpreter.errors import GameError, RulesetError
from tests.hearts_helpers import (BIG_TARGET, PASS_PROMPT, PLAY_PROMPT, deck_ids, hand_of, hand_points,
                                  legal, new_game, pass_cards, play, play_hand_at_random, play_out_hand,
                                  rank_of, ruleset, scores, seed_with_dealer, stack_order, suit_cards)

MARIA = "black-maria"


# -- deck, options ------------------------------------------------------------------------------

@pytest.mark.parametrize("players, removed", [
    (3, ["2C"]), (4, []), (5, ["2C", "2D"]), (6, ["2C", "2D", "2H", "2S"])])
def test_removed_cards_per_player_count_deal_evenly(players, removed):
    """GIVEN a Black Maria game of 3-6 players
    WHEN the first hand is dealt
    THEN exactly docs/rules.md §2's cards are out (not Hearts' list) and the rest is dealt evenly."""
    game = Game(ruleset(MARIA), players=players, seed=3)
    assert sorted(c.id for c in game.removed_cards) == sorted(removed)
    hands = [hand_of(game, s) for s in range(players)]
    assert {len(h) for h in hands} == {(52 - len(removed)) // players}
    assert sorted(c for h in hands for c in h) == sorted(c.id for c in game.cards_in_play)


def test_black_maria_has_no_moon_option_setting_it_is_an_error():
    """GIVEN Black Maria, which removes Hearts' `moon` option (docs/rules.md §2: no shoot the moon)
    WHEN a game is started with `moon` set
    THEN it is refused with an error that names the option 'moon' and points to moon_rule
    (D-28: a silently ignored option would mislead)."""
    assert "moon" not in ruleset(MARIA).options and "moon_rule" in ruleset(MARIA).options
    with pytest.raises(RulesetError) as error:
        Game(ruleset(MARIA), players=4, seed=0, options={"moon": "off"})
    assert "'moon'" in str(error.value)
    assert any("moon_rule" in (d.hint or "") for d in error.value.diagnostics)


def test_options_keep_the_hearts_defaults_and_add_moon_rule_and_deals():
    """GIVEN the Black Maria ruleset
    WHEN its options are read
    THEN spot_hearts, omnibus and target come from Hearts with their defaults (off, off, 100:
    D-05, D-06, D-07), and moon_rule and deals are off by default (docs/rules.md §2)."""
    values = ruleset(MARIA).option_values
    assert values == {"spot_hearts": False, "omnibus": False, "target": 100, "moon_rule": False, "deals": 0}


# -- passing, dealer and the opening lead -------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_hand_passes_three_cards_right_and_left_of_dealer_leads(players):
    """GIVEN a Black Maria game of `players`
    WHEN hands 1 to players+1 are played
    THEN every hand starts with passing (no "no pass" hand), each seat's three cards go to the
    seat on its right, the dealer moves one seat left each hand (D-03), and the player left of the
    dealer leads the first trick (docs/rules.md §2)."""
    game = Game(ruleset(MARIA), players=players, seed=21, options=BIG_TARGET)
    first = game.vars["dealer"].seat
    for hand in range(players + 1):
        dealer = game.vars["dealer"].seat
        assert dealer == (first + hand) % players
        assert game.decision.prompt == PASS_PROMPT
        before = {s: hand_of(game, s) for s in range(players)}
        passed = pass_cards(game)
        for seat, cards in passed.items():
            assert set(cards) <= set(hand_of(game, (seat - 1) % players))
            assert sorted(hand_of(game, seat)) == sorted(
                [c for c in before[seat] if c not in cards] + passed[(seat + 1) % players])
        assert game.decision.prompt == PLAY_PROMPT and game.decision.player == (dealer + 1) % players
        play_out_hand(game)


# Seat 0 deals. Each seat holds one suit; passing right: seat 0 gives 2♦ 3♦ 4♦ to seat 3, seat 1
# gives 2♥ 3♥ 4♥ to seat 0, seat 2 gives 5♣ 6♣ 7♣ to seat 1, seat 3 gives Q♠ K♠ A♠ to seat 2.
SUIT_DEAL = {0: suit_cards("D"), 1: suit_cards("H"), 2: suit_cards("C"), 3: suit_cards("S")}
SUIT_PASSES = {0: ["2D", "3D", "4D"], 1: ["2H", "3H", "4H"],
               2: ["5C", "6C", "7C"], 3: ["QS", "KS", "AS"]}


def suit_game(options: dict | None = None):
    game = new_game(MARIA, 4, SUIT_DEAL, dealer=0, options={**BIG_TARGET, **(options or {})})
    pass_cards(game, SUIT_PASSES)
    return game


def test_passed_cards_arrive_at_the_right():
    """GIVEN SUIT_DEAL (seat 0 deals) and SUIT_PASSES
    WHEN the passing is over
    THEN each seat holds what its left neighbour passed (docs/rules.md §2: pass to the right)."""
    game = suit_game()
    assert sorted(hand_of(game, 0)) == sorted(suit_cards("D", "56789TJQKA") + ["2H", "3H", "4H"])
    assert sorted(hand_of(game, 1)) == sorted(suit_cards("H", "56789TJQKA") + ["5C", "6C", "7C"])
    assert sorted(hand_of(game, 2)) == sorted(suit_cards("C", "23489TJQKA") + ["QS", "KS", "AS"])
    assert sorted(hand_of(game, 3)) == sorted(suit_cards("S", "23456789TJ") + ["2D", "3D", "4D"])


def test_left_of_dealer_leads_any_card_hearts_included():
    """GIVEN SUIT_DEAL after passing: seat 1 (left of dealer 0) holds ten hearts and 5♣ 6♣ 7♣,
    seat 2 holds 2♣; no heart has been played
    WHEN the first trick is led
    THEN seat 1 leads, not the 2♣ holder, and every card of seat 1, hearts included, is legal
    (docs/rules.md §2: left of the dealer leads any card; no lowest-club rule; hearts at any time)."""
    game = suit_game()
    assert game.decision.player == 1 and game.vars["hearts_broken"] is False
    assert sorted(legal(game)) == sorted(hand_of(game, 1)) and len(legal(game)) == 13


def test_penalty_cards_may_be_played_on_the_first_trick_and_suit_must_be_followed():
    """GIVEN SUIT_DEAL after passing, seat 1 leads 5♥ to the first trick
    WHEN seat 2 (no hearts; clubs and Q♠ K♠ A♠) plays, then seat 3, then seat 0 (2♥ 3♥ 4♥)
    THEN seat 2 may play any card, Q♠ included (docs/rules.md §2: penalty cards on the first trick),
    seat 3 likewise any card, seat 0 must follow with a heart; 5♥ wins and seat 1 leads again,
    any of its cards."""
    game = suit_game()
    play(game, "5H")
    assert game.decision.player == 2 and sorted(legal(game)) == sorted(hand_of(game, 2))
    play(game, "QS")
    assert game.decision.player == 3 and sorted(legal(game)) == sorted(hand_of(game, 3))
    play(game, "2S")
    assert game.decision.player == 0 and sorted(legal(game)) == ["2H", "3H", "4H"]
    play(game, "4H")
    assert game.decision.player == 1 and sorted(legal(game)) == sorted(hand_of(game, 1))


def test_hearts_may_be_led_while_unbroken_after_the_first_trick():
    """GIVEN SUIT_DEAL after passing; trick 1 is 7♣ (seat 1), 2♣, 2♠, 5♦: no heart played, and
    seat 1 wins it
    WHEN seat 1, holding 5♣ 6♣ and ten hearts, leads trick 2 with hearts unbroken
    THEN every card, hearts included, is legal (docs/rules.md §2: hearts may be led at any time), and
    leading 5♥ is accepted."""
    game = suit_game()
    play(game, "7C", "2C", "2S", "5D")
    assert game.vars["tricks_played"] == 1 and game.vars["hearts_broken"] is False
    assert game.decision.player == 1
    assert sorted(legal(game)) == sorted(hand_of(game, 1)) and len(legal(game)) == 12
    play(game, "5H")
    assert game.decision.player == 2


# -- scoring --------------------------------------------------------------------------------------

# Seat 0 deals; seat 1 (who leads) holds all thirteen clubs, seat 2 the top hearts. Passing right,
# seat 1 gives 2♣ 3♣ 4♣ to seat 0 and receives A♥ K♥ Q♥ from seat 2: seat 1 wins every trick.
SWEEP_DEAL = {
    0: suit_cards("D"),
    1: suit_cards("C"),
    2: ["AH", "KH", "QH"] + suit_cards("S", "23456789TJ"),
    3: ["QS", "KS", "AS"] + suit_cards("H", "23456789TJ"),
}
SWEEP_PASSES = {0: ["QD", "KD", "AD"], 1: ["2C", "3C", "4C"], 2: ["AH", "KH", "QH"], 3: ["9H", "TH", "JH"]}


def sweep_hand(options: dict):
    """Play the first hand of SWEEP_DEAL with the first legal card everywhere."""
    game = new_game(MARIA, 4, SWEEP_DEAL, dealer=0, options=options)
    pass_cards(game, SWEEP_PASSES)
    assert game.decision.player == 1
    play_out_hand(game)
    return game


@pytest.mark.parametrize("options, points", [
    ({}, [0, 43, 0, 0]),                                          # no shoot the moon: simply 43
    ({"moon_rule": True}, [0, -43, 0, 0]),                        # house rule: 43 subtracted
    ({"moon_rule": "true"}, [0, -43, 0, 0]),                      # as the command line gives it
    ({"spot_hearts": True}, [0, 146, 0, 0]),                      # 104 + Q♠ 25 + K♠ 10 + A♠ 7
    ({"spot_hearts": True, "moon_rule": True}, [0, -146, 0, 0]),
    ({"omnibus": True}, [0, 33, 0, 0]),                           # J♦ -10 too
    ({"omnibus": True, "moon_rule": True}, [0, -53, 0, 0]),       # -10, and 43 subtracted
])
def test_taking_every_penalty_card(options, points):
    """GIVEN SWEEP_DEAL: seat 1 takes every trick, so all hearts, Q♠ K♠ A♠ (and J♦)
    WHEN the hand is scored with `options`
    THEN hand points and scores are `points`: without the moon rule the sweeper simply scores 43;
    with moon_rule 43 is subtracted instead (docs/rules.md §2); spot_hearts counts hearts at face value
    and Q♠ 25 with K♠ 10 and A♠ 7 unchanged (D-05); omnibus J♦ -10 (D-06)."""
    game = sweep_hand({**BIG_TARGET, **options})
    assert game.vars["hand_number"] == 1
    assert hand_points(game) == points and scores(game) == points


@pytest.mark.parametrize("options, sweeper", [({}, 42), ({"moon_rule": True}, -42)])
def test_six_players_sweep_is_42_because_the_two_of_hearts_is_out(options, sweeper):
    """GIVEN 6-player Black Maria (2♥ removed), seat 0 dealing; seat 1 is dealt A♣ K♣ Q♣ J♣
    10♣ 9♣ 8♣ 7♣, passes 7♣ 8♣ 9♣ right and receives A♥ K♥ Q♥ from seat 2: all of them win
    WHEN seat 1 takes all eight tricks
    THEN it scores the hand's whole 42 (twelve hearts, Q♠ K♠ A♠), or loses 42 under the moon
    rule: the amount is the penalty total in play (D-28)."""
    deal = {1: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"], 2: ["AH", "KH", "QH"]}
    game = new_game(MARIA, 6, deal, dealer=0, options={**BIG_TARGET, **options})
    pass_cards(game, {1: ["7C", "8C", "9C"], 2: ["AH", "KH", "QH"]})
    assert sorted(hand_of(game, 1)) == sorted(["AC", "KC", "QC", "JC", "TC", "AH", "KH", "QH"])
    play_out_hand(game)
    assert hand_points(game) == [0, sweeper, 0, 0, 0, 0]


def test_moon_rule_from_a_variant_file_without_touching_the_base(tmp_path):
    """GIVEN a variant file that `extends: black-maria` and only sets moon_rule: true
    WHEN SWEEP_DEAL is played under it
    THEN the sweeper gets -43 (docs/rules.md §2: the moon rule is switchable from a variant file),
    while the shipped black-maria still defaults to moon_rule off."""
    variant = tmp_path / "black-maria-moon.yaml"
    variant.write_text("# yaml-language-server: $schema=../schemas/ruleset.schema.json\n"
                       "version: 1\nname: Black Maria with the moon rule\nextends: black-maria\n"
                       "set: {moon_rule: true}\n")
    rules = load_ruleset(str(variant))
    assert rules.option_values["moon_rule"] is True
    assert ruleset(MARIA).option_values["moon_rule"] is False
    seed = seed_with_dealer(MARIA, 4, 0)
    order = stack_order(SWEEP_DEAL, 0, 4, deck_ids(MARIA, 4))
    game = Game(rules, players=4, seed=seed, options=BIG_TARGET, stacked=[order])
    pass_cards(game, SWEEP_PASSES)
    play_out_hand(game)
    assert hand_points(game) == [0, -43, 0, 0]


def maria_value(card: str, options: dict) -> int:
    """A taken card's points per docs/rules.md §2, written independently of the rulesets."""
    if card.endswith("H"):
        return rank_of(card) if options.get("spot_hearts") else 1
    if card == "QS":
        return 25 if options.get("spot_hearts") else 13
    if card in ("KS", "AS"):
        return {"KS": 10, "AS": 7}[card]
    if card == "JD" and options.get("omnibus"):
        return -10
    return 0


@pytest.mark.parametrize("options", [{}, {"spot_hearts": True}, {"omnibus": True}, {"moon_rule": True}])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_hands_score_exactly_the_cards_taken(players, options):
    """GIVEN random Black Maria hands at every player count, with scoring options
    WHEN each hand is scored
    THEN each seat's hand points are the points of the cards it won (heart 1, Q♠ 13, K♠ 10, A♠ 7;
    spot_hearts D-05; omnibus D-06), a sweeper loses the hand's total under moon_rule, and the
    points add to 43 (146 with spot_hearts, 10 less with omnibus) - or 42 (144) at 6 players,
    where 2♥ is removed (D-28: the moon rule subtracts the total in play)."""
    rng = random.Random(players * 10 + len(options))
    opts = {**BIG_TARGET, **options}
    game = Game(ruleset(MARIA), players=players, seed=rng.randrange(10**6), options=opts)
    penalty_cards = {c.id for c in game.cards_in_play if c.id.endswith("H")} | {"QS", "KS", "AS"}
    total = sum(maria_value(c, opts) for c in penalty_cards)
    assert total == {(False, 6): 42, (False, 0): 43, (True, 6): 144, (True, 0): 146}[
        (bool(opts.get("spot_hearts")), 6 if players == 6 else 0)]
    totals = [0] * players
    for _ in range(4):
        won = play_hand_at_random(game, rng)
        expected = [sum(maria_value(c, opts) for c in cards) for cards in won]
        assert sum(expected) == total - (10 if opts.get("omnibus") else 0)
        for seat in range(players):
            if opts.get("moon_rule") and penalty_cards <= set(won[seat]):
                expected[seat] -= 2 * total
        assert hand_points(game) == expected
        totals = [t + e for t, e in zip(totals, expected)]
        assert scores(game) == totals


# -- end of the game: target (D-07) and deals ---------------------------------------------------

def test_game_ends_at_the_target_ties_for_lowest_share_the_win_D07():
    """GIVEN SWEEP_DEAL with target 43
    WHEN seat 1 takes all 43 points in the first hand
    THEN the game is over after that hand and seats 0, 2, 3, equal lowest on 0, share the win
    (docs/rules.md §2: ends at the target like Hearts, D-07)."""
    game = sweep_hand({"target": 43})
    assert game.over and game.result["scores"] == [0, 43, 0, 0]
    assert game.result["winners"] == [0, 2, 3]


def test_game_goes_on_below_the_target_D07():
    """GIVEN SWEEP_DEAL with target 44, or with target 43 and the moon rule (seat 1 on -43)
    WHEN the first hand ends
    THEN nobody has reached the target and the second hand starts, dealt by seat 1 (D-07, D-03)."""
    for options in ({"target": 44}, {"target": 43, "moon_rule": True}):
        game = sweep_hand(options)
        assert not game.over and game.vars["dealer"].seat == 1
        assert game.decision.prompt == PASS_PROMPT


@pytest.mark.parametrize("players, deals", [(3, 3), (4, 4), (4, 8), (5, 5), (6, 6)])
def test_deals_option_plays_exactly_that_many_deals(players, deals):
    """GIVEN Black Maria with `deals` set (a multiple of the player count) and target 1, which
    would otherwise end the game after the first hand
    WHEN the game is played at random
    THEN it ends after exactly `deals` deals, everyone having dealt equally, and the lowest
    total wins (docs/rules.md §2: with deals set the game ends after that many deals instead)."""
    rng = random.Random(deals)
    game = Game(ruleset(MARIA), players=players, seed=deals, options={"deals": deals, "target": 1})
    dealers = []
    while not game.over:
        dealers.append(game.vars["dealer"].seat)
        play_hand_at_random(game, rng)
    assert game.vars["hand_number"] == deals == len(dealers)
    assert sorted(dealers) == sorted(list(range(players)) * (deals // players))
    low = min(game.result["scores"])
    assert game.result["winners"] == [s for s, v in enumerate(game.result["scores"]) if v == low]


def test_without_deals_the_target_ends_the_game():
    """GIVEN Black Maria with deals off (0, the default) and target 1
    WHEN the first hand is played (43 points go to someone)
    THEN the game ends after that hand (docs/rules.md §2, D-07)."""
    rng = random.Random(1)
    game = Game(ruleset(MARIA), players=4, seed=1, options={"target": 1})
    play_hand_at_random(game, rng)
    assert game.over and game.vars["hand_number"] == 1


@pytest.mark.parametrize("players, deals", [(4, 6), (3, 4), (5, 3), (6, 4), (4, 1)])
def test_deals_not_a_multiple_of_the_player_count_is_an_error_at_start(players, deals):
    """GIVEN Black Maria with `deals` not a multiple of the player count
    WHEN the game is created
    THEN it fails at once, before any decision, with a message that names the option and says it
    must be a multiple of the number of players, located in the ruleset (docs/rules.md §2)."""
    with pytest.raises(GameError) as error:
        Game(ruleset(MARIA), players=players, seed=0, options={"deals": deals})
    message = str(error.value)
    assert "'deals'" in message and "multiple of the number of players" in message
    assert "black-maria.yaml:" in message
