"""The objects of one game's state, and how what changes in a game is laid out.

The ruleset (rules) never changes. A `Card` holds only what never changes either (id, label,
attributes, position in the deck), so a ruleset makes its cards once and every game of it, and
every copy of a game, shares them (`construction.shared_cards`). Players, teams and zones are
the same kind of value: a `Player` (seat, name, team, zones), a `Team` (index, name, members,
zones) and a `Zone` (name, key, owner, seat, visibility, number) never change during a game,
so they are made once per ruleset, players' names and teams (the layout, layout.py) and
shared by every game that has them, and by every copy of one.

What changes lives in the game, in flat sequences, so that copying a game copies a few lists
and names no card, player, team or zone:

- `zone_cards[k]`: the cards of zone number k (`Zone.number`, its place in the layout's
  `zone_table`), top first;
- `player_vars[seat]` and `team_vars[index]`: the variables of each player and team; a ruleset
  that declares none of a scope shares one read-only tuple of empty mappings for it;
- `card_zone[i]`: the number of the zone card i (`card.index`) lies in, -1 in none
  (`zone_table[-1]` is None);
- `card_holder[i]`: the seat of the last player whose zone held it, -1 before any did;
- `card_turned`: the indexes of the cards turned up in a zone their viewers cannot see, and
  `card_seen`: index -> the seats that peeked at it since it last moved; both are a shared,
  read-only empty value until a card is first turned up or shown;
- `card_vars[i]`: its variables, for a ruleset that declares card variables; other rulesets'
  games share one read-only sequence of empty mappings.

`Game.cards_in`, `vars_of`, `zone_of`, `last_holder_of`, `is_face_up` and `seen_by` read them
(views.py); generated code reads the sequences directly.
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
    """An ordered pile of cards, as the layout names it: its cards are its game's
    (`Game.zone_cards[zone.number]`, read with `Game.cards_in`). Its first card is the top of a
    face-down pile. Never changed once made, and shared by every game of its layout."""
    __slots__ = ("name", "key", "owner", "holder", "seat", "visibility", "number")

    def __init__(self, name: str, key: str, owner, visibility: str, number: int = -1):
        self.name = name
        self.key = key              # unique in the game: 'deck', 'p2.hand', 't1.pile'
        self.owner = owner          # None (the game), a Player or a Team
        self.holder = owner if isinstance(owner, Player) else None   # a card here is in this hand
        self.seat = owner.seat if isinstance(owner, Player) else -1  # the holder's seat, -1 for none
        self.visibility = visibility
        self.number = number        # its place in the layout's zone_table, and in a game's zone_cards

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
        return f"Zone({self.key})"


class Player:
    """A seat at the table, its zones and team. Its variables are its game's
    (`Game.player_vars[seat]`, read with `Game.vars_of`)."""
    __slots__ = ("seat", "name", "zones", "team")

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.name = name
        self.zones: dict[str, Zone] = {}
        self.team: Team | None = None

    def __repr__(self) -> str:
        return f"Player({self.seat})"


class Team:
    """Players who score together; a team has zones like a player, and variables kept by its
    game (`Game.team_vars[index]`, read with `Game.vars_of`)."""
    __slots__ = ("index", "name", "members", "zones")

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.members: list[Player] = []
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
