"""The objects of one game's state: cards, zones, players and teams.

The ruleset (rules) never changes; these objects (state) belong to one Game. They are
kept small (slots) because random playouts create and touch them millions of times.
"""
from __future__ import annotations

from types import MappingProxyType

from interpreter.kinds import Visibility

PUBLIC, OWNER, HIDDEN, OTHERS = (Visibility.PUBLIC.value, Visibility.OWNER.value, Visibility.HIDDEN.value,
                                 Visibility.OTHERS.value)
# Shared, never-changed values for the common case, so a game's thousands of moves and its
# cards allocate nothing for them: nobody peeked at a card, a card without variables.
NOBODY: frozenset = frozenset()
NO_VARS = MappingProxyType({})


class InitialValue:
    """A variable's initial value written as a constant (a number, a truth value, a name, no
    value): a game stores it without computing anything."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __call__(self, g, env):
        return self.value


class Card:
    """One physical card: a stable id, a label for people, and attributes from the deck."""
    __slots__ = ("id", "label", "attrs", "vars", "zone", "last_holder", "face_up", "seen_by", "index")

    def __init__(self, card_id: str, label: str, attrs: dict, index: int, vars: dict | None = None):
        self.id = card_id
        self.label = label
        self.attrs = attrs
        # card variables (e.g. a joker's declared rank); a game whose ruleset declares none
        # passes the shared, read-only NO_VARS
        self.vars = {} if vars is None else vars
        self.zone: Zone | None = None
        self.last_holder: Player | None = None   # the last player whose zone held this card
        self.face_up = False                     # turned up in a zone its viewers cannot see
        self.seen_by: frozenset = NOBODY         # seats that peeked at it since it last moved
        self.index = index                       # position in the deck definition (stable order)

    def __repr__(self) -> str:
        return f"Card({self.id})"


class Zone:
    """An ordered pile of cards. Its first card is the top of a face-down pile."""
    __slots__ = ("name", "key", "owner", "holder", "visibility", "cards")

    def __init__(self, name: str, key: str, owner, visibility: str):
        self.name = name
        self.key = key              # unique in the game: 'deck', 'p2.hand', 't1.pile'
        self.owner = owner          # None (the game), a Player or a Team
        self.holder = owner if isinstance(owner, Player) else None   # a card here is in this hand
        self.visibility = visibility
        self.cards: list[Card] = []

    def visible_to(self, seat: int | None) -> bool:
        """May the player in `seat` see the faces of the cards here? None is the omniscient log."""
        if seat is None or self.visibility == PUBLIC:
            return True
        if self.visibility == HIDDEN:
            return False
        owner = self.owner
        if isinstance(owner, Player):
            mine = owner.seat == seat
        elif isinstance(owner, Team):
            mine = any(m.seat == seat for m in owner.members)
        else:
            return False
        return mine != (self.visibility == OTHERS)     # `others`: everyone but the owner

    def __repr__(self) -> str:
        return f"Zone({self.key}, {len(self.cards)} cards)"


class Player:
    """A seat at the table with its own variables and zones."""
    __slots__ = ("seat", "name", "vars", "zones", "team")

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.name = name
        self.vars: dict = {}
        self.zones: dict[str, Zone] = {}
        self.team: Team | None = None

    def __repr__(self) -> str:
        return f"Player({self.seat})"


class Team:
    """Players who score together; a team has variables and zones like a player."""
    __slots__ = ("index", "name", "members", "vars", "zones")

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.members: list[Player] = []
        self.vars: dict = {}
        self.zones: dict[str, Zone] = {}

    def __repr__(self) -> str:
        return f"Team({self.name})"


def card_visible(card: Card, seat: int | None) -> bool:
    """Whether `seat` may see this card's face where it lies now."""
    return (seat is None or card.face_up or card.zone is None
            or card.zone.visible_to(seat) or seat in card.seen_by)
