"""The static types of the expression language, and the small parser for signatures.

Types are plain values: 'int', 'bool', 'str', 'card', 'player', 'team', 'zone', 'none'
(statements), ('list', T), or ('tuple', (T1, T2, ...)) for a pair or triple of values of fixed
types. A zone is a list of cards wherever a list is expected.
Signatures in the registry are written as text, `first(xs: list<T>) -> T`, so the docs, the
checker and the runtime read the same line.
"""
from __future__ import annotations

import re

INT, BOOL, STR, CARD, PLAYER, TEAM, ZONE, NONE = "int", "bool", "str", "card", "player", "team", "zone", "none"
SIMPLE = {INT, BOOL, STR, CARD, PLAYER, TEAM, ZONE, NONE}
ANY_LIST = ("list", None)  # the type of an empty literal `[]`


def list_of(item) -> tuple:
    return ("list", item)


def tuple_of(*items) -> tuple:
    return ("tuple", tuple(items))


def is_tuple(t) -> bool:
    return isinstance(t, tuple) and t[0] == "tuple"


def is_list(t) -> bool:
    return t == ZONE or (isinstance(t, tuple) and t[0] == "list")


def item_type(t):
    """The element type of a list type (a zone holds cards)."""
    if t == ZONE:
        return CARD
    return t[1] if isinstance(t, tuple) and t[0] == "list" else None


def show(t) -> str:
    if t is None:
        return "any"
    if isinstance(t, tuple) and t[0] == "tuple":
        return "tuple<" + ", ".join(show(x) for x in t[1]) + ">"
    if isinstance(t, tuple):
        return f"list<{show(t[1])}>"
    return t


def assignable(actual, expected) -> bool:
    """Can a value of type `actual` stand where `expected` is wanted?"""
    if actual == expected or expected is None or actual is None:
        return True
    if is_list(actual) and is_list(expected):
        if expected == ZONE:
            return actual == ZONE
        return assignable(item_type(actual), item_type(expected))
    if is_tuple(actual) and is_tuple(expected):
        return len(actual[1]) == len(expected[1]) and all(
            assignable(a, e) for a, e in zip(actual[1], expected[1]))
    return False


def unify(actual, expected, bindings: dict) -> bool:
    """Match `actual` against `expected`, which may hold type variables (single capitals)."""
    if isinstance(expected, str) and len(expected) == 1 and expected.isupper():
        bound = bindings.get(expected)
        if bound is None or bound == ANY_LIST[1]:
            bindings[expected] = actual
            return True
        if assignable(actual, bound):
            return True
        if assignable(bound, actual):  # widen: a zone and a list of cards meet as a list of cards
            bindings[expected] = actual if not (actual == ZONE) else list_of(CARD)
            return True
        return False
    if is_list(expected):
        if not is_list(actual):
            return False
        if expected == ZONE:
            return actual == ZONE
        inner = item_type(actual)
        return inner is None or unify(inner, item_type(expected), bindings)
    if isinstance(expected, frozenset):  # a union such as card|list<card>
        return any(unify(actual, option, bindings) for option in expected)
    if is_tuple(expected):
        return is_tuple(actual) and len(actual[1]) == len(expected[1]) and all(
            unify(a, e, bindings) for a, e in zip(actual[1], expected[1]))
    return assignable(actual, expected)


def substitute(t, bindings: dict):
    if isinstance(t, str) and len(t) == 1 and t.isupper():
        return bindings.get(t)
    if is_tuple(t):
        return ("tuple", tuple(substitute(x, bindings) for x in t[1]))
    if isinstance(t, tuple):
        return ("list", substitute(t[1], bindings))
    return t


_TYPE = re.compile(r"\s*(list<|tuple<|>|,|\||[a-zA-Z]+)")


def parse_type(text: str):
    """Parse 'int', 'list<card>', 'card|list<card>', 'tuple<card, int>', 'T' into a type value."""
    tokens = _TYPE.findall(text)
    pos = 0

    def one():
        nonlocal pos
        token = tokens[pos].strip()
        pos += 1
        if token == "list<":
            inner = union()
            pos += 1  # '>'
            return ("list", inner)
        if token == "tuple<":
            items = [union()]
            while tokens[pos].strip() == ",":
                pos += 1
                items.append(union())
            pos += 1  # '>'
            return ("tuple", tuple(items))
        return token

    def union():
        nonlocal pos
        options = [one()]
        while pos < len(tokens) and tokens[pos].strip() == "|":
            pos += 1
            options.append(one())
        return options[0] if len(options) == 1 else frozenset(options)

    return union()


_SIGNATURE = re.compile(r"^(\w+)\((.*)\)\s*->\s*(.+)$")


def parse_signature(text: str) -> tuple[str, list[tuple[str, object]], object]:
    """'name(a: int, b: list<T>) -> T' -> ('name', [('a', 'int'), ('b', ('list','T'))], 'T')."""
    match = _SIGNATURE.match(text.strip())
    if not match:
        raise ValueError(f"bad signature: {text}")
    name, params, result = match.groups()
    parsed = []
    for part in filter(None, (p.strip() for p in params.split(","))):
        pname, ptype = (s.strip() for s in part.split(":", 1))
        parsed.append((pname, parse_type(ptype)))
    return name, parsed, parse_type(result)


DECLARABLE = {INT, BOOL, STR, CARD, PLAYER, TEAM}
_DECLARED = re.compile(r"\s*(list\s*<|tuple\s*<|>|,|[A-Za-z_]\w*|\S)")


def declared_type(text) -> object | None:
    """The type a variable or parameter declaration names ('list<list<card>>',
    'tuple<list<card>, int>'), or None when the text is not a type. Stricter than
    `parse_type`, which reads the registry's own signatures."""
    if not isinstance(text, str):
        return None
    tokens = [t.replace(" ", "") for t in _DECLARED.findall(text)]
    if "".join(tokens) != re.sub(r"\s+", "", text):
        return None
    pos = 0

    def one():
        nonlocal pos
        if pos >= len(tokens):
            raise ValueError
        token = tokens[pos]
        pos += 1
        if token == "list<":
            inner = one()
            expect(">")
            return ("list", inner)
        if token == "tuple<":
            items = [one()]
            while pos < len(tokens) and tokens[pos] == ",":
                pos += 1
                items.append(one())
            expect(">")
            if len(items) < 2:
                raise ValueError
            return ("tuple", tuple(items))
        if token in DECLARABLE:
            return token
        raise ValueError

    def expect(token):
        nonlocal pos
        if pos >= len(tokens) or tokens[pos] != token:
            raise ValueError
        pos += 1

    try:
        typ = one()
    except ValueError:
        return None
    return typ if pos == len(tokens) else None


def show_union(t) -> str:
    if isinstance(t, frozenset):
        return " or ".join(sorted(show(x) for x in t))
    return show(t)


def article(t) -> str:
    """'an int', 'a card', 'a list<card>': a type with its indefinite article."""
    name = show(t)
    return ("an " if name[0] in "aeiou" else "a ") + name
