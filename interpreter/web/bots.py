"""The bots a seat can be given, behind one function: `make_bot(spec, seed=...)`.

A bot answers with a choice id for the decision in front of it. When the agents package offers
a factory (`make_agent`), its specs (e.g. 'random', 'ismcts:200') are used; otherwise the
seeded random agent is the only bot.
"""
from __future__ import annotations

from interpreter.engine.game import Game

try:   # the agents package's factory, where this version has one
    from interpreter.agents import make_agent as _make_agent  # type: ignore[attr-defined]
except ImportError:
    _make_agent = None


def bot_specs() -> list[str]:
    """The bot specs the lobby offers."""
    specs = ["random"]
    if _make_agent is not None:
        try:
            _make_agent("ismcts:100", seed=0)
            specs.append("ismcts:100")
        except Exception:   # the search player is not there (yet) in this version
            pass
    return specs


def valid_spec(spec: str) -> bool:
    if spec == "random":
        return True
    if _make_agent is None:
        return False
    try:
        _make_agent(spec, seed=0)
        return True
    except Exception:
        return False


class Bot:
    """Wraps an agent: `choose(game)` returns the id of its choice for the current decision."""

    def __init__(self, spec: str, *, seed: int):
        self.spec = spec
        if _make_agent is not None:
            self.agent = _make_agent(spec, seed=seed)
        else:
            from interpreter.agents.basic import RandomAgent
            self.agent = RandomAgent(seed)

    def choose(self, game: Game) -> str:
        decision = game.decision
        picked = self.agent.choose(game, decision)
        return picked if isinstance(picked, str) else picked.id


def make_bot(spec: str, *, seed: int) -> Bot:
    return Bot(spec, seed=seed)
