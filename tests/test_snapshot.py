"""A ruleset kept whole in the load cache (`compile/snapshot.py`).

GIVEN a ruleset loaded once WHEN it is loaded again THEN nothing is checked, generated or
compiled, the warnings are those of the first load, the games are the same event for event, and
a game's errors still point at the ruleset's file:line:col. GIVEN a changed file, a changed
grammar or a changed module of cardrules THEN the kept ruleset is not used. GIVEN an entry
planted without the user's key, moved from another ruleset's name, or authentic but naming what
a ruleset never holds THEN nothing in it runs and the load checks everything.
"""
from __future__ import annotations

import pickle
import random
import shutil

import pytest

from interpreter import Game, GameError, load_ruleset
from interpreter.cache import store
from interpreter.compile import ruleset as ruleset_module
from interpreter.compile import snapshot
from interpreter.compile.ruleset import check_ruleset
from interpreter.errors import LINE_MAPS, line_span
from tests.conftest import ROOT
from tests.test_load_cache import events


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDRULES_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "cardrules"


@pytest.fixture
def builds(monkeypatch) -> list:
    """Every full check of a ruleset (a build) made while the test runs."""
    made: list = []
    real = ruleset_module._Builder.build

    def counting(self, path):
        made.append(path)
        return real(self, path)
    monkeypatch.setattr(ruleset_module._Builder, "build", counting)
    return made


def copied(tmp_path, name: str = "hearts"):
    path = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "rulesets" / f"{name}.yaml", path)
    return path


def entries(cache) -> list:
    return sorted((cache / snapshot.KIND).iterdir()) if (cache / snapshot.KIND).is_dir() else []


@pytest.mark.slow
def test_a_second_load_takes_the_kept_ruleset_and_plays_the_same(cache, tmp_path, builds):
    """GIVEN a ruleset extending another, with a warning, loaded once WHEN it is loaded again THEN it is not checked
    again, it says the same warnings and it plays the same games as a load without the cache."""
    path = tmp_path / "warned.yaml"
    path.write_text('version: 1\nextends: hearts\nfunctions:\n  never_called: "1 + 1"\n', encoding="utf-8")
    first, first_diagnostics = check_ruleset(path)
    assert first is not None and len(builds) == 1 and len(entries(cache)) == 1
    second, second_diagnostics = check_ruleset(path)
    assert second is not None and second is not first and len(builds) == 1
    assert [str(d) for d in second_diagnostics] == [str(d) for d in first_diagnostics]
    assert any("never_called" in str(d) for d in second_diagnostics)
    with store.disabled():
        fresh = load_ruleset(path)
    assert len(builds) == 2
    for seed in (1, 2):
        assert events(second, seed) == events(fresh, seed)
    assert (second.name, second.path, second.digest, second.sources, second.generated) == \
           (fresh.name, fresh.path, fresh.digest, fresh.sources, fresh.generated)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["black-card", "texas-holdem", "black-swan"])
def test_kept_rulesets_of_other_games_play_the_same(cache, tmp_path, builds, name):
    """GIVEN a shipped ruleset (with `include:`, abilities, templates) loaded once WHEN loaded
    again from the cache THEN its games are those of a load without the cache."""
    path = copied(tmp_path, name)
    load_ruleset(path)
    kept = load_ruleset(path)
    assert len(builds) == 1
    with store.disabled():
        fresh = load_ruleset(path)
    for seed in (3, 4):
        assert events(kept, seed) == events(fresh, seed)


def test_a_changed_file_is_not_taken_from_the_cache(cache, tmp_path, builds):
    """GIVEN a ruleset loaded once WHEN one of its values changes THEN the next load checks it
    and has the new value."""
    path = copied(tmp_path)
    load_ruleset(path)
    path.write_text(path.read_text(encoding="utf-8").replace("name: Hearts", "name: Changed Hearts", 1),
                    encoding="utf-8")
    changed = load_ruleset(path)
    assert changed.name == "Changed Hearts" and len(builds) == 2


@pytest.mark.parametrize("what", ["grammar", "schema", "module"])
def test_a_changed_grammar_schema_or_module_is_not_taken_from_the_cache(cache, tmp_path, builds, monkeypatch, what):
    """GIVEN a ruleset loaded once WHEN the grammar, the schema or a module of cardrules is
    another THEN the next load checks it again."""
    path = copied(tmp_path)
    load_ruleset(path)
    before = snapshot._cardrules()
    changed = {"grammar": lambda: before.replace("expression", "expression ", 1),
               "schema": lambda: before.replace("$schema", "$schema ", 1),
               "module": lambda: before.replace("compile/snapshot.py:", "compile/snapshot.py:1", 1)}[what]
    assert changed() != before
    monkeypatch.setattr(snapshot, "_cardrules", changed)
    load_ruleset(path)
    assert len(builds) == 2


def test_grammar_schema_and_modules_are_in_the_key():
    """THEN what the key depends on holds the grammar's text, the schema's and the modules'."""
    from interpreter.shipped import grammar_file, schema_file
    stamp = snapshot._cardrules()
    assert grammar_file().read_text(encoding="utf-8") in stamp
    assert schema_file().read_text(encoding="utf-8") in stamp
    assert "compile/compiler.py:" in stamp and "engine/game.py:" in stamp


class _Planted:
    """Unpickling this writes the marker file."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (eval, (f"open({self.marker!r}, 'w').write('ran')",))


@pytest.mark.parametrize("mac", [b"", b"\0" * 32], ids=["bare", "with-a-guessed-mac"])
def test_a_planted_entry_never_runs(cache, tmp_path, builds, mac):
    """GIVEN a pickle that writes a marker when read, planted as a ruleset's entry by someone
    without the key WHEN the ruleset is loaded THEN the marker is not written, the ruleset is
    checked in full, and the entry is written again as an authentic one."""
    path = copied(tmp_path)
    expected = events(load_ruleset(path), 2)
    (entry,) = entries(cache)
    marker = tmp_path / "ran"
    entry.write_bytes(mac + pickle.dumps(_Planted(marker)))
    assert events(load_ruleset(path), 2) == expected
    assert not marker.exists() and len(builds) == 2
    assert store.read_bytes(snapshot.KIND, entry.stem) is not None


def test_a_tampered_entry_is_a_miss(cache, tmp_path, builds):
    """GIVEN a real entry with one byte of its payload changed (its MAC left as it was) WHEN the
    ruleset is loaded THEN the entry is not read, the ruleset is checked in full and plays as
    before, and the entry is written again, authentic."""
    path = copied(tmp_path)
    expected = events(load_ruleset(path), 2)
    (entry,) = entries(cache)
    real = entry.read_bytes()
    middle = len(real) // 2
    entry.write_bytes(real[:middle] + bytes([real[middle] ^ 1]) + real[middle + 1:])
    assert events(load_ruleset(path), 2) == expected and len(builds) == 2
    assert store.read_bytes(snapshot.KIND, entry.stem) is not None


def test_an_authentic_entry_naming_anything_else_is_not_read(cache, tmp_path, builds):
    """GIVEN an entry written under the user's key that names a callable no ruleset holds (as a
    cache written by a cardrules with a flaw could) WHEN the ruleset is loaded THEN it is not
    called, and the ruleset is checked in full."""
    path = copied(tmp_path)
    load_ruleset(path)
    (entry,) = entries(cache)
    marker = tmp_path / "ran"
    store.write_bytes(snapshot.KIND, entry.stem, pickle.dumps(_Planted(marker)))
    load_ruleset(path)
    assert not marker.exists() and len(builds) == 2


def test_an_entry_moved_to_another_rulesets_name_is_a_miss(cache, tmp_path, builds):
    """GIVEN the entries of two rulesets WHEN one's entry is copied over the other's THEN the
    other still loads as itself."""
    hearts, maria = copied(tmp_path, "hearts"), copied(tmp_path, "black-maria")
    load_ruleset(maria)
    (maria_entry,) = entries(cache)
    load_ruleset(hearts)
    (hearts_entry,) = [e for e in entries(cache) if e != maria_entry]
    maria_entry.write_bytes(hearts_entry.read_bytes())
    assert load_ruleset(maria).name == "Black Maria" and len(builds) == 3


def test_errors_point_into_the_file_after_a_kept_load(cache, tmp_path):
    """GIVEN a ruleset whose games sometimes fail, loaded once WHEN it is loaded again from the
    cache (the line maps of generated code forgotten in between, as in a new process) THEN a
    game's error names the same file:line:col, and each line of its generated flow still maps
    to its rule."""
    path = tmp_path / "fails.yaml"
    shutil.copy(ROOT / "tests" / "rulesets" / "sometimes-fails.yaml", path)
    with store.disabled():
        fresh = load_ruleset(path)
    load_ruleset(path)
    maps = dict(LINE_MAPS)
    LINE_MAPS.clear()
    try:
        kept = load_ruleset(path)
        assert kept.flow_code.__code__.co_filename in LINE_MAPS
        filename = kept.flow_code.__code__.co_filename
        spans = [line_span(filename, line) for line in range(1, len(LINE_MAPS[filename]) + 1)]
        assert any(span is not None and span.file == str(path) for span in spans)
        failures = [(failure(fresh, seed), failure(kept, seed)) for seed in range(40)]
    finally:
        LINE_MAPS.update(maps)
    failed = [pair for pair in failures if pair[0] is not None]
    assert failed, "some game of the fixture should fail"
    for ours, theirs in failed:
        assert ours == theirs and f"{path}:" in ours


def failure(rules, seed: int) -> str | None:
    """The error a random game of `rules` stops with, as said, or None if it ends well."""
    game = Game(rules, 2, seed=seed)
    rng = random.Random(seed)
    try:
        while not game.over:
            options = game.legal_values()
            game.apply_value(options[rng.randrange(len(options))])
    except GameError as exc:
        return f"{exc.span.file}:{exc.span.line}:{exc.span.column} {exc}" if getattr(exc, "span", None) else str(exc)
    return None


def test_markers_of_cardrules_stay_the_same_objects():
    """GIVEN objects that cardrules' modules hold by name (markers tested with `is`) inside what
    is kept WHEN it is written and read back THEN they are the very same objects, while a value
    of the ruleset's own is a copy."""
    import io

    from interpreter.compile.runtime import NOT_YET
    from interpreter.engine.frames import NONE
    from interpreter.errors import Span
    out = io.BytesIO()
    own = Span("game.yaml", 3, 4)
    snapshot._Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump([NONE, NOT_YET, own])
    none, not_yet, span = snapshot._Unpickler(io.BytesIO(out.getvalue())).load()
    assert none is NONE and not_yet is NOT_YET
    assert span == own and span is not own


@pytest.mark.parametrize("module, name", [
    ("interpreter.compile.snapshot", "os.system"),        # reaching through a module of cardrules
    ("interpreter.compile.snapshot", "os"),               # a module it imported
    ("interpreter.compile.snapshot", "import_module"),    # a function it imported
    ("interpreter.compile.snapshot", "pickle"),
])
def test_an_entry_cannot_reach_through_cardrules_to_what_it_imported(module, name):
    """GIVEN an entry naming something only reachable through one of cardrules' modules WHEN it
    is read THEN it is refused, before anything is called."""
    import io

    def text(value: str) -> bytes:          # SHORT_BINUNICODE
        data = value.encode()
        return b"\x8c" + bytes([len(data)]) + data
    stream = b"\x80\x04" + text(module) + text(name) + b"\x93."     # PROTO 4, STACK_GLOBAL, STOP
    with pytest.raises(pickle.UnpicklingError, match="is not kept in a ruleset"):
        snapshot._Unpickler(io.BytesIO(stream)).load()

