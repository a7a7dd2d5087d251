"""The collection macros: `xs.all(x, cond)`, `xs.filter(x, cond)`, `xs.max_by(x, key)`, ...

The only way the language iterates, always over a finite list, so every expression ends.
Each builder gets the checking pass `p` (for errors), the compiled list and body closures and
their types, and returns (closure, result type).
"""
from __future__ import annotations

from interpreter.language import types as T
from interpreter.language.builtins import EvalError

MACROS = {"all", "any", "filter", "map", "flat_map", "count", "sum", "max", "min", "max_by", "min_by",
          "sort_by"}


def _seq(items, g, env, span):
    """The items to go through; each counts as a step, so nested macros over long lists meet
    the game's step limit instead of running for hours."""
    value = items(g, env)
    seq = value.cards if hasattr(value, "cards") else value
    g.spend(len(seq), span, "an expression goes through too many items")
    return seq


def _m_all(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    p.need_bool(bnode, bt, ".all()")

    def run(g, env):
        e = dict(env)
        for x in _seq(items, g, env, span):
            e[var] = x
            if not body(g, e):
                return False
        return True
    return run, T.BOOL


def _m_any(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    p.need_bool(bnode, bt, ".any()")

    def run(g, env):
        e = dict(env)
        for x in _seq(items, g, env, span):
            e[var] = x
            if body(g, e):
                return True
        return False
    return run, T.BOOL


def _m_filter(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    p.need_bool(bnode, bt, ".filter()")

    def run(g, env):
        e = dict(env)
        out = []
        for x in _seq(items, g, env, span):
            e[var] = x
            if body(g, e):
                out.append(x)
        return out
    return run, T.list_of(it)


def _m_count(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    p.need_bool(bnode, bt, ".count()")

    def run(g, env):
        e = dict(env)
        n = 0
        for x in _seq(items, g, env, span):
            e[var] = x
            if body(g, e):
                n += 1
        return n
    return run, T.INT


def _m_map(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    def run(g, env):
        e = dict(env)
        out = []
        for x in _seq(items, g, env, span):
            e[var] = x
            out.append(body(g, e))
        return out
    return run, T.list_of(bt)


def _m_flat_map(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    if not T.is_list(bt):
        p.fail(bnode, f".flat_map() needs a list for each item, not {T.show(bt)}",
               "for one value per item use .map()")

    def run(g, env):
        e = dict(env)
        out = []
        for x in _seq(items, g, env, span):
            e[var] = x
            value = body(g, e)
            out.extend(value.cards if hasattr(value, "cards") else value)
        return out
    return run, T.list_of(T.item_type(bt))


def _m_sum(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    if bt != T.INT:
        p.fail(bnode, f".sum() adds numbers, not {T.show(bt)}")

    def run(g, env):
        e = dict(env)
        total = 0
        for x in _seq(items, g, env, span):
            e[var] = x
            total += body(g, e)
        return total
    return run, T.INT


def _numeric_key(p, bnode, bt, name):
    if bt != T.INT and bt != T.list_of(T.INT):
        p.fail(bnode, f".{name}() needs a number (or a list of numbers) for each item, not {T.show(bt)}")


def _extreme(p, node, bnode, var, items, body, it, bt, name, pick_max, by):
    span = p.span(node)
    _numeric_key(p, bnode, bt, name)

    def run(g, env):
        e = dict(env)
        best = best_key = None
        for x in _seq(items, g, env, span):
            e[var] = x
            key = body(g, e)
            if best_key is None or (key > best_key if pick_max else key < best_key):
                best, best_key = x, key
        if best_key is None:
            raise EvalError(f".{name}() of an empty list")
        return best if by else best_key
    return p.guarded(node, run), (it if by else bt)


def _m_sort_by(p, node, bnode, var, items, body, it, bt):
    span = p.span(node)
    _numeric_key(p, bnode, bt, "sort_by")

    def run(g, env):
        e = dict(env)
        keyed = []
        for x in _seq(items, g, env, span):
            e[var] = x
            keyed.append((body(g, e), len(keyed), x))
        keyed.sort(key=lambda k: (k[0], k[1]))
        return [x for _, _, x in keyed]
    return run, T.list_of(it)


MACRO_BUILDERS = {
    "all": _m_all, "any": _m_any, "filter": _m_filter, "count": _m_count, "map": _m_map,
    "flat_map": _m_flat_map,
    "sum": _m_sum, "sort_by": _m_sort_by,
    "max": lambda *a: _extreme(*a, "max", True, False),
    "min": lambda *a: _extreme(*a, "min", False, False),
    "max_by": lambda *a: _extreme(*a, "max_by", True, True),
    "min_by": lambda *a: _extreme(*a, "min_by", False, True),
}

MACRO_DOCS = {
    "all": "xs.all(x, cond): true when cond holds for every item (true for an empty list)",
    "any": "xs.any(x, cond): true when cond holds for at least one item",
    "filter": "xs.filter(x, cond): the items for which cond holds, in order",
    "map": "xs.map(x, expr): the value of expr for each item",
    "flat_map": "xs.flat_map(x, list): the items of the list computed for each item, as one list",
    "count": "xs.count(x, cond): how many items satisfy cond",
    "sum": "xs.sum(x, expr): the total of a number computed for each item",
    "max": "xs.max(x, key): the largest key (an error on an empty list)",
    "min": "xs.min(x, key): the smallest key (an error on an empty list)",
    "max_by": "xs.max_by(x, key): the first item with the largest key",
    "min_by": "xs.min_by(x, key): the first item with the smallest key",
    "sort_by": "xs.sort_by(x, key): the items in ascending order of key (stable)",
}
