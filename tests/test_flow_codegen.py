"""The flow as generated Python: step lists nested deeper than one Python function allows,
`break` out of them, names bound by steps that hide others, and the line map from generated
code back to the rules.

GIVEN plain steps nested deeper than Python's limits on indentation and nested loops, WHEN the
ruleset loads and plays, THEN the steps run (moved into helper functions), and a `break` deep
inside leaves the innermost loop, ending the phases on its way. GIVEN a loop variable or a
chosen value that hides a name of the steps around, THEN the outer name is back after it.
GIVEN the generated code of a flow, THEN its lines name the rules they were written for.
"""
from __future__ import annotations

import hashlib
import random
from pathlib import Path

from interpreter import Game
from interpreter.agents.basic import play_random
from interpreter.errors import line_span
from interpreter.compile.writer import MAX_INDENT, MAX_PY_BLOCKS
from tests.conftest import ruleset
from tests.test_engine import line_of, tiny


def nested_ifs(depth: int, inner: list[str], indent: str = "  ") -> str:
    """`depth` if steps, each inside the one before, around the step lines `inner`."""
    text = ""
    for _ in range(depth):
        text += f"{indent}- if: \"n >= 0\"\n{indent}  then:\n"
        indent += "    "
    return text + "".join(f"{indent}{line}\n" for line in inner)


def test_ifs_nested_past_pythons_indentation_limit_run(tmp_path):
    depth = 30     # (as deep as YAML allows: values nest at most 64 levels)
    assert depth > MAX_INDENT
    rules = tiny(tmp_path, "vars: {game: {n: 0}}\nflow:\n" + nested_ifs(depth, ['- "n += 7"']))
    game = Game(rules, 2, seed=1)
    assert game.over and game.vars["n"] == 7
    assert any("def _b" in source for source in rules.generated)     # the inner ones in a helper


def nested_loops(depth: int, inner: str, turns=lambda i: 2) -> str:
    """`depth` for_each loops, each inside the one before (loop i over `turns(i)` numbers,
    bound to x<i>), around the steps `inner` ('@' marks where its lines start)."""
    text, indent = "", "  "
    for i in range(depth):
        text += f"{indent}- for_each: x{i}\n{indent}  in: \"range(0, {turns(i)})\"\n{indent}  do:\n"
        indent += "    "
    return text + inner.replace("\n", "\n" + indent).replace("@", indent, 1)


def test_loops_nested_past_pythons_limit_of_nested_blocks_run_every_turn(tmp_path):
    depth = 22     # Python refuses more than 20 nested loops in one function
    assert depth > MAX_PY_BLOCKS
    turns = lambda i: 3 if i in (0, depth - 1) else 1   # noqa: E731 - the outermost and innermost go round
    rules = tiny(tmp_path, "vars: {game: {n: 0}}\nflow:\n" + nested_loops(depth, "@- \"n += x0 * 10 + x21\"\n", turns))
    game = Game(rules, 2, seed=1)
    assert game.over and game.vars["n"] == sum(a * 10 + b for a in range(3) for b in range(3))


def test_a_break_deep_in_nested_loops_leaves_the_innermost_loop_and_ends_its_phases(tmp_path):
    """GIVEN 16 nested loops, the innermost holding a phase whose steps break on the second turn,
    WHEN it runs THEN each innermost loop runs one turn and a half (the break leaves it, not the
    loops around), and every phase started also ended."""
    depth = 16
    inner = ('@- phase: inner\n'
             '  do:\n'
             '    - "n += 1"\n'
             '    - if: "x15 == 1"\n'
             '      then: break\n'
             '    - "m += 1"\n')
    turns = lambda i: 2 if i in (0, 1, depth - 1) else 1   # noqa: E731
    rules = tiny(tmp_path, """\
vars: {game: {n: 0, m: 0, ended: 0}}
triggers:
  ends:
    on: phase_ended
    do: "ended += 1"
flow:
""" + nested_loops(depth, inner, turns))
    game = Game(rules, 2, seed=1)
    outer_turns = 4       # of the loop around the innermost one
    assert game.over
    assert (game.vars["n"], game.vars["m"], game.vars["ended"]) == (2 * outer_turns, outer_turns, 2 * outer_turns)


def test_a_break_out_of_a_helper_function_leaves_the_loop_around_it_and_ends_the_phase(tmp_path):
    """GIVEN a loop whose turn is a phase holding ifs nested so deep that the break inside them
    is written in a helper function WHEN the third turn breaks THEN the loop ends there, each
    turn's phase ended, and the steps after the loop run."""
    rules = tiny(tmp_path, """\
vars: {game: {n: 0, ended: 0, after: 0}}
triggers:
  ends:
    on: phase_ended
    do: "ended += 1"
flow:
  - for_each: x
    in: "range(0, 5)"
    do:
      - phase: turn
        do:
""" + nested_ifs(26, ['- "n += 1"', '- if: "x == 2"', '  then: break'], indent="          ") + """\
  - "after = n"
""")
    source = "\n".join(rules.generated)
    assert "raise Break" in source and "except Break:" in source    # the break leaves a helper
    game = Game(rules, 2, seed=1)
    assert game.over and (game.vars["n"], game.vars["ended"], game.vars["after"]) == (3, 3, 3)


def test_a_loop_variable_that_hides_another_is_given_back_after_the_loop(tmp_path):
    """GIVEN `for_each: p` inside `for_each: p`, with and without a decision in the inner loop,
    and a choice whose `as` hides the loop's name, THEN the steps after each read the outer p."""
    rules = tiny(tmp_path, """\
vars:
  game:
    plain: {initial: 0}
    asked: {initial: 0}
    chosen: {initial: 0}
flow:
  - for_each: p
    in: "[10, 20]"
    do:
      - for_each: p
        in: "[1, 2]"
        do: "plain += p"
      - "plain += p"
      - for_each: p
        in: "[3]"
        do:
          - choose: number
            player: player_at(0)
            min: 0
            max: 0
            as: n
            then: "asked += p"
      - "asked += p"
      - choose: number
        player: player_at(0)
        min: 5
        max: 5
        as: p
        then: "chosen += p"
      - "chosen += p"
""")
    game = Game(rules, 2, seed=1)
    play_random(game, random.Random(1))
    assert game.vars["plain"] == (1 + 2 + 10) + (1 + 2 + 20)
    assert game.vars["asked"] == (3 + 10) + (3 + 20)
    assert game.vars["chosen"] == (5 + 10) + (5 + 20)


def test_an_action_whose_steps_end_in_a_break_compiles_and_leaves_the_loop(tmp_path):
    """GIVEN an action whose own steps end with `break` and another that asks again, THEN the
    code after the break (never reached) still compiles, and the break leaves the loop."""
    rules = tiny(tmp_path, """\
vars: {game: {n: 0}}
flow:
  - repeat:
      - choose: action
        player: player_at(0)
        as: what
        actions:
          stop: [break]
          again:
            - choose: number
              player: player_at(1)
              min: 1
              max: 2
              as: k
              then: "n += k"
    until: "false"
""")
    game = Game(rules, 2, seed=1)
    game.apply("again")
    game.apply("2")
    game.apply("stop")
    assert game.over and game.vars["n"] == 2


def test_lines_of_the_generated_flow_name_their_rules():
    """GIVEN Hearts' generated code, THEN the line that plays the chosen card maps to the step
    that says so, and the loop that lists the legal cards to the choose step."""
    rules = ruleset("hearts")
    game = Game(rules, 4, seed=1, record=False)
    while game.phase != "play":          # the frame on top now runs the procedure play_trick
        game.apply_index(0)
    filename = game._stack[-1].code.__code__.co_filename
    lines = _generated_source(rules, filename).split("\n")
    path = Path(rules.path)

    played = next(i for i, text in enumerate(lines, 1) if "g.move_card(env['c'], g.zones['trick'])" in text)
    span = line_span(filename, played)
    assert span.file == rules.path and span.line == line_of(path, 'then: "move(c, trick)"')
    listed = next(i for i, text in enumerate(lines, 1) if "for _x in _items:" in text)
    assert line_span(filename, listed).line == next(i for i, text in enumerate(path.read_text().splitlines(), 1)
                                                    if text.strip() == "- choose: card")


def _generated_source(rules, filename: str) -> str:
    """The source compiled under `filename` (its name ends with a digest of the source)."""
    digest = filename.rstrip(">").rsplit("#", 1)[1]
    for text in rules.generated:
        source = text.split("\n", 1)[1]        # after the '# from ...' line
        if hashlib.sha256(source.encode()).hexdigest().startswith(digest):
            return source
    raise AssertionError(f"no generated source for {filename}")
