"""Tests for the combination builtins of interpreter/primitives/combinations.py: groups, runs, is_group,
is_run, subsets, distinct_sets. They are general (any shedding, climbing or rummy-like game), so
they are tested here on plain cards, two-deck hands and jokers, apart from any one ruleset; then
once through a small ruleset, as a `choose: value` decision.
"""
from __future__ import annotations

import random
import textwrap

import pytest

from interpreter import Game, RulesetError, load_ruleset
from interpreter.errors import EvalError
from interpreter.language.builtins import BUILTINS
from interpreter.engine.state import Card
from interpreter.primitives import combinations, combinations_quick, combinations_search

RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, **{str(n): n for n in range(2, 10)}}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
ACE_LOW_OR_HIGH = [14] + list(range(2, 15))


def make(ids: str) -> list[Card]:
    """Cards from ids: '5H' a standard card, '5H#2' a second identical 5H, 'J1' a joker."""
    out = []
    for i, card_id in enumerate(ids.split()):
        if card_id.startswith("J") and card_id[1:].isdigit():
            attrs = {"rank": 0, "suit": "joker"}
        else:
            attrs = {"rank": RANKS[card_id[0]], "suit": SUITS[card_id[1]]}
        out.append(Card(card_id, card_id, attrs, i))
    return out


def call(name, *args):
    return BUILTINS[name].fn(None, *args)


class Table:
    """What the combination builtins read of a game: its card variables, by card index."""

    def __init__(self, card_vars: list):
        self.card_vars = card_vars


def ids(sets) -> list[str]:
    return ["+".join(c.id for c in s) for s in sets]


def canon(cards) -> tuple:
    """A set up to interchangeable cards: identical cards share one name."""
    return tuple(sorted((c.attrs["rank"], c.attrs["suit"]) for c in cards))


def jokers(cards):
    return [c for c in cards if c.attrs["suit"] == "joker"]


def naturals(cards):
    return [c for c in cards if c.attrs["suit"] != "joker"]


# -- groups --------------------------------------------------------------------------------------------

def test_groups_are_the_sets_of_one_rank():
    """GIVEN 5♥ 5♠ 5♦ 9♣ and no wild card
    WHEN groups of 2 to 4 are listed by rank
    THEN they are the three pairs and the three 5s, natural cards in hand order; 9♣ is in none."""
    hand = make("5H 5S 5D 9C")
    assert ids(call("groups", hand, "rank", [], 2, 4)) == ["5H+5S", "5H+5D", "5S+5D", "5H+5S+5D"]
    assert ids(call("groups", hand, "rank", [], 1, 1)) == ["5H", "5S", "5D", "9C"]
    assert call("groups", hand, "rank", [], 3, 2) == []


def test_groups_with_interchangeable_jokers_count_each_number_of_jokers_once():
    """GIVEN 5♥ and three identical jokers (the jokers also passed in `cards`)
    WHEN groups of 2 to 7 are listed
    THEN 5♥ goes with 1, 2 or 3 jokers, and 2 or 3 jokers alone form a group: one set for each
    number of jokers, always the first jokers, never a joker counted as natural."""
    hand = make("J1 5H J2 J3")
    assert ids(call("groups", hand, "rank", jokers(hand), 2, 7)) == [
        "5H+J1", "5H+J1+J2", "5H+J1+J2+J3", "J1+J2", "J1+J2+J3"]


def test_groups_by_another_attribute_or_a_card_variable():
    """GIVEN cards whose card variable 'colour' is set, and the suit attribute
    WHEN groups are listed by 'suit' and by 'colour'
    THEN the key is any attribute or card variable; an unknown one is an error naming it."""
    hand = make("5H 9H 5S")
    assert ids(call("groups", hand, "suit", [], 2, 2)) == ["5H+9H"]
    table = Table([{"colour": colour} for colour in ["red", "red", "black"]])   # by card.index
    assert ids(BUILTINS["groups"].fn(table, hand, "colour", [], 2, 3)) == ["5H+9H"]
    with pytest.raises(EvalError, match="no attribute or variable 'color'"):
        BUILTINS["groups"].fn(table, hand, "color", [], 2, 3)


def test_identical_cards_of_two_decks_are_one_choice():
    """GIVEN two identical 5♥ (two decks) and 5♠
    WHEN groups of 2 are listed
    THEN 5♥ 5♥ and 5♥ 5♠ are offered once each."""
    hand = make("5H 5H#2 5S")
    assert ids(call("groups", hand, "rank", [], 2, 2)) == ["5H+5H#2", "5H+5S"]


# -- runs ----------------------------------------------------------------------------------------------

def test_runs_of_one_suit_ace_low_or_high_without_wrap_around():
    """GIVEN A♥ 2♥ 3♥ K♥ Q♥ 4♠ and the order A 2 .. K A
    WHEN runs of 2 to 4 in one suit are listed
    THEN A 2, A 2 3, 2 3, Q K, Q K A, K A - never K A 2 (no wrap-around), never across suits."""
    hand = make("AH 2H 3H KH QH 4S")
    got = sorted(ids(call("runs", hand, "rank", "suit", [], ACE_LOW_OR_HIGH, 2, 4)))
    assert got == sorted(["AH+2H", "AH+2H+3H", "2H+3H", "QH+KH", "QH+KH+AH", "KH+AH"])


def test_runs_place_each_wild_card_where_it_stands():
    """GIVEN 3♥ 5♥ and two jokers
    WHEN runs of 2 to 4 are listed
    THEN a joker fills the gap (3♥ J 5♥, listed in sequence order, which shows its meaning) or an
    end; 3♥ 5♥ alone is no run; jokers alone are a run."""
    hand = make("3H 5H J1 J2")
    got = ids(call("runs", hand, "rank", "suit", jokers(hand), ACE_LOW_OR_HIGH, 2, 4))
    assert "3H+J1+5H" in got and "3H+J1+5H+J2" in got and "3H+J1" in got and "J1+J2" in got
    assert "3H+5H" not in got
    assert len(got) == len({tuple(sorted(s.split("+"))) for s in got})


def test_runs_with_wild_cards_list_each_call_its_own_cards_from_a_kept_layout():
    """GIVEN 3♥ 5♥ 7♥ 8♥ 9♥ with two jokers, listed twice (a shape seen a second time is kept as a
    table), then 3♠ 5♠ 7♠ 8♠ 9♠ with two other jokers: the same shape, other cards
    WHEN runs of 2 to 4 are listed for each
    THEN the second hand lists the same runs with its own cards, never one of the first hand's."""
    first = make("3H 5H 7H 8H 9H J1 J2")
    second = make("3S 5S 7S 8S 9S J3 J4")
    call("runs", first, "rank", "suit", jokers(first), ACE_LOW_OR_HIGH, 2, 4)
    got_first = ids(call("runs", first, "rank", "suit", jokers(first), ACE_LOW_OR_HIGH, 2, 4))
    got_second = ids(call("runs", second, "rank", "suit", jokers(second), ACE_LOW_OR_HIGH, 2, 4))
    renamed = {"J1": "J3", "J2": "J4", **{r + "H": r + "S" for r in "35789"}}
    assert got_second == ["+".join(renamed[i] for i in run.split("+")) for run in got_first]
    assert "3S+J3+5S" in got_second


def test_runs_in_any_suit_and_in_a_custom_order():
    """GIVEN 5♥ 6♠ 6♦ 7♣, no suit constraint (same: ''), and an order where 2 ranks above the ace
    WHEN runs are listed
    THEN 5 6 7 is a run twice (with either 6), and A 2 follows K in the custom order."""
    hand = make("5H 6S 6D 7C")
    got = ids(call("runs", hand, "rank", "", [], ACE_LOW_OR_HIGH, 3, 3))
    assert sorted(got) == ["5H+6D+7C", "5H+6S+7C"]
    two_high = list(range(3, 15)) + [2]
    hand = make("KS AS 2S 3S")
    assert sorted(ids(call("runs", hand, "rank", "suit", [], two_high, 3, 3))) == ["KS+AS+2S"]


def test_combinations_never_exceed_the_order_or_the_bounds():
    """GIVEN four jokers and an order of three places
    WHEN runs of up to 7 are listed
    THEN none is longer than the order (3 places)."""
    hand = make("J1 J2 J3 J4")
    sets = call("runs", hand, "rank", "suit", hand, [1, 2, 3], 1, 7)
    assert max(len(s) for s in sets) == 3


# -- checks against brute force ----------------------------------------------------------------------

DOUBLE_DECK = [r + s for s in "CDHS" for r in "23456789TJQKA"]
DOUBLE_DECK = DOUBLE_DECK + [c + "#2" for c in DOUBLE_DECK] + ["J1", "J2", "J3", "J4"]


def _reference_run(cards, same: bool, order: list[int]) -> bool:
    """Brute force: some window of `order` of the set's size takes every natural card at a
    distinct place of its rank, jokers anywhere."""
    nat = naturals(cards)
    if same and len({c.attrs["suit"] for c in nat}) > 1:
        return False
    size = len(cards)
    for start in range(len(order) - size + 1):
        window = order[start:start + size]
        free = list(range(size))

        def place(k):
            if k == len(nat):
                return True
            for i in list(free):
                if window[i] == nat[k].attrs["rank"]:
                    free.remove(i)
                    if place(k + 1):
                        return True
                    free.append(i)
            return False
        if place(0):
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("same", [True, False])
def test_groups_and_runs_match_brute_force_on_two_deck_hands(same):
    """GIVEN 60 random hands of 9 cards from two decks and four jokers
    WHEN groups and runs of 1 to 5 are listed
    THEN they are exactly the subsets that is_group / is_run accept and that a brute-force search
    accepts, each once up to interchangeable cards (two 5♥, any jokers)."""
    rng = random.Random(7 + same)
    for _ in range(60):
        hand = make(" ".join(rng.sample(DOUBLE_DECK, 9)))
        wild = jokers(hand)
        suit = "suit" if same else ""
        all_sets = call("subsets", hand, 1, 5)
        for name, check, reference in (
                ("groups", lambda s: call("is_group", s, "rank", wild),
                 lambda s: len({c.attrs["rank"] for c in naturals(s)}) <= 1),
                ("runs", lambda s: call("is_run", s, "rank", suit, wild, ACE_LOW_OR_HIGH),
                 lambda s: _reference_run(s, same, ACE_LOW_OR_HIGH))):
            args = (hand, "rank", wild, 1, 5) if name == "groups" else (hand, "rank", suit, wild, ACE_LOW_OR_HIGH, 1, 5)
            got = [canon(s) for s in call(name, *args)]
            assert len(got) == len(set(got)), name
            assert set(got) == {canon(s) for s in all_sets if check(s)} == {canon(s) for s in all_sets if reference(s)}


@pytest.mark.slow
def test_a_natural_card_interchangeable_with_a_wild_one_gives_each_set_once():
    """GIVEN random two-deck hands where only the first joker is wild, so that another joker,
    identical to it, is a natural card (of rank 0)
    WHEN groups and runs of 1 to 5 are listed, with an order where rank 0 comes first
    THEN each set is listed once up to interchangeable cards ([J1] wild alone and [J2] natural
    alone are one set), and they are exactly the subsets is_group / is_run accept."""
    rng = random.Random(11)
    order = [0] + ACE_LOW_OR_HIGH
    for _ in range(40):
        hand = make(" ".join(rng.sample(DOUBLE_DECK[:6] + DOUBLE_DECK[52:58] + DOUBLE_DECK[-4:], 9)))
        wild = jokers(hand)[:1]
        all_sets = call("subsets", hand, 1, 5)
        for name, args, check in (
                ("groups", (hand, "rank", wild, 1, 5), lambda s: call("is_group", s, "rank", wild)),
                ("runs", (hand, "rank", "", wild, order, 1, 5), lambda s: call("is_run", s, "rank", "", wild, order))):
            got = [canon(s) for s in call(name, *args)]
            assert len(got) == len(set(got)), (name, [c.id for c in hand])
            assert set(got) == {canon(s) for s in all_sets if check(s)}


# -- the quick paths against the search ----------------------------------------------------------------
# groups and runs build their sets at once in the usual cases (no interchangeable cards to compare,
# no cap in reach) and leave the rest to a search that goes candidate by candidate; distinct_sets has
# a loop for lists of cards and one that counts every set. Each quick path must give what the search
# gives: the same cards in the same sets in the same order, or the same error.

def _random_hand(rng) -> tuple[list[Card], Table]:
    """Up to 16 different standard cards (in one hand out of two, of five ranks in a row, for long
    runs) and up to 3 jokers identical to each other; now and then two identical cards (two
    decks), a joker that is not like the others, a card without a rank, a card with a variable."""
    low = rng.randint(2, 10)
    ranks = list(RANKS.values()) if rng.random() < 0.5 else list(range(low, low + 5))
    faces = [{"rank": r, "suit": s} for r in ranks for s in "CDHS"[:rng.randint(1, 4)]]
    attrs = rng.sample(faces, rng.randint(0, min(16, len(faces)))) + [{"rank": 0, "suit": "joker"}] * rng.randint(0, 3)
    for odd in ({"rank": 0, "suit": "joker", "big": True}, {"suit": "H"}):
        if rng.random() < 0.1:
            attrs.append(odd)
    cards = [Card(f"c{i}", f"c{i}", dict(a), i) for i, a in enumerate(attrs)]
    card_vars = [{"colour": "red"} if rng.random() < 0.02 else {} for _ in cards]
    cards += [Card(f"{c.id}#2", c.label, dict(c.attrs), len(attrs) + k)
              for k, c in enumerate(c for c in cards if rng.random() < 0.03)]
    card_vars += [{} for _ in range(len(cards) - len(card_vars))]
    rng.shuffle(cards)
    return cards, Table(card_vars)


def _outcome(table, fn, *args):
    """The sets fn makes, or the message of its error."""
    try:
        return fn(table, *args)
    except EvalError as exc:
        return str(exc)


def _same(a, b) -> bool:
    """The same sets of the very same cards in the same order, or the same error."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return [[id(c) for c in s] for s in a] == [[id(c) for c in s] for s in b]


ORDERS = [ACE_LOW_OR_HIGH, list(range(2, 15)), [0] + ACE_LOW_OR_HIGH, [5, 6, 5], [2, 3, 4]]


@pytest.mark.slow
def test_the_quick_paths_find_what_the_search_finds(monkeypatch):
    """GIVEN 3,000 random hands (see _random_hand), random wild cards among them, sizes and orders,
    and in one case out of two caps lowered so that they are reached
    WHEN groups, runs and distinct_sets are listed, with their quick paths and without
    THEN both give the same sets of the same cards in the same order, or the same error."""
    rng = random.Random(2)
    for _ in range(3000):
        low_caps = rng.random() < 0.5
        max_sets = rng.choice([5, 30]) if low_caps else 20_000
        max_tries = rng.choice([5, 10, 20, 60, 200]) if low_caps else 100_000
        for module in (combinations, combinations_search, combinations_quick):    # each reads the caps as its own
            monkeypatch.setattr(module, "MAX_SETS", max_sets)
            monkeypatch.setattr(module, "MAX_TRIES", max_tries)
        hand, table = _random_hand(rng)
        wild = rng.choice([[], jokers(hand), jokers(hand), jokers(hand)[:1], jokers(hand)[:1], hand[:2]])
        cards = hand if rng.random() < 0.3 else [c for c in hand if c not in wild]
        key, low, high = rng.choice(["rank"] * 9 + ["colour"]), rng.randint(0, 3), rng.randint(0, 7)
        order, same = rng.choice(ORDERS), rng.choice(["suit", "suit", ""])
        groups = (cards, key, wild, low, high)
        runs = (cards, "rank", same, wild, order, low, high)
        quick = [_outcome(table, combinations.groups, *groups), _outcome(table, combinations.runs, *runs)]
        with monkeypatch.context() as slow:
            slow.setattr(combinations, "_quick_groups", lambda *args: None)
            slow.setattr(combinations, "_quick_runs", lambda *args: None)
            searched = [_outcome(table, combinations.groups, *groups), _outcome(table, combinations.runs, *runs)]
        assert all(_same(a, b) for a, b in zip(quick, searched))
        sets = [[c] for c in hand] + [s for found in quick if not isinstance(found, str) for s in found]
        sets += sets[:3] + ([sets[0] + sets[0]] if sets and rng.random() < 0.2 else [])
        assert _same(_outcome(table, combinations.distinct_sets, sets),
                     _outcome(table, lambda g, xs: combinations._distinct_one_by_one(g, xs, g.card_vars), sets))


# -- subsets and distinct_sets -------------------------------------------------------------------------

def test_subsets_in_order_and_bounded():
    """GIVEN four cards
    WHEN subsets of 2 are listed, and subsets of a 30-card list of up to 10
    THEN the six pairs come in list order; the huge request is an error, not a hang."""
    hand = make("2C 3C 4C 5C")
    assert ids(call("subsets", hand, 2, 2)) == ["2C+3C", "2C+4C", "2C+5C", "3C+4C", "3C+5C", "4C+5C"]
    with pytest.raises(EvalError, match="more than 20000"):
        call("subsets", make(" ".join(DOUBLE_DECK[:30])), 1, 10)


def test_distinct_sets_drops_repeats_in_any_order_and_interchangeable_cards():
    """GIVEN [5H, J1], [J1, 5H], [5H, J2], [5S] with identical jokers J1, J2
    WHEN distinct_sets is applied
    THEN [5H, J1] and [5S] remain, in first-seen order."""
    h = {c.id: c for c in make("5H J1 J2 5S")}
    sets = [[h["5H"], h["J1"]], [h["J1"], h["5H"]], [h["5H"], h["J2"]], [h["5S"]]]
    assert ids(call("distinct_sets", sets)) == ["5H+J1", "5S"]


# -- in a ruleset ---------------------------------------------------------------------------------------

RULESET = """\
    # yaml-language-server: $schema=../schemas/ruleset.schema.json
    version: 1
    name: Meld test
    players: {min: 2, max: 2}
    deck:
      standard: true
      cards:
        - {id: JK, label: Joker, rank: 0, suit: joker, color: none, count: 2}
    zones:
      deck: {owner: game, visibility: hidden}
      table: {owner: game, visibility: public}
      hand: {owner: player, visibility: owner}
    functions:
      wild: "player_at(0).hand.filter(c, c.suit == 'joker')"
      melds: |
        distinct_sets(groups(player_at(0).hand, 'KEY', wild, 3, 4)
                      + runs(player_at(0).hand, 'rank', 'suit', wild, [14] + range(2, 15), 3, 5))
    flow:
      - "move(all_cards, deck); shuffle(deck); deal(deck, [player_at(0).hand], 8)"
      - choose: value
        player: player_at(0)
        from: melds
        as: meld
        then: "move(meld, table)"
"""


def _meld_ruleset(tmp_path, key="rank"):
    path = tmp_path / "meld.yaml"
    path.write_text(textwrap.dedent(RULESET).replace("KEY", key))
    return load_ruleset(path)


def test_a_ruleset_offers_melds_as_choices(tmp_path):
    """GIVEN a ruleset offering groups of 3-4 and runs of 3-5 with two identical jokers
    WHEN a player holding 5♥ 5♠ 6♥ 7♥, the jokers and two more cards decides
    THEN each meld is one choice with an id joining card ids, both jokers count once, and the
    chosen meld moves to the table."""
    rules = _meld_ruleset(tmp_path)
    order = ["5H", "5S", "6H", "7H", "JK", "JK#2", "2C", "9D"]
    game = Game(rules, 2, seed=1, stacked=[order])
    choice_ids = [c.id for c in game.decision.choices]
    for expected in ("5H+5S+JK", "5H+JK+JK#2", "5H+6H+7H", "5H+6H+7H+JK", "JK+JK#2+2C"):
        assert expected in choice_ids or any(sorted(expected.split("+")) == sorted(i.split("+")) for i in choice_ids)
    assert "5H+5S+JK#2" not in choice_ids and "5H+6H+7H+JK#2" not in choice_ids
    assert len(choice_ids) == len(set(choice_ids))
    game.apply("5H+6H+7H")
    assert [c.id for c in game.cards_in(game.zones["table"])] == ["5H", "6H", "7H"]


def test_an_unknown_attribute_is_reported_at_its_position(tmp_path):
    """GIVEN a ruleset grouping by an attribute that does not exist ('rnk')
    WHEN the ruleset loads (a quoted attribute name is checked then, not when the decision is listed)
    THEN it is refused with an error naming the attribute and the ruleset position."""
    with pytest.raises(RulesetError, match="no attribute or variable 'rnk'") as info:
        _meld_ruleset(tmp_path, key="rnk")
    assert "meld.yaml" in str(info.value)
