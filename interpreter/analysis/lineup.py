"""Who plays the simulated games: agents built from specs such as `random` or `random,first,random`.

A lineup is one spec for every seat, or one spec per seat separated by commas. `random` and
`first` are built here (random picks raw legal values, the fastest path through a game); any
other spec goes to `interpreter.agents.make_agent` when that factory is available.
"""
from __future__ import annotations

import random

from interpreter.agents.basic import FirstLegalAgent

LOCAL_SPECS = ("random", "first")


class RandomPicker:
    """Uniform among the legal options, as raw values (no Choice objects are built)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def pick(self, decision):
        options = decision.options
        return options[self.rng.randrange(len(options))]


def _factory():
    """The agent factory of `interpreter.agents`, or None while it does not exist."""
    try:
        from interpreter.agents import make_agent
    except ImportError:
        return None
    return make_agent


def build_agent(spec: str, *, seed: int):
    """One agent from its spec, seeded: the single place where specs become agents."""
    if spec == "random":
        return RandomPicker(seed)
    if spec == "first":
        return FirstLegalAgent()
    factory = _factory()
    if factory is None:
        raise ValueError(f"unknown agent '{spec}': the agents here are {', '.join(LOCAL_SPECS)}")
    return factory(spec, seed=seed)


def parse_lineup(spec: str, players: int) -> list[str]:
    """The spec of each seat; ValueError with a plain message when the lineup cannot be built."""
    specs = [s.strip() for s in spec.split(",")]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players or not all(specs):
        raise ValueError(f"--agents '{spec}' names {len(specs)} agents for {players} seats: give one "
                         "spec for everyone or one per seat, separated by commas")
    for s in set(specs):
        build_agent(s, seed=0)       # fails now, before any game runs, on a spec that cannot be built
    return specs


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: fixed by the game's seed, so a game can be played again."""
    return (game_seed * 2_654_435_761 + 97 * (seat + 1)) % (2 ** 63)


def make_lineup(specs: list[str], *, game_seed: int) -> list:
    return [build_agent(spec, seed=agent_seed(game_seed, seat)) for seat, spec in enumerate(specs)]


def take_decision(game, agent) -> None:
    """Let `agent` take the game's current decision through the decision API."""
    decision = game.decision
    if isinstance(agent, RandomPicker):
        game.apply_value(agent.pick(decision))
    else:
        game.apply(agent.choose(game, decision))
