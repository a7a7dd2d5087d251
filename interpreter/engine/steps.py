"""What compiled steps are made of at run time: a Step, and the Request a decision asks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.errors import Span


class Request:
    """What the flow asks of one player; the game turns it into a public `Decision`. One is
    made per decision, so it is a plain slotted object."""
    __slots__ = ("player", "kind", "options", "prompt", "span", "labels", "private", "step", "of", "verb")

    def __init__(self, player, kind: str, options, prompt: str, span: Span, labels: list | None = None,
                 private: bool = False, step: int = 1, of: int = 1, verb: str | None = None):
        self.player = player
        self.kind = kind
        self.options = options      # the legal values (for a number: the legal range)
        self.prompt = prompt
        self.span = span
        self.labels = labels        # readable labels for action choices
        self.private = private      # a simultaneous choice: others do not see it until revealed
        self.step = step            # for multi-card choices: which pick of `of`
        self.of = of
        self.verb = verb            # how a transcript says it: "plays", "passes"

    def copy(self) -> "Request":
        twin = object.__new__(Request)
        for name in Request.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin


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
