"""Game logs: writing them (write), reading and checking them line by line (read), and
replaying them (replay).

A log is JSONL: a header naming the ruleset (its name, where it was found, and a digest of its
text), the game's events, and a last line holding a digest of every line before it. Anything
wrong with a log is a LogError, one line fit to print; damage is a DamagedLog that names the line.
"""
from interpreter.logs.errors import DamagedLog, LogError
from interpreter.logs.read import read_log
from interpreter.logs.replay import replay
from interpreter.logs.write import write_log

__all__ = ["DamagedLog", "LogError", "read_log", "replay", "write_log"]
