"""Going back out of the second part of a two-part choice ("raise", then the amount).

A two-part choice is two decisions to the engine. A person who took the first part may take it
back while they are deciding the second, under one rule every surface shares: the last decision
was their own (nobody else acted since) and no card came to light since it (undoing must not let
anyone peek and choose again). Undoing replays the game from its seed up to the decision before,
so the game, and any log written from it, never holds the withdrawn part.
"""
from __future__ import annotations

from interpreter.engine.game import Game


def can_go_back(game: Game, seat: int) -> bool:
    """Whether `seat`, deciding now, may take back its last decision."""
    if game.over or game.decision is None or game.decision.player != seat:
        return False
    # the log's own list, read not copied: a table asks this for every frame it sends
    for event in reversed(game._log.events):
        if event["type"] == "decided":
            return event["player"] == seat
        if event.get("card") or event["type"] == "claimed":    # a claim resolved shows the others' answers
            return False
    return False


def without_last_decision(game: Game, **kwargs) -> Game:
    """The game re-created from its seed with every decision but the last applied; `kwargs` go
    to `Game` (a budget, say)."""
    again = Game(game.rules, len(game.players), seed=game.seed, options=game.option_overrides,
                 stacked=game.stacked or None, names=[p.name for p in game.players], **kwargs)
    for event in [event for event in game.events if event["type"] == "decided"][:-1]:
        again.apply(event["choice"], seat=event["player"])     # (in a claim, answers came in this order)
    return again
