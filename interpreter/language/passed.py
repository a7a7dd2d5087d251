"""Remembers, by digest, the files that passed a check, so a command that loads a shipped ruleset
need not import and run the schema validator each time it starts.

A digest covers everything the check read (the schema's text and the file's text, and the
cardrules version); only clean results are kept, so an error is always found afresh. The
records are empty files in the user's cache folder; a folder that cannot be written just means
no cache. CARDRULES_NO_CACHE=1 turns it off.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def _folder() -> Path | None:
    if os.environ.get("CARDRULES_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardrules" / "passed"


def digest(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def has_passed(key: str) -> bool:
    folder = _folder()
    return folder is not None and (folder / key).exists()


def mark_passed(key: str) -> None:
    folder = _folder()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / key).touch()
    except OSError:
        pass
