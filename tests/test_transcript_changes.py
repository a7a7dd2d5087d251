"""Variable changes told when they happen, never late (issue 28, item 5)."""
from __future__ import annotations

from pathlib import Path

from interpreter import Game, load_ruleset
from interpreter.terminal.transcript import Transcript

RULESET = Path(__file__).parent / "rulesets" / "told-at-once.yaml"


def _play_first_choices(game: Game, transcript: Transcript) -> list[list[str]]:
    """Take the first choice at every decision; the lines told after each one, in turn."""
    told = [transcript.new_lines()]
    while not game.over:
        game.apply(game.decision.choices[0])
        told.append(transcript.new_lines())
    return told


def test_a_value_set_between_phases_is_told_before_the_next_line():
    # GIVEN a game whose points change after a phase ends, between two phases
    game = Game(load_ruleset(RULESET), 2, seed=1)
    transcript = Transcript(game, 0)
    # WHEN its transcript is read in one go at the end
    for _ in _play_first_choices(game, Transcript(game, 0)):
        pass
    lines = transcript.new_lines()
    # THEN each change is told right after the plays that caused it, before the next phase
    assert lines[1:5] == ["-- play begins --", "Player 0 chooses Q♠", "Player 1 chooses J♣",
                          "   Player 0 now has points 1"]
    assert lines[5] == "-- play begins --"


def test_the_last_change_is_told_and_at_once():
    # GIVEN the same game, its transcript read after every decision (as a terminal does)
    game = Game(load_ruleset(RULESET), 2, seed=1)
    told = _play_first_choices(game, Transcript(game, 0))
    # THEN the point scored between phases is told in the same batch as the play that won it
    assert "   Player 0 now has points 1" in told[2]
    # AND the bonus set after the last phase (just before the game ends) is told too
    assert told[-1][-2] == "   Player 0 now has points 11; Player 1 now has points 1"
    assert told[-1][-1].startswith("== game over")


HELD = """version: 1
name: Told at the end of the phase
players: {min: 2, max: 2}
deck: {standard: true}
zones:
  deck: {owner: game, visibility: hidden}
  table: {owner: game, visibility: public}
  hand: {owner: player, visibility: owner}
vars:
  player:
    points: {initial: 0, display: {tell: phase_end}}
flow:
  - "shuffle(deck); deal(deck, players.map(p, p.hand), 1)"
  - phase: play
    do:
      - for_each: p
        in: players
        do:
          - choose: card
            player: p
            from: p.hand
            as: c
            then: "move(c, table); p.points += 1"
  - "player_at(1).points += 5"
result:
  score: "p.points"
"""


def test_a_ruleset_may_tell_a_value_when_its_phase_ends(tmp_path):
    # GIVEN points that change with every play, whose display says `tell: phase_end`
    path = tmp_path / "held.yaml"
    path.write_text(HELD)
    game = Game(load_ruleset(path), 2, seed=1)
    told = _play_first_choices(game, Transcript(game, 0))
    # THEN no play is followed by its change; the phase's end tells both at once
    assert not any("now has" in line for line in told[1])
    lines = told[-1]
    assert lines[1:] == ["   Player 0 now has points 1; Player 1 now has points 1",
                         "   Player 1 now has points 6\n== game over: nobody wins ==\n"
                         "Player 0 ends with 1 score, Player 1 ends with 6 score"]
