"""Bridge and Skat against OpenSpiel: decisions compared, mismatches, and µs per decision.

Runs the differential comparisons of tests/test_bridge_openspiel.py and
tests/test_skat_openspiel.py on random deals (a mismatch stops it with the history where the two
differ), then times random games in both engines from Python: ours a `Game` dealing with its
own seeded generator, playing random legal choices with `apply_index` and recording no events
(as a playout does); OpenSpiel's C++ game through pyspiel (bridge with
use_double_dummy_result=false), chance outcomes sampled and actions picked at random. A decision
is a player's decision (the deal is not counted).

    python benchmarks/reference_trick_games.py [--compare 600] [--games 500] [--seed 1]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reference_games import ours_per_decision, theirs_per_decision  # noqa: E402
from tests import test_bridge_openspiel, test_skat_openspiel  # noqa: E402

# (name, players, OpenSpiel's parameters, the differential test's random games)
GAMES = [("bridge", 4, {"use_double_dummy_result": False}, test_bridge_openspiel.play_random),
         ("skat", 3, {}, test_skat_openspiel.play_random)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=int, default=600, help="random deals compared decision by decision")
    parser.add_argument("--games", type=int, default=500, help="random games timed in each engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | deals compared | decisions compared | mismatches | ours µs/decision "
          "| OpenSpiel C++ µs/decision (from Python) |")
    print("|---|---|---|---|---|---|")
    for name, players, params, play_random in GAMES:
        compared, _ = play_random(args.compare, seed=args.seed)      # raises at the first mismatch
        mine = ours_per_decision(name, players, games=args.games, seed=args.seed)
        reference = theirs_per_decision(name, params, games=args.games, seed=args.seed)
        print(f"| {name} | {args.compare:,} | {compared:,} | 0 | {mine:.1f} | {reference:.1f} |", flush=True)


if __name__ == "__main__":
    main()
