"""Hand ranking speed: interpreter.primitives.handrank against treys, eval7 and phevaluator.

Why: the ranking runs inside simulation loops, so it must stay fast in pure
Python. treys is the pure-Python yardstick (precomputed tables, but 21
five-card lookups for seven cards); eval7 and phevaluator are C-backed and
show how far pure Python is from native code.

Every evaluator ranks the same seeded random hands, each in its own card
format (converted before timing), through its public function. Ours is
timed twice: "cold" starts with empty caches (the first pass fills them),
"warm" is the best of the later passes. The others are the best of their
passes; passes of all evaluators alternate. Run: ``python benchmarks/handrank_bench.py [--hands N] [--seed S]``.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.primitives import handrank  # noqa: E402

RANK_CHARS = "23456789TJQKA"
DECK = [(rank, suit) for rank in range(2, 15) for suit in handrank.SUITS]


def time_pass(evaluate: Callable, hands: list) -> float:
    """Seconds for one pass of ``evaluate`` over ``hands``."""
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return time.perf_counter() - start


def competitors(size: int) -> list[tuple[str, Callable, Callable]]:
    """(name, card converter for a hand, evaluate) for each installed library."""
    found = []
    try:
        import treys
        evaluator = treys.Evaluator()
        to_int = {c: treys.Card.new(RANK_CHARS[c[0] - 2] + c[1][0]) for c in DECK}
        found.append(("treys", lambda h: [to_int[c] for c in h],
                      lambda h: evaluator.evaluate([], h)))
    except ImportError:
        print("treys not installed: skipped")
    try:
        import eval7
        to_card = {c: eval7.Card(RANK_CHARS[c[0] - 2] + c[1][0]) for c in DECK}
        found.append(("eval7 (C)", lambda h: [to_card[c] for c in h], eval7.evaluate))
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        from phevaluator import _pheval, evaluate_cards
        suit_id = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
        to_id = {c: (c[0] - 2) * 4 + suit_id[c[1]] for c in DECK}
        native = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards,
                  7: _pheval.evaluate_7cards}[size]
        convert = lambda h: [to_id[c] for c in h]  # noqa: E731
        found.append(("phevaluator (C)", convert, lambda h: evaluate_cards(*h)))
        found.append(("phevaluator core", convert, lambda h: native(*h)))
    except ImportError:
        print("phevaluator not installed: skipped")
    return found


def bench(size: int, count: int, seed: int, passes: int) -> list[tuple[str, float]]:
    """Evaluations per second of each evaluator on ``count`` hands of ``size``.

    Passes take turns between evaluators, so a machine that slows down or
    speeds up mid-run does not favour whoever ran at the good moment.
    """
    rng = random.Random(seed + size)
    hands = [rng.sample(DECK, size) for _ in range(count)]
    handrank._RANK_KEYS.clear()
    handrank._FLUSH_KEYS.clear()
    cold = time_pass(handrank.hand_key, hands)
    runs = [("ours (warm)", handrank.hand_key, hands)]
    runs += [(name, evaluate, [convert(h) for h in hands])
             for name, convert, evaluate in competitors(size)]
    best = {name: float("inf") for name, _, _ in runs}
    for _ in range(passes):
        for name, evaluate, data in runs:
            best[name] = min(best[name], time_pass(evaluate, data))
    return [("ours (cold)", count / cold)] + [(name, count / t) for name, t in best.items()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=3, help="timed passes, best kept")
    args = parser.parse_args(argv)

    print(f"{args.hands:,} random hands per size, Python {sys.version.split()[0]}")
    print(f"{'cards':>5}  {'evaluator':<18}{'evals/s':>12}{'us/eval':>9}  ours(warm)/this")
    for size in (7, 5):
        rates = bench(size, args.hands, args.seed, args.passes)
        ours = dict(rates)["ours (warm)"]
        for name, rate in rates:
            print(f"{size:>5}  {name:<18}{rate:>12,.0f}{1e6 / rate:>9.2f}  {ours / rate:>6.2f}x")
        summary = ", ".join(f"ours/{name.split()[0]} = {ours / rate:.2f}x"
                            for name, rate in rates if name.split()[0] in ("treys", "eval7"))
        print(f"{'':>5}  {summary}")


if __name__ == "__main__":
    main()
