"""Dou Dizhu (rulesets/dou-dizhu.yaml) as people and the search player meet it: its transcript
and a game played by the ISMCTS player. Its rules are held to OpenSpiel's in
tests/test_dou_dizhu_openspiel.py."""
from __future__ import annotations

import re

import pytest

from interpreter import Game
from interpreter.agents.basic import RandomAgent, play
from interpreter.terminal.transcript import Transcript
from tests.conftest import ruleset

PLAY = re.compile(r"^Player \d plays (pass|.+ \((single|pair|trio|bomb|rocket|run of singles|run of pairs|"
                  r"plane of triples|trio with a single|trio with a pair|plane with singles|plane with pairs)\))$")


@pytest.mark.parametrize("seed", range(4))
def test_the_transcript_names_each_play_by_its_cards_and_kind(seed):
    """GIVEN a random game WHEN seat 0 reads its transcript THEN every play reads 'Player N plays'
    with the cards' labels and the kind in words (or 'pass'), never a choice id, and the game ends
    with each player's points."""
    game = Game(ruleset("dou-dizhu"), 3, seed=seed)
    play(game, RandomAgent(seed))
    lines = [line for text in Transcript(game, 0).new_lines() for line in text.split("\n")]
    plays = [line for line in lines if " plays " in line]
    void = any("nobody bids" in line for line in lines)
    assert (plays or void) and all(PLAY.match(line) for line in plays), [line for line in plays if not PLAY.match(line)]
    assert not any(re.search(r"\b[2-9TJQKA][SHDC]\+", line) for line in lines)
    assert lines[-1].count(" points") == 3


@pytest.mark.slow
def test_the_search_player_plays_a_whole_game():
    """GIVEN the ISMCTS player at seat 0 among random players WHEN a game is played THEN it ends
    with scores that sum to zero (the landlord's against the farmers')."""
    from interpreter.agents.ismcts import ISMCTSAgent
    game = Game(ruleset("dou-dizhu"), 3, seed=4)
    play(game, [ISMCTSAgent(iterations=20, seed=1), RandomAgent(1), RandomAgent(2)])
    assert game.over and sum(game.scores()) == 0
