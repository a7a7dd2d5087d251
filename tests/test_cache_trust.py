"""The load cache trusts only its owner: nothing planted in it runs or changes a result.

GIVEN an entry of each kind planted by someone who can write the cache folder but does not
hold the user's key (a validator or compiled-code payload that would write a marker file, a
code object swapped inside a real entry, a real entry moved to another name, a forged
`passed` record, a forged `sources` entry), WHEN a ruleset is loaded, THEN nothing planted
runs, the load gives the right answer (a broken file is still reported broken) and the entry
is written again. GIVEN a cache folder owned by another user, or writable by group or others,
or a key file with other permissions, THEN it is not used at all, with exactly one warning.
"""
from __future__ import annotations

import marshal
import os
import shutil
import sys
import warnings

import pytest

from interpreter import load_ruleset
from interpreter.cache import store
from interpreter.language import source_cache as sources
from interpreter.cli.main import main
from interpreter.errors import Collector
from interpreter.language import expressions, schema
from interpreter.language.passed import digest
from interpreter.compile import snapshot
from interpreter.compile.ruleset import check_ruleset
from interpreter.language.source import read_source
from tests.conftest import ROOT
from tests.test_load_cache import events

BROKEN = ROOT / "tests" / "broken" / "unknown_top_key.yaml"
NOBODY = 65534
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                             reason="giving a folder to another user needs root")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDRULES_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    # the shipped validator and parser tables left aside, as for a schema or grammar changed
    # since they were made: the validator and the parser are then kept in the cache
    monkeypatch.setattr(schema, "shipped_validator", lambda: None)
    monkeypatch.setattr(expressions, "shipped_parser", lambda grammar: None)
    # and the rulesets kept whole are not read (tests/test_snapshot.py tries those): a load goes
    # through the entries below them, as after a change of cardrules
    monkeypatch.setattr(snapshot, "read", lambda key: None)
    schema.fast_validator.cache_clear()     # so that the validator is taken from this cache
    yield tmp_path / "cache" / "cardrules"
    schema.fast_validator.cache_clear()


@pytest.fixture
def marker(tmp_path):
    return tmp_path / "ran"


def payload(marker) -> object:
    """Code that writes `marker` when it runs (through `len`, which generated code may call),
    then offers a validator that passes everything."""
    return compile(f"len.__self__.open({str(marker)!r}, 'w').write('ran')\n"
                   "validate = lambda data: None\n", "<planted>", "exec")


def hearts(tmp_path):
    path = tmp_path / "hearts.yaml"
    shutil.copy(ROOT / "rulesets" / "hearts.yaml", path)
    return path


def messages(path) -> list[str]:
    return [str(d) for d in check_ruleset(path)[1]]


def validator_entry(cache):
    return cache / "validator" / f"{store.digest(store.stamp('validator'), sys.version, schema.schema_text())}.bin"


def plant(path, data: bytes) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.write_bytes(data)


def test_the_folder_is_made_the_users_alone_with_a_private_key(cache, tmp_path):
    """GIVEN no cache folder WHEN a ruleset is loaded THEN the folder and its kind folders are
    made mode 0700 and the key 0600, and every entry starts with its MAC."""
    load_ruleset(hearts(tmp_path))
    assert cache.stat().st_mode & 0o777 == 0o700
    assert all(kind.stat().st_mode & 0o777 == 0o700 for kind in cache.iterdir() if kind.is_dir())
    assert (cache / "key").stat().st_mode & 0o777 == 0o600 and (cache / "key").stat().st_size == 32
    assert not [p for p in cache.iterdir() if p.name.endswith(".tmp") or p.name.startswith(".key")]


@pytest.mark.slow
@pytest.mark.parametrize("mac", [b"", b"\0" * 32], ids=["bare", "with-a-guessed-mac"])
def test_a_planted_validator_never_runs(cache, tmp_path, marker, mac):
    """GIVEN a validator entry holding a payload (bare as before, or behind a made-up MAC) WHEN
    rulesets are checked THEN it never runs, a broken file is still reported, and the entry is
    written again with the real validator."""
    plant(validator_entry(cache), mac + marshal.dumps(payload(marker)))
    expected = events(load_ruleset(hearts(tmp_path)), 2)
    assert any("unknown key" in m for m in messages(BROKEN))
    assert not marker.exists()
    assert not validator_entry(cache).read_bytes().endswith(marshal.dumps(payload(marker)))
    schema.fast_validator.cache_clear()
    with store.disabled():
        assert events(load_ruleset(hearts(tmp_path)), 2) == expected


@pytest.mark.slow
def test_planted_and_swapped_compiled_code_never_runs(cache, tmp_path, marker):
    """GIVEN a ruleset loaded once WHEN its compiled-code entry is replaced by payloads (without
    a MAC, behind the real MAC) or two of its real code objects are swapped behind the real MAC
    THEN the next load runs none of them, plays the same games and writes the entry again."""
    path = hearts(tmp_path)
    expected = events(load_ruleset(path), 3)
    (entry,) = (cache / "codes").iterdir()
    real = entry.read_bytes()
    mac, body = real[:32], real[32:]
    codes = marshal.loads(body)
    planted = marshal.dumps([[name, source_digest, payload(marker)] for name, source_digest, _ in codes])
    swapped = [[name, source_digest, code] for (name, source_digest, _), (_, _, code)
               in zip(codes, codes[1:] + codes[:1])]
    for forged in (planted, mac + planted, mac + marshal.dumps(swapped)):
        entry.write_bytes(forged)
        assert events(load_ruleset(path), 3) == expected
        assert not marker.exists()
        assert entry.read_bytes() == real      # written again, as it was


def test_an_entry_moved_to_another_name_is_a_miss(cache):
    """GIVEN a real entry WHEN it is copied under another name or kind THEN it is not read there."""
    store.write_bytes("passed", "a" * 64, b"passed")
    assert store.read_bytes("passed", "a" * 64) == b"passed"
    data = (cache / "passed" / f"{'a' * 64}.bin").read_bytes()
    plant(cache / "passed" / f"{'b' * 64}.bin", data)
    plant(cache / "sources" / f"{'a' * 64}.bin", data)
    assert store.read_bytes("passed", "b" * 64) is None and store.read_bytes("sources", "a" * 64) is None


@pytest.mark.slow
@pytest.mark.parametrize("record", [b"", b"passed", b"\0" * 32 + b"passed"],
                         ids=["empty", "bare", "with-a-guessed-mac"])
def test_a_forged_passed_record_passes_nothing(cache, record):
    """GIVEN a `passed` record planted for a broken file's digest WHEN it is checked THEN its
    schema errors are still reported."""
    expected = messages(BROKEN)
    shutil.rmtree(cache)
    key = digest(schema._checker_text(), schema.schema_text(), BROKEN.read_text(encoding="utf-8"))
    plant(cache / "passed" / f"{key}.bin", record)
    assert messages(BROKEN) == expected and any("unknown key" in m for m in expected)


def test_a_forged_sources_entry_is_not_read(cache):
    """GIVEN a `sources` entry planted for a broken file, saying it holds a clean ruleset's data
    WHEN the broken file is checked THEN it is read afresh and reported as before."""
    expected = messages(BROKEN)
    shutil.rmtree(cache)
    clean = read_source(str(ROOT / "rulesets" / "hearts.yaml"),
                        (ROOT / "rulesets" / "hearts.yaml").read_text(encoding="utf-8"), Collector())
    forged = marshal.dumps((clean.data, [(p, tuple(i)) for p, i in clean.nodes.items()]))
    key = sources._key(str(BROKEN), BROKEN.read_text(encoding="utf-8"))
    for data in (forged, b"\0" * 32 + forged):
        plant(cache / "sources" / f"{key}.bin", data)
        assert sources.stored(str(BROKEN), BROKEN.read_text(encoding="utf-8")) is None
        assert messages(BROKEN) == expected


def refused_once(cache, tmp_path, marker) -> list:
    """Load twice from a refused folder; the warnings it gave. Nothing may be written there."""
    before = sorted(p.name for p in cache.rglob("*"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = events(load_ruleset(hearts(tmp_path)), 1)
        assert any("unknown key" in m for m in messages(BROKEN))
        assert events(load_ruleset(hearts(tmp_path)), 1) == first
    assert not marker.exists()
    assert sorted(p.name for p in cache.rglob("*")) == before
    with store.disabled():
        assert events(load_ruleset(hearts(tmp_path)), 1) == first
    return [w for w in caught if issubclass(w.category, store.CacheWarning)]


def plant_authentic(cache, marker) -> None:
    """A key of the planter's own and a validator entry correctly authenticated under it."""
    key = os.urandom(32)
    plant(cache / "key", key)
    os.chmod(cache / "key", 0o600)
    entry = validator_entry(cache)
    code = marshal.dumps(payload(marker))
    plant(entry, store._mac(key, f"validator/{entry.name}", code) + code)


@pytest.mark.slow
@as_root
def test_a_folder_of_another_user_is_not_used(cache, tmp_path, marker):
    """GIVEN a cache folder owned by another user, holding a key and a validator payload
    authenticated under it WHEN rulesets are loaded THEN the folder is not used (one warning,
    naming it), nothing in it runs and the loads are right."""
    cache.mkdir(mode=0o700, parents=True)
    plant_authentic(cache, marker)
    for path in [cache, *cache.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    caught = refused_once(cache, tmp_path, marker)
    assert len(caught) == 1 and "another user" in str(caught[0].message) and str(cache) in str(caught[0].message)


@pytest.mark.slow
@pytest.mark.parametrize("where,mode", [("root", 0o770), ("root", 0o707), ("kind", 0o777), ("parent", 0o777)])
def test_a_folder_others_can_write_is_not_used(cache, tmp_path, marker, where, mode):
    """GIVEN the cache folder, one of its kind folders or the folder above it writable by group
    or others (the planter's key and payload inside) WHEN rulesets are loaded THEN the cache is
    not used, with one warning, and nothing planted runs."""
    cache.mkdir(mode=0o700, parents=True)
    plant_authentic(cache, marker)
    os.chmod({"root": cache, "kind": cache / "validator", "parent": cache.parent}[where], mode)
    caught = refused_once(cache, tmp_path, marker)
    assert len(caught) == 1 and "written by others" in str(caught[0].message)


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["readable", "owner", "symlink", "short"])
def test_a_key_file_with_other_permissions_is_refused(cache, tmp_path, marker, damage):
    """GIVEN the key file readable by others, owned by another user, a symbolic link or not a
    key WHEN rulesets are loaded THEN the cache is not used (one warning) and the key is kept."""
    if damage == "owner" and os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    cache.mkdir(mode=0o700, parents=True)
    plant_authentic(cache, marker)
    key = cache / "key"
    if damage == "readable":
        os.chmod(key, 0o644)
    elif damage == "owner":
        os.chown(key, NOBODY, NOBODY)
    elif damage == "symlink":
        os.replace(key, tmp_path / "elsewhere")
        key.symlink_to(tmp_path / "elsewhere")
    else:
        key.write_bytes(b"short")
    caught = refused_once(cache, tmp_path, marker)
    assert len(caught) == 1 and "key" in str(caught[0].message)


@pytest.mark.slow
def test_the_command_line_shows_the_refusal_as_one_line(cache, capsys):
    """GIVEN a cache folder others can write WHEN `cardrules validate` runs THEN it succeeds and
    stderr holds exactly one line: the warning."""
    cache.mkdir(mode=0o777, parents=True)
    os.chmod(cache, 0o777)
    assert main(["validate", str(ROOT / "rulesets" / "hearts.yaml")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("cardrules: warning: the load cache is not used")


@pytest.mark.slow
def test_a_load_with_the_cache_off_reads_and_writes_nothing(cache, tmp_path, marker):
    """GIVEN a planted validator WHEN a ruleset is loaded with cache=False THEN nothing is read
    (the payload does not run) and nothing is written."""
    plant(validator_entry(cache), marshal.dumps(payload(marker)))
    before = sorted(p.name for p in cache.rglob("*"))
    load_ruleset(hearts(tmp_path), cache=False)
    assert check_ruleset(BROKEN, cache=False)[0] is None
    assert not marker.exists() and sorted(p.name for p in cache.rglob("*")) == before


class _Planted:
    """Unpickling this writes the marker file: what a planted parser pickle could do."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (eval, (f"open({self.marker!r}, 'w').write('ran')",))


def test_a_planted_parser_never_runs(cache, tmp_path, marker):
    """GIVEN a pickle that writes a marker when loaded, planted as the expression parser's entry
    in the load cache by someone without the key
    WHEN the parser is made again and parses an expression
    THEN the marker is not written, and the parser works (built, and kept as an authentic entry)."""
    import pickle

    grammar = expressions.grammar_file().read_text(encoding="utf-8")
    key = store.digest(store.stamp("parser"), sys.version, grammar)
    expressions.parser()                    # the folder and key exist, as after a first load
    plant(cache / "parser" / f"{key}.bin", pickle.dumps(_Planted(marker)))
    expressions.parser.cache_clear()
    try:
        assert expressions.parser().parse("a + 1", start="expression")
    finally:
        expressions.parser.cache_clear()
    assert not marker.exists()
    assert store.read_bytes("parser", key) is not None


def test_the_parser_is_kept_nowhere_but_the_load_cache(cache, tmp_path, monkeypatch):
    """GIVEN an empty shared temporary folder (where Lark's own cache would keep, and read back, a
    pickle anyone there could have planted) WHEN the parser is built THEN nothing is written there."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    expressions.parser.cache_clear()
    try:
        expressions.parser()
    finally:
        expressions.parser.cache_clear()
    assert list((tmp_path / "temp").iterdir()) == []
