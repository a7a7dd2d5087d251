"""Step through a game by hand: what each decision offers, and what a player may see.

    python examples/scripts/inspect_decisions.py rulesets/hearts.yaml
"""
import sys

from interpreter import Game, load_ruleset

game = Game(load_ruleset(sys.argv[1] if len(sys.argv) > 1 else "rulesets/hearts.yaml"), 4, seed=7)
for _ in range(6):
    decision = game.decision
    print(f"seat {decision.player}: {decision.prompt} -> {[c.id for c in decision.choices]}")
    view = game.view(decision.player)
    print("  own hand:", view["players"][decision.player]["zones"]["hand"])
    print("  the next seat's hand, as this seat sees it:", view["players"][(decision.player + 1) % 4]["zones"]["hand"])
    game.apply(decision.choices[0])
