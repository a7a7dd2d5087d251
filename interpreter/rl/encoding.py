"""Integer actions and array observations for one ruleset at one table size.

Actions are one fixed range of integers, in blocks derived from the ruleset:

    cards     one per card of the deck, in deck order          (a card decision)
    actions   one per action name the ruleset declares, sorted (an action decision)
    players   one per seat                                      (a player decision)
    numbers   NUMBER_BINS evenly spread legal values: bin i is the i-th of them, or the i-th
              legal value itself when there are at most NUMBER_BINS
    listed    an index into the current list of legal choices, for everything else (values,
              sets of cards, teams): at most LISTED of them can be chosen

A decision's mask marks the legal integers. Observations are one float32 vector per seat: the
seat (one-hot), the kind of decision it faces (one-hot), for every zone the cards it can see
there (one per card of the deck) and how many it cannot, then every numeric variable (numbers,
true/false; a player as its seat + 1, none as 0).
"""
from __future__ import annotations

import numpy as np
import yaml

from interpreter.engine.claims import PASS
from interpreter.engine.game import Game
from interpreter.engine.state import Card, Player
from interpreter.kinds import DECISION_KINDS

NUMBER_BINS = 11
LISTED = 64
KINDS = DECISION_KINDS     # a decision's kind, one-hot


def declared_actions(ruleset) -> list[str]:
    """Every action name a `choose: action` or `claim: action` step of the ruleset (or a file it
    uses) declares, and `pass` when a claim offers it."""
    names: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            if "action" in (node.get("choose"), node.get("claim")) and isinstance(node.get("actions"), dict):
                names.update(str(k) for k in node["actions"])
            if "claim" in node and "players" in node:
                names.add(PASS)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    for path in ruleset.sources:
        with open(path, encoding="utf-8") as handle:
            walk(yaml.safe_load(handle))
    return sorted(names)


class ActionEncoding:
    """The integer action space of a ruleset at a table of `players`."""

    def __init__(self, ruleset, players: int):
        self.card_ids = [spec.id for spec in ruleset.cards]
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids)}
        self.action_names = declared_actions(ruleset)
        self.action_index = {name: i for i, name in enumerate(self.action_names)}
        self.players = players
        self.cards_at = 0
        self.actions_at = len(self.card_ids)
        self.players_at = self.actions_at + len(self.action_names)
        self.numbers_at = self.players_at + players
        self.listed_at = self.numbers_at + NUMBER_BINS
        self.size = self.listed_at + LISTED

    def legal(self, game: Game) -> dict[int, object]:
        """The current decision's legal actions: integer -> the raw value to apply."""
        values = game.legal_values()
        return {action: values[at] for action, at in self.positions(game).items()}

    def positions(self, game: Game) -> dict[int, int]:
        """The current decision's legal actions: integer -> the position of its option, to be
        taken by `game.apply_index` (the playout path: nothing matched against the options)."""
        decision = game.decision
        if decision is None:
            return {}
        options, kind = decision.options, decision.kind
        out: dict[int, int] = {}
        if kind == "number":
            n = len(options)
            picks = range(n) if n <= NUMBER_BINS else (round(i * (n - 1) / (NUMBER_BINS - 1)) for i in range(NUMBER_BINS))
            for i, at in enumerate(picks):
                out[self.numbers_at + i] = at
            return out
        for position, value in enumerate(options):
            action = self._fixed(kind, value)
            if action is None:
                if position >= LISTED:
                    continue
                action = self.listed_at + position
            out.setdefault(action, position)
        return out

    def _fixed(self, kind, value) -> int | None:
        if isinstance(value, Card):
            return self.cards_at + self.card_index[value.id]
        if isinstance(value, Player):
            return self.players_at + value.seat
        if kind == "action" and value in self.action_index:
            return self.actions_at + self.action_index[value]
        return None

    def mask(self, legal: dict) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.int8)
        out[list(legal)] = 1
        return out

    def describe(self, action: int) -> str:
        """What an integer stands for, for people reading a policy."""
        if action < self.actions_at:
            return f"card {self.card_ids[action]}"
        if action < self.players_at:
            return f"action {self.action_names[action - self.actions_at]}"
        if action < self.numbers_at:
            return f"player p{action - self.players_at}"
        if action < self.listed_at:
            return f"number bin {action - self.numbers_at} of {NUMBER_BINS}"
        return f"legal choice #{action - self.listed_at}"


class ObservationEncoding:
    """A seat's view as a float32 vector; the layout comes from the ruleset and table size."""

    def __init__(self, ruleset, players: int, options: dict | None = None):
        probe = Game(ruleset, players, seed=0, options=options, record=False)
        view = probe.view(0)
        self.players = players
        self.card_index = {spec.id: i for i, spec in enumerate(ruleset.cards)}
        self.zones = [("game", None, name) for name in view["zones"]]
        self.zones += [("player", p["seat"], name) for p in view["players"] for name in p["zones"]]
        self.zones += [("team", t["index"], name) for t in view["teams"] for name in t["zones"]]
        self.game_vars = [k for k, v in view["vars"].items() if _numeric(v, players) is not None]
        self.player_vars = [k for k, v in view["players"][0]["vars"].items() if _numeric(v, players) is not None]
        self.team_vars = ([k for k, v in view["teams"][0]["vars"].items() if _numeric(v, players) is not None]
                          if view["teams"] else [])
        self.teams = len(view["teams"])
        cards = len(self.card_index)
        self.size = (players + len(KINDS) + len(self.zones) * (cards + 1) + len(self.game_vars)
                     + players * len(self.player_vars) + self.teams * len(self.team_vars))

    def encode(self, game: Game, seat: int) -> np.ndarray:
        view = game.view(seat)
        out = np.zeros(self.size, dtype=np.float32)
        out[seat] = 1.0
        at = self.players
        if game.decision is not None and game.decision.player == seat:
            out[at + KINDS.index(game.decision.kind)] = 1.0
        at += len(KINDS)
        cards = len(self.card_index)
        for owner, index, name in self.zones:
            if owner == "game":
                ids = view["zones"][name]
            elif owner == "player":
                ids = view["players"][index]["zones"][name]
            else:
                ids = view["teams"][index]["zones"][name]
            hidden = 0
            for cid in ids:
                if cid is None:
                    hidden += 1
                else:
                    out[at + self.card_index[cid]] = 1.0
            out[at + cards] = hidden
            at += cards + 1
        for name in self.game_vars:
            out[at] = _numeric(view["vars"].get(name), self.players) or 0.0
            at += 1
        for p in view["players"]:
            for name in self.player_vars:
                out[at] = _numeric(p["vars"].get(name), self.players) or 0.0
                at += 1
        for t in view["teams"][: self.teams]:
            for name in self.team_vars:
                out[at] = _numeric(t["vars"].get(name), self.players) or 0.0
                at += 1
        return out


def _numeric(value, players: int) -> float | None:
    """A variable's value as a number, or None for values that are not numbers."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if value is None:
        return 0.0
    if isinstance(value, str) and value[:1] == "p" and value[1:].isdigit() and int(value[1:]) < players:
        return float(int(value[1:]) + 1)
    return None


def terminal_rewards(game: Game) -> list[float]:
    """Every seat's reward at the end, in [-1, 1] (see `interpreter.agents.ismcts.rewards`)."""
    from interpreter.agents.ismcts import rewards
    return [2.0 * r - 1.0 for r in rewards(game)]


