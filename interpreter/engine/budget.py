"""How much work a ruleset may do between two decisions.

A loop that never reaches a decision is stopped with the position of the step or expression
that was running; a long game is not, since the count starts again at every decision. Work
is counted in steps: each step run, each item a collection expression or builtin goes
through, and the size of each value an expression builds. The clock is read every few
thousand steps, so the budget bounds time as well as work.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.errors import GameError, Span

DEFAULT_STEPS = 2_000_000        # per decision: far above any shipped game's busiest stretch
DEFAULT_SECONDS = 20.0           # per decision, read every CLOCK_STRIDE steps
DEFAULT_EVENTS = 200_000         # events recorded per decision: bounds a runaway loop's memory
CLOCK_STRIDE = 20_000


@dataclass(frozen=True)
class Budget:
    """Limits per decision: `steps` of work, `seconds` of time (None: no time limit) and
    `events` recorded."""
    steps: int = DEFAULT_STEPS
    seconds: float | None = DEFAULT_SECONDS
    events: int = DEFAULT_EVENTS

    def __post_init__(self):
        for name in ("steps", "events"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"a budget's {name} must be a whole number of at least 1, not {value!r}")
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(self.seconds, (int, float))
                                         or not self.seconds > 0):
            raise ValueError(f"a budget's seconds must be a positive number or None, not {self.seconds!r}")


def too_deep(exc: RecursionError, phase: str | None) -> GameError:
    """Python's own limit reached by nesting a ruleset is allowed in parts (triggers firing
    procedures calling procedures...): the error of the innermost rule that was running."""
    from interpreter.codegen.unit import line_span
    span, tb = None, exc.__traceback__
    while tb is not None:      # the innermost rule: a line of generated code, or a runtime helper's span
        candidate = line_span(tb.tb_frame.f_code.co_filename, tb.tb_lineno) or tb.tb_frame.f_locals.get("span")
        if isinstance(candidate, Span):
            span = candidate
        tb = tb.tb_next
    return GameError("the ruleset's steps, triggers and procedures nest too deeply when run; flatten them",
                     span=span, phase=phase, code="too-deep")
