"""cardrules: a declarative rule-definition interpreter for card games.

A game is a YAML ruleset; `load_ruleset` checks and compiles it once (a file, or a shipped game
by name: `load_ruleset("hearts")`), and `Game` runs any compiled ruleset through one decision API.

The names below are imported on first use, so a command that needs only part of the package
(`cardrules --help`, `cardrules list`) starts without loading the rest.
"""
from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"

_EXPORTS = {
    "Diagnostic": "interpreter.errors", "RulesetError": "interpreter.errors",
    "GameError": "interpreter.errors", "GameLimitError": "interpreter.errors", "Span": "interpreter.errors",
    "load_ruleset": "interpreter.compile.ruleset", "Ruleset": "interpreter.compile.ruleset",
    "Game": "interpreter.engine.game", "Decision": "interpreter.engine.game", "Choice": "interpreter.engine.game",
}
__all__ = list(_EXPORTS)


def __getattr__(name: str) -> object:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'interpreter' has no attribute {name!r}")
    value = getattr(import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
