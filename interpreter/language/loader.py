"""Reads a ruleset's files and merges them: `extends`, `include`, `remove` and `set`.

A ruleset names its parents by a shipped ruleset's name (`extends: NAME`) or a relative path
that stays inside the folder tree of the files given on the command line; a cycle, a missing
file or a path that climbs out is an error at the line that names it. Each file is read once
and schema-checked on its own, so an error points into the file that holds it.
"""
from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from interpreter.language import source_cache as sources
from interpreter.language.source import Where
from interpreter.errors import Collector, Span, did_you_mean
from interpreter.language.schema import check_schema
from interpreter.language.source import MAX_BYTES, Source, read_source
from interpreter.shipped import rulesets_folder

LIBRARY = rulesets_folder()
NAMED_SECTIONS = ("options", "zones", "functions", "procedures", "triggers", "abilities")
VAR_SCOPES = ("game", "player", "team", "card")
MAX_NAME = 1_000     # characters of a name given to `extends` or `include`
SINGLE_SECTIONS = ("name", "description", "players", "deck", "teams", "flow", "result", "limits", "hand_history")


@dataclass
class Located:
    """A value from a file, with the Source and path it came from (for positions)."""
    value: Any
    source: Source
    path: tuple

    @property
    def where(self) -> Where:
        return Where(self.source, self.path)

    @property
    def span(self) -> Span:
        return self.source.span(self.path)


# -- reading files --------------------------------------------------------------
class Reader:
    """Reads a ruleset file and everything it extends or includes, each file once."""

    def __init__(self, errors: Collector, roots: list[Path], texts: Mapping[Path, str] | None = None):
        self.errors = errors
        self.roots = [r.resolve() for r in roots]
        self.cache: dict[Path, Source | None] = {}
        # texts that stand for files' contents on disk (an editor's unsaved buffers), by resolved path
        self.texts = dict(texts or {})

    def read(self, path: Path, display: str, span: Span | None) -> Source | None:
        try:
            path = path.resolve()
        except (OSError, RuntimeError, ValueError):   # a symlink loop, a name the system refuses
            self.errors.error("unreadable", f"cannot read {_short(display)}: a symlink loop or an "
                              "impossible file name", span)
            return None
        if path in self.cache:
            return self.cache[path]
        text = self.texts.get(path)
        if text is None:
            text = read_text(path, display, span, self.errors)
        if text is None:
            return None
        source = sources.stored(display, text)
        if source is None:
            said = len(self.errors.diagnostics)
            source = read_source(display, text, self.errors)
            if source is not None and len(self.errors.diagnostics) == said:   # read without a word
                sources.keep(source)
        if source is not None:
            check_schema(source, self.errors)
        self.cache[path] = source
        return source

    def resolve(self, ref: str, base: Path, span: Span) -> Path | None:
        """A file named by `extends`/`include`: a shipped ruleset by name, or a relative path."""
        if "\0" in ref or len(ref) > MAX_NAME or any(len(part) > 255 for part in ref.replace("\\", "/").split("/")):
            self.errors.error("bad-file-name", f"'{_short(ref)}' is not a usable file name", span)
            return None
        try:
            return self._resolve(ref, base, span)
        except (OSError, RuntimeError, ValueError):
            self.errors.error("unreadable", f"cannot follow '{_short(ref)}': a symlink loop or an "
                              "impossible file name", span)
            return None

    def _resolve(self, ref: str, base: Path, span: Span) -> Path | None:
        if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
            for folder in (base.parent, LIBRARY, LIBRARY / "lib"):
                candidate = folder / f"{ref}.yaml"
                if candidate.exists() or candidate.resolve() in self.texts:
                    return candidate
            self.errors.error("missing-file", f"no ruleset named '{ref}' next to {base.name} or among "
                              "the shipped rulesets", span,
                              did_you_mean(ref, [p.stem for p in LIBRARY.glob("*.yaml")] +
                                           [p.stem for p in (LIBRARY / "lib").glob("*.yaml")]))
            return None
        target = (base.parent / ref).resolve()
        if not any(target == root or root in target.parents for root in self.roots):
            self.errors.error("path-escape", f"'{ref}' is outside the ruleset's folder; name a shipped "
                              "ruleset, or give the file on the command line", span)
            return None
        return target


def read_text(path: Path, display: str, span: Span | None, errors: Collector) -> str | None:
    """A ruleset file's text: a regular file, checked for size before it is read, in UTF-8
    (a bad byte is reported at its line and column)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        errors.error("missing-file", f"no such file: {_short(display)}", span)
        return None
    except (OSError, ValueError) as exc:
        errors.error("unreadable", f"cannot read {_short(display)}: {exc.__class__.__name__}", span)
        return None
    if not stat.S_ISREG(info.st_mode):
        errors.error("unreadable", f"{_short(display)} is not a regular file", span)
        return None
    if info.st_size > MAX_BYTES:
        errors.error("too-large", f"{_short(display)} is larger than {MAX_BYTES} bytes", span)
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        errors.error("unreadable", f"cannot read {_short(display)}: {exc.strerror or exc}", span)
        return None
    if len(data) > MAX_BYTES:
        errors.error("too-large", f"{_short(display)} is larger than {MAX_BYTES} bytes", span)
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        errors.error("encoding", f"this file is not UTF-8 text: byte 0x{data[exc.start]:02x} cannot start "
                     "a character here; save the file as UTF-8", Span(display, line, column))
        return None


def _short(text: str, limit: int = 80) -> str:
    text = text.replace("\0", "\\0")
    return text if len(text) <= limit else text[:limit] + "..."


def layers(reader: Reader, path: Path, display: str, span, chain: list[Path]) -> list[Source] | None:
    """The files of a ruleset in merge order: ancestors and includes first, the file itself last."""
    source = reader.read(path, display, span)
    if source is None:
        return None
    resolved = path.resolve()
    out: list[Source] = []
    data = source.data
    refs = []
    if isinstance(data.get("extends"), str):
        refs.append(("extends", data["extends"], source.span(("extends",))))
    for i, inc in enumerate(data.get("include") or [] if isinstance(data.get("include"), list) else []):
        if isinstance(inc, str):
            refs.append(("include", inc, source.span(("include", i))))
    for _, ref, ref_span in refs:
        target = reader.resolve(ref, resolved, ref_span)
        if target is None:
            continue
        if target in chain + [resolved]:
            names = " -> ".join(p.name for p in chain + [resolved, target])
            reader.errors.error("extends-cycle", f"'{ref}' makes a cycle: {names}", ref_span)
            continue
        parent_display = _display(target)
        parents = layers(reader, target, parent_display, ref_span, chain + [resolved])
        for layer in parents or []:
            if all(layer is not seen for seen in out):
                out.append(layer)
    out.append(source)
    return out


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# -- merging ------------------------------------------------------------------
def merge(layers: list[Source], errors: Collector) -> dict:
    merged: dict[str, Any] = {s: {} for s in NAMED_SECTIONS}
    merged["vars"] = {scope: {} for scope in VAR_SCOPES}
    merged["set"] = {}
    merged["constraints"] = []
    for source in layers:
        data = source.data
        for section, names in (data.get("remove") or {}).items() if isinstance(data.get("remove"), dict) else []:
            table = merged["vars"].get(section.split(".", 1)[1]) if section.startswith("vars.") else merged.get(section)
            for i, name in enumerate(names or []):
                if not isinstance(table, dict) or name not in table:
                    errors.error("unknown-name", f"cannot remove '{name}': no {section} entry of that name",
                                 source.span(("remove", section, i)))
                else:
                    del table[name]
        for section in NAMED_SECTIONS:
            for name, value in (data.get(section) or {}).items() if isinstance(data.get(section), dict) else []:
                merged[section][name] = Located(value, source, (section, name))
        for scope, table in (data.get("vars") or {}).items() if isinstance(data.get("vars"), dict) else []:
            for name, value in (table or {}).items() if isinstance(table, dict) else []:
                merged["vars"].setdefault(scope, {})[name] = Located(value, source, ("vars", scope, name))
        for section in SINGLE_SECTIONS:
            if section in data:
                merged[section] = Located(data[section], source, (section,))
        for name, value in (data.get("set") or {}).items() if isinstance(data.get("set"), dict) else []:
            merged["set"][name] = Located(value, source, ("set", name))
        for i, item in enumerate(data.get("constraints") or []):
            merged["constraints"].append(Located(item, source, ("constraints", i)))
    return merged


