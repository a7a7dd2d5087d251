"""`--timeout`: stop a long run after a while and keep what it finished.

The run stops the way Ctrl-C stops it (a KeyboardInterrupt raised in the main thread, here by
SIGALRM), so the same path collects the aggregates of the games every configuration finished;
`expired` tells the two apart. Where SIGALRM does not exist (Windows) there is no timeout.

Python runs a signal handler between any two bytecodes, also inside a garbage collector's
callback (a weakref's, a `__del__`), and there an exception is printed and dropped. The deadline
watches for its own exception being dropped (`sys.unraisablehook`) and fires again shortly after.
"""
from __future__ import annotations

import signal
import sys
from typing import Any

REFIRE_SECONDS = 0.01


class TimedOut(KeyboardInterrupt):
    """The run's --timeout has passed."""


class Deadline:
    """A context that raises TimedOut in the main thread `seconds` after it is entered."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.expired = False
        self._previous: Any = None
        self._previous_hook: Any = None

    def _fire(self, signum, frame) -> None:
        self.expired = True
        raise TimedOut()

    def _dropped(self, unraisable) -> None:
        if isinstance(unraisable.exc_value, TimedOut):
            signal.setitimer(signal.ITIMER_REAL, REFIRE_SECONDS)
        elif self._previous_hook is not None:
            self._previous_hook(unraisable)

    def __enter__(self) -> "Deadline":
        if self.seconds and hasattr(signal, "setitimer"):
            self._previous = signal.signal(signal.SIGALRM, self._fire)
            self._previous_hook, sys.unraisablehook = sys.unraisablehook, self._dropped
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc) -> None:
        if self._previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)
            sys.unraisablehook = self._previous_hook
            self._previous = self._previous_hook = None
