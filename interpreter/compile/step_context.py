"""What the compilers of the kinds of steps share while they compile one step list: the
expression compiler and its symbols, the error collector, the unit of generated code the steps
go into, the loops around them, and how to compile the steps nested in a step.

`flow.FlowCompiler` makes one `StepContext` and hands it to the compilers it holds as
collaborators (`choices.ChoiceCompiler`, `claim_steps.ClaimCompiler`, `loop_steps.LoopCompiler`):
all they know of the flow compiler is this object.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator

from interpreter.errors import Collector
from interpreter.language import types as T
from interpreter.language.source import Where

if TYPE_CHECKING:
    from interpreter.compile.compiler import Compiler
    from interpreter.compile.unit import Unit


class StepContext:
    """The state and the helpers of one flow compiler that the step-kind compilers read."""

    def __init__(self, compiler: "Compiler", errors: Collector, *, steps: Callable, check_keys: Callable):
        self.c = compiler                  # the expression compiler (its symbols: `c.symbols`)
        self.errors = errors
        self.steps = steps                 # steps(raw, where, scope, *, allow_choices=True) -> [Step]
        self.check_keys = check_keys       # check_keys(raw, where, kind): unknown keys of a step
        self.unit: "Unit | None" = None    # the generated code the steps being compiled go into
        self.loops = 0                     # how many loops enclose the steps being compiled (for `break`)
        self.loops_hidden_by = ""          # "procedure" or "simultaneous": what hides the loops around

    @contextmanager
    def hiding_loops(self, by: str) -> Iterator[None]:
        """Steps compiled inside cannot `break` out of the loops around (`by` says why)."""
        loops, hidden = self.loops, self.loops_hidden_by
        self.loops, self.loops_hidden_by = 0, by
        try:
            yield
        finally:
            self.loops, self.loops_hidden_by = loops, hidden

    # -- expressions, in the unit of the steps being compiled ------------------------
    def code(self, text, where: Where, scope: dict, expect=None):
        return self.c.code(text, where, scope=scope, unit=self.unit, expect=expect)

    def who(self, raw, where: Where, scope: dict, what: str) -> str | None:
        """The code of a step's `player:`, checked to be somebody when the ruleset writes `nobody`."""
        code, _ = self.code(raw["player"], self.sub(where, "player"), scope, expect=T.PLAYER)
        if code is None or not self.c.symbols.nobody:
            return code
        span = self.unit.constant(where.source.span(where.path + ("player",)), "span")
        return f"someone(g, {code}, {span}, {what!r})"

    def cond(self, raw, where: Where, key: str, scope: dict) -> str | None:
        return self.code(raw.get(key), self.sub(where, key), scope, expect=T.BOOL)[0]

    @staticmethod
    def sub(where: Where, key) -> Where:
        return Where(where.source, where.path + (key,))
