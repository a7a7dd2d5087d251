"""Parse trees of a ruleset's expressions, kept between loads.

A ruleset's entry holds the tree of every expression string its last successful load parsed,
keyed by the digest of all its files; the next load of the same files takes the trees from
there instead of running the parser. Trees are stored as plain data (rule names, token types,
values and positions, in lists and tuples) with marshal, and rebuilt as the parser would have
built them.
"""
from __future__ import annotations

import marshal
import sys
from types import CodeType

from lark import Token, Tree
from lark.tree import Meta

from interpreter.cache import store
from interpreter.compile import unit
from interpreter.language import expressions
from interpreter.shipped import grammar_file

_DEPENDS_ON = (grammar_file(), store.PACKAGE / "language" / "expressions.py")


def encode(node):
    """A tree as plain data: a tree is a list [rule, line, column, children]; a token a tuple
    (type, value, line, column)."""
    if isinstance(node, Token):
        return (node.type, str(node), node.line, node.column)
    meta = node.meta
    return [str(node.data), getattr(meta, "line", None), getattr(meta, "column", None),
            [encode(child) for child in node.children]]


_new_token = Token._future_new      # what Token(...) calls, without its check of old keywords


def decode(data):
    if type(data) is tuple:
        kind, value, line, column = data
        return _new_token(kind, value, None, line, column)
    rule, line, column, children = data
    meta = Meta()
    if line is not None:
        meta.line, meta.column = line, column
        meta.empty = False
    return Tree(rule, [decode(child) for child in children], meta)


def key_for(texts: list[str]) -> str:
    return store.digest(store.stamp("trees", *_DEPENDS_ON), *texts)


class TreeCache:
    """Primes the parser with a ruleset's stored trees, and the code generator with the code
    it compiled last time; after a successful load, stores the trees and the code it used.
    Code is stored as Python stores a module's bytecode (marshal, keyed by Python's version
    too), each code beside the digest of the generated source it was compiled from, in one
    authenticated entry; a code is taken only for a freshly generated source of that very
    digest, so a code never runs for a source it was not compiled from."""

    def __init__(self, texts: list[str]):
        self.key = key_for(texts) if store.cache_dir() is not None else None
        self.stored = None
        if self.key is not None:
            self.stored = _read_trees(self.key)
        primed = {}
        if isinstance(self.stored, list):
            try:
                primed = {(start, text): decode(tree) for start, text, tree in self.stored}
            except (KeyError, TypeError, ValueError):
                primed = {}
        self.recorder = expressions.PARSES.start(primed)
        self.code_key = store.digest(self.key, sys.version) if self.key is not None else None
        self.stored_codes = _read_codes(self.code_key)
        self.code_recorder = unit.CODES.start(self.stored_codes or {})

    def close(self, success: bool) -> None:
        used = expressions.PARSES.stop(self.recorder)
        codes = unit.CODES.stop(self.code_recorder)
        if not success or self.key is None:
            return
        if self.stored is None and used:
            store.write_bytes("trees", self.key, marshal.dumps([[start, text, encode(tree)]
                                                                for (start, text), tree in used.items()]))
        if codes and (self.stored_codes is None or not codes.keys() <= self.stored_codes.keys()):
            store.write_bytes("codes", self.code_key,
                              marshal.dumps([[name, digest, code] for (name, digest), code in codes.items()]))


def _read_trees(key: str):
    """The stored trees of a load (plain data, read as Python reads bytecode), or None."""
    data = store.read_bytes("trees", key)
    try:
        return None if data is None else marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None


def _read_codes(key: str | None) -> dict | None:
    """The stored codes of a load, or None (none stored, or damaged: then they are made again)."""
    data = store.read_bytes("codes", key) if key is not None else None
    if data is None:
        return None
    try:
        entries = marshal.loads(data)
        return {(name, digest): code for name, digest, code in entries
                if type(name) is str and type(digest) is str and isinstance(code, CodeType)}
    except (EOFError, ValueError, TypeError):
        return None


