"""How generated code calls a ruleset function.

Three strategies, chosen when the ruleset loads:
- once per game (`g.static`), for a function of no parameters that reads nothing a game changes;
- a memo, for functions of players, numbers, lists and tuples: the same call recurs while a
  decision's options are listed. A list argument is remembered by its items; a function of
  variables alone has a memo that moving cards keeps (`g.vmemo`). The look-up is written in
  place; `interpreter.compile.runtime` makes the keys of list arguments;
- a direct call, with the arguments by position, for functions of cards (every candidate
  differs), where the body was not inlined.
"""
from __future__ import annotations

import re

from lark import Tree

from interpreter.language import types as T
from interpreter.compile.macros import MACROS

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
    # remembered by the items of a list argument (the same hand gives the same value in one
    # state) in the memo that every change empties: a zone argument is keyed by the zone itself
    lists = any(T.is_list(t) or T.is_tuple(t) for _, t in func.params)
    place = "g.memo" if lists else func.memo_place
    if not codes:
        return remembered(unit, place, name, f"{fn}(g)")
    keys, args = [name], []
    for code, (_, typ) in zip(codes, func.params):
        if not _SIMPLE.fullmatch(code):     # the key computes it once; the body reads the local
            local = unit.memo_args.get(code) or unit.memo_args.setdefault(code, unit.fresh("ma"))
            code, keys_code = local, f"({local} := {code})"
        else:
            keys_code = code
        if T.is_list(typ) or T.is_tuple(typ):
            flat = not (T.is_list(T.item_type(typ)) or T.is_tuple(T.item_type(typ))) if T.is_list(typ) else False
            keys_code = f"{'frozen_flat' if flat else 'frozen'}({keys_code})"
        keys.append(keys_code)
        args.append(code)
    key_code = f"({', '.join(keys)})"
    key = unit.memo_keys.get(key_code) or unit.memo_keys.setdefault(key_code, unit.fresh("mk"))
    return remembered(unit, place, f"({key} := {key_code})", f"{fn}(g, {', '.join(args)})", key)


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
