"""Game logs: writing them (write), reading and checking them line by line (read), and
replaying them (replay).

A log is JSONL: a header naming the ruleset (its name, where it was found, and a digest of its
text), the game's events, and a last line holding a digest of every line before it. A game
whose seed was committed to when it opened (a web table with people) has an optional
`commitment` in its header ({"sha256": ..., "scheme": ...}) and a `{"type": "reveal", "seed",
"salt"}` line just before the digest; reading checks that the reveal opens the commitment
(commitment.py says how it is computed). Anything
wrong with a log is a LogError, one line fit to print; damage is a DamagedLog that names the line.
"""
from interpreter.logs.errors import DamagedLog, LogError
from interpreter.logs.read import read_log
from interpreter.logs.replay import replay
from interpreter.logs.write import write_log

__all__ = ["DamagedLog", "LogError", "read_log", "replay", "write_log"]
