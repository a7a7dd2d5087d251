"""Agents see only their seat: the Turn they are given holds no way to a hidden card; agents are
built from specs; an illegal answer is a clear error naming the agent, the seat and the choices."""
from __future__ import annotations

import pytest

from interpreter import Game
from interpreter.agents import (AgentSpecError, FirstLegalAgent, IllegalChoice, RandomAgent, ask, make_agent,
                                make_agents, play, turn_of)
from interpreter.engine.state import Card, Player, Zone, card_visible
from tests.conftest import ruleset

GAMES = ["hearts", "black-maria", "black-card", "black-swan", "captain-blackjack", "texas-holdem", "seven-poker"]


def reachable(root):
    """Everything an agent can walk to from `root` through public attributes and containers."""
    seen, stack, found = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif not isinstance(obj, (str, int, float, bool, range, type(None))):
            names = [n for n in dir(obj) if not n.startswith("_")]
            for name in names:
                if name == "rules":        # the ruleset is public: the deck's make-up, not its order
                    continue
                value = getattr(obj, name)
                if not callable(value):
                    stack.append(value)
    return found


class Snoop:
    """An agent that looks for other seats' hidden cards in everything it is given."""
    name = "snoop"

    def __init__(self):
        self.found: list = []

    def choose(self, turn):
        self.found.append(reachable(turn))
        return turn.choices[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hearts", "texas-holdem", "black-swan"])
def test_an_agent_that_snoops_finds_no_hidden_card(name):
    game = Game(ruleset(name), 4, seed=3)
    snoop = Snoop()
    for _ in range(12):
        seat = game.decision.player
        # hidden from this seat now, and never shown to it earlier (e.g. a card drawn for the
        # deal and shown to everyone, or its own cards of a finished hand)
        told = {e.get("card") for e in game.events_for(seat)}
        hidden = {c.id for c in game.cards_in_play if not card_visible(game, c, seat)} - told
        assert hidden, "the test needs hidden cards to look for"
        game.apply(ask(snoop, game))
        objects = snoop.found[-1]
        assert not [o for o in objects if isinstance(o, (Game, Card, Zone, Player))]
        strings = {o for o in objects if isinstance(o, str)}
        assert not strings & hidden, f"seat {seat} could read {sorted(strings & hidden)}"


def test_a_turn_is_a_copy_the_agent_cannot_use_to_change_the_game():
    game = Game(ruleset("hearts"), 4, seed=2)
    turn = turn_of(game)
    before = game.view(turn.seat)
    turn.view["zones"].clear()
    turn.view["players"][turn.seat]["zones"]["hand"].clear()
    for event in turn.events:
        event.clear()
    assert game.view(turn.seat) == before
    assert all(e for e in game.events_for(turn.seat))


def test_an_illegal_answer_names_the_agent_the_seat_and_the_legal_choices():
    class Cheat:
        name = "cheat"

        def choose(self, turn):
            return "ZZ"
    game = Game(ruleset("hearts"), 4, seed=2)
    seat = game.decision.player
    with pytest.raises(IllegalChoice) as caught:
        ask(Cheat(), game)
    message = str(caught.value)
    assert "agent cheat at seat" in message and f"seat {seat}" in message and "'ZZ'" in message
    assert all(c.id in message for c in game.decision.choices)
    holdem = Game(ruleset("texas-holdem"), 3, seed=1)
    while holdem.decision.kind != "number":
        holdem.apply("raise" if "raise" in {c.id for c in holdem.decision.choices} else holdem.decision.choices[0])
    options = holdem.decision.options
    with pytest.raises(IllegalChoice, match=f"choose from {options.start} to {options.stop - 1}"):
        ask(Cheat(), holdem)


@pytest.mark.parametrize("name", GAMES)
def test_random_and_first_legal_agents_finish_every_game(name):
    rules = ruleset(name)
    options = {"hands": 2} if "hands" in rules.options else {}
    game = Game(rules, 4, seed=5, options=options)
    result = play(game, [RandomAgent(1), FirstLegalAgent(), RandomAgent(2), FirstLegalAgent()],
                  max_decisions=20_000) if game.rules.max_players >= 4 else None
    assert result is not None and len(result["scores"]) == 4


def test_agents_are_made_from_specs():
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent(" First ", seed=1), FirstLegalAgent)
    agents = make_agents("first,random,random", players=3, seed=4)
    assert [a.name for a in agents] == ["first", "random", "random"]
    assert agents[1].rng.random() != agents[2].rng.random()    # every seat its own seed
    assert len(make_agents("random", players=5, seed=1)) == 5


@pytest.mark.parametrize("spec, words", [
    ("minimax", "unknown agent 'minimax'"), ("random:7", "takes no argument"),
])
def test_a_malformed_spec_is_one_line(spec, words):
    with pytest.raises(AgentSpecError) as caught:
        make_agent(spec, seed=1)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_list_of_specs_must_fit_the_table():
    with pytest.raises(AgentSpecError, match="3 agents for 4 players"):
        make_agents("random,random,first", players=4)
    with pytest.raises(AgentSpecError, match="empty entry"):
        make_agents("random,,first", players=3)
