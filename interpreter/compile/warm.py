"""What the last load of a ruleset used, kept in memory for a process that checks the same
ruleset again and again as it is edited (the language server).

Such a process checks without the load cache on disk (an entry per keystroke would only fill
it), and keeps instead, in memory, the parse trees and compiled code its last check used: a
check after a small edit parses and compiles only the expressions the edit touched. Only what
the last check used is kept, so memory stays bounded by one ruleset's worth.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from interpreter.cache import store
from interpreter.compile import unit
from interpreter.language import expressions


class Warm:
    """The parse trees and compiled code of the last check made inside `use()`."""

    def __init__(self):
        self.trees: dict = {}
        self.codes: dict = {}

    @contextmanager
    def use(self) -> Iterator[None]:
        """Check inside this: taking what the last check used, keeping what this one uses."""
        trees = expressions.PARSES.start(self.trees)
        codes = unit.CODES.start(self.codes)
        try:
            with store.disabled():
                yield
        finally:
            self.trees = expressions.PARSES.stop(trees)
            self.codes = unit.CODES.stop(codes)
