"""What a clone, a restore and a determinization of a mid-hand Hearts state cost, beside the
cost of one random decision measured in the same run (the ratio is what to read: a clone is a
snapshot of the state and the flow's frames, so its cost does not grow with the decisions
taken so far).

    python benchmarks/clone_bench.py [--seconds 1] [--trials 5] [--depth 30]
    python benchmarks/clone_bench.py --instructions [--calls 200]

By time, trials of every operation are interleaved and each trial gives a ratio to the decision
of that trial: the median ratio and its spread (lowest to highest) are printed, beside the
median time. With `--instructions`, each operation is counted by valgrind instead (the same
count whatever else the machine is doing): `--calls` of it, less the same run without them.
"determinization" is what a search does per iteration: a sample of the seat's frozen
knowledge drawn from a sampler made once (`Knowledge.sampler`). Where pyspiel is installed,
OpenSpiel's `state.clone()` of its C++ Hearts, as many decisions into a hand, is measured in
the same trials, and each trial's ratio of a clone to it is printed.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents import play_random, turn_of  # noqa: E402

OPENSPIEL = "OpenSpiel state.clone()"
OPERATIONS = ("decision", "clone", "clone of a logged game", "restore", "determinization", OPENSPIEL)


def operations(depth: int) -> dict:
    """The operations measured, each a function of no arguments, on a game `depth` decisions in."""
    rules = load_ruleset(ROOT / "rulesets" / "hearts.yaml")
    rng = random.Random(1)

    def advanced(record: bool) -> Game:
        game = Game(rules, 4, seed=3, options={"target": 1}, record=record)
        pick = random.Random(1)
        for _ in range(depth):
            options = game.decision.options
            game.apply_value(options[pick.randrange(len(options))])
        return game
    quiet, logged = advanced(False), advanced(True)
    snapshot = quiet.clone()
    draw = turn_of(logged).knowledge.sampler()

    def decisions() -> int:
        """A whole random game (set-up and deals included), the decisions it took."""
        return play_random(Game(rules, 4, seed=rng.randrange(2**31), record=False), rng)["decisions"]

    def once(fn):
        return lambda: (fn(), 1)[1]
    ops = {"decision": decisions, "clone": once(quiet.clone),
           "clone of a logged game": once(lambda: logged.clone(record=False)),
           "restore": once(lambda: quiet.restore(snapshot)), "determinization": once(lambda: draw(rng))}
    openspiel = openspiel_state(depth)
    if openspiel is not None:
        ops[OPENSPIEL] = once(openspiel.clone)
    return ops


def openspiel_state(depth: int):
    """OpenSpiel's C++ Hearts (one hand, as the `target` 1 above), `depth` decisions into the
    hand after a random deal, or None without pyspiel (`pip install -e ".[bench]"`)."""
    try:
        import pyspiel
    except ImportError:
        return None
    state = pyspiel.load_game("hearts").new_initial_state()
    pick, decisions = random.Random(1), 0
    while decisions < depth and not state.is_terminal():
        if not state.is_chance_node():
            decisions += 1
        state.apply_action(pick.choice(state.legal_actions()))
    return state


def per_call(fn, seconds: float) -> float:
    """Seconds per unit of `fn` (it returns how many it did), timed over about `seconds` of CPU time."""
    units, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        units += fn()
    return (time.process_time() - started) / units


def by_time(depth: int, seconds: float, trials: int) -> None:
    ops = operations(depth)
    names = [name for name in OPERATIONS if name in ops]
    times: dict = {name: [] for name in names}
    for _ in range(trials):
        for name in names:
            times[name].append(per_call(ops[name], seconds / len(names)))
    print(f"Hearts, {depth} decisions into a hand, 4 players, {trials} interleaved trials (CPU time)")
    print(f"  {'operation':<26} {'µs (median)':>12} {'decisions (median)':>19} {'spread':>14}")
    for name in names:
        ratios = [t / d for t, d in zip(times[name], times["decision"])]
        print(f"  {name:<26} {statistics.median(times[name]) * 1e6:>12.1f} {statistics.median(ratios):>19.2f} "
              f"{min(ratios):>6.2f}-{max(ratios):<6.2f}")
    if OPENSPIEL in times:
        ratios = [c / o for c, o in zip(times["clone"], times[OPENSPIEL])]
        print(f"  a clone takes {statistics.median(ratios):.1f}× OpenSpiel's (trials {min(ratios):.1f}-{max(ratios):.1f})")


_COUNT = """
import sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/benchmarks")
import clone_bench
ops = clone_bench.operations(int(sys.argv[2]))
fn = ops[sys.argv[3]]
print(sum(fn() for _ in range(int(sys.argv[4]))))
"""


def instructions(name: str, depth: int, calls: int) -> float:
    """Instructions per call of operation `name`, counted by callgrind (less a run without calls)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}

    def run(n: int) -> tuple[int, int]:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", _COUNT, str(ROOT), str(depth), name, str(n)],
                              capture_output=True, text=True, check=True, env=env)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), int(done.stdout.strip())
    subprocess.run([sys.executable, "-c", _COUNT, str(ROOT), str(depth), name, "0"], check=True, env=env,
                   stdout=subprocess.DEVNULL)          # the load cache, warm
    (busy, units), (idle, _) = run(calls), run(0)
    return (busy - idle) / units


def by_instructions(depth: int, calls: int) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    print(f"Hearts, {depth} decisions into a hand, 4 players: instructions per call (callgrind, {calls} calls)")
    counts = {}
    names = [name for name in OPERATIONS if name != OPENSPIEL or openspiel_state(1) is not None]
    for name in names:    # (a decision is counted over whole games: a tenth as many of them)
        counts[name] = instructions(name, depth, max(1, calls // 10) if name == "decision" else calls)
        print(f"  {name:<26} {counts[name]:>12,.0f} = {counts[name] / counts['decision']:6.2f} decisions", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per trial, all operations together")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--depth", type=int, default=30, help="decisions into the hand (passing is 12)")
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    parser.add_argument("--calls", type=int, default=200, help="calls of each operation counted (--instructions)")
    args = parser.parse_args()
    if args.instructions:
        by_instructions(args.depth, args.calls)
    else:
        by_time(args.depth, args.seconds, args.trials)


if __name__ == "__main__":
    main()
