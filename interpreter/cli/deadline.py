"""`--timeout`: stop a long run after a while and keep what it finished.

The run stops the way Ctrl-C stops it (a KeyboardInterrupt raised in the main thread, here by
SIGALRM), so the same path collects the aggregates of the games every configuration finished;
`expired` tells the two apart. Where SIGALRM does not exist (Windows) there is no timeout.
"""
from __future__ import annotations

import signal


class TimedOut(KeyboardInterrupt):
    """The run's --timeout has passed."""


class Deadline:
    """A context that raises TimedOut in the main thread `seconds` after it is entered."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.expired = False
        self._previous = None

    def _fire(self, signum, frame) -> None:
        self.expired = True
        raise TimedOut()

    def __enter__(self) -> "Deadline":
        if self.seconds and hasattr(signal, "setitimer"):
            self._previous = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc) -> None:
        if self._previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)
            self._previous = None
