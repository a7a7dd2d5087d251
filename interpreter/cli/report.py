"""Renders diagnostics for people (compiler style, with the source line and a caret) or tools (JSON)."""
from __future__ import annotations

import json
from pathlib import Path

from interpreter.errors import Diagnostic


def render_text(diagnostics: list[Diagnostic], *, sources: dict[str, list[str]] | None = None) -> str:
    """`file:line:col: error: message`, then the source line and a caret under the column."""
    lines = []
    cache = dict(sources or {})
    for d in diagnostics:
        where = f"{d.span}: " if d.span else ""
        lines.append(f"{where}{d.severity}: {d.message}")
        if d.span:
            text = _source_line(d.span.file, d.span.line, cache)
            if text is not None:
                lines.append(f"  {d.span.line:>4} | {text}")
                lines.append(f"       | {' ' * (d.span.column - 1)}^")
        if d.hint:
            lines.append(f"       = hint: {d.hint}")
    return "\n".join(lines)


def render_json(results: dict[str, list[Diagnostic]]) -> str:
    return json.dumps({"files": [{"file": f, "valid": not any(d.severity == "error" for d in ds),
                                  "diagnostics": [d.to_json() for d in ds]} for f, ds in results.items()]},
                      indent=2, ensure_ascii=False)


def _source_line(file: str, line: int, cache: dict) -> str | None:
    if file not in cache:
        try:
            cache[file] = Path(file).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            cache[file] = None
    lines = cache[file]
    if not lines or not 0 < line <= len(lines):
        return None
    return lines[line - 1].replace("\t", " ")
