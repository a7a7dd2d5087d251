"""Random-playout games per second for every shipped ruleset, beside reference implementations
of Hearts measured in the same run: an idiomatic hand-written Python loop, a tight one (the
floor for plain Python) and OpenSpiel's C++ Hearts driven from Python. Trials are interleaved
and the best of each is kept, so a busy machine slows every contender alike; the ratios are what to
read. For Hearts, each reference's ratio is also printed trial by trial (the median and the spread
from lowest to highest).

    python benchmarks/games.py [--seconds 2] [--trials 3] [--profile hearts]
"""
from __future__ import annotations

import argparse
import cProfile
import glob
import io
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents.basic import play_random  # noqa: E402


def interpreted(path: str, players: int):
    ruleset = load_ruleset(path)

    def play(rng: random.Random):
        return play_random(Game(ruleset, players, seed=rng.randrange(2**31), record=False), rng)
    return play


def contenders() -> list[tuple[str, object]]:
    out = []
    for path in sorted(glob.glob(str(ROOT / "rulesets" / "*.yaml"))):
        ruleset = load_ruleset(path)
        players = 4 if ruleset.min_players <= 4 <= ruleset.max_players else ruleset.min_players
        out.append((f"{Path(path).stem} ({players}p, interpreted)", interpreted(path, players)))
    import reference_hearts
    import tight_hearts
    out.append(("hearts (4p, hand-written Python)", reference_hearts.play_game))
    out.append(("hearts (4p, tight hand-written Python)", tight_hearts.play_game))
    try:
        import openspiel_hearts_bench
        out.append(("hearts (4p, OpenSpiel from Python)", openspiel_hearts_bench.play_game))
    except ImportError:
        print("(OpenSpiel is not installed: its column is left out)")
    return out


def rate(play, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        play(rng)
        games += 1
    return games / (time.process_time() - start)


HAND_WRITTEN = "hearts (4p, hand-written Python)"
HEARTS = "hearts (4p, interpreted)"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--profile", metavar="RULESET", help="print a profile of that ruleset's playouts")
    args = parser.parse_args(argv)
    if args.profile:
        play = interpreted(str(ROOT / "rulesets" / f"{args.profile}.yaml"), 4)
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [play(random.Random(i)) for i in range(20)])
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(20)
        print(out.getvalue())
        return
    entries = contenders()
    rates = {name: [] for name, _ in entries}      # games/s of each trial
    for trial in range(args.trials):
        for name, play in entries:
            rates[name].append(rate(play, args.seconds, trial))
    best = {name: max(r) for name, r in rates.items()}
    hand_written = best.get(HAND_WRITTEN)
    openspiel = best.get("hearts (4p, OpenSpiel from Python)")
    tight = best.get("hearts (4p, tight hand-written Python)")
    print(f"{'contender':<42} {'games/s':>9} {'vs hand-written':>16} {'vs tight':>9} {'vs OpenSpiel':>13}")
    for name, _ in entries:
        g = best[name]
        vs_hand = f"{hand_written / g:.1f}x slower" if hand_written else "-"
        vs_tight = f"{tight / g:.1f}x" if tight else "-"
        vs_os = f"{g / openspiel:.2f}x" if openspiel else "-"
        print(f"{name:<42} {g:>9.1f} {vs_hand:>16} {vs_tight:>9} {vs_os:>13}")
    ours = rates.get(HEARTS)
    if ours:
        print("\nHearts per trial (the trials ran interleaved): how many times faster each reference was")
        for name in (HAND_WRITTEN, "hearts (4p, tight hand-written Python)", "hearts (4p, OpenSpiel from Python)"):
            if name in rates:
                ratios = [theirs / mine for theirs, mine in zip(rates[name], ours)]
                print(f"  {name:<42} median {statistics.median(ratios):5.2f}x  spread {min(ratios):.2f}-{max(ratios):.2f}")


if __name__ == "__main__":
    main()
