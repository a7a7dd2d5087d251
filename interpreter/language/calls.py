"""How generated code calls a ruleset function.

Three strategies, chosen when the ruleset loads: once per game for a function of no
parameters that reads nothing a game changes; a memo for functions of players, numbers, lists
and tuples (the same call recurs while a decision's options are listed; a list argument is
remembered by its items; a function of variables alone has a memo that moving cards keeps); a direct call with an env of its own holding the arguments for
functions of cards (every candidate differs), where the body was not inlined. The run-time halves are in
`interpreter.codegen.runtime`.
"""
from __future__ import annotations

import re

from lark import Tree

from interpreter.language import types as T
from interpreter.language.macros import MACROS

_SIMPLE = re.compile(r"\w+|\w+\['\w+'\]|'[^'\\]*'|-?\d+")    # a local, an env entry or a literal: cheap to read again


def binders(tree) -> set:
    """Every name a collection macro binds anywhere in an expression tree."""
    names = set()
    for node in tree.iter_subtrees():
        if node.data == "method" and str(node.children[1]) in MACROS and len(node.children) > 2:
            first = node.children[2].children[0]
            if isinstance(first, Tree) and first.data == "name":
                names.add(str(first.children[0]))
    return names


def call_code(unit, func, body, codes: list[str], *, direct: bool = False) -> str:
    """The code that calls `func` (compiled to `body`) with arguments computed by `codes`;
    `direct` when an argument differs for every candidate of a choice (no memo then)."""
    fn = unit.constant(body, "fn")
    name = repr(func.name)
    if not codes and not func.dynamic:
        return remembered(unit, "g.static", name, f"{fn}(g)")
    if direct or any(t == T.CARD for _, t in func.params):
        # a body reads nothing but its parameters, given by position
        return f"{fn}(g{''.join(', ' + c for c in codes)})"
    lists = tuple(i for i, (_, t) in enumerate(func.params) if T.is_list(t) or T.is_tuple(t))
    if lists:      # remembered by the items: the same hand gives the same value in one state
        return f"memo_of_lists(g, {name}, {fn}, {lists!r}, {', '.join(codes)})"
    if not codes:
        return remembered(unit, func.memo_place, name, f"{fn}(g)")
    key = unit.memo_keys.get(key_code := f"({name}, {', '.join(codes)})")
    if key is None:
        key = unit.memo_keys[key_code] = unit.fresh("mk")
    # the body takes the arguments the key holds: each argument's code runs once
    args = ", ".join(c if _SIMPLE.fullmatch(c) else f"{key}[{i}]" for i, c in enumerate(codes, 1))
    return remembered(unit, func.memo_place, f"({key} := {key_code})", f"{fn}(g, {args})", key)


def remembered(unit, memo: str, key: str, compute: str, key_local: str | None = None) -> str:
    """`memo[key]`, computed by `compute` and kept on first use: the memo look-up written
    in place, with no call of its own (a call costs more than the look-up, and memos are
    the commonest calls of a playout). The same key code gets the same locals, so that code
    hoisted out of a loop is still recognized as the same code; `key_local` holds a key that
    is computed (the arguments run once)."""
    value = unit.memo_values.get((memo, key))
    if value is None:
        value = unit.memo_values[memo, key] = unit.fresh("mv")
    stored = key_local or key
    return f"({value} if ({value} := {memo}.get({key}, NOT_YET)) is not NOT_YET else {memo}.setdefault({stored}, {compute}))"


def is_static(code: str) -> bool:
    """Whether `code` is a look-up of a value kept once per game (`remembered` in g.static)."""
    return code.startswith("(_mv") and " := g.static.get(" in code.split(" if ", 2)[1]
