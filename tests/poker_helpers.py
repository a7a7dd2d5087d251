"""Helpers for the poker tests: load the rulesets once, stack decks, take decisions by seat."""
from __future__ import annotations

from pathlib import Path

from interpreter import Game
from tests.conftest import ruleset  # noqa: F401  (a shipped ruleset or a test fixture, by name)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "rulesets"


def round_robin(hands: list[list[str]]) -> list[str]:
    """The deck order that deals these hands one card at a time, seat after seat."""
    order = []
    for i in range(max(len(h) for h in hands)):
        order += [h[i] for h in hands if i < len(h)]
    return order


def act(game: Game, seat: int, *choices: str) -> None:
    """Seat `seat` takes these decisions in a row (an action, then its amount, ...)."""
    for choice in choices:
        assert game.decision is not None, f"the game is over; seat {seat} cannot choose {choice}"
        assert game.decision.player == seat, \
            f"expected seat {seat} to decide, but it is seat {game.decision.player} ({game.decision.prompt})"
        game.apply(choice)


def legal(game: Game) -> set[str]:
    """The ids of the current decision's legal choices."""
    return {c.id for c in game.decision.choices}


def amounts(game: Game) -> tuple[int, int]:
    """The smallest and largest legal number of the current number decision."""
    assert game.decision.kind == "number", game.decision
    options = game.decision.options
    return options.start, options.stop - 1


def var(game: Game, seat: int, name: str):
    return game.vars_of(game.players[seat])[name]


def chips(game: Game) -> list[int]:
    return [game.vars_of(p)["chips"] for p in game.players]


def shown_cards(game: Game) -> set[str]:
    """Cards shown to everybody (the `show` effect), e.g. at a showdown."""
    return {e["card"] for e in game.events if e["type"] == "shown" and e.get("to") is None}
