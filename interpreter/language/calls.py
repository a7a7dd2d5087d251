"""How a compiled expression calls a ruleset function or a builtin.

Three strategies, chosen when the ruleset loads: a memo for functions of players, numbers,
lists and tuples (the same call recurs while a decision's options are listed; a list argument
is remembered by its items), direct calls with the arguments stored in the caller's env for
functions of cards (every candidate differs), and a guarded call for builtins that can fail, so
that the failure names its position in the file.
"""
from __future__ import annotations

from typing import Callable

from lark import Tree

from interpreter.language.builtins import EvalError
from interpreter.errors import GameError, Span
from interpreter.language.macros import MACROS

Fn = Callable


def binders(tree) -> set:
    """Every name a collection macro binds anywhere in an expression tree."""
    names = set()
    for node in tree.iter_subtrees():
        if node.data == "method" and str(node.children[1]) in MACROS and len(node.children) > 2:
            first = node.children[2].children[0]
            if isinstance(first, Tree) and first.data == "name":
                names.add(str(first.children[0]))
    return names


def static_call(name: str, body: Fn) -> Fn:
    """Call a function of no parameters that reads nothing a game changes (only options, the
    players and the cards in play): computed once per game."""
    def call(g, env):
        cache = g.static
        if name in cache:
            return cache[name]
        value = cache[name] = body(g, {})
        return value
    return call


def memoized_call(name: str, body: Fn, names: list, fns: list) -> Fn:
    """Call a ruleset function, remembering its value until the game's state next changes.

    Functions are pure, so within one state (while legal choices are enumerated, say) a call
    with the same arguments always gives the same value: `lowest_club` or `led_suit` is
    computed once per decision instead of once per candidate card.
    """
    if not fns:
        def call0(g, env):
            memo = g.memo
            if g.memo_version != g.version:
                memo.clear()
                g.memo_version = g.version
            elif name in memo:
                return memo[name]
            value = memo[name] = body(g, {})
            return value
        return call0
    if len(fns) == 1:
        (n0,), (f0,) = names, fns

        def call1(g, env):
            a = f0(g, env)
            key = (name, a)
            memo = g.memo
            if g.memo_version != g.version:
                memo.clear()
                g.memo_version = g.version
            elif key in memo:
                return memo[key]
            value = memo[key] = body(g, {n0: a})
            return value
        return call1
    if len(fns) == 2:
        (n0, n1), (f0, f1) = names, fns

        def call2(g, env):
            a, b = f0(g, env), f1(g, env)
            key = (name, a, b)
            memo = g.memo
            if g.memo_version != g.version:
                memo.clear()
                g.memo_version = g.version
            elif key in memo:
                return memo[key]
            value = memo[key] = body(g, {n0: a, n1: b})
            return value
        return call2

    def call(g, env):
        values = [f(g, env) for f in fns]
        return _remembered(g, (name, *values), body, names, values)
    return call


def _remembered(g, key: tuple, body: Fn, names: list, values: list):
    """The memo's value for `key` in the game's current state, computing it on a miss."""
    memo = g.memo
    if g.memo_version != g.version:
        memo.clear()
        g.memo_version = g.version
    elif key in memo:
        return memo[key]
    value = memo[key] = body(g, dict(zip(names, values)))
    return value


def frozen(value):
    """A list or tuple argument as a memo key: its items, nested lists included. A zone stands
    for itself (the memo is cleared whenever a card moves)."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def memoized_call_of_lists(name: str, body: Fn, names: list, fns: list, lists: set) -> Fn:
    """Like `memoized_call`, for functions with list or tuple parameters (positions `lists`):
    a function of a list of cards is computed once per state, like one of a player."""
    def call(g, env):
        values = [f(g, env) for f in fns]
        key = (name, *[frozen(v) if i in lists else v for i, v in enumerate(values)])
        return _remembered(g, key, body, names, values)
    return call


def direct_call(body: Fn, keys: list, fns: list) -> Fn:
    """Call a ruleset function without a memo; its parameters go into the caller's env under
    keys no ruleset name can take, so no dict is built per call."""
    if len(fns) == 1:
        (k0,), (f0,) = keys, fns

        def call1(g, env):
            env[k0] = f0(g, env)
            return body(g, env)
        return call1
    if len(fns) == 2:
        (k0, k1), (f0, f1) = keys, fns

        def call2(g, env):
            a = f0(g, env)
            env[k1] = f1(g, env)
            env[k0] = a
            return body(g, env)
        return call2

    def call(g, env):
        values = [f(g, env) for f in fns]   # every argument first: one may call this function too
        for k, v in zip(keys, values):
            env[k] = v
        return body(g, env)
    return call


def failing_call(impl, fns: list, span: Span, name: str) -> Fn:
    """A builtin call whose failure (empty list, bad index) is reported at its position."""
    if len(fns) == 1:
        (f0,) = fns

        def call1(g, env):
            try:
                return impl(g, f0(g, env))
            except EvalError as exc:
                raise GameError(str(exc), span=span, phase=g.phase) from None
        return call1

    def call(g, env):
        try:
            return impl(g, *[f(g, env) for f in fns])
        except EvalError as exc:
            raise GameError(str(exc), span=span, phase=g.phase) from None
    return call




def charged_call(call: Fn, span: Span, *, nested: bool) -> Fn:
    """A call of a builtin that builds a list: the list's size (and its lists' sizes, for a list
    of lists) counts against the game's budget, like the items a `filter` goes through."""
    if nested:
        def run_nested(g, env):
            value = call(g, env)
            g.spend(len(value) + sum(len(v) for v in value), span, "a builtin builds too large a value")
            return value
        return run_nested

    def run(g, env):
        value = call(g, env)
        g.spend(len(value), span, "a builtin builds too large a value")
        return value
    return run
