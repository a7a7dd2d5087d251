"""Dou Dizhu against OpenSpiel: decisions compared, mismatches, and µs per decision.

Runs the differential comparison of tests/test_dou_dizhu_openspiel.py on random games (a
mismatch stops it with the history where the two differ), then times random games in both
engines from Python: ours a `Game` drawing with its own seeded generator, playing random legal
choices with `apply_index` and recording no events (as a playout does); OpenSpiel's C++ game
through pyspiel, chance outcomes sampled and actions picked at random. Listing a player's legal
combinations is most of a decision's cost in both, so the time to list them is shown apart.

    python benchmarks/dou_dizhu.py [--games 1000] [--timed 300] [--seed 1]
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
from tests.test_dou_dizhu_openspiel import play  # noqa: E402


def ours_per_decision(*, games: int, seed: int) -> tuple[float, float, int]:
    """µs per decision of random games in our engine, µs of it listing the legal plays, options per decision."""
    ruleset = load_ruleset("dou-dizhu")
    rng = random.Random(seed)
    decisions, options, listing = 0, 0, 0.0
    start = time.perf_counter()
    for index in range(games):
        game = Game(ruleset, 3, seed=seed * 1_000_003 + index, record=False)
        while not game.over:
            tick = time.perf_counter()
            count = len(game.legal_values())
            listing += time.perf_counter() - tick
            game.apply_index(rng.randrange(count))
            decisions += 1
            options += count
    return (time.perf_counter() - start) * 1e6 / decisions, listing * 1e6 / decisions, options // decisions


def theirs_per_decision(*, games: int, seed: int) -> tuple[float, float, int]:
    """The same for OpenSpiel's C++ dou_dizhu, driven from Python."""
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    decisions, options, listing = 0, 0, 0.0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            tick = time.perf_counter()
            legal = state.legal_actions()
            listing += time.perf_counter() - tick
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
            options += len(legal)
    return (time.perf_counter() - start) * 1e6 / decisions, listing * 1e6 / decisions, options // decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games compared")
    parser.add_argument("--timed", type=int, default=300, help="random games timed in each engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    compared = sum(play(rng)[0] for _ in range(args.games))
    ours, ours_listing, ours_options = ours_per_decision(games=args.timed, seed=args.seed)
    theirs, theirs_listing, theirs_options = theirs_per_decision(games=args.timed, seed=args.seed)
    print("| games | decisions compared | mismatches | ours µs/decision (listing) | OpenSpiel C++ µs/decision (listing) "
          "| legal moves per decision, ours / theirs |")
    print("|---|---|---|---|---|---|")
    print(f"| {args.games:,} | {compared:,} | 0 | {ours:.1f} ({ours_listing:.1f}) | {theirs:.1f} ({theirs_listing:.1f}) "
          f"| {ours_options} / {theirs_options} |")


if __name__ == "__main__":
    main()
