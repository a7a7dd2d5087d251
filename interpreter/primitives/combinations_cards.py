"""Cards as the combination builtins (combinations.py) read them: attributes and card variables
by name, and class numbers shared by exactly the interchangeable cards (equal in every attribute
and card variable), which key the sets that are compared.

A card's variables are its game's, not the card's: `card_vars` is the game's sequence of them
by the card's place in the deck (`card.index`); `card_variables(g)` gives it, or, without a
game, one that holds none."""
from __future__ import annotations

from types import MappingProxyType

from interpreter.errors import EvalError

_EMPTY: MappingProxyType = MappingProxyType({})


class _NoVariables:
    """The card variables of cards outside a game: none for every card."""
    __slots__ = ()

    def __getitem__(self, index: int):
        return _EMPTY


NO_CARD_VARS = _NoVariables()


def card_variables(g):
    """The card variables of the game `g` by card index (none without a game)."""
    return NO_CARD_VARS if g is None else g.card_vars


def items_of(g, xs) -> list:
    """A list, or the cards of a zone: its game's, by the zone's number (what has a number is a zone)."""
    return g.zone_cards[xs.number] if hasattr(xs, "number") else xs


def _value(card, name: str, card_vars):
    """A card's attribute or card variable `name`."""
    if name in card.attrs:
        return card.attrs[name]
    values = card_vars[card.index]
    if name in values:
        return values[name]
    raise EvalError(f"card {card.label} has no attribute or variable '{name}'")


_ATTR_DICTS: dict = {}    # id(attrs dict) -> the dict, kept alive so that its id is not reused
_ATTR_NUMBERS: dict = {}  # id(attrs dict) -> its class number
_PLAIN_CLASSES: dict = {}  # a card's attributes, sorted -> class number (as many as kinds of card in decks)


def _plain_class(attrs) -> int:
    """The class number of the cards without variables that have these attributes: the same
    for every call (a ruleset's cards share their deck's attribute dicts across games), so each
    dict is sorted and hashed once."""
    number = _ATTR_NUMBERS.get(id(attrs))
    if number is None:
        if len(_ATTR_DICTS) > 10_000:
            _ATTR_NUMBERS.clear()      # first: a number is never kept for a dict no longer alive
            _ATTR_DICTS.clear()
        signature = tuple(sorted(attrs.items()))
        number = _PLAIN_CLASSES.setdefault(signature, len(_PLAIN_CLASSES))
        _ATTR_DICTS[id(attrs)] = attrs
        _ATTR_NUMBERS[id(attrs)] = number
    return number


def _plain_numbers(cards: list, card_vars) -> list[int] | None:
    """The class numbers of cards without variables (`_plain_class`); None when a card has
    variables."""
    for card in cards:
        if card_vars[card.index]:
            return None
    numbers = [_ATTR_NUMBERS.get(id(card.attrs)) for card in cards]      # the usual case written out
    return [_plain_class(card.attrs) for card in cards] if None in numbers else numbers  # type: ignore[return-value]


def _signature(card, values):
    """What makes two cards with variables interchangeable: equal attributes and variables."""
    key = (tuple(sorted(card.attrs.items())), tuple(sorted(values.items())))
    try:
        hash(key)
    except TypeError:              # a variable holds a list: never interchangeable
        return ("card", card.id)
    return key


class _ClassNumbers(dict):
    """card -> a number shared by exactly the cards interchangeable with it, made on first use
    (a missing key calls __missing__, so a lookup of a known card stays a plain dict lookup; cards
    hash by identity). A card without variables has its attributes' number (0 and up), one with
    variables a number of this collection (below 0)."""
    __slots__ = ("signatures", "card_vars")
    signatures: dict[tuple, int]

    def __init__(self, card_vars):
        super().__init__()
        self.card_vars = card_vars

    def __missing__(self, card) -> int:
        values = self.card_vars[card.index]
        if not values:
            number = _ATTR_NUMBERS.get(id(card.attrs))   # `_plain_class`, its usual case written out
            if number is None:
                number = _plain_class(card.attrs)
        else:
            try:
                signatures = self.signatures
            except AttributeError:
                signatures = self.signatures = {}
            sig = _signature(card, values)
            number = signatures.get(sig)
            if number is None:
                number = signatures[sig] = -1 - len(signatures)
        self[card] = number
        return number


def _key(class_of: dict, cards) -> tuple:
    """The class numbers of the cards, sorted: equal for sets equal up to interchangeable cards.
    Sets of one or two cards, most of those compared, are keyed without a sort."""
    if len(cards) == 1:
        return (class_of[cards[0]],)
    if len(cards) == 2:
        a, b = class_of[cards[0]], class_of[cards[1]]
        return (a, b) if a <= b else (b, a)
    return tuple(sorted(map(class_of.__getitem__, cards)))
