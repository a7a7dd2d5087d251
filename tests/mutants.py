"""A seeded mutation fuzzer over the shipped rulesets: each mutant is a shipped file with one
small edit of the kind an author makes by mistake (a number, a name, an operator, a line
deleted or doubled, a stray character...). The rule it checks: a mutant is either rejected
with every error located (file:line:col), or it loads and then plays, or stops with a located
runtime error, within its budget. Used by tests/test_mutants.py and benchmarks/fuzz.py.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from interpreter.engine.budget import Budget
from interpreter.engine.game import Game
from interpreter.errors import GameError
from interpreter.compile.ruleset import check_ruleset

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "rulesets").glob("*.yaml"))
NUMBERS = ["0", "-1", "1", "2", "7", "99", "1000000", "999999999999999999", "100000000000000000000",
           "18446744073709551616", ".inf", "1.5"]
OPERATORS = ["<", ">", "<=", ">=", "==", "!=", "+", "-", "*", "/", "%", " and ", " or ", " in "]
STRAY = list(":[]{}'\"#&*!|>-%@`,?\t\\") + ["not ", "!!python/name:os.system ", "!foo ", "\x00", "\udcff"]
BUDGET = Budget(steps=200_000, seconds=2.0, events=50_000)
MAX_DECISIONS = 300


@dataclass
class Outcome:
    """What one mutant did: 'rejected', 'played', 'stopped' (a located runtime error) or
    'failed' (a traceback, an unlocated error: what the test forbids), with details."""
    kind: str
    detail: str = ""
    messages: list = field(default_factory=list)


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One random edit of `text`; returns (new text, a description of the edit)."""
    lines = text.split("\n")
    for _ in range(50):
        i = rng.randrange(len(lines))
        line = lines[i]
        op = rng.choice(["number", "name", "operator", "delete", "duplicate", "swap", "string", "stray",
                         "bool", "indent", "nest"])
        if op == "number" and re.search(r"\b\d+\b", line):
            spots = list(re.finditer(r"\b\d+\b", line))
            m = rng.choice(spots)
            lines[i] = line[:m.start()] + rng.choice(NUMBERS) + line[m.end():]
        elif op == "name" and re.search(r"[a-z_]{3,}", line):
            words = re.findall(r"\b[a-z_][a-z_0-9]{2,}\b", text)
            spots = list(re.finditer(r"\b[a-z_][a-z_0-9]{2,}\b", line))
            if not spots:
                continue
            m = rng.choice(spots)
            lines[i] = line[:m.start()] + rng.choice(words) + line[m.end():]
        elif op == "operator" and any(o in line for o in OPERATORS):
            present = [o for o in OPERATORS if o in line]
            lines[i] = line.replace(rng.choice(present), rng.choice(OPERATORS), 1)
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "string" and re.search(r"'[^']*'", line):
            m = rng.choice(list(re.finditer(r"'[^']*'", line)))
            lines[i] = line[:m.start()] + rng.choice(["''", "'zz'", "'" + "x" * 300 + "'"]) + line[m.end():]
        elif op == "stray":
            at = rng.randrange(len(line) + 1)
            lines[i] = line[:at] + rng.choice(STRAY) + line[at:]
        elif op == "bool" and re.search(r"\b(true|false)\b", line):
            lines[i] = re.sub(r"\b(true|false)\b", lambda m: "false" if m.group(1) == "true" else "true", line, count=1)
        elif op == "indent" and line.strip():
            lines[i] = (" " * rng.choice([1, 2, 4])) + line if rng.random() < 0.5 else line.lstrip()
        elif op == "nest" and '"' in line:
            at = line.index('"') + 1
            lines[i] = line[:at] + "not " * rng.choice([3, 90, 500]) + line[at:]
        else:
            continue
        return "\n".join(lines), f"{op} at line {i + 1}"
    return text, "none"


def located(diagnostics) -> list[str]:
    """The errors that lack a position (must be none)."""
    return [d.message for d in diagnostics
            if d.severity == "error" and (d.span is None or d.span.line < 1 or d.span.column < 1)]


def run_mutant(source: Path, seed: int, folder: Path) -> tuple[Outcome, str]:
    """Make mutant `seed` of `source` in `folder`, check it, and play it if it loads."""
    rng = random.Random(f"{source.name}:{seed}")
    text, edit = mutate(source.read_text(encoding="utf-8"), rng)
    path = folder / source.name
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    what = f"{source.name} mutant {seed} ({edit})"
    try:
        rules, diagnostics = check_ruleset(path)
    except Exception as exc:  # noqa: BLE001 - the point is to catch anything
        return Outcome("failed", f"{type(exc).__name__}: {exc}"), what
    unlocated = located(diagnostics)
    if unlocated:
        return Outcome("failed", "errors without a position: " + "; ".join(unlocated)), what
    if rules is None:
        return Outcome("rejected", messages=[str(d.message) for d in diagnostics if d.severity == "error"]), what
    return play_mutant(rules, seed), what


def play_mutant(rules, seed: int) -> Outcome:
    rng = random.Random(seed)
    try:
        game = Game(rules, rules.min_players, seed=seed, budget=BUDGET)
        decisions = 0
        while not game.over and decisions < MAX_DECISIONS:
            options = game.decision.options
            if isinstance(options, range):
                game.apply(str(rng.randrange(options.start, options.stop)))
            else:
                game.apply(game.decision.choices[rng.randrange(len(options))])
            decisions += 1
    except GameError as exc:
        if exc.span is None and exc.phase is None and exc.code not in LOCATED_BY_CODE:
            return Outcome("failed", f"a runtime error without a position: {exc}")
        return Outcome("stopped", exc.code, [str(exc)])
    except Exception as exc:  # noqa: BLE001
        return Outcome("failed", f"{type(exc).__name__}: {exc}")
    return Outcome("played")


# Runtime errors about the game's set-up as a whole, which name what is wrong instead of a line.
LOCATED_BY_CODE = {"players", "zones", "teams", "stacked"}
