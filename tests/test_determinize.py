"""Samples for one seat: everything the seat knows is as it is, everything else drawn at random."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

from interpreter import Game
from interpreter.agents import play_random, turn_of
from interpreter.agents.determinize import known_places
from interpreter.agents.ismcts import ISMCTSAgent
from interpreter.engine.state import card_visible
from tests.conftest import ruleset
from tests.test_clone import GAMES, advance

SAMPLES = 25


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("depth", [3, 41])
def test_a_sample_looks_the_same_to_the_seat_and_spreads_what_it_cannot_see(name, depth):
    """GIVEN a game `depth` decisions in, from the deciding seat's turn
    WHEN many samples are drawn
    THEN the seat's view of each sample is its real view, every sample plays on to an end, and
    the cards it cannot see (and never saw go anywhere) are dealt over the places it cannot see."""
    game = Game(ruleset(name), 4, seed=depth)
    advance(game, depth, random.Random(depth))
    turn = turn_of(game)
    seat, rng = turn.seat, random.Random(5)
    real = game.view(seat)
    real_choices = [c.id for c in turn.choices] if turn.numbers is None else None
    places = known_places(turn.events, seat)
    unseen = {c.id: game.zone_of(c).key for c in game.cards_in_play
              if not card_visible(game, c, seat) and c.id not in places}
    hidden_zones = {game.zone_of(c).key for c in game.cards_in_play if not card_visible(game, c, seat)}
    where = defaultdict(set)
    for i in range(SAMPLES):
        sample = turn.sample(rng)
        assert sample.view(seat) == real
        if real_choices is not None:
            assert [c.id for c in sample.decision.choices] == real_choices
        for card_id in unseen:
            where[card_id].add(sample.zone_of(sample.cards_by_id[card_id]).key)
        for card_id, zones in places.items():
            card = sample.cards_by_id.get(card_id)
            if card is not None and not card_visible(sample, card, seat):
                assert sample.zone_of(card).key in zones
        if i < 2:
            play_random(sample, random.Random(i))
    if len(hidden_zones) > 1 and len(unseen) > 1:
        moved = sum(len(zones) > 1 for zones in where.values())
        assert moved > len(unseen) / 2, f"only {moved} of {len(unseen)} unseen cards ever moved"
        assert set().union(*where.values()) <= hidden_zones


def test_cards_a_seat_passed_stay_where_it_put_them():
    """GIVEN a hand of hearts after the passing (seat 0 passed three cards it saw leave)
    THEN in every sample for seat 0 those cards are in the hand it passed them to (or where that
    hand's masked passes may have taken them)."""
    game = Game(ruleset("hearts"), 4, seed=8)
    rng = random.Random(1)
    while game.phase != "play" or game.decision.player != 0:
        options = game.decision.options
        game.apply_value(options[rng.randrange(len(options))])
    turn = turn_of(game)
    passed = [e["card"] for e in turn.events if e["type"] == "moved" and e.get("from") == "p0.hand" and e["card"]]
    assert len(passed) == 3
    places = known_places(turn.events, 0)
    for _ in range(20):
        sample = turn.sample(rng)
        for card_id in passed:
            assert sample.zone_of(sample.cards_by_id[card_id]).key in places[card_id]
            assert sample.zone_of(sample.cards_by_id[card_id]).key != "p0.hand"


def test_a_card_named_as_a_value_is_offered_by_what_it_is_not_where_it_lay():
    """GIVEN Black Card, seat 0's colour joker turned up as its order card, to be declared as
    any diamond or heart (a choice of values from the whole deck: most of those cards lie where
    seat 0 cannot see them)
    WHEN samples are drawn for seat 0 (they deal the unseen cards anew)
    THEN each sample offers exactly the real choices; declaring the joker as one makes it
    stand for that very card, and the sample plays to the end."""
    rules = ruleset("black-card")
    game = Game(rules, 3, seed=1, options={"hands": 1}, stacked=[["JR", "AH", "JB"]])
    turn = turn_of(game)
    assert turn.seat == 0 and turn.prompt.startswith("declare")
    real = [c.id for c in turn.choices]
    assert sorted(real) == sorted(c.id for c in rules.cards if c.attrs["suit"] in ("diamonds", "hearts"))
    specs = {c.id: c.attrs for c in rules.cards}
    rng = random.Random(3)
    for i in range(20):
        sample = turn.sample(rng)
        assert [c.id for c in sample.decision.choices] == real
        named = real[rng.randrange(len(real))]
        sample.apply(named)
        joker = sample.cards_by_id["JR"]
        declared = sample.vars_of(joker)
        assert (declared["as_rank"], declared["as_suit"]) == (specs[named]["rank"], specs[named]["suit"])
        if i < 6:
            play_random(sample, random.Random(i))
            assert sample.over


def test_the_search_player_drops_no_sample_and_searches_only_real_choices():
    """GIVEN the same declaration WHEN the search player thinks about it
    THEN no iteration is dropped and every move at the root of its tree is a real choice."""
    game = Game(ruleset("black-card"), 3, seed=1, options={"hands": 1}, stacked=[["JR", "AH", "JB"]])
    turn = turn_of(game)
    agent = ISMCTSAgent(iterations=40, seed=2)
    answer = agent.choose(turn)
    assert agent.dropped == 0
    assert set(agent.last_root.children) <= {c.id for c in turn.choices}
    game.apply(answer)


def test_a_sample_forgets_the_seed_and_its_clone_is_the_same_sample():
    """GIVEN a sample drawn for a seat
    THEN it knows no seed or stacked deck, and a clone of it plays on exactly as it does
    (search copies samples as it copies games)."""
    game = Game(ruleset("texas-holdem"), 3, seed=12)
    sample = turn_of(game).sample(random.Random(0))
    assert sample.seed is None and sample.stacked == []
    copy = sample.clone()
    assert copy.view_all() == sample.view_all()
    assert play_random(copy, random.Random(5)) == play_random(sample, random.Random(5))


def test_a_simultaneous_choice_not_yet_revealed_is_drawn_again():
    """GIVEN seven-card stud's simultaneous choice, after the first seats chose
    THEN a later seat's samples do not all repeat what the earlier seats chose."""
    game = Game(ruleset("seven-poker"), 4, seed=3)
    rng = random.Random(4)
    while not game._private:
        options = game.decision.options
        game.apply_value(options[rng.randrange(len(options))])
    while game._private and game.decision.player == game._private[0]["player"]:
        game.apply(game.decision.choices[0])
    first = game._private[0]
    turn = turn_of(game)
    assert turn.seat != first["player"]
    assert all(e.get("choice") != first["choice"] or e["type"] != "decided" for e in turn.events[-3:])
    views = {repr(sorted(turn.sample(rng).view(first["player"])["players"][first["player"]]["zones"].items()))
             for _ in range(12)}
    assert len(views) > 1


def _assign_as_first_written(keys, identities, places, rng, keep=frozenset()):
    """The assignment as first written (each constrained card picks among all free slots in
    order, the standard shuffle): what `_assign` must draw, pick for pick."""
    result = [None] * len(keys)
    free_slots = set(range(len(keys)))
    for i in keep:
        result[i] = identities[i]
        free_slots.discard(i)
    constrained = [i for i, ident in enumerate(identities) if ident[0] in places and i not in keep]
    rng.shuffle(constrained)
    placed = set(keep)
    for i in constrained:
        zones = places[identities[i][0]]
        candidates = [s for s in sorted(free_slots) if keys[s] in zones]
        if not candidates:
            return None
        slot = candidates[rng.randrange(len(candidates))]
        result[slot] = identities[i]
        free_slots.discard(slot)
        placed.add(i)
    rest = [identities[i] for i in range(len(identities)) if i not in placed]
    rng.shuffle(rest)
    for slot, ident in zip(sorted(free_slots), rest):
        result[slot] = ident
    return result


@pytest.mark.parametrize("seed", range(40))
def test_a_deal_draws_as_the_plain_algorithm_does(seed):
    """GIVEN unseen cards over four hidden zones, some known to lie in one or two of them
    WHEN identities are assigned (free slots kept by zone, for speed) and by the plain algorithm
    THEN both give the same assignment from the same random source (so seeded searches keep
    their results), including draws that paint themselves in."""
    from interpreter.agents.determinize import _assign
    setup = random.Random(seed)
    keys = [setup.choice(["p1.hand", "p2.hand", "p3.hand", "deck"]) for _ in range(30)]
    identities = [(f"c{i}", f"c{i}", {}, i, {}) for i in range(30)]
    places = {f"c{i}": set(setup.sample(sorted(set(keys)), setup.choice([1, 1, 2]))) for i in setup.sample(range(30), 8)}
    keep = set(setup.sample(range(30), 3)) if seed % 5 == 0 else frozenset()
    assert _assign(keys, identities, places, random.Random(seed), keep) == \
        _assign_as_first_written(keys, identities, places, random.Random(seed), keep)
