"""Where the shipped grammar, schema and rulesets live, in a checkout and in an installed wheel.

The repository keeps them as top-level folders (`grammar/`, `schemas/`, `rulesets/`); a wheel
carries copies under `interpreter/_shipped/`, put there at build time (see `setup.py`).
Everything that reads them asks this module, so both layouts work and nothing is duplicated.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

FOLDERS = ("grammar", "schemas", "rulesets")


@lru_cache(maxsize=None)
def folder(name: str) -> Path:
    """The shipped folder `name` (one of FOLDERS): the wheel's copy if installed, else the checkout's."""
    installed = Path(str(resources.files("interpreter"))) / "_shipped" / name
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / name


def grammar_file() -> Path:
    return folder("grammar") / "expressions.lark"


def schema_file() -> Path:
    return folder("schemas") / "ruleset.schema.json"


def rulesets_folder() -> Path:
    return folder("rulesets")


def find_game(name: str) -> Path | None:
    """A shipped, playable ruleset by its file name without `.yaml`, or None."""
    candidate = rulesets_folder() / f"{name}.yaml"
    return candidate if candidate.is_file() else None


def game_names() -> list[str]:
    """The names of the shipped, playable rulesets (libraries in `lib/` are not games)."""
    return sorted(p.stem for p in rulesets_folder().glob("*.yaml"))
