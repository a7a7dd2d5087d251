"""What compiled steps are made of at run time: a Step, and the markers the flow uses. (A
decision a step asks is a `decisions.Decision`.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.errors import Span


@dataclass
class Step:
    """A compiled step. A plain step (`yields` false) is a function `run(g, env)`; a step that
    may ask for a decision has `emit(assembler)`, which writes its operations into the code of
    the step list around it (see `frames.py`)."""
    run: Callable | None
    yields: bool
    span: Span
    emit: Callable | None = None


class ListingSite:
    """A choose step, as the key of a game's cost report (`Game.listing_peaks`): hashed by
    identity, so noting a listing costs no hash of its span."""
    __slots__ = ("span",)

    def __init__(self, span: Span):
        self.span = span


NONE = object()  # a choice that found no legal option and ran `if_none` instead


class Break(Exception):
    """Raised by a `break` step; the innermost loop around it catches it and stops."""


def run_plain(steps, g, env) -> None:
    """Run steps none of which can ask for a decision."""
    for s in steps:
        s.run(g, env)
