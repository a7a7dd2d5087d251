"""Copies of a running game, for search and what-if analysis.

The flow of a game is plain data (frames, see `frames.py`), so a copy is a snapshot: new
cards, zones, players and teams in the same places, the variables, the frames and the random
source copied, every game object the copied values name swapped for its copy. Nothing is
replayed: a copy costs about what a few decisions cost, whatever the length of the game.
The ruleset and everything compiled from it are shared; values of ruleset functions are
not (the copy works them out again when asked).
"""
from __future__ import annotations

import functools

from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame
from interpreter.engine.state import Card, Player, Team, Zone
from interpreter.errors import GameError

_PLAIN = frozenset([int, str, bool, float, type(None), frozenset, range])


def clone_game(game, *, record: bool):
    """A new Game in `game`'s state (same future under the same decisions and random source)."""
    if record and not game.record:
        raise GameError("a game that does not record its events cannot be cloned with record=True: "
                        "the events its copy should hold were never kept", code="clone")
    copy = object.__new__(type(game))
    for name in _game_slots(type(game)):
        setattr(copy, name, getattr(game, name))
    if game.__dict__:
        copy.__dict__.update(game.__dict__)
    players = copy.players = [Player(p.seat, p.name) for p in game.players]
    teams = copy.teams = [Team(t.index, t.name) for t in game.teams]
    for old, new in zip(game.players, players):
        new.team = teams[old.team.index] if old.team is not None else None
    for old, new in zip(game.teams, teams):
        new.members = [players[p.seat] for p in old.members]
    zones: dict[str, Zone] = {}          # by key, for the porter
    pairs: list = []                     # (zone of `game`, its copy)
    copy.zones = _zones(game.zones, None, zones, pairs)
    for old, new in zip(game.players, players):
        new.zones = _zones(old.zones, new, zones, pairs)
    for old, new in zip(game.teams, teams):
        new.zones = _zones(old.zones, new, zones, pairs)
    cards = copy.all_cards = _cards(game.all_cards, pairs, players)
    port = _Porter(cards, players, teams, zones).port
    if game.rules.vars.get("card"):
        for old, new in zip(game.all_cards, cards):
            new.vars = {k: port(v) for k, v in old.vars.items()}
    for old, new in zip(game.players, players):
        new.vars = {k: port(v) for k, v in old.vars.items()}
    for old, new in zip(game.teams, teams):
        new.vars = {k: port(v) for k, v in old.vars.items()}
    copy.vars = {k: port(v) for k, v in game.vars.items()}
    copy._cards_by_id = None          # made again when first asked for
    copy.cards_in_play = cards if game.cards_in_play is game.all_cards else [cards[c.index] for c in game.cards_in_play]
    copy.removed_cards = [cards[c.index] for c in game.removed_cards]
    copy.winners = None if game.winners is None else [players[p.seat] for p in game.winners]
    share_random(game, copy)
    copy._stack = [Frame(f.code, port(f.env), f.pc, port(f.data)) for f in game._stack]
    copy.decision = None
    if game.decision is not None:
        decision = game.decision
        copy.decision = decision.copy_for(copy, players[decision.player], port(decision._values))
    copy.record = copy.say = record
    copy._log = _copy_log(game._log, port) if record else EventLog(0)
    copy._private = list(game._private) if record else []
    copy._stacked = [list(order) for order in game._stacked]
    copy._ability_flags = {key: set(flags) for key, flags in game._ability_flags.items()}
    copy.listing_peaks = dict(game.listing_peaks)
    copy.memo, copy.vmemo, copy.static = {}, {}, {}
    copy._firing = []
    copy._sent = None
    return copy


def restore_game(game, snapshot) -> None:
    """Put `game` in the state of a copy of `snapshot` (which stays as it is)."""
    copy = clone_game(snapshot, record=snapshot.record)
    for name in _game_slots(type(game)):
        setattr(game, name, getattr(copy, name))
    game.__dict__.clear()
    game.__dict__.update(copy.__dict__)
    if game.decision is not None:
        game.decision._game = game


@functools.cache
def _game_slots(cls) -> tuple[str, ...]:
    return tuple(name for name in cls.__slots__ if name != "__dict__")


def share_random(game, copy) -> None:
    """Give `copy` the random source of `game`, shared until one of them draws from it.

    Copying a random source's state is a good part of a clone's cost, and most copies never
    draw (a playout that ends before the next shuffle, a sample that draws a source of its
    own). So the games that share a source count themselves, and one that is about to draw
    while others still share it takes a copy of its own first (`Game.rng`)."""
    shared = game._rng_shared
    if shared is None:
        shared = game._rng_shared = [1]
    shared[0] += 1
    copy._rng, copy._rng_shared = game._rng, shared


def _cards(old_cards: list, pairs: list, players: list) -> list:
    """Copies of the cards, each put in the copy of its zone (`pairs`: zone, its copy)."""
    new_card = Card.__new__
    cards: list = [None] * len(old_cards)
    for old_zone, zone in pairs + [(None, None)]:
        olds = old_zone.cards if old_zone is not None else [c for c in old_cards if c.zone is None]
        held = []
        for old in olds:       # (one loop, not a function per card: this is most of a clone's work)
            new = new_card(Card)
            new.id, new.label, new.attrs, new.index, new.vars = old.id, old.label, old.attrs, old.index, old.vars
            holder = old.last_holder
            new.zone, new.last_holder = zone, (players[holder.seat] if holder is not None else None)
            new.face_up, new.seen_by = old.face_up, old.seen_by
            cards[old.index] = new
            held.append(new)
        if zone is not None:
            zone.cards = held
    return cards


def _zones(old_zones: dict, owner, by_key: dict, pairs: list) -> dict:
    """Copies of one owner's zones, without their cards yet."""
    new_zone = Zone.__new__
    holder = owner if isinstance(owner, Player) else None
    out = {}
    for name, old in old_zones.items():
        new = new_zone(Zone)
        new.name, new.key, new.visibility, new.owner, new.holder = name, old.key, old.visibility, owner, holder
        out[name] = by_key[old.key] = new
        pairs.append((old, new))
    return out


class _Porter:
    """Swaps the game objects in a value (lists, tuples, dicts, nested) for their copies,
    keeping shared containers shared."""

    def __init__(self, cards, players, teams, zones):
        self.cards, self.players, self.teams, self.zones = cards, players, teams, zones
        self.memo: dict[int, object] = {}

    def port(self, value):
        kind = type(value)
        if kind in _PLAIN:
            return value
        if kind is Card:
            return self.cards[value.index]
        if kind is Player:
            return self.players[value.seat]
        if kind is Team:
            return self.teams[value.index]
        if kind is Zone:
            return self.zones[value.key]
        if kind in (list, dict, tuple):
            done = self.memo.get(id(value))
            if done is not None:
                return done
            if kind is list:
                new = self.memo[id(value)] = []
                port, cards = self.port, self.cards
                new[:] = [cards[v.index] if type(v) is Card else port(v) for v in value]
            elif kind is dict:
                new = self.memo[id(value)] = {}
                port = self.port
                for k, v in value.items():     # keys are names, save in a ruleset's own dicts
                    new[k if type(k) is str else port(k)] = port(v)
            else:
                new = self.memo[id(value)] = tuple(self.port(v) for v in value)
            return new
        return value      # a value that names no game object (a marker of the flow's own)


def _copy_log(log: EventLog, port) -> EventLog:
    """The event log of a copy: events are never changed once written, so they are shared."""
    new = EventLog(len(log.streams))
    new.events = list(log.events)
    new.streams = [list(stream) for stream in log.streams]
    new._card_decisions = {port(card): pending for card, pending in log._card_decisions.items()}
    return new
