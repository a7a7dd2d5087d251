"""What compiled steps are made of: a Step, which writes its generated code, and the markers the
flow uses. (A decision a step asks is a `decisions.Decision`.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.engine import frames
from interpreter.errors import Span


@dataclass
class Step:
    """A compiled step: `emit(writer)` writes its Python where the writer stands (see
    `writer.py`). A step that may ask for a decision (`yields`) writes blocks of a
    machine; a plain one writes nested Python, and may stand anywhere."""
    yields: bool
    span: Span
    emit: Callable


NOTED = 1_000   # a listing that looks at more items than this goes into the game's cost report


class ListingSite:
    """A choose step, as the key of a game's cost report (`Game.listing_peaks`): hashed by
    identity, so noting a listing costs no hash of its span."""
    __slots__ = ("span",)

    def __init__(self, span: Span):
        self.span = span


NONE = frames.NONE  # a choice that found no legal option and runs `if_none` instead (the engine's claims test it)


class Break(Exception):
    """Raised by a `break` inside a helper function of generated code; the code that called it
    leaves the loop around the call."""
