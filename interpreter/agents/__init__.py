"""Agents: whoever takes decisions, seeing only what their seat may see.

An agent has `choose(turn) -> Choice | id`, where a `Turn` holds the seat's view, its event
stream and the legal choices, never the game. `make_agent('ismcts:500', seed=1)` builds one
from a spec; `play(game, agents)` drives a game. The search player (information-set MCTS)
plays any ruleset through `Turn.sample`, which deals what the seat cannot see at random.
"""
from interpreter.agents.basic import FirstLegalAgent, RandomAgent, ScriptedAgent, play, play_random
from interpreter.agents.specs import AgentSpecError, make_agent, make_agents
from interpreter.agents.turn import Agent, IllegalChoice, Turn, ask, turn_of

__all__ = ["Agent", "AgentSpecError", "FirstLegalAgent", "IllegalChoice", "RandomAgent", "ScriptedAgent",
           "Turn", "ask", "make_agent", "make_agents", "play", "play_random", "turn_of"]
