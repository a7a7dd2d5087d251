"""What a clone and a determinization of a mid-hand Hearts state cost, beside the cost of one
random decision measured in the same run (the ratio is what to read: a clone is a snapshot of
the state and the flow's frames, so its cost does not grow with the decisions taken so far).

    python benchmarks/clone_bench.py [--seconds 1] [--depth 30]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents import play_random, turn_of  # noqa: E402


def per_call(fn, seconds: float) -> float:
    """Best of three timings of `fn`, in seconds per call."""
    best = float("inf")
    for _ in range(3):
        calls, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds / 3:
            fn()
            calls += 1
        best = min(best, (time.perf_counter() - started) / calls)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--depth", type=int, default=30, help="decisions into the hand (passing is 12)")
    args = parser.parse_args()
    rules = load_ruleset(ROOT / "rulesets" / "hearts.yaml")
    rng = random.Random(1)

    def advanced(record: bool) -> Game:
        game = Game(rules, 4, seed=3, options={"target": 1}, record=record)
        pick = random.Random(1)
        for _ in range(args.depth):
            options = game.decision.options
            game.apply_value(options[pick.randrange(len(options))])
        return game
    quiet, logged = advanced(False), advanced(True)
    turn = turn_of(logged)

    def one_hand():
        play_random(Game(rules, 4, seed=rng.randrange(2**31), options={"target": 1}, record=False), rng)
    hand = per_call(one_hand, args.seconds)
    decisions = Game(rules, 4, seed=1, options={"target": 1}, record=False)
    play_random(decisions, random.Random(1))
    decision = hand / decisions.decisions_taken
    clone = per_call(lambda: quiet.clone(), args.seconds)
    clone_logged = per_call(lambda: logged.clone(record=False), args.seconds)
    snapshot = quiet.clone()
    restore = per_call(lambda: quiet.restore(snapshot), args.seconds)
    sample = per_call(lambda: turn.sample(rng), args.seconds)
    print(f"Hearts, {args.depth} decisions into a hand, 4 players")
    print(f"  one random decision (reference):   {decision * 1e6:8.0f} µs")
    print(f"  clone, record=False:                {clone * 1e6:8.0f} µs  = {clone / decision:5.1f} decisions")
    print(f"  clone of a logged game, unlogged:   {clone_logged * 1e6:8.0f} µs  = {clone_logged / decision:5.1f} decisions")
    print(f"  restore from a snapshot:            {restore * 1e6:8.0f} µs  = {restore / decision:5.1f} decisions")
    print(f"  determinization for the seat to move: {sample * 1e6:6.0f} µs  = {sample / decision:5.1f} decisions")


if __name__ == "__main__":
    main()
