"""The rules sheet of a game the lobby offers, as an escaped HTML fragment (`cardrules explain`).

Only rulesets the catalog accepted are explained: a shipped game by its key, or an upload by the
digest the sandbox passed (its source is read from the store, never from the request). Sheets
are kept by (digest, options): a ruleset never changes, so neither does its sheet.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict

from interpreter.cache.store import disabled as cache_disabled
from interpreter.errors import RulesetError
from interpreter.explain.render import fragment
from interpreter.explain.sheet import explain

MAX_KEPT = 128
MAX_OPTIONS = 64
_KEPT: OrderedDict[tuple, str] = OrderedDict()
_LOCK = threading.Lock()


class SheetRefused(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


def sheet_html(catalog, *, game: str | None, digest: str | None, options) -> str:
    """The sheet of a shipped `game` (key) or a checked upload (`digest`) with `options`, as an
    HTML fragment; raises SheetRefused with a message for people."""
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise SheetRefused("options are a JSON object of the game's options")
    if isinstance(game, str):
        digest = catalog.shipped_digest(game)
        if digest is None:
            raise SheetRefused(f"no shipped game '{game[:40]}'", 404)
        path, shipped = catalog.shipped_dir / f"{game}.yaml", True
    elif isinstance(digest, str) and catalog.source(digest) is not None:
        if catalog.ruleset(digest) is None:       # (re)writes its private file, checked
            raise SheetRefused("that ruleset does not load", 404)
        stored = catalog.source(digest)
        path, shipped = catalog.file_of(digest), stored["origin"] == "shipped"
    else:
        raise SheetRefused("name a shipped 'game' or the 'digest' of a checked ruleset", 404)
    key = (digest, json.dumps(options, sort_keys=True, default=str))
    with _LOCK:
        if key in _KEPT:
            _KEPT.move_to_end(key)
            return _KEPT[key]
    try:
        if shipped:
            sheet = explain(path, options=options)
        else:
            with cache_disabled():             # strangers' rulesets never enter the load cache
                sheet = explain(path, options=options)
    except RulesetError as exc:
        raise SheetRefused("; ".join(d.message for d in exc.diagnostics)[:500]) from None
    html = fragment(sheet)
    with _LOCK:
        _KEPT[key] = html
        while len(_KEPT) > MAX_KEPT:
            _KEPT.popitem(last=False)
    return html
