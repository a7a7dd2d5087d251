"""Rulesets a table can run: the shipped games, and uploads checked before they are kept.

A ruleset is stored by the SHA-256 digest of its source text, so a table names exactly the rules
it was started with. Compiled rulesets are cached by digest; to compile, the source is written to
a private folder (the loader reads files, and `include:` of the shipped library still resolves).

An upload is checked in a limited child process (`sandbox.py`), never on the server's event
loop; only one that passed is stored, and it is compiled in this process (in a thread, when a
table needs it) with the load cache off, so strangers' rulesets never enter the user's cache.
The compiled uploads and their folders are bounded: the least recently used go.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from interpreter.cache.store import digest as text_digest
from interpreter.cache.store import disabled as cache_disabled
from interpreter.decisions import PAGE, explained
from interpreter.errors import Diagnostic
from interpreter.language.loader import LIBRARY
from interpreter.language.ruleset import Ruleset, check_ruleset
from interpreter.web.sandbox import Sandbox, SandboxError, check_source
from interpreter.web.store import Store

MAX_UPLOAD = 256 * 1024
SHIPPED_DIR = LIBRARY
MAX_COMPILED = 64        # compiled uploads kept (a live table keeps its own), least recently used go
MAX_FOLDERS = 64         # uploads' source folders kept on disk, least recently used go
# Compiled rulesets by digest, shared by every catalog of the process: a ruleset never changes
# once compiled, and compiling is the slow part of opening a table. Shipped ones stay; uploads
# are bounded.
_COMPILED: OrderedDict[str, Ruleset] = OrderedDict()
_SHIPPED: set[str] = set()
# Compiles take turns: one at a time is all a small server's cores can give them.
_COMPILING = threading.Lock()


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

    def __init__(self, store: Store, *, shipped_dir: Path = SHIPPED_DIR, sandbox: Sandbox | None = None):
        self.store = store
        self.shipped_dir = Path(shipped_dir)
        self._folder = tempfile.TemporaryDirectory(prefix="cardrules-web-")
        self._folders: OrderedDict[str, Path] = OrderedDict()
        self._shipped: dict[str, dict] = {}
        self.sandbox = sandbox or Sandbox()

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

    async def check_upload(self, source: str, *, filename: str = "upload.yaml") -> dict:
        """Check an uploaded ruleset in the sandbox: {"ok", "digest", "diagnostics", "ruleset"}.
        One that passes is stored (not compiled here until a table needs it)."""
        digest = digest_of(source)
        filename = _safe_name(filename)
        if len(source.encode("utf-8")) > MAX_UPLOAD:
            return {"ok": False, "digest": digest, "diagnostics": [_refusal(
                filename, "too-large", f"the ruleset is larger than {MAX_UPLOAD // 1024} KiB")]}
        known = _COMPILED.get(digest)
        if known is not None:
            self.store.put_ruleset(digest=digest, name=known.name, filename=filename, source=source, origin="upload")
            return {"ok": True, "digest": digest, "diagnostics": [], "ruleset": describe(known)}
        try:
            answer = await self.sandbox.run(check_source, source, filename)
        except SandboxError as exc:
            return {"ok": False, "digest": digest,
                    "diagnostics": [_refusal(filename, "too-costly", f"the ruleset was not checked: {exc}")]}
        if "error" in answer:     # the job stopped itself (out of memory, too deep)
            return {"ok": False, "digest": digest, "diagnostics": [_refusal(
                filename, "too-costly", f"the ruleset was not checked: {str(answer['error'])[:300]}")]}
        ok = answer.get("ok") is True and isinstance(answer.get("ruleset"), dict)
        if ok:
            self.store.put_ruleset(digest=digest, name=str(answer["ruleset"].get("name")), filename=filename,
                                   source=source, origin="upload")
        return {"ok": ok, "digest": digest, "diagnostics": list(answer.get("diagnostics") or []),
                **({"ruleset": answer["ruleset"]} if ok else {})}

    def check(self, source: str, *, filename: str = "upload.yaml", origin: str = "upload") -> Checked:
        """Check and compile a ruleset's source here, in this thread: for shipped games and for
        sources the store kept (each passed the sandbox first). A valid one is stored and cached."""
        digest = digest_of(source)
        filename = _safe_name(filename)
        if digest in _COMPILED:
            _COMPILED.move_to_end(digest)
            ruleset = _COMPILED[digest]
            self.store.put_ruleset(digest=digest, name=ruleset.name, filename=filename, source=source, origin=origin)
            return Checked(ruleset, digest, [])
        if len(source.encode("utf-8")) > MAX_UPLOAD:
            return Checked(None, digest, [_refusal(filename, "too-large",
                                                   f"the ruleset is larger than {MAX_UPLOAD // 1024} KiB")])
        folder = self._folder_for(digest)
        path = folder / filename
        path.write_text(source, encoding="utf-8")
        with _COMPILING, _cache_off(origin != "shipped"):
            ruleset, diagnostics = check_ruleset(path)
        shown = [for_people(d, folder) for d in diagnostics]
        if ruleset is None:
            return Checked(None, digest, shown)
        _keep(digest, ruleset, shipped=origin == "shipped")
        self.store.put_ruleset(digest=digest, name=ruleset.name, filename=filename, source=source, origin=origin)
        return Checked(ruleset, digest, shown)

    def _folder_for(self, digest: str) -> Path:
        """The private folder a source is compiled from; the least recently used go past MAX_FOLDERS."""
        folder = Path(self._folder.name) / digest[:16]
        folder.mkdir(exist_ok=True)
        self._folders[digest] = folder
        self._folders.move_to_end(digest)
        while len(self._folders) > MAX_FOLDERS:
            _, old = self._folders.popitem(last=False)
            shutil.rmtree(old, ignore_errors=True)
        return folder

    def file_of(self, digest: str) -> Path | None:
        """The file a stored ruleset is compiled from (written again if its folder was let go),
        for what reads a ruleset by its path (the rules sheet)."""
        stored = self.store.ruleset(digest)
        if stored is None:
            return None
        path = self._folder_for(digest) / _safe_name(stored["filename"])
        if not path.is_file():
            path.write_text(stored["source"], encoding="utf-8")
        return path

    def compiled(self, digest: str) -> Ruleset | None:
        """The compiled ruleset of a digest if it is at hand (nothing is compiled)."""
        return _COMPILED.get(digest)

    def ruleset(self, digest: str) -> Ruleset | None:
        """The compiled ruleset of a stored digest (compiled again after a restart)."""
        stored = self.store.ruleset(digest)
        if stored is None:
            return None
        return self.check(stored["source"], filename=stored["filename"], origin=stored["origin"]).ruleset

    async def ruleset_async(self, digest: str) -> Ruleset | None:
        """`ruleset`, with any compiling done in a thread: the event loop goes on serving."""
        known = _COMPILED.get(digest)
        if known is not None and self.store.ruleset(digest) is not None:
            return known
        return await asyncio.to_thread(self.ruleset, digest)

    def for_log(self, ruleset_digest: str) -> Ruleset | None:
        """The ruleset whose Ruleset.digest (the digest a log names) is `ruleset_digest`, among
        those this server keeps: compiled here already, or an upload the sandbox passed (compiled
        here now, as for a table). Nothing a log names is read from disk."""
        known = next((r for r in list(_COMPILED.values()) if r.digest == ruleset_digest), None)  # a copy: threads
        if known is not None:
            return known
        for digest, source in self.store.upload_sources():
            if text_digest(source) == ruleset_digest:     # how loading digests a one-file ruleset
                return self.ruleset(digest)
        return None

    def source(self, digest: str) -> dict | None:
        return self.store.ruleset(digest)


def describe(ruleset: Ruleset) -> dict:
    """What the lobby shows of a ruleset: its name, player range and options, and the numbered
    decisions of the rules page that those texts cite, each with its one-line meaning. An option
    no remaining rule reads (`extends:` or a variant replaced the rules that did) is `unread`."""
    options = []
    for name, spec in ruleset.options.items():
        options.append({"name": name, "type": spec.type, "default": ruleset.option_values.get(name),
                        "values": list(spec.values) if spec.values else None,
                        "min": spec.min, "max": spec.max, "description": spec.description,
                        "unread": name in ruleset.unread_options})
    cited = explained(ruleset.description, *(o["description"] for o in options))
    return {"name": ruleset.name, "description": ruleset.description, "min_players": ruleset.min_players,
            "max_players": ruleset.max_players, "options": options, "rules_page": PAGE,
            "decisions": [{"number": number, "meaning": meaning} for number, meaning in cited]}


def _safe_name(filename: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", Path(filename or "upload.yaml").name)[:80].lstrip(".")
    return stem if stem.endswith((".yaml", ".yml")) else (stem or "upload") + ".yaml"


def _keep(digest: str, ruleset: Ruleset, *, shipped: bool) -> None:
    _COMPILED[digest] = ruleset
    if shipped:
        _SHIPPED.add(digest)
    uploads = [d for d in _COMPILED if d not in _SHIPPED]
    for old in uploads[:max(0, len(uploads) - MAX_COMPILED)]:
        del _COMPILED[old]


def _cache_off(off: bool):
    """Loading with the user's load cache off (when `off`), for rulesets strangers sent; the
    switch is the current thread's alone, so a shipped game compiling beside it keeps its cache."""
    return cache_disabled() if off else contextlib.nullcontext()


def _refusal(filename: str, code: str, message: str) -> dict:
    return {"severity": "error", "code": code, "file": filename, "message": message}


def for_people(diagnostic: Diagnostic, folder: Path) -> dict:
    """A diagnostic as JSON, with the private folder taken out of file names."""
    data = diagnostic.to_json()
    if "file" in data:
        data["file"] = data["file"].replace(str(folder) + "/", "")
    data["message"] = data["message"].replace(str(folder) + "/", "")
    return data
