"""Readable transcripts: texts with values in them, a verb on every line, bookkeeping hidden,
teams shown, and zones printed as their cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game, RulesetError, load_ruleset
from interpreter.agents.basic import RandomAgent, play
from interpreter.terminal.transcript import Transcript
from tests.conftest import ruleset

TEMPLATES = Path(__file__).parent / "rulesets" / "templates.yaml"


def test_prompts_and_labels_hold_values():
    # GIVEN a prompt, an action label and a verb written with {expressions}
    game = Game(load_ruleset(TEMPLATES), 2, seed=1)
    hand = " ".join(c.label for c in game.cards_in(game.players[0].zones["hand"]))
    # THEN each shows the values of the moment: a number, a zone's cards, an escaped brace
    assert game.decision.prompt == f"pot is 7, hand {hand}"
    assert [c.label for c in game.decision.choices] == ["call 8", "fold"]
    game.apply("call")
    assert game.decision.prompt == "choose {one}"
    game.apply(game.decision.choices[0])
    assert game.events[-2]["label"] == "plays for 7"


@pytest.mark.parametrize("broken, message, where", [
    ("{pot + 'x'}", "'+' joins two strings, not int and str", (15, 22)),
    ("{pot + tru}", "unknown name 'tru'", (15, 28)),
    ("{pot", "a '{' without its '}' (write '{{' for a brace itself)", (15, 14)),
])
def test_an_error_inside_a_template_is_reported_at_its_place(tmp_path, broken, message, where):
    prompt = '"pot is {pot}, hand {text(player_at(0).hand)}"'
    text = TEMPLATES.read_text().replace(prompt, f'"pot is {broken}"' if broken == "{pot" else
                                         prompt.replace("{pot}", broken))
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    first = caught.value.diagnostics[0]
    assert first.message == message and (first.span.line, first.span.column) == where


def test_every_transcript_line_has_a_verb():
    verbs = (" begins", " chooses ", " plays ", " passes ", " now has ", " ends with ", " win", " shows ",
             " turns ", " reveals ", " takes ", " bets ", " calls ", " raises ", " folds", " checks",
             " leads ", " wins", " pays ", " draws ", " discards ", " declares ", "* ")
    for name, players in (("hearts", 4), ("texas-holdem", 3), ("black-swan", 2), ("captain-blackjack", 3)):
        game = Game(ruleset(name), players, seed=3)
        play(game, RandomAgent(3))
        lines = [line for text in Transcript(game, 0).new_lines() for line in text.split("\n")]
        assert lines
        for line in lines:
            assert any(verb in f" {line}" for verb in verbs), f"{name}: no verb in {line!r}"


def test_text_of_a_zone_is_its_cards():
    game = Game(load_ruleset(TEMPLATES), 2, seed=1)
    zone = game.players[0].zones["hand"]
    rules = load_ruleset(TEMPLATES)
    fn, _ = rules.compile("text(player_at(0).hand)")
    assert fn(game, {}) == " ".join(c.label for c in game.cards_in(zone))


def test_the_table_hides_bookkeeping_and_shows_partnerships():
    from interpreter.terminal.table import render_plain
    game = Game(ruleset("hearts"), 4, seed=1)
    table = render_plain(game.rules, game.view(0))
    # values under the ruleset's labels, in the phases they are shown in (`display:`): while cards
    # are passed, neither the play's flag nor the scoring's points
    assert "score 0" in table and "hearts broken" not in table and "points this hand" not in table
    while game.view(0)["phase"] != "play":
        game.apply(game.decision.choices[0])
    table = render_plain(game.rules, game.view(0))
    assert "hearts broken no" in table and "hearts_broken" not in table and "points this hand" not in table
    for bookkeeping in ("hand_number", "tricks_played", "leader"):
        assert bookkeeping not in table
    assert "partners" not in table              # everyone for themselves: no team rows
    game = Game(ruleset("black-swan"), 4, seed=1)
    table = render_plain(game.rules, game.view(0))
    assert "Seats 0+2  score 0; partners: Player 0, Player 2" in table
    assert "bankrupt" not in table and "round_number" not in table
