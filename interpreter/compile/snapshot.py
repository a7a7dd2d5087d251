"""A loaded ruleset kept whole in the load cache, so that a load of unchanged files neither
checks nor generates nor compiles anything: it reads the files, finds them unchanged, and
takes the `Ruleset` the last successful load of them made.

The entry is keyed by the digest of every file's path and text, the variants, cardrules'
version, Python's, Lark's, the grammar, the schema, and the name, size and time of every
module of the stages a load runs (so a changed checker or generator is a miss, as a changed
`.py` is for Python's own bytecode). It is written with pickle, which the load cache's HMAC
makes safe to read back: an entry is read only when it is this user's cache that wrote it
under this very name (see `cache/store.py`), and even then it may name only cardrules' own
classes and functions and Python's reader of compiled code (marshal). Objects a module of
cardrules holds by name (the markers generated code tests with `is`) are written as that
name, so they stay the very same. A generated function is written as the unit it was made in
(its compiled code, by marshal as Python keeps bytecode, and its constants) and made again as
`Unit` made it; the line maps of generated code are noted again, so a game's errors point at
file:line:col as after a full load. Whatever cannot be written so (a ruleset holding an
object of another kind) is simply not kept: the next load checks everything, as before.
"""
from __future__ import annotations

import io
import marshal
import os
import pickle
import sys
import types
from functools import lru_cache
from importlib import import_module

import lark

import interpreter
from interpreter.cache import store
from interpreter.compile import unit
from interpreter.compile.steps import Step
from interpreter.shipped import grammar_file, schema_file

KIND = "rulesets"
# the parts of the package a load runs, whose classes and code a kept ruleset holds
STAGES = ("", "cache", "compile", "engine", "language", "primitives")
# what an entry may name besides cardrules' own classes and functions: the reader of a unit's code
ALLOWED = {("marshal", "loads")}


@lru_cache(maxsize=1)
def _cardrules() -> str:
    """What a load's result depends on besides the files: the grammar, the schema, and the name,
    size and modification time of every module a load runs."""
    rows = [store.file_text(grammar_file()), store.file_text(schema_file())]
    for stage in STAGES:
        folder = store.PACKAGE / stage
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith(".py"):
                st = entry.stat()
                rows.append(f"{stage}/{entry.name}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(rows)


def key_for(texts: list[str], path: str, variants: list[str]) -> str:
    return store.digest(KIND, interpreter.__version__, sys.version, lark.__version__, _cardrules(),
                        path, "\0".join(variants), *texts)


def read(key: str):
    """The ruleset and the diagnostics of its load kept under `key`, or None (none kept, or an
    entry this cardrules cannot read back: then the load runs in full)."""
    data = store.read_bytes(KIND, key)
    if data is None:
        return None
    try:
        kept = _Unpickler(io.BytesIO(data)).load()
    except Exception:       # an entry of another make (authentic, so never a planted one)
        return None
    return kept if isinstance(kept, tuple) and len(kept) == 2 else None


def write(key: str, ruleset, diagnostics: list) -> None:
    """Keep a successful load's ruleset and diagnostics; nothing when they cannot be written."""
    out = io.BytesIO()
    try:
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump((ruleset, diagnostics))
    except Exception:       # an object of a kind it cannot write (or a loop of units): not kept
        return
    store.write_bytes(KIND, key, out.getvalue())


def _generated(namespace: dict, name: str):
    return namespace[name]


def _closure(module: str, code, name: str, defaults, cells: tuple):
    return types.FunctionType(code, import_module(module).__dict__, name, defaults,
                              tuple(types.CellType(value) for value in cells))


def _unwritable(writer) -> None:
    raise RuntimeError("a step of a ruleset read back from the load cache cannot be written again")


@lru_cache(maxsize=1)
def _singletons() -> dict[int, tuple[str, str, object]]:
    """The objects cardrules' modules hold under a name (markers such as a choice's NONE, shared
    empty values), by identity: a kept ruleset refers to them by name, so that code testing
    `x is MARKER` still finds the very object. (Each is held here, so its id stays its own.)"""
    found: dict[int, tuple[str, str, object]] = {}
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name == "interpreter" or module_name.startswith("interpreter.")):
            continue
        for name, value in list(vars(module).items()):
            if not isinstance(value, (types.ModuleType, type, types.FunctionType, str, int, float, bytes)):
                found.setdefault(id(value), (module_name, name, value))
    return found


def _singleton(module: str, name: str):
    return getattr(import_module(module), name)


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        named = _singletons().get(id(obj))
        if named is not None and getattr(sys.modules[named[0]], named[1], None) is obj:
            return _singleton, named[:2]
        if type(obj) is types.FunctionType and obj.__code__.co_filename.startswith("<generated"):
            record = obj.__globals__.get(unit.UNIT_KEY)
            if record is None or obj.__globals__.get(obj.__name__) is not obj:
                raise pickle.PicklingError("a generated function of no unit")
            return _generated, (record, obj.__name__)
        if type(obj) is types.FunctionType and "<locals>" in obj.__qualname__ and \
                obj.__module__.startswith("interpreter."):
            # a function the compile stage made around values of the load (a template's
            # renderer): its code, the module it reads, and what it closes over
            cells = tuple(cell.cell_contents for cell in obj.__closure__ or ())
            return _closure, (obj.__module__, _Code(obj.__code__), obj.__name__, obj.__defaults__, cells)
        if type(obj) is unit.UnitRecord:
            return unit.namespace_of, (_Code(obj.code), obj.filename, obj.line_spans, obj.constants)
        if type(obj) is _Code:
            return marshal.loads, (marshal.dumps(obj.code),)
        if type(obj) is Step:
            # the compiled flow's steps wrote its code; after the load nothing writes them again
            return Step, (obj.yields, obj.span, _unwritable)
        return NotImplemented


class _Code:
    """A unit's compiled code, written as Python writes bytecode (marshal)."""
    __slots__ = ("code",)

    def __init__(self, code):
        self.code = code


def _ours(module: str) -> bool:
    return module == "interpreter" or module.startswith("interpreter.")


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if (module, name) in ALLOWED:
            return super().find_class(module, name)
        # a name of one of cardrules' modules, not reaching through it (`os.system`) to what it
        # imported: a class or function must be defined in cardrules, and never a module
        if _ours(module) and "." not in name:
            found = super().find_class(module, name)
            if not isinstance(found, types.ModuleType) and (
                    not isinstance(found, (type, types.FunctionType, types.BuiltinFunctionType))
                    or _ours(getattr(found, "__module__", "") or "")):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not kept in a ruleset")
