"""Where the load cache lives, and reading and writing its entries safely.

Every failure (a read-only home, a full disk, a corrupt entry) is a miss, never an error:
the cache only ever saves time.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parent
CARDRULES_VERSION = "0.1.0"


def cache_dir() -> Path | None:
    """The cache's folder, or None when caching is off."""
    setting = os.environ.get("CARDRULES_CACHE", "")
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardrules"


def _library_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "?"


def digest(*parts: str) -> str:
    """A key from text parts: the same parts (in order) give the same key, any change another."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:40]


def file_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


@lru_cache(maxsize=None)
def stamp(kind: str, *files: Path) -> str:
    """What an entry of `kind` depends on besides the ruleset's text: cardrules' version, the
    libraries' versions and the given files of cardrules itself (the grammar, the schema)."""
    libraries = {"schema": "jsonschema", "trees": "lark"}
    return digest(kind, CARDRULES_VERSION, _library_version(libraries.get(kind, kind)),
                  *(file_text(f) for f in files))


def read_json(kind: str, key: str):
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return json.loads((folder / kind / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json(kind: str, key: str, value) -> None:
    """Write an entry atomically: a reader sees the old entry, the new one or none."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        target = folder / kind
        target.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(value, out, separators=(",", ":"), ensure_ascii=False)
        os.replace(tmp, target / f"{key}.json")
    except OSError:
        pass
