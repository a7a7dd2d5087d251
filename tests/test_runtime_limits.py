"""Runaway rulesets stop with one located message, whatever runs away: a loop, a value that
grows, a combination builtin, recorded events, the clock. Each case is an input that once
ran for minutes, filled gigabytes or ended in a traceback; each message is checked exactly."""
from __future__ import annotations

import pytest

from interpreter import Game, GameError
from interpreter.engine.budget import Budget
from interpreter.compile import macros
from tests.test_engine import HEADER, line_of, tiny


def stopped(rules, **kwargs) -> GameError:
    with pytest.raises(GameError) as info:
        Game(rules, 2, seed=1, **kwargs)
    return info.value


def test_a_string_that_doubles_in_a_loop_stops_at_its_size_cap(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {s: {type: str, initial: "''"}}}
        flow:
          - repeat: "s = s + s + 'x'"
            until: "false"
        """)
    error = stopped(rules)
    assert error.message == "a string of more than 100000 characters"
    assert error.span.line == line_of(tmp_path / "tiny.yaml", "repeat:")


def test_a_number_that_doubles_in_a_loop_stops_at_eighteen_digits(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 1}}}
        flow:
          - repeat: "n = n + n"
            until: "false"
        """)
    error = stopped(rules)
    assert error.message == "a number beyond ±10^18: the numbers of a game stay within 18 digits"
    assert (error.span.line, error.span.column) == (12, 18)


def test_nested_lists_of_ten_thousand_count_every_item_built(tmp_path):
    """range(0, 10000).map(i, range(i, i + 10000)) once took 3 GB while 10^4 steps were counted."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 0}}}
        flow:
          - "n = range(0, 10000).map(i, range(i, i + 10000)).size()"
        """)
    error = stopped(rules, budget=1_000_000)
    assert error.code == "step-limit"
    assert error.message == ("the ruleset did more than 1000000 steps of work since the last decision; "
                             "a builtin builds too large a value")
    assert error.span.line == 12


def test_a_list_the_same_for_every_item_is_built_once(tmp_path):
    """GIVEN a macro whose body builds a list without reading the item WHEN it runs THEN that list
    is built (and counted) once for the whole macro, so the budget that stops the list built per
    item above is not reached."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 0}}}
        flow:
          - "n = range(0, 10000).map(i, range(0, 10000)).size()"
        """)
    game = Game(rules, 2, seed=1, budget=1_000_000)
    assert game.over and game.vars["n"] == 10000


def test_a_macro_over_two_lists_joined_counts_the_join_and_every_item_without_building_it(tmp_path, monkeypatch):
    """GIVEN `(a + b).filter(...)` and `.count(...)` over two ranges WHEN they run THEN the values
    are those of the joined list and the generated loop goes through both lists without a join;
    the work counted is what building the joined list and going through it counted (the same
    least budget that lets the game finish), and one step less stops it with the same message."""
    body = """\
        vars: {game: {n: {initial: 0}, kept: {type: list<int>, initial: "[]"}}}
        flow:
          - "kept = (range(0, 5) + range(10, 13)).filter(i, i % 2 == 0); n = (range(0, 400) + range(0, 600)).count(i, i > 100)"
        """
    fused = tiny(tmp_path, body)
    game = Game(fused, 2, seed=1)
    assert game.vars["kept"] == [0, 2, 4, 10, 12] and game.vars["n"] == 299 + 499
    assert "for _items in (_a, _b):" in "\n".join(fused.generated)
    monkeypatch.setattr(macros, "_joined_parts", lambda items: None)
    built = tiny(tmp_path, body, name="built.yaml")
    assert "for _items in (_a, _b):" not in "\n".join(built.generated)

    def least_budget(rules) -> int:
        low, high = 1, 100_000            # stopped at low - 1 ... finished at high
        while low < high:
            middle = (low + high) // 2
            try:
                Game(rules, 2, seed=1, budget=middle)
                high = middle
            except GameError:
                low = middle + 1
        return low
    least = least_budget(built)
    assert least_budget(fused) == least > 2_000
    assert stopped(fused, budget=least - 1).message == stopped(built, budget=least - 1).message


@pytest.mark.parametrize("statement, message", [
    ("s = join(range(0, 10000).map(i, 'abcdefghijk'), '')",
     "join() would make a string of more than 100000 characters"),
    ("n = parse_int('1234567890123456789')", "parse_int(): '1234567890123456789' has more than 18 digits"),
    ("n = parse_int(join(range(0, 5000).map(i, '7'), ''))",      # once a ValueError past 4,300 digits
     "parse_int(): '7777777777777777777777777777777777777777' has more than 18 digits"),
])
def test_text_builtins_keep_strings_and_numbers_in_bounds(tmp_path, statement, message):
    rules = tiny(tmp_path, f"""\
        vars: {{game: {{n: {{initial: 0}}, s: {{type: str, initial: "''"}}}}}}
        flow:
          - "{statement}"
        """)
    error = stopped(rules)
    assert error.message == message and error.span.line == 12


def test_each_list_a_flat_map_adds_counts_against_the_budget(tmp_path):
    """A list held in a variable is no builtin's result: flat_map counts its items as it adds them."""
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 0}, l: {type: list<int>, initial: "range(0, 10000)"}}}
        flow:
          - "n = range(0, 10000).flat_map(i, l).size()"
        """)
    error = stopped(rules, budget=1_000_000)
    assert error.message == ("the ruleset did more than 1000000 steps of work since the last decision; "
                             "an expression builds too large a list")
    assert error.span.line == 12


@pytest.mark.parametrize("call, message", [
    ("groups(deck, 'rank', deck, 2, 8)",
     "groups() looked at more than 100000 candidate sets; narrow the cards, the wild cards or the sizes"),
    ("runs(take(deck, 30), 'rank', 'suit', take(deck, 20), range(1, 15), 3, 13)",
     "runs() looked at more than 100000 candidate sets; narrow the cards, the wild cards or the sizes"),
    ("subsets(deck, 0, 5)",
     "subsets() would make 2893164 subsets (more than 20000); narrow the list or the sizes"),
])
def test_every_combination_builtin_is_capped_alike(tmp_path, call, message):
    rules = tiny(tmp_path, f"""\
        vars: {{game: {{n: {{initial: 0}}}}}}
        flow:
          - "n = size({call})"
        """)
    error = stopped(rules)
    assert error.message == message and error.span.line == 12


def test_a_loop_that_records_events_stops_at_the_event_cap(tmp_path):
    rules = tiny(tmp_path, """\
        flow:
          - repeat: "announce('again')"
            until: "false"
        """)
    error = stopped(rules, budget=Budget(events=5_000))
    assert error.code == "event-limit"
    assert error.message == ("the ruleset recorded more than 5000 events since the last decision; "
                             "a loop may never finish")


def test_the_budget_bounds_time_as_well_as_work(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 0}}}
        flow:
          - repeat: "n = range(0, 10000).size()"
            until: "false"
        """)
    error = stopped(rules, budget=Budget(steps=10 ** 12, seconds=0.2, events=10 ** 12))
    assert error.code == "time-limit"
    assert error.message.startswith("the ruleset ran for more than 0.2 seconds since the last decision")
    assert error.span.line == 12


def test_the_budget_counts_from_each_decision_so_a_long_game_is_not_stopped(tmp_path):
    rules = tiny(tmp_path, """\
        vars: {game: {n: {initial: 0}}}
        flow:
          - repeat:
              - "n = range(0, 5000).size()"
              - choose: action
                player: player_at(0)
                actions: {go: "n = 0", stop: "n = 1"}
            until: "n == 1"
        """)
    game = Game(rules, 2, seed=1, budget=6_000)   # each stretch between decisions fits; the game does not
    for _ in range(50):
        game.apply("go")
    game.apply("stop")
    assert game.over


def test_a_trigger_loop_names_the_trigger_and_its_position(tmp_path):
    rules = tiny(tmp_path, """\
        triggers:
          bounce:
            on: moved
            where: "target == table"
            do: "move(card, table)"
        flow:
          - "move(first(deck), table)"
        """)
    error = stopped(rules)
    assert error.code == "trigger-loop"
    assert error.message == ("triggers set each other off more than 16 deep (bounce -> bounce); "
                             "trigger 'bounce' may be firing itself")
    assert (error.span.line, error.span.column) == (11, 3)


def chain_of_functions(tmp_path, count: int):
    chain = "\n".join(f"  f{i}: \"{'not ' * 70}f{i + 1}\"" for i in range(count))
    return tiny(tmp_path, f"""\
functions:
{chain}
  f{count}: "true"
vars: {{game: {{b: {{initial: false}}}}}}
flow:
  - "b = f0"
""")


def test_a_chain_of_functions_nesting_too_deeply_is_a_located_error(tmp_path):
    from interpreter.errors import RulesetError
    with pytest.raises(RulesetError) as info:
        chain_of_functions(tmp_path, 40)
    d = info.value.diagnostics[0]
    assert d.message == ("function 'f2' is reached through functions calling each other (f0 -> f1) whose "
                         "expressions nest more than 200 levels in all; flatten the chain")
    assert d.span.line == line_of(tmp_path / "tiny.yaml", "f2:")


def test_a_function_inlined_past_pythons_parser_limit_is_called_instead(tmp_path):
    """A small function of a card is written in place where it is called; in the middle of a
    deeply nested sum that once made Python's parser give up (a MemoryError)."""
    body = "(1 + " * 34 + "c.rank" + ")" * 34
    rules = tiny(tmp_path, f"""\
functions:
  h: {{params: {{c: card}}, value: "{body}"}}
vars: {{game: {{n: {{initial: 0}}}}}}
flow:
  - for_each: c
    in: deck
    do: "n = {'(1 + ' * 76}h(c){')' * 76}"
""")
    game = Game(rules, 2, seed=1)
    assert game.over and game.vars["n"] == 76 + 34 + game.cards_in(game.zones["deck"])[-1].attrs["rank"]


def procedure_chain(count: int) -> str:
    return "procedures:\n" + "".join(f"  p{i}:\n    - call: p{i + 1}\n" for i in range(count)) + \
        f"  p{count}:\n    - \"move(first(deck), table)\"\n"


def test_a_chain_of_procedures_too_long_to_compile_is_a_located_error(tmp_path):
    from interpreter.errors import RulesetError
    with pytest.raises(RulesetError) as info:
        tiny(tmp_path, procedure_chain(1000) + "flow:\n  - call: p0\n")
    d = info.value.diagnostics[0]
    assert d.code == "too-deep"
    assert d.message == ("procedure 'p0' starts a chain of procedures calling procedures too long to be "
                         "compiled; flatten the chain")
    assert d.span.line == line_of(tmp_path / "tiny.yaml", "call: p1")


def test_triggers_firing_long_chains_of_procedures_stop_with_a_located_error(tmp_path):
    """Each part is within its bound (triggers 16 deep, a chain of 150 procedures), together
    they are deeper than Python recurses: the error names the rule that was running."""
    rules = tiny(tmp_path, procedure_chain(150) + """\
triggers:
  bounce:
    on: moved
    where: "target == table and n < 15"
    do:
      - "n += 1"
      - call: p0
vars: {game: {n: {initial: 0}}}
flow:
  - "move(first(deck), table)"
""")
    error = stopped(rules)
    assert error.code == "too-deep"
    assert error.message == "the ruleset's steps, triggers and procedures nest too deeply when run; flatten them"
    # where Python's limit struck depends on the stack the game was called from: a step of the chain
    assert error.span.file.endswith("tiny.yaml") and error.span.line >= line_of(tmp_path / "tiny.yaml", "p0:")


@pytest.mark.parametrize("command", [["play", "-q"], ["simulate", "-g", "2"], ["validate", "--simulate", "1"]])
def test_the_command_line_sets_the_budget(tmp_path, command, capsys):
    from interpreter.cli.main import main
    path = tmp_path / "loop.yaml"
    path.write_text(HEADER + "vars: {game: {n: {initial: 0}}}\nflow:\n  - repeat: \"n = n + 1\"\n"
                    "    until: \"n < 0\"\n", encoding="utf-8")
    code = main([command[0], str(path), "--max-steps", "700", *command[1:]])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert f"{path}:12:5: the ruleset did more than 700 steps of work since the last decision" in out + err
