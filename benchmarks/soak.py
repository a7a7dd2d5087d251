"""Soak: many random games of every shipped ruleset at every player count, counting crashes
(any exception, a runtime GameError included: the shipped rulesets must never stop) and
conservation violations (a card lost, duplicated or in two zones), checked after every decision.

    python benchmarks/soak.py --games 100000          # spread over every (ruleset, players)
    python benchmarks/soak.py --games 2000 --jobs 2

Prints one line per (ruleset, players) and a total; exits 1 if anything went wrong.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import Game, load_ruleset  # noqa: E402


def cards_conserved(game: Game) -> bool:
    """Every card in play lies in exactly one zone, and the zone it lies in says so."""
    held = []
    zones = list(game.zones.values()) + [z for p in game.players for z in p.zones.values()] + \
        [z for t in game.teams for z in t.zones.values()]
    for zone in zones:
        for card in game.cards_in(zone):
            if game.zone_of(card) is not zone:
                return False
            held.append(card)
    return len(held) == len(game.cards_in_play) and len(set(map(id, held))) == len(held)


def soak(path: str, players: int, games: int, seed: int) -> dict:
    rules = load_ruleset(path)
    rng = random.Random(f"{seed}/{Path(path).stem}/{players}")
    out = {"ruleset": Path(path).stem, "players": players, "games": 0, "decisions": 0, "crashes": 0,
           "violations": 0, "first": None}
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        try:
            game = Game(rules, players, seed=game_seed, record=False)
            while not game.over:
                options = game.decision.options
                if isinstance(options, range):
                    game.apply_value(rng.randrange(options.start, options.stop))
                else:
                    game.apply_value(options[rng.randrange(len(options))])
                out["decisions"] += 1
                if not cards_conserved(game):
                    out["violations"] += 1
                    out["first"] = out["first"] or f"seed {game_seed}: cards not conserved"
                    break
        except Exception as exc:  # noqa: BLE001 - counting every kind of crash is the point
            out["crashes"] += 1
            out["first"] = out["first"] or f"seed {game_seed}: {type(exc).__name__}: {exc}\n" + \
                traceback.format_exc(limit=3)
        out["games"] += 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in all (default 2000)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cases = []
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        rules = load_ruleset(path)
        cases += [(str(path), n) for n in range(rules.min_players, rules.max_players + 1)]
    per_case = max(1, args.games // len(cases))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(soak, [c[0] for c in cases], [c[1] for c in cases],
                                [per_case] * len(cases), [args.seed] * len(cases)))
    total = {"games": 0, "decisions": 0, "crashes": 0, "violations": 0}
    for r in results:
        print(f"{r['ruleset']:>18} x{r['players']}: {r['games']:>7} games {r['decisions']:>9} decisions  "
              f"crashes {r['crashes']}  conservation violations {r['violations']}")
        if r["first"]:
            print("    first:", r["first"])
        for key in total:
            total[key] += r[key]
    print(f"soak: {total['games']} games, {total['decisions']} decisions, {total['crashes']} crashes, "
          f"{total['violations']} conservation violations in {time.perf_counter() - start:.0f} s")
    return 1 if total["crashes"] or total["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
