"""Microseconds per decision of random playouts, for every shipped ruleset, optionally beside
another checkout of the interpreter (an older commit, say) measured in the same run.

    python benchmarks/decisions.py [--games 20] [--trials 3] [--baseline DIR]

Each ruleset plays the same fixed games every time: `--games` seeds (1000, 1001, ...), each
game's random choices drawn from a generator of its own seed, so two checkouts of the same
rules play the same games decision for decision (a checkout whose ruleset file differs plays
its own rules, from the same seeds). With `--baseline DIR`, each trial runs this file's
measurement once with `DIR`'s interpreter (in a child process) and once with this checkout's,
interleaved, and keeps the best of each, so a busy machine slows both alike; the speed-up
column is what to read. Only CPU time of the playouts counts (a game's set-up and deal
included): loading the rulesets is measured by `benchmarks/load.py`. Each checkout is driven
the fastest way its API allows.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(root: Path, games: int) -> dict[str, float]:
    """µs per decision of each ruleset's random playouts, with the interpreter found at `root`."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset

    out = {}
    for path in sorted(glob.glob(str(root / "rulesets" / "*.yaml"))):
        ruleset = load_ruleset(path)
        players = 4 if ruleset.min_players <= 4 <= ruleset.max_players else ruleset.min_players
        decisions, spent = 0, 0.0
        for seed in range(1000, 1000 + games):
            rng = random.Random(seed)
            start = time.process_time()
            game = Game(ruleset, players, seed=seed, record=False)
            take = _fastest_take(game)
            while not game.over:
                take(rng.randrange(len(game.decision)))
                decisions += 1
            spent += time.process_time() - start
        out[Path(path).stem] = spent * 1e6 / max(decisions, 1)
    return out


def _fastest_take(game):
    """Take the i-th legal option the fastest way this checkout offers: by position where it
    can (`apply_index`), else the i-th of `decision.options` by value. Both play the same games."""
    if hasattr(game, "apply_index"):
        return game.apply_index
    return lambda i: game.apply_value(game.decision.options[i])


def measure_elsewhere(root: Path, games: int) -> dict[str, float]:
    """The same measurement in a child process whose `interpreter` comes from `root`."""
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root), "--games", str(games)],
                          capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": str(root)})
    return json.loads(done.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per ruleset (the same seeds every trial)")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.raw:
        print(json.dumps(measure(args.root, args.games)))
        return
    best: dict[str, dict[str, float]] = {"now": {}, "baseline": {}}
    for trial in range(args.trials):
        runs = [("now", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
        for label, root in runs:
            for name, us in measure_elsewhere(root, args.games).items():
                best[label][name] = min(best[label].get(name, us), us)
    if args.baseline:
        print(f"{'ruleset':<20} {'baseline µs':>12} {'now µs':>9} {'speed-up':>9}")
        for name, us in best["now"].items():
            old = best["baseline"].get(name)
            print(f"{name:<20} {old:>12.1f} {us:>9.1f} {old / us:>8.2f}x" if old else f"{name:<20} {'-':>12} {us:>9.1f}")
    else:
        print(f"{'ruleset':<20} {'µs/decision':>12}")
        for name, us in best["now"].items():
            print(f"{name:<20} {us:>12.1f}")


if __name__ == "__main__":
    main()
