"""An OpenSpiel Python game for any ruleset, so OpenSpiel's algorithms and tests run on it.

    import pyspiel
    from interpreter.rl import openspiel_game      # registers "cardrules"
    game = pyspiel.load_game("cardrules", {"ruleset": "my-game.yaml", "players": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

Parameters: `ruleset` (a path), `players`, `options` (a JSON object of option values) and
`seed`. The game's shuffles happen inside the engine, seeded per game, so the game is
sampled-stochastic: there are no chance nodes. Actions are `interpreter.rl.encoding`'s;
observations are a seat's view (a vector, and as a string its JSON); the return is each
seat's reward in [-1, 1] at the end.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache

import numpy as np
import pyspiel

from interpreter.engine.decisions import choice_id
from interpreter.engine.game import Game
from interpreter.rl.encoding import ActionEncoding, ObservationEncoding, terminal_rewards

MAX_GAME_LENGTH = 100_000
# OpenSpiel wants a default for every parameter; the ruleset has none worth guessing.
_DEFAULTS = {"ruleset": "", "players": 4, "options": "{}", "seed": 0}

_TYPE = pyspiel.GameType(
    short_name="cardrules",
    long_name="A card game defined by a ruleset",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


@lru_cache(maxsize=16)
def _load(path: str):
    from interpreter import load_ruleset
    return load_ruleset(path)


class Table:
    """What every state of one OpenSpiel game shares: the ruleset, table size and encodings.
    States are copied attribute by attribute; this part is never copied."""

    def __init__(self, params: dict):
        if not params["ruleset"]:
            raise ValueError("the cardrules OpenSpiel game needs a 'ruleset' parameter: a path or a shipped name")
        self.ruleset = _load(str(params["ruleset"]))
        self.players = int(params["players"])
        options = params["options"]
        self.options = json.loads(options) if isinstance(options, str) else dict(options)
        self.actions = ActionEncoding(self.ruleset, self.players)
        self.observations = ObservationEncoding(self.ruleset, self.players, self.options)

    def __deepcopy__(self, memo):
        return self


class CardRulesGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        self.table = Table(params)
        self._seeds = random.Random(int(params["seed"]))
        super().__init__(_TYPE, pyspiel.GameInfo(
            num_distinct_actions=self.table.actions.size, max_chance_outcomes=0, num_players=self.table.players,
            min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=MAX_GAME_LENGTH), params)

    def new_initial_state(self):
        return CardRulesState(self, self._seeds.getrandbits(63))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return CardRulesObserver(self.table)


class CardRulesState(pyspiel.State):
    def __init__(self, spiel_game: CardRulesGame, seed: int, game: Game | None = None):
        super().__init__(spiel_game)
        self.table = table = spiel_game.table
        self.seed = seed
        self.game = game if game is not None else Game(table.ruleset, table.players, seed=seed,
                                                       options=table.options)
        self._copying = False

    def __deepcopy__(self, memo):
        # the engine's game is cloned (a snapshot); OpenSpiel keeps the history of actions
        # beside it, which the copy takes by applying the same actions without playing them
        copy = CardRulesState(self.get_game(), self.seed, self.game.clone(record=False))
        copy._copying = True
        for action in self.history():
            copy.apply_action(action)
        copy._copying = False
        return copy

    def _legal(self) -> dict:
        return self.table.actions.legal(self.game)

    def current_player(self):
        if self.game.over:
            return pyspiel.PlayerId.TERMINAL
        return self.game.decision.player

    def _legal_actions(self, player):
        return sorted(self._legal()) if not self.game.over and player == self.game.decision.player else []

    def _apply_action(self, action):
        if not self._copying:
            self.game.apply_value(self._legal()[action])

    def _action_to_string(self, player, action):
        value = self._legal().get(action) if not self.game.over else None
        if value is None:
            return self.table.actions.describe(action)
        label, unique = self.game.describe(value), choice_id(value)
        return label if label == unique else f"{label} [{unique}]"    # two cards may share a label

    def is_terminal(self):
        return self.game.over

    def returns(self):
        return terminal_rewards(self.game) if self.game.over else [0.0] * self.table.players

    def __str__(self):
        return json.dumps(self.game.view(self.game.decision.player if self.game.decision else 0))


class CardRulesObserver:
    """A seat's view: `tensor` from the observation encoding, `string_from` its JSON."""

    def __init__(self, table: Table):
        self.encoding = table.observations
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = self.encoding.encode(state.game, player)

    def string_from(self, state, player):
        return json.dumps(state.game.view(player), sort_keys=True)


pyspiel.register_game(_TYPE, CardRulesGame)
