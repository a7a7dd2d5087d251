"""Workbench backends: games per second and the cost each backend adds to a game.

    PYTHONPATH=. python benchmarks/workbench_bench.py [--games N] [--ruleset FILE] [--players N]

Reference, in the same run: the same games (same seeds, same random players, so the same
decisions) played in this process by the plainest loop, nothing measured. Then the workbench on the local backend with 1 and
2 worker processes and on a local Ray with 2 CPUs (its start-up is timed apart). For each:
games/s, the ratio to the reference, and the per-game overhead, i.e. the wall time per game
times the workers, less the reference time per game: what measuring, aggregating and shipping
chunks cost on top of playing. Ray is skipped with a note when it is not installed.
"""
from __future__ import annotations

import argparse
import time

from interpreter.analysis.lineup import make_lineup, take_decision
from interpreter.analysis.runner import LocalBackend, run
from interpreter.analysis.simulate import game_seed
from interpreter.analysis.workbench import configs, plan
from interpreter.engine.game import Game
from interpreter.compile.ruleset import load_ruleset


def reference(path: str, players: int, games: int, seed: int) -> float:
    """Seconds for the plainest in-process loop over the same games."""
    ruleset = load_ruleset(path)
    lineup = ["random"] * players
    started = time.perf_counter()
    for index in range(games):
        s = game_seed(seed, index)
        game = Game(ruleset, players, seed=s, record=False)
        agents = make_lineup(lineup, game_seed=s)
        while not game.over:
            take_decision(game, agents[game.decision.player])
    return time.perf_counter() - started


def timed(spec, games: int, backend) -> float:
    run(spec, min(games, 8), backend=backend)          # warm up: workers started, ruleset loaded
    started = time.perf_counter()
    aggregate = run(spec, games, backend=backend)
    elapsed = time.perf_counter() - started
    assert aggregate.games == games
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--ruleset", default="rulesets/captain-blackjack.yaml")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spec = plan(configs(args.ruleset), players=args.players, seed=args.seed)[0]
    ref = reference(args.ruleset, args.players, args.games, args.seed)
    per_game = ref / args.games
    print(f"{args.ruleset}, {args.players} players, {args.games} random games per line")
    print(f"{'backend':<22} {'games/s':>9} {'x reference':>12} {'overhead/game':>14}")
    print(f"{'reference (plain loop)':<22} {args.games / ref:>9.1f} {1.0:>12.2f} {'-':>14}")

    def line(name: str, elapsed: float, workers: int) -> None:
        overhead = elapsed * workers / args.games - per_game
        print(f"{name:<22} {args.games / elapsed:>9.1f} {ref / elapsed:>12.2f} {1000 * overhead:>11.2f} ms")

    for jobs in (1, 2):
        backend = LocalBackend(jobs)
        try:
            line(f"local, {jobs} worker{'s' * (jobs > 1)}", timed(spec, args.games, backend), jobs)
        finally:
            backend.close()
    try:
        from interpreter.analysis.runner import RayBackend
        started = time.perf_counter()
        backend = RayBackend(workers=2)
        startup = time.perf_counter() - started
    except RuntimeError as exc:
        print(f"ray: skipped ({exc})")
        return
    try:
        line("ray, 2 workers", timed(spec, args.games, backend), 2)
    finally:
        backend.close()
    print(f"(ray start-up, not counted above: {startup:.1f} s; the machine has 2 cores, shared)")


if __name__ == "__main__":
    main()
