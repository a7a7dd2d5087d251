"""Whatever a client sends through the API, it cannot make an illegal move, see what its seat
may not see, or get a traceback instead of a GameError: one test per way of misusing it."""
from __future__ import annotations

import dataclasses
import json

import pytest

from interpreter import Game, GameError, load_ruleset
from interpreter.errors import RulesetError, UnusedStackedOrders
from interpreter.agents.basic import RandomAgent, play, play_random
from interpreter.engine.decisions import Choice, IllegalChoice
from tests.conftest import ruleset
from tests.test_engine import HEADER, tiny


def hearts(seed: int = 7) -> Game:
    return Game(ruleset("hearts"), 4, seed=seed)


def snapshot(game: Game) -> str:
    return json.dumps(game.view_all(), sort_keys=True) + json.dumps(game.events)


# -- moves that must be impossible ---------------------------------------------------------
def test_a_choice_with_a_legal_id_and_another_value_is_refused():
    """GIVEN seat 0 may pass some card WHEN a client sends that card's id with a card from
    another hand as the value THEN the game refuses it and nothing changes."""
    game = hearts()
    decision = game.decision
    mine = decision.choices[0]
    other_hand = game.cards_in(game.players[2].zones["hand"])
    forged = dataclasses.replace(mine, value=other_hand[0])
    before = snapshot(game)
    with pytest.raises(IllegalChoice, match="carries a value that is not the one"):
        game.apply(forged)
    assert snapshot(game) == before
    forged_plain = Choice(mine.id, mine.label, other_hand[0])
    with pytest.raises(IllegalChoice):
        game.apply(forged_plain)
    assert snapshot(game) == before


def test_a_choice_from_another_game_is_refused_and_neither_game_changes():
    """GIVEN two games of a ruleset, dealt differently (the cards are the ruleset's, shared by
    both: a card is offered by the other game only if it is legal there too)
    WHEN a choice or an option of the first game that the second does not offer is applied to
    the second THEN it is refused, and neither game changes."""
    a, b = hearts(7), hearts(8)
    offered = {c.id for c in b.decision.choices}
    foreign = next(c for c in a.decision.choices if c.id not in offered)
    before_a, before_b = snapshot(a), snapshot(b)
    with pytest.raises(IllegalChoice):
        b.apply(foreign)
    with pytest.raises(IllegalChoice):
        b.apply_value(foreign.value)
    assert (snapshot(a), snapshot(b)) == (before_a, before_b)


def test_a_choice_of_an_earlier_decision_is_checked_against_the_current_one():
    game = hearts()
    first = game.decision.choices[0]
    game.apply(first)
    with pytest.raises(IllegalChoice):
        game.apply(first)            # that card was already picked: no longer offered


def test_the_engine_lists_cannot_be_edited_through_a_decision():
    game = hearts()
    decision = game.decision
    with pytest.raises((AttributeError, TypeError)):
        decision.options.append(game.cards_in(game.players[2].zones["hand"])[0])   # type: ignore[attr-defined]
    with pytest.raises((AttributeError, TypeError)):
        decision.choices.append(decision.choices[0])                       # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.choices[0].value = game.cards_in(game.players[2].zones["hand"])[0]  # type: ignore[misc]


def test_apply_value_takes_only_an_item_of_the_current_options():
    game = hearts()
    stranger = game.cards_in(game.players[2].zones["hand"])[0]
    with pytest.raises(IllegalChoice, match="not one of the legal options"):
        game.apply_value(stranger)
    with pytest.raises(IllegalChoice):
        game.apply_value("QS")
    with pytest.raises(IllegalChoice):
        game.apply_value([])
    game.apply_value(game.decision.options[0])      # the fast path still works
    assert game.decisions_taken == 1


def test_a_list_valued_option_is_a_tuple_and_applies_as_the_engine_own_list(tmp_path):
    rules = tiny(tmp_path, """\
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 3)"
          - choose: value
            player: player_at(0)
            from: "subsets(player_at(0).hand, 2, 2)"
            as: pair
            then: "move(pair, table)"
        """)
    game = Game(rules, 2, seed=1)
    option = game.decision.options[0]
    assert isinstance(option, tuple) and len(option) == 2
    with pytest.raises(IllegalChoice):
        game.apply_value(option[:1])
    game.apply_value(option)
    assert [c.id for c in game.cards_in(game.zones["table"])] == [c.id for c in option]


def test_number_choices_accept_only_numbers_in_their_range(tmp_path):
    rules = tiny(tmp_path, """\
        flow:
          - choose: number
            player: player_at(0)
            min: 1
            max: 3
            as: n
        """)
    game = Game(rules, 2, seed=1)
    for bad in (0, 4, "4", True, 2.0, "two", None, [2]):
        with pytest.raises(IllegalChoice):
            if isinstance(bad, str) or bad is None or isinstance(bad, list):
                game.apply(bad)
            else:
                game.apply_value(bad)
    game.apply("3")
    assert game.over


def test_a_number_choice_over_an_astronomical_range_plays_and_a_wider_one_is_a_located_error(tmp_path):
    wide = tiny(tmp_path, """\
        flow:
          - choose: number
            player: player_at(0)
            min: 0
            max: 999999999999999999
            as: n
        """)
    for seed in range(5):
        play(Game(wide, 2, seed=seed), RandomAgent(seed))
        play_random(Game(wide, 2, seed=seed), __import__("random").Random(seed))
    huge = tmp_path / "huge.yaml"
    huge.write_text(HEADER.replace("deck: {standard: true}", "deck: {attributes: {n: int}, cards: [{n: 18446744073709551616}]}")
                    + "flow: []\n")
    with pytest.raises(RulesetError, match="card attribute 'n' is 18446744073709551616, beyond ±10\\^18"):
        load_ruleset(huge)


def test_after_the_game_ends_there_is_nothing_to_apply():
    game = hearts()
    play(game, RandomAgent(1))
    with pytest.raises(GameError, match="the game is over"):
        game.apply("QS")


# -- information that must not leak ----------------------------------------------------------
@pytest.mark.slow
def test_events_for_returns_copies_that_cannot_change_the_game():
    game = hearts()
    play(game, RandomAgent(3))
    log_before = json.dumps(game.events)
    seat1_before = json.dumps(game.events_for(1))
    for event in game.events_for(0):
        event.clear()
    for event in game.events:
        event["type"] = "tampered"
    game.events_all().clear()
    assert json.dumps(game.events) == log_before
    assert json.dumps(game.events_for(1)) == seat1_before


def test_a_seat_stream_only_grows_and_since_reads_what_is_new():
    game = hearts()
    seen = game.events_for(2)
    while not game.over and len(seen) < 200:
        game.apply(game.decision.choices[0])
        new = game.events_for(2, len(seen))
        assert game.events_for(2)[:len(seen)] == seen
        seen += new


def test_view_of_a_seat_that_does_not_exist_is_an_error_and_everything_is_view_all():
    game = hearts()
    for seat in (9, -1, 4, None, "1", 1.0, True):
        with pytest.raises(GameError) as info:
            game.view(seat)
        assert info.value.code == "seat"
        with pytest.raises(GameError):
            game.events_for(seat)
    with pytest.raises(GameError, match="view_all"):
        game.view(None)
    everything = game.view_all()
    assert all(all(c is not None for c in p["zones"]["hand"]) for p in everything["players"])
    assert everything["decision"]["player"] == game.decision.player


def test_a_seat_never_gets_the_seed():
    game = hearts(12345)
    for seat in range(4):
        started = game.events_for(seat)[0]
        assert started["type"] == "started" and started["seed"] is None
    assert game.events[0]["seed"] == 12345


def test_a_gather_of_hidden_cards_is_one_masked_event_per_zone_pair(tmp_path):
    """GIVEN cards in three hands WHEN every card is gathered back to the deck THEN seat 0 sees
    its own cards move one by one and the others' as one event per source, with a count: the
    order of the hidden cards says nothing of which lay where."""
    rules = tiny(tmp_path, """\
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 5)"
          - "move(all_cards, deck)"
        """)
    game = Game(rules, 3, seed=4)
    stream = game.events_for(0)
    gather = [e for e in stream if e["type"] == "moved" and e["to"] == "deck"]
    assert [e["from"] for e in gather[:5]] == ["p0.hand"] * 5 and all(e["card"] for e in gather[:5])
    assert gather[5:] == [{"type": "moved", "card": None, "from": "deck", "to": "deck", "count": 37},
                          {"type": "moved", "card": None, "from": "p1.hand", "to": "deck", "count": 5},
                          {"type": "moved", "card": None, "from": "p2.hand", "to": "deck", "count": 5}]


# -- arguments of the wrong type or shape ------------------------------------------------------
@pytest.mark.parametrize("kwargs, message", [
    ({"options": "target=5"}, "options must be a mapping"),
    ({"options": [("target", 5)]}, "options must be a mapping"),
    ({"options": {5: 1}}, "option names are strings"),
    ({"players": "4"}, "players must be a whole number"),
    ({"players": 4.5}, "players must be a whole number"),
    ({"players": True}, "players must be a whole number"),
    ({"seed": [1]}, "seed must be a whole number"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"seed": 10 ** 200}, "seed has more than"),
    ({"stacked": [None]}, "stacked order 1 must be a list of card ids"),
    ({"stacked": [[1, 2]]}, "stacked order 1 holds int 1"),
    ({"stacked": "QS"}, "stacked must be a list of card orders"),
    ({"stacked": [["QS"]] * 1001}, "1001 stacked orders is more than 1000"),
    ({"names": "abc"}, "names must be a list"),
    ({"names": ["a"] * 5}, "5 names for 4 players"),
    ({"record": "yes"}, "record must be True or False"),
    ({"budget": -5}, "budget's steps must be a whole number of at least 1"),
    ({"budget": "lots"}, "budget must be a whole number"),
    ({"budget": 10, "max_steps": 10}, "either budget or max_steps"),
])
def test_wrong_arguments_are_one_clear_game_error(kwargs, message):
    args = {"players": 4, **kwargs}
    players = args.pop("players")
    with pytest.raises(GameError, match=message) as info:
        Game(ruleset("hearts"), players, **args)
    assert info.value.code == "argument"


def test_wrong_option_values_and_names_are_reported_by_the_options_layer():
    with pytest.raises(RulesetError, match="unknown option 'nope'"):
        Game(ruleset("hearts"), 4, options={"nope": 1})


def test_stacked_orders_left_unused_when_the_game_ends_are_a_warning():
    """GIVEN 50 stacked orders for a game that shuffles a few times WHEN it ends THEN the
    caller hears that most were never used, instead of their being silently ignored, as a
    warning: the game was played in full and its result stands (it used to be an error raised
    after the end)."""
    deck = [c.id for c in Game(ruleset("hearts"), 4, seed=1).all_cards]
    game = Game(ruleset("hearts"), 4, seed=1, stacked=[deck] * 50)
    with pytest.warns(UnusedStackedOrders, match="stacked orders were never used"):
        play(game, RandomAgent(1))
    assert game.over and game.result["winners"]


def test_a_choice_carrying_the_public_form_of_its_value_is_accepted():
    """An agent's copy of a choice holds card ids, not cards: it names the same option."""
    game = hearts()
    mine = game.decision.choices[0]
    game.apply(Choice(mine.id, mine.label, mine.id))
    assert game.decisions_taken == 1
    other = game.decision.choices[1]
    with pytest.raises(IllegalChoice):
        game.apply(Choice(other.id, other.label, game.decision.choices[0].id))   # the id of another card
