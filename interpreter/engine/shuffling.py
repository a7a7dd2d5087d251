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
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
