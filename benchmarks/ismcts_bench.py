"""The project's ISMCTS beside OpenSpiel's Python `ISMCTSBot` on Hearts, at equal iterations and
an equal horizon: iterations per second of each, in interleaved trials.

    python benchmarks/ismcts_bench.py [--iterations 200] [--trials 5] [--positions 4]

Both search the first decision of the trick play of a hand (after the passing) with more than
one legal card (with one, neither searches), each from
`--positions` dealt hands of its own, with playouts to the end of the hand: OpenSpiel's Hearts
is one hand, and the project's player runs with `horizon="hand"`. OpenSpiel's bot draws one
world per iteration (`max_world_samples=-1`) and evaluates a leaf with one random rollout,
which is what the project's player does; the project's player runs its whole budget here
(`settle=False`: it would otherwise stop once its answer cannot change). A decision's time includes what each does before it
iterates (the project's player freezes the seat's knowledge; OpenSpiel's bot makes its root).
Each trial times every contender on the same positions once; the ratio of each trial and its
median and spread are printed, with the CPU time per iteration.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents import turn_of  # noqa: E402
from interpreter.agents.ismcts import ISMCTSAgent  # noqa: E402


def ours(positions: int, iterations: int):
    """A function timing one search per position with the project's player; its positions."""
    rules = load_ruleset(ROOT / "rulesets" / "hearts.yaml")
    games = []
    for seed in range(positions):
        game, rng = Game(rules, 4, seed=seed), random.Random(seed)
        while game.phase != "play" or len(game.decision) < 2:
            game.apply_index(rng.randrange(len(game.decision)))
        games.append(game)

    def search() -> float:
        started = time.process_time()
        for seed, game in enumerate(games):
            ISMCTSAgent(iterations=iterations, seed=seed, horizon="hand", settle=False).choose(turn_of(game))
        return time.process_time() - started
    return search


def openspiel(positions: int, iterations: int):
    """The same with OpenSpiel's ISMCTSBot on its C++ Hearts (None when it is not installed)."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts
        import openspiel_hearts_bench as hearts
    except ImportError:
        return None
    states = []
    for seed in range(positions):
        rng = random.Random(seed)
        state = hearts.GAME.new_initial_state()
        state.apply_action(hearts.PASS_DIR_ACTIONS[0])
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        for _ in range(12):          # the passing: three cards from each of four players
            state.apply_action(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) < 2:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)

    def search() -> float:
        started = time.process_time()
        for seed, state in enumerate(states):
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
            bot = ismcts.ISMCTSBot(hearts.GAME, evaluator, 0.7, iterations,
                                   random_state=np.random.RandomState(seed))
            bot.step(state)
        return time.process_time() - started
    return search


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args(argv)
    mine = ours(args.positions, args.iterations)
    theirs = openspiel(args.positions, args.iterations)
    if theirs is None:
        sys.exit("OpenSpiel is not installed (pip install open_spiel): nothing to compare with")
    times: dict[str, list[float]] = {"cardrules": [], "OpenSpiel": []}
    for trial in range(args.trials):
        pair = [("cardrules", mine), ("OpenSpiel", theirs)]
        for name, search in pair if trial % 2 == 0 else pair[::-1]:
            times[name].append(search())
    per = args.iterations * args.positions
    print(f"Hearts, first choice of the trick play, playouts to the end of the hand, {args.iterations} "
          f"iterations, {args.positions} positions, {args.trials} interleaved trials (CPU time)")
    for name, spent in times.items():
        print(f"  {name:<10} {statistics.median(spent) / per * 1e6:8.0f} µs per iteration "
              f"({per / statistics.median(spent):7.0f} iterations/s)")
    ratios = [o / c for c, o in zip(times["cardrules"], times["OpenSpiel"])]
    print(f"  cardrules does {statistics.median(ratios):.2f}x the iterations per second of OpenSpiel's "
          f"ISMCTSBot (per trial: {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
