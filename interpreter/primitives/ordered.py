"""Hand ranking under an order the ruleset gives: ranks and suits from low to high.

`hand_rank` knows one order (the ace high, ♠ > ♦ > ♥ > ♣ for ties). Climbing games rank
otherwise: in some the 2 is the highest card and ♦ < ♣ < ♥ < ♠. These builtins take both
orders as lists, so the rules say it in YAML:

    hand_rank_by(play, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2], ['diamonds', 'clubs', 'hearts', 'spades'])

The key is a list of numbers compared item by item, as `hand_rank`'s: the category first (the
same numbers, so `hand_name_of` names it), then the places in the rank order of the cards in
the order they are compared (bigger groups first, then higher places), then the places of
their suits in the suit order, card by card (the higher suit first within a rank). Straights
are five cards on consecutive places of the rank order (no wrapping round); flushes five of
one suit. With fewer than five cards only groups count (four, three, two pairs, a pair, a
single card); with more than five, the best five (at most ten cards).
"""
from __future__ import annotations

from itertools import combinations

from interpreter.errors import EvalError
from interpreter.primitives.combinations_cards import items_of
from interpreter.primitives.handrank import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR,
                                             STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR)

MAX_CARDS = 10   # the best five of ten is 252 hands; more is a sign to rank another way


def _places(cards, ranks: list, suits: list) -> list[tuple[int, int]]:
    """(rank place, suit place) of each card; an error names a card whose rank or suit is not listed."""
    rank_at = {r: i for i, r in enumerate(ranks)}
    suit_at = {s: i for i, s in enumerate(suits)}
    out = []
    for c in cards:
        rank, suit = c.attrs.get("rank"), c.attrs.get("suit")
        if rank not in rank_at:
            raise EvalError(f"card {c.label}: its rank {rank!r} is not in the rank order {ranks}")
        if suits and suit not in suit_at:
            raise EvalError(f"card {c.label}: its suit {suit!r} is not in the suit order {suits}")
        out.append((rank_at[rank], suit_at.get(suit, 0)))
    return out


def _key_of_five_or_fewer(cards: list[tuple[int, int]]) -> list[int]:
    counts: dict[int, int] = {}
    for place, _ in cards:
        counts[place] = counts.get(place, 0) + 1
    # comparison order: bigger groups first, then higher places; within a place, higher suits first
    order = sorted(counts, key=lambda p: (counts[p], p), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    arranged = sorted(cards, key=lambda c: (counts[c[0]], c[0], c[1]), reverse=True)
    suits = [s for _, s in arranged]
    if len(cards) == 5:
        flush = len({s for _, s in cards}) == 1
        straight = len(counts) == 5 and max(counts) - min(counts) == 4
        if straight:
            return [STRAIGHT_FLUSH if flush else STRAIGHT, max(counts)] + suits
        if flush and shape[0] < 4 and shape != [3, 2]:
            return [FLUSH] + order + suits
    category = {4: FOUR_OF_A_KIND, 3: FULL_HOUSE if shape[1:2] == [2] else THREE_OF_A_KIND,
                2: TWO_PAIR if shape[1:2] == [2] else ONE_PAIR, 1: HIGH_CARD}[min(shape[0], 4)]
    return [category] + order + suits


def hand_key_by(cards, ranks: list, suits: list) -> list[int]:
    places = _places(cards, ranks, suits)
    if not places:
        raise EvalError("hand_rank_by() of no cards")
    if len(places) <= 5:
        return _key_of_five_or_fewer(places)
    if len(places) > MAX_CARDS:
        raise EvalError(f"hand_rank_by() of {len(places)} cards: at most {MAX_CARDS}")
    return max(_key_of_five_or_fewer(list(five)) for five in combinations(places, 5))


def hand_rank_by(g, cards, ranks, suits):
    """Poker rank of the cards with `ranks` and `suits` listed low to high (suits [] to ignore
    them): hand_rank_by(play, [3, 4, ..., 14, 2], ['diamonds', 'clubs', 'hearts', 'spades'])
    ranks a climbing game's plays, 2 high. Straights follow the rank order; see the module notes."""
    return hand_key_by(cards if type(cards) is list else items_of(g, cards), ranks, suits)


def card_rank_by(g, c, ranks, suits):
    """One number per card that orders cards by rank, then suit, in the orders given (low to high):
    the highest single card is the one with the largest card_rank_by."""
    ((rank, suit),) = _places([c], ranks, suits)
    return rank * max(len(suits), 1) + suit
