"""Scenario and property tests for Black Swan (rulesets/black-swan.yaml) against docs/rules.md §7,
D-02, D-25, D-26 and D-30.

Scenario tests stack the deck so that every seat holds a chosen hand and the chosen seat starts,
then take plays by their cards ("5H 5S W1": a set, in any order; wild cards are interchangeable,
so any W matches the wild card the engine offers). Property tests play random games and check
the cards, the points and the end independently of the ruleset.

Rule decisions tested here (docs/rules.md is silent on them; the ruleset comments say so too):
* a player who takes a set with their last card is bankrupt, so the next player clockwise plays;
* a wild card's meaning is never recorded: no rule of §7 depends on it once the play is legal.

A match (option `games`, for the source's advice to change partners between games) follows D-30:
partners rotate 0+2, 0+1, 0+3 at 4 players, sitting opposite; a player's match score is the sum
of their side's totals, and the highest wins.
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from interpreter import Game
from interpreter.agents.basic import FirstLegalAgent, RandomAgent, play
from interpreter.agents.turn import turn_of
from interpreter.analysis.simulate import simulate, summarize
from tests.conftest import ruleset

NAME = "black-swan"
STANDARD = [r + s for s in "CDHS" for r in "23456789TJQKA"]
WILDS = ["W1", "W2", "W3", "W4"]
ALL_IDS = STANDARD + WILDS + ["SWAN"]


def rules():
    return ruleset(NAME)


# -- helpers -------------------------------------------------------------------------------------

def value_of(card_id: str) -> int:
    """docs/rules.md §7 scoring, written independently of the ruleset."""
    if card_id == "SWAN":
        return -100
    if card_id.startswith("W"):
        return -20
    rank = card_id[0]
    return 20 if rank == "A" else 10 if rank in "TJQK" else 5


def seed_with_starter(players: int, seat: int) -> int:
    """A seed whose random first player (D-02) is `seat`."""
    for seed in range(500):
        if Game(rules(), players, seed=seed, record=False).vars["starter"].seat == seat:
            return seed
    raise AssertionError("no seed found")


def fill(*hands: str) -> list[list[str]]:
    """Hands of 14: the given cards, then plain cards no hand names (never a wild or the swan)."""
    named = {c for h in hands for c in h.split()}
    spare = [c for c in STANDARD if c not in named]
    out = []
    for h in hands:
        ids = h.split()
        while len(ids) < 14:
            ids.append(spare.pop(0))
        assert len(ids) == 14, h
        out.append(ids)
    return out


def stacked_game(hands: list[list[str]], starter: int = 0, options: dict | None = None, later=()):
    """A game whose first deal gives seat s the cards hands[s], and `starter` plays first."""
    n = len(hands)
    seats = [(starter + k) % n for k in range(n)]
    order = [hands[seat][i] for i in range(14) for seat in seats]   # dealt one at a time from the starter
    game = Game(rules(), n, seed=seed_with_starter(n, starter), options=options, stacked=[order, *later])
    for seat in range(n):
        assert sorted(hand(game, seat)) == sorted(hands[seat])
    return game


def hand(game, seat: int) -> list[str]:
    return [c.id for c in game.cards_in(game.players[seat].zones["hand"])]


def zone(game, seat: int, name: str) -> list[str]:
    return [c.id for c in game.cards_in(game.players[seat].zones[name])]


def pile(game) -> list[str]:
    return [c.id for c in game.cards_in(game.zones["pile"])]


def key(ids) -> tuple:
    """A set of card ids, the wild cards being interchangeable."""
    return tuple(sorted("W" if i.startswith("W") else i for i in ids))


def offered(game) -> set[tuple]:
    return {key(c.id.split("+")) for c in game.decision.choices}


def is_offered(game, cards: str) -> bool:
    return key(cards.split()) in offered(game)


def play_cards(game, cards: str, seat: int | None = None) -> None:
    decision = game.decision
    if seat is not None:
        assert decision.player == seat, f"seat {decision.player} is to play, not {seat}"
    matches = [c for c in decision.choices if key(c.id.split("+")) == key(cards.split())]
    assert matches, f"{cards} is not offered to seat {decision.player}: {[c.id for c in decision.choices]}"
    game.apply(matches[0])


def sets_taken(game) -> list[tuple[int, list[str]]]:
    """(seat, the 7 card ids) of every set taken from the pile, in order, from the event log."""
    out, current = [], []
    for event in game.events:
        if event["type"] == "moved" and event["from"] == "pile":
            seat = int(event["to"].split(".")[0][1:])
            current.append(event["card"])
            if len(current) == 7:
                out.append((seat, current))
                current = []
    assert not current
    return out


def team_score(game, seat: int) -> int:
    return game.vars_of(game.players[seat].team)["score"]


# -- the deck and the deal (D-25, D-02) ------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_deck_has_57_cards_and_14_are_dealt_to_each_D25(players):
    """GIVEN a Black Swan game of 2-4 players
    WHEN the first round is dealt
    THEN the deck holds 52 standard cards, 4 wild cards and the black swan (57, D-25); every player
    holds 14 and the rest stay in the deck, out of play."""
    game = Game(rules(), players, seed=3)
    assert sorted(c.id for c in game.all_cards) == sorted(ALL_IDS)
    assert [len(hand(game, s)) for s in range(players)] == [14] * players
    assert len(game.cards_in(game.zones["deck"])) == 57 - 14 * players
    assert pile(game) == []


def test_first_player_is_random_but_reproducible_D02():
    """GIVEN 3-player games with seeds 0..29
    WHEN each starts
    THEN the first player varies with the seed, every seat starts some game, the same seed gives
    the same first player (D-02), and that player takes the first decision."""
    starters = [Game(rules(), 3, seed=s, record=False).vars["starter"].seat for s in range(30)]
    assert set(starters) == {0, 1, 2}
    assert starters == [Game(rules(), 3, seed=s, record=False).vars["starter"].seat for s in range(30)]
    game = Game(rules(), 3, seed=7)
    assert game.decision.player == game.vars["starter"].seat


# -- combinations ----------------------------------------------------------------------------------

COMBO_HAND = "5H 5S 5D 3H 4H AH 2H QH KH W1 SWAN 9C 7S JD"


@pytest.fixture
def combo_game():
    """Seat 0 starts, holding COMBO_HAND (the pile is empty: up to 7 cards may be played)."""
    return stacked_game(fill(COMBO_HAND, ""), starter=0)


def test_any_single_card_may_be_played(combo_game):
    """GIVEN seat 0 to play with COMBO_HAND
    WHEN its choices are listed
    THEN every card, the black swan and the wild card included, is offered alone."""
    for card in COMBO_HAND.split():
        assert is_offered(combo_game, card), card


@pytest.mark.parametrize("cards", ["5H 5S", "5H 5D", "5H 5S 5D", "5H W1", "5H 5S 5D W1", "9C W1"])
def test_group_of_one_rank_is_legal(combo_game, cards):
    """GIVEN seat 0 holding three 5s and a wild card
    WHEN its choices are listed
    THEN two or more cards of one rank form a group, a wild card standing for any rank."""
    assert is_offered(combo_game, cards)


@pytest.mark.parametrize("cards", ["5H 9C", "5H 7S", "5H 9C W1", "5H 5S 9C", "9C JD"])
def test_mixed_ranks_that_are_no_sequence_are_illegal(combo_game, cards):
    """GIVEN seat 0 holding COMBO_HAND
    WHEN its choices are listed
    THEN cards of different ranks that are not a same-suit sequence are not offered."""
    assert not is_offered(combo_game, cards)


@pytest.mark.parametrize("cards", ["3H 4H", "3H 4H 5H", "AH 2H 3H", "AH 2H 3H 4H 5H", "QH KH", "QH KH AH",
                                   "2H 4H W1", "3H 5H W1", "KH W1", "AH 2H 3H 4H 5H W1"])
def test_sequence_of_one_suit_is_legal_ace_low_or_high(combo_game, cards):
    """GIVEN seat 0 holding A 2 3 4 5 Q K of hearts and a wild card
    WHEN its choices are listed
    THEN consecutive hearts form a sequence, with the ace low (A 2 3) or high (Q K A), and a wild
    card fills a gap or an end."""
    assert is_offered(combo_game, cards)


@pytest.mark.parametrize("cards", ["KH AH 2H", "QH KH AH 2H", "4H 5S", "3H 4H 5S", "JD QH KH", "4H 5D W1",
                                   "3H 5H", "AH 3H", "2H 5H W1"])
def test_sequence_across_suits_wrapping_or_with_a_gap_is_illegal(combo_game, cards):
    """GIVEN seat 0 holding COMBO_HAND
    WHEN its choices are listed
    THEN no sequence wraps around (K A 2), mixes suits (4♥ 5♠) or has a gap no wild card fills."""
    assert not is_offered(combo_game, cards)


@pytest.mark.parametrize("cards", ["SWAN W1", "SWAN 5H", "SWAN 5H W1", "SWAN 2H 3H"])
def test_black_swan_only_alone_never_with_a_wild(combo_game, cards):
    """GIVEN seat 0 holding the black swan and a wild card
    WHEN its choices are listed
    THEN the black swan is offered only alone: never with a wild card nor any other card."""
    assert is_offered(combo_game, "SWAN")
    assert not is_offered(combo_game, cards)


def test_wild_cards_alone_form_a_group():
    """GIVEN seat 0 holding all four wild cards
    WHEN its choices are listed
    THEN two, three or four wild cards may be played together (they stand for any group), and
    the four identical wild cards give one choice per number of wild cards, not one per subset."""
    game = stacked_game(fill("W1 W2 W3 W4", ""), starter=0)
    for n in range(1, 5):
        assert sum(1 for k in offered(game) if set(k) == {"W"} and len(k) == n) == 1
    ids = [c.id for c in game.decision.choices]
    assert len(ids) == len(set(ids))


def test_a_play_may_not_make_the_pile_larger_than_7():
    """GIVEN seat 0 plays three 5s to the empty pile, and seat 1 holds 6-10 of clubs
    WHEN seat 1 chooses
    THEN no play of more than 4 cards is offered (it would make the pile 8): the 5-card sequence
    is illegal, its 4-card part legal."""
    game = stacked_game(fill("5H 5S 5D", "6C 7C 8C 9C TC"), starter=0)
    play_cards(game, "5H 5S 5D", seat=0)
    assert game.decision.player == 1
    assert max(len(k) for k in offered(game)) == 4
    assert not is_offered(game, "6C 7C 8C 9C TC")
    assert is_offered(game, "6C 7C 8C 9C") and is_offered(game, "7C 8C 9C TC")


@pytest.mark.slow
def test_the_choices_are_the_singles_groups_and_sequences_exactly():
    """GIVEN random 14-card hands (wild cards and the swan included) and a pile of 0 to 6 cards
    WHEN the ruleset lists a player's plays
    THEN they are exactly the sets a brute-force search over every subset finds: a single, a
    group or a sequence of docs/rules.md §7 within the room left, the swan only alone, one choice per
    set (wild cards interchangeable)."""
    game = Game(rules(), 2, seed=11, record=False)
    plays, _ = rules().compile("plays(turn)")
    cards = {c.id: c for c in game.all_cards}
    rng = random.Random(5)
    for trial in range(40):
        ids = rng.sample(ALL_IDS, 14) if trial % 2 else rng.sample(STANDARD, 10) + WILDS
        in_pile = rng.randrange(7)
        player = game.vars["turn"]
        game.move(list(game.cards_in(player.zones["hand"])) + list(game.cards_in(game.zones["pile"])), game.zones["deck"])
        game.move([cards[i] for i in ids], player.zones["hand"])
        others = [c for c in game.cards_in(game.zones["deck"]) if c.id not in ids][:in_pile]
        game.move(others, game.zones["pile"])
        got = [key(c.id for c in s) for s in plays(game, {})]
        assert len(got) == len(set(got)), "a set is offered twice"
        want = {key(s) for k in range(1, 8 - in_pile) for s in combinations(ids, k) if _legal_play(s)}
        assert set(got) == want, (ids, in_pile)


def _legal_play(ids) -> bool:
    """docs/rules.md §7 by brute force: any single; else no swan, and a group or a same-suit sequence."""
    if len(ids) == 1:
        return True
    if "SWAN" in ids:
        return False
    naturals = [i for i in ids if not i.startswith("W")]
    if len({i[0] for i in naturals}) <= 1:
        return True
    if len({i[1] for i in naturals}) > 1:
        return False
    ranks = ["A23456789TJQK".index(i[0]) + 1 for i in naturals]        # A = 1 here
    for ace_high in (False, True):
        placed = [14 if (r == 1 and ace_high) else r for r in ranks]
        if len(set(placed)) == len(placed) and max(placed) - min(placed) + 1 <= len(ids):
            return True
    return False


# -- the pile, bankruptcy, the last set --------------------------------------------------------------

def test_completing_the_pile_takes_the_set_and_plays_again():
    """GIVEN seat 0 plays three 5s, then seat 1 plays four clubs in sequence
    WHEN the pile reaches exactly 7 cards
    THEN seat 1 takes those 7 cards into its scoring pile, the pile is empty, and seat 1 plays
    next; a play that leaves the pile short passes the turn clockwise."""
    game = stacked_game(fill("5H 5S 5D", "6C 7C 8C 9C TC"), starter=0)
    play_cards(game, "5H 5S 5D", seat=0)
    play_cards(game, "6C 7C 8C 9C", seat=1)
    assert pile(game) == []
    assert sorted(zone(game, 1, "won")) == sorted("5H 5S 5D 6C 7C 8C 9C".split())
    assert game.decision.player == 1
    play_cards(game, "TC", seat=1)
    assert pile(game) == ["TC"] and game.decision.player == 0


BANKRUPT_DEAL = ["AH 2H 3H 4H 5H 6H 7H 8S 9S TS JS QS KS AS",
                 "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
                 "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 8H 9H"]


def test_bankrupt_player_is_marked_and_skipped():
    """GIVEN 3 players; seat 0 starts holding two 7-card sequences
    WHEN seat 0 plays both (taking a set each time, the second with its last card)
    THEN seat 0 is bankrupt (marked first), seat 1 plays next (decision: the taker of a set who
    is out of cards does not play again), and seat 0 never plays again in that round."""
    game = stacked_game([h.split() for h in BANKRUPT_DEAL], starter=0, options={"solo_target": 10_000})
    play_cards(game, "AH 2H 3H 4H 5H 6H 7H", seat=0)
    assert game.decision.player == 0
    play_cards(game, "8S 9S TS JS QS KS AS", seat=0)
    assert game.vars_of(game.players[0])["bankrupt"] == 1 and hand(game, 0) == []
    assert game.decision.player == 1
    seats = []
    while game.vars["round_number"] == 0:
        seats.append(game.decision.player)
        game.apply(game.decision.choices[0])
    assert 0 not in seats and set(seats) == {1, 2}


def test_last_set_goes_to_the_first_bankrupt_player():
    """GIVEN the same 3-player round: seat 0 goes bankrupt first, the black swan is out of play
    WHEN the round is played out
    THEN the round's last set goes to seat 0, who did not play any of its cards."""
    game = stacked_game([h.split() for h in BANKRUPT_DEAL], starter=0, options={"solo_target": 10_000})
    play_cards(game, "AH 2H 3H 4H 5H 6H 7H", seat=0)
    play_cards(game, "8S 9S TS JS QS KS AS", seat=0)
    while game.vars["round_number"] == 0:
        game.apply(game.decision.choices[0])
    taken = sets_taken(game)
    assert len(taken) == 6
    last_seat, last_cards = taken[-1]
    assert last_seat == 0
    assert not set(last_cards) & set(BANKRUPT_DEAL[0].split())


# 2 players, seat 0 starts. Seat 1 goes bankrupt first; seat 0 plays the last set's 7th card.
#   seat 0: AH..7H (set 1, seat 0 again), 8S (pile 1)
#   seat 1: AC..6C (set 2 with 8S, seat 1 again), 8D..AD (set 3, again), 2S (bankrupt first)
#   seat 0: 9S..KS (pile 6; seat 1 skipped), then LAST (pile 7: the last set)
LAST_SET_P0 = "AH 2H 3H 4H 5H 6H 7H 8S 9S TS JS QS KS"
LAST_SET_P1 = "AC 2C 3C 4C 5C 6C 8D 9D TD JD QD KD AD 2S"


def play_last_set_round(last: str, options: dict | None = None):
    game = stacked_game([(LAST_SET_P0 + " " + last).split(), LAST_SET_P1.split()], starter=0, options=options)
    play_cards(game, "AH 2H 3H 4H 5H 6H 7H", seat=0)
    play_cards(game, "8S", seat=0)
    play_cards(game, "AC 2C 3C 4C 5C 6C", seat=1)
    play_cards(game, "8D 9D TD JD QD KD AD", seat=1)
    play_cards(game, "2S", seat=1)
    assert game.vars_of(game.players[1])["bankrupt"] == 1
    play_cards(game, "9S TS JS QS KS", seat=0)
    assert game.decision.player == 0, "the bankrupt seat 1 is skipped"
    play_cards(game, last, seat=0)
    return game


def test_last_set_without_the_black_swan_goes_to_first_bankrupt():
    """GIVEN a 2-player round where seat 1 runs out first and seat 0 completes the last set with 2♦
    WHEN the set is taken
    THEN seat 1 takes it (the first bankrupt player), though seat 0 played its 7th card."""
    game = play_last_set_round("2D")
    taken = sets_taken(game)
    assert [seat for seat, _ in taken] == [0, 1, 1, 1]
    assert sorted(taken[-1][1]) == sorted("2S 9S TS JS QS KS 2D".split())


def test_last_set_with_the_black_swan_goes_to_who_completed_it():
    """GIVEN the same round, but seat 0 completes the last set with the black swan
    WHEN the set is taken
    THEN seat 0, who played its 7th card, takes it as usual (the swan exception)."""
    game = play_last_set_round("SWAN")
    taken = sets_taken(game)
    assert [seat for seat, _ in taken] == [0, 1, 1, 0]
    assert "SWAN" in taken[-1][1]


def test_next_round_is_started_by_whoever_played_last():
    """GIVEN the round with the black swan (seat 0 plays its last card; nobody reaches 150)
    WHEN the next round is dealt
    THEN seat 0 starts it, and every hand holds 14 cards again."""
    game = play_last_set_round("SWAN")
    assert game.vars["round_number"] == 1 and not game.over
    assert game.vars["starter"].seat == 0 and game.decision.player == 0
    assert [len(hand(game, s)) for s in range(2)] == [14, 14]
    assert all(zone(game, s, "won") == [] for s in range(2)) and pile(game) == []


# -- scoring ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card, points", [
    ("AS", 20), ("AH", 20), ("TD", 10), ("JC", 10), ("QH", 10), ("KS", 10),
    ("2C", 5), ("5D", 5), ("9H", 5), ("W1", -20), ("W4", -20), ("SWAN", -100)])
def test_card_values(card, points):
    """GIVEN a card of each kind
    WHEN the ruleset values it
    THEN A 20; 10, J, Q, K 10; 2-9 5; wild -20; black swan -100 (docs/rules.md §7)."""
    game = Game(rules(), 2, seed=0, record=False)
    fn, _ = rules().compile(f"value(card('{card}'))")
    assert fn(game, {}) == points == value_of(card)


def test_round_scores_sum_the_taken_cards():
    """GIVEN the round with the black swan in the last set
    WHEN it is scored
    THEN seat 0 scores A..7♥ (50) + 2♠ 9♠..K♠ (50) + the swan (-100) = 0, and seat 1 scores
    8♠ A..6♣ (50) + 8♦..A♦ (70) = 120; each is a team of one."""
    game = play_last_set_round("SWAN")
    assert [game.vars_of(game.players[s])["round_points"] for s in range(2)] == [0, 120]
    assert [team_score(game, s) for s in range(2)] == [0, 120]


def test_wild_cards_score_minus_20_in_a_set():
    """GIVEN seat 0 plays 5♥ 5♠ 5♦ with two wild cards, and seat 1 completes the pile with 6♣ 7♣
    WHEN the round is scored
    THEN that set counts 15 - 40 + 10 = -15 to seat 1's round."""
    game = stacked_game(fill("5H 5S 5D W1 W2", "6C 7C"), starter=0, options={"solo_target": 10_000})
    play_cards(game, "5H 5S 5D W1 W2", seat=0)
    play_cards(game, "6C 7C", seat=1)
    assert sorted(zone(game, 1, "won")) == sorted("5H 5S 5D W1 W2 6C 7C".split())
    while game.vars["round_number"] == 0:
        game.apply(game.decision.choices[0])
    taken = sets_taken(game)
    assert taken[0][0] == 1
    for seat in range(2):
        assert game.vars_of(game.players[seat])["round_points"] == sum(
            value_of(c) for s, cards in taken if s == seat for c in cards)


# -- the end of the game (D-26) ---------------------------------------------------------------------

def test_game_ends_when_a_player_reaches_150():
    """GIVEN the round without the black swan: seat 0 scores 50, seat 1 scores 175
    WHEN it is scored
    THEN seat 1 has reached 150 and wins; the game is over."""
    game = play_last_set_round("2D")
    assert game.over
    assert game.result["scores"] == [50, 175]
    assert game.result["winners"] == [1]


def test_when_several_reach_the_target_the_highest_total_wins_D26():
    """GIVEN the same round with the target lowered to 50, so both players reach it
    WHEN it is scored
    THEN the higher total (seat 1, 175) wins (D-26)."""
    game = play_last_set_round("2D", options={"solo_target": 50})
    assert game.over and game.result["winners"] == [1]


# 2 players, both end the round on 70 (seat 0 takes sets 1, 3 and the last set as first bankrupt).
TIE_P0 = "8H 9H TH JH QH KH AH 8S 9S TS JS QS KS SWAN"
TIE_P1 = "AS 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D 8D"


def test_exact_tie_at_the_top_plays_another_round_D26():
    """GIVEN a round in which both players score 70 and the target is 70
    WHEN it is scored
    THEN both reached the target with an exact tie, so the game is not over: another round is
    dealt, started by seat 1, who played the last card (D-26)."""
    game = stacked_game([TIE_P0.split(), TIE_P1.split()], starter=0, options={"solo_target": 70})
    play_cards(game, "8H 9H TH JH QH KH AH", seat=0)     # set 1 -> seat 0 (70)
    play_cards(game, "8S 9S TS JS QS KS", seat=0)
    play_cards(game, "AS", seat=1)                       # set 2 -> seat 1 (70)
    play_cards(game, "9C TC JC QC KC AC", seat=1)
    play_cards(game, "SWAN", seat=0)                     # set 3 -> seat 0 (65 - 100), now bankrupt
    play_cards(game, "2D 3D 4D 5D 6D 7D 8D", seat=1)     # last set -> seat 0, first bankrupt (35)
    assert [seat for seat, _ in sets_taken(game)] == [0, 1, 0, 0]
    assert [team_score(game, s) for s in range(2)] == [70, 70]
    assert not game.over
    assert game.vars["round_number"] == 1 and game.decision.player == 1


# -- teams ---------------------------------------------------------------------------------------------

def test_four_players_form_two_teams_of_opposite_seats():
    """GIVEN a 4-player game
    WHEN it starts
    THEN seats 0+2 and 1+3 are teams; at 2-3 players each player is a team of one."""
    game = Game(rules(), 4, seed=1)
    assert [[p.seat for p in t.members] for t in game.teams] == [[0, 2], [1, 3]]
    assert [len(t.members) for t in Game(rules(), 3, seed=1).teams] == [1, 1, 1]


def test_a_player_sees_only_their_own_hand_not_their_partner_s():
    """GIVEN a 4-player game
    WHEN seat 0 looks at the table
    THEN it sees its own 14 cards and no card of any other hand, its partner's included."""
    game = Game(rules(), 4, seed=2)
    view = game.view(0)
    assert view["players"][0]["zones"]["hand"] == hand(game, 0)
    for seat in (1, 2, 3):
        assert view["players"][seat]["zones"]["hand"] == [None] * 14


@pytest.mark.slow
def test_team_total_is_the_sum_of_its_members_after_each_round():
    """GIVEN 4-player games played at random
    WHEN each round is scored
    THEN each team's score grows by its two members' round points, which are the values of the
    cards each member took, and the round's points add up to the value of the 56 dealt cards."""
    for seed in range(4):
        game = Game(rules(), 4, seed=seed, options={"team_target": 100_000})
        agent = RandomAgent(seed)
        for round_number in range(3):
            before = [game.vars_of(t)["score"] for t in game.teams]
            dealt = sum(value_of(c) for s in range(4) for c in hand(game, s))
            events_before = len(game.events)
            while game.vars["round_number"] == round_number:
                game.apply(agent.choose(turn_of(game)))
            taken = [0] * 4
            current = []
            for event in game.events[events_before:]:
                if event["type"] == "moved" and event["from"] == "pile":
                    current.append(value_of(event["card"]))
                    if len(current) == 7:
                        taken[int(event["to"][1])] += sum(current)
                        current = []
            points = [game.vars_of(p)["round_points"] for p in game.players]
            assert points == taken
            assert sum(points) == dealt
            for t, old in zip(game.teams, before):
                assert game.vars_of(t)["score"] == old + sum(points[m.seat] for m in t.members)


def test_four_player_winners_are_both_members_of_the_winning_team():
    """GIVEN 4-player games played to the end
    WHEN they end
    THEN the winners are exactly the two members of one team, whose total reached 300 and is
    strictly the highest; every seat's result score is its team's total."""
    for seed in range(5):
        game = Game(rules(), 4, seed=seed, record=False)
        result = play(game, FirstLegalAgent() if seed % 2 else RandomAgent(seed))
        assert sorted(result["winners"]) in ([0, 2], [1, 3])
        assert len(result["winning_teams"]) == 1
        totals = [game.vars_of(t)["score"] for t in game.teams]
        winner = result["winning_teams"][0]
        assert totals[winner] >= 300 and totals[winner] > totals[1 - winner]
        assert result["scores"] == [totals[s % 2] for s in range(4)]


def test_simulate_reports_wins_per_team_at_four_players():
    """GIVEN 12 random 4-player games through the simulator
    WHEN they are summarized
    THEN each team's wins are listed, and the two add up to the games played (no ties, D-26)."""
    outcomes = simulate(rules(), games=12, seed=4, players=4, options={})
    assert all(o.error is None for o in outcomes)
    text = summarize(outcomes, 4, [t.name for t in Game(rules(), 4, seed=0).teams])
    wins = [int(line.split(": ")[1].split()[0]) for line in text.splitlines() if line.startswith("team ")]
    assert len(wins) == 2 and sum(wins) == 12


# -- matches with rotating partners (option `games`) ------------------------------------------------
# Seat 0's partner, and the clockwise seating that puts partners opposite, in games 1, 2, 3, 4...
PARTNERS = [{0: 2, 2: 0, 1: 3, 3: 1}, {0: 1, 1: 0, 2: 3, 3: 2}, {0: 3, 3: 0, 1: 2, 2: 1}]
SEATING = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 1, 3, 2]]


def play_match(players: int, games: int, seed: int, target: int) -> Game:
    options = {"games": games, "team_target": target, "solo_target": target}
    game = Game(rules(), players, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.over:
        options = game.decision.options
        game.apply_value(options[rng.randrange(len(options))])
    return game


def points_per_game(game) -> list[list[int]]:
    """Each game's points per seat, from the sets taken (read from the event log)."""
    games: list[list[int]] = []
    for event in game.events:
        if event["type"] == "announced" and event["text"].startswith("Game "):
            games.append([0] * len(game.players))
        elif event["type"] == "moved" and event["to"].endswith(".won"):
            games[-1][int(event["to"].split(".")[0][1:])] += value_of(event["card"])
    return games


def test_a_match_rotates_partners_so_nobody_keeps_one_in_consecutive_games():
    """GIVEN a 4-player match of 4 games (the source advises against keeping the same partner in
    consecutive games)
    WHEN each game begins
    THEN the partnerships are seats 0+2, then 0+1, then 0+3, then 0+2 again (D-30): no seat has
    the same partner in two games in a row; each player is a team of one for the interpreter, and the
    announcement names the two sides."""
    game = Game(rules(), 4, seed=1, options={"games": 4, "team_target": 40})
    partner = rules().compile("players.map(p, side(p)[1].seat)")[0]
    seen, rng = [], random.Random(1)
    while not game.over:
        if len(seen) < game.vars["game_number"]:
            seen.append(dict(enumerate(partner(game, {}))))
        options = game.decision.options
        game.apply_value(options[rng.randrange(len(options))])
    assert seen == [PARTNERS[0], PARTNERS[1], PARTNERS[2], PARTNERS[0]]
    assert all(a[s] != b[s] for a, b in zip(seen, seen[1:]) for s in range(4))
    assert len(game.teams) == 4
    said = [e["text"] for e in game.events if e["type"] == "announced" and e["text"].startswith("Game ")]
    assert said[1] == "Game 2 of 4: Player 0 and Player 1 against Player 2 and Player 3"


def test_partners_sit_opposite_so_the_turn_goes_round_the_new_seating():
    """GIVEN the second game of a 4-player match: partners 0+1 and 2+3, so the players sit
    0, 2, 1, 3 clockwise
    WHEN players play single cards (the pile never reaches 7)
    THEN the turn passes around that seating, each play going to a player of the other side (D-30)."""
    game = Game(rules(), 4, seed=2, options={"games": 2, "team_target": 1})
    while game.vars["game_number"] < 2:
        game.apply_value(game.decision.options[0])
    after = {s: SEATING[1][(SEATING[1].index(s) + 1) % 4] for s in range(4)}
    for _ in range(6):
        seat = game.decision.player
        single = next(c for c in game.decision.choices if "+" not in c.id)
        game.apply(single)
        assert game.decision.player == after[seat]
        assert PARTNERS[1][seat] != game.decision.player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_score_is_the_sum_of_the_sides_totals_and_the_highest_wins(players):
    """GIVEN matches of 3 games (target 100) at 2, 3 and 4 players, played at random
    WHEN they end
    THEN every game ended with one side alone on top at or past the target (D-26), each player's
    match score is the sum of their side's totals in the three games (partners rotating at 4
    players), and the winners are the players with the highest match score (D-30)."""
    for seed in range(3):
        game = play_match(players, 3, seed, 100)
        per_game = points_per_game(game)
        assert len(per_game) == 3
        match = [0] * players
        for index, points in enumerate(per_game):
            partner = PARTNERS[index % 3] if players == 4 else {s: s for s in range(players)}
            sides = [points[s] + (points[partner[s]] if partner[s] != s else 0) for s in range(players)]
            best = max(sides)
            assert best >= 100 and all(sides[s] < best for s in range(players)
                                       if s != sides.index(best) and s != partner[sides.index(best)])
            match = [m + t for m, t in zip(match, sides)]
        assert game.result["scores"] == match
        assert game.result["winners"] == [s for s in range(players) if match[s] == max(match)]


# -- random playouts -----------------------------------------------------------------------------------

PLAYOUTS = {2: 400, 3: 300, 4: 300}    # 1,000 games in all


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(PLAYOUTS))
def test_random_games_account_for_every_card_and_point(players):
    """GIVEN PLAYOUTS[players] random games (1,000 over 2, 3 and 4 players)
    WHEN each is played to the end, checking at every decision
    THEN all 57 cards are always somewhere (hands, pile, scoring piles, the undealt rest), the
    pile holds fewer than 7; every round's points add up to the value of the cards dealt in it
    and every team gains its members' points; every game ends, with the winners one team whose
    total reached the target and is strictly the highest (D-26)."""
    target = 300 if players == 4 else 150
    rounds = 0
    for index in range(PLAYOUTS[players]):
        seed = players * 100_000 + index
        game = Game(rules(), players, seed=seed, record=False)
        rng = random.Random(seed)
        round_number, dealt, totals = 0, None, [0] * len(game.teams)
        decisions = 0
        while True:
            if game.over or game.vars["round_number"] != round_number:
                points = [game.vars_of(p)["round_points"] for p in game.players]
                assert sum(points) == dealt
                totals = [old + sum(points[m.seat] for m in t.members) for old, t in zip(totals, game.teams)]
                assert totals == [game.vars_of(t)["score"] for t in game.teams]
                round_number, dealt = round_number + 1, None
                rounds += 1
                if game.over:
                    break
            if dealt is None:
                assert [len(hand(game, s)) for s in range(players)] == [14] * players
                dealt = sum(value_of(c) for s in range(players) for c in hand(game, s))
            zones = [game.zones["deck"], game.zones["pile"]] + [
                p.zones[z] for p in game.players for z in ("hand", "won")]
            assert sum(len(game.cards_in(z)) for z in zones) == 57
            assert len(game.cards_in(game.zones["pile"])) < 7
            options = game.decision.options
            game.apply_value(options[rng.randrange(len(options))])
            decisions += 1
            assert decisions < 5_000
        best = max(totals)
        winners = game.result["winners"]
        assert best >= target and totals.count(best) == 1
        assert sorted(winners) == sorted(m.seat for t in game.teams if game.vars_of(t)["score"] == best for m in t.members)
    assert rounds >= PLAYOUTS[players]


def test_same_seed_same_game():
    """GIVEN two 3-player games with the same seed and the same random decisions
    WHEN both are played out
    THEN their event streams are identical (reproducible from the seed, D-02)."""
    streams = []
    for _ in range(2):
        game = Game(rules(), 3, seed=99)
        play(game, RandomAgent(5))
        streams.append(game.events)
    assert streams[0] == streams[1]
