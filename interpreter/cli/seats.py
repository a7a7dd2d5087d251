"""Who sits at each seat of a game played from the command line: one function builds them all,
so every way of filling a seat (people at this terminal, bots of any kind) is added here once."""
from __future__ import annotations


def seat_agents(players: int, *, seed: int, humans=(), terminal=None) -> dict:
    """seat -> agent. Seats in `humans` are asked at `terminal`; every other seat is a seeded
    random bot whose choices depend only on the game's seed and its seat."""
    from interpreter.agents.basic import RandomAgent
    agents: dict = {seat: RandomAgent(seed * 31 + seat) for seat in range(players)}
    for seat in humans:
        agents[seat] = terminal
    return agents
