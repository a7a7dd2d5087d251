"""What one seat knows of a game, frozen: the state a search plays forward from, never the game.

A `Turn` must let a search player draw full game states consistent with what its seat knows
(`interpreter.agents.determinize`), yet hold nothing of the live game: no reference an agent
could follow to another seat's hand or to `apply`. So when a turn is made, the game is cloned
and everything the seat may not know is wiped from the clone before it is frozen:

- the cards the seat cannot see are dealt (with their variables) in a fixed order over the
  places it cannot see: cards it knows the place of (from its own
  events, or offered to it from a hidden place) go to such a place, the rest in deck order. So
  the frozen state says nothing the seat's view and events do not; the deal itself is redrawn
  by every sample;
- choices other seats made in a simultaneous step not yet revealed are set to their first
  option (each sample draws them again);
- the random source, the seed and the stacked deck are dropped, and no events are kept.

The wiped clone is pickled into bytes; the ruleset and what is compiled from it (generated
code, spans, shared constants, every class) stay out of the bytes and are referred to,
unchanged. `game()` unpickles a new game of the seat's own each time; bytes that name a class
or function to import are refused. Whatever an agent does with a `Knowledge` or the games it
rebuilds, the live game is untouched.

What is not wiped: values a running step keeps that were computed from hidden cards (a count
bound by a step, for instance). They are kept as the game has them, as samples always did.
"""
from __future__ import annotations

import io
import pickle
import random

from interpreter.agents.determinize import carry_identities, known_places, offer_the_same_cards, sampler
from interpreter.engine.decisions import Decision
from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame, unrevealed_choices
from interpreter.engine.game import Game
from interpreter.engine.state import Card, card_visible

# The types whose objects are the game's own state: copied into the bytes. Anything else (the
# ruleset, generated functions, spans, read-only shared constants, and every class) is referred
# to, so the bytes name no class or function to look up: rebuilding them imports nothing.
# Cards are the ruleset's, and players, teams and zones the layout's (shared by its games, never
# changed): referred to as well.
_STATE_TYPES = frozenset([Game, Frame, Decision, EventLog, random.Random,
                          list, dict, set, tuple, str, int, float, bool, type(None), frozenset, range])


class Knowledge:
    """One seat's knowledge of a game at one decision, frozen; `game()` rebuilds it."""
    __slots__ = ("seat", "places", "_state", "_shared")

    def __init__(self, seat: int, places: dict[str, frozenset], state: bytes, shared: tuple):
        self.seat = seat
        self.places = places        # card id -> the zone keys where the seat knows it may be
        self._state = state
        self._shared = shared

    def game(self) -> Game:
        """A new game in the frozen state: the seat's own to play forward (it records no events,
        and its unseen cards lie in a fixed order; `sample` deals them at random)."""
        return _Unpickler(io.BytesIO(self._state), self._shared).load()

    def sample(self, rng: random.Random) -> Game:
        """A game in the state the seat sees, everything it cannot know drawn from `rng`."""
        return self.sampler()(rng)

    def sampler(self):
        """`draw(rng) -> Game`: samples of this knowledge, rebuilding the state only once (a
        search draws hundreds per decision)."""
        return sampler(self.game(), self.seat, self.places)

    def __repr__(self) -> str:
        return f"Knowledge(seat={self.seat}, {len(self._state)} bytes)"


def knowledge_of(game: Game, seat: int, events) -> Knowledge:
    """Freeze what `seat` knows of `game`; `events` is the seat's own event stream."""
    wiped = game.clone(record=False)
    for choice in unrevealed_choices(wiped._stack):      # [env, value, seat, kind, options]
        if choice[2] is not None and choice[2] != seat and choice[3] != "card":
            choice[1] = choice[4][0]
    places = {card: frozenset(zones) for card, zones in known_places(events, seat).items()}
    decision = wiped.decision
    offered = set()
    if decision is not None and decision.kind == "card":     # the seat knows where its options lie
        offered = {id(c) for c in decision.options if isinstance(c, Card) and not card_visible(wiped, c, seat)}
        places.update({c.id: frozenset([wiped.zone_of(c).key]) for c in decision.options
                       if isinstance(c, Card) and not card_visible(wiped, c, seat)})
    _deal_in_order(wiped, seat, places, offered)
    wiped.rng = random.Random(0)
    wiped.seed, wiped.stacked, wiped._stacked = None, [], []
    wiped._sent, wiped._firing = None, []
    shared: list = []
    buffer = io.BytesIO()
    _Pickler(buffer, shared, keep=_ruleset_owned(game)).dump(wiped)
    return Knowledge(seat, places, buffer.getvalue(), tuple(shared))


def _deal_in_order(game: Game, seat: int, places: dict, offered: set) -> None:
    """Deal the identities of the cards `seat` cannot see over their places in a fixed order
    that depends only on what the seat knows (see the module's docstring)."""
    slots = [c for cards in game.zone_cards for c in cards if not card_visible(game, c, seat)]
    if len(slots) < 2:
        return
    fixed = {i for i, card in enumerate(slots) if id(card) in offered}
    identities = sorted((c for i, c in enumerate(slots) if i not in fixed), key=lambda c: c.index)
    identities = [(c.id, c) for c in identities]        # (what `_match` reads: the id first)
    free = [i for i in range(len(slots)) if i not in fixed]
    assignment: list = [None] * len(slots)
    for i in fixed:
        assignment[i] = slots[i]
    at = _match(identities, [game.zone_of(slots[i]).key for i in free], places)    # slot position -> identity
    taken = set(at.values())
    rest = iter(ident for k, ident in enumerate(identities) if k not in taken)
    for position, i in enumerate(free):
        assignment[i] = (identities[at[position]] if position in at else next(rest))[1]
    carriers = carry_identities(game, slots, assignment)
    if game.decision is not None and carriers:
        offer_the_same_cards(game, carriers)


def _match(identities: list, zones: list[str], places: dict) -> dict[int, int]:
    """A matching of slot positions to the identities whose places are known (indexes into
    `identities`), each in one of its places, found by augmenting paths in a fixed order. The real deal
    is one such matching, so there always is one."""
    owner: dict[int, int] = {}       # slot position -> identity
    for k, ident in enumerate(identities):
        if ident[0] in places:
            _augment(k, identities, zones, places, owner, set())
    return owner


def _augment(k: int, identities, zones, places, owner: dict, tried: set) -> bool:
    allowed = places[identities[k][0]]
    for position, zone in enumerate(zones):
        if zone in allowed and position not in tried:
            tried.add(position)
            if position not in owner or _augment(owner[position], identities, zones, places, owner, tried):
                owner[position] = k
                return True
    return False


def _ruleset_owned(game: Game) -> set[int]:
    """The containers a game shares with its ruleset and its layout (a card's attributes, the
    lists of its cards, its players, teams and zones, the empty variables of a ruleset that
    declares none): referred to, not copied."""
    owned = {id(spec.attrs) for spec in game.rules.cards}
    owned.update(map(id, (game.all_cards, game.cards_in_play, game.removed_cards, game.players, game.teams,
                          game.zones, game.zone_table, game._zone_viewers)))
    for values, scope in ((game.card_vars, "card"), (game.player_vars, "player"), (game.team_vars, "team")):
        if not game.rules.vars.get(scope):
            owned.add(id(values))
    return owned


class _Pickler(pickle.Pickler):
    def __init__(self, file, shared: list, *, keep: set[int]):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared, self.keep, self.index = shared, keep, {}

    def persistent_id(self, obj):
        if type(obj) in _STATE_TYPES and id(obj) not in self.keep:
            return None
        at = self.index.get(id(obj))
        if at is None:
            at = self.index[id(obj)] = len(self.shared)
            self.shared.append(obj)
        return at


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, shared: tuple):
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, at):
        return self.shared[at]

    def find_class(self, module: str, name: str):
        raise pickle.UnpicklingError(f"a seat's knowledge names no class or function ({module}.{name})")
