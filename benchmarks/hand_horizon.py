"""What stopping playouts at the end of the hand buys the search player in a match of many hands.

For each game, the same ISMCTS player (same iterations, same seeds) plays matches of several
hands among random players twice: playouts to the end of the match, and playouts to the end
of the current hand (`horizon="hand"`); then to the end of the hand again with as many more
iterations as the time saved allows (the same time as the first run, roughly). Printed: the
searcher's mean score and win rate with 95% intervals, the time each run took, and its ratio
to the first.

    python benchmarks/hand_horizon.py [--iterations 40] [--hands 5] [--games 40] [--only black-card]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import measure  # noqa: E402

# (ruleset, players, the option that sets the number of hands)
GAMES = [("black-card", 4, "hands"), ("texas-holdem", 4, "hands"), ("seven-poker", 4, "hands")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    print(f"ISMCTS ({args.iterations} iterations per decision) against random players, matches of "
          f"{args.hands} hands, seed {args.seed}; the searcher's seat rotating; 95% intervals")
    print("| game | games | playouts to | iterations | ISMCTS mean | random seats' mean | ISMCTS wins | time | time ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, players, option in GAMES:
        if args.only and name not in args.only:
            continue
        took = []
        for horizon, label in ((None, "the end of the match"), ("hand", "the end of the hand"), ("hand", "")):
            iterations = args.iterations
            if not label:       # the same time as the first run
                iterations = round(args.iterations * took[0] / took[1])
                label = "the end of the hand"
            started = time.perf_counter()
            r = measure(name, players, {option: args.hands}, games=args.games, iterations=iterations,
                        seed=args.seed, horizon=horizon)
            took.append(time.perf_counter() - started)
            (m, mh), (o, oh), (w, wh) = r["mine"], r["others"], r["wins"]
            print(f"| {name} | {r['games']} | {label} | {iterations} | {m:.1f} ± {mh:.1f} | {o:.1f} ± {oh:.1f} "
                  f"| {100 * w:.0f}% ± {100 * wh:.0f} | {took[-1]:.0f} s | {took[-1] / took[0]:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
