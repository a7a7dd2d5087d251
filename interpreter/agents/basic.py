"""Agents: whoever takes decisions. Each sees only `game.decision` and its own view.

Random (seeded), first-legal and scripted agents need nothing from a ruleset: the engine
enumerates every legal choice. The human agent lives in the CLI (it talks to a terminal).
"""
from __future__ import annotations

import random
from typing import Iterable, Protocol

from interpreter.engine.game import Choice, Decision, Game


class Agent(Protocol):
    def choose(self, game: Game, decision: Decision) -> Choice | str: ...


class RandomAgent:
    """Picks uniformly among the legal choices; for a number, favours the ends and a few points
    between them so that simulations exercise minimum, maximum and in-between amounts."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision):
        options = decision.options
        if decision.kind == "number":    # a range, perhaps too wide for len(): pick by its ends
            low, high = options.start, options.stop - 1
            pick = self.rng.random() if high - low > 2 else 1.0
            if pick < 0.3:
                return str(low)
            if pick < 0.45:
                return str(high)
            return str(self.rng.randint(low, high))
        return decision.choices[self.rng.randrange(len(options))]


class FirstLegalAgent:
    """Always takes the first legal choice: a deterministic bot for smoke tests."""

    def choose(self, game: Game, decision: Decision):
        return decision.choices[0]


class ScriptedAgent:
    """Takes choices from a list of ids, in order; for tests that replay a known game."""

    def __init__(self, choices: Iterable[str]):
        self.choices = list(choices)
        self.position = 0

    def choose(self, game: Game, decision: Decision):
        if self.position >= len(self.choices):
            raise IndexError(f"the script ran out of choices at {decision!r}")
        choice = self.choices[self.position]
        self.position += 1
        return choice


def play(game: Game, agents, *, max_decisions: int = 1_000_000) -> dict:
    """Drive a game to its end; `agents` is one agent for everyone or a list, one per seat."""
    per_seat = agents if isinstance(agents, (list, tuple)) else [agents] * len(game.players)
    taken = 0
    while not game.over:
        decision = game.decision
        game.apply(per_seat[decision.player].choose(game, decision))
        taken += 1
        if taken > max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
    return game.result


def play_random(game: Game, rng: random.Random) -> dict:
    """The fastest random playout: raw legal values, no Choice objects."""
    while not game.over:
        options = game.decision.options
        if isinstance(options, range):
            game.apply_value(rng.randrange(options.start, options.stop))
        else:
            game.apply_value(options[rng.randrange(len(options))])
    return game.result
