"""Parses expression and statement strings with the Lark grammar in `grammar/`.

Parsing happens once, when a ruleset loads. Lark's errors become one sentence in the
author's words ("expected a value, found 'and'") with the position inside the string.
"""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from interpreter.shipped import grammar_file


FRIENDLY = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "DOT": "'.'", "MINUS": "'-'", "PLUS": "'+'",
    "STAR": "'*'", "SLASH": "'/'", "PERCENT": "'%'", "QMARK": "'?'", "COLON": "':'",
    "COMPARE": "a comparison", "AND": "'and'", "OR": "'or'", "NOT": "'not'", "IN": "'in'",
    "TRUE": "'true'", "FALSE": "'false'", "SEMICOLON": "';'", "EQUAL": "'='",
    "$END": "the end of the expression", "__ANON_0": "'+='", "__ANON_1": "'-='",
}
_VALUE_STARTS = {"NAME", "INT", "STRING", "LPAR", "LSQB", "MINUS", "NOT", "TRUE", "FALSE"}
# What may follow a complete value; listed one by one they bury the message.
_OPERATORS = {"AND", "OR", "NOT", "IN", "COMPARE", "PLUS", "MINUS", "STAR", "SLASH", "PERCENT",
              "QMARK", "DOT", "LSQB", "LPAR"}


class ParseError(Exception):
    """A syntax error at (line, column) inside the expression string, both from 1."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(grammar_file().read_text(encoding="utf-8"), parser="lalr",
                start=["expression", "statements"], propagate_positions=True,
                maybe_placeholders=False, cache=True)  # cached: start-up time


# Loads under way that take trees from the load cache and note the trees they use:
# (trees known beforehand, trees used) by (start, text).
_RECORDERS: list[tuple[dict, dict]] = []


def record_parses(primed: dict) -> tuple[dict, dict]:
    """Until `stop_recording`, answer `parse` from `primed` where it can, and note every tree."""
    recorder = (primed, {})
    _RECORDERS.append(recorder)
    return recorder


def stop_recording(recorder: tuple[dict, dict]) -> dict:
    """Stop a `record_parses`; returns the trees parsed (or primed) meanwhile."""
    for i, other in enumerate(_RECORDERS):
        if other is recorder:
            del _RECORDERS[i]
            break
    return recorder[1]


def parse(text: str, start: str = "expression") -> Tree:
    """Parse an expression (`start='expression'`) or effect statements (`'statements'`)."""
    if not _RECORDERS:
        return _parse(text, start)
    primed, used = _RECORDERS[-1]
    key = (start, text)
    tree = primed.get(key)
    if tree is None:
        tree = _parse(text, start)
    used[key] = tree
    return tree


@lru_cache(maxsize=4096)
def _parse(text: str, start: str) -> Tree:
    try:
        return parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise (_missing_statement(text) or _friendly(exc, text, start)) from None


# Statements of other languages that this one writes another way, and that way.
_MISSING_STATEMENTS = {
    "let": "there is no 'let' statement; name a value with a 'let:' step (let: {best: \"...\"}), "
           "which the steps after it can read",
    "break": "'break' is a step of its own: write '- break' alone in the step list; it leaves the "
             "innermost for_each, while or repeat",
    "continue": "there is no 'continue'; put the rest of the loop's steps under an 'if:' step "
                "(or in its 'else:')",
    "return": "there is no 'return'; a function's value is its expression, and 'break' (a step of "
              "its own) leaves a loop",
}
_STATEMENT_START = re.compile(r"(?:^|;)\s*(let|break|continue|return)\b")


def _missing_statement(text: str) -> ParseError | None:
    """A keyword of another language where a statement starts: say what to write instead."""
    match = _STATEMENT_START.search(text)
    if match is None:
        return None
    before = text[: match.start(1)]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return ParseError(_MISSING_STATEMENTS[match.group(1)], line, column)


def _describe_expected(expected) -> str:
    names = {name for name in expected if not name.startswith("__ANON") or name in FRIENDLY}
    if names & {"NAME", "INT", "STRING"} and len(names & _VALUE_STARTS) >= 3:
        names = (names - _VALUE_STARTS) | {"VALUE"}
    if len(names & _OPERATORS) >= 4:
        names = (names - _OPERATORS) | {"OPERATOR"}
    words = sorted(FRIENDLY.get(n, {"VALUE": "a value", "OPERATOR": "an operator"}.get(n, n.lower()))
                   for n in names)
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _friendly(exc: UnexpectedInput, text: str, start: str) -> ParseError:
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = "the end of the expression" if token.type == "$END" else f"'{token}'"
        if token.type == "$END":
            line, column = _end_position(text)
        if token.type == "COMPARE" and _follows_comparison(text, token) and "PLUS" in _acceptable(exc):
            return ParseError("comparisons cannot be chained; join them with 'and'", line, column)
        if start == "statements" and token.type == "EQUAL" and text[token.start_pos - 1] == "=":  # x == 1
            return ParseError("a comparison does nothing as a statement: write '=' to assign, or use "
                              "an 'if:' step to test", line, column - 1)
        if token.type == "EQUAL" or (token.type == "__ANON_0" and start == "expression"):
            return ParseError(f"unexpected {found}: write '==' to compare; assignments belong in effects",
                              line, column)
        acceptable = _acceptable(exc)
        if token.type == "$END" and "RPAR" in acceptable:   # an open '(': its ')' is what is missing
            acceptable.discard("COMMA")
        return ParseError(f"expected {_describe_expected(acceptable)}, found {found}", line, column)
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        hint = ""
        if char == "&":
            hint = " (write 'and')"
        elif char == "|":
            hint = " (write 'or')"
        elif char == "!":
            hint = " (write 'not', or '!=' to compare)"
        elif char in "'\"":
            hint = " (a string is not closed)"
        return ParseError(f"unexpected character '{char}'{hint}", line, column)
    if isinstance(exc, UnexpectedEOF):
        line, column = _end_position(text)
        return ParseError(f"the expression ends too early; expected {_describe_expected(exc.expected)}",
                          line, column)
    return ParseError(str(exc), line, column)  # pragma: no cover - lark has no other kinds


def _acceptable(exc: UnexpectedToken) -> set:
    """The tokens that could really come next: LALR's `expected` also lists tokens that are
    only legal in other contexts (a ')' with no '(' open)."""
    try:
        return set(exc.interactive_parser.accepts()) or set(exc.expected)
    except Exception:  # pragma: no cover - older lark without an interactive parser
        return set(exc.expected)


def _follows_comparison(text: str, token) -> bool:
    """Whether a comparison operator at `token` follows another comparison (a < b < c)."""
    before = text[: token.start_pos]
    return any(op in before for op in ("<", ">", "==", "!=", " in "))


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1]) + 1
