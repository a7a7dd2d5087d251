"""Rulesets a table can run: the shipped games, and uploads checked before they are kept.

A ruleset is stored by the SHA-256 digest of its source text, so a table names exactly the rules
it was started with. Compiled rulesets are cached by digest; to compile, the source is written to
a private folder (the loader reads files, and `include:` of the shipped library still resolves).
"""
from __future__ import annotations

import hashlib
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from interpreter.errors import Diagnostic
from interpreter.language.loader import LIBRARY
from interpreter.language.ruleset import Ruleset, check_ruleset
from interpreter.web.store import Store

MAX_UPLOAD = 256 * 1024
SHIPPED_DIR = LIBRARY
# Compiled rulesets by digest, shared by every catalog of the process: a ruleset never changes
# once compiled, and compiling is the slow part of opening a table.
_COMPILED: dict[str, Ruleset] = {}


def digest_of(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


@dataclass
class Checked:
    """The outcome of checking a ruleset's source: a compiled ruleset, or errors with positions."""
    ruleset: Ruleset | None
    digest: str
    diagnostics: list[dict]


class Catalog:
    """Shipped games by file stem; any ruleset by digest once checked."""

    def __init__(self, store: Store, *, shipped_dir: Path = SHIPPED_DIR):
        self.store = store
        self.shipped_dir = Path(shipped_dir)
        self._folder = tempfile.TemporaryDirectory(prefix="cardrules-web-")
        self._shipped: dict[str, dict] = {}

    def close(self) -> None:
        self._folder.cleanup()

    def shipped(self) -> list[dict]:
        """Every shipped game: key (file stem), name, description, players, options with defaults."""
        for path in sorted(self.shipped_dir.glob("*.yaml")):
            self._load_shipped(path.stem)
        return [self._shipped[key] for key in sorted(self._shipped)]

    def shipped_digest(self, key: str) -> str | None:
        game = self._load_shipped(key)
        return game["digest"] if game else None

    def _load_shipped(self, key: str) -> dict | None:
        if key not in self._shipped:
            path = self.shipped_dir / f"{key}.yaml"
            if not key or "/" in key or "\\" in key or key.startswith(".") or not path.is_file():
                return None
            checked = self.check(path.read_text(encoding="utf-8"), filename=path.name, origin="shipped")
            if checked.ruleset is None:
                return None
            self._shipped[key] = {"key": key, "digest": checked.digest, **describe(checked.ruleset)}
        return self._shipped[key]

    def check(self, source: str, *, filename: str = "upload.yaml", origin: str = "upload") -> Checked:
        """Check a ruleset's source; a valid one is stored and its compiled form cached."""
        digest = digest_of(source)
        filename = _safe_name(filename)
        if digest in _COMPILED:
            ruleset = _COMPILED[digest]
            self.store.put_ruleset(digest=digest, name=ruleset.name, filename=filename, source=source, origin=origin)
            return Checked(ruleset, digest, [])
        if len(source.encode("utf-8")) > MAX_UPLOAD:
            return Checked(None, digest, [{"severity": "error", "code": "too-large", "file": filename,
                                           "message": f"the ruleset is larger than {MAX_UPLOAD // 1024} KiB"}])
        folder = Path(self._folder.name) / digest[:16]
        folder.mkdir(exist_ok=True)
        path = folder / filename
        path.write_text(source, encoding="utf-8")
        ruleset, diagnostics = check_ruleset(path)
        shown = [_for_people(d, folder) for d in diagnostics]
        if ruleset is None:
            return Checked(None, digest, shown)
        _COMPILED[digest] = ruleset
        self.store.put_ruleset(digest=digest, name=ruleset.name, filename=filename, source=source, origin=origin)
        return Checked(ruleset, digest, shown)

    def ruleset(self, digest: str) -> Ruleset | None:
        """The compiled ruleset of a stored digest (compiled again after a restart)."""
        stored = self.store.ruleset(digest)
        if stored is None:
            return None
        return self.check(stored["source"], filename=stored["filename"], origin=stored["origin"]).ruleset

    def compiled(self, ruleset_digest: str) -> Ruleset | None:
        """A ruleset compiled in this process whose Ruleset.digest (the digest a log names) is
        `ruleset_digest`: one this server has opened."""
        return next((r for r in _COMPILED.values() if r.digest == ruleset_digest), None)

    def source(self, digest: str) -> dict | None:
        return self.store.ruleset(digest)


def describe(ruleset: Ruleset) -> dict:
    """What the lobby shows of a ruleset: its name, player range and options."""
    options = []
    for name, spec in ruleset.options.items():
        options.append({"name": name, "type": spec.type, "default": ruleset.option_values.get(name),
                        "values": list(spec.values) if spec.values else None,
                        "min": spec.min, "max": spec.max, "description": spec.description})
    return {"name": ruleset.name, "description": ruleset.description, "min_players": ruleset.min_players,
            "max_players": ruleset.max_players, "options": options}


def _safe_name(filename: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", Path(filename or "upload.yaml").name)[:80].lstrip(".")
    return stem if stem.endswith((".yaml", ".yml")) else (stem or "upload") + ".yaml"


def _for_people(diagnostic: Diagnostic, folder: Path) -> dict:
    """A diagnostic as JSON, with the private folder taken out of file names."""
    data = diagnostic.to_json()
    if "file" in data:
        data["file"] = data["file"].replace(str(folder) + "/", "")
    data["message"] = data["message"].replace(str(folder) + "/", "")
    return data
