"""Where each name of a ruleset is defined and where it is used, across `extends:` and `include:`.

Built from the files as the loader reads them (an editor's unsaved buffers in place of the
files), so it knows the names even while the ruleset has errors. Definitions are the entries of
`options:`, `zones:`, `vars:`, `functions:`, `procedures:`, `abilities:` and `triggers:`, the
parameters of functions and procedures, and the `phase:` steps; uses are the names in
expression strings (see `strings`), the keys of `set:` and the names listed in `remove:`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, NamedTuple

from interpreter.errors import Collector
from interpreter.language.loader import LIBRARY, Reader, layers
from interpreter.language.source import Source
from interpreter.lsp import strings

SECTIONS = {"options": "option", "zones": "zone", "functions": "function", "procedures": "procedure",
            "abilities": "ability", "triggers": "trigger"}
REMOVABLE = {"options", "zones", "functions", "procedures", "abilities", "triggers"}


class Cursor(NamedTuple):
    """Where the editor asks about: a file, a line and a column, counted from 0."""
    file: Path
    line: int
    column: int


@dataclass(frozen=True)
class Place:
    """A stretch of one line of a file; line and columns count from 0."""
    file: Path
    line: int
    start: int
    end: int

    def holds(self, cursor: Cursor) -> bool:
        return cursor.file == self.file and cursor.line == self.line and self.start <= cursor.column <= self.end


@dataclass
class Definition:
    kind: str                       # option, zone, variable, function, procedure, parameter, phase,
    #                                 ability, trigger, attribute (of custom cards)
    name: str
    place: Place
    detail: str                     # one line: "player variable: int", "function follows(p: player, c: card)"
    doc: str = ""
    owner: tuple | None = None      # ('functions', name) or ('procedures', name) for a parameter
    entry: object = None            # the definition's value in the file

    @property
    def key(self) -> tuple:
        return (self.kind if self.kind in ("phase", "parameter") else "name", self.name, self.owner)


@dataclass
class Use:
    name: str
    place: Place
    role: str                       # name, attribute (after a dot), call (before a '('), phase, key
    owner: tuple | None = None      # the function or procedure whose body holds it


@dataclass
class Index:
    files: dict[Path, Source] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)

    def named(self, name: str) -> list[Definition]:
        return [d for d in self.definitions if d.name == name]

    def resolve(self, use: Use) -> list[Definition]:
        """The definitions a use means: a parameter of the body it stands in before a global name."""
        if use.role == "phase":
            return [d for d in self.definitions if d.kind == "phase" and d.name == use.name]
        found = [d for d in self.definitions if d.name == use.name and d.kind == "parameter" and d.owner == use.owner]
        if found and use.role != "attribute":
            return found
        found = [d for d in self.definitions if d.name == use.name and d.kind not in ("parameter", "phase")]
        if found or use.role != "name":
            return found
        # a bare name that nothing else defines may name a phase (`hand_history:` does)
        return [d for d in self.definitions if d.kind == "phase" and d.name == use.name]

    def at(self, cursor: Cursor) -> Definition | Use | None:
        """The definition or use under the cursor."""
        for item in [*self.definitions, *self.uses]:
            if item.place.holds(cursor):
                return item
        return None

    def targets(self, item: Definition | Use) -> list[Definition]:
        if isinstance(item, Definition):
            return [d for d in self.definitions if d.key == item.key]
        return self.resolve(item)

    def uses_of(self, definitions: list[Definition]) -> list[Use]:
        keys = {d.key for d in definitions}
        return [u for u in self.uses if any(d.key in keys for d in self.resolve(u))]


def display_path(display: str) -> Path:
    """The file a diagnostic's or a Source's display name stands for."""
    path = Path(display)
    return path if path.is_absolute() else (Path.cwd() / path).resolve()


def read_layers(path: Path, texts: Mapping[Path, str]) -> list[Source]:
    """The files of the ruleset at `path`, parents first, as the loader reads them."""
    reader = Reader(Collector(), [path.parent, LIBRARY], texts)
    return layers(reader, path, str(path), None, []) or []


def build(path: Path, texts: Mapping[Path, str]) -> Index:
    index = Index()
    for source in read_layers(path, texts):
        file = display_path(source.path)
        index.files[file] = source
        _definitions(index, source, file)
        _uses(index, source, file)
    return index


def _key_place(source: Source, file: Path, *, path: tuple, name: str) -> Place:
    span = source.span(path, key=True)
    return Place(file, span.line - 1, span.column - 1, span.column - 1 + len(name))


def _definitions(index: Index, source: Source, file: Path) -> None:
    data = source.data if isinstance(source.data, dict) else {}
    add = index.definitions.append
    for section, kind in SECTIONS.items():
        entries = data.get(section)
        for name, value in entries.items() if isinstance(entries, dict) else ():
            spec = value if isinstance(value, dict) else {}
            doc = str(spec.get("description") or "")
            add(Definition(kind, name, _key_place(source, file, path=(section, name), name=name),
                           _detail(kind, name, value), doc, entry=value))
            params = spec.get("params")
            if section in ("functions", "procedures") and isinstance(params, dict):
                for pname, ptype in params.items():
                    add(Definition("parameter", pname,
                                   _key_place(source, file, path=(section, name, "params", pname), name=pname),
                                   f"parameter {pname}: {ptype} of {kind} {name}", owner=(section, name)))
    deck = data.get("deck") if isinstance(data.get("deck"), dict) else {}
    for section, what in (("attributes", "card attribute"), ("values", "derived card attribute")):
        table = deck.get(section)
        for name, value in table.items() if isinstance(table, dict) else ():
            typ = value if isinstance(value, str) else "int"
            add(Definition("attribute", name, _key_place(source, file, path=("deck", section, name), name=name),
                           f"{what} {name}: {typ}", entry=value))
    scopes = data.get("vars")
    for scope, table in scopes.items() if isinstance(scopes, dict) else ():
        for name, value in table.items() if isinstance(table, dict) else ():
            spec = value if isinstance(value, dict) else {}
            add(Definition("variable", name, _key_place(source, file, path=("vars", scope, name), name=name),
                           f"{scope} variable {name}: {_var_type(value)}", str(spec.get("description") or ""),
                           entry=value))
    for text in strings.texts(source):
        if text.mode == "phase":
            for token in strings.tokens(text):
                line, column = strings.position(source, text, offset=token.offset)
                add(Definition("phase", token.text, Place(file, line, column, column + len(token.text)),
                               f"phase {token.text}"))


def _uses(index: Index, source: Source, file: Path) -> None:
    data = source.data if isinstance(source.data, dict) else {}
    for text in strings.texts(source):
        if text.mode == "phase":
            continue
        owner = text.path[:2] if text.path[0] in ("functions", "procedures") and len(text.path) > 2 else None
        found = strings.tokens(text)
        for i, token in enumerate(found):
            if token.kind not in ("name", "phase"):
                continue
            before = found[i - 1].text if i else ""
            after = found[i + 1].text if i + 1 < len(found) else ""
            role = "phase" if token.kind == "phase" else "attribute" if before == "." else \
                "call" if after == "(" else "name"
            line, column = strings.position(source, text, offset=token.offset)
            index.uses.append(Use(token.text, Place(file, line, column, column + len(token.text)), role, owner))
    for path, step in _calls(data):      # `with:` names the parameters of the procedure called
        for name in step["with"]:
            index.uses.append(Use(name, _key_place(source, file, path=path + ("with", name), name=name), "name",
                                  ("procedures", step["call"])))
    settings = data.get("set")
    for name in settings if isinstance(settings, dict) else ():
        index.uses.append(Use(name, _key_place(source, file, path=("set", name), name=name), "key"))
    removed = data.get("remove")
    for section, names in removed.items() if isinstance(removed, dict) else ():
        for i, name in enumerate(names if isinstance(names, list) else []):
            if isinstance(name, str):
                span = source.span(("remove", section, i))
                index.uses.append(Use(name, Place(file, span.line - 1, span.column - 1,
                                                  span.column - 1 + len(name)), "name"))


def _calls(data: dict):
    """(path, step) of every `call:` step with a `with:` mapping, however deep."""
    stack: list[tuple[tuple, object]] = [((), data)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("call"), str) and isinstance(item.get("with"), dict):
                yield path, item
            stack.extend((path + (key,), value) for key, value in item.items())
        elif isinstance(item, list):
            stack.extend((path + (i,), value) for i, value in enumerate(item))


def _yaml(value) -> str:
    """A value as a ruleset writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def _var_type(value) -> str:
    if isinstance(value, dict):
        if "type" in value:
            return str(value["type"])
        value = value.get("initial")
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return "str" if isinstance(value, str) else "?"


def _detail(kind: str, name: str, value) -> str:
    spec = value if isinstance(value, dict) else {}
    if kind == "option":
        values = f", one of {', '.join(map(_yaml, spec['values']))}" if isinstance(spec.get("values"), list) else ""
        return f"option {name}: {spec.get('type', '?')} = {_yaml(spec.get('default'))}{values}"
    if kind == "zone":
        return f"zone {name}: one per {spec.get('owner', 'game')}, {spec.get('visibility', 'hidden')}"
    if kind in ("function", "procedure"):
        params = spec.get("params") if isinstance(spec.get("params"), dict) else {}
        return f"{kind} {name}({', '.join(f'{p}: {t}' for p, t in params.items())})"
    return f"{kind} {name}"
