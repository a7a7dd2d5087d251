"""Poker hand ranking: one comparable key per hand, for any number of cards.

What: ``hand_key(cards)`` returns a tuple; a larger tuple is a better hand and
equal tuples split. The first element is the category number (index into
``CATEGORY_NAMES``), the rest are the ranks that decide ties, in the order
they are compared:

    straight flush   (8, top)               top is 5 for A-2-3-4-5
    four of a kind   (7, quad, kicker)
    full house       (6, trips, pair)
    flush            (5, r1, r2, r3, r4, r5)
    straight         (4, top)
    three of a kind  (3, trips, k1, k2)
    two pair         (2, high pair, low pair, kicker)
    one pair         (1, pair, k1, k2, k3)
    high card        (0, r1, r2, r3, r4, r5)

With five or more cards the key is that of the best five. With one to four
cards (a *partial hand*, e.g. the face-up cards of a player) only four of a
kind, three of a kind, two pair, one pair and high card exist; the key has
the same shape, just with the kickers there are: ``(1, 3, 14)`` is a pair of
threes with an ace. A partial hand that runs out of kickers while tied so far
loses to the one that has more: a missing card ranks below any card, which
is what tuple comparison does with a shorter prefix. Keys of partial hands
are meant to be compared with keys of partial hands; keys of full hands with
keys of full hands.

Why this design: the evaluator runs in simulation loops, so the common case
(at most seven cards, no wilds) does almost no per-card Python work. Every
card maps to one small integer holding a 3-bit count for its rank and a 4-bit
count for its suit, so the C-level ``sum`` of the codes gives all rank and
suit counts at once. A flush is one addition and one mask away; otherwise the
key depends only on the rank counts, and is computed once per rank multiset
and then served from a dict (about 50,000 multisets exist for seven cards).
No table is built at import. Hands of eight or more cards, hands with wilds
and hands with a repeated card take a slower, general path.

Suits break ties only where a total order is needed (``hand_key_with_suits``):
♠ > ♦ > ♥ > ♣.

Wild cards (``wilds=k``): each wild stands for any card of a 52-card deck,
chosen to give the best key, even a card identical to one already in the hand
(so A♠ 9♠ 7♠ 5♠ plus a wild is the flush A-A-9-7-5). Five of a kind is not a
category: no rank may appear more than four times in the five cards, so four
aces plus a wild are four aces with a king kicker. Cards passed twice (e.g. a
joker declared as a card that is also held) follow the same rule; the extra
copies are simply usable like any other card (and if only one rank is
left, e.g. five copies of one card, the key is that of four of them).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Sequence

Card = tuple[int, str]

CATEGORY_NAMES: tuple[str, ...] = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
 FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH) = range(9)

SUITS: tuple[str, ...] = ("clubs", "hearts", "diamonds", "spades")  # low to high
SUIT_ORDER: dict[str, int] = {suit: i for i, suit in enumerate(SUITS)}
ACE = 14
_RANKS_DOWN = tuple(range(ACE, 1, -1))

# Bit layout of a card code (see the module docstring). It stays below 2**63
# so that ``sum`` adds machine integers, not big ones.
_COUNT_BITS = 3                      # rank r counts at bit 3*(r-2), 13 fields
_SUIT_COUNT_BASE = 13 * _COUNT_BITS  # then a 4-bit count per suit
_RANK_FIELDS = (1 << _SUIT_COUNT_BASE) - 1
# Adding 3 to a suit count sets its bit 3 exactly when the count is 5..12.
_FLUSH_ADD = sum(3 << (_SUIT_COUNT_BASE + 4 * i) for i in range(4))
_FLUSH_TEST = sum(8 << (_SUIT_COUNT_BASE + 4 * i) for i in range(4))
_FAST_MAX = 7  # up to 7 cards no field can overflow, even with repeated cards

_CODE: dict[Card, int] = {
    (rank, suit): (1 << _COUNT_BITS * (rank - 2)) | (1 << _SUIT_COUNT_BASE + 4 * i)
    for i, suit in enumerate(SUITS) for rank in range(2, ACE + 1)
}
_code_of = _CODE.__getitem__
# The 52 cards. Passing these very tuples saves a comparison per card lookup.
DECK: tuple[Card, ...] = tuple(_CODE)
# Straight windows as rank masks, highest first; the wheel uses the ace bit.
_WINDOWS = tuple((top, sum(1 << (ACE if r == 1 else r) for r in range(top - 4, top + 1)))
                 for top in range(ACE, 4, -1))

_RANK_KEYS: dict[int, tuple[int, ...]] = {}   # packed rank counts -> key
_FLUSH_KEYS: dict[int, tuple[int, ...]] = {}  # suit rank mask -> key
_SUITED_KEYS: dict[tuple, tuple] = {}         # (wilds, cards sorted) -> (key, suits)
_CACHE_LIMIT = 200_000                        # only reachable with huge hands


def hand_key(cards: Sequence[Card], *, wilds: int = 0) -> tuple[int, ...]:
    """Key of the best five of ``cards`` (or of a partial hand); larger is better.

    ``wilds`` extra cards may stand for any card (see the module docstring).
    Up to seven cards without wilds take the fast path (about a microsecond);
    more cards, wilds or a repeated card take the general one.
    Raises ValueError for a card that is not a (rank 2..14, suit name) pair.
    """
    if wilds or len(cards) > _FAST_MAX:
        return _slow_key(_checked(cards), wilds)
    try:
        total = sum(map(_code_of, cards))
    except (KeyError, TypeError):
        return hand_key(_checked(cards))
    flush = (total + _FLUSH_ADD) & _FLUSH_TEST
    if flush:
        return _flush_hand_key(cards, total, flush)
    packed = total & _RANK_FIELDS
    key = _RANK_KEYS.get(packed)
    return key if key is not None else _rank_key_miss(packed)


def hand_key_with_suits(cards: Sequence[Card], *, wilds: int = 0) -> tuple:
    """``(hand_key, suits)``: a total order for deciding between equal hands.

    ``suits`` lists the suit numbers (``SUIT_ORDER``: ♠ 3 > ♦ 2 >
    ♥ 1 > ♣ 0) of the cards in the order ``best_five`` gives, which
    is the order the ranks were compared: main groups, then kickers, the
    higher suit first within a rank. Where several cards could fill a place,
    the higher suit is used. Hands stay tied only when they rank with the
    very same cards (e.g. the same five shared cards).
    """
    # The answer depends only on which cards there are: remembered by the sorted cards, as
    # the rank-only keys are by their counts (showdowns rank the same hands again and again).
    memo: tuple[object, ...] | None
    try:
        memo = (wilds, *sorted(cards))
        cached = _SUITED_KEYS.get(memo)
    except TypeError:           # not comparable or not hashable: the checks below explain
        memo = cached = None
    if cached is not None:
        return cached
    result = _plain_with_suits(cards) if not wilds and memo is not None else None
    if result is None:
        key, arranged = _arrange(cards, wilds)
        result = key, tuple(SUIT_ORDER[suit] for _, suit in arranged)
    if memo is not None:
        if len(_SUITED_KEYS) >= _CACHE_LIMIT:
            _SUITED_KEYS.clear()
        _SUITED_KEYS[memo] = result
    return result


def _plain_with_suits(cards: Sequence[Card]) -> tuple | None:
    """`hand_key_with_suits` of distinct cards without wilds that make no flush, without
    `_arrange`: the cards of each rank the key compares, highest suit first. None for any
    other hand (and for cards that are not cards), which `_arrange` then works out."""
    if len(cards) > _FAST_MAX or len(set(cards)) != len(cards):
        return None
    try:
        key = hand_key(cards)
    except ValueError:
        return None
    if key[0] == FLUSH or key[0] == STRAIGHT_FLUSH:
        return None
    suits_of: dict[int, list[int]] = {}
    for rank, suit in cards:
        suits_of.setdefault(rank, []).append(SUIT_ORDER[suit])
    for suits in suits_of.values():
        suits.sort(reverse=True)
    # equal ranks stand together in the order (no wild splits a group), so taking each
    # rank's suits highest first is the order `_arrange` sorts its cards into
    return key, tuple([suits_of[rank].pop(0) for rank in _rank_order(key)])


def best_five(cards: Sequence[Card], *, wilds: int = 0) -> list[Card]:
    """The five cards that make ``hand_key``, in the order they are compared.

    A wild shows as the card it stands for: the flush suit in a flush,
    otherwise the highest suit not already shown for that rank. Real cards
    are used before wilds. With fewer than five cards in all, returns them
    all, in comparison order (and four, if only four of the cards are
    usable: five copies of one card).
    """
    return _arrange(cards, wilds)[1]


def category(key: tuple) -> str:
    """Name of the category of a ``hand_key`` or ``hand_key_with_suits`` key."""
    first = key[0]
    return CATEGORY_NAMES[first[0] if isinstance(first, tuple) else first]


def compare(a: Sequence[Card], b: Sequence[Card]) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 if they split."""
    key_a, key_b = hand_key(a), hand_key(b)
    return (key_a > key_b) - (key_a < key_b)


# --- keys from rank counts -------------------------------------------------

def _straight_top(mask: int) -> int:
    """Top rank of the highest straight in a rank mask (bit r = rank r), or 0."""
    mask |= (mask >> 13) & 2  # an ace also plays as 1
    runs = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
    return runs.bit_length() + 3 if runs else 0


def _rank_key_miss(packed: int) -> tuple[int, ...]:
    """Best key from packed rank counts alone, remembered for next time.

    Covers every category but flushes. A count above 4 (only possible with
    repeated cards) counts as 4. With fewer than five cards the straight and
    full house cannot occur, which gives the partial-hand rules.
    """
    if len(_RANK_KEYS) >= _CACHE_LIMIT:
        _RANK_KEYS.clear()
    present: list[int] = []  # ranks high to low
    groups: tuple[list[int], ...] = ([], [], [], [], [])  # ranks by count
    for r in _RANKS_DOWN:
        count = (packed >> _COUNT_BITS * (r - 2)) & 7
        if count:
            present.append(r)
            groups[min(count, 4)].append(r)
    _, _, pairs, trips, quads = groups
    if quads:
        key = (FOUR_OF_A_KIND, quads[0], *[r for r in present if r != quads[0]][:1])
    elif trips and (len(trips) > 1 or pairs):
        key = (FULL_HOUSE, trips[0], max(trips[1:2] + pairs[:1]))
    elif top := _straight_top(sum(1 << r for r in present)):
        key = (STRAIGHT, top)
    elif trips:
        key = (THREE_OF_A_KIND, trips[0], *[r for r in present if r != trips[0]][:2])
    elif len(pairs) >= 2:
        high, low = pairs[:2]
        key = (TWO_PAIR, high, low, *[r for r in present if r != high and r != low][:1])
    elif pairs:
        key = (ONE_PAIR, pairs[0], *[r for r in present if r != pairs[0]][:3])
    else:
        key = (HIGH_CARD, *present[:5])
    _RANK_KEYS[packed] = key
    return key


def _pack(counts: Sequence[int]) -> int:
    """Rank counts (capped at 4: no five of a kind) as packed 3-bit fields."""
    return sum(min(counts[r], 4) << _COUNT_BITS * (r - 2) for r in range(2, ACE + 1))


# --- flushes ----------------------------------------------------------------

def _flush_hand_key(cards: Sequence[Card], total: int, flush: int) -> tuple[int, ...]:
    """Key of at most seven cards of which five or more share a suit.

    With seven cards a flush rules out four of a kind and a full house, so
    the key is that suit's straight flush or flush.
    """
    i = (flush.bit_length() - _SUIT_COUNT_BASE - 4) // 4  # the only such suit
    mask = _suit_mask(cards, SUITS[i])
    if mask.bit_count() != (total >> (_SUIT_COUNT_BASE + 4 * i)) & 15:
        return _general_key(list(cards), 0)  # a repeated card in the flush
    return _suit_key(mask)


def _suit_mask(cards: Sequence[Card], suit: str) -> int:
    """Rank mask (bit r set when rank r is present) of the cards of one suit."""
    mask = 0
    for rank, card_suit in cards:
        if card_suit == suit:
            mask |= 1 << rank
    return mask


def _suit_key(mask: int) -> tuple[int, ...]:
    """Straight flush or flush key of five or more distinct ranks of one suit."""
    key = _FLUSH_KEYS.get(mask)
    if key is None:
        top = _straight_top(mask)
        ranks = [r for r in _RANKS_DOWN if mask >> r & 1][:5]
        key = _FLUSH_KEYS[mask] = (STRAIGHT_FLUSH, top) if top else (FLUSH, *ranks)
    return key


def _straight_flush_top(mask: int, wilds: int) -> int:
    """Highest straight flush in one suit's rank mask when ``wilds`` fill gaps, or 0."""
    if not wilds:
        return _straight_top(mask)
    for top, window in _WINDOWS:
        if (window & ~mask).bit_count() <= wilds:
            return top
    return 0


def _flush_key(suit_counts: Sequence[int], wilds: int) -> tuple[int, ...] | None:
    """Best flush in one suit with ``wilds`` free cards, or None.

    Taking as many of the highest rank as allowed (real cards, then wilds,
    at most four of a rank) maximises the sorted ranks.
    """
    if sum(suit_counts) + wilds < 5:
        return None
    ranks: list[int] = []
    for r in _RANKS_DOWN:
        take = min(4, suit_counts[r] + wilds, 5 - len(ranks))
        wilds -= max(0, take - suit_counts[r])
        ranks += [r] * take
    return (FLUSH, *ranks)


# --- general case: wilds or repeated cards ------------------------------------

def _tally(cards: Sequence[Card]) -> tuple[list[int], dict[str, list[int]]]:
    """Rank counts and per-suit rank counts (index = rank)."""
    counts = [0] * (ACE + 1)
    suited = {suit: [0] * (ACE + 1) for suit in SUITS}
    for rank, suit in cards:
        counts[rank] += 1
        suited[suit][rank] += 1
    return counts, suited


def _mask(counts: Sequence[int]) -> int:
    """Rank mask (bit r set when rank r is present) of rank counts."""
    return sum(1 << r for r in range(2, ACE + 1) if counts[r])


def _best_rank_key(counts: list[int], wilds: int) -> tuple[int, ...]:
    """Best rank-only key when each wild takes some rank (tries them all).

    A wild that would be a fifth card of a rank is left out; some other
    choice for it is never worse, so the best key is unchanged.
    """
    base = _pack(counts)
    best: tuple[int, ...] = ()
    for extra in combinations_with_replacement(range(2, ACE + 1), wilds):
        packed = base
        for r in extra:
            shift = _COUNT_BITS * (r - 2)
            if (packed >> shift) & 7 < 4:
                packed += 1 << shift
        key = _RANK_KEYS.get(packed) or _rank_key_miss(packed)
        if key > best:
            best = key
    return best


def _slow_key(cards: list[Card], wilds: int) -> tuple[int, ...]:
    """Key of checked cards that are too many for the fast path, or have wilds."""
    if wilds or len(set(cards)) != len(cards):
        return _general_key(cards, wilds)
    # Distinct cards: rank counts stay <= 4 and suit counts <= 13, so the
    # packed sum is still exact; only the flush test must read each suit.
    total = sum(map(_code_of, cards))
    packed = total & _RANK_FIELDS
    best = _RANK_KEYS.get(packed) or _rank_key_miss(packed)
    for i, suit in enumerate(SUITS):
        if (total >> (_SUIT_COUNT_BASE + 4 * i)) & 15 >= 5:
            best = max(best, _suit_key(_suit_mask(cards, suit)))
    return best


def _general_key(cards: Sequence[Card], wilds: int) -> tuple[int, ...]:
    """Key by category, highest first; correct for wilds and repeated cards.

    Flushes are the only suit-dependent category apart from straight
    flushes, so everything else is solved on ranks alone, trying every rank
    for every wild (at most 1820 tries with four wilds, fewer otherwise).
    """
    if wilds < 0:
        raise ValueError(f"wilds must be >= 0, not {wilds}")
    counts, suited = _tally(cards)
    if len(cards) + wilds < 5:  # partial hand: every wild is one of its cards
        return _best_rank_key(counts, wilds)
    wilds = min(wilds, 5)
    flush_suits = [c for c in suited.values() if sum(c) + wilds >= 5]
    top = max((_straight_flush_top(_mask(c), wilds) for c in flush_suits), default=0)
    if top:
        return (STRAIGHT_FLUSH, top)
    by_rank = _best_rank_key(counts, wilds)
    if by_rank[0] >= FULL_HOUSE or not flush_suits:
        return by_rank
    return max(_flush_key(c, wilds) for c in flush_suits)  # type: ignore[misc]  # a flush suit has one


# --- showing the cards ----------------------------------------------------------

def _rank_order(key: tuple[int, ...]) -> list[int]:
    """The ranks of the hand's cards in comparison order, from its key."""
    cat, *ranks = key
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top = ranks[0]
        return [ACE if r == 1 else r for r in range(top, top - 5, -1)]
    repeat = {FOUR_OF_A_KIND: (4,), FULL_HOUSE: (3, 2), THREE_OF_A_KIND: (3,),
              TWO_PAIR: (2, 2), ONE_PAIR: (2,)}.get(cat, ())
    order: list[int] = []
    for i, rank in enumerate(ranks):
        order += [rank] * (repeat[i] if i < len(repeat) else 1)
    return order


def _arrange(cards: Sequence[Card], wilds: int) -> tuple[tuple[int, ...], list[Card]]:
    """The key and the cards that make it, in comparison order."""
    cards = _checked(cards)
    key = hand_key(cards, wilds=wilds)
    _, suited = _tally(cards)
    suit_choice: str | None = None
    if key[0] in (STRAIGHT_FLUSH, FLUSH):  # the highest suit that makes the key
        free = min(wilds, 5)
        for suit in reversed(SUITS):
            made: tuple[int, ...] | None
            if key[0] == STRAIGHT_FLUSH:
                made = (STRAIGHT_FLUSH, _straight_flush_top(_mask(suited[suit]), free))
            else:
                made = _flush_key(suited[suit], free)
            if made == key:
                suit_choice = suit
                break
    # Suits still available per rank, highest first (repeats kept); a rank no card has, none.
    pool: dict[int, list[str]] = {r: [] for r in range(2, ACE + 1)}
    for rank, suit in sorted(cards, key=lambda card: -SUIT_ORDER[card[1]]):
        pool[rank].append(suit)
    arranged: list[Card] = []
    for rank in _rank_order(key):
        if suit_choice is not None:
            suit = suit_choice
            if suit in pool[rank]:
                pool[rank].remove(suit)
        elif pool[rank]:
            suit = pool[rank].pop(0)
        else:  # a wild: the highest suit not already shown for this rank
            shown = {s for r, s in arranged if r == rank}
            suit = next((s for s in reversed(SUITS) if s not in shown), SUITS[-1])
        arranged.append((rank, suit))
    # Within a rank the higher suit comes first (a wild may have a higher one).
    first = {rank: i for i, (rank, _) in reversed(list(enumerate(arranged)))}
    arranged.sort(key=lambda card: (first[card[0]], -SUIT_ORDER[card[1]]))
    return key, arranged


def _checked(cards: Sequence[Card]) -> list[Card]:
    """The cards as (rank, suit) tuples; ValueError for anything else."""
    out: list[Card] = []
    for card in cards:
        try:
            rank, suit = card
        except (TypeError, ValueError):
            raise ValueError(f"not a (rank, suit) card: {card!r}") from None
        try:
            known = (rank, suit) in _CODE
        except TypeError:  # unhashable parts
            known = False
        if not known:
            raise ValueError(f"not a card: {card!r} (rank 2..14, suit one of {SUITS})")
        out.append((int(rank), suit))
    return out
