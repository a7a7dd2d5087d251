"""Where the shipped grammar, schema and rulesets live, in a checkout and in an installed wheel.

The repository keeps them as top-level folders (`grammar/`, `schemas/`, `rulesets/`, and the rules
page `docs/rules.md`); a wheel carries copies under `interpreter/_shipped/`, put there at build
time (see `setup.py`).
Everything that reads them asks this module, so both layouts work and nothing is duplicated.
It also says which file a name given by a person or a program means (`locate_ruleset`), so the
command line and the Python API take the same names.
"""
from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from interpreter.errors import Diagnostic, RulesetError, did_you_mean

FOLDERS = ("grammar", "schemas", "rulesets", "docs")


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


def rules_page() -> Path:
    """The project's rules page: the games and their numbered decisions (see interpreter.decisions)."""
    return folder("docs") / "rules.md"


def find_game(name: str) -> Path | None:
    """A shipped, playable ruleset by its file name without `.yaml`, or None."""
    candidate = rulesets_folder() / f"{name}.yaml"
    return candidate if candidate.is_file() else None


def game_names() -> list[str]:
    """The names of the shipped, playable rulesets (libraries in `lib/` are not games)."""
    return sorted(p.stem for p in rulesets_folder().glob("*.yaml"))


def locate_ruleset(name_or_path: str | os.PathLike[str]) -> Path:
    """The ruleset file that `name_or_path` means: an existing file as it is, else a shipped game
    by its name as `cardrules list` shows it, in any case. Neither is a RulesetError with one
    diagnostic whose hint is the closest shipped name, or the list of them when nothing is close."""
    text = os.fspath(name_or_path)
    if os.path.lexists(text):      # (a link that leads nowhere is the reader's to report)
        return Path(text)
    looks_like_path = "/" in text or os.sep in text or text.endswith((".yaml", ".yml"))
    if not looks_like_path:
        found = find_game(text.lower())
        if found is not None:
            return found
    names = game_names()
    hint = did_you_mean(Path(text).stem if looks_like_path else text, names)
    message = f"no such file: {text}" if looks_like_path else f"no shipped game or file named '{text}'"
    raise RulesetError([Diagnostic("missing-file", message, None, hint or f"shipped games: {', '.join(names)}")])
