"""Procedure parameters with defaults that a variant sets (issue 28, item 7)."""
from __future__ import annotations

from pathlib import Path

from interpreter import Game, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
FOUR_HOLE = ROOT / "examples" / "holdem-four-hole.yaml"


def _hole_cards_dealt(ruleset) -> list[int]:
    """The hole cards of each player once the first hand is dealt."""
    game = Game(ruleset, 3, seed=2, options={"hands": 1})
    while game.view(0)["phase"] != "preflop":
        game.apply(game.decision.choices[0])
    return [len(game.cards_in(p.zones["hand"])) for p in game.players]


def test_the_default_is_used_when_a_call_leaves_the_parameter_out():
    # GIVEN Texas Hold'em, whose deal_hand procedure has hole_cards defaulting to 2
    # WHEN a hand is dealt THEN each player holds two cards
    assert _hole_cards_dealt(load_ruleset("texas-holdem")) == [2, 2, 2]


def test_a_variant_sets_the_default_in_one_line():
    # GIVEN the example variant, whose only rule is `set: {deal_hand.hole_cards: 4}`
    ruleset = load_ruleset(FOUR_HOLE)
    # THEN it validates without a warning, and each player is dealt four hole cards
    assert ruleset.warnings == [] and _hole_cards_dealt(ruleset) == [4, 4, 4]


def test_a_variant_plays_to_the_end(tmp_path):
    # GIVEN the four-hole-card variant WHEN random players play a short match THEN it ends
    from interpreter.agents.basic import RandomAgent, play
    game = Game(load_ruleset(FOUR_HOLE), 4, seed=5, options={"hands": 2})
    play(game, RandomAgent(5))
    assert game.over


def test_a_call_may_still_give_the_parameter(tmp_path):
    # GIVEN a procedure with a default, called once with the parameter and once without
    path = tmp_path / "r.yaml"
    path.write_text("""version: 1
name: Defaults
players: {min: 2, max: 2}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  hand: {owner: player, visibility: owner}
procedures:
  give:
    params: {count: {type: int, default: 2}}
    do: "deal(deck, players.map(p, p.hand), count)"
flow:
  - "shuffle(deck)"
  - call: give
  - call: give
    with: {count: 3}
  - choose: card
    player: player_at(0)
    from: player_at(0).hand
    as: c
    then: "move(c, deck)"
""")
    game = Game(load_ruleset(path), 2, seed=1)
    # THEN the given value wins over the default: 2 + 3 cards each
    assert [len(game.cards_in(p.zones["hand"])) for p in game.players] == [5, 5]
