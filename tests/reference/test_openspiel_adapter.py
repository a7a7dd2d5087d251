"""Self-checks of the OpenSpiel Hearts adapter.

Why: the adapter is the oracle for differential tests of our interpreter, so
its translation (deal order, pass direction, card ids, point transform) and
the OpenSpiel rule quirks we rely on must be pinned down before trusting it.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pyspiel", reason="open_spiel (pyspiel) is not installed; OpenSpiel reference adapter unavailable"
)

from tests.reference.openspiel_hearts import CARD_TO_ACTION, RANKS, OpenSpielHearts  # noqa: E402

DECK = sorted(CARD_TO_ACTION)
DIRECTIONS = ["left", "right", "across", "none"]
OFFSET = {"left": 1, "right": 3, "across": 2, "none": 0}  # receiver = seat + offset


def random_deal(rng: random.Random) -> list[list[str]]:
    """Shuffle the deck and split it into four 13-card hands."""
    deck = DECK[:]
    rng.shuffle(deck)
    return [deck[i * 13:(i + 1) * 13] for i in range(4)]


def cards(spec: str) -> list[str]:
    """'2C 3C 4C' -> ['2C', '3C', '4C']."""
    return spec.split()


def suit_range(suit: str, ranks: str) -> list[str]:
    """All cards of ``suit`` with the given rank characters."""
    return [r + suit for r in ranks]


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_random_playouts_complete(direction: str) -> None:
    """50 seeded random deals per direction play out; passing, lead and points are sane."""
    rng = random.Random(f"openspiel-{direction}")
    for _ in range(50):
        deal = random_deal(rng)
        hand = OpenSpielHearts(deal, direction)
        held = [set(h) for h in deal]

        # Passing: seats 0..3 in order, 3 cards each, only own cards.
        passed: list[list[str]] = [[] for _ in range(4)]
        if direction != "none":
            for i in range(12):
                assert hand.phase() == "pass"
                seat = hand.current_player()
                assert seat == i // 3
                legal = hand.legal()
                assert legal == held[seat] - set(passed[seat])
                card = rng.choice(sorted(legal))
                passed[seat].append(card)
                hand.apply(card)
            for seat in range(4):
                held[seat] -= set(passed[seat])
                held[(seat + OFFSET[direction]) % 4] |= set(passed[seat])
        assert hand.phase() == "play"
        assert [hand.hand(s) for s in range(4)] == held

        # The holder of 2C after passing leads it, and only it.
        leader = next(s for s in range(4) if "2C" in held[s])
        assert hand.current_player() == leader
        assert hand.legal() == {"2C"}

        played = 0
        while hand.phase() == "play":
            seat = hand.current_player()
            legal = hand.legal()
            assert legal and legal <= held[seat]
            card = rng.choice(sorted(legal))
            held[seat].discard(card)
            hand.apply(card)
            played += 1
        assert played == 52 and hand.phase() == "over" and hand.current_player() == -1

        pts = hand.points()
        assert sum(pts) in (26, 78)
        if sum(pts) == 78:  # moon: shooter 0, everyone else 26
            assert sorted(pts) == [0, 26, 26, 26]
        # Independent recount from OpenSpiel's trick record (moon aside).
        tricks = hand.tricks()
        assert len(tricks) == 13 and tricks[0][0] == (leader, "2C")
        if sum(pts) == 26:
            taken = [0] * 4
            for trick in tricks:
                led = trick[0][1][1]
                winner, _ = max((p for p in trick if p[1][1] == led), key=lambda p: RANKS.index(p[1][0]))
                taken[winner] += sum(1 if c[1] == "H" else 13 if c == "QS" else 0 for _, c in trick)
            assert taken == pts


def test_illegal_move_rejected() -> None:
    """The adapter refuses moves OpenSpiel would silently accept."""
    hand = OpenSpielHearts(random_deal(random.Random(1)), "none")
    leader = hand.current_player()
    not_2c = next(iter(hand.hand(leader) - {"2C"}))
    with pytest.raises(ValueError):
        hand.apply(not_2c)


def test_pass_left_goes_to_next_seat() -> None:
    """'left' sends seat s's cards to seat s+1 (OpenSpiel's E is N's left)."""
    deal = random_deal(random.Random(7))
    hand = OpenSpielHearts(deal, "left")
    for seat in range(4):
        for card in sorted(deal[seat])[:3]:
            hand.apply(card)
    for seat in range(4):
        assert set(sorted(deal[seat])[:3]) <= hand.hand((seat + 1) % 4)


def test_first_trick_only_penalty_cards_may_play_any() -> None:
    """Quirk 3: club-void and holding only hearts + QS on trick 1 -> every card legal.

    Also: the QS played there does not break hearts (qs_breaks_hearts=False).
    """
    deal = [
        suit_range("C", "23456789TJQK") + ["2D"],
        ["QS"] + suit_range("H", "3456789TJQKA"),
        suit_range("S", "23456789TJKA") + ["3D"],
        ["AC", "2H"] + suit_range("D", "456789TJQKA"),
    ]
    hand = OpenSpielHearts(deal, "none")
    assert hand.current_player() == 0
    hand.apply("2C")
    assert hand.legal() == set(deal[1])  # all 13 penalty cards, QS included
    hand.apply("QS")
    assert hand.legal() == set(deal[2])  # no penalty cards held: all legal
    hand.apply("AS")
    assert hand.legal() == {"AC"}  # must follow suit
    hand.apply("AC")
    assert not hand.hearts_broken()
    # Seat 3 won and leads holding 2H + diamonds: hearts not broken by the QS.
    assert hand.current_player() == 3
    assert hand.legal() == set(suit_range("D", "456789TJQKA"))


def test_first_trick_penalty_cards_barred_when_avoidable() -> None:
    """A club-void player with a safe card may not discard hearts or the QS on trick 1."""
    deal = [
        suit_range("C", "23456789TJQKA"),
        ["QS"] + suit_range("H", "3456789TJQK") + ["2D"],
        ["AH"] + suit_range("S", "23456789TJKA"),
        ["2H"] + suit_range("D", "3456789TJQKA"),
    ]
    hand = OpenSpielHearts(deal, "none")
    hand.apply("2C")
    assert hand.legal() == {"2D"}
    hand.apply("2D")
    assert hand.legal() == set(suit_range("S", "23456789TJKA"))
    hand.apply("2S")
    assert hand.legal() == set(suit_range("D", "3456789TJQKA"))


def test_lead_qs_forced_when_only_hearts_and_qs_unbroken() -> None:
    """Quirk 4: unbroken hearts, leader holds QS + hearts only -> must lead the QS."""
    deal = [
        ["2C"] + suit_range("S", "23456789TJKA"),
        ["AC", "QS"] + suit_range("H", "23456789TJQ"),
        suit_range("C", "345678") + ["KH"] + suit_range("D", "234567"),
        suit_range("C", "9TJQK") + ["AH"] + suit_range("D", "89TJQKA"),
    ]
    hand = OpenSpielHearts(deal, "none")
    for card in ["2C", "AC", "3C", "9C"]:
        hand.apply(card)
    assert hand.current_player() == 1 and not hand.hearts_broken()
    assert hand.legal() == {"QS"}


def test_lead_hearts_when_only_hearts_held() -> None:
    """Only hearts in hand while unbroken -> any heart may be led, and that breaks hearts."""
    deal = [
        ["2C"] + suit_range("S", "23456789TJQK"),
        ["AC"] + suit_range("H", "23456789TJQK"),
        suit_range("C", "345678") + ["AS"] + suit_range("D", "234567"),
        suit_range("C", "9TJQK") + ["AH"] + suit_range("D", "89TJQKA"),
    ]
    hand = OpenSpielHearts(deal, "none")
    for card in ["2C", "AC", "3C", "9C"]:
        hand.apply(card)
    assert hand.current_player() == 1
    assert hand.legal() == set(suit_range("H", "23456789TJQK"))
    hand.apply("2H")
    assert hand.hearts_broken()


def test_moon_is_add_to_others() -> None:
    """Seat 0 holding all clubs wins every trick, so it shoots the moon under any play."""
    rng = random.Random(3)
    rest = [c for c in DECK if c[1] != "C"]
    rng.shuffle(rest)
    deal = [suit_range("C", "23456789TJQKA"), rest[:13], rest[13:26], rest[26:]]
    hand = OpenSpielHearts(deal, "none")
    while hand.phase() == "play":
        hand.apply(rng.choice(sorted(hand.legal())))
    assert hand.points() == [0, 26, 26, 26]
