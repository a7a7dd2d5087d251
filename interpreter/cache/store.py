"""Where the load cache lives, and reading and writing its entries safely.

Every failure (a read-only home, a full disk, a corrupt entry) is a miss, never an error:
the cache only ever saves time.
"""
from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from importlib import import_module
from pathlib import Path

import interpreter
from interpreter.language import passed
from interpreter.language.passed import digest

PACKAGE = Path(__file__).resolve().parents[1]


def cache_dir() -> Path | None:
    """The cache's folder, the one that holds the schema's record of passed files; None when
    caching is off (CARDRULES_NO_CACHE=1)."""
    passed_folder = passed._folder()
    return None if passed_folder is None else passed_folder.parent


def _library_version(name: str) -> str:
    """A library's version as the library itself says (reading the installed packages'
    metadata would cost more than a cached load)."""
    if name == "cardrules":
        return interpreter.__version__
    module = import_module(name)
    return str(getattr(module, "__version__", None) or getattr(module, "VERSION", "?"))


def file_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


@lru_cache(maxsize=None)
def stamp(kind: str, *files: Path) -> str:
    """What an entry of `kind` depends on besides the ruleset's text: cardrules' version, the
    library's version and the given files of cardrules itself (the grammar, the parser's module)."""
    libraries = {"trees": "lark", "validator": "fastjsonschema", "sources": "yaml"}
    return digest(kind, _library_version("cardrules"), _library_version(libraries.get(kind, kind)),
                  *(file_text(f) for f in files))


def read_bytes(kind: str, key: str, *, suffix: str = ".bin") -> bytes | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return (folder / kind / f"{key}{suffix}").read_bytes()
    except OSError:
        return None


def write_bytes(kind: str, key: str, data: bytes, *, suffix: str = ".bin") -> None:
    """Write an entry atomically: a reader sees the old entry, the new one or none."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        target = folder / kind
        target.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, target / f"{key}{suffix}")
    except OSError:
        pass
