"""Microseconds per decision of random playouts, for every shipped ruleset, optionally beside
another checkout of the interpreter (an older commit, say) measured in the same run.

    python benchmarks/decisions.py [--games 20] [--trials 5] [--baseline DIR]

Each ruleset plays the same fixed games every time: `--games` seeds (1000, 1001, ...), each
game's random choices drawn from a generator of its own seed, so two checkouts of the same
rules play the same games decision for decision (a checkout whose ruleset file differs plays
its own rules, from the same seeds). Each checkout runs in a child process of its own that
loads the rulesets once; the trials then alternate between the children ruleset by ruleset,
and every game keeps its fastest time over the trials, so a burst of load on a shared machine
slows one trial of one game, not a whole column. The speed-up column is what to read; beside
it, the speed-up of each trial taken alone (its median, and its spread from lowest to highest). Only
CPU time of the playouts counts (a game's set-up and deal included): loading the rulesets is
measured by `benchmarks/load.py`. Each checkout is driven the fastest way its API allows.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve(root: Path, games: int) -> None:
    """The child's side: load every ruleset, then for each name read on stdin play its games
    and answer with one line of JSON, the decisions taken and each game's CPU seconds."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset

    rulesets = {Path(path).stem: load_ruleset(path) for path in sorted(glob.glob(str(root / "rulesets" / "*.yaml")))}
    print(json.dumps(sorted(rulesets)), flush=True)
    for line in sys.stdin:
        ruleset = rulesets[line.strip()]
        players = 4 if ruleset.min_players <= 4 <= ruleset.max_players else ruleset.min_players
        decisions, seconds = 0, []
        for seed in range(1000, 1000 + games):
            rng = random.Random(seed)
            start = time.process_time()
            game = Game(ruleset, players, seed=seed, record=False)
            take = _fastest_take(game)
            while not game.over:
                take(rng.randrange(len(game.decision)))
                decisions += 1
            seconds.append(time.process_time() - start)
        print(json.dumps([decisions, seconds]), flush=True)


def _fastest_take(game):
    """Take the i-th legal option the fastest way this checkout offers: by position where it
    can (`apply_index`), else the i-th of `decision.options` by value. Both play the same games."""
    if hasattr(game, "apply_index"):
        return game.apply_index
    return lambda i: game.apply_value(game.decision.options[i])


class Checkout:
    """A child process playing with the interpreter found at `root`."""

    def __init__(self, root: Path, games: int):
        self.child = subprocess.Popen([sys.executable, __file__, "--serve", "--root", str(root), "--games", str(games)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                      env={**os.environ, "PYTHONPATH": str(root)})
        self.rulesets = json.loads(self.child.stdout.readline())
        self.decisions: dict[str, int] = {}
        self.best: dict[str, list[float]] = {}     # per ruleset, each game's fastest time
        self.trials: dict[str, list[float]] = {}   # per ruleset, each trial's time for all its games

    def play(self, name: str) -> None:
        self.child.stdin.write(name + "\n")
        self.child.stdin.flush()
        decisions, seconds = json.loads(self.child.stdout.readline())
        self.decisions[name] = decisions
        self.trials.setdefault(name, []).append(sum(seconds))
        kept = self.best.get(name)
        self.best[name] = seconds if kept is None else [min(a, b) for a, b in zip(kept, seconds)]

    def us_per_decision(self, name: str) -> float:
        return sum(self.best[name]) * 1e6 / max(self.decisions[name], 1)

    def close(self) -> None:
        self.child.stdin.close()
        self.child.wait()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per ruleset (the same seeds every trial)")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.root, args.games)
        return
    now = Checkout(ROOT, args.games)
    old = Checkout(args.baseline, args.games) if args.baseline else None
    try:
        for trial in range(args.trials):
            for name in now.rulesets:
                pair = [now] if old is None or name not in old.rulesets else [now, old]
                for checkout in pair if trial % 2 == 0 else pair[::-1]:
                    checkout.play(name)
    finally:
        for checkout in (now, old):
            if checkout is not None:
                checkout.close()
    if old is not None:
        print(f"{'ruleset':<20} {'baseline µs':>12} {'now µs':>9} {'speed-up':>9} {'per trial: median':>18} "
              f"{'spread':>12}")
        for name in now.rulesets:
            us = now.us_per_decision(name)
            if name in old.rulesets:
                before = old.us_per_decision(name)
                ratios = [b / a for a, b in zip(now.trials[name], old.trials[name])]
                print(f"{name:<20} {before:>12.1f} {us:>9.1f} {before / us:>8.2f}x {statistics.median(ratios):>17.2f}x "
                      f"{min(ratios):>5.2f}-{max(ratios):.2f}")
            else:
                print(f"{name:<20} {'-':>12} {us:>9.1f}")
    else:
        print(f"{'ruleset':<20} {'µs/decision':>12}")
        for name in now.rulesets:
            print(f"{name:<20} {now.us_per_decision(name):>12.1f}")


if __name__ == "__main__":
    main()
