"""Microseconds per decision of random playouts, for every shipped ruleset, optionally beside
another checkout of the interpreter (an older commit, say) measured in the same run.

    python benchmarks/decisions.py [--seconds 1] [--trials 3] [--baseline DIR]

With `--baseline DIR`, each trial runs this file's measurement once with `DIR`'s interpreter
(in a child process) and once with this checkout's, interleaved, and keeps the best of each,
so a busy machine slows both alike; the speed-up column is what to read. Only CPU time of the
playouts counts: loading the rulesets is measured by `benchmarks/load.py`. Each checkout is
driven the fastest way its API allows, with the same random draws, so both play the same games.
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


def measure(root: Path, seconds: float, seed: int) -> dict[str, float]:
    """µs per decision of each ruleset's random playouts, with the interpreter found at `root`."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset

    out = {}
    for path in sorted(glob.glob(str(root / "rulesets" / "*.yaml"))):
        ruleset = load_ruleset(path)
        players = 4 if ruleset.min_players <= 4 <= ruleset.max_players else ruleset.min_players
        rng = random.Random(seed)
        decisions, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            game = Game(ruleset, players, seed=rng.randrange(2**31), record=False)
            take = _fastest_take(game)
            while not game.over:
                take(rng.randrange(len(game.decision)))
                decisions += 1
        out[Path(path).stem] = (time.process_time() - start) * 1e6 / max(decisions, 1)
    return out


def _fastest_take(game):
    """Take the i-th legal option the fastest way this checkout offers: by position where it
    can (`apply_index`), else the i-th of `decision.options` by value. Both play the same games."""
    if hasattr(game, "apply_index"):
        return game.apply_index
    return lambda i: game.apply_value(game.decision.options[i])


def measure_elsewhere(root: Path, seconds: float, seed: int) -> dict[str, float]:
    """The same measurement in a child process whose `interpreter` comes from `root`."""
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root), "--seconds", str(seconds),
                           "--seed", str(seed)], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(root)})
    return json.loads(done.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.raw:
        print(json.dumps(measure(args.root, args.seconds, args.seed)))
        return
    best: dict[str, dict[str, float]] = {"now": {}, "baseline": {}}
    for trial in range(args.trials):
        runs = [("now", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
        for label, root in runs:
            for name, us in measure_elsewhere(root, args.seconds, trial).items():
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
