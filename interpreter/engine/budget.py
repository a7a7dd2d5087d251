"""How much work a ruleset may do between two decisions, and in a whole game.

A loop that never reaches a decision is stopped with the position of the step or expression
that was running. Work is counted in steps: each step (the steps of a loop turn, branches
included, counted at once where the turn starts), each item a collection expression or builtin
goes through, and the size of each value an expression builds. Between two counts runs at
most one turn's or one procedure's code with no loop in it, so a bound on steps is a bound on
work. The clock is read every few thousand steps, so the budget bounds time as well as work.

A loop that asks a decision every turn never runs long between two decisions: the game-level
bounds stop it, on the number of decisions, the steps of the whole game (counted at every
decision) and the events it records. Their defaults are far above the longest match of any
shipped game (`tests/test_game_bounds.py` measures them); a ruleset may set its own under
`limits:`, and a run overrides both (`Budget(decisions=...)`, `Game(max_decisions=...)`).
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.errors import GameError, GameLimitError, Span, line_span

DEFAULT_STEPS = 2_000_000        # per decision: far above any shipped game's busiest stretch
DEFAULT_SECONDS = 20.0           # per decision, read every CLOCK_STRIDE steps
DEFAULT_EVENTS = 200_000         # events recorded per decision: bounds a runaway loop's memory
CLOCK_STRIDE = 20_000
# Per game. The longest of 200 random matches of each shipped game at each player count took
# at most 1,296 decisions, 38,312 steps and 12,252 events (see tests/test_game_bounds.py).
DEFAULT_DECISIONS = 100_000
DEFAULT_GAME_STEPS = 100_000_000
DEFAULT_GAME_EVENTS = 250_000      # also bounds a recording game's memory: ~330 MB at 10 seats
LIMIT_KEYS = {"decisions": "decisions", "steps": "game_steps", "events": "game_events"}   # `limits:` -> Budget
LIMIT_MAXIMA = {"decisions": 10_000_000, "steps": 10_000_000_000, "events": 2_000_000}   # (the schema's too)


@dataclass(frozen=True)
class Budget:
    """Limits per decision: `steps` of work, `seconds` of time (None: no time limit) and
    `events` recorded; per game: `decisions`, `game_steps` and `game_events` (None: the
    ruleset's `limits:`, else the defaults)."""
    steps: int = DEFAULT_STEPS
    seconds: float | None = DEFAULT_SECONDS
    events: int = DEFAULT_EVENTS
    decisions: int | None = None
    game_steps: int | None = None
    game_events: int | None = None

    def __post_init__(self):
        for name in ("steps", "events", "decisions", "game_steps", "game_events"):
            value = getattr(self, name)
            if value is None and name not in ("steps", "events"):
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"a budget's {name} must be a whole number of at least 1, not {value!r}")
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(self.seconds, (int, float))
                                         or not self.seconds > 0):
            raise ValueError(f"a budget's seconds must be a positive number or None, not {self.seconds!r}")


@dataclass(frozen=True)
class GameLimits:
    """The per-game bounds one game runs under, resolved from its Budget and its ruleset."""
    decisions: int
    steps: int
    events: int

    @classmethod
    def of(cls, budget: Budget, ruleset_limits: dict) -> "GameLimits":
        def pick(key: str, default: int) -> int:
            own = getattr(budget, LIMIT_KEYS[key])
            return own if own is not None else ruleset_limits.get(key, default)
        return cls(pick("decisions", DEFAULT_DECISIONS), pick("steps", DEFAULT_GAME_STEPS),
                   pick("events", DEFAULT_GAME_EVENTS))


def too_long(what: str, *, span: Span | None, phase: str | None, code: str) -> GameLimitError:
    """A game-level bound reached: the error is at the step that asked the last decision."""
    key = _KEY_OF[code]
    return GameLimitError(f"the game {what}: a loop around this step may never end (if the game is really "
                          f"that long, raise 'limits: {{{key}: N}}' in the ruleset, or the run's bound)",
                          span=span, phase=phase, code=code)


_KEY_OF = {"decision-limit": "decisions", "game-step-limit": "steps", "game-event-limit": "events"}


def past_python_limits(exc: RecursionError | MemoryError, phase: str | None) -> GameError:
    """The error for one of Python's own limits reached while a game runs: recursion, or memory."""
    if isinstance(exc, RecursionError):
        return too_deep(exc, phase)
    return GameLimitError("the ruleset needed more memory than this machine has; a value or a loop grows "
                          "without bound", span=innermost_rule(exc), phase=phase, code="memory")


def too_deep(exc: RecursionError, phase: str | None) -> GameError:
    """Python's own limit reached by nesting a ruleset is allowed in parts (triggers firing
    procedures calling procedures...): the error of the innermost rule that was running."""
    return GameError("the ruleset's steps, triggers and procedures nest too deeply when run; flatten them",
                     span=innermost_rule(exc), phase=phase, code="too-deep")


def innermost_rule(exc: BaseException) -> Span | None:
    """The position of the innermost rule that was running when `exc` was raised: a line of
    generated code, or a runtime helper's span."""
    span, tb = None, exc.__traceback__
    while tb is not None:
        candidate = line_span(tb.tb_frame.f_code.co_filename, tb.tb_lineno) or tb.tb_frame.f_locals.get("span")
        if isinstance(candidate, Span):
            span = candidate
        tb = tb.tb_next
    return span
