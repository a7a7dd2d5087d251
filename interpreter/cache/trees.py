"""Parse trees of a ruleset's expressions, kept between loads.

A ruleset's entry holds the tree of every expression string its last successful load parsed,
keyed by the digest of all its files; the next load of the same files takes the trees from
there instead of running the parser. Trees are stored as plain JSON (rule names, token types,
values and positions) and rebuilt as the parser would have built them.
"""
from __future__ import annotations

from lark import Token, Tree
from lark.tree import Meta

from interpreter.cache import store
from interpreter.language import expressions
from interpreter.shipped import grammar_file

_DEPENDS_ON = (grammar_file(), store.PACKAGE / "language" / "expressions.py")


def encode(node):
    """A tree as JSON: a tree is a dict (rule, position, children); a token a list."""
    if isinstance(node, Token):
        return [node.type, str(node), node.line, node.column]
    meta = node.meta
    return {"r": str(node.data), "l": getattr(meta, "line", None), "c": getattr(meta, "column", None),
            "k": [encode(child) for child in node.children]}


def decode(data):
    if isinstance(data, list):
        kind, value, line, column = data
        return Token(kind, value, line=line, column=column)
    meta = Meta()
    if data["l"] is not None:
        meta.line, meta.column = data["l"], data["c"]
        meta.empty = False
    return Tree(data["r"], [decode(child) for child in data["k"]], meta)


def key_for(texts: list[str]) -> str:
    return store.digest(store.stamp("trees", *_DEPENDS_ON), *texts)


class TreeCache:
    """Primes the parser with a ruleset's stored trees; after a successful load, stores the
    trees the load used."""

    def __init__(self, texts: list[str]):
        self.key = key_for(texts) if store.cache_dir() is not None else None
        self.stored = None
        if self.key is not None:
            self.stored = store.read_json("trees", self.key)
        primed = {}
        if isinstance(self.stored, list):
            try:
                primed = {(start, text): decode(tree) for start, text, tree in self.stored}
            except (KeyError, TypeError, ValueError):
                primed = {}
        self.recorder = expressions.record_parses(primed)

    def close(self, success: bool) -> None:
        used = expressions.stop_recording(self.recorder)
        if success and self.key is not None and self.stored is None and used:
            store.write_json("trees", self.key, [[start, text, encode(tree)]
                                                 for (start, text), tree in used.items()])


