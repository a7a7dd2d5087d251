"""Where Ray pays off: games/s per worker count for the plain loop, local processes and Ray, and
what a task costs on top of its games, from which the games per task are chosen.

    PYTHONPATH=. python benchmarks/ray_bench.py [--games 2000] [--workers 1,2] [--ruleset FILE] [--players N]
    PYTHONPATH=. python benchmarks/ray_bench.py --address HOST:PORT     # a running cluster

1. **Per task**: empty tasks (a function that returns at once) on a pool of local processes and
   on Ray with the most workers asked: the wall time per task times the workers is what a task
   costs a worker on top of its work (submitting, shipping arguments and results, scheduling).
2. **Per game**: the plain loop (nothing measured, `workbench_bench.reference`) against the
   workbench's own loop in this process (each game measured and aggregated): what any backend
   pays per game before it ships anything.
3. **Games per task**: the fewest that keep the per-task cost under 5% of a task's time, from 1
   and the plain game time; beside it the runner's choice (`runner.chunks`) at `--games`.
4. **Games/s** of the same games (same seeds) with the runner's chunks: the plain loop, local
   processes and Ray for each worker count, in `--trials` trials, each line as a multiple of the
   plain loop timed just before it in the same trial. Ray's start-up is timed apart: a run pays
   it once.
The machine is shared: every line is measured in the same run as the plain loop it is set beside.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workbench_bench import reference  # noqa: E402

from interpreter.analysis.runner import LocalBackend, RayBackend, chunk_size, chunks, play_chunk, run  # noqa: E402
from interpreter.analysis.workbench import configs, plan  # noqa: E402

SHARE = 0.05          # the most of a task's time its own cost may take


def nothing() -> None:
    """An empty task: what it costs is the backend's alone."""


def per_task(backend, tasks: int) -> float:
    """Seconds of a worker's time each empty task costs on `backend`."""
    list(backend.each(nothing, [()] * min(tasks, 50)))                 # warm up: workers started
    started = time.perf_counter()
    done = sum(1 for _ in backend.each(nothing, [()] * tasks))
    return (time.perf_counter() - started) * backend.workers / done


def games_per_second(spec, games: int, backend) -> float:
    run(spec, min(games, 16), backend=backend)           # warm up: workers started, ruleset loaded
    started = time.perf_counter()
    aggregate = run(spec, games, backend=backend)
    assert aggregate.games == games
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--ruleset", default="rulesets/captain-blackjack.yaml")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=400, help="empty tasks to time the cost of a task")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--address")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    spec = plan(configs(args.ruleset), players=args.players, seed=1)[0]
    print(f"{args.ruleset}, {args.players} players, {args.games} random games; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    plain = reference(args.ruleset, args.players, args.games, 1) / args.games
    started = time.perf_counter()
    play_chunk((spec,), 0, args.games)
    measured = (time.perf_counter() - started) / args.games
    print(f"per game: plain loop {1000 * plain:.2f} ms, the workbench's loop {1000 * measured:.2f} ms "
          f"(+{1000 * (measured - plain):.2f} ms measuring and aggregating)")

    most = max(counts)
    pool = LocalBackend(most)
    try:
        local_task = per_task(pool, args.tasks)
    finally:
        pool.close()
    started = time.perf_counter()
    ray = RayBackend(workers=most, address=args.address)
    startup = time.perf_counter() - started
    try:
        ray_task = per_task(ray, args.tasks)
        for name, cost in (("local processes", local_task), ("Ray", ray_task)):
            batch = max(1, -(-cost // (SHARE * measured)))
            print(f"per task, {name} ({most} workers): {1000 * cost:.2f} ms = {cost / measured:.1f} games; "
                  f"under {SHARE:.0%} from {batch:.0f} games a task")
        chosen = chunks(args.games, most, size=chunk_size((spec,), args.games, most))
        size = chosen[0][1] - chosen[0][0]
        print(f"the runner's choice at {args.games} games on {most} workers: {size} games a task, "
              f"{len(chosen)} tasks; Ray's cost per task is {100 * ray_task / (ray_task + size * measured):.1f}% "
              f"of a task, {1000 * ray_task / size:.3f} ms a game")
    finally:
        ray.close()
    print(f"Ray's start-up: {startup:.1f} s (once a run)")

    print(f"\ngames/s of the same {args.games} games with the runner's chunks, {args.trials} trials; each line's "
          "multiple of the plain loop timed just before it in the same trial: median [least–most]")
    print(f"{'workers':>7} {'plain loop':>11} {'workbench, local processes':>28} {'workbench, Ray':>24}")
    for workers in counts:
        ray = RayBackend(workers=workers, address=args.address)
        pool = LocalBackend(workers)
        rows: list[tuple[float, float, float]] = []
        try:
            for _ in range(args.trials):
                plain_rate = args.games / reference(args.ruleset, args.players, args.games, 1)
                rows.append((plain_rate, games_per_second(spec, args.games, pool), games_per_second(spec, args.games, ray)))
        finally:
            pool.close()
            ray.close()
        plains = [r[0] for r in rows]
        print(f"{workers:>7} {statistics.median(plains):>11.1f} {_ratios([r[1] for r in rows], plains):>28} "
              f"{_ratios([r[2] for r in rows], plains):>24}")


def _ratios(rates: list[float], plains: list[float]) -> str:
    ratios = sorted(rate / plain for rate, plain in zip(rates, plains))
    return f"{statistics.median(rates):.1f}/s {statistics.median(ratios):.2f}x [{ratios[0]:.2f}–{ratios[-1]:.2f}]"

if __name__ == "__main__":
    main()
