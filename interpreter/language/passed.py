"""Remembers, by digest, the files that passed a check, so a command that loads a shipped ruleset
need not import and run the schema validator each time it starts.

A digest covers everything the check read (the schema's text and the file's text, and the
cardrules version); only clean results are kept, so an error is always found afresh. A record
is an entry of the load cache (`cache/store.py`): authenticated as the user's own, so a file
planted under a digest's name passes nothing. No cache (CARDRULES_NO_CACHE=1, a folder that
cannot be written or trusted) just means every file is checked.
"""
from __future__ import annotations

from interpreter.cache import store
from interpreter.cache.store import digest

__all__ = ["digest", "has_passed", "mark_passed"]

_RECORD = b"passed"


def has_passed(key: str) -> bool:
    return store.read_bytes("passed", key) == _RECORD


def mark_passed(key: str) -> None:
    store.write_bytes("passed", key, _RECORD)
