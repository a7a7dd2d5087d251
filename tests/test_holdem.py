"""Scenario tests for Texas Hold'em, docs/rules.md §4, with stacked decks.

Each game starts with the draw for the button (one card each, in seat order), then the hand:
two hole cards each from the left of the button, then the board. Base bet 100: blinds 50/100.
"""
from __future__ import annotations

from interpreter import Game
from tests.poker_helpers import act, amounts, chips, legal, round_robin, ruleset, shown_cards, var

LOW = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"]


def holdem(holes: list[list[str]], board: list[str], *, button: int = 0, options=None,
           name: str = "texas-holdem", draw: list[str] | None = None) -> Game:
    """A one-hand game (unless options say otherwise) where `button` draws the A♠, seat i is
    dealt holes[i], and the board comes out as listed."""
    n = len(holes)
    draw = draw or [("AS" if seat == button else LOW[seat]) for seat in range(n)]
    order = [(button + 1 + k) % n for k in range(n)]
    deal = round_robin([holes[seat] for seat in order]) + board
    return Game(ruleset(name), players=n, seed=5, options={"hands": 1, **(options or {})},
                stacked=[draw, deal])


BOARD = ["2D", "7S", "9H", "4S", "3D"]          # no straight, no flush
THREE = [["AH", "AC"], ["KH", "KC"], ["QH", "QC"]]
FOUR = THREE + [["JH", "JC"]]


def test_highest_drawn_card_takes_the_button_suits_break_ties():
    """GIVEN seats 0 and 1 draw the A♦ and the A♠ (D-01: ♠ > ♦ > ♥ > ♣)
    WHEN the button is decided
    THEN seat 1 takes it: seat 2 posts the small blind, seat 0 the big blind, seat 1 acts first."""
    game = holdem(THREE, BOARD, draw=["AD", "AS", "KC"])
    assert game.vars["button"].seat == 1
    assert [var(game, s, "round_in") for s in range(3)] == [100, 0, 50]
    assert game.decision.player == 1


def test_blinds_left_of_the_button_and_the_big_blind_counts_as_a_bet():
    """GIVEN four players and the button at seat 0
    WHEN the hand starts
    THEN seat 1 posts 50, seat 2 posts 100, and seat 3 acts first: it may fold, call 100 or
    raise by at least 100 (to 200): it may not check, because the big blind is a bet (§4)."""
    game = holdem(FOUR, BOARD, options={"limit": "no_limit"})
    assert [var(game, s, "round_in") for s in range(4)] == [0, 50, 100, 0]
    assert game.vars["pot"] == 150 and chips(game) == [10000, 9950, 9900, 10000]
    assert game.decision.player == 3
    assert legal(game) == {"fold", "call", "raise", "all_in"}
    act(game, 3, "raise")
    assert amounts(game)[0] == 100


def test_big_blind_has_the_option_to_raise():
    """GIVEN everyone calls the big blind before the flop (§4)
    WHEN the action reaches the big blind
    THEN it may check or raise; if it raises, the others must act again."""
    game = holdem(THREE, BOARD)
    act(game, 0, "call")
    act(game, 1, "call")
    assert game.decision.player == 2 and legal(game) == {"check", "raise"}
    act(game, 2, "raise", "100")
    assert game.decision.player == 0 and legal(game) == {"fold", "call", "raise"}
    assert var(game, 0, "owed") == 100


def test_big_blind_check_ends_the_round_and_the_flop_starts_left_of_the_button():
    """GIVEN everyone calls and the big blind checks
    WHEN the flop is dealt
    THEN the first player left of the button (the small blind) acts first."""
    game = holdem(THREE, BOARD)
    act(game, 0, "call")
    act(game, 1, "call")
    act(game, 2, "check")
    assert game.phase == "flop" and game.decision.player == 1
    assert [c.id for c in game.cards_in(game.zones["board"])] == BOARD[:3]
    assert legal(game) == {"check", "bet"}


def test_heads_up_button_posts_the_small_blind_and_acts_first():
    """GIVEN two players, the button at seat 0 (D-11)
    WHEN the hand starts
    THEN the button posts the small blind and acts first before the flop; after the flop the
    big blind acts first."""
    game = holdem(THREE[:2], BOARD)
    assert [var(game, s, "round_in") for s in range(2)] == [50, 100]
    assert game.decision.player == 0
    act(game, 0, "call")
    assert legal(game) == {"check", "raise"}
    act(game, 1, "check")
    assert game.phase == "flop" and game.decision.player == 1


def test_matching_calls_are_the_default():
    """GIVEN Hold'em's default calls: match (D-12)
    WHEN the first player raises by 100 (to 200)
    THEN the small blind owes 150 and the big blind 100: each call brings the total to 200."""
    game = holdem(THREE, BOARD)
    assert game.options["calls"] == "match" and game.options["limit"] == "half_pot"
    act(game, 0, "raise", "100")
    assert var(game, 1, "owed") == 150 and var(game, 2, "owed") == 100
    act(game, 1, "call")
    assert var(game, 1, "round_in") == 200


def test_increment_calls_can_be_switched_on():
    """GIVEN calls: increment (the source's Seven Poker rule; D-12 makes match the default)
    WHEN the first player raises by 100 (to 200)
    THEN each other player owes the raise's increment, 100, whatever they posted."""
    game = holdem(THREE, BOARD, options={"calls": "increment"})
    act(game, 0, "raise", "100")
    assert var(game, 1, "owed") == 100 and var(game, 2, "owed") == 100


def test_half_pot_limit_before_the_flop():
    """GIVEN the half-pot limit (§4 default) and blinds 50/100 (pot 150)
    WHEN the first player raises
    THEN the raise may be 100 up to half of the pot after calling: (150 + 100) / 2 = 125."""
    game = holdem(THREE, BOARD)
    act(game, 0, "raise")
    assert amounts(game) == (100, 125)


def test_three_all_ins_of_different_sizes_make_side_pots():
    """GIVEN stacks 300, 700, 1,500 and 10,000 (a test fixture), no limit, button at seat 3
    WHEN seat 2 goes all-in, seat 3 calls, and the blinds call all-in for less
    THEN the main pot (4 x 300) goes to seat 0's aces, the first side pot (3 x 400) to seat 1's
    kings, the second (2 x 800) to seat 2's queens; seat 3's jacks win nothing (D-10)."""
    game = holdem(FOUR, BOARD, button=3, name="holdem-stacks", options={"limit": "no_limit"})
    assert [var(game, s, "chips") + var(game, s, "round_in") for s in range(4)] == [300, 700, 1500, 10000]
    act(game, 2, "all_in")
    act(game, 3, "call")
    act(game, 0, "all_in")
    act(game, 1, "all_in")
    assert game.over
    assert [var(game, s, "contributed") for s in range(4)] == [300, 700, 1500, 1500]
    assert chips(game) == [1200, 1200, 1600, 8500]
    assert sum(chips(game)) == 300 + 700 + 1500 + 10000


def test_side_pot_goes_to_the_best_hand_among_its_players():
    """GIVEN the same all-ins, but the short stack (seat 0) holds the worst hand
    WHEN the pots are paid
    THEN the main pot goes to the best hand of all four, each side pot to the best hand of
    those who put in that much (D-10)."""
    holes = [["JH", "JC"], ["KH", "KC"], ["QH", "QC"], ["AH", "AC"]]
    game = holdem(holes, BOARD, button=3, name="holdem-stacks", options={"limit": "no_limit"})
    act(game, 2, "all_in")
    act(game, 3, "call")
    act(game, 0, "all_in")
    act(game, 1, "all_in")
    assert chips(game) == [0, 0, 0, 10000 - 1500 + 300 + 700 + 1500 + 1500]


def test_pots_with_the_same_winners_are_split_as_one():
    """GIVEN five players (stacks 300 / 700 / 1,500 / 10,000 / 10,000, no limit), the short stack
    all-in and beaten, seats 1 and 2 tying with A-K; dead chips from folds make both the main
    pot (1,401) and the side pot (503) odd
    WHEN the pots are paid
    THEN the two pots won by the same two players are split as one pot of 1,904: 952 each,
    not 701 + 252 and 700 + 251 (D-10; PokerKit pays the same)."""
    holes = [["4H", "5S"], ["AC", "KH"], ["AD", "KC"], ["6C", "8H"], ["TC", "2S"]]
    game = holdem(holes, ["2H", "7D", "9C", "JS", "3D"], button=4, name="holdem-stacks",
                  options={"limit": "no_limit"})
    act(game, 2, "raise", "101")
    act(game, 3, "call")
    act(game, 4, "call")
    act(game, 0, "all_in")
    act(game, 1, "call")
    act(game, 2, "call")
    act(game, 3, "call")
    act(game, 4, "fold")
    act(game, 1, "bet", "101")                      # the flop
    act(game, 2, "call")
    act(game, 3, "call")
    act(game, 1, "bet", "100")                      # the turn
    act(game, 2, "call")
    act(game, 3, "fold")
    act(game, 1, "check")                           # the river
    act(game, 2, "check")
    assert game.over
    assert [var(game, s, "contributed") for s in range(5)] == [300, 501, 501, 401, 201]
    assert chips(game) == [0, 700 - 501 + 952, 1500 - 501 + 952, 10000 - 401, 10000 - 201]


def test_split_pot_odd_chip_goes_to_the_first_winner_left_of_the_button():
    """GIVEN base bet 2 (blinds 1/2), the button calls, the small blind folds, and the board is a
    royal flush that both remaining players share
    WHEN the pot of 5 is split
    THEN each gets 2 and the odd chip goes to the first winner left of the button (D-20-like)."""
    game = holdem(THREE, ["AS", "KS", "QS", "JS", "TS"], button=2, options={"ante": 2},
                  draw=["2C", "3C", "AS"])
    act(game, 2, "call")
    act(game, 0, "fold")
    act(game, 1, "check")
    for _ in range(3):
        act(game, 1, "check")
        act(game, 2, "check")
    assert game.over
    assert chips(game) == [9999, 10001, 10000]


def test_a_hand_won_by_folds_pays_without_a_showdown():
    """GIVEN the first player raises and the blinds fold
    WHEN the hand ends
    THEN the raiser takes the pot and nobody's hole cards are shown."""
    game = holdem(THREE, BOARD)
    act(game, 0, "raise", "100")
    act(game, 1, "fold")
    act(game, 2, "fold")
    assert game.over
    assert chips(game) == [10000 + 150, 9950, 9900]
    assert not shown_cards(game) & {"AH", "AC", "KH", "KC", "QH", "QC"}
    assert not game.cards_in(game.zones["board"])


def test_showdown_shows_the_hands_still_in():
    """GIVEN two players check down to the river
    WHEN the hand is shown down
    THEN both hands are shown, the folded one is not, and the best five of seven wins."""
    game = holdem(THREE, BOARD)
    act(game, 0, "fold")
    act(game, 1, "call")
    act(game, 2, "check")
    for _ in range(3):
        act(game, 1, "check")
        act(game, 2, "check")
    assert game.over
    assert {"KH", "KC", "QH", "QC"} <= shown_cards(game)
    assert not shown_cards(game) & {"AH", "AC"}
    assert chips(game) == [10000, 10100, 9900]


def test_short_all_in_does_not_reopen_the_raising():
    """GIVEN stacks 300 / 700 / 1,500 (fixture), no limit; the button raises by 150 (to 250) and
    the small blind goes all-in for 300 in all, a raise of only 50
    WHEN the big blind (who has not acted) and then the button (who has) respond
    THEN the big blind may raise, but the button may only call or fold."""
    game = holdem(THREE, BOARD, button=2, name="holdem-stacks", options={"limit": "no_limit"},
                  draw=["2C", "3C", "AS"])
    act(game, 2, "raise", "150")
    act(game, 0, "all_in")
    assert "raise" in legal(game)
    act(game, 1, "call")
    assert game.decision.player == 2 and legal(game) == {"fold", "call"}


def test_a_player_without_chips_is_out_and_the_match_ends_with_one_stack():
    """GIVEN two players with no limit
    WHEN one goes all-in, is called, and loses
    THEN the winner holds every chip and the match ends at once (before the `hands` limit)."""
    game = holdem(THREE[:2], BOARD, options={"limit": "no_limit", "hands": 20})
    act(game, 0, "all_in")
    assert legal(game) == {"fold", "all_in"}         # calling would take every chip: all-in
    act(game, 1, "all_in")
    assert game.over
    assert chips(game) == [20000, 0]
    assert game.result["winners"] == [0] and game.result["scores"] == [20000, 0]


def test_a_live_player_who_paid_less_without_being_all_in_reaches_every_pot():
    """GIVEN seats 1 and 2 pay a forced 30 that seat 0 skips (seat 0 is not all-in) and seat 0
    holds the best hand WHEN the pots are awarded THEN seat 0 takes all 60 (D-10: only all-in
    players are capped by what they put in)."""
    from pathlib import Path

    from interpreter import Game, load_ruleset
    rules = load_ruleset(Path(__file__).parent / "rulesets" / "forced-payment.yaml")
    best, weak1, weak2 = ["AS", "AH", "AD", "AC", "KS"], ["2C", "3D", "5H", "7S", "9C"], ["2D", "4C", "6H", "8S", "TC"]
    order = [cards[i] for i in range(5) for cards in (best, weak1, weak2)]
    game = Game(rules, 3, seed=1, stacked=[order])
    assert game.over
    assert game.result["scores"] == [160, 70, 70]
