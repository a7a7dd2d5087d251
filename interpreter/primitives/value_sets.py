"""Builtins for combinations counted by value: one card set per pattern of values.

Climbing games compare plays by the values they hold (three 7s, a run of pairs from 3 to 5,
three of a kind with any two single cards), never by which suits make them up. `groups` and
`runs` list every set of cards, so a hand with four 7s offers four sets of three 7s; these
builtins offer one set per pattern of values instead, taking the first cards of each value in
the order given (a player sees one choice per play that matters):

    value_runs(p.hand, 'power', range(1, 13), 2, 3, 10)    # runs of pairs, 3 to 10 values long
    value_picks(rest, 'power', 2, 1, 3)                    # any two single cards, by value

Attributes are named by strings, as for `groups`; a value is any attribute or card variable.
"""
from __future__ import annotations

from interpreter.errors import EvalError
from interpreter.primitives.combinations_cards import _value, card_variables, items_of
from interpreter.primitives.combinations_search import MAX_SETS


def _by_value(g, cards, key: str) -> dict:
    """value -> its cards, in the order given (values in first-seen order)."""
    out: dict = {}
    card_vars = card_variables(g)
    for card in (cards if type(cards) is list else items_of(g, cards)):
        out.setdefault(_value(card, key, card_vars), []).append(card)
    return out


def value_runs(g, cards, key, order, width, min_len, max_len):
    """Every run of min_len to max_len consecutive values of `order` (by attribute `key`) of which
    the cards hold at least `width` each, as one set: the first `width` cards of each value, in
    run order. Runs come by first value, then by length. With min_len = max_len = 1 it gives one
    set of `width` of a kind per value: value_runs(p.hand, 'rank', range(2, 15), 3, 1, 1)."""
    if width < 1:
        raise EvalError(f"value_runs() with width {width}: a run takes at least one card of each value")
    held = _by_value(g, cards, key)
    places = [held.get(value, ()) for value in order]
    sets: list = []
    for start in range(len(places)):
        run: list = []
        for length in range(1, max_len + 1):
            at = start + length - 1
            if at >= len(places) or len(places[at]) < width:
                break
            run = run + places[at][:width]
            if length >= min_len:
                sets.append(run)
                if len(sets) > MAX_SETS:
                    raise EvalError(f"value_runs() would make more than {MAX_SETS} sets; narrow the lengths")
    return sets


def value_picks(g, cards, key, size, step, most):
    """Every way to pick `size` cards told apart by attribute `key` only: each value taken a
    multiple of `step` times and at most `most` times (and no more than the cards hold), one set
    per choice of values, with the first cards of each value. The side cards that go with a
    combination: value_picks(rest, 'rank', 2, 1, 3) is any two single cards, value_picks(rest,
    'rank', 4, 2, 2) any two pairs of different ranks."""
    if step < 1:
        raise EvalError(f"value_picks() with step {step}: each value is taken a multiple of a positive step")
    values = list(_by_value(g, cards, key).values())
    sets: list = []

    def pick(at: int, left: int, chosen: list) -> None:
        if left == 0:
            sets.append(chosen)
            if len(sets) > MAX_SETS:
                raise EvalError(f"value_picks() would make more than {MAX_SETS} sets; narrow the size")
            return
        if at == len(values):
            return
        cards_of = values[at]
        top = min(most, len(cards_of), left)
        for n in range(top - top % step, 0, -step):
            pick(at + 1, left - n, chosen + cards_of[:n])
        pick(at + 1, left, chosen)

    if size >= 0:
        pick(0, size, [])
    return sets
