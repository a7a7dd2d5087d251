"""The objects of one game's state, and how a card's state is laid out.

The ruleset (rules) never changes. A `Card` holds only what never changes either (id, label,
attributes, position in the deck), so a ruleset makes its cards once and every game of it, and
every copy of a game, shares them (`construction.shared_cards`). Zones, players and teams
belong to one Game; they are kept small (slots) because random playouts create and touch them
millions of times.

What changes about a card in a game lives in that game, in flat sequences indexed by
`card.index`, so that copying a game copies a few lists and names no card:

- `card_zone[i]`: the number of the zone the card lies in (`Zone.number`, its place in the
  game's `zone_table`), -1 in none (`zone_table[-1]` is None);
- `card_holder[i]`: the seat of the last player whose zone held it, -1 before any did;
- `card_turned`: the indexes of the cards turned up in a zone their viewers cannot see, and
  `card_seen`: index -> the seats that peeked at it since it last moved; both are a shared,
  read-only empty value until a card is first turned up or shown;
- `card_vars[i]`: its variables, for a ruleset that declares card variables; other rulesets'
  games share one read-only sequence of empty mappings.

`Game.zone_of`, `last_holder_of`, `is_face_up`, `seen_by` and `vars_of` read them (views.py).
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
    """One physical card: a stable id, a label for people, attributes from the deck, and its
    position in the deck definition (stable order; where a game keeps this card's state).
    Never changed once made, and shared by every game of a ruleset."""
    __slots__ = ("id", "label", "attrs", "index")

    def __init__(self, card_id: str, label: str, attrs: dict, index: int):
        self.id = card_id
        self.label = label
        self.attrs = attrs
        self.index = index

    def __repr__(self) -> str:
        return f"Card({self.id})"


class Zone:
    """An ordered pile of cards. Its first card is the top of a face-down pile."""
    __slots__ = ("name", "key", "owner", "holder", "seat", "visibility", "cards", "number")

    def __init__(self, name: str, key: str, owner, visibility: str, number: int = -1):
        self.name = name
        self.key = key              # unique in the game: 'deck', 'p2.hand', 't1.pile'
        self.owner = owner          # None (the game), a Player or a Team
        self.holder = owner if isinstance(owner, Player) else None   # a card here is in this hand
        self.seat = owner.seat if isinstance(owner, Player) else -1  # the holder's seat, -1 for none
        self.visibility = visibility
        self.cards: list[Card] = []
        self.number = number        # its place in the game's zone_table

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


def card_visible(game, card: Card, seat: int | None) -> bool:
    """Whether `seat` may see this card's face where it lies now in `game`."""
    if seat is None:
        return True
    i = card.index
    zone = game.zone_table[game.card_zone[i]]
    return (zone is None or i in game.card_turned or zone.visible_to(seat)
            or seat in game.card_seen.get(i, NOBODY))
