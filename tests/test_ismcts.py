"""The search player answers every kind of decision legally, from its seat's information only,
reproducibly, and scores outcomes the right way round whether the highest or the lowest wins."""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from interpreter.agents import AgentSpecError, ask, make_agent
from interpreter.agents.ismcts import ISMCTSAgent, rewards
from tests.conftest import ruleset
from tests.test_clone import GAMES, advance


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_search_player_answers_every_kind_of_decision_legally(name):
    """GIVEN each game, at a dozen decisions spread over a deal
    THEN a small search answers each one with a legal choice (ask() would raise otherwise)."""
    game = Game(ruleset(name), 4, seed=7)
    agent = ISMCTSAgent(iterations=6, seed=1, horizon=40)
    kinds, rng = set(), random.Random(3)
    for _ in range(12):
        if game.over:
            break
        kinds.add(game.decision.kind)
        game.apply(ask(agent, game))
        advance(game, rng.randrange(6), rng)
    assert kinds


def test_numbers_simultaneous_choices_and_card_picks_are_searched():
    """GIVEN seven-card stud (simultaneous card choices) and hold'em (amounts)
    THEN the searcher answers both, and its tree for an amount holds a few spread amounts."""
    stud = Game(ruleset("seven-poker"), 4, seed=3)
    agent = ISMCTSAgent(iterations=10, seed=2, horizon=30)
    stud.apply(ask(agent, stud))
    holdem = Game(ruleset("texas-holdem"), 3, seed=1)
    while holdem.decision.kind != "number":
        holdem.apply("raise" if "raise" in {c.id for c in holdem.decision.choices} else holdem.decision.choices[0])
    choice = ask(agent, holdem)
    assert choice.value in holdem.decision.options
    assert 1 < len(agent.last_root.children) <= 5


def test_the_same_seed_searches_the_same_way():
    def first_moves(seed):
        game = Game(ruleset("hearts"), 4, seed=5, options={"target": 1})
        agent = ISMCTSAgent(iterations=12, seed=seed)
        return [ask(agent, game).id for _ in range(1)] + [str(sorted((a, n.visits) for a, n in agent.last_root.children.items()))]
    assert first_moves(4) == first_moves(4)


def test_rewards_favour_the_winners_whichever_way_scores_count():
    """GIVEN a finished one-hand game of hearts (fewest points wins) and of hold'em (most chips)
    THEN the winners get the highest reward and the worst score the lowest."""
    for name, options, lowest_wins in (("hearts", {"target": 1}, True), ("texas-holdem", {"hands": 1}, False)):
        game = Game(ruleset(name), 4, seed=11, options=options)
        advance(game, 10_000, random.Random(1))
        scores, result = game.scores(), rewards(game)
        assert all(0.0 <= r <= 1.0 for r in result)
        winners = game.result["winners"]
        loser = (max if lowest_wins else min)(range(4), key=lambda s: scores[s])
        assert min(result[w] for w in winners) > max(result[s] for s in range(4) if s not in winners)
        if loser not in winners:
            assert result[loser] == min(result)


def test_a_search_that_stops_once_settled_answers_as_the_whole_budget_would():
    """GIVEN the same seeded search with and without stopping once its answer is settled
    WHEN both answer the same decisions of a hand (those of a few choices, where one often stands out)
    THEN every answer is the same, and the settled search ran fewer iterations in all."""
    game = Game(ruleset("hearts"), 4, seed=5, options={"target": 1})
    rng = random.Random(2)
    iterations = {True: 0, False: 0}
    asked = 0
    while not game.over and asked < 8:
        if 1 < len(game.decision) <= 4:
            searches = {flag: ISMCTSAgent(iterations=60, seed=asked, settle=flag) for flag in (True, False)}
            assert ask(searches[True], game).id == ask(searches[False], game).id
            for flag, search in searches.items():
                iterations[flag] += search.searched
            asked += 1
        advance(game, 1, rng)
    assert asked == 8 and iterations[False] == 8 * 60 and iterations[True] < iterations[False]


def test_specs_make_search_players():
    assert make_agent("ismcts:500", seed=1).iterations == 500
    timed = make_agent("ismcts:0.25s", seed=1)
    assert timed.seconds == 0.25 and timed.iterations is None
    assert make_agent("ismcts", seed=1).iterations == 200


@pytest.mark.parametrize("spec, words", [
    ("ismcts:abc", "positive number of iterations"), ("ismcts:-3", "positive number"), ("ismcts:0s", "seconds"),
])
def test_a_malformed_search_spec_is_one_line(spec, words):
    with pytest.raises(AgentSpecError) as caught:
        make_agent(spec, seed=1)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_search_folds_a_hand_that_cannot_win_rather_than_lose_more():
    """GIVEN two-player Kuhn poker in which seat 1 holds the jack (every other card beats it) and
    seat 0 has bet WHEN seat 1's search answers THEN it folds, whatever its seed, and values
    folding above calling: folding loses the ante, calling the ante and the call. (A search that
    valued only who won would find both the same, two losses, and answer by the tie.)"""
    for seed in range(8):
        game = Game(ruleset("kuhn-poker"), 2, seed=3, stacked=[["KS", "JS", "QS"]])
        assert [[c.id for c in game.cards_in(p.zones["hand"])] for p in game.players] == [["KS"], ["JS"]]
        game.apply("bet")
        agent = ISMCTSAgent(iterations=40, seed=seed)
        assert ask(agent, game).id == "fold"
        fold, call = (agent.last_root.children[action] for action in ("fold", "call"))
        assert fold.reward / fold.visits > call.reward / call.visits
