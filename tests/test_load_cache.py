"""The load cache: a second load of unchanged files skips the schema check and the parser,
and plays the very same games; any change of a file is a miss.

GIVEN a ruleset loaded once (filling the cache), WHEN it is loaded again, THEN the load uses
no parser and no schema validator, and a seeded game's events are those of an uncached
load. GIVEN a changed or corrupt entry, THEN it is ignored and the load still checks
everything (a broken file still reports its errors).
"""
from __future__ import annotations

import random
import shutil

import pytest

from interpreter import Game, RulesetError, load_ruleset
from interpreter.cache import store
from interpreter.language import source_cache as sources
from interpreter.compile import snapshot
from interpreter.compile.load_cache import decode, encode
from interpreter.errors import Collector
from interpreter.language import expressions, loader, schema
from interpreter.compile.ruleset import check_ruleset
from interpreter.language.source import read_source
from tests.conftest import ROOT


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDRULES_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    # the rulesets kept whole are not read (tests/test_snapshot.py tries those): a load goes
    # through the entries below them, as after a change of cardrules
    monkeypatch.setattr(snapshot, "read", lambda key: None)
    return tmp_path / "cache" / "cardrules"


def events(ruleset, seed: int) -> list:
    game = Game(ruleset, 4, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        options = game.legal_values()
        game.apply_value(options[rng.randrange(len(options))])
    return game.events


def test_second_load_uses_neither_parser_nor_schema_and_plays_the_same(cache, tmp_path, monkeypatch):
    path = tmp_path / "hearts.yaml"
    shutil.copy(ROOT / "rulesets" / "hearts.yaml", path)
    first = load_ruleset(path)
    assert any((cache / "trees").iterdir()) and any((cache / "passed").iterdir())

    def refuse(*args, **kwargs):
        raise AssertionError("the cache should have answered")
    monkeypatch.setattr(expressions, "_parse", refuse)
    monkeypatch.setattr(schema, "_check", refuse)
    monkeypatch.setattr(loader, "read_source", refuse)
    second = load_ruleset(path)
    assert events(second, 3) == events(first, 3)


def test_a_changed_file_is_checked_again(cache, tmp_path):
    path = tmp_path / "hearts.yaml"
    shutil.copy(ROOT / "rulesets" / "hearts.yaml", path)
    load_ruleset(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name:", "nmae:", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert "nmae" in str(info.value)


def test_a_corrupt_entry_is_a_miss(cache, tmp_path):
    path = tmp_path / "hearts.yaml"
    shutil.copy(ROOT / "rulesets" / "hearts.yaml", path)
    expected = events(load_ruleset(path), 5)
    for entry in (cache / "trees").iterdir():
        entry.write_text("[[1, 2]", encoding="utf-8")
    assert events(load_ruleset(path), 5) == expected


def test_cache_off_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_NO_CACHE", "1")
    assert store.cache_dir() is None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    load_ruleset(ROOT / "rulesets" / "hearts.yaml")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("text", ["c.suit == 'hearts' and not (c.rank in [2, 3])",
                                  "players.filter(p, p.score > -1).max_by(p, p.score)"])
def test_stored_trees_are_the_parsers_trees(text):
    tree = expressions._parse(text, "expression")
    again = decode(encode(tree))
    assert again == tree
    assert [(t.line, t.column) for t in again.scan_values(lambda v: True)] == \
        [(t.line, t.column) for t in tree.scan_values(lambda v: True)]


@pytest.mark.slow
def test_second_load_compiles_no_generated_code_and_a_damaged_store_is_compiled_again(cache, tmp_path, monkeypatch):
    """GIVEN a ruleset loaded once WHEN it is loaded again THEN every unit of generated code is
    taken from the cache (nothing is compiled) and games are the same; GIVEN the stored code
    damaged THEN the load compiles again and still plays the same games."""
    from interpreter.compile import unit
    path = tmp_path / "black-maria.yaml"
    shutil.copy(ROOT / "rulesets" / "black-maria.yaml", path)
    expected = events(load_ruleset(path), 4)
    assert any((cache / "codes").iterdir())

    def refuse(*args, **kwargs):
        raise AssertionError("the cache should have answered")
    monkeypatch.setattr(unit, "compile", refuse, raising=False)
    assert events(load_ruleset(path), 4) == expected
    monkeypatch.undo()
    monkeypatch.delenv("CARDRULES_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent))
    for entry in (cache / "codes").iterdir():
        entry.write_bytes(b"\x00not code")
    assert events(load_ruleset(path), 4) == expected


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml")))
def test_a_stored_file_is_the_file_read_again(cache, name):
    """GIVEN a shipped ruleset's file read once WHEN it is taken from the cache THEN its data and
    the position and style of every value in it are those of reading it again."""
    path = ROOT / "rulesets" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    fresh = read_source(str(path), text, Collector())
    assert sources.stored(str(path), text) is None
    sources.keep(fresh)
    stored = sources.stored(str(path), text)
    assert stored.data == fresh.data and stored.nodes == fresh.nodes
    assert any(info.style in ("|", ">") for info in stored.nodes.values())
    assert sources.stored(str(path), text + "\n") is None and sources.stored("other.yaml", text) is None


BROKEN = sorted((ROOT / "tests" / "broken").rglob("*.yaml"))
# what reading a file as YAML can report (such a file is not kept)
READING_PROBLEMS = {"yaml-syntax", "empty-file", "not-a-mapping", "duplicate-key", "yaml-tag", "too-large",
                    "bad-key", "merge-key", "missing-file", "unreadable", "encoding"}


@pytest.mark.slow
@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_a_broken_file_reports_the_same_from_the_cache(cache, path):
    """GIVEN a broken ruleset checked once (its clean files kept) WHEN it is checked again THEN
    it reports the very same problems at the very same places (inside expression strings too)."""
    diagnostics = check_ruleset(path)[1]
    first = [str(d) for d in diagnostics]
    if not {d.code for d in diagnostics} & READING_PROBLEMS:     # read cleanly: kept, and read back
        assert any((cache / "sources").iterdir())
    again = [str(d) for d in check_ruleset(path)[1]]
    assert first and again == first
