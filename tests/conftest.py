"""Shared fixtures: rulesets are loaded once per test session (loading compiles every expression).

`ruleset(...)` is the one cache of loaded rulesets: every test, helper and fixture that needs a
ruleset it does not change asks it (a shipped game or a test fixture by name, or any file by
path), so each file is compiled once per run whoever asks first. Rulesets are never changed by
the games that run them, so sharing them is safe."""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The load cache of a test run is its own, so no run reads what another one left behind
# (and none is left behind).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cardrules-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)


def ruleset(name_or_path: str | Path, variants: tuple = ()):
    """The compiled ruleset: a shipped game by name ('hearts'), else a test fixture by name
    (tests/rulesets/NAME.yaml), or a file by path; `variants` are paths from the repository's
    root. Loaded once per session."""
    path = Path(name_or_path)
    if path.suffix not in (".yaml", ".yml"):
        shipped = ROOT / "rulesets" / f"{name_or_path}.yaml"
        path = shipped if shipped.exists() else ROOT / "tests" / "rulesets" / f"{name_or_path}.yaml"
    return _loaded(path.resolve(), tuple((ROOT / v).resolve() for v in variants))


@functools.lru_cache(maxsize=None)
def _loaded(path: Path, variants: tuple):
    from interpreter import load_ruleset
    return load_ruleset(path, variants=list(variants))


@pytest.fixture
def load():
    """load('hearts') -> the compiled ruleset, shared across tests."""
    return ruleset
