"""One compiled unit of generated code: a function (its helper functions beside it) made from
generated source lines, the constants they refer to, and the source kept for reading.

A unit's namespace holds only the runtime helpers, its own constants and a few pure Python
builtins, so generated code can reach nothing else.
"""
from __future__ import annotations

import builtins as _py
import hashlib

from interpreter.cache.recording import Recording
from interpreter.codegen import runtime

SAFE_BUILTINS = {name: getattr(_py, name) for name in ("len", "list", "dict", "any", "all", "range", "min",
                                                        "max", "sorted", "isinstance", "tuple")}


class Unit:
    """Collects the source of one entry function and its helpers, then compiles it once."""

    def __init__(self, label: str, sink: list | None = None):
        self.label = label                 # where it comes from, e.g. 'game.yaml:12:9'
        self.sink = sink                   # where the compiled source is kept for reading
        self.constants: dict[str, object] = {}
        self.helpers: list[str] = []
        self.hoisted: dict[str, str] = {}  # code -> the local of the entry it is kept in once computed
        self.env_reads: dict[str, str] = {}   # env key -> the local the entry reads it into, once
        self._ids: dict[int, str] = {}
        self._count = 0

    def constant(self, value, hint: str = "k") -> str:
        """A mangled name standing for `value` (a builtin, a span, a compiled function)."""
        known = self._ids.get(id(value))
        if known is not None:
            return known
        name = f"_{hint}{len(self.constants)}"
        self.constants[name] = value
        self._ids[id(value)] = name
        return name

    def fresh(self, hint: str) -> str:
        self._count += 1
        return f"_{hint}{self._count}"

    def helper(self, lines: list[str]) -> None:
        self.helpers.append("\n".join(lines))

    def build(self, entry: list[str], name: str = "_entry", *, params: str = "g, env"):
        """Compile the helpers and the entry function `def name(params): ...`; return it."""
        source = self.source(entry, name, params=params)
        namespace = {"__builtins__": SAFE_BUILTINS, **runtime.NAMES, **self.constants}
        exec(_compiled(source, f"<generated from {self.label}>"), namespace)  # noqa: S102 - see package doc
        if self.sink is not None:
            self.sink.append(f"# from {self.label}\n{source}")
        return namespace[name]

    def source(self, entry: list[str], name: str = "_entry", *, params: str = "g, env") -> str:
        start = [f"{local} = env[{key!r}]" for key, local in self.env_reads.items()]
        if self.hoisted:
            start.append(" = ".join(self.hoisted.values()) + " = NOT_YET")
        # (an entry may be several lines: a statement's code is)
        body = "\n".join("    " + line for lines in start + entry for line in lines.split("\n"))
        return "\n\n".join(self.helpers + [f"def {name}({params}):\n{body}"]) + "\n"


# Compiled code kept between loads (see cache/trees.py): while a load records, a unit whose
# generated source is exactly one compiled before takes that code instead of compiling again;
# codes by (filename, digest of the source).
CODES = Recording()


def _compiled(source: str, filename: str):
    if not CODES.active:
        return compile(source, filename, "exec")
    key = (filename, hashlib.sha256(source.encode()).hexdigest())
    return CODES.get(key, lambda: compile(source, filename, "exec"))
