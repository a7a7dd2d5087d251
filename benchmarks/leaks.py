"""The leak check of tests/test_leaks.py over more games: for every shipped ruleset, seat and
seed, the seat's views and events must not change when the cards it never saw are dealt
differently. Prints what was compared and every difference found; exits 1 on a leak.

    python benchmarks/leaks.py --seeds 10
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import ruleset  # noqa: E402
from tests.test_leaks import RULESETS, compare, deal_order, play_a  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    leaks = checks = decisions = 0
    for name, players in sorted(RULESETS.items()):
        rules = ruleset(name)
        for seed in range(args.seeds):
            order = deal_order(rules, players, seed)
            played, views, lengths, streams, seen = play_a(rules, players, seed, order)
            ids = set(order)
            for seat in range(players):
                for least in (2, 12):
                    horizon = max((h for h in range(len(seen[seat])) if len(ids - seen[seat][h]) >= least),
                                  default=None)
                    if horizon is None:
                        continue
                    checks += 1
                    try:
                        decisions += compare(rules, players, seed, seat, order, ids - seen[seat][horizon],
                                             played[:horizon], views[seat], lengths[seat], streams[seat])
                    except AssertionError as exc:
                        leaks += 1
                        print(f"LEAK {exc}")
    print(f"leaks: {leaks} in {checks} comparisons ({len(RULESETS)} rulesets x {args.seeds} seeds x every seat, "
          f"{decisions} decisions replayed with the unseen cards dealt differently)")
    return 1 if leaks else 0


if __name__ == "__main__":
    sys.exit(main())
