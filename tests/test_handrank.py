"""Tests for interpreter.primitives.handrank: rules examples, partial hands, suits, wilds,
and a differential check against independent evaluators (eval7, treys).

Cards are written as "As Td 2c" in the tests (rank letter, suit letter) and
converted to the library's (rank, suit) pairs.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings, strategies as st

from interpreter.primitives import handrank as hr
from interpreter.primitives.handrank import (
    CATEGORY_NAMES, best_five, category, compare, hand_key, hand_key_with_suits,
)

RANK_OF = {ch: i for i, ch in enumerate("23456789TJQKA", start=2)}
SUIT_OF = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
DECK = [(r, s) for r in range(2, 15) for s in hr.SUITS]


def cards(text: str) -> list[tuple[int, str]]:
    """'As Td' -> [(14, 'spades'), (10, 'diamonds')]."""
    return [(RANK_OF[c[0]], SUIT_OF[c[1]]) for c in text.split()]


def key(text: str, wilds: int = 0) -> tuple[int, ...]:
    return hand_key(cards(text), wilds=wilds)


# --- an independent, slow reference ------------------------------------------------
# Written from the rules, not from the module: every 5-card subset, sorted
# groups. Cards may repeat (a wild standing for a held card); five of a rank
# is not a hand.

def ref_five(five) -> tuple[int, ...] | None:
    ranks = sorted((r for r, _ in five), reverse=True)
    counts = Counter(ranks)
    if max(counts.values()) == 5:
        return None
    flush = len({s for _, s in five}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    if distinct == [14, 5, 4, 3, 2]:
        top = 5
    ordered = [r for r, _ in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)]
    shape = sorted(counts.values(), reverse=True)
    if top and flush:
        return (8, top)
    if shape[0] == 4:
        return (7, *ordered)
    if shape[:2] == [3, 2]:
        return (6, *ordered)
    if flush:
        return (5, *ranks)
    if top:
        return (4, top)
    if shape[0] == 3:
        return (3, *ordered)
    if shape[:2] == [2, 2]:
        return (2, *ordered)
    if shape[0] == 2:
        return (1, *ordered)
    return (0, *ranks)


def ref_partial(few) -> tuple[int, ...]:
    counts = Counter(r for r, _ in few)
    ordered = [r for r, _ in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)]
    shape = sorted(counts.values(), reverse=True) or [0]
    cat = {4: 7, 3: 3, 2: 2 if shape[1:2] == [2] else 1}.get(shape[0], 0)
    return (cat, *ordered) if cat else (0, *sorted(counts, reverse=True))


def ref_key(hand, wilds: int = 0) -> tuple[int, ...]:
    """Best key over every identity of every wild and every 5-card subset."""
    best: tuple[int, ...] = ()
    for extra in combinations_with_replacement(DECK, wilds):
        full = list(hand) + list(extra)
        if len(full) < 5:
            best = max(best, ref_partial(full))
            continue
        for five in combinations(full, 5):
            k = ref_five(five)
            if k is not None and k > best:
                best = k
    if not best:  # e.g. five copies of one card: only four of them are usable
        capped = [c for i, c in enumerate(hand) if [r for r, _ in hand[:i]].count(c[0]) < 4]
        best = ref_partial(capped)
    return best


# --- categories and ordering ----------------------------------------------------

@pytest.mark.parametrize("text, name, expected", [
    ("As Ks Qs Js Ts", "straight flush", (8, 14)),
    ("9h 9d 9s 9c 2d", "four of a kind", (7, 9, 2)),
    ("3h 3d 3s Kc Kd", "full house", (6, 3, 13)),
    ("2d 7d 9d Jd Kd", "flush", (5, 13, 11, 9, 7, 2)),
    ("6c 7d 8h 9s Tc", "straight", (4, 10)),
    ("Qh Qd Qs 4c 2d", "three of a kind", (3, 12, 4, 2)),
    ("Jh Jd 4s 4c Ad", "two pair", (2, 11, 4, 14)),
    ("Th Td 8s 5c 2d", "one pair", (1, 10, 8, 5, 2)),
    ("Ah Jd 8s 5c 2d", "high card", (0, 14, 11, 8, 5, 2)),
])
def test_category_examples(text, name, expected):
    k = key(text)
    assert k == expected
    assert category(k) == name
    assert CATEGORY_NAMES[k[0]] == name


def test_categories_ranked_in_rule_order():
    chain = ["Ah Jd 8s 5c 2d", "2h 2d 3s 4c 5d", "2h 2d 3s 3c 4d", "2h 2d 2s 3c 4d",
             "Ah 2d 3s 4c 5d", "2d 3d 4d 5d 7d", "2h 2d 2s 3c 3d", "2h 2d 2s 2c 3d",
             "Ac 2c 3c 4c 5c", "Ts Js Qs Ks As"]
    keys = [key(t) for t in chain]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [k[0] for k in keys] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 8]


def test_wheel_is_the_lowest_straight():
    assert key("Ah 2d 3s 4c 5d") == (4, 5)
    assert key("Ah 2d 3s 4c 5d") < key("2h 3d 4s 5c 6d") < key("Th Jd Qs Kc Ad")
    assert key("Ad 2d 3d 4d 5d") == (8, 5) < key("2d 3d 4d 5d 6d")
    assert key("Ah 2d 3s 4c 5d 6h") == (4, 6)  # 2-6 beats the wheel in the same cards


@pytest.mark.parametrize("text", ["Qh Kd As 2c 3d", "Kh As 2d 3c 4d", "Jh Qd Ks Ac 2d"])
def test_no_wrap_around(text):
    assert category(key(text)) == "high card"


def test_kickers_decide_within_a_category():
    assert key("Ah Ad Ks Qc Jd") > key("Ah Ad Ks Qc Td")
    assert key("Ah Ad Kh Kd 3s") > key("Ah Ad Kh Kd 2s")
    assert key("Ah Ad Kh Kd 2s") > key("Ah Ad Qh Qd Ks")
    assert key("7h 7d 7s Ac 2d") > key("7h 7d 7s Kc Qd")
    assert key("2d 3d 4d 5d 7d") < key("2h 3h 4h 6h 7h")
    assert key("Ah Kh Qh Jh 9h") > key("Ad Kd Qd Jd 8d")
    assert key("Kh Kd Ks 2c 2d") > key("Qh Qd Qs Ac Ad")
    assert key("9h 9d 9s 9c Ad") > key("9h 9d 9s 9c Kd")


def test_best_five_of_more_cards():
    assert key("Ah Ad Kh Kd Qs Qc 2d") == (2, 14, 13, 12)  # third pair is the kicker
    assert key("Ah Ad Ac Kh Kd Ks 2d") == (6, 14, 13)      # two trips: full house
    assert key("9h 9d 9s 9c Kd Kh Ks") == (7, 9, 13)
    assert key("4h 5d 6s 7c 8d 9h Td") == (4, 10)
    assert key("2h 4h 6h 8h Th Qh Ah") == (5, 14, 12, 10, 8, 6)
    assert key("5h 6h 7h 8h 9h Th 2c") == (8, 10)
    assert key("5h 6h 7h 8h 9h Td Jc") == (8, 9)           # straight flush over a higher straight
    assert key("2c 3c 4c 5c 6d 9c") == (5, 9, 5, 4, 3, 2)  # flush over straight
    assert key("Ah Kd Qs Jc 9d 7h 3s") == (0, 14, 13, 12, 11, 9)


def test_identical_hands_split():
    assert key("Ah Kd Qs Jc 9d") == key("As Kc Qh Jd 9c")
    assert compare(cards("Ah Kd Qs Jc 9d"), cards("As Kc Qh Jd 9c")) == 0
    board = "2h 2d 7s 7c Ah"                                # both play the board
    assert key(board + " 3c 4d") == key(board + " 3d 5s")
    assert compare(cards("Ah Ad 2c 3d 4h"), cards("Kh Kd Ac Qd Jh")) == 1
    assert compare(cards("Kh Kd Ac Qd Jh"), cards("Ah Ad 2c 3d 4h")) == -1


# --- partial hands -------------------------------------------------------------

def test_partial_hands_rank_by_groups_only():
    assert key("3c 3d") > key("Ah")
    assert key("3c 3d") > key("Ah Kd")
    assert key("3c 3d") == (1, 3)
    assert key("3c 3d 2s") == (1, 3, 2)
    assert key("Ac Ad 9s 9h") == (2, 14, 9)
    assert key("7c 7d 7s 2h") == (3, 7, 2)
    assert key("7c 7d 7s 7h") == (7, 7)
    assert key("Ks") == (0, 13)
    assert key("9c 8c 7c 6c") == (0, 9, 8, 7, 6)    # no straight, no flush with four cards
    assert key("Ac 4d 3s 2h") == (0, 14, 4, 3, 2)
    assert key("2c 2d 2s") > key("Ac Ad Kh Kd")     # trips beat two pair
    assert key("2c 2d 2s 2h") > key("Ac Ad As Kh")  # four of a kind beats trips
    assert hand_key([]) == (0,)


def test_partial_hands_with_fewer_cards_lose_ties_so_far():
    # A missing card ranks below any card: more cards win when tied so far.
    assert key("Ah") < key("Ah 2d")
    assert key("Kc Kd") < key("Kh Ks 2c")
    assert key("Ah Kd") > key("Ah Qd 2c")  # but a higher kicker still wins first


def test_partial_matches_reference():
    rng = random.Random(7)
    for _ in range(2000):
        hand = rng.sample(DECK, rng.randint(1, 4))
        assert hand_key(hand) == ref_partial(hand), hand


# --- suit tie-break ----------------------------------------------------------------

def test_suit_order_for_single_cards():
    ordered = [hand_key_with_suits(cards(t)) for t in ("Kc", "Kh", "Kd", "Ks", "Ac")]
    assert ordered == sorted(ordered) and len(set(ordered)) == 5
    assert hr.SUIT_ORDER == {"clubs": 0, "hearts": 1, "diamonds": 2, "spades": 3}


def test_suits_compared_in_card_order():
    # Equal pairs of kings: the pair holding the spade wins, the kicker comes later.
    a = hand_key_with_suits(cards("Ks Kc 2c"))
    b = hand_key_with_suits(cards("Kd Kh 2s"))
    assert a[0] == b[0] and a > b
    assert a[1] == (3, 0, 0)
    # Equal partial hands of several single cards: the highest card's suit first.
    assert hand_key_with_suits(cards("Ad 3c")) > hand_key_with_suits(cards("Ah 3s"))
    # Suits never overturn ranks.
    assert hand_key_with_suits(cards("Ac 3c")) > hand_key_with_suits(cards("Ks Qs"))
    assert hand_key_with_suits(cards("Ac")) < hand_key_with_suits(cards("Ac 2c"))
    # Flushes of equal ranks: the flush suit decides.
    assert hand_key_with_suits(cards("2s 4s 6s 8s Ts")) > hand_key_with_suits(cards("2d 4d 6d 8d Td"))


def test_best_five_order_and_suits():
    assert best_five(cards("2c 9h 9s Ad Kc 9d 3h")) == cards("9s 9d 9h Ad Kc")
    assert best_five(cards("Ah 2d 3s 4c 5d Kh")) == cards("5d 4c 3s 2d Ah")
    assert best_five(cards("Ah Ad Kh Kd Qs Qc 2d")) == cards("Ad Ah Kd Kh Qs")
    assert best_five(cards("3c 9s 9h")) == cards("9s 9h 3c")  # partial: all, in order
    assert best_five(cards("4d 5d 6d 7d 8d 6h 6s")) == cards("8d 7d 6d 5d 4d")


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True))
def test_with_suits_and_best_five_agree_with_hand_key(hand):
    k, suits = hand_key_with_suits(hand)
    five = best_five(hand)
    assert k == hand_key(hand)
    assert len(five) == min(5, len(hand)) and all(c in hand for c in five)
    assert len(set(five)) == len(five)
    if len(hand) >= 5:
        assert hand_key(five) == k
    assert suits == tuple(hr.SUIT_ORDER[s] for _, s in five)
    assert category(hand_key_with_suits(hand)) == category(k)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=9, unique=True), st.randoms())
def test_order_of_cards_does_not_matter_and_more_cards_never_hurt(hand, rnd):
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert hand_key(shuffled) == hand_key(hand)
    extra = [c for c in DECK if c not in hand][0]
    assert hand_key(hand + [extra]) >= hand_key(hand)


# --- wilds and repeated cards -------------------------------------------------------

def test_wild_examples():
    assert key("Ah Ad As Ac", wilds=1) == (7, 14, 13)        # no five of a kind
    assert key("Ah Ad As Ac Kd", wilds=1) == (7, 14, 13)
    assert key("As 9s 7s 5s", wilds=1) == (5, 14, 14, 9, 7, 5)  # a wild may repeat a card
    assert key("Ks Qs Js Ts", wilds=1) == (8, 14)
    assert key("Ah 2d 3s 4c", wilds=1) == (4, 5)
    assert key("Jh Qh Kd As", wilds=1) == (4, 14)
    assert key("Kd As 2c 3h", wilds=1) == (1, 14, 13, 3, 2)   # no wrap-around: K-A-2-3-4
    assert key("", wilds=1) == (0, 14)
    assert key("", wilds=2) == (1, 14)
    assert key("2c", wilds=1) == (1, 2)                       # a pair of twos beats ace high
    assert key("", wilds=4) == (7, 14)
    assert key("", wilds=5) == (8, 14)
    assert key("2c", wilds=4) == (8, 6)
    assert key("5d", wilds=4) == (8, 9)
    assert key("Kh", wilds=4) == (8, 14)
    assert key("Ah Ad", wilds=2) == (7, 14)
    assert key("2c 7d", wilds=3) == (7, 7, 2)
    assert key("2c 7d 9h Jh Kd", wilds=9) == (8, 14)
    assert category(key("2c 7d 9h", wilds=2)) == "three of a kind"


def test_wild_shows_as_the_card_it_stands_for():
    assert best_five(cards("Ks Qs Js Ts"), wilds=1) == cards("As Ks Qs Js Ts")
    assert best_five(cards("Ah Ad As Kc"), wilds=1) == cards("As Ad Ah Ac Kc")
    assert best_five(cards("As 9s 7s 5s"), wilds=1) == cards("As As 9s 7s 5s")
    assert hand_key_with_suits(cards("Ah"), wilds=1) == ((1, 14), (3, 1))


@pytest.mark.slow
def test_best_five_makes_the_key_with_wilds_and_repeats():
    rng = random.Random(4)
    for _ in range(3000):
        wilds, pool = rng.randint(0, 5), rng.sample(DECK, 12)
        hand = [rng.choice(pool) for _ in range(rng.randint(0, 8))]
        k, five = hand_key(hand, wilds=wilds), best_five(hand, wilds=wilds)
        if len(set(r for r, _ in hand)) == 1 and len(hand) > 4 and not wilds:
            continue  # five copies of one card: only four are usable
        assert len(five) == min(5, len(hand) + wilds)
        assert (ref_five(five) if len(five) == 5 else ref_partial(five)) == k, (hand, wilds)
        not_held = Counter(five) - Counter(hand)  # cards only a wild can stand for
        assert sum(not_held.values()) <= wilds


def test_bad_input():
    with pytest.raises(ValueError):
        hand_key([(1, "spades")])
    with pytest.raises(ValueError):
        hand_key([(14, "stars")])
    with pytest.raises(ValueError):
        hand_key(["As"])
    with pytest.raises(ValueError):
        hand_key(cards("As"), wilds=-1)
    with pytest.raises(ValueError):
        hand_key([([14], "spades")])
    assert hand_key([[14, "spades"], [14, "hearts"]]) == (1, 14)  # lists are fine
    assert hand_key(tuple(cards("As Ks"))) == (0, 14, 13)
    assert hand_key(cards("Ah 2c 3d 4s 5h 6c 7d 8s"), wilds=0) == (4, 8)


@pytest.mark.slow
@pytest.mark.parametrize("wilds, sizes, count", [
    (1, range(0, 8), 150),
    (2, range(0, 6), 30),
    (3, range(0, 3), 8),
])
def test_wilds_match_brute_force(wilds, sizes, count):
    rng = random.Random(wilds)
    for _ in range(count):
        hand = rng.sample(DECK, rng.choice(sizes))
        assert hand_key(hand, wilds=wilds) == ref_key(hand, wilds), hand


@pytest.mark.slow
@pytest.mark.parametrize("wilds, count", [(1, 150), (2, 25)])
def test_wilds_match_brute_force_near_flushes_and_straights(wilds, count):
    # Cards from two suits and seven neighbouring ranks (the ace among them
    # half the time), repeats allowed: flushes, straights, straight flushes,
    # wheels and doubled cards are all common.
    rng = random.Random(100 + wilds)
    for _ in range(count):
        low = rng.choice([2, 8])
        pool = [(r, s) for r in range(low, low + 7) for s in rng.sample(hr.SUITS, 2)]
        hand = [rng.choice(pool) for _ in range(rng.randint(1, 6 - wilds))]
        assert hand_key(hand, wilds=wilds) == ref_key(hand, wilds), hand


def test_repeated_cards_match_reference():
    # e.g. a joker declared as a card that is also held
    rng = random.Random(11)
    assert key("As As Ks Qs Js") == (5, 14, 14, 13, 12, 11)
    assert key("Ah Ad As Ac Ac Kd") == (7, 14, 13)
    for _ in range(1000):
        pool = rng.sample(DECK, 10) if rng.random() < 0.5 else [
            (r, s) for r in (14, 2, 3, 4, 5, 6) for s in ("hearts", "spades")]
        hand = [rng.choice(pool) for _ in range(rng.randint(1, 9))]
        assert hand_key(hand) == ref_key(hand), hand


def test_general_path_agrees_with_fast_path():
    rng = random.Random(3)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.randint(1, 7))
        assert hr._general_key(hand, 0) == hand_key(hand), hand


def test_suits_without_wilds_agree_with_the_general_arrangement():
    """GIVEN random hands of one to seven distinct cards (the shortcut's hands) and of repeated
    cards, every category among them WHEN their suits are worked out by the shortcut for
    plain hands THEN they are the suits of `_arrange`'s cards, or the shortcut declines."""
    rng = random.Random(11)
    declined = Counter()
    for i in range(6000):
        hand = rng.sample(DECK, rng.randint(1, 7)) if i % 10 else [rng.choice(DECK)] * 2
        quick = hr._plain_with_suits(hand)
        key, arranged = hr._arrange(hand, 0)
        if quick is None:
            declined[category(key)] += 1
            continue
        assert quick == (key, tuple(hr.SUIT_ORDER[s] for _, s in arranged)), hand
    assert set(declined) <= {"flush", "straight flush", "one pair"} and declined["one pair"] == 600
    assert hr._plain_with_suits([(15, "spades")]) is None


def test_large_hands_match_reference():
    rng = random.Random(5)
    for n in (8, 9, 10, 13, 20):
        for _ in range(40 if n <= 10 else 5):
            hand = rng.sample(DECK, n)
            if n <= 10:
                assert hand_key(hand) == ref_key(hand), hand
            assert hand_key(hand) == hr._general_key(hand, 0), hand
    flushy = [(r, s) for r in range(2, 15) for s in ("spades", "hearts")]
    assert hand_key(flushy) == (8, 14)
    assert hand_key([(r, "clubs") for r in (2, 4, 6, 8, 10, 12, 14, 3, 5, 7, 9, 11, 13)]) == (8, 14)
    assert hand_key(cards("Ah Ad Ac As 2h 4h 6h 8h")) == (7, 14, 8)


def test_cache_does_not_change_answers():
    hands = [random.Random(9).sample(DECK, 7) for _ in range(200)]
    before = [hand_key(h) for h in hands]
    hr._RANK_KEYS.clear()
    hr._FLUSH_KEYS.clear()
    assert [hand_key(h) for h in hands] == before


# --- differential test against independent evaluators ----------------------------

EVAL7_TYPES = {"High Card": 0, "Pair": 1, "Two Pair": 2, "Trips": 3, "Straight": 4,
               "Flush": 5, "Full House": 6, "Quads": 7, "Straight Flush": 8}


def paired_hands(rng: random.Random, size: int, pairs: int) -> list[list]:
    """Hands in consecutive pairs that share size-2 cards (like a shared board),
    so that ties and kicker fights are common."""
    hands = []
    for _ in range(pairs):
        deal = rng.sample(DECK, size + 2)
        shared = deal[:size - 2]
        hands.append(shared + deal[size - 2:size])
        hands.append(shared + deal[size:])
    return hands


def assert_same_order(ours: list, theirs: list, bigger_is_better: bool) -> None:
    """Our keys and the oracle's values order all hands the same, ties included."""
    sign = 1 if bigger_is_better else -1
    to_theirs: dict = {}
    to_ours: dict = {}
    for k, v in zip(ours, theirs):
        assert to_theirs.setdefault(k, v) == v, f"key {k} maps to {to_theirs[k]} and {v}"
        assert to_ours.setdefault(v, k) == k, f"value {v} maps to {to_ours[v]} and {k}"
    ranked = sorted(to_theirs)
    for lower, higher in zip(ranked, ranked[1:]):
        assert sign * to_theirs[lower] < sign * to_theirs[higher], (lower, higher)


def pair_order(values: list, bigger_is_better: bool = True) -> list[int]:
    sign = 1 if bigger_is_better else -1
    return [((a > b) - (a < b)) * sign for a, b in zip(values[::2], values[1::2])]


@pytest.mark.slow
@pytest.mark.parametrize("size, pairs", [(5, 15_000), (6, 15_000), (7, 20_000)])
def test_differential_eval7(size, pairs):
    eval7 = pytest.importorskip("eval7", reason="eval7 (the oracle) is not installed")
    to_eval7 = {(r, s): eval7.Card("23456789TJQKA"[r - 2] + s[0]) for r, s in DECK}
    hands = paired_hands(random.Random(size), size, pairs)
    ours = [hand_key(h) for h in hands]
    theirs = [eval7.evaluate([to_eval7[c] for c in h]) for h in hands]
    assert pair_order(ours) == pair_order(theirs)
    assert any(o == 0 for o in pair_order(ours))  # ties really occur
    for k, v in zip(ours[:5000], theirs):
        assert k[0] == EVAL7_TYPES[eval7.handtype(v)]
    assert_same_order(ours, theirs, bigger_is_better=True)


def test_differential_treys():
    treys = pytest.importorskip("treys", reason="treys (second oracle) is not installed")
    evaluator = treys.Evaluator()
    to_treys = {(r, s): treys.Card.new("23456789TJQKA"[r - 2] + s[0]) for r, s in DECK}
    rng = random.Random(2)
    for size, pairs in ((5, 4000), (7, 1000)):
        hands = paired_hands(rng, size, pairs)
        ours = [hand_key(h) for h in hands]
        theirs = [evaluator.evaluate([], [to_treys[c] for c in h]) for h in hands]
        assert pair_order(ours) == pair_order(theirs, bigger_is_better=False)
        for k, v in zip(ours, theirs):
            assert k[0] == 9 - max(1, evaluator.get_rank_class(v))  # class 0: royal flush
        assert_same_order(ours, theirs, bigger_is_better=False)
