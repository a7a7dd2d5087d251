"""Agents that need nothing from a ruleset: random (seeded), first-legal and scripted.

Each gets a `Turn` (its seat's view, events and legal choices) and answers with a choice or a
choice id; `play` drives a game with one agent per seat.
"""
from __future__ import annotations

import random
from typing import Iterable

from interpreter.agents.turn import Turn, ask


class RandomAgent:
    """Picks uniformly among the legal choices; for a number, favours the ends and a few points
    between them so that simulations exercise minimum, maximum and in-between amounts."""
    name = "random"
    uses = frozenset()      # reads nothing but the choices: its turns copy nothing

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, turn: Turn):
        numbers = turn.numbers
        if numbers is not None:
            if len(numbers) > 3:
                pick = self.rng.random()
                if pick < 0.3:
                    return str(numbers[0])
                if pick < 0.45:
                    return str(numbers[-1])
            return str(numbers[self.rng.randrange(len(numbers))])
        return turn.choices[self.rng.randrange(len(turn))]


class FirstLegalAgent:
    """Always takes the first legal choice: a deterministic bot for smoke tests."""
    name = "first"
    uses = frozenset()

    def choose(self, turn: Turn):
        if turn.numbers is not None:
            return str(turn.numbers[0])
        return turn.choices[0]


class ScriptedAgent:
    """Takes choices from a list of ids, in order; for tests that replay a known game."""
    name = "scripted"
    uses = frozenset()

    def __init__(self, choices: Iterable[str]):
        self.choices = list(choices)
        self.position = 0

    def choose(self, turn: Turn):
        if self.position >= len(self.choices):
            raise IndexError(f"the script ran out of choices at {turn!r}")
        choice = self.choices[self.position]
        self.position += 1
        return choice


def play(game, agents, *, max_decisions: int = 1_000_000) -> dict:
    """Drive a game to its end; `agents` is one agent for everyone or a list, one per seat."""
    per_seat = agents if isinstance(agents, (list, tuple)) else [agents] * len(game.players)
    taken = 0
    while not game.over:
        game.apply(ask(per_seat[game.decision.player], game))
        taken += 1
        if taken > max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
    return game.result


def play_random(game, rng: random.Random) -> dict:
    """The fastest random playout: options taken by position, nothing copied or matched. For
    simulations, where every seat is the same random player and nobody's fairness is at stake."""
    # `randrange(n)` is `_randbelow(n)` after checks that a count of options always passes:
    # the same draws, one call fewer per decision
    game.play_out(rng._randbelow if type(rng) is random.Random else rng.randrange)
    return game.result
