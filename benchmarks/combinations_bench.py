"""Combination choices, measured on Black Swan: the listing of the worst hand found and random
playouts, optionally beside another checkout of the interpreter measured in the same run.

    python benchmarks/combinations_bench.py [--trials 5] [--baseline DIR]

The worst hand is ten hearts in a row (A to 10) and the four wild cards, the pile empty: 701
plays, the singles, groups and runs of `plays(turn)` joined. Its listing is timed 30 times
(the best counts); the playouts are 40 four-player games of random plays, in CPU µs per decision
(the same games every time). With `--baseline DIR`, each trial runs the measurement in a child
process with `DIR`'s interpreter and with this checkout's, interleaved, and the best of each is
kept, so a busy machine slows both alike.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORST = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH W1 W2 W3 W4"


def measure(root: Path, games: int = 40) -> dict[str, float]:
    """The worst listing (ms, plays) and µs per decision of random playouts, with the interpreter at `root`."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset

    rules = load_ruleset(root / "rulesets" / "black-swan.yaml")
    rng = random.Random(1)
    decisions, spent = 0, 0.0
    for seed in range(games):
        game = Game(rules, 4, seed=seed, record=False)
        start = time.process_time()
        while not game.over:
            game.apply_index(rng.randrange(len(game.decision)))
            decisions += 1
        spent += time.process_time() - start

    game = Game(rules, 2, seed=11, record=False)
    plays, _ = rules.compile("plays(turn)")
    cards = {c.id: c for c in game.all_cards}
    hand, pile, deck = game.vars["turn"].zones["hand"], game.zones["pile"], game.zones["deck"]
    game.move(list(hand.cards) + list(pile.cards), deck)
    game.move([cards[i] for i in WORST.split()], hand)
    best = float("inf")
    for _ in range(30):
        card = hand.cards[0]
        game.move([card], deck)      # a new state, so the listing is not remembered from the last one
        game.move([card], hand)
        start = time.process_time()
        count = len(plays(game, {}))
        best = min(best, time.process_time() - start)
    return {"µs per decision": spent * 1e6 / decisions, "worst listing ms": best * 1e3, "worst plays": count}


def measure_elsewhere(root: Path) -> dict[str, float]:
    """The same measurement in a child process whose `interpreter` comes from `root`."""
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root)], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": str(root)})
    return json.loads(done.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.raw:
        print(json.dumps(measure(args.root)))
        return
    runs = [("now", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
    best: dict[str, dict[str, float]] = {label: {} for label, _ in runs}
    for _ in range(args.trials):
        for label, root in runs:
            for name, value in measure_elsewhere(root).items():
                best[label][name] = min(best[label].get(name, value), value)
    print(f"{'':<20} " + " ".join(f"{label:>10}" for label, _ in reversed(runs)))
    for name in best["now"]:
        print(f"{name:<20} " + " ".join(f"{best[label][name]:>10.2f}" for label, _ in reversed(runs)))


if __name__ == "__main__":
    main()
