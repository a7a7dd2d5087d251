"""Start-up costs: loading each ruleset with and without the load cache, the CLI's start-up,
and the memory one live game holds.

    python benchmarks/load.py [--trials 3]

Each load runs in a fresh process (so nothing is warm but the disk cache), with a cache
folder of its own: "uncached" is the first load into an empty cache, "cached" the next one.
Memory is what 50 live Hearts games hold after 30 decisions each, per game, as tracemalloc
counts it, with and without the event log (`record=False` is what playouts use).
"""
from __future__ import annotations

import argparse
import compileall
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_LOAD = """
import json, sys, time
start = time.process_time()
from interpreter import load_ruleset
imported = time.process_time()
load_ruleset(sys.argv[1])
print(json.dumps([imported - start, time.process_time() - imported]))
"""

_MEMORY = """
import json, random, sys, tracemalloc
from interpreter import Game, load_ruleset
rules = load_ruleset(sys.argv[1])
rng = random.Random(1)
out = []
for record in (False, True):
    games = []
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for seed in range(50):
        game = Game(rules, 4, seed=seed, record=record)
        for _ in range(30):
            options = game.decision.options
            game.apply_value(options[rng.randrange(len(options))])
        games.append(game)
    out.append((tracemalloc.get_traced_memory()[0] - before) / 50 / 1024)
    tracemalloc.stop()
print(json.dumps(out))
"""


def run(code: str, *args: str, cache: str) -> list:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": cache})
    return json.loads(done.stdout)


def cli_start(cache: str) -> float:
    """Wall time of `cardrules info hearts` (import, load, print), cache warm."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "interpreter.cli.main", "info", str(ROOT / "rulesets" / "hearts.yaml")],
                   capture_output=True, check=True, cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": cache})
    return time.perf_counter() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args(argv)
    # the package's bytecode, as pip writes it on install: a checkout run with
    # PYTHONDONTWRITEBYTECODE set would otherwise compile every module at every start
    compileall.compile_dir(str(ROOT / "interpreter"), quiet=1)
    paths = sorted(glob.glob(str(ROOT / "rulesets" / "*.yaml")))
    best: dict = {}
    for _ in range(args.trials):
        for path in paths:
            with tempfile.TemporaryDirectory() as cache:
                imported, uncached = run(_LOAD, path, cache=cache)
                _, cached = run(_LOAD, path, cache=cache)
            name = Path(path).stem
            old = best.get(name, (imported, uncached, cached))
            best[name] = tuple(min(a, b) for a, b in zip(old, (imported, uncached, cached)))
    print(f"{'ruleset':<20} {'import s':>9} {'load s':>8} {'cached s':>9}")
    for name, (imported, uncached, cached) in best.items():
        print(f"{name:<20} {imported:>9.3f} {uncached:>8.3f} {cached:>9.3f}")
    with tempfile.TemporaryDirectory() as cache:
        cli_start(cache)
        start = min(cli_start(cache) for _ in range(args.trials))
        lean, recorded = run(_MEMORY, str(ROOT / "rulesets" / "hearts.yaml"), cache=cache)
    print(f"\ncardrules info hearts (cache warm): {start:.2f} s wall")
    print(f"memory per live Hearts game: {lean:.1f} KiB (record=False), {recorded:.1f} KiB (record=True)")


if __name__ == "__main__":
    main()
