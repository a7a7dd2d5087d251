"""The reference games against OpenSpiel: decisions compared, mismatches, and µs per decision.

For each game it runs the differential comparison of tests/test_reference_games.py (the whole
two-player tree, then random games; a mismatch stops it with the history where the two differ),
then times random games in both engines from Python: ours a `Game` drawing with its own seeded
generator, playing random legal choices with `apply_index` and recording no events (as a
playout does); OpenSpiel's C++ game through pyspiel, chance outcomes sampled and actions picked
at random. A decision is a player's decision (chance outcomes are not counted; one of
OpenSpiel's simultaneous Goofspiel nodes is one decision per player, as it is for us).

    python benchmarks/reference_games.py [--games 2000] [--seed 1]
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
from tests.test_hanabi_openspiel import play_hanabi  # noqa: E402
from tests.test_reference_games import Pair, play_goofspiel, play_random, walk  # noqa: E402

# (OpenSpiel's name, ours, players, random games compared)
GAMES = [("kuhn_poker", "kuhn-poker", 2, 2000), ("kuhn_poker", "kuhn-poker", 3, 1000),
         ("leduc_poker", "leduc-poker", 2, 2000), ("leduc_poker", "leduc-poker", 3, 1000),
         ("goofspiel", "goofspiel", 2, 1000), ("goofspiel", "goofspiel", 3, 300),
         ("hanabi", "hanabi", 2, 1000), ("hanabi", "hanabi", 4, 200)]


def ours_per_decision(name: str, players: int, *, games: int, seed: int) -> float:
    """µs per decision of random games in our engine."""
    ruleset = load_ruleset(name)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        game = Game(ruleset, players, seed=seed * 1_000_003 + index, record=False)
        while not game.over:
            game.apply_index(rng.randrange(len(game.legal_values())))
            decisions += 1
    return (time.perf_counter() - start) * 1e6 / decisions


def theirs_per_decision(name: str, params: dict, *, games: int, seed: int) -> float:
    """µs per decision of random games of OpenSpiel's C++ game, driven from Python."""
    game = pyspiel.load_game(name, params)
    players = game.num_players()
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
                decisions += players
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return (time.perf_counter() - start) * 1e6 / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games timed per game and table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | players | decisions compared | mismatches | ours µs/decision | OpenSpiel C++ µs/decision (from Python) |")
    print("|---|---|---|---|---|---|")
    for theirs, ours, players, games in GAMES:
        # each comparison raises at the first mismatch
        if theirs == "goofspiel":
            rng = random.Random(args.seed)
            compared = sum(play_goofspiel(players, 13, rng) for _ in range(games))
        elif theirs == "hanabi":        # half the games careful, so that decks run out
            rng = random.Random(args.seed)
            compared = sum(play_hanabi(players, rng, careful=0.9 * (i % 2))[0] for i in range(games))
        else:
            compared = (walk(Pair(theirs, players)) if players == 2 else 0) \
                + play_random(theirs, players, games, seed=args.seed)
        mine = ours_per_decision(ours, players, games=args.games, seed=args.seed)
        reference = theirs_per_decision(theirs, {"players": players}, games=args.games, seed=args.seed)
        print(f"| {theirs} | {players} | {compared:,} | 0 | {mine:.1f} | {reference:.1f} |", flush=True)


if __name__ == "__main__":
    main()
