"""One compiled unit of generated code: a function (its helper functions beside it) made from
generated source lines, the constants they refer to, and the source kept for reading.

A unit's namespace holds only the runtime helpers, its own constants and a few pure Python
builtins, so generated code can reach nothing else. Lines written for a rule note its span:
`errors.line_span` maps a line of generated code back to the ruleset (`engine/budget.too_deep` reads it).
"""
from __future__ import annotations

import builtins as _py
import hashlib

from interpreter.cache.recording import Recording
from interpreter.compile import flow_runtime, runtime
from interpreter.errors import LINE_MAPS

SAFE_BUILTINS = {name: getattr(_py, name) for name in ("len", "list", "dict", "any", "all", "range", "min",
                                                        "max", "sorted", "isinstance", "tuple")}
NAMES = {**runtime.NAMES, **flow_runtime.NAMES}

class Unit:
    """Collects the source of one entry function and its helpers, then compiles it once."""

    def __init__(self, label: str, sink: list | None = None):
        self.label = label                 # where it comes from, e.g. 'game.yaml:12:9'
        self.sink = sink                   # where the compiled source is kept for reading
        self.constants: dict[str, object] = {}
        self.helpers: list[tuple[str, list | None]] = []   # source, and the span of each line
        self.hoisted: dict[str, str] = {}  # code -> the local of the entry it is kept in once computed
        self.wrapped: set[str] = set()      # the code of every such kept part (not hoisted again)
        self.env_reads: dict[str, str] = {}   # env key -> the local the entry reads it into, once
        self._ids: dict[int, str] = {}
        self._count = 0
        self.memo_keys: dict = {}      # the code of a memo's key -> the local holding it
        self.memo_values: dict = {}    # (memo, key code) -> the local holding the value
        self.memo_args: dict = {}      # the code of a memo's argument -> the local holding it
        # the call of a loop's helper -> (its name, the parameters of its items, their arguments);
        # its other parameters are the caller's locals, passed under their own names
        self.loops: dict = {}

    def constant(self, value, hint: str = "k") -> str:
        """A mangled name standing for `value` (a builtin, a span, a compiled function)."""
        known = self._ids.get(id(value))
        if known is not None:
            return known
        name = f"_{hint}{len(self.constants)}"
        self.constants[name] = value
        self._ids[id(value)] = name
        return name

    def literal(self, value) -> str:
        """A value of the ruleset's as code: written with repr when that reads back as the
        same value (strings, whole numbers, booleans), else a constant."""
        if value is None or type(value) in (str, int, bool):
            return repr(value)
        return self.constant(value, "lit")

    def fresh(self, hint: str) -> str:
        self._count += 1
        return f"_{hint}{self._count}"

    def helper(self, lines: list[str], spans: list | None = None) -> None:
        self.helpers.append(("\n".join(lines), spans))

    def build(self, entry: list[str], name: str = "_entry", *, params: str = "g, env"):
        """Compile the helpers and the entry function `def name(params): ...`; return it."""
        source = self.source(entry, name, params=params)
        return self._exec(source, None)[name]

    def build_loop(self, call: str, params: str):
        """`build([f"return {call}"], params=params)` for a call of one of this unit's loops
        (`macros._loop`), with the loop's lines written in the entry itself: no call between
        a ruleset function and the loop that is its body. None when no other way will do."""
        loop = self.loops.get(call)
        if loop is None:
            return None
        name, names, codes = loop
        found = [i for i, (text, _) in enumerate(self.helpers) if text.startswith(f"def {name}(")]
        if len(found) != 1 or any(f"{name}(" in text for i, (text, _) in enumerate(self.helpers) if i != found[0]):
            return None
        text, _ = self.helpers.pop(found[0])
        body = [line[4:] for line in text.split("\n")[1:]]
        return self.build([f"{local} = {code}" for local, code in zip(names, codes)] + body, params=params)

    def build_function(self, lines: list[str], spans: list, name: str):
        """Compile the helpers and a whole function written by a `Writer` (its lines and their spans)."""
        self.helper(lines, spans)
        source, line_spans = self._module()
        return self._exec(source, line_spans)[name]

    def _exec(self, source: str, line_spans: list | None) -> dict:
        namespace = {"__builtins__": SAFE_BUILTINS, **NAMES, **self.constants}
        filename = f"<generated from {self.label}>"
        if line_spans is not None:     # one file name per source: the line map must be its own
            filename = f"<generated from {self.label} #{hashlib.sha256(source.encode()).hexdigest()[:10]}>"
            LINE_MAPS[filename] = line_spans
        code = _compiled(source, filename)
        exec(code, namespace)  # noqa: S102 - see package doc
        # what the whole ruleset kept by the load cache needs to make this namespace again (snapshot.py)
        namespace[UNIT_KEY] = UnitRecord(code, filename, line_spans, dict(self.constants))
        if self.sink is not None:
            self.sink.append(f"# from {self.label}\n{source}")
        return namespace

    def source(self, entry: list[str], name: str = "_entry", *, params: str = "g, env") -> str:
        start = [f"{local} = env[{key!r}]" for key, local in self.env_reads.items()]
        if self.hoisted:
            start.append(" = ".join(self.hoisted.values()) + " = NOT_YET")
        # (an entry may be several lines: a statement's code is)
        body = "\n".join("    " + line for lines in start + entry for line in lines.split("\n"))
        return "\n\n".join([text for text, _ in self.helpers] + [f"def {name}({params}):\n{body}"]) + "\n"

    def _module(self) -> tuple[str, list]:
        """The helpers' source joined, and the span of each of its lines."""
        texts, line_spans = [], []
        for text, spans in self.helpers:
            count = text.count("\n") + 1
            line_spans.extend(spans if spans is not None else [None] * count)
            line_spans.extend([None])      # the blank line between two functions
            texts.append(text)
        return "\n\n".join(texts) + "\n", line_spans


UNIT_KEY = "__unit__"     # a dunder name: no generated identifier is one


class UnitRecord:
    """How a unit's namespace was made: its module code, its file name, the rule of each of its
    lines, and the constants it was given (`snapshot.py` writes a ruleset's functions with it)."""
    __slots__ = ("code", "filename", "line_spans", "constants")

    def __init__(self, code, filename: str, line_spans: list | None, constants: dict):
        self.code, self.filename, self.line_spans, self.constants = code, filename, line_spans, constants


def namespace_of(code, filename: str, line_spans: list | None, constants: dict) -> dict:
    """A unit's namespace made again from its record, as `Unit._exec` made it."""
    namespace = {"__builtins__": SAFE_BUILTINS, **NAMES, **constants}
    if line_spans is not None:
        LINE_MAPS[filename] = line_spans
    exec(code, namespace)  # noqa: S102 - code compiled from generated source, read back authenticated
    namespace[UNIT_KEY] = UnitRecord(code, filename, line_spans, constants)
    return namespace


# Compiled code kept between loads (see load_cache.py): while a load records, a unit whose
# generated source is exactly one compiled before takes that code instead of compiling again;
# codes by (filename, digest of the source).
CODES = Recording()


def _compiled(source: str, filename: str):
    if not CODES.active:
        return compile(source, filename, "exec")
    key = (filename, hashlib.sha256(source.encode()).hexdigest())
    return CODES.get(key, lambda: compile(source, filename, "exec"))
