"""The playout API for bots and search: legal values as a list, applied by index or value.

GIVEN the same seed and the same picks, WHEN one game is driven through `legal_values` and
`apply_index` and another through `decision.choices` and `apply`, THEN both games have the
same events and result, `to_move` is always the deciding seat, and after the end every
way of applying is refused.
"""
from __future__ import annotations

import random

import pytest

from interpreter import Game, GameError


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hearts", "texas-holdem", "black-card"])
def test_index_and_choice_paths_play_the_same_game(name, load):
    rules = load(name)
    fast, slow = Game(rules, 4, seed=11), Game(rules, 4, seed=11)
    rng = random.Random(11)
    while not slow.over:
        assert fast.to_move == slow.decision.player
        assert [str(v) for v in fast.legal_values()] == [str(v) for v in slow.decision.options]
        pick = rng.randrange(len(slow.decision))
        fast.apply_index(pick)
        slow.apply(slow.decision.choices[pick])
    assert fast.over and fast.to_move is None and len(fast.legal_values()) == 0
    assert fast.events == slow.events and fast.result == slow.result


def test_applying_after_the_end_or_out_of_range_is_refused(load):
    game = Game(load("hearts"), 4, seed=2, record=False)
    with pytest.raises(IndexError):
        game.apply_index(len(game.legal_values()))
    while not game.over:
        game.apply_index(0)
    for attempt in (lambda: game.apply_index(0), lambda: game.apply_value(None), lambda: game.apply("QS")):
        with pytest.raises(GameError):
            attempt()


def test_an_index_names_only_the_engines_own_options(load):
    game = Game(load("hearts"), 4, seed=3, record=False)
    for bad in (-1, 1.0, True, "0", None):
        with pytest.raises(IndexError):
            game.apply_index(bad)


def test_a_list_option_taken_as_handed_out_is_the_engines_own_value(load):
    """GIVEN a decision whose options are sets of cards (handed out as read-only tuples)
    WHEN a bot applies one of them as it got it THEN the game takes its own list for it, and
    the same set rebuilt as a plain list or with one card changed is matched or refused alike."""
    rules = load("black-swan")
    for seed in range(40):
        game = Game(rules, 4, seed=seed, record=False)
        while not game.over and not any(isinstance(v, tuple) and len(v) > 1 for v in game.decision.options):
            game.apply_index(0)
        if not game.over:
            break
    options = game.decision.options
    pick = next(v for v in options if isinstance(v, tuple) and len(v) > 1)
    assert not isinstance(pick, list)
    decision = game.decision
    own = decision.resolve_value(pick)
    assert isinstance(own, list) and own == list(pick)
    assert decision.resolve_value(list(pick)) is own
    stranger = game.cards_in(game.players[(decision.player + 1) % 4].zones["hand"])[0]   # another hand's card
    with pytest.raises(GameError):
        decision.resolve_value([stranger] + list(pick[1:]))


def test_a_game_that_records_nothing_has_no_events_for_any_seat(load):
    game = Game(load("hearts"), 4, seed=5, record=False)
    for _ in range(10):
        game.apply_index(0)
    assert game.events == [] and all(game.events_for(seat) == [] for seat in range(4))
    assert game.events_public() == []


def test_moving_a_zones_own_list_moves_every_card_of_it(load):
    """GIVEN a hand WHEN the engine is asked to move that hand's own list of cards elsewhere
    THEN every card goes (none is skipped while the list empties), in order."""
    for record in (False, True):
        game = Game(load("hearts"), 4, seed=5, record=record)
        hand, pile = game.players[0].zones["hand"], game.zones["trick"]
        cards = list(game.cards_in(hand))
        game.move(game.cards_in(hand), pile)
        assert game.cards_in(hand) == [] and game.cards_in(pile)[-len(cards):] == cards
        assert all(game.zone_of(c) is pile for c in cards)
        # the same by `move_zone` (what `move(zone, to)` compiles to): each card knows whose it was
        hand, taken = game.players[1].zones["hand"], game.players[1].zones["taken"]
        cards = list(game.cards_in(hand))
        game.move_zone(hand, taken)
        game.move_zone(taken, taken)        # into itself: nothing changes
        assert game.cards_in(hand) == [] and game.cards_in(taken) == cards
        assert all(game.zone_of(c) is taken and game.last_holder_of(c) is game.players[1]
                   and not game.is_face_up(c) for c in cards)


@pytest.mark.parametrize("name", ["hearts", "black-maria", "black-swan", "captain-blackjack", "texas-holdem",
                                  "seven-poker", "black-card"])
def test_a_game_that_records_nothing_plays_as_one_that_records(name, load):
    """GIVEN the same seed and picks WHEN one game records and the other does not (its moves and
    deals take the quiet path, with no events built) THEN at every decision both offer the same
    options, every card lies in the same zone, in the same order, and the results agree."""
    rules = load(name)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    quiet, loud = Game(rules, players, seed=5, record=False), Game(rules, players, seed=5)
    rng = random.Random(5)

    def places(game):
        return {key: [c.id for c in game.cards_in(zone)] for key, zone in sorted(
            (z.key, z) for z in game.zones.values())} | {
            f"{p.seat}.{name}": [c.id for c in game.cards_in(zone)] for p in game.players for name, zone in p.zones.items()}
    while not loud.over:
        assert [str(v) for v in quiet.legal_values()] == [str(v) for v in loud.decision.options]
        assert places(quiet) == places(loud)
        pick = rng.randrange(len(loud.decision))
        quiet.apply_index(pick)
        loud.apply_index(pick)
    assert quiet.over and quiet.result == loud.result and places(quiet) == places(loud)


QUIET_TEXT = """\
version: 1
name: Quiet text
players: {min: 2, max: 2}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  table: {owner: game, visibility: public}
flow:
  - "announce('on the table: ' + text(first(table)))"
  - choose: value
    player: player_at(0)
    from: "['a', 'b']"
    as: v
"""


def test_a_game_that_records_nothing_does_not_compute_its_announcements(tmp_path):
    """GIVEN an announcement whose text fails (the first card of an empty zone) WHEN the game records,
    or is asked to announce, THEN the error stands at the rule; WHEN it records nothing THEN the
    text is never computed (it would only make an event) and the game goes on; and a validator's
    simulation, which records nothing, still reports it."""
    from interpreter.analysis.simulate import play_one
    from interpreter import load_ruleset
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET_TEXT, encoding="utf-8")
    rules = load_ruleset(path)
    for kwargs in ({}, {"record": False, "announce": True}):
        with pytest.raises(GameError) as caught:
            Game(rules, 2, seed=1, **kwargs)
        assert caught.value.span.line == 9
    quiet = Game(rules, 2, seed=1, record=False)
    assert quiet.legal_values() == ("a", "b")
    outcome = play_one(rules, index=0, root_seed=1, players=2, options={})
    assert outcome.error is not None and "empty" in outcome.error


@pytest.mark.parametrize("name", ["hearts", "texas-holdem"])
def test_play_out_plays_the_game_apply_index_plays(name, load):
    """GIVEN the same seed and the same random draws WHEN one game is played by `play_out` and
    another by `apply_index` one decision at a time THEN they take the same decisions to the same
    end; number decisions go to `numbers` when it is given, the others to `pick`."""
    rules = load(name)
    kinds = []
    for numbers in (None, "spread"):
        fast, slow = Game(rules, 4, seed=7, record=False), Game(rules, 4, seed=7, record=False)
        fast_rng, slow_rng = random.Random(3), random.Random(3)

        def a_number(n, rng=fast_rng):
            kinds.append(n)
            return n - 1 if n > 2 else rng.randrange(n)

        fast.play_out(fast_rng.randrange, numbers=a_number if numbers else None)
        while not slow.over:
            n = len(slow.decision)
            if numbers and slow.decision.kind == "number":
                slow.apply_index(n - 1 if n > 2 else slow_rng.randrange(n))
            else:
                slow.apply_index(slow_rng.randrange(n))
        assert fast.over and fast.result == slow.result
        assert fast.decisions_taken == slow.decisions_taken
    assert bool(kinds) == (name == "texas-holdem")


def test_play_out_refuses_a_position_out_of_range(load):
    game = Game(load("hearts"), 4, seed=2, record=False)
    with pytest.raises(IndexError):
        game.play_out(lambda n: n)
    assert game.decisions_taken == 0 and game.decision is not None
