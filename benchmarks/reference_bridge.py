"""Contract Bridge against OpenSpiel: decisions compared, mismatches, and µs per decision.

Runs the differential comparison of tests/test_bridge_openspiel.py on random boards (a
mismatch stops it with the history where the two differ), then times random boards in both
engines from Python: ours a `Game` dealing with its own seeded generator, playing random legal
choices with `apply_index` and recording no events (as a playout does); OpenSpiel's C++
`bridge` (use_double_dummy_result=false) through pyspiel, the 52 chance outcomes sampled and
actions picked at random. A decision is a player's call or card (the deal is not counted).

    python benchmarks/reference_bridge.py [--compare 600] [--games 500] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyspiel  # noqa: E402

from interpreter import Game, load_ruleset  # noqa: E402
from tests.test_bridge_openspiel import play_random  # noqa: E402


def ours_per_decision(*, games: int, seed: int) -> float:
    """µs per decision of random boards in our engine."""
    ruleset = load_ruleset("bridge")
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        game = Game(ruleset, 4, seed=seed * 1_000_003 + index, record=False)
        while not game.over:
            game.apply_index(rng.randrange(len(game.legal_values())))
            decisions += 1
    return (time.perf_counter() - start) * 1e6 / decisions


def theirs_per_decision(*, games: int, seed: int) -> float:
    """µs per decision of random boards of OpenSpiel's C++ bridge, driven from Python."""
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return (time.perf_counter() - start) * 1e6 / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=int, default=600, help="random boards compared decision by decision")
    parser.add_argument("--games", type=int, default=500, help="random boards timed in each engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    compared, _ = play_random(args.compare, seed=args.seed)      # raises at the first mismatch
    mine = ours_per_decision(games=args.games, seed=args.seed)
    reference = theirs_per_decision(games=args.games, seed=args.seed)
    print("| game | boards compared | decisions compared | mismatches | ours µs/decision | OpenSpiel C++ µs/decision (from Python) |")
    print("|---|---|---|---|---|---|")
    print(f"| bridge | {args.compare:,} | {compared:,} | 0 | {mine:.1f} | {reference:.1f} |", flush=True)


if __name__ == "__main__":
    main()
