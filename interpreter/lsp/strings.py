"""The expression strings of a ruleset file, split into tokens with their places in the file.

A tolerant lexer, not the parser: the editor asks about a file while it is being typed, when
an expression is often half-written, and highlighting, completion and references must still
work. Which values hold expressions follows the language (docs/language.md): most string
values do; prose (`description:`, `name:`...) and literal values (`options:`, `set:`) do not;
`prompt:`, `label:`, `reason:`, `message:` and a deck's `id:` are templates whose `{...}`
parts are names or expressions; `phase:` names a phase and `phases:` lists phase names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from interpreter.language.source import Source

KEYWORDS = frozenset({"and", "or", "not", "in", "true", "false"})
PROSE = frozenset({"name", "description", "extends", "include", "type", "owner", "visibility", "values",
                   "cards", "standard", "names", "on", "choose", "version", "library", "default",
                   "label_plural", "suits", "ranks", "of", "order", "map"})
TEMPLATES = frozenset({"prompt", "label", "reason", "message", "id"})
LITERAL_SECTIONS = frozenset({"options", "set", "limits", "version", "name", "description", "extends",
                              "include"})
_TOKEN = re.compile(r"""
    (?P<string>'(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?)
  | (?P<number>\d+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<operator>==|!=|<=|>=|\+=|-=|[-+*/%<>=!?:;.,()\[\]])
  | (?P<space>\s+)
  | (?P<other>.)
""", re.X | re.S)
_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Text:
    """One string value of a file that names things: its path, its value and how to read it."""
    path: tuple
    value: str
    mode: str          # 'expression', 'template', 'phase' (defines one) or 'phases' (names them)


@dataclass(frozen=True)
class Token:
    """A token of an expression string: kind is string, number, name, keyword or operator;
    `offset` counts characters from the start of the string's value."""
    kind: str
    text: str
    offset: int


def texts(source: Source) -> Iterator[Text]:
    """Every string value of the file that may name something, in document order."""
    data = source.data
    if not isinstance(data, dict):
        return
    stack: list[tuple[tuple, object]] = [((key,), value) for key, value in reversed(list(data.items()))
                                         if key not in LITERAL_SECTIONS]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((path + (key,), item) for key, item in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((path + (i,), item) for i, item in reversed(list(enumerate(value))))
        elif isinstance(value, str):
            mode = _mode(path)
            if mode is not None:
                yield Text(path, value, mode)


def _mode(path: tuple) -> str | None:
    key = next((part for part in reversed(path) if isinstance(part, str)), "")
    if key == "phase":
        return "phase"
    if key == "phases":
        return "phases"
    if path[0] == "deck":       # a deck's values are literals, but for its conditions and templates
        return "expression" if key == "when" else "template" if key in ("id", "label") else None
    if path[0] == "vars":       # a variable's type, description and display name nothing
        return "expression" if key == "initial" else None
    if "params" in path:        # parameter types
        return None
    if key in TEMPLATES:
        return "template"
    if key in PROSE:
        return None
    return "expression"


def tokens(text: Text) -> list[Token]:
    """The tokens of a string; for a template, those of its `{...}` parts; for a phase, its name."""
    if text.mode in ("phase", "phases"):
        value = text.value.strip()
        return [Token("phase", value, text.value.index(value))] if _NAME.match(value) else []
    if text.mode == "template":
        out = []
        for field in _FIELD.finditer(text.value):
            if field.group(1) is not None:
                out.extend(lex(field.group(1), field.start(1)))
        return out
    return lex(text.value)


def lex(value: str, base: int = 0) -> list[Token]:
    """The tokens of an expression (spaces left out); never fails, whatever the text."""
    out = []
    for match in _TOKEN.finditer(value):
        kind = match.lastgroup
        if kind == "space":
            continue
        word = match.group()
        if kind == "name" and word in KEYWORDS:
            kind = "keyword"
        out.append(Token(kind, word, base + match.start()))
    return out


def position(source: Source, text: Text, *, offset: int) -> tuple[int, int]:
    """The file position (0-based line and column) of a character of a string's value."""
    line = text.value.count("\n", 0, offset) + 1
    column = offset - (text.value.rfind("\n", 0, offset) + 1) + 1
    span = source.expression_span(text.path, line, column)
    return span.line - 1, span.column - 1
