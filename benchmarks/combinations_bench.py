"""Combination builtins (runs, groups, sets with wild cards) measured on three listings, and
random playouts, optionally beside another checkout of the interpreter in the same run.

    python benchmarks/combinations_bench.py [--trials 5] [--baseline DIR]
    python benchmarks/combinations_bench.py --instructions 10 [--only NAME] [--baseline DIR]

The listings (the best of 30 timings each, in CPU µs; the rulesets are this checkout's, for both):
- Black Swan's worst hand: ten hearts in a row (A to 10) and the four wild cards, the pile empty:
  701 plays, the singles, groups and runs of `plays(turn)` joined by `distinct_sets`.
- Rummy (examples/rummy.yaml): `new_melds(p)` and `layoffs(p)` for a ten-card hand of runs and sets,
  with two melds on the table.
- Cribbage count (examples/cribbage-count.yaml): the run and group detection of one show (3♣ 4♦
  4♥ 6♠ and the starter 5♦: a double run and a pair), and the whole count of two hands.
Before each timing a card goes out of the hand and back, so that no remembered value is used.
The run layouts kept per shape (primitives/combinations_tables.py, for runs with wild cards) are
kept, as in play; the "cold" row forgets every shape before each timing: what a shape never seen
before costs.
(Moving a card out and back puts it last in the hand: a listing's cards come in another order at
each timing, which makes another shape, until the hand has come round.)
The playouts are 40 four-player games of Black Swan and 40 of Cribbage count, random plays, in
CPU µs per decision (the same games every time).

With `--instructions CALLS`, each listing is instead counted by valgrind (the same count whatever
else the machine does), over CALLS calls after three that warm the tables, per call; `--only NAME`
counts one listing. With `--baseline DIR` beside another checkout.

With `--baseline DIR`, each trial runs the measurement in a child process with `DIR`'s interpreter
and with this checkout's, interleaved (a busy machine slows both alike), and prints the ratio
baseline / now of each trial, then the median and the spread (lowest - highest) of the ratios.
"""
from __future__ import annotations

import argparse
import functools
import gc
import importlib
import json
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
WORST = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH W1 W2 W3 W4"
RUMMY_HAND = "AC 2C 3C 4C 5C 7D 7H 7S 7C 9H"
RUMMY_MELDS = ["8D 9D TD", "KS KH KD"]
LISTINGS = ("Black Swan worst listing", "Rummy listing", "Cribbage runs+groups", "Cribbage count of two")
CRIBBAGE_HAND, CRIBBAGE_OTHER, CRIBBAGE_STARTER = "3C 4D 4H 6S", "5C 5H 5S JD", "5D"


def best_of(calls: tuple, times: int = 30, *, before=None) -> float:
    """The best CPU time in µs of a listing's call (`listing`), its preparation (and `before()`)
    untimed."""
    prepare, call = calls
    best = float("inf")
    for _ in range(times):
        prepare()
        if before:
            before()
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best * 1e6


def playouts(rules, games: int, Game) -> float:
    """CPU µs per decision of random four-player games."""
    rng = random.Random(1)
    decisions, spent = 0, 0.0
    for seed in range(games):
        game = Game(rules, 4, seed=seed, record=False)
        start = time.process_time()
        while not game.over:
            game.apply_index(rng.randrange(len(game.decision)))
            decisions += 1
        spent += time.process_time() - start
    return spent * 1e6 / decisions


def stacked(game, wanted: dict, spare) -> None:
    """Move every card of the zones named in `wanted` to `spare`, then the wanted cards in."""
    cards = {c.id: c for c in game.all_cards}
    for zone in wanted:
        game.move(list(game.cards_in(zone)), spare)
    for zone, ids in wanted.items():
        game.move([cards[i] for i in ids.split()], zone)


def listing(game, fn, hand, stock) -> tuple:
    """(prepare, call): a card moved out of `hand` and back, so that no remembered value is used;
    then `fn(game, {})`."""
    def prepare():
        card = game.cards_in(hand)[0]
        game.move([card], stock)
        game.move([card], hand)
        game.steps = 0
    return prepare, lambda: fn(game, {})


def listings(Game, load_ruleset) -> dict:
    """name -> the call that lists it once, on this checkout's rulesets."""
    out = {}
    swan = load_ruleset(ROOT / "rulesets" / "black-swan.yaml")
    game = Game(swan, 2, seed=11, record=False)
    hand, deck = game.vars["turn"].zones["hand"], game.zones["deck"]
    game.move(list(game.cards_in(game.zones["pile"])), deck)
    stacked(game, {hand: WORST}, deck)
    plays, _ = swan.compile("plays(turn)")
    out["Black Swan worst listing"] = listing(game, plays, hand, deck)

    rummy = load_ruleset(ROOT / "examples" / "rummy.yaml")
    game = Game(rummy, 2, seed=3, record=False)
    player, stock = game.players[0], game.zones["stock"]
    melds = {game.zones["melded"]: " ".join(RUMMY_MELDS)}
    stacked(game, {player.zones["hand"]: RUMMY_HAND, **melds}, stock)
    cards = {c.id: c for c in game.all_cards}
    game.vars["melds"] = [[cards[i] for i in meld.split()] for meld in RUMMY_MELDS]
    melding, _ = rummy.compile("size(new_melds(player_at(0))) + size(layoffs(player_at(0)))")
    out["Rummy listing"] = listing(game, melding, player.zones["hand"], stock)

    cribbage = load_ruleset(ROOT / "examples" / "cribbage-count.yaml")
    game = Game(cribbage, 2, seed=3, record=False)
    (p0, p1), stock = game.players, game.zones["stock"]
    stacked(game, {p0.zones["hand"]: CRIBBAGE_HAND, p1.zones["hand"]: CRIBBAGE_OTHER,
                   game.zones["starter"]: CRIBBAGE_STARTER}, stock)
    detect, _ = cribbage.compile("runs(shown(player_at(0)), 'rank', '', [], ace_low, 3, 5)"
                                 " + groups(shown(player_at(0)), 'rank', [], 2, 2)")
    out["Cribbage runs+groups"] = listing(game, detect, p0.zones["hand"], stock)
    count, _ = cribbage.compile("show(player_at(0)) + show(player_at(1))")
    out["Cribbage count of two"] = listing(game, count, p0.zones["hand"], stock)
    return out


def measure(root: Path, games: int = 40) -> dict[str, float]:
    """Every figure, with the interpreter at `root`."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset
    forgetting = []
    for kept in ("combinations_tables",):
        try:
            forgetting.append(importlib.import_module(f"interpreter.primitives.{kept}").forget)
        except ImportError:      # an interpreter without them: nothing kept to clear
            pass

    def clear():
        for forget in forgetting:
            forget()
    out: dict[str, float] = {}
    calls = listings(Game, load_ruleset)
    for name, prepared in calls.items():
        out[f"{name} µs"] = best_of(prepared)
        if name == "Black Swan worst listing":
            out["  the same, tables cold µs"] = best_of(prepared, before=clear)
    out["Black Swan playouts µs/decision"] = playouts(load_ruleset(ROOT / "rulesets" / "black-swan.yaml"), games, Game)
    out["Cribbage playouts µs/decision"] = playouts(load_ruleset(ROOT / "examples" / "cribbage-count.yaml"), games,
                                                    Game)
    return out


def count_calls(root: Path, name: str, times: int) -> None:
    """Set every listing up with `root`'s interpreter, list `name` three times (tables warm), then
    `times` times more, each inside `functools.reduce`: callgrind counts only what runs inside that
    function (`--toggle-collect`), so neither the set-up nor the card moved before each call."""
    sys.path.insert(0, str(root))
    from interpreter import Game, load_ruleset
    calls = listings(Game, load_ruleset)
    if name:
        gc.disable()         # (a collection falling within some calls would make the count wander)
        prepare, listed = calls[name]
        for _ in range(3):
            prepare()
            listed()
        for _ in range(times):
            prepare()
            functools.reduce(lambda _, __: listed(), (None,), None)


def instructions(root: Path, times: int, names) -> dict[str, float]:
    """Instructions per listing with `root`'s interpreter, counted by valgrind."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}

    def counted(name: str) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               "--toggle-collect=functools_reduce", sys.executable, __file__, "--count", name,
                               "--times", str(times), "--root", str(root)],
                              capture_output=True, text=True, check=True, env=env)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))
    subprocess.run([sys.executable, __file__, "--count", "", "--root", str(root)], check=True,
                   env=env)          # the load cache, warm
    return {f"{name} instructions": counted(name) / times for name in names}


def measure_elsewhere(root: Path) -> dict[str, float]:
    """The same measurement in a child process whose `interpreter` comes from `root`."""
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root)], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": str(root)})
    return json.loads(done.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--instructions", type=int, metavar="CALLS",
                        help="count instructions per listing (valgrind) over this many calls instead of timing")
    parser.add_argument("--only", action="append", choices=LISTINGS, help="count these listings only")
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", help=argparse.SUPPRESS)
    parser.add_argument("--times", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count is not None:
        count_calls(args.root, args.count, args.times)
        return
    if args.raw:
        print(json.dumps(measure(args.root)))
        return
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
        names = args.only or LISTINGS
        now = instructions(ROOT, args.instructions, names)
        before = instructions(args.baseline, args.instructions, names) if args.baseline else None
        print(f"{'(per call)':<40} {'now':>11}" + (f" {'baseline':>11} {'fewer':>7}" if before else ""))
        for name, n in now.items():
            print(f"{name:<40} {n:>11,.0f}" + (f" {before[name]:>11,.0f} {before[name] / n:>6.2f}x" if before else ""))
        return
    trials: list[dict[str, dict[str, float]]] = []
    for _ in range(args.trials):
        trial = {"now": measure_elsewhere(ROOT)}
        if args.baseline:
            trial["baseline"] = measure_elsewhere(args.baseline)
        trials.append(trial)
    names = list(trials[0]["now"])
    if not args.baseline:
        for name in names:
            print(f"{name:<34} {min(t['now'][name] for t in trials):>9.1f}")
        return
    print(f"{'(best of the trials)':<34} {'baseline':>9} {'now':>9}   ratio baseline/now per trial")
    for name in names:
        ratios = [t["baseline"][name] / t["now"][name] for t in trials]
        base, now = min(t["baseline"][name] for t in trials), min(t["now"][name] for t in trials)
        print(f"{name:<34} {base:>9.1f} {now:>9.1f}   " + " ".join(f"{r:.2f}" for r in ratios)
              + f"   median {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
