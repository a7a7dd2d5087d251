"""Reads a ruleset's files and merges them: `extends`, `include`, `remove` and `set`.

A ruleset names its parents by a shipped ruleset's name (`extends: NAME`) or a relative path
that stays inside the folder tree of the files given on the command line; a cycle, a missing
file or a path that climbs out is an error at the line that names it. Each file is read once
and schema-checked on its own, so an error points into the file that holds it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.language.compiler import Where
from interpreter.errors import Collector, Span, did_you_mean
from interpreter.language.schema import check_schema
from interpreter.language.source import Source, read_source
from interpreter.shipped import rulesets_folder

LIBRARY = rulesets_folder()
NAMED_SECTIONS = ("options", "zones", "functions", "procedures", "triggers", "abilities")
VAR_SCOPES = ("game", "player", "team", "card")
SINGLE_SECTIONS = ("name", "description", "players", "deck", "teams", "flow", "result")


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

    def __init__(self, errors: Collector, roots: list[Path]):
        self.errors = errors
        self.roots = [r.resolve() for r in roots]
        self.cache: dict[Path, Source | None] = {}

    def read(self, path: Path, display: str, span: Span | None) -> Source | None:
        path = path.resolve()
        if path in self.cache:
            return self.cache[path]
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.errors.error("missing-file", f"no such file: {display}", span)
            return None
        except (OSError, UnicodeDecodeError) as exc:
            self.errors.error("unreadable", f"cannot read {display}: {exc}", span)
            return None
        source = read_source(display, text, self.errors)
        if source is not None:
            check_schema(source, self.errors)
        self.cache[path] = source
        return source

    def resolve(self, ref: str, base: Path, span: Span) -> Path | None:
        """A file named by `extends`/`include`: a shipped ruleset by name, or a relative path."""
        if "/" not in ref and "\\" not in ref and not ref.endswith((".yaml", ".yml")):
            for folder in (base.parent, LIBRARY, LIBRARY / "lib"):
                candidate = folder / f"{ref}.yaml"
                if candidate.exists():
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


