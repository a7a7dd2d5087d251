"""Diagnostics for the editor: `check_ruleset`, the checker `cardrules validate` runs, on the
editor's buffers, its findings placed in the files they are about.

Checks run with the parse trees and compiled code of the last check kept in memory
(`compile.warm`), so a check after a small edit redoes little; nothing is written to the load
cache on disk for a buffer being typed.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping

from lsprotocol import types as L

from interpreter.compile.warm import Warm
from interpreter.errors import Diagnostic
from interpreter.compile.ruleset import check_ruleset
from interpreter.lsp.index import display_path

_TOKEN = re.compile(r"""[A-Za-z0-9_.\-]+|'[^']*'?|"[^"]*"?""")
SEVERITY = {"error": L.DiagnosticSeverity.Error, "warning": L.DiagnosticSeverity.Warning}


class Checker:
    """Checks rulesets again and again, keeping what the last check used."""

    def __init__(self):
        self.warm = Warm()

    def check(self, path: Path, texts: Mapping[Path, str]) -> tuple[object, list[Diagnostic]]:
        """(the ruleset or None, every diagnostic), as `validate` finds them."""
        with self.warm.use():
            return check_ruleset(str(path), texts=texts)


def by_file(diagnostics: list[Diagnostic], *, top: Path, lines_of) -> dict[Path, list[L.Diagnostic]]:
    """The diagnostics as the protocol has them, by the file they point into (the checked file
    for one that points nowhere); `lines_of(path)` gives a file's lines, to find a word's end."""
    out: dict[Path, list[L.Diagnostic]] = {top: []}
    for d in diagnostics:
        file = display_path(d.span.file) if d.span is not None else top
        lines = lines_of(file)
        out.setdefault(file, []).append(to_lsp(d, lines))
    return out


def to_lsp(d: Diagnostic, lines: list[str]) -> L.Diagnostic:
    line = max((d.span.line if d.span else 1) - 1, 0)
    start = max((d.span.column if d.span else 1) - 1, 0)
    text = lines[line] if line < len(lines) else ""
    if d.span is not None and d.span.end_column:
        end = d.span.end_column - 1
    else:
        word = _TOKEN.match(text, start)
        end = word.end() if word else start + 1
    message = d.message + (f" ({d.hint})" if d.hint else "")
    return L.Diagnostic(L.Range(L.Position(line, start), L.Position(line, max(end, start + 1))), message,
                        severity=SEVERITY.get(d.severity, L.DiagnosticSeverity.Error), code=d.code,
                        source="cardrules", data={"hint": d.hint} if d.hint else None,
                        tags=[L.DiagnosticTag.Unnecessary] if d.code == "unused" else None)
