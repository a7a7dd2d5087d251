"""`Game.initial_value`: the engine's public read of what a variable starts a game with, which log
readers (hand histories) use instead of the engine's private set-up."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from interpreter.engine.game import Game

LOGS = Path(__file__).resolve().parent.parent / "interpreter" / "logs"


def test_a_starting_value_is_read_as_set_up_gives_it_whatever_the_game_holds_now(load):
    """GIVEN a Hold'em game whose `stack` option sets each player's starting chips WHEN a hand has
    been played part way (chips have moved) THEN initial_value gives the starting chips, a game
    variable's declared start, and a KeyError for a name no ruleset declares."""
    game = Game(load("texas-holdem"), 3, seed=4, options={"stack": 700, "hands": 1})
    rng = random.Random(2)
    while not game.over and all(game.vars_of(p)["chips"] == 700 for p in game.players):
        game.apply_index(rng.randrange(len(game.decision)))
    assert any(game.vars_of(p)["chips"] != 700 for p in game.players)
    assert game.initial_value("chips") == 700
    assert game.initial_value("chips", scope="player") == 700
    assert game.initial_value("hand_number", scope="game") == 0
    with pytest.raises(KeyError, match="no player variable 'nonesuch'"):
        game.initial_value("nonesuch")


def test_log_readers_use_no_private_part_of_the_engine():
    """GIVEN the modules that read logs WHEN their source is parsed THEN none imports a private
    name of the engine or reads a private attribute of another object (only its own, `self._x`)."""
    found = []
    for path in sorted(LOGS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("interpreter.engine"):
                found += [f"{path.name}: imports {a.name}" for a in node.names if a.name.startswith("_")]
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{path.name}:{node.lineno}: reads .{node.attr}")
    assert not found, found
