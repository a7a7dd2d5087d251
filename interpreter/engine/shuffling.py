"""Shuffling a zone: `random.Random.shuffle`'s very permutation, drawn with fewer calls.

A playout shuffles a whole deck every hand, and the standard shuffle calls `_randbelow` (a
Python method) once a card. `shuffle` below draws the same `getrandbits` in the same order,
so a seed deals the same cards; a test holds it to the standard shuffle's results.
"""
from __future__ import annotations

import random

# `Random.shuffle` picks with `_randbelow_with_getrandbits` for a generator of this class
_STANDARD = random.Random._randbelow is random.Random._randbelow_with_getrandbits


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would."""
    if type(rng) is not random.Random or not _STANDARD:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


_STEPS: dict = {}


def _steps(size: int) -> tuple:
    """The standard shuffle's steps for a list of `size` items: each position from the last
    down, the number of places it picks among, and the bits drawn for one pick."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if len(_STEPS) < 1_000:      # (sizes are a ruleset's zone sizes: a few)
            _STEPS[size] = steps
    return steps
