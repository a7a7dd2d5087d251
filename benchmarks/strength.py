"""How much stronger the search player is than random players, in every shipped game.

For each game, the ISMCTS player sits at each seat in turn among random players, one deal
(or hand, or round) per game so that each game is a short, independent sample. Printed per
game: the searcher's mean score and win rate with 95% intervals, the random seats' mean, the
searcher's mean score by seat, and how many of its iterations were dropped (a sample the
ruleset refused to play on; none is expected). Seeded: the same arguments give the same table.

    python benchmarks/strength.py [--iterations 60] [--seed 1] [--games N] [--only hearts]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents import RandomAgent, play  # noqa: E402
from interpreter.agents.ismcts import ISMCTSAgent  # noqa: E402

# (ruleset, players, options that make one game one deal, whether a lower score is better, games
# to play: fewer where a deal is long, more where one hand's result swings widely). Black Swan is
# played by three, every seat for itself: at four it is two teams, and a random partner would
# share the searcher's score.
GAMES = [
    ("hearts", 4, {"target": 1}, True, 40),
    ("black-maria", 4, {"target": 1}, True, 40),
    ("black-swan", 3, {"solo_target": 1}, False, 30),
    ("captain-blackjack", 4, {"coins_to_win": 1}, False, 60),
    ("texas-holdem", 4, {"hands": 1}, False, 60),
    ("seven-poker", 4, {"hands": 1}, False, 40),
    ("black-card", 4, {"hands": 1}, False, 200),
    ("kuhn-poker", 2, {}, False, 400),
    ("leduc-poker", 2, {}, False, 400),
    ("goofspiel", 2, {}, False, 100),
    ("hanabi", 2, {}, False, 40),
    ("bridge", 4, {}, False, 60),
    ("skat", 3, {}, False, 150),
    ("dou-dizhu", 3, {}, False, 40),
]


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def measure(name: str, players: int, options: dict, *, games: int, iterations: int, seed: int,
            horizon=None) -> dict:
    ruleset = load_ruleset(ROOT / "rulesets" / f"{name}.yaml")
    mine, others, wins, by_seat, dropped = [], [], [], {s: [] for s in range(players)}, 0
    for index in range(games):
        seat = index % players
        agents = [RandomAgent(seed * 7919 + index * 31 + s) for s in range(players)]
        agents[seat] = ISMCTSAgent(iterations=iterations, seed=seed * 7919 + index, horizon=horizon)
        game = Game(ruleset, players, seed=seed * 104729 + index, options=options, record=True)
        result = play(game, agents)
        dropped += agents[seat].dropped
        scores = result["scores"]
        mine.append(scores[seat])
        by_seat[seat].append(scores[seat])
        others.append(sum(s for i, s in enumerate(scores) if i != seat) / (players - 1))
        wins.append(1.0 if seat in result["winners"] else 0.0)
    return {"mine": interval(mine), "others": interval(others), "wins": interval(wins),
            "seats": [interval(v)[0] if v else float("nan") for v in by_seat.values()], "games": games,
            "dropped": dropped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per ruleset (default: per ruleset)")
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    print(f"ISMCTS ({args.iterations} iterations per decision) against random players, "
          f"seed {args.seed}; one deal per game, the searcher's seat rotating; 95% intervals")
    print("| game | players | games | score | ISMCTS mean | random seats' mean | ISMCTS wins | ISMCTS by seat | dropped | time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, players, options, lower, games in GAMES:
        if args.only and name not in args.only:
            continue
        started = time.perf_counter()
        r = measure(name, players, options, games=args.games or games, iterations=args.iterations, seed=args.seed)
        took = time.perf_counter() - started
        (m, mh), (o, oh), (w, wh) = r["mine"], r["others"], r["wins"]
        seats = " / ".join(f"{v:.1f}" for v in r["seats"])
        print(f"| {name} | {players} | {r['games']} | {'lower' if lower else 'higher'} is better "
              f"| {m:.1f} ± {mh:.1f} | {o:.1f} ± {oh:.1f} "
              f"| {100 * w:.0f}% ± {100 * wh:.0f} | {seats} | {r['dropped']} | {took:.0f} s |", flush=True)


if __name__ == "__main__":
    main()
