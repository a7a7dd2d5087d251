"""How generated code calls a ruleset function.

Three strategies, chosen when the ruleset loads: once per game for a function of no
parameters that reads nothing a game changes; a memo for functions of players, numbers, lists
and tuples (the same call recurs while a decision's options are listed; a list argument is
remembered by its items; a function of variables alone has a memo that moving cards keeps); a direct call with an env of its own holding the arguments for
functions of cards (every candidate differs), where the body was not inlined. The run-time halves are in
`interpreter.codegen.runtime`.
"""
from __future__ import annotations

from lark import Tree

from interpreter.language import types as T
from interpreter.language.macros import MACROS


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
        return f"static(g, {name}, {fn})"
    if direct or any(t == T.CARD for _, t in func.params):
        # a body reads nothing but its parameters, given by position
        return f"{fn}(g{''.join(', ' + c for c in codes)})"
    lists = tuple(i for i, (_, t) in enumerate(func.params) if T.is_list(t) or T.is_tuple(t))
    if lists:      # remembered by the items: the same hand gives the same value in one state
        return f"memo_of_lists(g, {name}, {fn}, {lists!r}, {', '.join(codes)})"
    place = func.memo_place
    if not codes:
        return f"memo0(g, {place}, {name}, {fn})"
    if len(codes) <= 2:
        return f"memo{len(codes)}(g, {place}, {name}, {fn}, {', '.join(codes)})"
    return f"memo_n(g, {place}, {name}, {fn}, {', '.join(codes)})"
