"""Copies of a running game, for search and what-if analysis.

The flow of a game runs as nested Python generators (a step that may ask for a decision is
one), and a running generator cannot be copied. So a clone is made the one way that copies
the flow exactly: a new game with the same ruleset, options, seed and stacked deck, replaying
the decisions taken so far. Its cost grows with the length of the game (about what playing
those decisions cost, less with record=False); `benchmarks/clone_bench.py` measures it.
"""
from __future__ import annotations

from interpreter.engine.state import Card, Player, Team
from interpreter.errors import GameError


def clone_game(game, *, record: bool, replace=None):
    """A new Game in `game`'s state (same future under the same decisions and seed).
    `replace(index, copy, value)`, when given, may answer decision `index` differently."""
    if game._taken is None:
        raise GameError("this game cannot be cloned: it is a sample drawn for one seat, and its "
                        "history is not its own; draw another sample instead", code="clone")
    from interpreter.engine.game import Game
    copy = Game(game.rules, len(game.players), seed=game._rng_seed, options=game.option_overrides,
                stacked=game.stacked, record=record, budget=game.budget,
                names=[p.name for p in game.players])
    copy.seed = game.seed
    if record:      # the log shows the seed the game was given (None stays None)
        copy._log.events[0]["seed"] = game.seed
    for index, value in enumerate(game._taken):
        value = port(value, copy)
        if replace is not None:
            value = replace(index, copy, value)
        copy.apply_value(value)
    return copy


def port(value, into):
    """A decision value of one game as the same value of another game of the same ruleset."""
    if isinstance(value, Card):
        return into.all_cards[value.index]
    if isinstance(value, Player):
        return into.players[value.seat]
    if isinstance(value, Team):
        return into.teams[value.index]
    if isinstance(value, list):
        return [port(v, into) for v in value]
    if isinstance(value, tuple):
        return tuple(port(v, into) for v in value)
    return value
