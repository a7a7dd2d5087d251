"""Ray backend: games per second per worker count, and what a task costs on top of its games.

    PYTHONPATH=. python benchmarks/ray_bench.py [--games 2000] [--workers 1,2] [--ruleset FILE] [--players N]
    PYTHONPATH=. python benchmarks/ray_bench.py --address HOST:PORT     # a running cluster

For each worker count: a local Ray with that many CPUs (or the cluster at --address) plays the
same games in the chunks the runner makes. Reported: games/s; the time inside games (each
game's own clock, summed over the chunks); and the overhead, the CPU time the workers held
(wall time x workers) less the time inside games, per game and as a share. The first line plays
the same chunks in this process: its overhead is measuring and aggregating, which any backend
pays; "Ray's own share" is what Ray adds on top (scheduling, shipping chunks, idle workers at the
end), which batching keeps small (issue 33: under 5% at 2,000 games). Start-up of Ray is timed apart. The
plain in-process loop of workbench_bench.py is the reference for where Ray starts to pay off.
"""
from __future__ import annotations

import argparse
import time

from interpreter.analysis.runner import LocalBackend, RayBackend, chunk_size, chunks, run_together
from interpreter.analysis.workbench import configs, plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--ruleset", default="rulesets/captain-blackjack.yaml")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--address")
    parser.add_argument("--chunk", type=int, help="games per task (default: the runner's choice)")
    args = parser.parse_args()
    specs = plan(configs(args.ruleset), players=args.players, seed=1)
    print(f"{args.ruleset}, {args.players} players, {args.games} random games")
    print(f"{'workers':>7} {'tasks':>6} {'games/s':>9} {'in games':>9} {'overhead/game':>14} {'overhead':>9} {'start-up':>9}")
    local = LocalBackend(1)              # the same chunks in this process: measuring without Ray
    started = time.perf_counter()
    (aggregate,), _ = run_together(specs, args.games, backend=local)
    wall = time.perf_counter() - started
    base = (wall - aggregate.timing["seconds"]) / args.games
    print(f"{'none':>7} {len(chunks(args.games, 1)):>6} {args.games / wall:>9.1f} {aggregate.timing['seconds']:>8.1f}s "
          f"{1000 * base:>11.2f} ms {100 * base * args.games / wall:>8.1f}%        -   (in this process, no Ray)")
    counts = [None] if args.address else [int(w) for w in args.workers.split(",")]
    for workers in counts:
        started = time.perf_counter()
        backend = RayBackend(workers=workers or 1, address=args.address)
        backend.chunk = args.chunk
        startup = time.perf_counter() - started
        try:
            run_together(specs, min(args.games, 16), backend=backend)       # warm up: workers, ruleset loaded
            size = args.chunk or chunk_size(tuple(specs), args.games, backend.workers)
            tasks = len(chunks(args.games, backend.workers, size=size))
            started = time.perf_counter()
            (aggregate,), _ = run_together(specs, args.games, backend=backend)
            wall = time.perf_counter() - started
        finally:
            backend.close()
        held = wall * backend.workers
        inside = aggregate.timing["seconds"]
        overhead = held - inside
        ray_share = (overhead - base * args.games) / held
        print(f"{backend.workers:>7} {tasks:>6} {args.games / wall:>9.1f} {inside:>8.1f}s "
              f"{1000 * overhead / args.games:>11.2f} ms {100 * overhead / held:>8.1f}% {startup:>8.1f}s"
              f"   Ray's own share: {100 * ray_share:.1f}%")


if __name__ == "__main__":
    main()
