"""Hints for names the checker does not know, across kinds of names (issue 31, item 3).

A misspelt name is first matched against names of its own kind ("did you mean"). When none is
close, the hint looks further: an effect written where a function was expected (or the
reverse), the name a `choose` step gave its choice read after that step, or a name used where
a zone belongs that no section declares ("declare it under `zones:`").
"""
from __future__ import annotations

import difflib

from interpreter.errors import did_you_mean
from interpreter.language import types as T
from interpreter.language.builtins import BUILTINS
from interpreter.language.effects import EFFECTS


def _closest(name: str, candidates) -> str | None:
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return close[0] if close else None


def wants_zone(typ) -> bool:
    """Whether a parameter of type `typ` takes a zone: a zone, a list of zones, or a list of
    cards (or of anything) that a zone's cards make."""
    if isinstance(typ, frozenset):
        return any(wants_zone(t) for t in typ)
    if typ is not None and T.is_list(typ):
        item = T.item_type(typ)
        return item == T.ZONE or item == T.CARD or (isinstance(item, str) and len(item) == 1)   # list<T>
    return typ == T.ZONE


def unknown_name(name: str, known, *, wanted=None, out_of_step: dict | None = None) -> str | None:
    """The hint for `unknown name 'x'`: a close name; the choice of an earlier `choose` step; a
    zone to declare; an effect or a function called without its parentheses."""
    if out_of_step and name in out_of_step:
        return out_of_step[name]
    close = did_you_mean(name, known)
    if close:
        return close
    if wants_zone(wanted):
        return f"declare it under 'zones:', e.g. '{name}: {{owner: game, visibility: public}}'"
    if name in EFFECTS:
        return f"'{name}' is an effect: a statement of its own, written with its arguments"
    if name in BUILTINS:
        return f"'{name}' is a builtin function: call it with its arguments, '{name}(...)'"
    return None


def unknown_owned(name: str, owner: str, *, wanted=None) -> str | None:
    """The hint for `players have no variable or zone 'x'` when nothing is close."""
    if wants_zone(wanted):
        return (f"declare it under 'zones:' with 'owner: {owner}', e.g. "
                f"'{name}: {{owner: {owner}, visibility: owner}}'")
    return f"declare it under 'vars: {owner}:', e.g. '{name}: 0'"


def unknown_function(name: str, functions, builtins=BUILTINS, macros=()) -> str | None:
    """The hint for `unknown function 'x'`: a close function, else a close effect."""
    close = did_you_mean(name, list(builtins) + list(functions) + list(macros))
    if close:
        return close
    effect = _closest(name, EFFECTS)
    if effect:
        return f"did you mean '{effect}'? it is an effect: a statement of its own, not a value"
    return None


def unknown_effect(name: str, functions) -> str | None:
    """The hint for `unknown effect 'x'`: a close effect, else a close function."""
    close = did_you_mean(name, EFFECTS)
    if close:
        return close
    function = _closest(name, list(BUILTINS) + list(functions))
    if function:
        return (f"did you mean '{function}'? it is a function, not an effect: use its value, "
                f"e.g. 'x = {function}(...)'")
    return None

