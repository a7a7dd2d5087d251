"""The collection macros: `xs.all(x, cond)`, `xs.filter(x, cond)`, `xs.max_by(x, key)`, ...

The only way the language iterates, always over a finite list, so every expression ends.
Each builder gets the analysis `p` (for errors; its emitter `p.out` for the unit of generated code), the
generated code of the list and of the body and their types; it adds a helper function that
runs the loop to the unit and returns (the code that calls it, the result type). The item is a
local of the helper, and the locals of the code around it that the body reads (a choice's
candidate, an enclosing macro's item) are passed in, so the caller's env is only read, never
copied; every item counts as a step. A helper with a plain loop is the fastest form here: a
generator expression in `any(...)` costs more per item than the call it saves.
"""
from __future__ import annotations

import ast

from interpreter.language import types as T

MACROS = {"all", "any", "filter", "map", "flat_map", "count", "sum", "max", "min", "max_by", "min_by",
          "sort_by"}


def _loop(p, node, bound, items: str, start: list[str], each: list[str], end: list[str]) -> str:
    """Add a helper `def _mN(g, env, _items, *free)` going through the items, each in the local
    `bound[0]`, the locals `bound[1]` of the caller passed in, the locals `bound[2]` of the
    body's parts kept once; return the code that calls it."""
    name = p.out.unit.fresh("m")
    span = p.out.span_code(node)
    item, free, kept = bound
    passed = "".join(", " + local for local in free)
    joined = _joined_parts(items)
    if joined is not None:
        # `(a + b).any(...)`: the loop goes through a's items, then b's, without building the
        # joined list, and counts what joining them would have counted, then each item
        (first, first_zone), (second, second_zone), join_span = joined
        lines = [f"def {name}(g, env, _a, _b{passed}):"]
        # (a zone's cards are handed over by the caller)
        lines += [f"    if isinstance({local}, Zone): {local} = g.zone_cards[{local}.number]"
                  for local, zone in (("_a", first_zone), ("_b", second_zone)) if not zone]
        # both counts at once; past the next check, each as it would have come
        lines += ["    _n = len(_a) + len(_b)",
                  "    g.steps += _n + _n",
                  "    if g.steps > g._check_at:",
                  "        g.steps -= _n",
                  f"        if g.steps > g._check_at: g._check_budget({join_span}, 'joining lists builds too large a value')",
                  "        g.steps += _n",
                  f"        if g.steps > g._check_at: g._check_budget({span}, 'an expression goes through too many items')"]
        args = [p.out.cards(code) if zone else code for code, zone in ((first, first_zone), (second, second_zone))]
        call = f"{name}(g, env, {', '.join(args)}{passed})"
        p.out.unit.loops[call] = (name, ["_a", "_b"], args)
    else:
        # `seq` written out (this runs for every macro of every listing): a zone's cards, each a step
        lines = [f"def {name}(g, env, _items{passed}):"]
        if not p.zone_items:      # (a zone's cards are handed over by the caller)
            lines.append("    if isinstance(_items, Zone): _items = g.zone_cards[_items.number]")
        lines.append("    g.steps += len(_items)")
        call = f"{name}(g, env, {items}{passed})"
        p.out.unit.loops[call] = (name, ["_items"], [items])
        lines.append(f"    if g.steps > g._check_at: g._check_budget({span}, 'an expression goes through too many items')")
    if kept:      # the parts of the body that are the same for every item, not computed yet
        lines.append("    " + " = ".join(kept) + " = NOT_YET")
    lines += ["    " + line for line in start]
    if joined is not None:
        lines.append("    for _items in (_a, _b):")
        lines.append(f"        for {item} in _items:")
        lines += ["            " + line for line in each]
    else:
        lines.append(f"    for {item} in _items:")
        lines += ["        " + line for line in each]
    lines += ["    " + line for line in end]
    p.out.unit.helper(lines)
    return call


def _joined_parts(items: str) -> tuple[tuple[str, bool], tuple[str, bool], str] | None:
    """The code of the two lists, each with whether it is a zone, and of the position of
    `items` when it is the join of two lists (`join(g, a, b, span)`, what `a + b` of lists
    generates), else None."""
    if not items.startswith("join(g, "):
        return None
    try:
        tree = ast.parse(items, mode="eval").body
    except SyntaxError:      # pragma: no cover - the generator's own code always parses
        return None
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "join"
            and len(tree.args) == 4 and not tree.keywords):
        return None
    _, first, second, span = tree.args
    return (ast.unparse(first), _is_zone(first)), (ast.unparse(second), _is_zone(second)), ast.unparse(span)


def _is_zone(node) -> bool:
    """Whether generated code is a zone for certain: `owner.zones['name']`, the one use of
    `.zones` in generated code."""
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "zones"
            and isinstance(node.slice, ast.Constant))


def _m_all(p, node, bnode, bound, items, body, it, bt):
    p.need_bool(bnode, bt, ".all()")
    return _loop(p, node, bound, items, [], [f"if not {body}:", "    return False"], ["return True"]), T.BOOL


def _m_any(p, node, bnode, bound, items, body, it, bt):
    p.need_bool(bnode, bt, ".any()")
    return _loop(p, node, bound, items, [], [f"if {body}:", "    return True"], ["return False"]), T.BOOL


def _m_filter(p, node, bnode, bound, items, body, it, bt):
    p.need_bool(bnode, bt, ".filter()")
    return _loop(p, node, bound, items, ["_out = []"], [f"if {body}:", f"    _out.append({bound[0]})"],
                 ["return _out"]), T.list_of(it)


def _m_count(p, node, bnode, bound, items, body, it, bt):
    p.need_bool(bnode, bt, ".count()")
    return _loop(p, node, bound, items, ["_n = 0"], [f"if {body}:", "    _n += 1"], ["return _n"]), T.INT


def _m_map(p, node, bnode, bound, items, body, it, bt):
    return _loop(p, node, bound, items, ["_out = []"], [f"_out.append({body})"], ["return _out"]), T.list_of(bt)


def _m_flat_map(p, node, bnode, bound, items, body, it, bt):
    if not T.is_list(bt):
        p.fail(bnode, f".flat_map() needs a list for each item, not {T.show(bt)}",
               "for one value per item use .map()")
    return _loop(p, node, bound, items, ["_out = []"], [f"_out.extend(part(g, {body}, {p.out.span_code(node)}))"],
                 ["return _out"]), \
        T.list_of(T.item_type(bt))


def _m_sum(p, node, bnode, bound, items, body, it, bt):
    if bt != T.INT:
        p.fail(bnode, f".sum() adds numbers, not {T.show(bt)}")
    return _loop(p, node, bound, items, ["_total = 0"], [f"_total += {body}"], ["return _total"]), T.INT


def _numeric_key(p, bnode, bt, name):
    if bt != T.INT and bt != T.list_of(T.INT):
        p.fail(bnode, f".{name}() needs a number (or a list of numbers) for each item, not {T.show(bt)}")


def _extreme(p, node, bnode, bound, items, body, it, bt, name, pick_max, by):
    _numeric_key(p, bnode, bt, name)
    better = ">" if pick_max else "<"
    message = repr(f".{name}() of an empty list")
    code = _loop(p, node, bound, items, ["_best = _best_key = None"],
                 [f"_key = {body}", f"if _best_key is None or _key {better} _best_key:",
                  f"    _best, _best_key = {bound[0]}, _key"],
                 ["if _best_key is None:", f"    fail(g, {p.out.span_code(node)}, {message})",
                  f"return {'_best' if by else '_best_key'}"])
    return code, (it if by else bt)


def _m_sort_by(p, node, bnode, bound, items, body, it, bt):
    _numeric_key(p, bnode, bt, "sort_by")
    return _loop(p, node, bound, items, ["_keyed = []"], [f"_keyed.append(({body}, len(_keyed), {bound[0]}))"],
                 # (key, position, item): positions differ, so the items are never compared
                 ["_keyed.sort()", "return [_k[2] for _k in _keyed]"]), T.list_of(it)


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
