"""cardrules: a declarative rule-definition interpreter for card games.

A game is a YAML ruleset; `load_ruleset` checks and compiles it once, and `Game` runs any
compiled ruleset through one decision API.
"""
from interpreter.errors import Diagnostic, RulesetError, GameError, Span
from interpreter.language.ruleset import load_ruleset, Ruleset
from interpreter.engine.game import Game, Decision, Choice

__all__ = ["Diagnostic", "RulesetError", "GameError", "Span", "load_ruleset", "Ruleset",
           "Game", "Decision", "Choice"]
