"""Errors as objects: a stable code, a message, a span and a hint. The library never prints."""
from __future__ import annotations

from dataclasses import dataclass, field
import difflib
from typing import Iterable


@dataclass(frozen=True)
class Span:
    """A position in a source file; line and column count from 1."""
    file: str
    line: int
    column: int
    end_column: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
class Diagnostic:
    """One problem found in a ruleset: `error` stops it from running, `warning` does not."""
    code: str
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"severity": self.severity, "code": self.code, "message": self.message}
        if self.span:
            data.update(file=self.span.file, line=self.span.line, column=self.span.column)
        if self.hint:
            data["hint"] = self.hint
        return data


class RulesetError(Exception):
    """A ruleset that cannot be loaded; carries every diagnostic found, not only the first."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        first = diagnostics[0] if diagnostics else None
        if first is None:
            super().__init__("invalid ruleset")
            return
        where = f"{first.span}: " if first.span else ""
        hint = f" ({first.hint})" if first.hint else ""    # a did-you-mean is half the message
        super().__init__(f"{where}{first.message}{hint}")


class GameError(Exception):
    """A ruleset that failed while running: no legal decision, a step limit, a bad value."""

    def __init__(self, message: str, *, span: Span | None = None, phase: str | None = None,
                 code: str = "runtime"):
        self.code = code
        self.span = span
        self.phase = phase
        self.message = message
        where = f"{span}: " if span else ""
        during = f" (in phase '{phase}')" if phase else ""
        super().__init__(f"{where}{message}{during}")


class GameLimitError(GameError):
    """A game stopped by a bound of its budget (see `interpreter.engine.budget`): too much work
    or time or too many events between two decisions (codes `step-limit`, `time-limit`,
    `event-limit`), or too many decisions, steps or events in the whole game (`decision-limit`,
    `game-step-limit`, `game-event-limit`): a loop that may never end; or more memory than the
    machine has (`memory`). The game cannot go on."""


class UnusedStackedOrders(UserWarning):
    """A game ended with stacked orders it never shuffled with (`Game(stacked=...)` gave more
    orders than the game shuffles): a warning, since the game itself was played in full."""


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt name, or None when nothing is close."""
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in candidates}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f"did you mean '{close[0]}'?" if close else None


@dataclass
class Collector:
    """Collects diagnostics during one load so that all of a file's errors are reported at once."""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, span, hint))

    def warning(self, code: str, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, span, hint, "warning"))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise RulesetError(self.diagnostics)


class EvalError(Exception):
    """A value-level failure (empty list, division by zero); the compiler adds the position."""


# generated file name -> the span of each of its lines (index 0 is line 1), for the units
# whose lines carry spans (the flow's); a few KB per ruleset, kept while the process lives.
# The compile stage writes it (`compile/unit.py`); the engine reads it to say where a rule failed.
LINE_MAPS: dict[str, list[Span | None]] = {}


def line_span(filename: str, line: int) -> Span | None:
    """The rule a line of generated code was written for, if its unit noted one."""
    spans = LINE_MAPS.get(filename)
    if spans is None or not 0 < line <= len(spans):
        return None
    return spans[line - 1]
