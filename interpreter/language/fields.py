"""Texts with named values and nothing else: a deck's `id:` and `label:` templates, a
constraint's `message:`.

`{name}` stands for one of the values the place documents (a card's attributes; an option's
value or `num_players`), and `{{` and `}}` for the braces themselves. There is no format
language: a width (`{a:>9}`), a conversion (`{a!r}`), an index (`{a[0]}`) or an attribute
(`{a.x}`) is refused when the ruleset loads, at its position in the file, so that a text can
never be made huge nor reach into the interpreter's objects. (`prompt:` and `label:` of choices
are expression templates instead: see `templates.py`.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SHOWN = 24   # characters of a rejected field quoted in a message


@dataclass(frozen=True)
class Field:
    """One `{name}` of a text: the value it names."""
    name: str


class FieldError(ValueError):
    """A text that is not plain words and `{name}`s: what is wrong, and where in the text."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset      # of the character at fault, from 0


Parts = tuple   # of str (literal text) and Field


def parse(text: str, allowed) -> Parts:
    """The literal pieces and fields of `text`; FieldError for anything but a `{name}` of the
    names in `allowed`, or a brace left open or closed alone."""
    parts: list = []
    literal: list[str] = []
    i, size = 0, len(text)
    while i < size:
        ch = text[i]
        if ch in "{}" and text[i:i + 2] in ("{{", "}}"):
            literal.append(ch)
            i += 2
        elif ch == "}":
            raise FieldError("a '}' without its '{' (write '}}' for a brace itself)", i)
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise FieldError("a '{' without its '}' (write '{{' for a brace itself)", i)
            inside = text[i + 1:end]
            if not _NAME.fullmatch(inside):
                raise FieldError(_not_a_name(inside), i)
            if inside not in allowed:
                raise FieldError(f"'{{{inside}}}' names no value this text may use", i + 1)
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append(Field(inside))
            i = end + 1
        else:
            literal.append(ch)
            i += 1
    if literal:
        parts.append("".join(literal))
    return tuple(parts)


def fill(parts: Parts, values: dict) -> str:
    """The text with each field replaced by its value (written with `str`)."""
    return "".join(p if type(p) is str else str(values[p.name]) for p in parts)


def position(text: str, offset: int) -> tuple[int, int]:
    """The (line, column), from 1, of `offset` in `text`: what `Source.expression_span` takes."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def names(allowed) -> str:
    """The fields a text may hold, for a hint: `{character}, {number}` (or `none`)."""
    return ", ".join("{" + name + "}" for name in sorted(allowed)) or "none"


def _not_a_name(inside: str) -> str:
    shown = inside if len(inside) <= _SHOWN else inside[:_SHOWN] + "..."
    head = _NAME.match(inside)
    rest = inside[head.end():] if head else inside
    if rest[:1] == ":":
        what = "a format spec"
    elif rest[:1] == "!":
        what = "a conversion"
    elif rest[:1] == "[":
        what = "an index"
    elif rest[:1] == ".":
        what = "an attribute"
    else:
        what = "not a name"
    return f"'{{{shown}}}' is {what}: a text holds only {{name}} of a value, with no format language"
