"""Machine instructions per decision of random playouts, counted by valgrind: the same count
whatever else the machine is doing, so a shared or busy machine still gives a ratio to trust.

    python benchmarks/instructions.py [--games 2] [--baseline DIR] [RULESET | FILE.yaml ...]
    python benchmarks/instructions.py --hearts 100

For each ruleset (the shipped ones by default), the games of seeds 100, 101, ... are played
under `valgrind --tool=callgrind`, and so is the same run with no game; the difference, divided
by the decisions taken, is what a decision costs (loading the ruleset cancels out: the load
cache is warmed first, and hash randomisation is fixed). With `--baseline DIR`, the same games
run with `DIR`'s interpreter too. Instructions are not time (a cache miss costs more than an
add), but they move with it; `benchmarks/decisions.py` measures the time. Valgrind runs a
program about fifty times slower: a few games are enough.

`--hearts N` counts instead whole games of Hearts per game, N random games each, interpreted
and by the hand-written references of `benchmarks/games.py` (the idiomatic loop and the tight
one): the ratio `games.py` reports by time, counted the same way whatever the machine does.
Each contender plays its own random games, so the figures carry the spread of game lengths
(a few per cent at 100 games).
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PLAY = """
import random, sys
sys.path.insert(0, sys.argv[1])
from interpreter import Game, load_ruleset
rules = load_ruleset(sys.argv[2])
players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
decisions = 0
for seed in range(100, 100 + int(sys.argv[3])):
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed, record=False)
    # by position where the checkout can, else the i-th option by value: the same games
    take = getattr(game, "apply_index", None) or (lambda i: game.apply_value(game.decision.options[i]))
    while not game.over:
        take(rng.randrange(len(game.decision)))
        decisions += 1
print(decisions)
"""


def callgrind(root: Path, script: str, *args: str) -> tuple[int, str]:
    """(instructions, printed output) of running `script` with `args` under callgrind."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", script, *args], capture_output=True, text=True, check=True, env=env)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), done.stdout


def count(root: Path, ruleset: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of playing `games` games of `ruleset` with `root`'s interpreter."""
    instructions, printed = callgrind(root, _PLAY, str(root), ruleset, str(games))
    return instructions, int(printed.strip())


def per_decision(root: Path, ruleset: str, games: int) -> float:
    # the load cache, warm, with the counted runs' hash seed (with another, a counted run that
    # finds no entry of its own compiles, and the run with no game can cost more than the games)
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, "-c", _PLAY, str(root), ruleset, "0"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    nothing, _ = count(root, ruleset, 0)
    played, decisions = count(root, ruleset, games)
    return (played - nothing) / max(decisions, 1)


_HEARTS = """
import random, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/benchmarks")
from interpreter import Game, load_ruleset
from interpreter.agents.basic import play_random
import reference_hearts, tight_hearts
rules = load_ruleset(sys.argv[1] + "/rulesets/hearts.yaml")
play = {"interpreted": lambda rng: play_random(Game(rules, 4, seed=rng.randrange(2**31), record=False), rng),
        "hand-written": reference_hearts.play_game, "tight": tight_hearts.play_game}[sys.argv[2]]
rng = random.Random(7)
for _ in range(int(sys.argv[3])):
    play(rng)
"""


def hearts_per_game(contender: str, games: int) -> float:
    """Instructions per whole game of Hearts played by `contender` (less the same run with no game)."""
    subprocess.run([sys.executable, "-c", _HEARTS, str(ROOT), contender, "0"], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})          # the load cache, warm
    nothing, _ = callgrind(ROOT, _HEARTS, str(ROOT), contender, "0")
    played, _ = callgrind(ROOT, _HEARTS, str(ROOT), contender, str(games))
    return (played - nothing) / games


def hearts_beside_references(games: int) -> None:
    counts = {name: hearts_per_game(name, games) for name in ("interpreted", "hand-written", "tight")}
    print(f"{'Hearts, 4 players':<20} {'instructions/game':>18} {'vs hand-written':>20} {'vs tight':>9}")
    for name, n in counts.items():
        print(f"{name:<20} {n:>18,.0f} {n / counts['hand-written']:>11.2f}x as many {n / counts['tight']:>8.2f}x")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*",
                        help="shipped ruleset names (default: every one), or files, played by both checkouts")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="another checkout to count beside this one")
    parser.add_argument("--hearts", type=int, metavar="GAMES",
                        help="count whole games of Hearts beside the hand-written references instead")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    # a load cache of this run's own: another run sharing the user's cache (another checkout's
    # code for the same ruleset) would leave a counted run compiling what it found replaced
    with tempfile.TemporaryDirectory(prefix="cardrules-instructions-") as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        count_all(args)


def count_all(args) -> None:
    if args.hearts:
        hearts_beside_references(args.hearts)
        return
    names = args.rulesets or sorted(Path(p).stem for p in glob.glob(str(ROOT / "rulesets" / "*.yaml")))
    header = f"{'ruleset':<20} {'instructions':>13}"
    if args.baseline:
        header += f" {'baseline':>13} {'fewer':>7}"
    print(header)
    for name in names:
        # a shipped ruleset is each checkout's own; a file (examples/cribbage-count.yaml) is this
        # checkout's for both, so that a ruleset the baseline did not have is counted too
        own = name.endswith(".yaml")
        now = per_decision(ROOT, str(Path(name).resolve() if own else ROOT / "rulesets" / f"{name}.yaml"), args.games)
        line = f"{Path(name).stem if own else name:<20} {now:>13,.0f}"
        if args.baseline:
            before = per_decision(args.baseline, str(Path(name).resolve() if own else
                                                     args.baseline / "rulesets" / f"{name}.yaml"), args.games)
            line += f" {before:>13,.0f} {before / now:>6.2f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()
