"""Play random games of any ruleset through the decision API and print who won.

    python examples/scripts/random_playouts.py rulesets/black-maria.yaml 4 10
"""
import sys

from interpreter import Game, load_ruleset
from interpreter.agents.basic import RandomAgent, play

path = sys.argv[1] if len(sys.argv) > 1 else "rulesets/hearts.yaml"
players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
games = int(sys.argv[3]) if len(sys.argv) > 3 else 5

ruleset = load_ruleset(path)
for seed in range(games):
    game = Game(ruleset, players, seed=seed)
    result = play(game, RandomAgent(seed))
    print(f"seed {seed}: scores {result['scores']}, winners {result['winners']}")
