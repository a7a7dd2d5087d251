"""A PettingZoo AEC environment for any ruleset.

    from interpreter.rl.pettingzoo_env import CardGameEnv
    env = CardGameEnv(load_ruleset("my-game.yaml"), players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are `player_0` ... `player_{n-1}` (seats). Each observation is a dict of the seat's view
as a vector (`observation`) and the legal actions (`action_mask`); see `interpreter.rl.encoding`.
Rewards come at the end, in [-1, 1].
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from interpreter.engine.game import Game
from interpreter.rl.encoding import ActionEncoding, ObservationEncoding, terminal_rewards


class CardGameEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "cardrules_v0", "is_parallelizable": False}

    def __init__(self, ruleset, players: int | None = None, *, options: dict | None = None,
                 render_mode: str | None = None, max_decisions: int = 100_000):
        super().__init__()
        self.ruleset = ruleset
        self.num_players = players if players is not None else ruleset.min_players
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.actions = ActionEncoding(ruleset, self.num_players)
        self.observations = ObservationEncoding(ruleset, self.num_players, self.game_options)
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.observations.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
        })
        self._observation_spaces = {a: space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game | None = None
        self._legal: dict = {}

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(self.ruleset, self.num_players, seed=self._seeds.getrandbits(63),
                         options=self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        game = self.game
        if game.over:
            self._legal = {}
            for agent, reward in zip(self.possible_agents, terminal_rewards(game)):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self.infos = {a: {"result": game.result} for a in self.agents}
            return
        if game.decisions_taken >= self.max_decisions:
            self._legal = {}
            self.truncations = {a: True for a in self.agents}
            return
        self._legal = self.actions.positions(game)    # action -> the position of its option
        self.agent_selection = self.possible_agents[game.decision.player]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = (self.actions.mask(self._legal) if self.game.decision is not None and self.game.decision.player == seat
                and self._legal else np.zeros(self.actions.size, dtype=np.int8))
        return {"observation": self.observations.encode(self.game, seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action not in self._legal:
            legal = sorted(self._legal)
            raise ValueError(f"action {action} is not legal for {agent}: legal are {legal}")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_index(self._legal[int(action)])
        for a in self.agents:
            self.rewards[a] = 0.0
        self._after_move()
        if self.game.over or any(self.truncations.values()):
            # everyone steps once more (with None) to leave; the last mover goes first
            self.agent_selection = agent
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi" and self.game is not None:
            from interpreter.terminal.table import render_plain
            seat = self.game.decision.player if self.game.decision else 0
            return render_plain(self.game.rules, self.game.view(seat), title=f"seat {seat}")
        return None

    def close(self):
        pass


def env(ruleset, players: int | None = None, **kwargs) -> CardGameEnv:
    return CardGameEnv(ruleset, players, **kwargs)
