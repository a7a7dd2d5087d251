"""Copies of a running game, for search and what-if analysis.

The flow of a game is plain data (frames, see `frames.py`), so a copy is a snapshot. Cards
are the ruleset's, and players, teams and zones the layout's (see state.py and layout.py):
they hold nothing a game changes, so a copy names the very same ones and never swaps one. What
changes is in flat sequences, and a copy copies those: the cards of each zone
(`zone_cards`), the variables of the game, its players, teams and cards, where each card
lies, who last held it, whether it is turned up and who peeked at it; then the frames, the
pending decision and the random source. Nothing is replayed: a copy costs what a few
decisions cost, whatever the length of the game. The ruleset and everything compiled from it
are shared, and so are the values of the game's fixed functions (`static`, their containers
copied); the other remembered values are not (the copy works them out again when asked).

A search copies thousands of times per decision, so the copy is written out for speed: the
game's fields one by one (`_copy_fields`; a test checks that every slot is covered), each
object made without a call of its class, and plain values (numbers, names, cards, players,
teams, zones) never looked at twice: a list, a dict (a frame's bindings, an owner's variables)
or a tuple holding nothing else is told so by one pass in C (`frozenset.issuperset` over the
types of its items) and copied whole, a tuple kept as it is; only containers nested in
containers are walked (`_port`).
A determinization (agents/determinize.py) deals the hidden cards by permuting their places in
these sequences and renaming the cards its values name, in place.
"""
from __future__ import annotations

from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame
from interpreter.engine.state import NO_VARS, NOBODY, Card, Player, Team, Zone
from interpreter.errors import GameError

# values a copy keeps as they are: never changed (cards are the ruleset's; players, teams and
# zones the layout's)
_PLAIN = frozenset([int, str, bool, float, type(None), frozenset, range, Card, Player, Team, Zone])
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
    plain, new, memo = _PLAIN, _new, {}
    copy.zone_cards = list(map(list.copy, game.zone_cards))
    copy.card_zone = game.card_zone[:]
    copy.card_holder = game.card_holder[:]
    turned, seen = game.card_turned, game.card_seen
    copy.card_turned = set(turned) if turned else NOBODY
    copy.card_seen = dict(seen) if seen else NO_VARS
    # the variables: a mapping of plain values, the usual case, copied whole (see `_copied`)
    values = game.vars
    copy.vars = values.copy() if plain.issuperset(map(type, values.values())) else _copied(values, memo)
    values = game.player_vars
    if type(values) is list:           # (a tuple: the layout's read-only empty mappings)
        values = [v.copy() if plain.issuperset(map(type, v.values())) else _copied(v, memo) for v in values]
    copy.player_vars = values
    values = game.team_vars
    copy.team_vars = [_copied(v, memo) for v in values] if type(values) is list else values
    values = game.card_vars            # (a tuple: the ruleset's read-only empty mappings)
    copy.card_vars = [_copied(v, memo) for v in values] if type(values) is list else values
    copy.winners = None if game.winners is None else list(game.winners)
    # the random source, shared until one of the games draws from it: copying its state is a
    # good part of a clone's cost, and most copies never draw (a playout that ends before the
    # next shuffle, a sample that draws a source of its own). So the games that share a source
    # count themselves, and one about to draw while others share it takes a copy (`Game.rng`)
    shared = game._rng_shared
    if shared is None:
        shared = game._rng_shared = [1]
    shared[0] += 1
    copy._rng, copy._rng_shared = game._rng, shared
    stack = []
    for f in game._stack:
        frame = new(Frame)
        frame.code, frame.pc = f.code, f.pc
        # (a frame's bindings and data holding only plain values, the usual case, copied in
        # line; still remembered, so a container named twice stays one container in the copy)
        env, data = f.env, f.data
        if type(env) is dict and plain.issuperset(map(type, env.values())) and id(env) not in memo:
            frame.env = memo[id(env)] = env.copy()
        else:
            frame.env = _port(env, memo)
        if type(data) is list and plain.issuperset(map(type, data)) and id(data) not in memo:
            frame.data = memo[id(data)] = data[:]
        else:
            frame.data = _port(data, memo)
        stack.append(frame)
    copy._stack = stack
    copy.decision = None
    decision = game.decision
    if decision is not None:
        copy.decision = decision.copy_for(copy, decision._who, _port(decision._values, memo))
    copy.record = copy.say = record
    copy._log = _copy_log(game._log) if record else EventLog(0)
    copy._private = list(game._private) if record else []
    copy._stacked = [list(order) for order in game._stacked] if game._stacked else []
    copy._ability_flags = {key: set(flags) for key, flags in game._ability_flags.items()} \
        if game._ability_flags else {}
    copy.listing_peaks = dict(game.listing_peaks) if game.listing_peaks else {}
    copy.memo, copy.vmemo = {}, {}
    # the values of fixed functions: never changed, nor renamed by a determinization (which
    # forgets them), so the copy's mapping names the same values
    copy.static = game.static.copy()
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
    # the cards and the lists of them are the ruleset's, the players, teams and zones the
    # layout's (never changed)
    copy.all_cards, copy.cards_in_play, copy.removed_cards = game.all_cards, game.cards_in_play, game.removed_cards
    copy.players, copy.teams, copy.zones, copy.zone_table = game.players, game.teams, game.zones, game.zone_table


# the fields `copy_into` sets itself (with `_copy_fields`, every slot: tests/test_clone.py checks it)
OWN_FIELDS = frozenset(["vars", "zone_cards", "player_vars", "team_vars", "card_zone", "card_holder",
                        "card_turned", "card_seen", "card_vars", "winners", "_rng", "_rng_shared", "_stack",
                        "decision", "record", "say", "_log", "_private", "_stacked", "_ability_flags",
                        "listing_peaks", "memo", "vmemo", "static", "_firing", "_sent"])


def _copied(values: dict, memo: dict) -> dict:
    """A copy of one owner's variables, the containers among them copied."""
    plain = _PLAIN
    return {k: v if type(v) in plain else _port(v, memo) for k, v in values.items()}


def _port(value, memo: dict):
    """A copy of the containers (lists, dicts, nested) of a value, keeping shared containers
    shared (`memo`, by id of the original) and tuples as they are. Cards, players, teams and
    zones are the same in every copy: kept as they are."""
    kind = type(value)
    plain = _PLAIN
    if kind in plain:
        return value
    if kind is list:
        done = memo.get(id(value))
        if done is not None:
            return done
        # (the usual case, a container of plain values, told by a pass in C)
        if plain.issuperset(map(type, value)):
            new = memo[id(value)] = value[:]
        else:
            new = memo[id(value)] = []
            new[:] = [v if type(v) in plain else _port(v, memo) for v in value]
        return new
    if kind is dict:
        done = memo.get(id(value))
        if done is not None:
            return done
        if plain.issuperset(map(type, value.values())) and plain.issuperset(map(type, value)):
            new = memo[id(value)] = value.copy()
        else:
            new = memo[id(value)] = {}
            for k, v in value.items():
                new[k if type(k) in plain else _port(k, memo)] = v if type(v) in plain else _port(v, memo)
        return new
    if kind is tuple:
        done = memo.get(id(value))
        if done is not None:
            return done
        if plain.issuperset(map(type, value)):
            new = memo[id(value)] = value      # (a tuple is never changed: kept)
        else:
            new = memo[id(value)] = tuple([_port(v, memo) for v in value])
        return new
    return value      # a value holding no container of the game (a marker of the flow's own)


def _copy_log(log: EventLog) -> EventLog:
    """The event log of a copy: events are never changed once written, so they are shared."""
    new = EventLog(len(log.streams))
    new.events = list(log.events)
    new.streams = [list(stream) for stream in log.streams]
    new._card_decisions = dict(log._card_decisions)
    return new
