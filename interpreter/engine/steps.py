"""What compiled steps are made of at run time: a Step, and the Request a decision asks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.errors import Span


@dataclass
class Request:
    """What the flow asks of one player; the game turns it into a public `Decision`."""
    player: object
    kind: str
    options: list            # the legal values (for a number: the legal range as a list)
    prompt: str
    span: Span
    labels: list | None = None   # readable labels for action choices
    private: bool = False        # a simultaneous choice: others do not see it until revealed
    step: int = 1                # for multi-card choices: which pick of `of`
    of: int = 1
    verb: str | None = None      # how a transcript says it: "plays", "passes"


@dataclass
class Step:
    """A compiled step. A plain step (`yields` false) is a function `run(g, env)`; a step that
    may ask for a decision has `emit(assembler)`, which writes its operations into the code of
    the step list around it (see `frames.py`)."""
    run: Callable | None
    yields: bool
    span: Span
    emit: Callable | None = None


NONE = object()  # a choice that found no legal option and ran `if_none` instead


class Break(Exception):
    """Raised by a `break` step; the innermost loop around it catches it and stops."""


def run_plain(steps, g, env) -> None:
    """Run steps none of which can ask for a decision."""
    for s in steps:
        s.run(g, env)
