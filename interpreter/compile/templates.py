"""Texts with values in them: a prompt or label such as `"call {owed}"` or `"raise to {bet + owed}"`.

Each `{...}` is an expression, compiled and type-checked once when the ruleset loads, like any
other; an error in it is reported at its own line and column in the file. `{{` and `}}` stand
for the braces themselves. At run time the values are written as people read them (a card's
label, a player's name, a zone's cards)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.engine.state import Zone
from interpreter.language.source import Where


@dataclass
class _Inside(Where):
    """Where an expression inside a template stands: positions shifted to its place in the text."""
    line: int = 0
    column: int = 0

    def span(self, line: int = 1, column: int = 1):
        if line == 1:
            return self.source.expression_span(self.path, self.line + 1, self.column + column)
        return self.source.expression_span(self.path, self.line + line, column)


def split_template(text: str) -> list[tuple[str, int] | str] | None:
    """Literal strings and (expression, offset) pairs; None when a brace is left open."""
    parts: list = []
    literal, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch in "{}" and text[i:i + 2] in ("{{", "}}"):
            literal.append(ch)
            i += 2
            continue
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                return None
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append((text[i + 1:end], i + 1))
            i = end + 1
            continue
        literal.append(ch)
        i += 1
    if literal:
        parts.append("".join(literal))
    return parts


def compile_template(compiler, text, where: Where, *, scope: dict) -> Callable | str | None:
    """A constant string when `text` has no `{...}`, else a function (game, env) -> str; None
    after an error (reported)."""
    text = str(text)
    if "{" not in text and "}" not in text:
        return text
    parts = split_template(text)
    if parts is None:
        compiler.errors.error("syntax", "a '{' without its '}' (write '{{' for a brace itself)", where.span())
        return None
    pieces: list = []
    ok = True
    for part in parts:
        if isinstance(part, str):
            pieces.append(part)
            continue
        expression, offset = part
        line = text.count("\n", 0, offset)
        column = offset - (text.rfind("\n", 0, offset) + 1)
        fn, _ = compiler.expression(expression, _Inside(where.source, where.path, line, column), scope=scope)
        ok = ok and fn is not None
        pieces.append(fn)
    if not ok:
        return None

    if len(pieces) == 2 and isinstance(pieces[0], str):      # "call {p.owed}": the common shape
        prefix, value = pieces

        def render_one(g, env) -> str:
            v = value(g, env)
            return prefix + (str(v) if type(v) is int else _readable(g, v))
        return render_one

    def render(g, env) -> str:
        return "".join(p if isinstance(p, str) else _readable(g, p(g, env)) for p in pieces)
    return render


def _readable(g, value) -> str:
    if type(value) is Zone:      # a zone: its cards (its game's)
        return " ".join(g.describe(c) for c in g.zone_cards[value.number]) or "nothing"
    if isinstance(value, list):
        return " ".join(g.describe(v) for v in value) or "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return g.describe(value)


def render(text, g, env) -> str:
    """A compiled template's text now (a constant string as it is)."""
    return text(g, env) if callable(text) else text
