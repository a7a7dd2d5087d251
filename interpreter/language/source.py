"""Reads a YAML file safely into plain data, keeping a line and column for every node.

PyYAML keeps the last of two duplicate keys silently and has no limits on aliases or
nesting; this module composes the node tree itself so that it can reject those, and so
that every later error (schema, names, types, inside an expression string) points at
the exact place in the file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

import yaml

from interpreter.errors import Collector, Span

_Loader: Any
try:  # libyaml is ~10x faster; the pure-Python loader gives the same nodes.
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

MAX_NODES = 100_000   # an alias bomb expands past this long before memory runs out
MAX_DEPTH = 64        # no ruleset needs deeper nesting
MAX_BYTES = 2_000_000

# The tags a plain YAML document resolves to; anything else was written as an explicit tag.
PLAIN_TAGS = {"tag:yaml.org,2002:" + name for name in
              ("map", "seq", "str", "int", "float", "bool", "null", "timestamp", "merge", "binary")}

Path = tuple  # a JSON path: keys and list indexes from the document root


class NodeInfo(NamedTuple):
    """Where a value stands in the file (0-based, as YAML counts), and how it was written (for
    expression offsets); the key's position for a value of a mapping. Plain data, so that the
    load cache can keep it."""
    line: int
    column: int
    end_line: int
    style: str | None
    scalar: bool
    key_line: int | None = None
    key_column: int | None = None

    @classmethod
    def of(cls, node, key_node=None) -> "NodeInfo":
        key = key_node.start_mark if key_node is not None else None
        scalar = isinstance(node, yaml.ScalarNode)
        return cls(node.start_mark.line, node.start_mark.column, node.end_mark.line,
                   node.style if scalar else None, scalar, key.line if key else None, key.column if key else None)


class Source:
    """One YAML file: its text, its data, and the position of every value in it."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.lines = text.splitlines()
        self.data: Any = None
        self.nodes: dict[Path, NodeInfo] = {}
        self.dropped: set[str] = set()    # top-level sections left out for a YAML error in them

    # -- positions ---------------------------------------------------------
    def span(self, path: Path, *, key: bool = False) -> Span:
        """The position of the value at `path`, or of its key, or of the nearest parent."""
        path = tuple(path)
        while path not in self.nodes and path:
            path = path[:-1]
        info = self.nodes.get(path)
        if info is None:
            return Span(self.path, 1, 1)
        if key and info.key_line is not None and info.key_column is not None:
            return Span(self.path, info.key_line + 1, info.key_column + 1)
        return Span(self.path, info.line + 1, info.column + 1)

    def expression_span(self, path: Path, line: int, column: int) -> Span:
        """The file position of (line, column) inside the expression string at `path`."""
        info = self.nodes.get(tuple(path))
        if info is None and not self.nodes:      # a bare expression, not read from YAML
            return Span(self.path, line, column)
        if info is None or not info.scalar:
            return self.span(path)
        start_line, start_col, style = info.line, info.column, info.style
        if style in ("|", ">"):
            first = start_line + 1                      # block content starts on the next line
            indent = _indent(self.lines[first]) if first < len(self.lines) else 0
            if style == "|":
                return Span(self.path, first + line, indent + column)
            return self._folded(first, indent, line, column)
        quote = 1 if style in ('"', "'") else 0
        if info.end_line == start_line:
            return Span(self.path, start_line + 1, start_col + 1 + quote + column - 1)
        # A plain or quoted scalar over several lines: YAML folded its line breaks to spaces.
        return self._folded(start_line, None, line, column, first_col=start_col + quote)

    def _folded(self, first: int, indent: int | None, line: int, column: int,
                first_col: int | None = None) -> Span:
        offset = column - 1  # folded text is one line; find which source line holds the offset
        number = first
        while number < len(self.lines):
            raw = self.lines[number]
            start = first_col if (number == first and first_col is not None) else _indent(raw)
            piece = raw[start:].rstrip()
            if offset <= len(piece):
                return Span(self.path, number + 1, start + offset + 1)
            offset -= len(piece) + 1
            number += 1
        return Span(self.path, first + 1, (first_col or indent or 0) + 1)

    def source_line(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""


def _kind_of(value) -> str:
    """What a top-level value is, in an author's words."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return f"a {type(value).__name__}"


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def read_source(path: str, text: str, errors: Collector) -> Source | None:
    """Parse `text` into a Source, reporting every problem to `errors`; None if unusable."""
    source = Source(path, text)
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        errors.error("too-large", f"file is larger than {MAX_BYTES} bytes", Span(path, 1, 1))
        return None
    root = _compose(source, text, errors)
    if root is _UNREADABLE:
        return None
    if root is None:
        errors.error("empty-file", "the file is empty; a ruleset is a mapping that starts with 'version: 1'",
                     Span(path, 1, 1))
        return None
    builder = _Builder(source, errors)
    try:
        source.data = builder.build(root, (), 0)
    except _TooBig as exc:
        errors.error("too-large", str(exc), exc.span)
        return None
    if not isinstance(source.data, dict):
        errors.error("not-a-mapping", "a ruleset must be a mapping of sections (version, name, ...), "
                     f"not {_kind_of(source.data)}", source.span(()))
        return None
    return source


_UNREADABLE = object()
MAX_RECOVERIES = 20      # YAML errors reported in one file before giving up on the rest


def _compose(source: Source, text: str, errors: Collector):
    """The YAML node tree of `text`. A syntax error is reported, and reading goes on without
    the top-level section that holds it (its lines left blank, so every position stays), so
    the rest of the file is still checked; the sections left out are in `source.dropped`.
    _UNREADABLE when no section can be left out to read the rest."""
    path = source.path
    lines = text.split("\n")
    for _ in range(MAX_RECOVERIES):
        try:
            return yaml.compose("\n".join(lines), Loader=_Loader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            span = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path, 1, 1)
            problem = exc.problem or exc.context or "invalid YAML"
            context = f" ({exc.context})" if exc.context and exc.problem else ""
            if context and exc.context_mark and exc.problem_mark and \
                    exc.context_mark.line != exc.problem_mark.line:
                context = f" ({exc.context} that starts at line {exc.context_mark.line + 1})"
            errors.error("yaml-syntax", f"YAML syntax error: {problem}{context}", span,
                         _yaml_hint(problem, text, mark))
            # the section where the broken construct starts, else the one where it was noticed
            starts = [m.line for m in (exc.context_mark, exc.problem_mark) if m is not None]
            if not any(_leave_out(lines, line, source.dropped) for line in starts):
                return _UNREADABLE
        except (yaml.YAMLError, RecursionError) as exc:
            errors.error("yaml-syntax", f"YAML error: {exc}", Span(path, 1, 1))
            return _UNREADABLE
    return _UNREADABLE


_TOP_KEY = re.compile(r"([A-Za-z_][\w-]*)\s*:(\s|$)")


def _leave_out(lines: list[str], line: int, dropped: set) -> bool:
    """Blank the lines of the top-level section that holds `line` (from 0); whether any was."""
    starts = [i for i, text in enumerate(lines) if _TOP_KEY.match(text)]
    first = max((i for i in starts if i <= line), default=None)
    if first is None:
        return False
    end = min((i for i in starts if i > first), default=len(lines))
    if not any(lines[first:end]):
        return False
    key = _TOP_KEY.match(lines[first])
    assert key is not None          # `first` is one of `starts`
    dropped.add(key.group(1))
    lines[first:end] = [""] * (end - first)
    return True


def _yaml_hint(problem: str, text: str, mark) -> str | None:
    """The usual cause of a YAML error in a ruleset, when it is one of the usual ones."""
    line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
    if "\t" in problem or "\t" in line[: (mark.column + 1) if mark else 0]:
        return "YAML indents with spaces, never tabs: replace the tab with spaces"
    if "did not find expected key" in problem and mark is not None and line[:mark.column].strip() == "":
        return ("this line is indented differently from the keys before it in the same mapping: "
                "line it up with them (YAML counts the spaces)")
    if "mapping values are not allowed" in problem:
        return ("a ': ' inside a plain value starts a mapping; put the whole value in quotes, "
                "e.g. then: \"announce('Score: ' + text(n))\"")
    return None


@dataclass
class Where:
    """Where an expression string stands: its Source and JSON path, for error positions."""
    source: Source
    path: tuple

    def span(self, line: int = 1, column: int = 1) -> Span:
        return self.source.expression_span(self.path, line, column)


class _TooBig(Exception):
    def __init__(self, message: str, span: Span):
        super().__init__(message)
        self.span = span


class _Builder:
    """Turns composed nodes into plain data, recording positions and rejecting duplicates."""

    def __init__(self, source: Source, errors: Collector):
        self.source = source
        self.errors = errors
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node, path: Path, depth: int, key_node=None) -> Any:
        self.count += 1
        span = Span(self.source.path, node.start_mark.line + 1, node.start_mark.column + 1)
        if self.count > MAX_NODES:
            raise _TooBig(f"the document expands to more than {MAX_NODES} values "
                          "(aliases repeated too often?)", span)
        if depth > MAX_DEPTH:
            raise _TooBig(f"values are nested more than {MAX_DEPTH} levels deep", span)
        self.source.nodes.setdefault(path, NodeInfo.of(node, key_node))
        plain = node.tag in PLAIN_TAGS
        if not plain:   # reported, then read as if untagged, so that nothing else complains
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.errors.error("yaml-tag", f"YAML tag '{tag[:60]}' is not supported; write plain values "
                              "(text, numbers, true/false, lists and mappings)", span)
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            for key, value in node.value:
                if not isinstance(key, yaml.ScalarNode):
                    self.errors.error("bad-key", "a key must be a plain word, not a list or mapping",
                                      Span(self.source.path, key.start_mark.line + 1,
                                           key.start_mark.column + 1))
                    continue
                name = key.value  # keys stay text: YAML 1.1 would read a key `on:` as true
                if key.tag == "tag:yaml.org,2002:merge":
                    self.errors.error("merge-key", "YAML merge keys ('<<') are not supported; "
                                      "use 'extends' or 'include'", Span(self.source.path, key.start_mark.line + 1,
                                                                         key.start_mark.column + 1))
                    continue
                if name in result:
                    first = self.source.nodes[path + (name,)]
                    self.errors.error(
                        "duplicate-key",
                        f"duplicate key '{name}' (first defined at line {(first.key_line or 0) + 1}); "
                        "YAML would silently keep only the last one",
                        Span(self.source.path, key.start_mark.line + 1, key.start_mark.column + 1))
                    continue
                result[name] = self.build(value, path + (name,), depth + 1, key)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        if not plain:
            return str(node.value)
        try:
            value = self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.errors.error("yaml-tag", f"'{str(node.value)[:40]}' is not a valid {tag} value", span)
            return str(node.value)
        if isinstance(value, (bytes, bytearray)) or type(value).__module__ == "datetime":
            return str(node.value)  # keep dates and binary as the text the author wrote
        return value
