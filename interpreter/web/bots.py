"""The bots a seat can be given, by the agents' specs: `make_bot('random', seed=...)`.

A bot is an agent of `interpreter.agents` (it sees only its seat's view, events and legal
choices) and answers with the id of its choice. Which specs the lobby offers is decided here.
"""
from __future__ import annotations

from interpreter.agents import AgentSpecError, ask, make_agent
from interpreter.engine.game import Game

OFFERED = ("random", "first", "ismcts:200:hand")   # a search player that answers in a fraction of a second
QUICK = ("random", "first")    # bots that answer at once; others think off the server's event loop


def bot_specs() -> list[str]:
    """The bot specs the lobby offers: those this version can build."""
    return [spec for spec in OFFERED if valid_spec(spec)]


def valid_spec(spec: str) -> bool:
    try:
        make_agent(spec, seed=0)
    except AgentSpecError:
        return False
    return True


class Bot:
    """Wraps an agent: `choose(game)` returns the id of its choice for the current decision."""

    def __init__(self, spec: str, *, seed: int):
        self.spec = spec
        self.agent = make_agent(spec, seed=seed)
        self.quick = spec.strip().lower() in QUICK

    def choose(self, game: Game) -> str:
        return ask(self.agent, game).id


def make_bot(spec: str, *, seed: int) -> Bot:
    return Bot(spec, seed=seed)
