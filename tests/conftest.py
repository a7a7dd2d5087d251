"""Shared fixtures: rulesets are loaded once per test session (loading compiles every expression)."""
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


@functools.lru_cache(maxsize=None)
def ruleset(name: str, variants: tuple = ()):
    from interpreter import load_ruleset
    return load_ruleset(ROOT / "rulesets" / f"{name}.yaml", variants=[ROOT / v for v in variants])


@pytest.fixture
def load():
    """load('hearts') -> the compiled ruleset, shared across tests."""
    return ruleset
