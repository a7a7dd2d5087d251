"""A Gymnasium single-agent environment for any ruleset: one seat learns, the other seats are
played by given agents (random players unless told otherwise).

    from interpreter.rl.gymnasium_env import CardGameSingleEnv
    env = CardGameSingleEnv(load_ruleset("my-game.yaml"), players=4, seat=0)
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)

Observations are the seat's view as a vector; the legal actions are `info["action_mask"]`
(and `env.action_masks()`, as maskable policies expect). The reward comes at the end of the
game, in [-1, 1]. An action outside the mask ends the episode with reward -1 and
`info["illegal_action"]` (or, with `illegal="raise"`, raises ValueError naming the legal ones).
"""
from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces

from interpreter.agents.basic import RandomAgent
from interpreter.agents.turn import ask
from interpreter.engine.game import Game
from interpreter.rl.encoding import ActionEncoding, ObservationEncoding, terminal_rewards


class CardGameSingleEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, ruleset, players: int | None = None, *, seat: int = 0, opponents=None,
                 options: dict | None = None, render_mode: str | None = None, illegal: str = "end"):
        self.ruleset = ruleset
        self.players = players if players is not None else ruleset.min_players
        self.seat = seat
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.actions = ActionEncoding(ruleset, self.players)
        self.observations = ObservationEncoding(ruleset, self.players, self.game_options)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.observations.size,), np.float32)
        self.action_space = spaces.Discrete(self.actions.size)
        self._opponents = opponents
        self.game: Game | None = None
        self._legal: dict = {}
        self._seeds = random.Random()

    def _others(self):
        if self._opponents is not None:
            return self._opponents
        return {s: RandomAgent(self._seeds.getrandbits(32)) for s in range(self.players) if s != self.seat}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(self.ruleset, self.players, seed=self._seeds.getrandbits(63), options=self.game_options)
        self.others = self._others()
        self._play_others()
        return self._observe(), self._info()

    def _play_others(self) -> None:
        game = self.game
        while not game.over and game.decision.player != self.seat:
            game.apply(ask(self.others[game.decision.player], game))
        self._legal = self.actions.positions(game) if not game.over else {}   # action -> position

    def _observe(self) -> np.ndarray:
        return self.observations.encode(self.game, self.seat)

    def _info(self) -> dict:
        info = {"action_mask": self.action_masks()}
        if self.game.over:
            info["result"] = self.game.result
        return info

    def action_masks(self) -> np.ndarray:
        return self.actions.mask(self._legal) if self._legal else np.zeros(self.actions.size, dtype=np.int8)

    def step(self, action):
        action = int(action)
        if action not in self._legal:
            if self.illegal == "raise" or self.game.over:
                raise ValueError(f"action {action} is not legal at seat {self.seat}: legal are {sorted(self._legal)}")
            self._legal = {}
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": action}
        self.game.apply_index(self._legal[action])
        self._play_others()
        over = self.game.over
        reward = terminal_rewards(self.game)[self.seat] if over else 0.0
        return self._observe(), reward, over, False, self._info()

    def render(self):
        if self.render_mode == "ansi" and self.game is not None:
            from interpreter.terminal.table import render_plain
            return render_plain(self.game.rules, self.game.view(self.seat), title=f"seat {self.seat}")
        return None
