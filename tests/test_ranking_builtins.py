"""The hand-ranking builtins (interpreter/primitives/ranking.py) as rulesets see them.

hand_rank and friends adapt cards to interpreter/primitives/handrank.py (tested on its own in
tests/test_handrank.py); here: the values a ruleset gets, their order in the language (lists
of numbers compare item by item), partial hands, the suit tie-break (D-01), explicit values
with wilds for declared cards, and the error for a card without a standard rank and suit.
"""
from __future__ import annotations

import textwrap

import pytest

from interpreter import Game, GameError, load_ruleset

RULESET = """\
version: 1
name: ranking probe
players: {min: 2, max: 2}
deck:
  standard: true
  cards:
    - {id: JK, rank: 0, suit: joker, color: none}
zones:
  deck: {owner: game, visibility: hidden}
vars:
  game:
    ranks: {type: list<int>}
    name: {type: str}
    better: {initial: false}
functions:
  cards_of:
    params: {ids: list<str>}
    value: "all_cards.filter(c, c.id in ids)"
flow:
  - "ranks = EXPR"
"""


def evaluate(tmp_path, expr: str, var: str = "ranks"):
    body = RULESET.replace('ranks = EXPR', f"{var} = {expr}")
    path = tmp_path / "probe.yaml"
    path.write_text(textwrap.dedent(body))
    game = Game(load_ruleset(path), players=2, seed=1)
    assert game.over
    return game.vars[var]


def test_hand_rank_is_category_then_ranks(tmp_path):
    """GIVEN a full house, kings over twos, among seven cards
    WHEN ranked
    THEN the rank lists the category (6) and the ranks that decide ties."""
    ids = "['KS', 'KH', 'KD', '2C', '2D', '9S', '4H']"
    assert evaluate(tmp_path, f"hand_rank(cards_of({ids}))") == [6, 13, 2]
    assert evaluate(tmp_path, f"hand_name(cards_of({ids}))", "name") == "full house"


def test_ranks_compare_in_the_language(tmp_path):
    """GIVEN a wheel straight (A-2-3-4-5) and three aces
    WHEN compared with > in an expression
    THEN the straight is better."""
    expr = ("hand_rank(cards_of(['AS', '2D', '3C', '4H', '5S'])) > "
            "hand_rank(cards_of(['AC', 'AD', 'AH', 'KS', 'QS']))")
    assert evaluate(tmp_path, expr, "better") is True


def test_partial_hands_rank_by_the_groups_they_hold(tmp_path):
    """GIVEN two face-up cards: a pair of threes, and an ace-king
    WHEN ranked as partial hands (docs/rules.md conventions)
    THEN the pair is better."""
    expr = "hand_rank(cards_of(['3S', '3D'])) > hand_rank(cards_of(['AS', 'KD']))"
    assert evaluate(tmp_path, expr, "better") is True


def test_suited_rank_breaks_ties_spades_first(tmp_path):
    """GIVEN the A♠ and the A♦ (D-01: ♠ > ♦ > ♥ > ♣)
    WHEN ranked with hand_rank_suited
    THEN the A♠ is higher, though hand_rank ties them."""
    assert evaluate(tmp_path, "hand_rank_suited(cards_of(['AS'])) > hand_rank_suited(cards_of(['AD']))",
                    "better") is True
    assert evaluate(tmp_path, "hand_rank(cards_of(['AS'])) > hand_rank(cards_of(['AD']))", "better") is False


def test_explicit_values_and_wilds(tmp_path):
    """GIVEN four spades and one wild card (e.g. a joker declared by its owner)
    WHEN ranked with hand_rank_of
    THEN the wild completes the best hand: a royal flush from A K Q J of spades."""
    expr = "hand_rank_of([14, 13, 12, 11], ['spades', 'spades', 'spades', 'spades'], 1)"
    assert evaluate(tmp_path, expr) == [8, 14]
    assert evaluate(tmp_path, f"hand_name_of({expr})", "name") == "straight flush"


def test_a_card_without_standard_rank_and_suit_is_a_clear_error(tmp_path):
    """GIVEN a joker card (rank 0, suit 'joker') in the cards ranked
    WHEN hand_rank is evaluated
    THEN the game stops with an error at the expression, pointing to hand_rank_of."""
    with pytest.raises(GameError) as caught:
        evaluate(tmp_path, "hand_rank(cards_of(['JK', 'AS']))")
    assert "hand_rank_of" in str(caught.value) and "probe.yaml" in str(caught.value)
