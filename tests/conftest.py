"""Shared fixtures: rulesets are loaded once per test session (loading compiles every expression)."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def ruleset(name: str, variants: tuple = ()):
    from interpreter import load_ruleset
    return load_ruleset(ROOT / "rulesets" / f"{name}.yaml", variants=[ROOT / v for v in variants])


@pytest.fixture
def load():
    """load('hearts') -> the compiled ruleset, shared across tests."""
    return ruleset
