"""What can be wrong with a log, each said in one line."""
from __future__ import annotations

FORMAT = 3        # the log format this cardrules writes
READS = (2, FORMAT)   # and the formats it reads: 3 added what 2 lacked, it took nothing away


class LogError(Exception):
    """A log that cannot be replayed: unreadable, of another format, of a changed ruleset, damaged."""


class DamagedLog(LogError):
    """A log whose line `line` is not what cardrules wrote (edited, cut short, corrupted)."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"this log is damaged at line {line}: {reason}")
        self.line, self.reason = line, reason


class GameStopped(LogError):
    """The game itself failed at the decision of log line `line` (a workbench's failure log ends
    so): the replay reproduced the failure, it did not find damage."""

    def __init__(self, line: int, error: str):
        super().__init__(f"line {line}: the game stops with an error: {error}")
        self.line, self.error = line, error
