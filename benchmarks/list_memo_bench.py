"""Functions of a list of cards remembered per state, against calling them every time.

Why: a ruleset function is pure, so within one state of the game a call with the same
arguments has one value. Functions of players and numbers were always remembered; a function
of a hand (`strength(cards: list<card>)`) is now remembered by its cards too. This measures a
condition that reads such a function once per candidate of a choice, as a melding or climbing
game's `where:` does when it compares each play with the player's best meld, in both ways in
the same run: the memo (what the compiler does) and a direct call (the reference).

Run: ``python benchmarks/list_memo_bench.py [--seconds S]``. Numbers are the best of five runs;
they vary by machine, the ratio much less.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.compile import runtime  # noqa: E402

RULESET = """\
version: 1
name: List memo bench
players: {min: 2, max: 2}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  hand: {owner: player, visibility: owner}
functions:
  melded_points:
    params: {cards: "list<card>"}
    value: "groups(cards, 'rank', [], 3, 4).sum(m, m.sum(c, c.rank))"
flow:
  - "shuffle(deck); draw(deck, player_at(0).hand, 13)"
  - choose: card
    player: player_at(0)
    from: player_at(0).hand
    as: c
    where: "players.all(q, melded_points(player_at(0).hand) >= c.rank - 20)"
"""
CONDITION = "player_at(0).hand.filter(c, players.all(q, melded_points(player_at(0).hand) >= c.rank - 20))"


def measure(seconds: float, *, remembered: bool) -> float:
    """Microseconds per evaluation of CONDITION over a 13-card hand."""
    original = runtime.NAMES["memo_of_lists"]
    if not remembered:     # what generated code calls instead: the function itself, every time
        runtime.NAMES["memo_of_lists"] = lambda g, name, body, names, lists, *values: body(g, dict(zip(names, values)))
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.yaml"
            path.write_text(RULESET, encoding="utf-8")
            rules = load_ruleset(path)
            fn, _ = rules.compile(CONDITION)
    finally:
        runtime.NAMES["memo_of_lists"] = original
    game = Game(rules, 2, seed=1)
    best = float("inf")
    for _ in range(5):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 5:
            game.memo = {}             # a new state each time: the memo starts empty, as per decision
            game.steps = 0             # and a fresh budget, as after each decision
            fn(game, {})
            count += 1
        best = min(best, (time.perf_counter() - start) / count * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    remembered = measure(args.seconds, remembered=True)
    direct = measure(args.seconds, remembered=False)
    print(f"a condition reading a function of a hand, per 13-card listing: remembered {remembered:.1f} µs, "
          f"called every time {direct:.1f} µs: {direct / remembered:.1f}x faster")


if __name__ == "__main__":
    main()
