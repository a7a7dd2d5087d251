"""The engine's contract, on small rulesets written for each point: step limits, states with no
legal decision, simultaneous choices, views, events for one seat, stacked decks, replay."""
from __future__ import annotations

import json
import textwrap

import pytest

from interpreter import Game, GameError, load_ruleset
from interpreter.agents.basic import FirstLegalAgent, RandomAgent, play
from interpreter.logs import LogError as ReplayMismatch, replay, write_log
from tests.conftest import ruleset

HEADER = """\
version: 1
name: Tiny
players: {min: 2, max: 4}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  table: {owner: game, visibility: public}
  hand: {owner: player, visibility: owner}
  revealed: {owner: game, visibility: public}
"""


def line_of(path, needle: str) -> int:
    """The 1-based line of the first line of `path` holding `needle`."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def tiny(tmp_path, body: str, name: str = "tiny.yaml"):
    path = tmp_path / name
    path.write_text(HEADER + textwrap.dedent(body), encoding="utf-8")
    return load_ruleset(path)


def test_a_loop_that_never_ends_stops_at_the_step_limit_naming_phase_and_position(tmp_path):
    """GIVEN a flow whose loop can never end WHEN it runs THEN a GameError names the phase and the rule."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: 0}}
        flow:
          - phase: forever
            do:
              - while: "true"
                do: "n += 1"
        """)
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1, max_steps=5_000)
    error = info.value
    assert error.code == "step-limit"
    assert error.phase == "forever"
    assert error.span.line == line_of(tmp_path / "tiny.yaml", 'while: "true"')
    assert error.span.file == str(tmp_path / "tiny.yaml")


def test_a_choice_with_no_legal_option_is_an_error_with_player_and_position(tmp_path):
    """GIVEN a choose step whose condition excludes every card WHEN it is reached
    THEN the error names the player, the prompt and the step's position."""
    rules = tiny(tmp_path, """\
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 5)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            where: "c.rank > 99"
            as: c
            prompt: play a high card
        """)
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1)
    assert info.value.code == "no-legal-choice"
    assert "Player 0 has no legal card to choose (play a high card)" in str(info.value)
    assert info.value.span.line == line_of(tmp_path / "tiny.yaml", "choose: card")


def test_if_none_runs_instead_of_failing(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {skipped: false}}
        flow:
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            if_none: "skipped = true"
        result: {winners: "skipped ? players : []"}
        """)
    game = Game(rules, 2, seed=1)
    assert game.over and game.result["winners"] == [0, 1]


SIMULTANEOUS = """\
    flow:
      - "shuffle(deck); deal(deck, players.map(p, p.hand), 3)"
      - for_each: p
        in: players
        simultaneous: true
        do:
          - choose: card
            player: p
            from: p.hand
            as: c
            then: "move(c, revealed)"
      - for_each: p
        in: players
        simultaneous: true
        do:
          - choose: number
            player: p
            min: 1
            max: 3
            as: n
            then: "announce(text(p) + ' said ' + text(n))"
    """


def test_simultaneous_choices_are_hidden_until_everyone_has_chosen(tmp_path):
    """GIVEN every player picks a card at once WHEN seat 0 has picked and seat 1 is deciding
    THEN nothing has moved, seat 1's view and events hold no trace of seat 0's pick."""
    rules = tiny(tmp_path, SIMULTANEOUS)
    game = Game(rules, 2, seed=3)
    first = game.decision.choices[0]
    game.apply(first)
    assert game.decision.player == 1
    assert game.cards_in(game.zones["revealed"]) == []
    seat1 = json.dumps(game.view(1)) + json.dumps(game.events_for(1))
    assert first.id not in seat1
    game.apply(game.decision.choices[0])
    assert [c.id for c in game.cards_in(game.zones["revealed"])][0] == first.id   # revealed together, in seat order
    game.apply("2")
    assert not any(e["type"] == "decided" and e["player"] == 0 and e["kind"] == "number" for e in game.events_for(1))
    game.apply("3")
    revealed = [e for e in game.events_for(1) if e["type"] == "choices_revealed"]
    assert revealed and revealed[-1]["choices"] == [{"player": 0, "choice": "2"}, {"player": 1, "choice": "3"}]


def test_a_view_masks_every_card_the_seat_may_not_see():
    """GIVEN a Hearts game in progress WHEN seat 1 looks THEN it sees its own hand, the trick,
    and only the sizes of other hands; the deck is hidden from everyone."""
    game = Game(ruleset("hearts"), 4, seed=11)
    view = game.view(1)
    own = view["players"][1]["zones"]["hand"]
    assert own and all(own)
    for seat in (0, 2, 3):
        assert all(card is None for card in view["players"][seat]["zones"]["hand"])
    visible = {c for p in view["players"] for z in p["zones"].values() for c in z if c}
    assert visible == set(own)


def test_a_log_for_one_seat_never_holds_a_card_that_seat_could_not_see(tmp_path):
    """GIVEN a whole game logged for seat 2 THEN every card id in it was in seat 2's hand or
    played face up, never another player's unplayed or passed card."""
    game = Game(ruleset("hearts"), 4, seed=5)
    play(game, RandomAgent(5))
    log = tmp_path / "seat2.jsonl"
    write_log(game, log, seat=2)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["view"] == 2
    full = game.events
    public = {z.name for z in game.rules.zones if z.visibility == "public"}
    def is_public(key):
        return key is not None and key.split(".")[-1] in public
    seen_by_2 = {e["card"] for e in full if e["type"] == "moved" and (
        "p2." in f"{e['from']} {e['to']}" or is_public(e["to"]))}
    for event in lines[1:]:
        if event.get("card"):
            assert event["card"] in seen_by_2
        if event["type"] == "decided" and event["kind"] == "card" and event["player"] != 2:
            assert event["choice"] in seen_by_2     # another's chosen card, once it was played face up
    # passes made by others to others: seat 2 never learns them
    def unseen(e):
        return "p2." not in f"{e['from']} {e['to']}" and not is_public(e["to"]) and not is_public(e["from"])
    assert [e for e in full if e["type"] == "moved" and unseen(e)], "some cards moved out of seat 2's sight"
    assert all(e["card"] is None for e in lines[1:] if e["type"] == "moved" and unseen(e))
    with pytest.raises(ReplayMismatch, match="only a full log can be replayed"):
        replay(log)


@pytest.mark.slow
def test_replay_reproduces_a_game_and_detects_a_changed_event(tmp_path):
    game = Game(ruleset("black-maria"), 4, seed=9, options={"moon_rule": True})
    play(game, RandomAgent(1))
    log = tmp_path / "game.jsonl"
    write_log(game, log)
    assert replay(log).result == game.result
    lines = log.read_text().splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["type"] == "moved" and event["to"].endswith("taken"):
            event["to"] = "p0.taken" if event["to"] != "p0.taken" else "p1.taken"
            lines[i] = json.dumps(event)
            break
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayMismatch, match="differs"):
        replay(log)


def test_same_seed_and_decisions_give_the_same_game_event_by_event():
    a = Game(ruleset("hearts"), 5, seed=42)
    b = Game(ruleset("hearts"), 5, seed=42)
    play(a, FirstLegalAgent())
    play(b, FirstLegalAgent())
    assert a.events == b.events
    c = Game(ruleset("hearts"), 5, seed=43)
    play(c, FirstLegalAgent())
    assert c.events != a.events


def test_a_stacked_deck_deals_the_listed_cards_first(tmp_path):
    rules = tiny(tmp_path, """\
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 2)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
        """)
    game = Game(rules, 2, seed=1, stacked=[["AS", "KH", "QD", "JC"]])
    assert [c.id for c in game.cards_in(game.players[0].zones["hand"])] == ["AS", "QD"]
    assert [c.id for c in game.cards_in(game.players[1].zones["hand"])] == ["KH", "JC"]
    with pytest.raises(GameError, match="names cards that are not there"):
        Game(rules, 2, seed=1, stacked=[["AS", "ZZ"]])


def test_illegal_choice_ids_are_refused_with_the_legal_ones_listed():
    game = Game(ruleset("hearts"), 4, seed=2)
    with pytest.raises(ValueError, match="not a legal choice"):
        game.apply("XX")


def test_the_player_count_is_checked():
    with pytest.raises(GameError, match="3 to 6 players, not 2"):
        Game(ruleset("hearts"), 2)


def test_options_are_checked_when_a_game_starts():
    from interpreter import RulesetError
    with pytest.raises(RulesetError) as info:
        Game(ruleset("hearts"), 4, options={"target": "lots"})
    assert "option 'target': expected a whole number, not 'lots'" in str(info.value.diagnostics[0].message)
    with pytest.raises(RulesetError) as info:
        Game(ruleset("hearts"), 4, options={"targte": "50"})
    assert info.value.diagnostics[0].hint == "did you mean 'target'?"


ABILITIES = """\
    vars:
      player: {gold: 0}
    abilities:
      dig:
        label: Dig for gold
        when: "size(p.hand) > 0"
        do: "p.gold += 1"
      steal:
        label: Steal a coin
        when: "p.left.gold > 0"
        do:
          - choose: player
            player: p
            from: "players.filter(q, q != p and q.gold > 0)"
            as: victim
            then: "victim.gold -= 1; p.gold += 1"
      shield:
        when: "true"
        do: "disable(p.left, 'steal')"
    flow:
      - "shuffle(deck); deal(deck, players.map(p, p.hand), 2)"
      - repeat:
          - for_each: p
            in: players
            do:
              - "reset_uses(p)"
              - choose: value
                player: p
                from: usable(p)
                as: a
                then: {use: a, player: p}
        until: "players.any(p, p.gold >= 3)"
    result:
      score: "p.gold"
      winners: "players.filter(p, p.gold >= 3)"
    """


def test_abilities_are_offered_when_usable_and_can_be_disabled_by_another_player(tmp_path):
    """GIVEN dig, steal (needs a left neighbour with gold) and shield (disables the left
    neighbour's steal) WHEN players act THEN only usable abilities are offered, in order."""
    rules = tiny(tmp_path, ABILITIES)
    game = Game(rules, 2, seed=1)
    offered = lambda: [c.id for c in game.decision.choices]  # noqa: E731
    assert offered() == ["dig", "shield"]              # seat 0: nobody has gold to steal
    game.apply("dig")
    assert offered() == ["dig", "steal", "shield"]     # seat 1: its left neighbour (seat 0) has gold
    game.apply("dig")
    assert offered() == ["dig", "steal", "shield"]
    game.apply("shield")                               # seat 0 disables seat 1's steal
    assert game.decision.player == 1
    assert offered() == ["dig", "shield"]              # seat 0 has gold, but steal is disabled
    game.apply("dig")
    game.apply("steal")                                # seat 0 steals
    assert game.decision.kind == "player" and offered() == ["p1"]
    game.apply("p1")
    assert [game.vars_of(p)["gold"] for p in game.players] == [2, 1]
    assert any(e["type"] == "ability_used" and e["ability"] == "steal" for e in game.events)


def test_an_unknown_ability_name_is_caught_when_the_ruleset_loads(tmp_path):
    from interpreter import RulesetError
    with pytest.raises(RulesetError) as info:
        tiny(tmp_path, ABILITIES.replace("disable(p.left, 'steal')", "disable(p.left, 'stael')"))
    d = info.value.diagnostics[0]
    assert d.message == "no ability named 'stael'" and d.hint == "did you mean 'steal'?"


def test_move_to_top_keeps_the_order_listed(tmp_path):
    rules = tiny(tmp_path, """\
        flow:
          - "move_to_top([card('2C'), card('3C'), card('4C')], revealed)"
          - "move_to_top(card('AS'), revealed)"
          - choose: card
            player: player_at(0)
            from: revealed
        """)
    game = Game(rules, 2, seed=1)
    assert [c.id for c in game.cards_in(game.zones["revealed"])] == ["AS", "2C", "3C", "4C"]


def test_swap_fires_moved_triggers(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {moves: 0}}
        triggers:
          count:
            on: moved
            where: "target != deck"
            do: "moves += 1"
        flow:
          - "deal(deck, players.map(p, p.hand), 1)"
          - "moves = 0"
          - "swap(first(player_at(0).hand), first(player_at(1).hand))"
        result: {winners: "moves == 2 ? players : []"}
        """)
    assert Game(rules, 2, seed=1).result["winners"] == [0, 1]


def test_a_simultaneous_action_takes_effect_only_after_everyone_chose(tmp_path):
    """GIVEN each player picks an action at once WHEN seat 0 has picked THEN its action's
    effects have not happened, and seat 1 cannot learn seat 0's choice from the state."""
    rules = tiny(tmp_path, """\
        vars: {player: {bid: 0}}
        flow:
          - for_each: p
            in: players
            simultaneous: true
            do:
              - choose: action
                player: p
                actions:
                  high: {do: "p.bid = 2"}
                  low: {do: "p.bid = 1"}
        result: {score: "p.bid", winners: "players"}
        """)
    game = Game(rules, 2, seed=1)
    game.apply("high")
    assert [game.vars_of(p)["bid"] for p in game.players] == [0, 0]
    assert "high" not in json.dumps(game.events_for(1))
    game.apply("low")
    assert game.result["scores"] == [2, 1]


def test_a_hidden_cards_variable_is_seen_only_by_those_who_see_the_card(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {card: {named: ''}}
        flow:
          - "deal(deck, players.map(p, p.hand), 1)"
          - "first(player_at(0).hand).named = 'secret'"
          - "move(player_at(1).hand, revealed); first(revealed).named = 'open'"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
        """)
    game = Game(rules, 2, seed=1)
    secret = game.cards_in(game.players[0].zones["hand"])[0].id
    assert game.view(0)["cards"][secret] == {"named": "secret"}
    assert secret not in game.view(1)["cards"]
    assert "secret" not in json.dumps(game.events_for(1)) and "secret" in json.dumps(game.events_for(0))
    assert "open" in json.dumps(game.events_for(1))


def test_names_used_twice_and_a_missing_game_zone_are_load_errors(tmp_path):
    from interpreter import RulesetError
    with pytest.raises(RulesetError) as info:
        tiny(tmp_path, """\
            options: {table: {type: int, default: 1}}
            flow: ["move(deck, table)"]
            """)
    d = info.value.diagnostics[0]
    assert "'table' is both an option and a zone" in d.message and d.span.line > 1
    path = tmp_path / "nogame.yaml"
    path.write_text("version: 1\nname: X\nplayers: {min: 2}\ndeck: {standard: true}\n"
                    "zones:\n  hand: {owner: player, visibility: owner}\nflow: ['move(all_cards, player_at(0).hand)']\n")
    with pytest.raises(RulesetError, match="no zone belongs to the game"):
        load_ruleset(path)


def test_a_conditions_candidate_independent_parts_are_hoisted_without_changing_its_meaning(tmp_path):
    """GIVEN a `where` whose parts do not depend on the candidate (hoisted: computed once per
    listing) WHEN the options are listed THEN they are exactly those the plain meaning gives:
    short-circuits still guard a part that would fail, and one function inlined twice with
    different arguments keeps both values apart."""
    rules = tiny(tmp_path, """\
        functions:
          top_rank:
            params: {p: player, c: card}
            value: "c.rank >= p.hand.max(x, x.rank)"
          led: "first(revealed).suit"
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 5)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            as: c
            where: |
              (empty(revealed) or c.suit == led)
              and (top_rank(player_at(0), c) or top_rank(player_at(1), c))
              and player_at(0).hand.any(y, y.suit == c.suit)
        """)
    game = Game(rules, 2, seed=4)
    mine, theirs = game.cards_in(game.players[0].zones["hand"]), game.cards_in(game.players[1].zones["hand"])
    best_mine, best_theirs = max(c.attrs["rank"] for c in mine), max(c.attrs["rank"] for c in theirs)
    expected = [c.id for c in mine if c.attrs["rank"] >= best_mine or c.attrs["rank"] >= best_theirs]
    assert [c.id for c in game.decision.choices] == expected


def test_nested_macros_in_a_condition_see_the_candidate_and_each_others_items(tmp_path):
    """GIVEN a `where` whose macros nest, read the candidate and the outer item, shadow the
    candidate's name, and call functions of cards (written in place, and called with an env of
    their own) WHEN the options are listed THEN they are those the plain meaning gives."""
    rules = tiny(tmp_path, """\
        functions:
          same_suit:
            params: {a: card, b: card}
            value: "a.suit == b.suit"
          above:
            params: {a: card, n: int}
            value: "players.any(q, q.hand.any(c, c.rank == a.rank + n))"
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 8)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            as: c
            where: |
              player_at(1).hand.any(y, player_at(0).hand.any(z, same_suit(z, c) and z.rank < y.rank
                                                          and same_suit(first([y, c]), y)))
              and player_at(0).hand.all(c, c.rank > 0)
              and (above(c, 1) or player_at(1).hand.count(y, same_suit(first([c]), y)) >= 2)
        """)
    game = Game(rules, 2, seed=7)
    mine, theirs = game.cards_in(game.players[0].zones["hand"]), game.cards_in(game.players[1].zones["hand"])
    everyone = mine + theirs
    rank, suit = (lambda card: card.attrs["rank"]), (lambda card: card.attrs["suit"])
    expected = [c.id for c in mine
                if any(suit(z) == suit(c) and rank(z) < rank(y) for y in theirs for z in mine)
                and (any(rank(x) == rank(c) + 1 for x in everyone)
                     or sum(suit(y) == suit(c) for y in theirs) >= 2)]
    assert 0 < len(expected) < len(mine)   # the condition tells cards apart
    assert [c.id for c in game.decision.choices] == expected


def test_a_functions_parameters_are_seen_inside_its_loops_and_shadowed_by_an_item(tmp_path):
    """GIVEN functions whose parameters are read inside nested macros, passed on to a function
    written in place, and shadowed by a macro's item of the same name WHEN they are called (with
    a memo, with an env of their own, written in place) THEN each name means what it says."""
    rules = tiny(tmp_path, """\
        functions:
          beats:
            params: {c: card, d: card}
            value: "d.suit == c.suit and d.rank > c.rank"
          beaten:
            params: {p: player, c: card, n: int}
            value: "p.hand.count(d, players.any(q, q.hand.any(e, beats(c, e) and beats(c, d)))) + n"
          shadowed:
            params: {p: player, c: card}
            value: "p.hand.count(c, c.rank > 10) * 100 + c.rank"
          above:
            params: {p: player, n: int}
            value: "p.hand.count(x, players.all(q, q.hand.count(y, y.rank > x.rank) >= n))"
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 10)"
        """)
    game = Game(rules, 3, seed=5)
    p, c = game.players[0], min(game.cards_in(game.players[1].zones["hand"]), key=lambda card: card.attrs["rank"])
    hands = [game.cards_in(q.zones["hand"]) for q in game.players]
    rank, suit = (lambda card: card.attrs["rank"]), (lambda card: card.attrs["suit"])
    beats = lambda a, b: suit(b) == suit(a) and rank(b) > rank(a)  # noqa: E731

    def value(text):
        fn, _ = rules.compile(text, scope={"p": "player", "c": "card"})
        return fn(game, {"p": p, "c": c})

    beaten = sum(any(beats(c, e) and beats(c, d) for h in hands for e in h) for d in hands[0]) + 7
    assert beaten > 7
    assert value("beaten(p, c, 7)") == value("beaten(p, first([c]), 7)") == beaten
    shadowed = sum(rank(x) > 10 for x in hands[0]) * 100 + rank(c)
    assert value("shadowed(p, c)") == value("shadowed(p, first([c]))") == shadowed
    above = sum(all(sum(rank(y) > rank(x) for y in h) >= 2 for h in hands) for x in hands[0])
    assert 0 < above < 10
    assert value("above(p, 2)") == above


def test_a_function_call_leaves_the_callers_env_as_it_was():
    """GIVEN a function of a card called with a computed argument (no memo, not written in
    place) WHEN it runs THEN its parameters live in an env of its own, not in the caller's."""
    rules = ruleset("hearts")
    game = Game(rules, 4, seed=1)
    fn, _ = rules.compile("is_penalty(first(all_cards)) or p.seat > 0", scope={"p": "player"})
    env = {"p": game.players[0]}
    fn(game, env)
    assert env == {"p": game.players[0]}


def test_an_expression_that_goes_through_too_many_items_meets_the_step_limit(tmp_path):
    """GIVEN nested collection macros over long lists (10^8 items) WHEN evaluated THEN the game
    stops at its step limit with the expression's position, instead of running for hours."""
    rules = tiny(tmp_path, """\
        vars: {game: {ok: false}}
        flow:
          - "ok = range(0, 10000).all(x, range(0, 10000).all(y, x >= 0))"
        """)
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1, max_steps=100_000)
    assert info.value.code == "step-limit" and "too many items" in str(info.value)
    assert info.value.span.line == line_of(tmp_path / "tiny.yaml", "range(0, 10000)")


def test_a_trigger_with_to_hears_only_moves_into_that_zone(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {into_hands: 0, into_revealed: 0}}
        triggers:
          hands:
            on: moved
            to: hand
            do: "into_hands += 1"
          shown:
            on: moved
            to: revealed
            where: "card.rank > 1"
            do: "into_revealed += 1"
        flow:
          - "deal(deck, players.map(p, p.hand), 3)"
          - "move(player_at(0).hand, revealed)"
        result: {score: "p.seat == 0 ? into_hands : into_revealed", winners: "players"}
        """)
    assert Game(rules, 2, seed=1).result["scores"] == [6, 3]
    from interpreter import RulesetError
    with pytest.raises(RulesetError) as info:
        tiny(tmp_path, """\
            triggers:
              t: {on: moved, to: hnad, do: "announce('x')"}
            flow: ["move(first(deck), revealed)"]
            """, name="bad.yaml")
    assert info.value.diagnostics[0].message == "no zone named 'hnad'"
    assert info.value.diagnostics[0].hint == "did you mean 'hand'?"


def test_functions_that_read_no_changing_state_are_computed_once_per_game():
    """Only options, players and the cards in play: fixed for the game. Anything reading a
    variable, a zone, where a card lies or an ability is recomputed as the state changes."""
    functions = ruleset("hearts").symbols.functions
    assert not functions["lowest_club"].dynamic        # a filter of all_cards by attributes
    assert not functions["penalty_cards"].dynamic      # ... through inlined functions and options
    assert functions["pass_offset"].dynamic            # reads hand_number
    assert functions["first_leader"].dynamic           # holder(): where a card lies now
    assert functions["led_suit"].dynamic               # reads the trick zone
    game = Game(ruleset("hearts"), 4, seed=3)
    assert game.static == {} or set(game.static) <= {"lowest_club", "penalty_cards", "moon_points"}


def test_a_shuffle_deals_what_the_standard_shuffle_deals():
    """GIVEN generators of many seeds and lists of every length a deck takes WHEN the engine's
    shuffle and `random.Random.shuffle` shuffle them THEN the orders and the generators' states
    afterwards are the same (a seed deals the same cards as before the shortcut)."""
    import random

    from interpreter.engine.shuffling import shuffle

    for seed in range(300):
        for size in (0, 1, 2, 3, 13, 32, 52, 54, 104):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b and ours.getstate() == theirs.getstate(), (seed, size)
