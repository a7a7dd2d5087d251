"""Who plays the simulated games: agents built from specs such as `random`, `ismcts:200` or
`ismcts:200,random,random` (one spec for every seat, or one per seat, comma-separated).

`random` is the simulation's own random player: it picks raw legal values, the fastest path
through a game, and needs no view. Every other spec is built by `interpreter.agents.make_agent`
and plays through a `Turn` that holds only what its seat may see.
"""
from __future__ import annotations

import random

from interpreter.agents import ask, make_agent
from interpreter.engine.game import Choice


class RandomPicker:
    """Uniform among the legal options, as raw values (no Choice objects are built)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def pick(self, decision):
        options = decision.options
        return options[self.rng.randrange(len(options))]


def build_agent(spec: str, *, seed: int):
    """One agent from its spec, seeded: the single place where specs become agents."""
    if spec.strip().lower() == "random":
        return RandomPicker(seed)
    return make_agent(spec, seed=seed, commands=True)     # specs come from the command line or a plan


def needs_events(specs: list[str]) -> bool:
    """Whether some seat's agent reads the event stream (then the game must record it)."""
    return any(spec.strip().lower() != "random" for spec in specs)


def parse_lineup(spec: str, players: int) -> list[str]:
    """The spec of each seat; ValueError with a plain message when the lineup cannot be built."""
    specs = [s.strip() for s in spec.split(",")]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players or not all(specs):
        raise ValueError(f"--agents '{spec}' names {len(specs)} agents for {players} seats: give one "
                         "spec for everyone or one per seat, separated by commas")
    for s in set(specs):
        build_agent(s, seed=0)       # AgentSpecError now, before any game runs, for a bad spec
    return specs


def hand_playouts(specs: list[str]) -> list[str]:
    """Search players whose playouts stop where the current hand ends (`ismcts:200` becomes
    `ismcts:200:hand`): the affordable default for many games. A ruleset without hands loses
    nothing, its playouts still run to the end (see interpreter.agents.hands)."""
    out = []
    for spec in specs:
        name, _, arg = spec.strip().partition(":")
        if name.strip().lower() == "ismcts" and not spec.strip().lower().endswith(":hand"):
            spec = f"{spec.strip()}:hand" if arg else "ismcts:hand"
        out.append(spec)
    return out


def only_random(specs) -> bool:
    """Whether every seat is a player that chooses without looking (random or first legal)."""
    return all(spec.strip().lower() in ("random", "first") for spec in specs)


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: fixed by the game's seed, so a game can be played again."""
    return (game_seed * 2_654_435_761 + 97 * (seat + 1)) % (2 ** 63)


def make_lineup(specs: list[str], *, game_seed: int) -> list:
    return [build_agent(spec, seed=agent_seed(game_seed, seat)) for seat, spec in enumerate(specs)]


def answer(game, agent):
    """The agent's answer to the game's current decision: a raw legal value from the random
    player, a legal Choice from any other agent (checked by `ask`)."""
    if isinstance(agent, RandomPicker):
        return agent.pick(game.decision)
    return ask(agent, game)


def apply_answer(game, reply) -> None:
    if isinstance(reply, Choice):
        game.apply(reply)
    else:
        game.apply_value(reply)


def take_decision(game, agent) -> None:
    """Let `agent` take the game's current decision through the decision API."""
    apply_answer(game, answer(game, agent))
