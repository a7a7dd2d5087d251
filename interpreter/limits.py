"""The bounds on the values a game computes, in one low module: the language's builtins, the
compile stage's runtime helpers and the deck builder all check against the same numbers.

(The bounds on work, per decision and per game, are the engine's: `engine/budget.py`.)
"""
from __future__ import annotations

MAX_INT = 10 ** 18        # numbers a game computes stay machine-sized (a runaway doubling stops here)
MAX_RANGE = 10_000        # keeps `range` bounded: expressions always terminate quickly
MAX_PRODUCT = 20_000      # like `subsets`: a listing that large is a sign to build it another way
MAX_STRING = 100_000      # characters of a string a game builds ('+', join)
