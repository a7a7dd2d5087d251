"""Mutation fuzzing of the shipped rulesets, at any size (tests/test_mutants.py runs a few hundred):
every mutant must be rejected with located errors, or play, or stop with a located runtime error.

    python benchmarks/fuzz.py --per-ruleset 700        # about 5,000 mutants

Prints the counts per outcome and each failure (with how to reproduce it); exits 1 on a failure.
"""
from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.mutants import SHIPPED, run_mutant  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-ruleset", type=int, default=100, help="mutants of each shipped ruleset")
    parser.add_argument("--first", type=int, default=0, help="the first mutant number (seed)")
    args = parser.parse_args()
    counts: collections.Counter = collections.Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.first, args.first + args.per_ruleset):
            for source in SHIPPED:
                outcome, what = run_mutant(source, seed, Path(folder))
                counts[outcome.kind] += 1
                if outcome.kind == "failed":
                    print(f"FAILED {what}: {outcome.detail}")
    tried = sum(counts.values())
    print(f"fuzz: {tried} mutants: {counts['rejected']} rejected with every error located, "
          f"{counts['played']} played, {counts['stopped']} stopped with a located runtime error, "
          f"{counts['failed']} failed, in {time.perf_counter() - start:.0f} s")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
