"""Messages that say what to write (issue 28, item 8; the broken rulesets carry the rest)."""
from __future__ import annotations

from interpreter.cli.main import main


def test_simulate_header_shows_option_values_as_the_game_reads_them(capsys):
    # GIVEN options given on the command line as text (`no` for a bool, `50` for an int)
    code = main(["simulate", "hearts", "-g", "1", "--no-progress", "-o", "spot_hearts=no", "-o", "target=50"])
    out = capsys.readouterr().out
    # THEN the header shows the values the game gets, not the raw strings
    assert code == 0
    assert out.splitlines()[0] == "Hearts, 3 players, seed 1, options spot_hearts=false, target=50"
