"""Checks what a caller passes to `Game(...)`: one layer, one clear GameError per mistake.

Nothing past this point sees a player count that is not a whole number, a seed that a log
cannot carry, options that are not a mapping of names, or a stacked deck of the wrong shape.
"""
from __future__ import annotations

from collections.abc import Mapping

from interpreter.engine.budget import Budget
from interpreter.errors import GameError

MAX_STACKED = 1_000       # stacked orders, one per shuffle: far more than any test needs
MAX_SEED_DIGITS = 100


def _fail(message: str):
    raise GameError(message, code="argument")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_players(ruleset, players):
    if players is None:
        return ruleset.min_players
    if not _whole(players):
        _fail(f"players must be a whole number of players, not {type(players).__name__} {_show(players)}")
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise GameError(f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, "
                        f"not {players}", code="players")
    return players


def check_seed(seed):
    if seed is None:
        return None
    if not _whole(seed):
        _fail(f"seed must be a whole number (or None), not {type(seed).__name__} {_show(seed)}")
    if len(str(abs(seed))) > MAX_SEED_DIGITS:
        _fail(f"seed has more than {MAX_SEED_DIGITS} digits")
    return seed


def check_options(options) -> dict:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        _fail(f"options must be a mapping of option names to values, such as {{'target': 50}}, "
              f"not {type(options).__name__} {_show(options)}")
    for name in options:
        if not isinstance(name, str):
            _fail(f"option names are strings, not {type(name).__name__} {_show(name)}")
    return dict(options)


def check_stacked(stacked) -> list[list[str]]:
    if stacked is None:
        return []
    if isinstance(stacked, (str, bytes, Mapping)) or not isinstance(stacked, (list, tuple)):
        _fail("stacked must be a list of card orders, each a list of card ids, "
              f"not {type(stacked).__name__} {_show(stacked)}")
    if len(stacked) > MAX_STACKED:
        _fail(f"{len(stacked)} stacked orders is more than {MAX_STACKED}; give one order per shuffle")
    orders = []
    for number, order in enumerate(stacked, 1):
        if isinstance(order, (str, bytes, Mapping)) or not isinstance(order, (list, tuple)):
            _fail(f"stacked order {number} must be a list of card ids, not {type(order).__name__} {_show(order)}")
        for card in order:
            if not isinstance(card, str):
                _fail(f"stacked order {number} holds {type(card).__name__} {_show(card)}; "
                      "card ids are strings such as 'QS'")
        orders.append(list(order))
    return orders


def check_names(names, count: int) -> list[str] | None:
    if names is None:
        return None
    if isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple)):
        _fail(f"names must be a list of player names, not {type(names).__name__} {_show(names)}")
    for name in names:
        if not isinstance(name, str):
            _fail(f"player names are strings, not {type(name).__name__} {_show(name)}")
    if len(names) > count:
        _fail(f"{len(names)} names for {count} players")
    return list(names)


DEFAULT_BUDGET = Budget()     # (never changed: every game without a budget of its own shares it)


def check_budget(budget, max_steps, max_decisions=None) -> Budget:
    """The Budget of a game: `budget` (a Budget, or steps per decision) or `max_steps`, with
    `max_decisions` (per game) on top."""
    if budget is not None and max_steps is not None:
        _fail("give either budget or max_steps, not both")
    if budget is None:
        budget = max_steps
    if budget is None:
        budget = DEFAULT_BUDGET
    elif not isinstance(budget, Budget):
        if not _whole(budget):
            _fail(f"budget must be a whole number of steps per decision or a Budget, not {_show(budget)}")
        budget = _budget(steps=budget)
    if max_decisions is None:
        return budget
    if not _whole(max_decisions):
        _fail(f"max_decisions must be a whole number of decisions per game, not {_show(max_decisions)}")
    return _budget(**{**budget.__dict__, "decisions": max_decisions})


def _budget(**fields) -> Budget:
    try:
        return Budget(**fields)
    except ValueError as exc:
        _fail(str(exc))


def check_flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        _fail(f"{name} must be True or False, not {_show(value)}")
    return value


def _show(value, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
