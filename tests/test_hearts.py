"""Scenario tests for Hearts (rulesets/hearts.yaml) against docs/rules.md §1 and D-03..D-07.

Each test stacks the deck so that every seat holds a chosen hand (tests/hearts_helpers.py works
out the deck order for the dealer), takes the decisions by card id and checks the legal choices,
the points and the end of the game. A few property tests play random hands and recompute the
points independently from the tricks.
"""

from __future__ import annotations

import random

import pytest

from interpreter import Game
from interpreter.errors import RulesetError
from tests.hearts_helpers import (BIG_TARGET, PASS_PROMPT, PLAY_PROMPT, deck_ids, first_dealer, hand_of,
                                  hand_points, legal, new_game, pass_cards, play, play_hand_at_random,
                                  play_out_hand, rank_of, ruleset, scores, suit_cards, taken_by)

HEARTS = "hearts"

# ---------------------------------------------------------------------------------------------
# A deal for the play rules, used in the fourth hand at 4 players (no passing, docs/rules.md §1).
# Seat 0 holds 2♣; seat 3 is void in clubs and diamonds, holding A♠ K♠ Q♠ and ten hearts.
PLAY_DEAL = {
    0: ["2C", "AC", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "2H"],
    1: ["3C", "4C", "5C", "6C", "7C", "QD", "KD", "AD", "2S", "3S", "4S", "5S", "6S"],
    2: ["8C", "9C", "TC", "JC", "QC", "KC", "7S", "8S", "9S", "TS", "JS", "3H", "4H"],
    3: ["QS", "KS", "AS", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
}
NO_PASS_HAND = 3  # hand number 3 (the fourth hand) has no passing at 4 players


def play_deal(options: dict | None = None, deal=PLAY_DEAL):
    """The fourth hand of a 4-player game (seat 3 deals it), dealt `deal`, at its first play."""
    game = new_game(HEARTS, 4, deal, dealer=3, hand=NO_PASS_HAND, options={**BIG_TARGET, **(options or {})})
    assert game.decision.prompt == PLAY_PROMPT, "no passing in the fourth hand"
    return game


def first_trick(game) -> None:
    """Trick 1 of PLAY_DEAL: 2♣, 7♣, 8♣, A♠ (void seat 3 discards): seat 2 wins with 8♣."""
    play(game, "2C", "7C", "8C", "AS")


# -- deal, dealer, removed cards ----------------------------------------------------------------

@pytest.mark.parametrize("players, removed", [
    (3, ["2D"]), (4, []), (5, ["2C", "2D"]), (6, ["2C", "2D", "2S", "3C"])])
def test_removed_cards_per_player_count_deal_evenly(players, removed):
    """GIVEN a Hearts game of 3-6 players
    WHEN the first hand is dealt
    THEN exactly docs/rules.md §1's cards are out of the deck and every other card is dealt, evenly."""
    game = Game(ruleset(HEARTS), players=players, seed=5)
    assert sorted(c.id for c in game.removed_cards) == sorted(removed)
    hands = [hand_of(game, s) for s in range(players)]
    assert {len(h) for h in hands} == {(52 - len(removed)) // players}
    dealt = [c for h in hands for c in h]
    assert sorted(dealt) == sorted(c.id for c in game.cards_in_play)
    assert not set(dealt) & set(removed)


def test_first_dealer_is_drawn_at_random_by_seed_D03():
    """GIVEN 4-player Hearts games with seeds 0..39
    WHEN each game starts
    THEN the first dealer varies with the seed, every seat deals in some game, and the same seed
    always gives the same dealer (D-03, D-02: random but reproducible)."""
    dealers = [first_dealer(HEARTS, 4, seed) for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [first_dealer(HEARTS, 4, seed) for seed in range(40)]


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_deal_starts_left_of_the_dealer_one_card_at_a_time(seed):
    """GIVEN a 4-player game whose deck has A♠ K♠ Q♠ J♠ 10♠ on top
    WHEN the cards are dealt
    THEN A♠ goes to the dealer's left, K♠ the next seat, Q♠ the next, J♠ to the dealer, and
    10♠ to the dealer's left again (docs/rules.md §1: deal all, clockwise from the dealer's left)."""
    dealer = first_dealer(HEARTS, 4, seed)
    game = Game(ruleset(HEARTS), players=4, seed=seed, stacked=[["AS", "KS", "QS", "JS", "TS"]])
    assert game.vars["dealer"].seat == dealer
    for k, card in enumerate(["AS", "KS", "QS", "JS", "TS"]):
        assert card in hand_of(game, (dealer + 1 + k) % 4)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_dealer_rotates_one_seat_left_every_hand_D03(players):
    """GIVEN a Hearts game played hand after hand
    WHEN each hand ends
    THEN the next hand is dealt by the seat to the previous dealer's left (docs/rules.md §1, D-03),
    and its deal again starts at the new dealer's left (seat 2's stacked hand arrives intact)."""
    per_seat = 52 // players
    marked = deck_ids(HEARTS, players)[-per_seat:]
    game = new_game(HEARTS, players, {}, dealer=0, options=BIG_TARGET, later=[{2: marked}])
    dealers = []
    for _ in range(2 * players):
        dealers.append(game.vars["dealer"].seat)
        if len(dealers) == 2:
            assert hand_of(game, 2) == marked
        play_out_hand(game)
    assert dealers == [k % players for k in range(2 * players)]


# -- passing ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, offsets", [
    (3, [1, -1, 0, 1]),          # left, right, no pass, left again
    (4, [1, -1, 2, 0, 1]),       # left, right, across, no pass
    (5, [1, -1, 0, 1]),          # left, right, no pass
    (6, [1, -1, 3, 0, 1]),       # left, right, across (three seats), no pass
])
def test_pass_direction_cycles_by_hand_and_player_count(players, offsets):
    """GIVEN a Hearts game of `players`
    WHEN hand after hand is played
    THEN hand k passes three cards `offsets[k]` seats to the left (negative = right; 0 = no
    passing: the first decision is a play), as docs/rules.md §1 lists per player count."""
    game = Game(ruleset(HEARTS), players=players, seed=11, options=BIG_TARGET)
    for hand, offset in enumerate(offsets):
        assert game.vars["hand_number"] == hand
        before = {s: hand_of(game, s) for s in range(players)}
        if offset == 0:
            assert game.decision.prompt == PLAY_PROMPT
        else:
            assert game.decision.prompt == PASS_PROMPT
            passed = pass_cards(game)
            assert sorted(passed) == list(range(players))
            for seat, cards in passed.items():
                receiver = (seat + offset) % players
                giver = (seat - offset) % players
                assert len(cards) == 3 and set(cards) <= set(before[seat])
                assert set(cards) <= set(hand_of(game, receiver))
                assert sorted(hand_of(game, seat)) == sorted(
                    [c for c in before[seat] if c not in cards] + passed[giver])
        play_out_hand(game)


def test_passing_is_simultaneous_nobody_sees_received_cards_before_choosing():
    """GIVEN the first hand of 4-player Hearts (pass left)
    WHEN seat 0 has chosen its three cards
    THEN they are still in seat 0's hand, seat 1 chooses from its own dealt cards only, and the
    cards move only when every seat has chosen (docs/rules.md §1: simultaneous choice)."""
    game = new_game(HEARTS, 4, {0: ["AS", "KS", "QS"]}, dealer=3)
    dealt = {s: hand_of(game, s) for s in range(4)}
    assert game.decision.player == 0
    for card in ["AS", "KS", "QS"]:
        game.apply(card)
    assert hand_of(game, 0) == dealt[0]
    assert game.decision.player == 1 and game.decision.prompt == PASS_PROMPT
    assert sorted(legal(game)) == sorted(dealt[1])
    pass_cards(game)
    assert {"AS", "KS", "QS"} <= set(hand_of(game, 1))


# -- the first lead -----------------------------------------------------------------------------

@pytest.mark.parametrize("players, club", [(3, "2C"), (4, "2C"), (5, "3C"), (6, "4C")])
def test_holder_of_lowest_club_leads_it(players, club):
    """GIVEN Hearts at `players` (so that the lowest club in the deck is `club`), seat 2 holding it
    WHEN the passing is over
    THEN seat 2 leads the first trick and its only legal card is `club` (docs/rules.md §1)."""
    game = new_game(HEARTS, players, {2: [club]}, dealer=0)
    pass_cards(game)  # everyone passes the last three cards of the hand: seat 2 keeps the club
    assert club in hand_of(game, 2)
    assert game.decision.prompt == PLAY_PROMPT and game.decision.player == 2
    assert legal(game) == [club]


def test_two_of_clubs_passed_on_moves_the_lead():
    """GIVEN seat 2 is dealt 2♣ in the first hand of 4-player Hearts (pass left)
    WHEN seat 2 passes 2♣ to seat 3
    THEN seat 3, now holding 2♣, leads it to the first trick (docs/rules.md §1: the holder after the
    passing leads)."""
    game = new_game(HEARTS, 4, {2: ["2C", "AS", "KS"]}, dealer=0)
    pass_cards(game, {2: ["2C", "AS", "KS"]})
    assert game.decision.player == 3 and legal(game) == ["2C"]


# -- following suit and the first trick ----------------------------------------------------------

def test_players_must_follow_suit_if_able():
    """GIVEN PLAY_DEAL, 2♣ led
    WHEN seats 1 and 2 (holding clubs) play
    THEN each may play only clubs (docs/rules.md §1: follow suit if able)."""
    game = play_deal()
    assert game.decision.player == 0 and legal(game) == ["2C"]
    play(game, "2C")
    assert game.decision.player == 1 and legal(game) == ["3C", "4C", "5C", "6C", "7C"]
    play(game, "7C")
    assert game.decision.player == 2 and legal(game) == ["8C", "9C", "TC", "JC", "QC", "KC"]


def test_void_player_may_play_any_card_after_the_first_trick():
    """GIVEN PLAY_DEAL after trick 1, seat 2 leading 7♠
    WHEN seat 0 (no spades) plays
    THEN any of seat 0's cards is legal, the heart included (docs/rules.md §1: otherwise any card),
    while seats 3 and 1 must follow with spades."""
    game = play_deal()
    first_trick(game)
    play(game, "7S")
    assert game.decision.player == 3 and legal(game) == ["QS", "KS"]
    play(game, "KS")
    assert game.decision.player == 0 and sorted(legal(game)) == sorted(hand_of(game, 0))
    assert "2H" in legal(game)
    play(game, "2H")
    assert game.decision.player == 1 and legal(game) == ["2S", "3S", "4S", "5S", "6S"]


def test_first_trick_no_penalty_card_while_another_legal_card_is_held():
    """GIVEN PLAY_DEAL: seat 3, void in clubs, holds A♠ K♠ Q♠ and ten hearts
    WHEN seat 3 plays to the first trick (2♣ 7♣ 8♣ already played)
    THEN only A♠ and K♠ are legal: no heart and no Q♠ while another card may be played
    (docs/rules.md §1, first trick)."""
    game = play_deal()
    play(game, "2C", "7C", "8C")
    assert game.decision.player == 3
    assert sorted(legal(game)) == ["AS", "KS"]


def test_first_trick_penalty_cards_allowed_when_only_penalty_cards_are_held():
    """GIVEN the fourth hand (no passing) with seat 3 holding Q♠ and twelve hearts, no club
    WHEN seat 3 plays to the first trick
    THEN every card of seat 3 is legal, Q♠ and hearts included (docs/rules.md §1: the ban holds only
    while the player holds another legal card), and Q♠ may be played."""
    deal = {
        0: ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
        3: ["QS"] + suit_cards("H", "3456789TJQKA"),
    }
    game = play_deal(deal=deal)
    play(game, "2C")
    for _ in range(2):
        play(game, legal(game)[0])
    assert game.decision.player == 3
    assert sorted(legal(game)) == sorted(deal[3])
    play(game, "QS")
    assert game.vars["tricks_played"] == 1 and "QS" in taken_by(game, 0)


# -- leading hearts ------------------------------------------------------------------------------

def test_hearts_may_not_be_led_before_they_are_broken():
    """GIVEN PLAY_DEAL after trick 1 (no heart played), seat 2 to lead with clubs, spades, 3♥ 4♥
    WHEN seat 2 leads
    THEN its hearts are not legal, everything else is (docs/rules.md §1)."""
    game = play_deal()
    first_trick(game)
    assert game.decision.player == 2 and game.vars["hearts_broken"] is False
    assert sorted(legal(game)) == sorted(c for c in hand_of(game, 2) if not c.endswith("H"))


def test_queen_of_spades_does_not_break_hearts_D04():
    """GIVEN PLAY_DEAL; in trick 2 seat 3 plays Q♠ on 7♠ and wins it; nobody has played a heart
    WHEN seat 3 (holding K♠ and ten hearts) leads trick 3
    THEN hearts are still unbroken and only K♠ is legal (D-04: the Q♠ does not break hearts)."""
    game = play_deal()
    first_trick(game)
    play(game, "7S", "QS", "2D", "2S")
    assert "QS" in taken_by(game, 3) and game.decision.player == 3
    assert game.vars["hearts_broken"] is False
    assert legal(game) == ["KS"]


def test_a_heart_played_breaks_hearts():
    """GIVEN PLAY_DEAL; in trick 2 seat 0 (void in spades) discards 2♥ and seat 3 wins with Q♠
    WHEN seat 3 leads trick 3
    THEN hearts are broken and seat 3 may lead K♠ or any heart (docs/rules.md §1)."""
    game = play_deal()
    first_trick(game)
    play(game, "7S", "QS", "2H", "2S")
    assert game.vars["hearts_broken"] is True and game.decision.player == 3
    assert sorted(legal(game)) == sorted(hand_of(game, 3))
    assert len(legal(game)) == 11


def test_leader_holding_only_hearts_may_lead_one_while_unbroken():
    """GIVEN PLAY_DEAL; seat 3 wins trick 2 with Q♠ and trick 3 with K♠, no heart played yet
    WHEN seat 3, now holding only hearts, leads trick 4
    THEN hearts are still unbroken and every heart is legal (docs/rules.md §1: unless the leader holds
    only hearts)."""
    game = play_deal()
    first_trick(game)
    play(game, "7S", "QS", "2D", "2S")
    play(game, "KS", "3D", "3S", "8S")
    assert game.decision.player == 3 and game.vars["hearts_broken"] is False
    assert all(c.endswith("H") for c in hand_of(game, 3))
    assert sorted(legal(game)) == sorted(hand_of(game, 3)) and len(legal(game)) == 10


# -- scoring: shooting the moon, spot hearts, omnibus -------------------------------------------

# Seat 1 is dealt all thirteen clubs; seat 0 the top hearts. Seat 1 passes 2♣ 3♣ 4♣ to seat 2,
# seat 0 passes A♥ K♥ Q♥ to seat 1: seat 1 then wins every trick whatever anyone plays.
MOON_DEAL = {
    0: ["AH", "KH", "QH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
    1: suit_cards("C"),
    2: ["QD", "KD", "AD", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"],
    3: suit_cards("S"),
}
MOON_PASSES = {0: ["AH", "KH", "QH"], 1: ["2C", "3C", "4C"], 2: ["9H", "TH", "JH"], 3: ["QS", "KS", "AS"]}


def moon_hand(options: dict):
    """Play the first hand of MOON_DEAL (seat 0 deals) with the first legal card everywhere."""
    game = new_game(HEARTS, 4, MOON_DEAL, dealer=0, options=options)
    pass_cards(game, MOON_PASSES)
    assert game.decision.player == 2 and legal(game) == ["2C"]
    play_out_hand(game)
    return game


@pytest.mark.parametrize("options, points", [
    ({}, [26, 0, 26, 26]),                                       # default: add_to_others
    ({"moon": "add_to_others"}, [26, 0, 26, 26]),
    ({"moon": "subtract"}, [0, -26, 0, 0]),
    ({"moon": "off"}, [0, 26, 0, 0]),
    ({"moon": "off", "spot_hearts": True}, [0, 129, 0, 0]),      # 2+..+14 = 104, Q♠ 25 (D-05)
    ({"spot_hearts": True}, [129, 0, 129, 129]),
    ({"moon": "off", "omnibus": True}, [0, 16, 0, 0]),           # J♦ -10 (D-06)
    ({"omnibus": True}, [26, -10, 26, 26]),
    ({"moon": "subtract", "omnibus": True}, [0, -36, 0, 0]),
])
def test_shooting_the_moon_and_scoring_options(options, points):
    """GIVEN MOON_DEAL: seat 1 takes every trick, so every heart, the Q♠ and the J♦
    WHEN the hand is scored with `options`
    THEN hand_points and scores are `points`: add_to_others gives the others the hand's penalty
    points and the shooter 0, subtract takes them off the shooter, off scores normally
    (docs/rules.md §1 moon); spot_hearts counts face values and Q♠ 25 (D-05); omnibus J♦ -10 (D-06).
    The moon is worth the penalty total in play, 129 with spot_hearts, and the shooter's J♦
    still counts -10 under omnibus (D-27)."""
    game = moon_hand({**BIG_TARGET, **options})
    assert game.vars["hand_number"] == 1
    assert hand_points(game) == points
    assert scores(game) == points


def test_moon_option_rejects_unknown_values():
    """GIVEN Hearts
    WHEN `moon` is set to a value outside add_to_others, subtract, off
    THEN the game does not start and the error names the option (docs/rules.md §1)."""
    with pytest.raises(RulesetError, match="moon"):
        Game(ruleset(HEARTS), players=4, seed=0, options={"moon": "double"})
    assert ruleset(HEARTS).options["moon"].default == "add_to_others"
    assert set(ruleset(HEARTS).options["moon"].values) == {"add_to_others", "subtract", "off"}


def hearts_value(card: str, options: dict) -> int:
    """A taken card's points per docs/rules.md §1, written independently of the ruleset."""
    if card.endswith("H"):
        return rank_of(card) if options.get("spot_hearts") else 1
    if card == "QS":
        return 25 if options.get("spot_hearts") else 13
    if card == "JD" and options.get("omnibus"):
        return -10
    return 0


@pytest.mark.parametrize("options", [{}, {"moon": "off"}, {"moon": "subtract"}, {"spot_hearts": True},
                                     {"omnibus": True}, {"spot_hearts": True, "omnibus": True}])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_hands_score_exactly_the_cards_taken(players, options):
    """GIVEN random Hearts hands at every player count, with scoring options
    WHEN each hand is scored
    THEN each seat's hand_points equal the points of the cards it won (1 a heart, Q♠ 13; face
    values and Q♠ 25 with spot_hearts, D-05; J♦ -10 with omnibus, D-06), with the moon rule applied
    to a shooter (the penalty total in play, D-27); without a shooter the points add to 26 (129
    with spot_hearts, 10 less with omnibus), and scores accumulate the hand points (docs/rules.md §1)."""
    rng = random.Random(players * 100 + len(options))
    opts = {**BIG_TARGET, **options}
    game = Game(ruleset(HEARTS), players=players, seed=rng.randrange(10**6), options=opts)
    penalty_cards = {c.id for c in game.cards_in_play if c.id.endswith("H")} | {"QS"}
    assert len(penalty_cards) == 14  # no heart is ever removed
    totals = [0] * players
    for _ in range(4):
        won = play_hand_at_random(game, rng)
        expected = [sum(hearts_value(c, opts) for c in cards) for cards in won]
        shooters = [s for s in range(players) if penalty_cards <= set(won[s])]
        moon = opts.get("moon", "add_to_others")
        if shooters and moon != "off":
            shooter, moon_points = shooters[0], sum(hearts_value(c, opts) for c in penalty_cards)
            expected[shooter] -= moon_points * (2 if moon == "subtract" else 1)
            if moon == "add_to_others":
                expected = [e + (moon_points if s != shooter else 0) for s, e in enumerate(expected)]
        else:
            base = 129 if opts.get("spot_hearts") else 26
            assert sum(expected) == base - (10 if opts.get("omnibus") else 0)
        assert hand_points(game) == expected
        totals = [t + e for t, e in zip(totals, expected)]
        assert scores(game) == totals


# -- the target and the end of the game (D-07) --------------------------------------------------

def test_game_ends_after_the_hand_in_which_the_target_is_reached_ties_share_the_win_D07():
    """GIVEN MOON_DEAL with moon off and target 26: seat 1 takes all 26 points, the others 0
    WHEN the hand ends
    THEN the game is over and seats 0, 2 and 3, equal lowest on 0, share the win (D-07)."""
    game = moon_hand({"moon": "off", "target": 26})
    assert game.over
    assert game.result["scores"] == [0, 26, 0, 0]
    assert game.result["winners"] == [0, 2, 3]


def test_lowest_score_wins_when_the_others_reach_the_target_D07():
    """GIVEN MOON_DEAL with the default moon (add_to_others) and target 26
    WHEN seat 1 shoots the moon and the others get 26 each
    THEN the game is over and seat 1, alone on 0, wins (D-07: lowest score wins)."""
    game = moon_hand({"target": 26})
    assert game.over and game.result["winners"] == [1]


def test_game_goes_on_below_the_target_D07():
    """GIVEN MOON_DEAL with moon off and target 27
    WHEN seat 1 ends the hand on 26
    THEN nobody has reached 27, the game goes on and the next hand starts with its passing,
    seat 1 dealing (D-07, D-03)."""
    game = moon_hand({"moon": "off", "target": 27})
    assert not game.over and scores(game) == [0, 26, 0, 0]
    assert game.vars["hand_number"] == 1 and game.vars["dealer"].seat == 1
    assert game.decision.prompt == PASS_PROMPT


def test_reaching_the_target_mid_hand_does_not_end_the_game_D07():
    """GIVEN MOON_DEAL with moon off and target 1
    WHEN seat 1 has already won tricks holding 13 or more penalty points
    THEN the game is not over until the hand's last trick is taken; then it ends and the
    equal-lowest seats 0, 2 and 3 win (D-07: the game ends at the END of the hand)."""
    game = new_game(HEARTS, 4, MOON_DEAL, dealer=0, options={"moon": "off", "target": 1})
    pass_cards(game, MOON_PASSES)
    reached_mid_hand = False
    while any(hand_of(game, s) for s in range(4)):
        assert not game.over and game.decision.prompt == PLAY_PROMPT
        reached_mid_hand |= sum(hearts_value(c, {}) for c in taken_by(game, 1)) >= 13
        game.apply(legal(game)[0])
    assert reached_mid_hand
    assert game.over and game.vars["hand_number"] == 1
    assert game.result["scores"] == [0, 26, 0, 0] and game.result["winners"] == [0, 2, 3]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_at_the_target_and_the_lowest_wins_D07(seed):
    """GIVEN random 4-player games to the default target of 100
    WHEN they end
    THEN someone has 100 or more, nobody had reached it one hand earlier, and the winners are
    exactly the seats with the lowest score (D-07)."""
    rng = random.Random(seed)
    game = Game(ruleset(HEARTS), players=4, seed=seed)
    previous = [0, 0, 0, 0]
    while not game.over:
        previous = scores(game)
        play_hand_at_random(game, rng)
    assert max(previous) < 100 <= max(game.result["scores"])
    low = min(game.result["scores"])
    assert game.result["winners"] == [s for s, v in enumerate(game.result["scores"]) if v == low]
