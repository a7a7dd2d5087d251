"""Every code example of README.md and docs/*.md works for a reader who is not in the checkout.

Each ```python block runs as its own program, with this environment's Python, from an empty
temporary folder: no rulesets/ or examples/ nearby, so a block that names a checkout path
instead of a shipped game fails here. A block that imports an optional library that is not
installed (pyspiel, say) is skipped, and says so.

Shell blocks (```sh, or unlabelled) are not run (they install, serve or play for minutes); each
`cardrules ...` command in them is parsed by the real command line, so a renamed command or
option, a missing value or a misspelt shipped game's name fails here.
"""
from __future__ import annotations

import ast
import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from interpreter.cli.main import cli
from interpreter.shipped import find_game

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
RULESET_PARAMS = ("ruleset", "base")      # the commands' parameters that name one ruleset


def _blocks(languages: tuple[str, ...]) -> list[tuple[str, str]]:
    """(page:line, code) of every fenced block in one of `languages` ('' is unlabelled)."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) in languages:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{page.relative_to(ROOT)}:{line}", match.group(2)))
    return found


PYTHON = _blocks(("python",))
SHELL = _blocks(("sh", "bash", "shell", ""))


def _missing_modules(code: str) -> list[str]:
    """The top-level modules the block imports that this environment does not have."""
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return sorted(n for n in names if importlib.util.find_spec(n) is None)


def test_the_pages_have_examples_of_both_kinds():
    """GIVEN README.md and docs/ WHEN their fenced blocks are read THEN there are Python examples
    and cardrules commands to check (a change of fence style would otherwise skip them all)."""
    assert len(PYTHON) >= 8
    assert sum(len(_commands(code)) for _, code in SHELL) >= 15


@pytest.mark.slow
@pytest.mark.parametrize("where, code", PYTHON, ids=[where for where, _ in PYTHON])
def test_a_python_example_runs_from_an_empty_folder(where, code, tmp_path):
    """GIVEN a ```python block of the README or the docs
    WHEN it runs as a program from an empty folder
    THEN it exits 0 (shipped games are named as a reader outside the checkout can name them)."""
    missing = _missing_modules(code)
    if missing:
        pytest.skip(f"{where} needs {', '.join(missing)}, not installed here")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{where} failed from an empty folder:\n{done.stderr[-3000:]}"


def _commands(code: str) -> list[list[str]]:
    """The `cardrules` commands of a shell block, as argument lists (comments, `&&` chains and
    paths such as `.venv/bin/cardrules` understood)."""
    commands = []
    for line in code.splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        command: list[str] = []
        redirected = False
        for word in words + ["&&"]:
            if word in (">", ">>", "<", "2>"):
                redirected = True        # what follows is the shell's, not the command's
            elif word in ("&&", "||", ";", "|"):
                if command and Path(command[0]).name == "cardrules":
                    commands.append(command[1:])
                command, redirected = [], False
            elif not redirected:
                command.append(word)
    return commands


def _parse(args: list[str]) -> click.Context:
    """The context `cardrules ARGS` parses to, without running the command."""
    with cli.make_context("cardrules", list(args)) as top:
        rest = [*top._protected_args, *top.args]
        name, command, rest = cli.resolve_command(top, rest)
        return command.make_context(name, rest, parent=top)


@pytest.mark.parametrize("where, code", SHELL, ids=[where for where, _ in SHELL])
def test_every_cardrules_command_of_a_shell_block_parses(where, code):
    """GIVEN a shell block of the README or the docs
    WHEN each `cardrules ...` command in it is parsed by the command line (not run)
    THEN its command and options exist and take the values given, and a ruleset named without a
    path is a shipped game."""
    for args in _commands(code):
        shown = "cardrules " + shlex.join(args)
        try:
            context = _parse(args)
        except click.ClickException as exc:
            pytest.fail(f"{where}: `{shown}` does not parse: {exc.format_message()}")
        except click.exceptions.Exit:
            continue                     # `--help` parsed and asked to stop there
        for param in RULESET_PARAMS:
            value = context.params.get(param)
            if isinstance(value, str) and "/" not in value and not value.endswith((".yaml", ".yml")):
                assert find_game(value.lower()), f"{where}: `{shown}` names no shipped game '{value}'"


def test_the_command_check_catches_a_wrong_option_and_a_wrong_game():
    """GIVEN commands with an unknown option, a misspelt game and a good one
    WHEN they are checked as a shell block's commands are
    THEN the first two fail and the good one passes."""
    with pytest.raises(click.ClickException):
        _parse(["play", "hearts", "--no-such-option"])
    assert _parse(["play", "heart"]).params["ruleset"] == "heart"     # parses, but is no game
    assert find_game("heart") is None and find_game("hearts") is not None
    assert _commands("x && .venv/bin/cardrules info hearts   # a comment") == [["info", "hearts"]]
    assert _commands("cardrules schema > out.json") == [["schema"]]
