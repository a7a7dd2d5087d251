"""Start-up time of the `cardrules` command, beside `python -c pass` in the same run.

Why: a command people type often must answer at once. `cardrules --help` loads only Click and
the command table; `cardrules info hearts` loads and checks a ruleset (its grammar parser and
schema checks are cached between runs). The target is 0.3 s for both.

Each command runs once to warm the caches (and write bytecode, as an installed package has), then
--runs times; the median is reported, and its difference from `python -c pass`.
Run: ``python benchmarks/startup_bench.py [--runs N]``.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "cardrules --help": [sys.executable, "-m", "interpreter.cli.main", "--help"],
    "cardrules list": [sys.executable, "-m", "interpreter.cli.main", "list"],
    "cardrules info hearts": [sys.executable, "-m", "interpreter.cli.main", "info", "hearts"],
    "cardrules play hearts -q": [sys.executable, "-m", "interpreter.cli.main", "play", "hearts", "-q", "--seed", "1"],
}


def timed(argv: list[str], env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    base = None
    print(f"{'command':<28} {'median s':>9} {'minus python':>13}")
    for name, argv in COMMANDS.items():
        timed(argv, env)
        median = statistics.median(timed(argv, env) for _ in range(args.runs))
        base = median if base is None else base
        print(f"{name:<28} {median:>9.3f} {median - base:>13.3f}")


if __name__ == "__main__":
    main()
