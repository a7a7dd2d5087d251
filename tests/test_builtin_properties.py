"""Every builtin's declared properties (`language/builtins.py`) hold for what it does, on sample
arguments in two states of one game: the compile stage trusts them to decide what it may
remember, hoist or write in place, and a wrong one would be silent (a state-reading builtin
declared otherwise would be remembered across the change).

The two states: seat 0's first decision, and seat 0's next one, after it dug (one card from its
hand to the table, one gold, `dig` used) and seat 1 used `shield` (seat 0's `dig` disabled).
"""
from __future__ import annotations

import pytest

from interpreter import Game, load_ruleset
from interpreter.compile.runtime import NAMES as RUNTIME
from interpreter.errors import EvalError, GameError
from interpreter.language import types as T
from interpreter.language.builtins import BUILTINS

PROBE = """\
version: 1
name: Probe
players: {min: 2, max: 2}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  table: {owner: game, visibility: public}
  pile: {owner: game, visibility: public}
  hand: {owner: player, visibility: owner}
vars:
  player: {gold: 0}
abilities:
  dig:
    when: "size(p.hand) > 4"
    do: "p.gold += 1; move(first(p.hand), table)"
  shield:
    when: "true"
    do: "disable(p.left, 'dig')"
flow:
  - "shuffle(deck); deal(deck, players.map(p, p.hand), 5)"
  - repeat:
      - for_each: p
        in: players
        do:
          - "reset_uses(p)"
          - choose: value
            player: p
            from: usable(p)
            as: a
            then: {use: a, player: p}
    until: "players.any(p, p.gold >= 3)"
result:
  score: "p.gold"
  winners: "players.filter(p, p.gold >= 3)"
"""

RANKS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def samples(g) -> dict[str, list[tuple]]:
    """Arguments for every builtin, taken in the first state and kept as they are: a list,
    never a zone, so that only what a builtin itself reads can differ between the states."""
    p0, p1 = g.players
    hand = list(g.cards_in(p0.zones["hand"]))
    c, d = hand[0], hand[1]
    big = list(range(200))
    return {
        "size": [(hand,), ([],)], "empty": [(hand,), ([],)],
        "first": [(hand,), ([],)], "last": [(hand,), ([],)],
        "take": [(hand, 2), (hand, -1)], "index_of": [(hand, d), ([1, 2], 3)],
        "distinct": [([c, c, d],), ([1, 1, 2],)], "reverse": [(hand,)], "flatten": [([[c], [d, c]],)],
        "product": [([1, 2], [c, d]), (big, big)],
        "join": [(["a", "b"], ", "), (["x" * 60_000, "y" * 60_000], "")],
        "parse_int": [("42",), (" -7 ",), ("x",)], "is_int": [("42",), ("x",)],
        "total": [([1, 2, 3],)], "highest": [([1, 5, 2],), ([],)], "lowest": [([4, 1],), ([],)],
        "abs": [(-3,)], "max_of": [(2, 5), (5, 2)], "min_of": [(2, 5), (5, 2)],
        "range": [(0, 3), (0, 20_000)], "text": [(c,), (p1,), (5,)],
        "card": [(c.id,), ("nope",)], "player_at": [(-1,), (3,)], "players_from": [(p1,)],
        "offset": [(p0, 1), (p0, -3)], "next_in": [(p0, [p0, p1]), (p0, [])],
        "holder": [(c,)],
        "random": [(hand,), ([],)], "random_int": [(1, 6), (6, 1)],
        "can_use": [(p0, "dig"), (p0, "nope")], "usable": [(p0,)], "met": [(p0,)],
        "enabled": [(p0, "dig")], "used": [(p1, "shield")],
        "groups": [(hand, "rank", [], 1, 2), (hand, "colour", [], 1, 2)],
        "runs": [(hand, "rank", "suit", [], RANKS, 1, 2), (hand, "colour", "", [], RANKS, 1, 2)],
        "is_group": [([c, d], "rank", []), ([c], "colour", [])],
        "is_run": [([c, d], "rank", "", [], RANKS), ([c], "colour", "", [], RANKS)],
        "subsets": [(hand, 1, 2), (big, 1, 5)], "distinct_sets": [([[c], [c], [d]],), ([[c]] * 100_001,)],
        "hand_rank": [(hand,), ([],)], "hand_rank_suited": [(hand,), ([],)], "hand_name": [(hand,), ([],)],
        "hand_rank_of": [([14, 13], ["spades", "spades"], 1), ([14], [], 0)],
        "hand_rank_suited_of": [([14, 13], ["spades", "hearts"], 0), ([], [], 0)],
        "hand_name_of": [([8, 14],), ([],)],
        "hand_rank_by": [(hand, RANKS, SUITS), (hand, [2], [])],
        "card_rank_by": [(c, RANKS, SUITS), (c, [99], [])],
        "value_runs": [(hand, "rank", RANKS, 1, 1, 2), (hand, "rank", RANKS, 0, 1, 2)],
        "value_picks": [(hand, "rank", 2, 1, 1), (hand, "rank", 2, 0, 1)],
    }


def outcome(fn, g, args):
    """What a call gives: ('value', v) or ('error', message)."""
    try:
        return ("value", fn(g, *args))
    except (EvalError, GameError) as exc:
        return ("error", getattr(exc, "message", None) or str(exc))


def outcomes(game, args: dict) -> dict[str, list]:
    """Every builtin's outcome on its samples, each drawing (if it draws) from the same seed."""
    kept = game.rng.getstate()
    answers = {}
    for name, cases in args.items():
        answers[name] = []
        for a in cases:
            game.rng.seed(0)
            answers[name].append(outcome(BUILTINS[name].fn, game, a))
    game.rng.setstate(kept)
    return answers


class Watched(list):
    """A list that counts the items a builtin reads from it (its length is free)."""
    reads = 0

    def __iter__(self):
        for item in super().__iter__():
            Watched.reads += 1
            yield item

    def __reversed__(self):
        for item in super().__reversed__():
            Watched.reads += 1
            yield item

    def __getitem__(self, index):
        value = super().__getitem__(index)
        Watched.reads += len(value) if isinstance(index, slice) else 1
        return value


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    """(game in the first state, the samples, the outcomes there and in the second state)."""
    path = tmp_path_factory.mktemp("probe") / "probe.yaml"
    path.write_text(PROBE, encoding="utf-8")
    game = Game(load_ruleset(path), 2, seed=3)
    args = samples(game)
    first = outcomes(game, args)
    game.apply("dig")
    game.apply("shield")
    assert game.decision.player == 0
    second = outcomes(game, args)
    return game, args, first, second


def test_every_builtin_has_samples(states):
    """GIVEN the registry WHEN the samples are listed THEN every builtin has some (a new builtin
    needs its own, so that its declaration is checked)."""
    _, args, _, _ = states
    assert sorted(args) == sorted(BUILTINS)


def test_pure_builtins_draw_nothing_and_the_others_draw(states):
    """GIVEN each builtin WHEN it is called THEN the random generator moves exactly for the
    impure ones."""
    game, args, _, _ = states
    for name, cases in args.items():
        moved = []
        for a in cases:
            before = game.rng.getstate()
            outcome(BUILTINS[name].fn, game, a)
            moved.append(game.rng.getstate() != before)
        assert any(moved) == (not BUILTINS[name].pure), name


def test_only_state_reading_builtins_answer_differently_in_another_state(states):
    """GIVEN the same arguments in two states WHEN each builtin is called THEN those declared
    `reads_state` answer differently at least once, and the others always alike."""
    _, _, first, second = states
    for name in BUILTINS:
        assert (first[name] != second[name]) == BUILTINS[name].reads_state, name


def test_a_builtin_that_may_not_fail_never_fails_and_one_that_may_does(states):
    """GIVEN the samples (a failing one for each builtin declared `may_fail`) WHEN called THEN
    only the builtins declared `may_fail` raise."""
    _, _, first, second = states
    for name in BUILTINS:
        failed = any(kind == "error" for kind, _ in first[name] + second[name])
        assert failed == BUILTINS[name].may_fail, name


def test_cheap_builtins_build_no_list_and_read_at_most_one_item(states):
    """GIVEN list arguments that count the items read WHEN each builtin declared `cheap` runs
    THEN it reads at most one item of a list and builds none, as an operator would."""
    game, args, _, _ = states
    for name, b in BUILTINS.items():
        if not b.cheap:
            continue
        assert not T.is_list(b.result), name
        for a in args[name]:
            Watched.reads = 0
            outcome(b.fn, game, tuple(Watched(x) if isinstance(x, list) else x for x in a))
            assert Watched.reads <= 1, name


def test_an_inline_form_gives_what_the_call_gives(states):
    """GIVEN each builtin with an inline form WHEN the form runs on the samples (on zones, for a
    form for zones: one with cards and an empty one) THEN it gives the value or the error the
    function gives."""
    game, args, _, _ = states
    zones = [game.players[1].zones["hand"], game.zones["table"], game.zones["pile"]]    # (the pile stays empty)
    inlined = [b for b in BUILTINS.values() if b.inline is not None]
    assert {b.name for b in inlined} >= {"size", "max_of"}
    for b in inlined:
        form = b.inline
        params = ", ".join(f"a{i}" for i in range(len(b.params)))
        code = form.code.format(**{f"t{i}": f"t{i}" for i in range(form.locals())},
                                **{f"a{i}": f"a{i}" for i in range(len(b.params))},
                                fail=f"fail(g, None, {form.error!r})", z0="g.zone_cards[a0.number]")
        written = eval(f"lambda g, {params}: {code}", dict(RUNTIME))  # noqa: S307 - the registry's own text
        cases = [(z,) for z in zones] if form.zone_only else args[b.name]
        for a in cases:
            assert outcome(written, game, a) == outcome(b.fn, game, a), b.name
