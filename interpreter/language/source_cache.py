"""Files read before, kept between loads: a file's data and the position of every value in it.

Reading YAML with positions is a tenth of a large ruleset's load; a file whose text, name and
reader are unchanged is taken from here instead, as plain data (marshal), from an entry the
store has authenticated as this user's own. Only a file read without a problem is kept, so
every problem is found afresh.
"""
from __future__ import annotations

import marshal

from interpreter.cache import store
from interpreter.language.source import NodeInfo, Source

_DEPENDS_ON = (store.PACKAGE / "language" / "source.py",)


def _key(display: str, text: str) -> str:
    return store.digest(store.stamp("sources", *_DEPENDS_ON), display, text)


def stored(display: str, text: str) -> Source | None:
    """The Source read from `text` last time, or None (not kept, or damaged)."""
    if store.cache_dir() is None:
        return None
    data = store.read_bytes("sources", _key(display, text))
    if data is None:
        return None
    try:
        values, nodes = marshal.loads(data)
        source = Source(display, text)
        source.data = values
        source.nodes = {path: NodeInfo(*info) for path, info in nodes}
    except (EOFError, ValueError, TypeError):
        return None
    return source if isinstance(source.data, dict) else None


def keep(source: Source) -> None:
    if store.cache_dir() is None:
        return
    nodes = [(path, tuple(info)) for path, info in source.nodes.items()]
    try:
        data = marshal.dumps((source.data, nodes))
    except ValueError:       # a value marshal cannot write: read it afresh next time
        return
    store.write_bytes("sources", _key(source.path, source.text), data)
