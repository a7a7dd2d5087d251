"""Which files already passed the JSON Schema check, so an unchanged file skips it."""
from __future__ import annotations

from interpreter.cache import store

_DEPENDS_ON = (store.ROOT / "schemas" / "ruleset.schema.json", store.PACKAGE / "language" / "schema.py")


def _key(text: str) -> str:
    return store.digest(store.stamp("schema", *_DEPENDS_ON), text)


def known_valid(text: str) -> bool:
    """Whether this very text passed the schema check before (with this schema and checker)."""
    return store.cache_dir() is not None and store.read_json("schema", _key(text)) is True


def remember_valid(text: str) -> None:
    if store.cache_dir() is not None:
        store.write_json("schema", _key(text), True)
