"""Random games far longer than the others are named, with their seed (issue 28, item 9)."""
from __future__ import annotations

import itertools
from pathlib import Path

from interpreter.analysis.long_games import long_game_warnings
from interpreter.analysis.simulate import Outcome
from interpreter.cli.main import main
from interpreter.cli.progress import Lines, Progress

ROOT = Path(__file__).resolve().parent.parent
HOARDING = "tests/rulesets/hoarding.yaml"     # play or draw at random: now and then a hand grows and grows
WARNING = ("warning: random game 43 at 2 players (seed 1000046) took 8,739 decisions, 8,739 times the usual 1; "
           "a hand grew to 51 cards (Player 0's hand; 0 in the median game): random players may be hoarding "
           "cards under a draw rule")


def _outcome(index: int, decisions: int, hand: int = 5, players: int = 3) -> Outcome:
    return Outcome(index, 100 + index, players, decisions=decisions, largest_hand=hand,
                   largest_hand_zone="Player 1's hand")


def test_the_longest_outlier_is_named_with_its_seed_and_its_hand():
    # GIVEN nine games of about 40 decisions and two far longer, one with a huge hand
    games = [_outcome(i, 40 + i) for i in range(9)] + [_outcome(9, 900), _outcome(10, 5000, hand=60)]
    (warning,) = long_game_warnings(games)
    # THEN one warning names the longest, how many ran that long, and the hand that grew
    assert warning.severity == "warning" and warning.code == "long-game"
    assert warning.message == ("random game 10 at 3 players (seed 110) took 5,000 decisions, 111 times the "
                               "usual 45 (2 of 11 games ran that long); a hand grew to 60 cards (Player 1's "
                               "hand; 5 in the median game): random players may be hoarding cards under a "
                               "draw rule")


def test_games_of_similar_length_and_each_player_count_alone_say_nothing():
    # GIVEN games of 40 to 200 decisions at 3 players, and one long game alone at 4 players
    games = [_outcome(i, 40 + 20 * i) for i in range(9)] + [_outcome(9, 9000, players=4)]
    # THEN no warning: nothing is far out at 3 players, and one game at 4 tells nothing usual
    assert long_game_warnings(games) == []


def test_validate_simulate_warns_of_a_game_that_hoards_cards(capsys, monkeypatch):
    # GIVEN a ruleset where a random player draws as often as it plays
    monkeypatch.chdir(ROOT)
    # WHEN validated with random games
    code = main(["validate", HOARDING, "--simulate", "60"])
    out = capsys.readouterr().out.splitlines()
    # THEN it is valid, and the long game is named with its seed and the hand that grew
    assert code == 0 and WARNING in out
    assert out[-1] == f"{HOARDING}: ok (0 errors, 1 warning, 60 random games per player count)"


def test_simulate_warns_of_it_too(capsys, monkeypatch):
    # GIVEN the same ruleset WHEN simulated THEN the same warning follows the summary, on stderr
    monkeypatch.chdir(ROOT)
    assert main(["simulate", HOARDING, "-g", "60", "--no-progress"]) == 0
    assert WARNING in capsys.readouterr().err.splitlines()


def test_progress_tells_every_game_done(capsys):
    # GIVEN progress lines (not a terminal), with a clock where each game takes two seconds
    progress = Progress(10, show=False, lines=True)
    ticks = itertools.count(0, 2)
    progress.lines = Lines(10, clock=lambda: next(ticks))
    # WHEN two games finish THEN each is told as it ends (a slow game is not hidden behind others)
    progress.advance()
    progress.advance()
    err = capsys.readouterr().err
    assert "simulating: 1/10 games" in err and "simulating: 2/10 games" in err
