"""Copies of a running game, for search and what-if analysis.

The flow of a game is plain data (frames, see `frames.py`), so a copy is a snapshot: new
zones, players and teams in the same places, the variables, the frames and the random source
copied, every player, team or zone the copied values name swapped for its copy. Cards are
shared by every game of a ruleset and hold nothing a game changes (see state.py): a copy
names the same cards and copies the flat sequences that say where each lies, who last held
it, whether it is turned up and who peeked at it, and its variables; no card is ever swapped.
Nothing is replayed: a copy costs what a few decisions cost, whatever the length of the
game. The ruleset and everything compiled from it are shared, and so are the values of the
game's fixed functions (`static`, their game objects swapped); the other remembered values
are not (the copy works them out again when asked).

A search copies thousands of times per decision, so the copy is written out for speed: the
game's fields one by one (`_copy_fields`; a test checks that every slot is covered), each
object made without a call of its class, and plain values (numbers, names, cards) never looked
at twice: a list, a dict (a frame's bindings, an owner's variables) or a tuple holding nothing
else is told so by one pass in C (`frozenset.issuperset` over the types of its items) and
copied whole, a tuple kept as it is.
A determinization (agents/determinize.py) deals the hidden cards by permuting their places in
these sequences and renaming the cards its values name, in place.
"""
from __future__ import annotations

from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame
from interpreter.engine.state import NO_VARS, NOBODY, Card, Player, Team, Zone
from interpreter.errors import GameError

# values a copy keeps as they are: never changed, and naming no player, team or zone of a game
_PLAIN = frozenset([int, str, bool, float, type(None), frozenset, range, Card])
_new = object.__new__


def clone_game(game, *, record: bool):
    """A new Game in `game`'s state (same future under the same decisions and random source)."""
    if record and not game.record:
        raise GameError("a game that does not record its events cannot be cloned with record=True: "
                        "the events its copy should hold were never kept", code="clone")
    copy = _new(type(game))
    copy_into(copy, game, record=record)
    return copy


def restore_game(game, snapshot) -> None:
    """Put `game` in the state of a copy of `snapshot` (which stays as it is)."""
    if snapshot is game:
        return
    game.__dict__.clear()
    copy_into(game, snapshot, record=snapshot.record)


def copy_into(copy, game, *, record: bool) -> None:
    """Make `copy` (a new game, or one being restored) a snapshot of `game`."""
    _copy_fields(copy, game)
    if game.__dict__:
        copy.__dict__.update(game.__dict__)
    players, teams, table = _copy_tables(copy, game)
    memo: dict = {}
    port = _porter(players, teams, table, memo)
    _copy_vars(copy, game, port)
    copy.card_zone = game.card_zone[:]
    copy.card_holder = game.card_holder[:]
    turned, seen = game.card_turned, game.card_seen
    copy.card_turned = set(turned) if turned else NOBODY
    copy.card_seen = dict(seen) if seen else NO_VARS
    copy.winners = None if game.winners is None else [players[p.seat] for p in game.winners]
    share_random(game, copy)
    stack = []
    plain, new = _PLAIN, _new
    for f in game._stack:
        frame = new(Frame)
        frame.code, frame.pc = f.code, f.pc
        # (a frame's bindings and data holding only plain values, the usual case, copied in
        # line; still remembered, so a container named twice stays one container in the copy)
        env, data = f.env, f.data
        if type(env) is dict and plain.issuperset(map(type, env.values())) and id(env) not in memo:
            frame.env = memo[id(env)] = env.copy()
        else:
            frame.env = port(env)
        if type(data) is list and plain.issuperset(map(type, data)) and id(data) not in memo:
            frame.data = memo[id(data)] = data[:]
        else:
            frame.data = port(data)
        stack.append(frame)
    copy._stack = stack
    copy.decision = None
    decision = game.decision
    if decision is not None:
        copy.decision = decision.copy_for(copy, players[decision.player], port(decision._values))
    copy.record = copy.say = record
    copy._log = _copy_log(game._log) if record else EventLog(0)
    copy._private = list(game._private) if record else []
    copy._stacked = [list(order) for order in game._stacked] if game._stacked else []
    copy._ability_flags = {key: set(flags) for key, flags in game._ability_flags.items()} \
        if game._ability_flags else {}
    copy.listing_peaks = dict(game.listing_peaks) if game.listing_peaks else {}
    copy.memo, copy.vmemo = {}, {}
    copy.static = {name: port(value) for name, value in game.static.items()} if game.static else {}
    copy._firing = []
    copy._sent = None


def _copy_fields(copy, game) -> None:
    """The fields a copy shares with its original (read-only values, numbers, names); every
    other field is set by `copy_into`. (Written out: a loop of getattr and setattr over the
    slots costs a good part of a clone.)"""
    copy.rules, copy.seed, copy.budget, copy.options = game.rules, game.seed, game.budget, game.options
    copy.option_overrides, copy.steps, copy.steps_before = game.option_overrides, game.steps, game.steps_before
    copy._limits, copy._max_decisions, copy._max_game_steps = game._limits, game._max_decisions, game._max_game_steps
    copy._events_at_decision, copy._event_cap = game._events_at_decision, game._event_cap
    copy._asked_at, copy._check_at, copy._stride = game._asked_at, game._check_at, game._stride
    copy._deadline, copy.phase, copy.stacked = game._deadline, game.phase, game.stacked
    copy.over, copy.decisions_taken = game.over, game.decisions_taken
    copy._triggers, copy._moved_into, copy._zone_viewers = game._triggers, game._moved_into, game._zone_viewers
    # the cards and the lists of them are the ruleset's (never changed)
    copy.all_cards, copy.cards_in_play, copy.removed_cards = game.all_cards, game.cards_in_play, game.removed_cards


# the fields `copy_into` sets itself (with `_copy_fields`, every slot: tests/test_clone.py checks it)
OWN_FIELDS = frozenset(["players", "teams", "zones", "zone_table", "vars", "card_zone", "card_holder",
                        "card_turned", "card_seen", "card_vars", "winners", "_rng", "_rng_shared", "_stack",
                        "decision", "record", "say", "_log", "_private", "_stacked", "_ability_flags",
                        "listing_peaks", "memo", "vmemo", "static", "_firing", "_sent"])


def _copy_tables(copy, game) -> tuple[list, list, list]:
    """New players, teams and zones in the places of `game`'s (variables not yet):
    (players, teams, zones by number)."""
    new = _new
    table: list = [None] * len(game.zone_table)      # (its last place stays None: see state.py)
    copy.zones = _zones(game.zones, None, None, table)
    players = []
    for old in game.players:
        p = new(Player)
        p.seat, p.name = old.seat, old.name
        p.zones = _zones(old.zones, p, p, table)
        players.append(p)
    teams = []
    for old in game.teams:
        t = new(Team)
        t.index, t.name, t.members = old.index, old.name, [players[m.seat] for m in old.members]
        t.vars = old.vars        # (copied with the other variables; NO_VARS stays shared)
        t.zones = _zones(old.zones, t, None, table) if old.zones else old.zones
        teams.append(t)
    for old, p in zip(game.players, players):
        p.team = teams[old.team.index] if old.team is not None else None
    copy.players, copy.teams = players, teams
    copy.zone_table = table
    return players, teams, table


def _zones(old_zones: dict, owner, holder, table: list) -> dict:
    """Copies of one owner's zones, each also put at its number in `table`."""
    out = {}
    new, kind = _new, Zone
    for name, old in old_zones.items():
        zone = new(kind)
        zone.name = name
        zone.key = old.key
        zone.visibility = old.visibility
        zone.owner = owner
        zone.holder = holder
        zone.seat = old.seat
        zone.cards = old.cards[:]
        zone.number = number = old.number
        out[name] = table[number] = zone
    return out


def _copy_vars(copy, game, port) -> None:
    """The variables of the game, its players, teams and cards, game objects swapped."""
    copy.vars = _copied(game.vars, port)
    plain = _PLAIN
    for old, new in zip(game.players, copy.players):
        values = old.vars
        new.vars = values.copy() if plain.issuperset(map(type, values.values())) else _copied(values, port)
    for old, new in zip(game.teams, copy.teams):
        if old.vars:
            new.vars = _copied(old.vars, port)
    if game.rules.vars.get("card"):
        copy.card_vars = [_copied(values, port) for values in game.card_vars]
    else:            # the ruleset's shared, read-only empty mappings
        copy.card_vars = game.card_vars


def _copied(values: dict, port) -> dict:
    """A copy of one owner's variables, game objects swapped (none to swap, the usual case, is
    told by a pass in C)."""
    plain = _PLAIN
    if plain.issuperset(map(type, values.values())):
        return values.copy()
    return {k: v if type(v) in plain else port(v) for k, v in values.items()}


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


def _porter(players: list, teams: list, zones: list, memo: dict):
    """A function that swaps the players, teams and zones in a value (lists, tuples, dicts,
    nested) for their copies, keeping shared containers shared (`memo`, by id of the original).
    Cards are the same in every copy: kept as they are. (A closure: a method's attribute loads
    were a good part of its cost.)"""
    plain = _PLAIN
    remembered = memo.get

    def port(value):
        kind = type(value)
        if kind in plain:
            return value
        if kind is Player:
            return players[value.seat]
        if kind is Team:
            return teams[value.index]
        if kind is Zone:
            return zones[value.number]
        if kind is list:
            done = remembered(id(value))
            if done is not None:
                return done
            # (the usual case, a container of plain values and cards, told by a pass in C)
            if plain.issuperset(map(type, value)):
                new = memo[id(value)] = value[:]
            else:
                new = memo[id(value)] = []
                new[:] = [v if type(v) in plain else port(v) for v in value]
            return new
        if kind is dict:
            done = remembered(id(value))
            if done is not None:
                return done
            if plain.issuperset(map(type, value.values())) and plain.issuperset(map(type, value)):
                new = memo[id(value)] = value.copy()
            else:
                new = memo[id(value)] = {}
                for k, v in value.items():     # keys are names, save in a ruleset's own dicts
                    new[k if type(k) in plain else port(k)] = v if type(v) in plain else port(v)
            return new
        if kind is tuple:
            done = remembered(id(value))
            if done is not None:
                return done
            if plain.issuperset(map(type, value)):
                new = memo[id(value)] = value      # (a tuple is never changed: kept)
            else:
                new = memo[id(value)] = tuple([port(v) for v in value])
            return new
        return value      # a value that names no game object (a marker of the flow's own)
    return port


def _copy_log(log: EventLog) -> EventLog:
    """The event log of a copy: events are never changed once written, so they are shared."""
    new = EventLog(len(log.streams))
    new.events = list(log.events)
    new.streams = [list(stream) for stream in log.streams]
    new._card_decisions = dict(log._card_decisions)
    return new
