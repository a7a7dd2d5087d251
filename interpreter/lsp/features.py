"""The editor's questions answered from an `Index` (names and places), the ruleset's last good
load (types), the JSON Schema (keys) and the language's registries (builtins, macros, effects:
the ones `cardrules functions` and docs/language.md are written from). Plain functions on
lsprotocol types, so that they can be tested without a server.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from lsprotocol import types as L

from interpreter.language import types as T
from interpreter.language.builtins import BUILTINS
from interpreter.compile.symbols import CARD_BUILTIN_ATTRS, GLOBALS, PLAYER_ATTRS, TEAM_ATTRS
from interpreter.language.effects import EFFECTS
from interpreter.language.loader import LIBRARY
from interpreter.compile.macros import MACRO_DOCS, MACROS
from interpreter.language.schema import schema_text
from interpreter.lsp import context, strings
from interpreter.lsp.index import SECTIONS, Cursor, Definition, Index, Place, Use
from interpreter.shipped import rulesets_folder

TOKEN_TYPES = ["keyword", "string", "number", "operator", "function", "method", "variable", "parameter",
               "property", "namespace", "enumMember"]
TOKEN_MODIFIERS = ["readonly", "defaultLibrary"]
TYPE_NAMES = ["int", "bool", "str", "card", "player", "team", "list<int>", "list<card>", "list<player>",
              "list<str>", "list<list<card>>", "tuple<list<card>, int>"]
STANDARD_CARD_ATTRS = {"rank": "int", "suit": "str", "color": "str"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_HINT = re.compile(r"did you mean '([^']+)'\?")
_KIND = {"option": L.CompletionItemKind.Constant, "zone": L.CompletionItemKind.Module,
         "variable": L.CompletionItemKind.Variable, "function": L.CompletionItemKind.Function,
         "procedure": L.CompletionItemKind.Method, "parameter": L.CompletionItemKind.Variable,
         "ability": L.CompletionItemKind.Event, "trigger": L.CompletionItemKind.Event,
         "phase": L.CompletionItemKind.EnumMember, "attribute": L.CompletionItemKind.Field}
_SYMBOL = {"option": L.SymbolKind.Constant, "zone": L.SymbolKind.Module, "variable": L.SymbolKind.Variable,
           "function": L.SymbolKind.Function, "procedure": L.SymbolKind.Method, "phase": L.SymbolKind.Event,
           "ability": L.SymbolKind.Event, "trigger": L.SymbolKind.Event, "attribute": L.SymbolKind.Field}
RENAMABLE = {"option", "zone", "variable", "function", "procedure", "parameter", "phase", "ability"}


class RenameRefused(ValueError):
    """A rename the server cannot make, in words for the person who asked."""


# -- places --------------------------------------------------------------------
def uri_of(path: Path) -> str:
    return path.as_uri()


def location(place: Place) -> L.Location:
    return L.Location(uri_of(place.file), _range(place))


def _range(place: Place) -> L.Range:
    return L.Range(L.Position(place.line, place.start), L.Position(place.line, place.end))


def _where(place: Place) -> str:
    try:
        shown = place.file.relative_to(Path.cwd())
    except ValueError:
        shown = place.file.name if place.file.is_relative_to(LIBRARY) else place.file
    return f"{shown}:{place.line + 1}"


# -- types from the last good load ----------------------------------------------
def type_of(defn: Definition, ruleset) -> str | None:
    """The type the checker gave a name, when the ruleset last loaded without errors."""
    symbols = getattr(ruleset, "symbols", None)
    if symbols is None:
        return None
    if defn.kind == "function" and defn.name in symbols.functions:
        found = symbols.functions[defn.name].type
        return T.show(found) if found is not None else None
    if defn.kind == "option" and defn.name in symbols.options:
        return T.show(symbols.options[defn.name])
    if defn.kind == "variable":
        for table in (symbols.game_vars, symbols.player_vars, symbols.team_vars, symbols.card_vars):
            if defn.name in table:
                return T.show(table[defn.name])
    return None


def describe(defn: Definition, ruleset) -> str:
    typ = type_of(defn, ruleset)
    head = defn.detail + (f" -> {typ}" if typ and defn.kind == "function" else "")
    lines = [f"```\n{head}\n```", f"defined at {_where(defn.place)}"]
    if defn.doc:
        lines.append(defn.doc.strip())
    return "\n\n".join(lines)


def _library_doc(name: str, *, attribute: bool) -> str | None:
    if attribute and name in MACRO_DOCS:
        return f"```\n{MACRO_DOCS[name]}\n```\ncollection macro"
    if not attribute and name in BUILTINS:
        b = BUILTINS[name]
        return f"```\n{b.signature}\n```\n\n{b.doc}" + ("" if b.pure else "\n\n(draws at random: effects only)")
    if not attribute and name in EFFECTS:
        e = EFFECTS[name]
        return f"```\n{e.signature}\n```\n\n{e.doc}\n\n(an effect: in statements only)"
    if not attribute and name in GLOBALS:
        return f"```\n{name}: {T.show(GLOBALS[name][0])}\n```\nbuiltin name"
    if attribute:
        for table, what in ((PLAYER_ATTRS, "player"), (TEAM_ATTRS, "team"), (CARD_BUILTIN_ATTRS, "card")):
            if name in table:
                return f"```\n{what}.{name}: {T.show(table[name])}\n```"
    return None


# -- hover, definition, references -----------------------------------------------
def hover(index: Index, cursor: Cursor, *, ruleset=None) -> L.Hover | None:
    item = index.at(cursor)
    if isinstance(item, Definition):
        text = describe(item, ruleset)
    elif isinstance(item, Use):
        found = index.resolve(item)      # (the last is the one in effect: files come parents first)
        text = describe(found[-1], ruleset) if found else _library_doc(item.name, attribute=item.role == "attribute")
    else:
        text = _key_doc(index, cursor)
    if not text:
        return None
    return L.Hover(L.MarkupContent(L.MarkupKind.Markdown, text),
                   _range(item.place) if item is not None else None)


def _key_doc(index: Index, cursor: Cursor) -> str | None:
    """A key's description from the schema, when the cursor is on a key."""
    source = index.files.get(cursor.file)
    if source is None:
        return None
    lines = source.text.splitlines()
    text = lines[cursor.line] if cursor.line < len(lines) else ""
    match = re.match(r"^(\s*(?:-\s+)*)([A-Za-z_]\w*)\s*:", text)
    if not match or not match.start(2) <= cursor.column <= match.end(2):
        return None
    where = context.at(lines, line=cursor.line, column=match.end(2) + 1)
    docs = [n.get("description") for n in schema_nodes(where.path) if n.get("description")]
    return f"`{match.group(2)}`: {docs[0]}" if docs else None


def definition(index: Index, cursor: Cursor) -> list[L.Location]:
    item = index.at(cursor)
    return [location(d.place) for d in index.targets(item)] if item is not None else []


def references(index: Index, cursor: Cursor, *, declaration: bool) -> list[L.Location]:
    item = index.at(cursor)
    if item is None:
        return []
    found = index.targets(item)
    places = [d.place for d in found] if declaration else []
    return [location(p) for p in places + [u.place for u in index.uses_of(found)]]


# -- rename -------------------------------------------------------------------------
def prepare_rename(index: Index, cursor: Cursor) -> L.Range:
    item = index.at(cursor)
    found = index.targets(item) if item is not None else []
    if not found:
        raise RenameRefused("only a name the ruleset defines can be renamed here")
    if any(d.kind not in RENAMABLE for d in found):
        raise RenameRefused(f"a {found[0].kind} cannot be renamed here")
    shipped = [d for d in found if d.place.file.is_relative_to(LIBRARY)]
    if shipped:
        raise RenameRefused(f"'{found[0].name}' is defined in a shipped ruleset ({shipped[0].place.file.name}); "
                            "define your own name instead")
    return _range(item.place)


def rename(index: Index, cursor: Cursor, *, new_name: str) -> L.WorkspaceEdit:
    prepare_rename(index, cursor)
    if not _NAME.match(new_name) or new_name in strings.KEYWORDS:
        raise RenameRefused(f"'{new_name}' is not a name (letters, digits and _, not starting with a digit)")
    found = index.targets(index.at(cursor))
    if new_name in BUILTINS or new_name in EFFECTS or new_name in GLOBALS or new_name in MACROS:
        raise RenameRefused(f"'{new_name}' is a name of the language")
    taken = [d for d in index.named(new_name) if d.kind not in ("parameter", "phase") or d.key == found[0].key
             or (d.kind == "parameter" and d.owner == found[0].owner)]
    if taken and new_name != found[0].name:
        raise RenameRefused(f"'{new_name}' is already the name of a {taken[0].kind} ({_where(taken[0].place)})")
    places = {d.place for d in found} | {u.place for u in index.uses_of(found)}
    changes: dict[str, list[L.TextEdit]] = {}
    for place in sorted(places, key=lambda p: (str(p.file), p.line, p.start)):
        changes.setdefault(uri_of(place.file), []).append(L.TextEdit(_range(place), new_name))
    return L.WorkspaceEdit(changes=changes)


# -- outline --------------------------------------------------------------------------
def symbols(index: Index, file: Path) -> list[L.DocumentSymbol]:
    """The file's options, zones, variables, functions, procedures, abilities, triggers and
    phases, each under its section."""
    groups: dict[str, list[L.DocumentSymbol]] = {}
    for d in index.definitions:
        if d.place.file != file or d.kind == "parameter":
            continue
        section = {"option": "options", "zone": "zones", "variable": "vars", "function": "functions",
                   "procedure": "procedures", "phase": "phases", "ability": "abilities",
                   "trigger": "triggers", "attribute": "deck"}[d.kind]
        children = [L.DocumentSymbol(p.name, L.SymbolKind.Variable, _range(p.place), _range(p.place),
                                     detail=p.detail)
                    for p in index.definitions if p.kind == "parameter" and p.owner == (section, d.name)]
        groups.setdefault(section, []).append(L.DocumentSymbol(
            d.name, _SYMBOL[d.kind], _range(d.place), _range(d.place), detail=d.detail,
            children=children or None))
    out = []
    for section, items in groups.items():
        whole = L.Range(items[0].range.start, items[-1].range.end)
        out.append(L.DocumentSymbol(section, L.SymbolKind.Namespace, whole, items[0].selection_range,
                                    children=items))
    return out


# -- quick fixes ----------------------------------------------------------------------
def code_actions(uri: str, diagnostics: list[L.Diagnostic], *, lines: list[str]) -> list[L.CodeAction]:
    """A quick fix for each diagnostic whose hint is a did-you-mean: the suggestion in place of
    the misspelt name, which the message quotes and the line holds at or after the diagnostic."""
    out = []
    for diagnostic in diagnostics:
        hint = diagnostic.data.get("hint") if isinstance(diagnostic.data, dict) else None
        match = _HINT.search(hint or diagnostic.message)
        if not match:
            continue
        suggestion = match.group(1)
        start = diagnostic.range.start
        text = lines[start.line] if start.line < len(lines) else ""
        quoted = [q for q in re.findall(r"'([^'\n]+)'", diagnostic.message.split(" (did you mean")[0])
                  if q != suggestion]
        found = next((m for q in quoted
                      for m in [re.compile(rf"(?<![\w-]){re.escape(q)}(?![\w-])").search(text, start.character)]
                      if m), None)
        if found is None:
            continue
        edit = L.TextEdit(L.Range(L.Position(start.line, found.start()), L.Position(start.line, found.end())),
                          suggestion)
        out.append(L.CodeAction(f"Change '{found.group()}' to '{suggestion}'", kind=L.CodeActionKind.QuickFix,
                                diagnostics=[diagnostic], is_preferred=True,
                                edit=L.WorkspaceEdit(changes={uri: [edit]})))
    return out


# -- semantic tokens ------------------------------------------------------------------
def semantic_tokens(index: Index, file: Path) -> list[int]:
    """The tokens of the file's expression strings, encoded as the protocol wants them."""
    source = index.files.get(file)
    if source is None:
        return []
    found = []
    for text in strings.texts(source):
        owner = text.path[:2] if text.path[0] in ("functions", "procedures") and len(text.path) > 2 else None
        tokens = strings.tokens(text)
        for i, token in enumerate(tokens):
            kind, modifiers = _classify(index, tokens, at=i, owner=owner)
            if kind is None:
                continue
            line, column = strings.position(source, text, offset=token.offset)
            end_line, _ = strings.position(source, text, offset=token.offset + len(token.text) - 1)
            if end_line == line:      # (a string folded over two lines is left plain)
                found.append((line, column, len(token.text), TOKEN_TYPES.index(kind), modifiers))
    data, last_line, last_column = [], 0, 0
    for line, column, length, kind, modifiers in sorted(set(found)):
        data += [line - last_line, column - last_column if line == last_line else column, length, kind, modifiers]
        last_line, last_column = line, column
    return data


def _classify(index: Index, tokens: list, *, at: int, owner) -> tuple[str | None, int]:
    i = at
    token = tokens[i]
    if token.kind == "phase":
        return "enumMember", 0
    if token.kind in ("keyword", "string", "number", "operator"):
        return token.kind, 0
    if token.kind != "name":
        return None, 0
    library = 1 << TOKEN_MODIFIERS.index("defaultLibrary")
    before = tokens[i - 1].text if i else ""
    after = tokens[i + 1].text if i + 1 < len(tokens) else ""
    name = token.text
    if before == ".":
        if after == "(" and name in MACROS:
            return "method", library
        kinds = {d.kind for d in index.named(name)}
        return ("function", 0) if "function" in kinds else ("property", 0)
    kinds = {d.kind for d in index.named(name) if d.kind != "parameter" or d.owner == owner}
    if "parameter" in kinds:
        return "parameter", 0
    for kind, token_type, modifiers in (("function", "function", 0), ("option", "variable", 1),
                                        ("zone", "namespace", 0), ("variable", "variable", 0),
                                        ("procedure", "function", 0)):
        if kind in kinds:
            return token_type, modifiers
    if name in BUILTINS or name in EFFECTS:
        return "function", library
    if name in GLOBALS:
        return "variable", library | 1
    return "variable", 0


# -- completion -----------------------------------------------------------------------
@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(schema_text())


def _expand(node) -> list[dict]:
    """A schema node with its $refs followed and its anyOf/oneOf/allOf branches spread out."""
    out, stack, seen = [], [node], 0
    while stack and seen < 200:
        seen += 1
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        if "$ref" in item:
            stack.append(schema()["definitions"][item["$ref"].rsplit("/", 1)[1]])
            continue
        out.append(item)
        for word in ("anyOf", "oneOf", "allOf"):
            stack.extend(item.get(word, []))
    return out


def schema_nodes(path: list) -> list[dict]:
    """The schema nodes a value at `path` (keys, '[]' for list items) may match."""
    nodes = _expand(schema())
    for part in path:
        following = []
        for node in nodes:
            if part == "[]":
                following.append(node.get("items"))
            elif part in node.get("properties", {}):
                following.append(node["properties"][part])
            elif isinstance(node.get("additionalProperties"), dict):
                following.append(node["additionalProperties"])
        nodes = [n for item in following if item is not None for n in _expand(item)]
    return nodes


def completion(index: Index, cursor: Cursor, *, lines: list[str], ruleset=None) -> list[L.CompletionItem]:
    where = context.at(lines, line=cursor.line, column=cursor.column)
    if where.typing == "key" and where.path == ["set"]:        # the options a variant may set
        return [item for item in _defined(index, ruleset, kinds={"option"}) if item.label not in where.siblings]
    if where.typing == "key":
        return _keys(where)
    key = next((p for p in reversed(where.path) if p != "[]"), "")
    if len(where.path) >= 2 and where.path[0] == "remove" and where.path[1] in SECTIONS:
        return _defined(index, ruleset, kinds={SECTIONS[where.path[1]]})    # what a file may remove
    nodes = schema_nodes(where.path)
    enums = [v for n in nodes for v in n.get("enum", []) if isinstance(v, str)]
    if enums and key != "version":
        return [L.CompletionItem(v, kind=L.CompletionItemKind.EnumMember) for v in dict.fromkeys(enums)]
    if key in ("extends", "include"):
        return _files(cursor.file)
    if key == "call":
        return _defined(index, ruleset, kinds={"procedure"})
    if key in ("phase", "phases"):
        return [L.CompletionItem(n, kind=L.CompletionItemKind.EnumMember, detail="phase")
                for n in dict.fromkeys(d.name for d in index.definitions if d.kind == "phase")]
    if key == "type" or (len(where.path) >= 3 and where.path[-2] == "params"):
        return [L.CompletionItem(t, kind=L.CompletionItemKind.TypeParameter) for t in TYPE_NAMES]
    option = _option_for_value(where.path)
    if option is not None:
        return _option_values(index, option)
    return _expression(index, ruleset, where=where)


def _keys(where: context.Context) -> list[L.CompletionItem]:
    """The keys the schema allows there; where the keys already written choose among several
    shapes (a `choose:` step, say), those of the shapes that have them all."""
    out = {}
    nodes = [n for n in schema_nodes(where.path) if "properties" in n]
    fitting = [n for n in nodes if all(key in n["properties"] for key in where.siblings)]
    for node in fitting or nodes:
        for key, spec in node.get("properties", {}).items():
            if key in where.siblings:
                continue
            doc = next((n.get("description") for n in _expand(spec) if n.get("description")), None)
            out.setdefault(key, L.CompletionItem(key, kind=L.CompletionItemKind.Property, detail=doc,
                                                 insert_text=f"{key}: "))
    return list(out.values())


def _files(file: Path) -> list[L.CompletionItem]:
    names = {p.stem: "shipped ruleset" for p in rulesets_folder().glob("*.yaml")}
    names.update({p.stem: "shipped library" for p in (rulesets_folder() / "lib").glob("*.yaml")})
    names.update({p.stem: "next to this file" for p in file.parent.glob("*.yaml") if p != file})
    return [L.CompletionItem(n, kind=L.CompletionItemKind.File, detail=d) for n, d in sorted(names.items())]


def _option_for_value(path: list) -> str | None:
    if len(path) == 2 and path[0] == "set":
        return path[1]
    if len(path) == 3 and path[0] == "options" and path[2] == "default":
        return path[1]
    return None


def _option_values(index: Index, name: str) -> list[L.CompletionItem]:
    for d in reversed(index.named(name)):
        if d.kind == "option" and isinstance(d.entry, dict):
            values = d.entry.get("values") or (["true", "false"] if d.entry.get("type") == "bool" else [])
            return [L.CompletionItem(str(v).lower() if isinstance(v, bool) else str(v),
                                     kind=L.CompletionItemKind.EnumMember,
                                     detail=f"default: {d.entry.get('default')!r}") for v in values]
    return []


def _defined(index: Index, ruleset, *, kinds: set, owner=None) -> list[L.CompletionItem]:
    out = {}
    for d in index.definitions:
        if d.kind in kinds and (d.kind != "parameter" or d.owner == owner):
            typ = type_of(d, ruleset)
            out[d.name] = L.CompletionItem(d.name, kind=_KIND[d.kind],
                                           detail=d.detail + (f" -> {typ}" if typ and d.kind == "function" else ""),
                                           documentation=d.doc or None)
    return list(out.values())


def _expression(index: Index, ruleset, *, where: context.Context) -> list[L.CompletionItem]:
    if where.after_dot:
        return _attributes(index, ruleset)
    owner = tuple(where.path[:2]) if where.path and where.path[0] in ("functions", "procedures") else None
    items = _defined(index, ruleset, kinds={"option", "zone", "function", "parameter"}, owner=owner)
    items += [d for d in _defined(index, ruleset, kinds={"variable"})
              if any(x.kind == "variable" and "game variable" in x.detail for x in index.named(d.label))]
    items += [L.CompletionItem(n, kind=L.CompletionItemKind.Constant, detail=f"{n}: {T.show(t)}")
              for n, (t, _) in GLOBALS.items()]
    items += [L.CompletionItem(b.name, kind=L.CompletionItemKind.Function, detail=b.signature, documentation=b.doc)
              for b in BUILTINS.values()]
    items += [L.CompletionItem(e.name, kind=L.CompletionItemKind.Function, detail=f"effect {e.signature}",
                               documentation=e.doc) for e in EFFECTS.values()]
    items += [L.CompletionItem(k, kind=L.CompletionItemKind.Keyword) for k in sorted(strings.KEYWORDS)]
    return items


def _attributes(index: Index, ruleset) -> list[L.CompletionItem]:
    """After a dot: the variables of players, teams and cards, player zones, card attributes,
    the builtin attributes and the collection macros."""
    game_level = {d.name for d in index.definitions
                  if (d.kind == "variable" and d.detail.startswith("game variable"))
                  or (d.kind == "zone" and isinstance(d.entry, dict) and d.entry.get("owner", "game") == "game")}
    items = [d for d in _defined(index, ruleset, kinds={"variable", "zone", "function", "attribute"})
             if d.label not in game_level]
    attrs = dict(STANDARD_CARD_ATTRS)
    symbols = getattr(ruleset, "symbols", None)
    if symbols is not None:
        attrs = {n: T.show(t) for n, t in symbols.card_attrs.items()}
    items += [L.CompletionItem(n, kind=L.CompletionItemKind.Field, detail=f"card attribute: {t}")
              for n, t in attrs.items()]
    for table, what in ((PLAYER_ATTRS, "player"), (TEAM_ATTRS, "team"), (CARD_BUILTIN_ATTRS, "card")):
        items += [L.CompletionItem(n, kind=L.CompletionItemKind.Field, detail=f"{what}.{n}: {T.show(t)}")
                  for n, t in table.items()]
    items += [L.CompletionItem(n, kind=L.CompletionItemKind.Method, detail=doc) for n, doc in MACRO_DOCS.items()]
    return list({item.label: item for item in reversed(items)}.values())[::-1]
