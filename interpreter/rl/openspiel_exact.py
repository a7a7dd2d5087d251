"""The OpenSpiel game's explicit-chance mode: every random draw is a chance node.

    game = pyspiel.load_game("cardrules", {"ruleset": "my-game.yaml", "players": 2,
                                           "chance": "explicit", "returns": "scores", "zero_sum": True})
    solver = cfr.CFRSolver(game)

A state is the OpenSpiel history (chance outcomes and player actions) and the `Node` it leads
to: the engine game there, a `DrawnGame` (interpreter.rl.chance) at a player's decision or at
the end, or the outcomes of the draw that waits. Applying an outcome replays the game from the
start with one more draw (the flow cannot stop inside a statement); a player's action is applied
to a copy of the node's game. Outcome k of a draw is the k-th of the items drawn from, in their
order then, each of probability 1/n: `random(deck)` is one node over the cards of the deck, a
shuffle of n cards n - 1 nodes.

Exact algorithms walk the same tree again and again (CFR once per iteration), so the game keeps
every node it made by history (up to MAX_NODES) and never changes one: a state is a history and
a shared node, and a copy of a state costs no copy of a game.

A seat's information state is everything it has seen: its event stream (interpreter.engine.events),
which the engine builds from declared visibility. Two histories a seat cannot tell apart give the
same stream, so the strings partition histories as the seat's knowledge does.
"""
from __future__ import annotations

import json

import pyspiel

from interpreter.engine.decisions import choice_id
from interpreter.rl.chance import Draws, DrawnGame, NeedDraw
from interpreter.rl.encoding import terminal_rewards

RETURNS = ("rewards", "scores")
MAX_NODES = 20_000       # nodes kept per game (a small poker has some 10,000); others are made again when met


def exact_type(base: pyspiel.GameType, *, zero_sum: bool) -> pyspiel.GameType:
    """The sampled game's type with explicit chance and information state strings."""
    return pyspiel.GameType(
        short_name=base.short_name, long_name=base.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=base.max_num_players, min_num_players=base.min_num_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=base.parameter_specification)


def max_chance_outcomes(ruleset) -> int:
    """A bound on the outcomes of one draw: a shuffle or `random()` of cards has at most one
    per card; a draw among more values is refused when it happens (see ExactState)."""
    return max(len(ruleset.cards), 2)


class Node:
    """What one history leads to; never changed once made. `game` is None at a chance node,
    whose `outcomes` are the items drawn from."""
    __slots__ = ("game", "outcomes", "draws", "moves", "legal", "infos")

    def __init__(self, game: DrawnGame | None, outcomes: tuple | None, *, draws: tuple, moves: tuple):
        self.game, self.outcomes = game, outcomes
        self.draws = draws          # the chance outcomes so far
        self.moves = moves          # every action so far; None stands for a chance outcome
        self.legal: dict | None = None      # action -> the engine's value, made when first asked
        self.infos: dict = {}       # seat -> its information state string

    def __deepcopy__(self, memo):
        return self


class Tree:
    """The nodes of one explicit-chance game, by history (see the module's docstring)."""

    def __init__(self, table, *, bound: int):
        self.table, self.bound = table, bound
        self.nodes: dict[tuple, Node] = {}

    def __deepcopy__(self, memo):
        return self         # one tree per game, shared by its states

    def root(self) -> Node:
        node = self.nodes.get(())
        if node is None:
            node = self.nodes[()] = self._replay((), ())
        return node

    def child(self, key: tuple, node: Node, action: int) -> Node:
        """The node after `action` at `node` (whose history is `key`)."""
        child_key = key + (action,)
        child = self.nodes.get(child_key)
        if child is not None:
            return child
        if node.outcomes is not None:
            child = self._replay(node.draws + (action,), node.moves + (None,))
        else:
            moves = node.moves + (action,)
            game = node.game.clone()
            try:
                game.apply_value(self.table.actions.legal(game)[action])     # the copy's own cards
                child = Node(game, None, draws=node.draws, moves=moves)
            except NeedDraw as draw:
                child = self._waiting(draw, draws=node.draws, moves=moves)
        if len(self.nodes) < MAX_NODES:
            self.nodes[child_key] = child
        return child

    def legal(self, node: Node) -> dict:
        if node.legal is None:
            node.legal = self.table.actions.legal(node.game)
        return node.legal

    def _replay(self, draws: tuple, moves: tuple) -> Node:
        """Play the game again from the start with these draws and actions."""
        table = self.table
        try:
            game = DrawnGame(table.ruleset, table.players, draws=Draws(list(draws)), options=table.options)
            for action in moves:
                if action is not None:
                    game.apply_value(table.actions.legal(game)[action])
        except NeedDraw as draw:
            return self._waiting(draw, draws=draws, moves=moves)
        return Node(game, None, draws=draws, moves=moves)

    def _waiting(self, draw: NeedDraw, *, draws: tuple, moves: tuple) -> Node:
        if len(draw.options) > self.bound:
            raise ValueError(f"a draw among {len(draw.options)} outcomes: more than this game's "
                             f"{self.bound} chance outcomes (one per card)")
        return Node(None, tuple(draw.options), draws=draws, moves=moves)


class ExactState(pyspiel.State):
    """A state of the explicit-chance game: its history and the node it leads to."""

    def __init__(self, spiel_game):
        super().__init__(spiel_game)
        self.tree: Tree = spiel_game.tree
        self.scores = spiel_game.returns == "scores"
        self.zero_sum = spiel_game.zero_sum
        self.key: tuple = ()
        self.node: Node = self.tree.root()

    @property
    def game(self) -> DrawnGame | None:
        """The engine game here (None at a chance node); read it, never change it."""
        return self.node.game

    # -- pyspiel.State --------------------------------------------------------------------------------
    def current_player(self):
        node = self.node
        if node.outcomes is not None:
            return pyspiel.PlayerId.CHANCE
        if node.game.over:
            return pyspiel.PlayerId.TERMINAL
        return node.game.decision.player

    def is_chance_node(self):
        return self.node.outcomes is not None

    def chance_outcomes(self):
        n = len(self.node.outcomes)
        return [(k, 1.0 / n) for k in range(n)]

    def _legal_actions(self, player):
        node = self.node
        if node.outcomes is not None:
            return list(range(len(node.outcomes))) if player == pyspiel.PlayerId.CHANCE else []
        if node.game.over or player != node.game.decision.player:
            return []
        return sorted(self.tree.legal(node))

    def _apply_action(self, action):
        self.node = self.tree.child(self.key, self.node, action)
        self.key = self.key + (action,)

    def _action_to_string(self, player, action):
        node = self.node
        if player == pyspiel.PlayerId.CHANCE:
            if node.outcomes is not None and 0 <= action < len(node.outcomes):
                item = node.outcomes[action]
                return f"draw {getattr(item, 'label', item)}"
            return f"draw #{action}"
        value = self.tree.legal(node).get(action) if node.game is not None and not node.game.over else None
        if value is None:
            return self.tree.table.actions.describe(action)
        label, unique = node.game.describe(value), choice_id(value)
        return label if label == unique else f"{label} [{unique}]"

    def is_terminal(self):
        return self.node.outcomes is None and self.node.game.over

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.tree.table.players
        if not self.scores:
            return terminal_rewards(self.node.game)
        out = [float(s) for s in self.node.game.scores()]
        if self.zero_sum and sum(out) != 0:
            raise ValueError(f"the game was declared zero-sum but its scores {out} do not add up to 0")
        return out

    def __str__(self):
        node = self.node
        if node.game is None:
            return f"chance: a draw among {len(node.outcomes)} outcomes"
        return json.dumps(node.game.view_public(), sort_keys=True)


class InfoStateObserver:
    """A seat's information state as a string: its event stream (no tensor)."""

    def __init__(self):
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        raise ValueError("the explicit-chance game gives information states as strings only")

    def string_from(self, state, player):
        node = state.node
        if node.game is None:
            raise ValueError("a chance node has no information state")
        info = node.infos.get(player)
        if info is None:
            info = node.infos[player] = json.dumps(node.game.events_for(player), separators=(",", ":"))
        return info
