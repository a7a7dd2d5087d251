"""Agents: whoever takes decisions, seeing only what their seat may see.

An agent has `choose(turn) -> Choice | id`, where a `Turn` holds the seat's view, its event
stream and the legal choices, never the game (nor anything that leads back to it).
`make_agent('ismcts:500', seed=1)` builds one from a spec; `play(game, agents)` drives a game.
The search player (information-set MCTS) plays any ruleset through `Turn.sample`, which deals
what the seat cannot see at random from a frozen copy of what the seat knows
(`knowledge.py`). A bot can also be a program in another process, talking JSON lines
(`command.py`, spec `cmd:python mybot.py`).
"""
from interpreter.agents.basic import FirstLegalAgent, RandomAgent, ScriptedAgent, play, play_random
from interpreter.agents.command import BotError, CommandAgent
from interpreter.agents.specs import AgentSpecError, make_agent, make_agents
from interpreter.agents.turn import USES, Agent, IllegalChoice, Turn, TurnError, ask, turn_of

__all__ = ["Agent", "AgentSpecError", "BotError", "CommandAgent", "FirstLegalAgent", "IllegalChoice", "RandomAgent",
           "ScriptedAgent", "Turn", "TurnError", "USES", "ask", "make_agent", "make_agents", "play", "play_random",
           "turn_of"]
