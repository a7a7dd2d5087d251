"""An OpenSpiel Python game for any ruleset, so OpenSpiel's algorithms and tests run on it.

    import pyspiel
    from interpreter.rl import openspiel_game      # registers "cardrules"
    game = pyspiel.load_game("cardrules", {"ruleset": "my-game.yaml", "players": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

Parameters: `ruleset` (a path or a shipped name), `players`, `options` (a JSON object of
option values) and `seed`. By default (`chance: sampled`) the game's shuffles happen inside the
engine, seeded per game, so the game is sampled-stochastic: there are no chance nodes. With
`chance: explicit` every random draw is a chance node with its outcomes and probabilities, and
states give information state strings, so CFR, expectimax and exploitability run on the ruleset
(see `interpreter.rl.openspiel_exact`). Actions are `interpreter.rl.encoding`'s; observations
are a seat's view (a vector, and as a string its JSON). The return is each seat's reward in
[-1, 1] at the end, or with `returns: scores` the scores the ruleset's `result` gives (chips
won, say); `zero_sum: true` declares that they add up to 0 (checked at every end), which
exploitability needs.
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
from interpreter.rl.openspiel_exact import (RETURNS, ExactState, InfoStateObserver, Tree, exact_type,
                                           max_chance_outcomes)

MAX_GAME_LENGTH = 100_000
# OpenSpiel wants a default for every parameter; the ruleset has none worth guessing.
_DEFAULTS = {"ruleset": "", "players": 4, "options": "{}", "seed": 0, "chance": "sampled",
             "returns": "rewards", "zero_sum": False}
CHANCE = ("sampled", "explicit")

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
        self.chance, self.returns = str(params["chance"]), str(params["returns"])
        if self.chance not in CHANCE or self.returns not in RETURNS:
            raise ValueError(f"chance must be one of {', '.join(CHANCE)} and returns one of {', '.join(RETURNS)}; "
                             f"got chance={self.chance!r}, returns={self.returns!r}")
        self.zero_sum = bool(params["zero_sum"])
        self.table = Table(params)
        self._seeds = random.Random(int(params["seed"]))
        explicit = self.chance == "explicit"
        self.tree = Tree(self.table, bound=max_chance_outcomes(self.table.ruleset)) if explicit else None
        # scores are the ruleset's own numbers: no bound is known, so a wide one is given
        low, high = (-1.0, 1.0) if self.returns == "rewards" else (-1e9, 1e9)
        super().__init__(exact_type(_TYPE, zero_sum=self.zero_sum) if explicit else _TYPE, pyspiel.GameInfo(
            num_distinct_actions=self.table.actions.size,
            max_chance_outcomes=max_chance_outcomes(self.table.ruleset) if explicit else 0,
            num_players=self.table.players, min_utility=low, max_utility=high,
            utility_sum=0.0 if self.zero_sum else None, max_game_length=MAX_GAME_LENGTH), params)

    def new_initial_state(self):
        if self.chance == "explicit":
            return ExactState(self)
        return CardRulesState(self, self._seeds.getrandbits(63))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if self.chance == "explicit" and iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
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
            self.game.apply_index(self.table.actions.positions(self.game)[action])

    def _action_to_string(self, player, action):
        value = self._legal().get(action) if not self.game.over else None
        if value is None:
            return self.table.actions.describe(action)
        label, unique = self.game.describe(value), choice_id(value)
        return label if label == unique else f"{label} [{unique}]"    # two cards may share a label

    def is_terminal(self):
        return self.game.over

    def returns(self):
        if not self.game.over:
            return [0.0] * self.table.players
        if self.get_game().returns == "scores":
            return [float(s) for s in self.game.scores()]
        return terminal_rewards(self.game)

    def __str__(self):
        return json.dumps(self.game.view(self.game.decision.player if self.game.decision else 0))


class CardRulesObserver:
    """A seat's view: `tensor` from the observation encoding, `string_from` its JSON."""

    def __init__(self, table: Table):
        self.encoding = table.observations
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if state.game is None:       # a chance node of the explicit game: nothing seen yet
            self.tensor[:] = 0.0
            return
        self.tensor[:] = self.encoding.encode(state.game, player)

    def string_from(self, state, player):
        return json.dumps(state.game.view(player), sort_keys=True)


pyspiel.register_game(_TYPE, CardRulesGame)
