"""Who sits at each seat of a game played from the command line: one function builds them all,
so every way of filling a seat (people at this terminal, bots of any kind) is added here once."""
from __future__ import annotations


def seat_agents(players: int, *, seed: int, humans=(), screen=None, bots: str | None = None) -> dict:
    """seat -> agent. Seats in `humans` are people at this terminal (sharing one `screen`); every
    other seat is a bot seeded from the game's seed and its seat: a random player, or what `bots`
    names (one agent spec for every bot, or a comma-separated spec per seat, e.g. `ismcts:500` or
    `ismcts:200,random,random,random`). A bad spec is an AgentSpecError (one line)."""
    from interpreter.agents.basic import RandomAgent
    from interpreter.agents.specs import make_agents
    if bots is None:
        agents: dict = {seat: RandomAgent(seed * 31 + seat) for seat in range(players)}
    else:
        agents = dict(enumerate(make_agents(bots, players=players, seed=seed, commands=True)))
    if humans:
        from interpreter.terminal.human import HumanAgent
        person = HumanAgent(screen=screen, you=len(humans) == 1)
        for seat in humans:
            agents[seat] = person
    return agents
