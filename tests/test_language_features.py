"""The language beyond the seven games: nested values and tuples (with choice ids that keep the
nesting), `let` and `break` steps, number choices with `where:`, labelled options, variables that
start unset, and the messages that point a designer to the way this language says a thing."""
from __future__ import annotations

import re
import textwrap

import pytest

from interpreter import Game, GameError, load_ruleset
from interpreter.agents.basic import RandomAgent, play
from interpreter.logs import replay, write_log
from interpreter.compile.ruleset import check_ruleset
from tests.test_engine import HEADER, line_of


def write(tmp_path, body: str, name: str = "tiny.yaml", header: str = HEADER):
    path = tmp_path / name
    path.write_text(header + textwrap.dedent(body), encoding="utf-8")
    return path


def tiny(tmp_path, body: str, **kw):
    return load_ruleset(write(tmp_path, body, **kw))


def diagnostics(tmp_path, body: str, **kw):
    """Every diagnostic but the warnings about zones of the shared header that a test leaves unused."""
    _, found = check_ruleset(write(tmp_path, body, **kw))
    return [(d.severity, d.code, d.message, d.hint) for d in found if d.code != "unused"]


# -- nested values and tuples ---------------------------------------------------------------
MELDS = """\
vars:
  game:
    laid: {type: "list<list<card>>"}
    summary: {type: "tuple<list<card>, int>"}
functions:
  arrangements:
    params: {cards: "list<card>"}
    value: "[[[cards[0], cards[1]], [cards[2]]], [[cards[0]], [cards[1], cards[2]]]]"
flow:
  - "shuffle(deck); draw(deck, player_at(0).hand, 3)"
  - choose: value
    player: player_at(0)
    from: arrangements(player_at(0).hand)
    as: melds
    then: "laid = melds; summary = (flatten(melds), size(melds)); move(flatten(melds), table)"
"""


def test_two_arrangements_of_the_same_cards_have_different_ids_and_the_chosen_one_is_applied(tmp_path):
    """GIVEN a choice between [[A,B],[C]] and [[A],[B,C]] (the same three cards)
    WHEN the second id is applied THEN the ids differ, keep the groups, and the second arrangement is bound."""
    rules = tiny(tmp_path, MELDS)
    game = Game(rules, 2, seed=1, stacked=[["AS", "KS", "QS"]])
    ids = [c.id for c in game.decision.choices]
    assert ids == ["(AS+KS)+(QS)", "(AS)+(KS+QS)"]
    assert [c.label for c in game.decision.choices] == ["[A♠ K♠] [Q♠]", "[A♠] [K♠ Q♠]"]
    game.apply("(AS)+(KS+QS)")
    assert [[c.id for c in meld] for meld in game.vars["laid"]] == [["AS"], ["KS", "QS"]]
    assert [c.id for c in game.vars["summary"][0]] == ["AS", "KS", "QS"] and game.vars["summary"][1] == 2
    assert {"type": "set", "var": "laid", "value": [["AS"], ["KS", "QS"]]} in game.events


def test_a_game_with_nested_choices_replays_event_by_event(tmp_path):
    """GIVEN a logged game whose decision chose a list of lists WHEN replayed THEN every event matches."""
    rules = tiny(tmp_path, MELDS)
    game = Game(rules, 2, seed=4)
    game.apply(game.decision.choices[1].id)
    log = tmp_path / "game.jsonl"
    write_log(game, log)
    assert replay(log).events == game.events


def test_nested_and_tuple_types_are_checked_where_declared_and_used(tmp_path):
    """GIVEN variables of nested and tuple types WHEN a value of another shape is assigned, or a type
    is misspelt THEN each is an error at its place."""
    found = diagnostics(tmp_path, """\
        vars:
          game:
            sets: {type: "list<list<card>>"}
            pair: {type: "tuple<card, int>"}
            bad: {type: "list<lisst<card>>"}
        flow:
          - "sets = [first(deck)]"
          - "pair = (1, first(deck))"
          - "sets = [[first(deck)]]; pair = (first(deck), 1); bad = 1"
        """)
    assert ("error", "type", "unknown type 'list<lisst<card>>'", "did you mean 'list<list<card>>'?") in found
    assert ("error", "type", "cannot assign list<card> to a list<list<card>> variable", None) in found
    assert ("error", "type", "cannot assign tuple<int, card> to a tuple<card, int> variable", None) in found
    assert len([d for d in found if d[0] == "error"]) == 3


def test_functions_and_procedures_take_nested_parameters(tmp_path):
    """GIVEN a function of a list<list<card>> and a procedure of a tuple WHEN a game runs
    THEN the values flow through them."""
    rules = tiny(tmp_path, """\
        vars: {game: {largest: 0, noted: ""}}
        functions:
          biggest:
            params: {sets: "list<list<card>>"}
            value: "sets.max(s, size(s))"
        procedures:
          note:
            params: {entry: "tuple<str, int>"}
            do: "noted = entry[0] + '=' + text(entry[1])"
        flow:
          - "draw(deck, player_at(0).hand, 5)"
          - "largest = biggest([take(player_at(0).hand, 2), take(player_at(0).hand, 4), []])"
          - {call: note, with: {entry: "('largest', largest)"}}
        """)
    game = Game(rules, 2, seed=3)
    assert game.over and game.vars["largest"] == 4 and game.vars["noted"] == "largest=4"


# -- let and break ---------------------------------------------------------------------------
def test_let_names_a_value_for_the_steps_after_it(tmp_path):
    """GIVEN a `let:` step binding two names (the second using the first) WHEN the steps after it
    run THEN they read both, and a name bound by let cannot be assigned."""
    rules = tiny(tmp_path, """\
        vars: {game: {result: 0}}
        flow:
          - "shuffle(deck); draw(deck, player_at(0).hand, 4)"
          - let:
              best: "player_at(0).hand.max_by(c, c.rank)"
              doubled: "best.rank * 2"
          - "result = doubled; move(best, table)"
        """)
    game = Game(rules, 2, seed=5, stacked=[["3C", "KD", "9H", "2S"]])
    assert game.vars["result"] == 26 and [c.id for c in game.cards_in(game.zones["table"])] == ["KD"]


def test_let_names_are_checked(tmp_path):
    """GIVEN a let used before it binds, a let that hides a global, and an assignment to a let name
    WHEN validated THEN each is an error."""
    path = write(tmp_path, """\
        vars: {game: {n: 0}}
        flow:
          - "n = later"
          - let: {later: "1", players: "2"}
          - "later = 3"
        """)
    _, found = check_ruleset(path)
    messages = [d.message for d in found if d.severity == "error"]
    assert "unknown name 'later'" in messages
    assert "'players' is already a builtin name; pick another name for the value" in messages
    assert "'later' is bound by a loop or choice and cannot be assigned" in messages


BIDDING = """\
vars: {game: {taker: -1, asked: 0}}
flow:
  - phase: bidding
    do:
      - for_each: p
        in: players
        do:
          - "asked += 1"
          - choose: action
            player: p
            actions:
              take: "taker = p.seat"
              pass: []
          - if: "taker >= 0"
            then: break
  - "announce('asked ' + text(asked))"
"""


def test_break_leaves_a_bidding_round_at_the_first_taker(tmp_path):
    """GIVEN four players asked in turn WHEN the second one takes THEN nobody after is asked,
    and the phase around the loop still ends."""
    rules = tiny(tmp_path, BIDDING)
    game = Game(rules, 4, seed=1)
    game.apply("pass")
    game.apply("take")
    assert game.over and game.vars["taker"] == 1 and game.vars["asked"] == 2
    kinds = [e["type"] for e in game.events]
    assert kinds.index("phase_ended") < kinds.index("announced")


def test_break_leaves_a_while_loop_and_a_plain_loop(tmp_path):
    """GIVEN `while: true` loops (one with a decision, one without) ending by `break`
    WHEN run THEN each stops where the break is reached."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: 0, m: 0}}
        flow:
          - while: "true"
            do:
              - "n += 1"
              - if: "n == 3"
                then: break
          - repeat:
              - choose: number
                player: player_at(0)
                min: 0
                max: 1
                as: again
                then: "m += 1"
              - if: "m >= 2"
                then: [break]
            until: "false"
        """)
    game = Game(rules, 2, seed=1)
    game.apply("1")
    game.apply("0")
    assert game.over and game.vars["n"] == 3 and game.vars["m"] == 2


def test_break_from_inside_a_phase_and_a_choice_ends_the_phase_first(tmp_path):
    """GIVEN a loop whose turn is a phase, in which a player chooses, and the choice's `then`
    breaks WHEN the second turn's choice breaks THEN the phase of that turn ends (its event, its
    trigger) before the steps after the loop run, and no third turn starts."""
    rules = tiny(tmp_path, """\
        vars: {game: {turns: 0, ended: 0}}
        triggers:
          count_ends:
            on: phase_ended
            do: "ended += 1"
        flow:
          - repeat:
              - phase: turn
                do:
                  - "turns += 1"
                  - choose: action
                    player: player_at(0)
                    actions:
                      stop: []
                      go: []
                    as: said
                    then:
                      - if: "said == 'stop'"
                        then: break
            until: "false"
          - "announce('after ' + text(turns) + ' turns, ' + text(ended) + ' ended')"
        """)
    game = Game(rules, 2, seed=1)
    game.apply("go")
    game.apply("stop")
    assert game.over and game.vars["turns"] == 2 and game.vars["ended"] == 2
    kinds = [e["type"] for e in game.events]
    assert kinds.count("phase_started") == 2 and kinds.count("phase_ended") == 2
    assert kinds.index("announced") > len(kinds) - 1 - kinds[::-1].index("phase_ended")


def test_break_outside_a_loop_and_break_in_statements_are_errors_that_say_what_to_write(tmp_path):
    """GIVEN `break` with no loop around it, in a procedure called from a loop, inside a statement
    string, and a `continue` WHEN validated THEN each message says what to write instead."""
    path = write(tmp_path, """\
        vars: {game: {n: 0}}
        procedures:
          stop: [break]
        flow:
          - break
          - for_each: p
            in: players
            do:
              - {call: stop}
              - "n += 1; break"
              - "continue"
        """)
    _, found = check_ruleset(path)
    errors = [(d.code, d.message, d.span.line) for d in found if d.severity == "error"]
    outside = ("'break' leaves a for_each, while or repeat loop, and no loop encloses it here "
               "(a procedure cannot leave its caller's loop)")
    assert ("break", outside, line_of(path, "stop: [break]")) in errors
    assert ("break", outside, line_of(path, "- break")) in errors
    assert ("syntax", "'break' is a step of its own: write '- break' alone in the step list; it leaves "
            "the innermost for_each, while or repeat", line_of(path, "n += 1; break")) in errors
    assert ("syntax", "there is no 'continue'; put the rest of the loop's steps under an 'if:' step "
            "(or in its 'else:')", line_of(path, '"continue"')) in errors


# -- number choices with where, labelled options --------------------------------------------
def test_a_number_choice_with_where_leaves_out_the_numbers_the_rule_forbids(tmp_path):
    """GIVEN the last bidder, who may not make the bids add up to the number of tricks (5)
    WHEN they bid after bids of 2 and 1 THEN 2 is not legal, and a label names each bid."""
    rules = tiny(tmp_path, """\
        vars: {game: {bids: 3, bid: -1}}
        flow:
          - choose: number
            player: player_at(1)
            min: 0
            max: 5
            where: "bids + n != 5"
            labels: "n == 0 ? 'nil' : text(n) + ' tricks'"
            as: n
            then: "bid = n"
        """)
    game = Game(rules, 2, seed=1)
    d = game.decision
    assert list(d.options) == [0, 1, 3, 4, 5]
    assert [(c.id, c.label) for c in d.choices] == [("0", "nil"), ("1", "1 tricks"), ("3", "3 tricks"),
                                                     ("4", "4 tricks"), ("5", "5 tricks")]
    with pytest.raises(ValueError, match="'2' is not a legal number here: choose one of 0, 1, 3, 4, 5"):
        game.apply("2")
    game.apply("4")
    assert game.vars["bid"] == 4


def test_value_options_carry_labels_but_keep_their_ids(tmp_path):
    """GIVEN a choice of a trump suit with labels WHEN listed THEN ids are the values, labels the texts."""
    rules = tiny(tmp_path, """\
        vars: {game: {trump: ""}}
        flow:
          - choose: value
            player: player_at(0)
            from: "['clubs', 'hearts']"
            labels: "'trump: ' + s"
            as: s
            then: "trump = s"
        """)
    game = Game(rules, 2, seed=1)
    assert [(c.id, c.label) for c in game.decision.choices] == [("clubs", "trump: clubs"),
                                                                 ("hearts", "trump: hearts")]
    game.apply("hearts")
    assert game.vars["trump"] == "hearts"


def test_labels_on_an_action_choice_points_to_each_actions_label(tmp_path):
    found = diagnostics(tmp_path, """\
        flow:
          - choose: action
            player: player_at(0)
            labels: "'x'"
            actions: {go: []}
        """)
    assert ("error", "unknown-key", "'labels' does not apply to 'choose: action'",
            "give each action its own 'label'") in found


# -- variables that start unset --------------------------------------------------------------
def test_a_card_variable_starts_unset_and_reading_it_early_is_a_clear_error(tmp_path):
    """GIVEN a card variable with no `initial` WHEN it is read before being set THEN the game
    stops with an `unset` error at the reading expression; once set, it reads normally."""
    path = write(tmp_path, """\
        vars:
          game: {chosen: {type: card}, n: 0}
        flow:
          - if: "n == 1"
            then: "chosen = first(deck)"
          - "n = chosen.rank"
        """)
    rules = load_ruleset(path)
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1)
    assert info.value.code == "unset" and info.value.message == "variable 'chosen' is read before it is set"
    assert info.value.span.line == line_of(path, "n = chosen.rank")


# -- messages --------------------------------------------------------------------------------
def test_a_misspelt_key_inside_a_simultaneous_step_is_reported_at_the_key(tmp_path):
    path = write(tmp_path, """\
        flow:
          - for_each: p
            in: players
            simultaneous: true
            do:
              - choose: card
                player: p
                from: p.hand
                thne: "move(choice, table)"
        """)
    _, found = check_ruleset(path)
    assert [(d.code, d.message, d.hint, d.span.line) for d in found] == [
        ("unknown-key", "unknown key 'thne' in a 'choose' step", "did you mean 'then'?", line_of(path, "thne"))]


def test_a_file_without_version_is_an_error(tmp_path):
    found = diagnostics(tmp_path, "flow: []\n", header=HEADER.replace("version: 1\n", ""))
    assert ("error", "version", "the file has no 'version: 1' (every ruleset file starts with it, so that "
            "a later format can tell it apart)", None) in found


def test_an_int_option_default_written_as_text_is_an_error(tmp_path):
    found = diagnostics(tmp_path, """\
        options:
          target: {type: int, default: "5"}
        flow: "announce(text(target))"
        """)
    assert ("error", "option-value", "default of option 'target': expected a whole number, not the text "
            "'5' (write it without quotes)", None) in found


def test_a_function_named_like_a_card_attribute_is_warned(tmp_path):
    found = diagnostics(tmp_path, """\
        functions:
          rank:
            params: {c: card}
            value: "c.rank * 2"
        flow: "announce(text(rank(first(deck))))"
        """)
    assert found == [("warning", "shadow", "function 'rank' has the name of a card attribute: 'c.rank' reads "
                      "the attribute, 'rank(c)' calls the function", "give the function another name")]


def test_comparing_an_attribute_with_a_value_no_card_has_is_warned(tmp_path):
    """GIVEN `c.suit == 'heart'` (the deck says 'hearts') WHEN validated THEN a warning with the fix."""
    path = write(tmp_path, """\
        flow: "move(deck.filter(c, c.suit == 'heart'), table)"
        """)
    found = [d for d in check_ruleset(path)[1] if d.code != "unused"]
    assert [(d.severity, d.code, d.message, d.hint) for d in found] == [
        ("warning", "attribute-value", "no card has suit 'heart', so this is never true", "did you mean 'hearts'?")]
    assert found[0].span.column == len('flow: "move(deck.filter(c, c.suit == ') + 1


def test_yaml_mistakes_come_with_the_usual_cause(tmp_path):
    """GIVEN an unquoted ': ' in a value, and a tab WHEN read THEN the hint says how to write it."""
    colon = tmp_path / "colon.yaml"
    colon.write_text(HEADER + "flow:\n  - if: true\n    then: announce('Score: ' + text(1))\n")
    tab = tmp_path / "tab.yaml"
    tab.write_text(HEADER + "flow:\n\t- \"announce('x')\"\n")
    (c,) = check_ruleset(colon)[1]
    (t,) = check_ruleset(tab)[1]
    assert c.code == "yaml-syntax" and "put the whole value in quotes" in c.hint
    assert t.code == "yaml-syntax" and t.hint == "YAML indents with spaces, never tabs: replace the tab with spaces"


def test_random_games_with_the_new_steps_finish(tmp_path):
    """GIVEN the bidding ruleset WHEN random bots play many seeds THEN every game ends."""
    rules = tiny(tmp_path, BIDDING)
    for seed in range(30):
        game = Game(rules, 4, seed=seed)
        play(game, [RandomAgent(seed + s) for s in range(4)])
        assert game.over and 1 <= game.vars["asked"] <= 4


# -- decks -------------------------------------------------------------------------------------
def deck_of(tmp_path, deck: str, extra: str = "flow: []\n"):
    header = HEADER.replace("deck: {standard: true}\n", deck)
    return tiny(tmp_path, extra, header=header)


def test_a_32_card_deck_keeps_the_ranks_listed(tmp_path):
    rules = deck_of(tmp_path, "deck: {standard: true, ranks: [7, 8, 9, 10, 11, 12, 13, 14]}\n")
    assert len(rules.cards) == 32 and {c.attrs["rank"] for c in rules.cards} == set(range(7, 15))
    rules = deck_of(tmp_path, "deck: {standard: true, ranks: [9, 10, 11, 12, 13, 14], suits: [hearts, spades]}\n")
    assert [c.id for c in rules.cards][:3] == ["9H", "TH", "JH"] and len(rules.cards) == 12


def test_a_40_card_deck_is_generated_from_attribute_values(tmp_path):
    """GIVEN `generate:` with four suits and ten ranks WHEN loaded THEN 40 cards, ids from the template."""
    rules = deck_of(tmp_path, """\
        deck:
          attributes: {number: int, suit: str}
          generate: {suit: [coins, cups, swords, batons], number: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}
          id: "{number}-{suit}"
        """.replace("        ", ""))
    assert len(rules.cards) == 40 and rules.cards[0].id == "1-coins" and rules.cards[-1].id == "10-batons"


def test_values_give_a_rank_order_where_two_is_highest_and_points_by_map(tmp_path):
    rules = deck_of(tmp_path, """\
        deck:
          standard: true
          values:
            power: {of: rank, order: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2]}
            points: {of: rank, map: {11: 10, 12: 10, 13: 10, 14: 11}}
            suit_power: {of: suit, order: [diamonds, clubs, hearts, spades]}
        """.replace("        ", ""), extra="""\
        vars: {game: {top: ""}}
        flow: "top = all_cards.max_by(c, c.power * 10 + c.suit_power).id"
        """)
    by_id = {c.id: c.attrs for c in rules.cards}
    assert (by_id["2C"]["power"], by_id["3C"]["power"], by_id["AC"]["power"]) == (13, 1, 12)
    assert (by_id["KH"]["points"], by_id["AH"]["points"], by_id["7H"]["points"]) == (10, 11, 7)
    assert Game(rules, 2, seed=1).vars["top"] == "2S"


def test_a_shoe_of_six_decks_has_six_copies_of_every_card(tmp_path):
    rules = deck_of(tmp_path, "deck: {standard: true, copies: 6}\n")
    ids = [c.id for c in rules.cards]
    assert len(ids) == 312 and len(set(ids)) == 312 and ids.count("QS") == 1 and "QS#6" in ids


def test_deck_mistakes_are_reported_at_their_place(tmp_path):
    found = diagnostics(tmp_path, "flow: []\n", header=HEADER.replace("deck: {standard: true}\n", """\
deck:
  standard: true
  ranks: [2, 3, 15]
  values:
    power: {of: rank, order: [3, 4, 5]}
    weight: {of: size, map: {1: 2}}
"""))
    assert ("error", "enum", "the standard deck has no rank 15", "ranks of the standard deck are 2 to 14 (the ace)") in found
    assert ("error", "missing-key", "the order of 'power' leaves out rank 2", None) in found
    assert ("error", "unknown-name", "'of' names the attribute a value is derived from; cards have no 'size'",
            None) in found


# -- cost: functions of lists are remembered like functions of players --------------------------
def test_a_function_of_a_list_of_cards_is_computed_once_per_state(tmp_path):
    """GIVEN a function of a list<card> that goes through the hand, called once per player in one
    expression WHEN evaluated THEN its body ran once (its items counted once), not once per call."""
    rules = tiny(tmp_path, """\
        vars: {game: {ok: false}}
        functions:
          clubs:
            params: {cards: "list<card>"}
            value: "cards.count(c, c.suit == 'clubs')"
        flow:
          - "shuffle(deck); draw(deck, player_at(0).hand, 13)"
          - "ok = players.all(q, clubs(player_at(0).hand) >= 0)"
        """)
    # (the argument reads q, so it is computed for each q: one that did not would be kept once
    # for all of them, and the memo not needed)
    fn, _ = rules.compile("players.all(q, clubs(player_at(q.seat * 0).hand.map(c, c)) >= 0)")
    game = Game(rules, 4, seed=2)
    before = game.steps
    assert fn(game, {}) is True
    # 4 players: the map and the body's count each go through 13 cards once per call, but the
    # body runs only the first time (the memo keys the list by its cards)
    assert game.steps - before == 4 + 4 * 13 + 13


def test_remembered_calls_are_keyed_by_every_argument(tmp_path):
    """GIVEN functions of a player, a list, a list of lists and a number, called in one state
    with arguments that differ in one place each (another player, other cards, a zone for a
    list, the same cards in another nesting, an argument computed by a call) WHEN evaluated
    THEN each call has its own value: no two keys are confused, and an argument computed once
    is the one the body reads."""
    rules = tiny(tmp_path, """\
        functions:
          weigh:
            params: {p: player, cards: "list<card>", k: int}
            value: "size(cards) * k + p.seat * 1000"
          shape:
            params: {sets: "list<list<card>>", k: int}
            value: "sets.sum(s, size(s)) * k + size(sets)"
          hand_of:
            params: {p: player}
            value: "p.hand"
        flow:
          - "draw(deck, player_at(0).hand, 5); draw(deck, player_at(1).hand, 2)"
        """)
    game = Game(rules, 2, seed=4)
    expressions = {
        "weigh(player_at(0), player_at(0).hand, 3)": 15,
        "weigh(player_at(1), player_at(0).hand, 3)": 1015,
        "weigh(player_at(0), take(player_at(0).hand, 2), 3)": 6,
        "weigh(player_at(0), player_at(1).hand, 3)": 6,
        "weigh(player_at(0), hand_of(player_at(1)), 2)": 4,
        "weigh(player_at(0), player_at(0).hand, 2)": 10,
        "shape([take(player_at(0).hand, 2), take(player_at(0).hand, 3)], 1)": 7,
        "shape([take(player_at(0).hand, 5)], 1)": 6,
        "shape([take(player_at(0).hand, 2), take(player_at(0).hand, 3)], 2)": 12,
    }
    fn, _ = rules.compile("[" + ", ".join(expressions) + "]")
    assert fn(game, {}) == list(expressions.values())


def test_a_function_whose_body_is_one_loop_is_that_loop(tmp_path):
    """GIVEN functions whose bodies are one loop (over a zone, over two lists joined, reading a
    parameter inside) WHEN compiled and called THEN each is its loop, with no helper called
    between, and gives the loop's values; an error inside still names its rule."""
    rules = tiny(tmp_path, """\
        functions:
          high:
            params: {p: player, least: int}
            value: "p.hand.count(c, c.rank >= least)"
          any_of:
            params: {p: player, suit: str}
            value: "(p.hand + table).any(c, c.suit == suit)"
          led:
            params: {p: player}
            value: "p.hand.map(c, first(table).rank)"
        flow:
          - "shuffle(deck); draw(deck, player_at(0).hand, 5)"
        """)
    game = Game(rules, 2, seed=4, stacked=[["KD", "2C", "QH", "3S", "AC"]])
    fn, _ = rules.compile("[high(player_at(0), 12), any_of(player_at(0), 'hearts') ? 1 : 0, "
                          "any_of(player_at(0), 'spades') ? 1 : 0, any_of(player_at(1), 'clubs') ? 1 : 0]")
    assert fn(game, {}) == [3, 1, 1, 0]
    path = tmp_path / "tiny.yaml"
    for needle in ("p.hand.count", "(p.hand + table)", "p.hand.map"):
        line = line_of(path, needle)
        source = next(text for text in rules.generated if f"tiny.yaml:{line}:" in text.split("\n", 1)[0])
        entry = source[source.index("def _entry("):]
        assert "for " in entry and "_m" not in entry.split("\n", 1)[1], entry
    with pytest.raises(GameError) as info:
        rules.compile("led(player_at(0))")[0](game, {})
    assert "first() of an empty list" in str(info.value) and info.value.span.line == line_of(path, "p.hand.map")


def test_dealing_a_zone_into_itself_is_an_error_at_the_rule(tmp_path):
    """GIVEN deal_all() whose receiving zones include its source WHEN it runs THEN the game stops
    with an error at the rule's position, instead of dealing for ever."""
    path = tmp_path / "tiny.yaml"
    path.write_text(HEADER + textwrap.dedent("""\
        flow:
          - "deal_all(deck, [table, deck])"
        """), encoding="utf-8")
    with pytest.raises(GameError) as caught:
        Game(load_ruleset(path), 2, seed=1)
    assert "into itself" in str(caught.value)
    assert caught.value.span.line == line_of(path, "deal_all(")


def test_a_call_that_reads_nothing_a_game_changes_is_computed_once_per_game(tmp_path):
    """GIVEN a step that goes through the whole deck by attributes only (no variable, zone or
    bound name) WHEN it runs on every turn of a loop THEN its value is computed once and kept
    as the game's own (a second game starts without it)."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: 0}}
        flow:
          - repeat: "n += size(all_cards.filter(c, c.rank > 10))"
            until: "n >= 48"
        """)
    # the deck's 52 cards are gone through once: three times would be more than the budget
    game = Game(rules, 2, seed=1, max_steps=120)
    assert game.over and game.vars["n"] == 48         # 3 turns of the 16 jacks, queens, kings and aces
    assert 16 in game.static.values()
    other = Game(rules, 2, seed=2, max_steps=120)     # ... and each game computes it for itself
    assert other.over and other.static is not game.static and 16 in other.static.values()


def test_a_choice_decided_by_a_part_the_same_for_every_candidate_asks_it_only_with_candidates(tmp_path):
    """GIVEN a `where` that picks between two conditions by a part that fails on an empty table
    (the first card of it) WHEN there are no candidates THEN that part is never computed and
    `if_none` runs; WHEN there are THEN it is, once, and picks the condition that lists them."""
    rules = tiny(tmp_path, """\
        vars: {game: {none: 0, high: 0}}
        flow:
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            where: "first(table).rank > 10 ? c.rank > 10 : c.rank <= 10"
            as: c
            if_none: "none += 1"
          - "shuffle(deck); draw(deck, player_at(0).hand, 13); draw(deck, table, 1)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            where: "first(table).rank > 10 ? c.rank > 10 : c.rank <= 10"
            as: c
            then: "high = c.rank"
        """)
    game = Game(rules, 2, seed=1)
    assert game.vars["none"] == 1
    face = game.cards_in(game.zones["table"])[0].attrs["rank"]
    offered = [c.attrs["rank"] for c in game.decision.options]
    assert offered and all((rank > 10) == (face > 10) for rank in offered)
    assert len(offered) == sum((c.attrs["rank"] > 10) == (face > 10) for c in game.cards_in(game.players[0].zones["hand"]))


def test_a_later_part_decided_the_same_for_every_candidate_splits_the_listing_only_when_it_cannot_fail(tmp_path):
    """GIVEN `c.rank > 5 and (open or c.rank > 10)` with `open` a variable WHEN the options are
    listed with it false and true THEN they are what the condition says, and the listing decides
    `open` once, before its loops. GIVEN the same shape with a part that fails on an empty table
    (its first card) and no candidate passing the part before it THEN that part is never
    computed, as when the condition is read item by item."""
    rules = tiny(tmp_path, """\
        vars: {game: {open: false, seen: 0}}
        flow:
          - "shuffle(deck); draw(deck, player_at(0).hand, 20)"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            where: "c.rank > 20 and (first(table).rank > 10 or c.rank > 10)"
            as: c
            if_none: "seen += 1"
          - repeat:
              - choose: card
                player: player_at(0)
                from: player_at(0).hand
                where: "c.rank > 5 and (open or c.rank > 10)"
                as: c
                then: "open = true; seen += 1"
            until: "seen >= 3"
        """)
    game = Game(rules, 2, seed=3)
    assert game.vars["seen"] == 1                       # the failing part was skipped: no error
    hand = game.cards_in(game.players[0].zones["hand"])
    assert {c.attrs["rank"] for c in game.decision.options} == {c.attrs["rank"] for c in hand if c.attrs["rank"] > 10}
    game.apply_index(0)
    assert game.vars["open"]
    hand = game.cards_in(game.players[0].zones["hand"])
    assert list(game.decision.options) == [c for c in hand if c.attrs["rank"] > 5]
    source = "\n\n".join(rules.generated)
    assert re.search(r"if \(?g\.vars\['open'\]\)?:\n\s+for _x in _items:", source), "decided before the loops"


def test_a_function_of_variables_alone_is_remembered_across_moves_and_forgotten_when_what_it_reads_is_set(tmp_path):
    """GIVEN a choice whose numbers come from `allowed(p)`, a function of a player's and a game
    variable only, and one whose `where:` reads `in_hand(p)`, a function of a zone WHEN cards move,
    an unread variable is set, and then each variable the first reads is set THEN every listing
    is what the rules say now; the first function's value outlives the moves and the unread
    write (it is kept apart from the memo of functions of cards' places), the second's does not."""
    rules = tiny(tmp_path, """\
        vars: {game: {step: 1, other: 0}, player: {bonus: 0}}
        functions:
          allowed: {params: {p: player}, value: "step + p.bonus"}
          in_hand: {params: {p: player}, value: "size(p.hand)"}
        flow:
          - repeat:
              - choose: number
                player: player_at(0)
                min: 0
                max: 9
                where: "n <= allowed(player_at(0)) and n <= in_hand(player_at(0)) + 1"
                as: n
                then:
                  - "draw(deck, player_at(0).hand, 1); other += 1"
                  - if: "n == 0"
                    then: "step += 1"
                  - if: "n == 1"
                    then: "player_at(0).bonus += 2"
            until: "other >= 6"
        """)
    source = "\n\n".join(rules.generated)
    assert re.search(r"g\.vmemo\.get\(\(_mk\d+ := \('allowed', ", source)
    assert re.search(r"g\.memo\.get\(\(_mk\d+ := \('in_hand', ", source)
    for record in (False, True):
        game = Game(rules, 2, seed=1, record=record)
        step, bonus, held = 1, 0, 0
        for n in (0, 2, 1, 3, 0, 4):
            assert list(game.decision.options) == [m for m in range(10) if m <= step + bonus and m <= held + 1]
            kept, memo = game.vmemo, game.memo       # (emptying a memo puts a new dict in its place)
            assert record or ("allowed", game.players[0]) in kept
            game.apply_value(n)
            held += 1
            step += n == 0
            bonus += 2 * (n == 1)
            if not record:
                assert (game.vmemo is kept) == (n > 1), "only setting step or bonus forgets allowed()"
                assert game.memo is not memo, "a move forgets in_hand()"


def test_a_part_every_candidate_tests_first_is_computed_once_before_the_loop_and_only_with_candidates(tmp_path):
    """GIVEN `c.suit == first(table).suit or c.rank > 10` WHEN the options are listed with a
    card on the table THEN they are what the condition says, and the led suit is computed
    before the loop. WHEN the hand is empty and so is the table THEN nothing fails (no
    candidate ever reads the table's first card) and `if_none` runs; WHEN the hand has cards
    and the table none THEN the first candidate's error is the one reported."""
    body = """\
        vars: {game: {none: 0}}
        flow:
          - "shuffle(deck); draw(deck, player_at(0).hand, {hand}); draw(deck, table, {table})"
          - choose: card
            player: player_at(0)
            from: player_at(0).hand
            where: "c.suit == first(table).suit or c.rank > 10"
            as: c
            if_none: "none += 1"
        """
    rules = tiny(tmp_path, body.replace("{hand}", "8").replace("{table}", "1"))
    game = Game(rules, 2, seed=5)
    led = game.cards_in(game.zones["table"])[0].attrs["suit"]
    hand = game.cards_in(game.players[0].zones["hand"])
    assert list(game.decision.options) == [c for c in hand if c.attrs["suit"] == led or c.attrs["rank"] > 10]
    assert re.search(r"\n\s+(_h\d+) = .*\n\s+for _x in _items:\n\s+if _x\.attrs\['suit'\] == \1 or", "\n".join(rules.generated))
    empty = Game(tiny(tmp_path, body.replace("{hand}", "0").replace("{table}", "0"), name="empty.yaml"), 2, seed=5)
    assert empty.over and empty.vars["none"] == 1
    with pytest.raises(GameError, match=r"first\(\) of an empty list"):
        Game(tiny(tmp_path, body.replace("{hand}", "3").replace("{table}", "0"), name="bare.yaml"), 2, seed=5)
