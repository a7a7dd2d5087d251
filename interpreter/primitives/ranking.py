"""Poker-style hand ranking as builtins of the expression language.

A hand's rank is a list of numbers: larger is better (lists compare item by item, so
`hand_rank(a) > hand_rank(b)` and `xs.max_by(p, hand_rank(p.hand))` just work), equal lists
tie. The categories, high to low: straight flush, four of a kind, full house, flush,
straight, three of a kind, two pair, one pair, high card; the best five of any number of
cards count. One to four cards form a partial hand that ranks only by the groups it can
hold (four of a kind, three of a kind, two pair, pair, high card).

Conventions:
- `hand_rank(cards)` reads each card's `rank` attribute (2..14, the ace 14) and `suit`
  attribute ('clubs', 'diamonds', 'hearts', 'spades'): the standard deck's attributes.
- Cards that count as something else (a joker whose identity was declared, a card that
  stands for another) are ranked with the explicit forms: `hand_rank_of(ranks, suits,
  wilds)` takes the ranks and suits the ruleset computes (e.g. from card variables) and a
  number of wild cards, each standing for whatever card makes the best hand.
- The `_suited` forms add the suit order ♠ > ♦ > ♥ > ♣ as a final
  tie-break (for who acts first), so only hands of the very same cards stay equal.

The ranking itself lives in `handrank.py`; this module only adapts cards and values.
"""
from __future__ import annotations

from interpreter.primitives import handrank
from interpreter.errors import EvalError
from interpreter.primitives.combinations_cards import items_of

_KEY_LENGTH = 6    # category + up to five ranks
_SUITS_LENGTH = 5  # one suit per card compared
_PADS = tuple((-1,) * n for n in range(_KEY_LENGTH + 1))


# (rank, suit) by the attribute dict a card was made from: a ruleset's cards share their deck's
# dicts in every game, so each is read once (the dicts are kept, so that no id is reused)
_PAIRS: dict[int, tuple[int, str]] = {}
_PAIRED: list = []
_PAIRS_LIMIT = 100_000


def _pairs(cards) -> list[tuple[int, str]]:
    """(rank, suit) of each card, from its attributes; an error names a card without them."""
    items = cards
    known = _PAIRS.get
    out = []
    for c in items:
        pair = known(id(c.attrs))
        out.append(pair if pair is not None else _pair(c))
    return out


def _pair(card) -> tuple[int, str]:
    attrs = card.attrs
    rank, suit = attrs.get("rank"), attrs.get("suit")
    if not (isinstance(rank, int) and 2 <= rank <= 14 and suit in handrank.SUIT_ORDER):
        raise EvalError(f"card {card.label} has no standard rank (2-14) and suit; rank it with "
                        "hand_rank_of(ranks, suits, wilds), giving the values it stands for")
    if len(_PAIRS) >= _PAIRS_LIMIT:
        _PAIRS.clear()
        _PAIRED.clear()
    _PAIRS[id(attrs)] = (rank, suit)
    _PAIRED.append(attrs)
    return rank, suit


def _explicit(ranks: list, suits: list, wilds: int) -> list[tuple[int, str]]:
    if len(ranks) != len(suits):
        raise EvalError(f"hand_rank_of(): {len(ranks)} ranks but {len(suits)} suits")
    if wilds < 0:
        raise EvalError(f"hand_rank_of(): {wilds} wild cards")
    out = []
    for rank, suit in zip(ranks, suits):
        if not (2 <= rank <= 14 and suit in handrank.SUIT_ORDER):
            raise EvalError(f"hand_rank_of(): ({rank}, '{suit}') is not a card: ranks are 2-14 "
                            "(ace 14), suits 'clubs', 'diamonds', 'hearts', 'spades'")
        out.append((rank, suit))
    if not out and not wilds:
        raise EvalError("hand_rank_of() of no cards")
    return out


def _key(pairs, wilds: int = 0) -> list[int]:
    if not pairs and not wilds:
        raise EvalError("hand_rank() of no cards")
    try:
        return list(handrank.hand_key(pairs, wilds=wilds))
    except ValueError as exc:
        raise EvalError(str(exc)) from None


def _suited_key(pairs, wilds: int = 0) -> list[int]:
    """Key, padded to a fixed length (a missing card ranks below any card), then the suits."""
    if not pairs and not wilds:
        raise EvalError("hand_rank_suited() of no cards")
    try:
        key, suits = handrank.hand_key_with_suits(pairs, wilds=wilds)
    except ValueError as exc:
        raise EvalError(str(exc)) from None
    return [*key, *_PADS[_KEY_LENGTH - len(key)], *suits, *_PADS[_SUITS_LENGTH - len(suits)]]


def hand_rank(g, cards):
    """Poker rank of the best five cards (or a partial hand of 1-4): larger is better, equal ties."""
    return _key(_pairs(cards if type(cards) is list else items_of(g, cards)))


def hand_rank_suited(g, cards):
    """hand_rank, then suits break ties (♠ > ♦ > ♥ > ♣), card by card."""
    return _suited_key(_pairs(cards if type(cards) is list else items_of(g, cards)))


def hand_name(g, cards):
    """The category of the cards' best hand, e.g. 'full house' or 'one pair'."""
    return handrank.CATEGORY_NAMES[_key(_pairs(cards if type(cards) is list else items_of(g, cards)))[0]]


def hand_rank_of(g, ranks, suits, wilds):
    """hand_rank of cards given as values (rank 2-14, suit name) plus `wilds` cards that stand for any."""
    return _key(_explicit(ranks, suits, wilds), wilds)


def hand_rank_suited_of(g, ranks, suits, wilds):
    """hand_rank_suited from explicit values, as hand_rank_of."""
    return _suited_key(_explicit(ranks, suits, wilds), wilds)


def hand_name_of(g, rank):
    """The category name of a rank made by hand_rank or hand_rank_of, e.g. 'flush'."""
    if not rank or not 0 <= rank[0] < len(handrank.CATEGORY_NAMES):
        raise EvalError(f"hand_name_of(): {rank} is not a hand rank")
    return handrank.CATEGORY_NAMES[rank[0]]
