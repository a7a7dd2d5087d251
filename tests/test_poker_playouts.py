"""Random-playout properties of the betting rulesets (Seven Poker §3, Texas Hold'em §4).

Short matches (a few hands each) at every player count and option, played by the seeded
RandomAgent, which picks among all legal actions and favours the smallest, largest and
random amounts. Over more than 1,000 hands per ruleset, at every decision:
- chips are conserved: the stacks plus the pot always add up to what the players started with;
- no bet or raise falls outside its limit: the amounts offered are exactly those the limit
  allows (computed here independently of the ruleset), and an all-in raise fits the limit;
- a call pays what is owed: the highest total of the round minus one's own with matching
  calls (D-12), the last raise's increment with the source's calls (§3);
and every hand and every match ends, the same way for the same seed.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from interpreter import Game
from interpreter.agents.basic import RandomAgent
from interpreter.agents.turn import turn_of
from tests.poker_helpers import ruleset

HANDS = 4
TARGET = 1100      # hands per ruleset (a match may end early when one player has every chip)


def configs(name: str):
    """(players, seed, options) covering every count and option, enough for TARGET hands."""
    rules = ruleset(name)
    extra = [{"fewer_bets": False}, {"fewer_bets": True}] if name == "seven-poker" else [{}]
    combos = list(itertools.product(["increment", "match"], ["half_pot", "pot", "no_limit", "fixed"], extra))
    counts = range(rules.min_players, rules.max_players + 1)
    rounds = -(-TARGET // (len(combos) * len(counts) * HANDS))
    seed = 0
    for _ in range(rounds):
        for players in counts:
            for calls, limit, more in combos:
                seed += 1
                yield players, seed, {"calls": calls, "limit": limit, "hands": HANDS, **more}


def cap(limit: str, pot: int, owed: int, chips: int, minimum: int) -> int:
    """The largest raise increment each limit allows (docs/rules.md §3), from first principles."""
    return {"half_pot": (pot + owed) // 2, "pot": pot + owed, "fixed": minimum,
            "no_limit": chips - owed}[limit]


def play_checked(name: str, players: int, seed: int, options: dict, seen: Counter) -> Game:
    game = Game(ruleset(name), players=players, seed=seed, options=options, record=False)
    agent = RandomAgent(seed)
    total = players * game.options["stack"]
    ante, limit, calls = game.options["ante"], game.options["limit"], game.options["calls"]
    increment = None                               # the last raise's increment this round
    while not game.over:
        decision = game.decision
        stacks = [game.vars_of(p)["chips"] for p in game.players]
        assert sum(stacks) + game.vars["pot"] == total and min(stacks) >= 0
        if decision.kind != "action":
            game.apply(agent.choose(turn_of(game)))
            continue
        p = game.vars_of(game.players[decision.player])
        pot, owed, chips, round_in = game.vars["pot"], p["owed"], p["chips"], p["round_in"]
        highest = max(game.vars_of(q)["round_in"] for q in game.players)
        if highest == 0 or game.vars["raise_size"] == 0:
            increment = None
        assert chips > 0 and p["in_hand"]
        if calls == "match":
            assert owed == highest - round_in
        elif increment is not None and owed:
            assert owed == increment
        contributed, hand = p["contributed"], game.vars["hand_number"]
        action = agent.choose(turn_of(game)).id
        seen[action] += 1
        game.apply(action)
        if action in ("bet", "raise"):
            low, high = game.decision.options.start, game.decision.options.stop - 1
            minimum = max(game.vars["raise_size"], ante)
            assert low == minimum
            assert high == min(cap(limit, pot, owed, chips, minimum), chips - owed - 1)
            amount = agent.choose(turn_of(game))
            game.apply(amount)
            increment = int(amount if isinstance(amount, str) else amount.id)
        elif action == "all_in" and chips > owed:
            minimum = max(game.vars["raise_size"], ante)
            assert chips - owed <= cap(limit, pot, owed, chips, minimum)
            increment = chips - owed
            seen["all_in_raise"] += 1
        elif action == "call" and game.vars["hand_number"] == hand and not game.over:
            assert p["contributed"] == contributed + owed and p["chips"] == chips - owed
            seen["call_checked"] += 1
    stacks = [game.vars_of(p)["chips"] for p in game.players]
    assert sum(stacks) + game.vars["pot"] == total and game.vars["pot"] == 0
    hands = game.vars["hand_number"]
    assert hands == HANDS or sum(1 for s in stacks if s > 0) == 1
    assert game.result["scores"] == stacks
    assert game.result["winners"] == [i for i, s in enumerate(stacks) if s == max(stacks)]
    seen["hands"] += hands
    return game


@pytest.mark.slow
@pytest.mark.parametrize("name", ["seven-poker", "texas-holdem"])
def test_random_playouts_conserve_chips_and_keep_to_the_limits(name):
    """GIVEN every player count and every calls x limit (x fewer_bets) option
    WHEN random bots play short matches
    THEN chips are conserved, bets stay within limits, calls pay what is owed, every hand and
    match ends, and the bots took every kind of action (raises and all-ins included)."""
    seen: Counter = Counter()
    for players, seed, options in configs(name):
        play_checked(name, players, seed, options, seen)
    assert seen["hands"] >= 1000
    for action in ("fold", "check", "call", "bet", "raise", "all_in", "all_in_raise", "call_checked"):
        assert seen[action] > 20, (action, seen)


@pytest.mark.slow
@pytest.mark.parametrize("name, players", [("seven-poker", 7), ("texas-holdem", 10)])
def test_same_seed_same_match(name, players):
    """GIVEN a ruleset, a seed and the most players
    WHEN the match is played twice by the same seeded bot
    THEN every event and the result are the same."""
    def run():
        game = Game(ruleset(name), players=players, seed=11, options={"hands": 3})
        agent = RandomAgent(11)
        while not game.over:
            game.apply(agent.choose(turn_of(game)))
        return game.events, game.result
    assert run() == run()
