"""Betting speed: hands per second of our poker rulesets beside PokerKit's No-Limit Hold'em.

Why: betting is the most decision-heavy part of the poker rulesets, and it is written in YAML
(rulesets/lib/betting.yaml) and interpreted. PokerKit is a hand-written Python engine for the
same game, so its No-Limit Texas Hold'em is the yardstick.

Both sides play the same table: 6 players, 10,000 chips each, blinds 50/100, random bots that
pick uniformly among the legal actions and amounts (the fastest path of each API: raw values
for ours, `can_*`/`*` calls for PokerKit, every automation on, cards dealt by PokerKit itself).
Every hand is a new game (ours: a match of `hands: 1`) with fresh stacks, as every PokerKit
hand is a new state; game set-up is timed on both sides. Each engine runs alone, best of
`--repeat` runs. Decisions per hand are printed too: ours include the amount of a bet or
raise as a decision of its own.

Run: ``python benchmarks/poker_bench.py [--hands N] [--players P] [--repeat R]``.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import Game, load_ruleset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def uniform(game: Game, rng: random.Random) -> None:
    """Any legal action, then any legal amount, uniformly."""
    values = game.decision.options
    game.apply_value(values[rng.randrange(len(values))])


def like_pokerkit(game: Game, rng: random.Random) -> None:
    """PokerKit's three kinds uniformly (fold / check-or-call / bet-or-raise), then a raise
    amount uniformly from the minimum up: the bot the PokerKit run uses."""
    actions = game.decision.options
    p = game.vars_of(game.players[game.decision.player])
    short = p["chips"] <= p["owed"]
    kinds = {"fold": [], "call": [], "raise": []}
    for a in actions:
        kinds["fold" if a == "fold" else "call" if a in ("check", "call") or (a == "all_in" and short)
              else "raise"].append(a)
    kind = rng.choice([k for k, v in kinds.items() if v])
    if kind != "raise":
        game.apply_value(kinds[kind][0])
        return
    sized = [a for a in kinds["raise"] if a != "all_in"]
    if not sized:
        game.apply_value("all_in")
        return
    game.apply_value(sized[0])          # all-in is one amount among thousands: left out here
    numbers = game.decision.options
    game.apply_value(numbers[rng.randrange(len(numbers))])


def ours(name: str, hands: int, players: int, options: dict, seed: int, bot=uniform) -> tuple[float, int]:
    """(seconds, decisions) to play `hands` hands of a ruleset with a random bot."""
    rules = load_ruleset(ROOT / "rulesets" / f"{name}.yaml")
    rng = random.Random(seed)
    played = decisions = 0
    start = time.perf_counter()
    while played < hands:
        game = Game(rules, players=players, seed=rng.randrange(1 << 30), record=False,
                    options={"hands": 1, **options})
        while not game.over:
            bot(game, rng)
        played += game.vars["hand_number"]
        decisions += game.decisions_taken
    return time.perf_counter() - start, decisions


def pokerkit_holdem(hands: int, players: int, seed: int) -> tuple[float, int] | None:
    """(seconds, decisions) for PokerKit's No-Limit Texas Hold'em to play `hands` random hands."""
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        print("pokerkit not installed: skipped")
        return None
    automations = tuple(Automation)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(hands):
            state = NoLimitTexasHoldem.create_state(automations, True, 0, (50, 100), 100,
                                                    (10000,) * players, players)
            while state.status:
                kinds = []
                if state.can_fold():
                    kinds.append("fold")
                if state.can_check_or_call():
                    kinds.append("call")
                if state.can_complete_bet_or_raise_to():
                    kinds.append("raise")
                if not kinds:
                    break
                kind = kinds[rng.randrange(len(kinds))]
                decisions += 1
                if kind == "fold":
                    state.fold()
                elif kind == "call":
                    state.check_or_call()
                else:
                    low = state.min_completion_betting_or_raising_to_amount
                    high = state.max_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(rng.randint(low, high))
    return time.perf_counter() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    runs = [
        ("Texas Hold'em, no limit, matching calls", lambda: ours(
            "texas-holdem", args.hands, args.players, {"limit": "no_limit", "calls": "match",
                                                       "check_raise": True}, args.seed, like_pokerkit)),
        ("Texas Hold'em, defaults (half pot)", lambda: ours(
            "texas-holdem", args.hands, args.players, {}, args.seed)),
        ("Seven Poker, defaults (half pot, increment)", lambda: ours(
            "seven-poker", args.hands, min(args.players, 7), {}, args.seed)),
        ("PokerKit No-Limit Texas Hold'em", lambda: pokerkit_holdem(args.hands, args.players, args.seed)),
    ]
    results = []
    for label, run in runs:
        best = None
        for _ in range(args.repeat):
            outcome = run()
            if outcome is None:
                break
            best = outcome if best is None else min(best, outcome)
        results.append((label, best))
    reference = results[-1][1][0] if results[-1][1] else None
    print(f"{args.hands} hands each, {args.players} players, best of {args.repeat}")
    print(f"{'engine':46} {'seconds':>8} {'hands/s':>9} {'decisions/hand':>15} {'decisions/s':>12} {'vs PokerKit':>12}")
    for label, outcome in results:
        if outcome is None:
            print(f"{label:46} {'-':>8}")
            continue
        seconds, decisions = outcome
        ratio = f"{reference / seconds:.2f}x" if reference else "-"
        print(f"{label:46} {seconds:8.2f} {args.hands / seconds:9.0f} {decisions / args.hands:15.1f} "
              f"{decisions / seconds:12.0f} {ratio:>12}")


if __name__ == "__main__":
    main()
