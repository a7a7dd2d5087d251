"""Progress of long runs on stderr: a bar with rate and ETA on a terminal; otherwise (a log file,
a pipe, a CI job) a plain line every tenth of the run or every INTERVAL seconds, whichever comes
first (never two within GAP seconds), so that a run killed from outside has said how far it got."""
from __future__ import annotations

import sys
import time

INTERVAL = 10.0      # seconds between two progress lines when not on a terminal
GAP = 1.0            # and at least this long: a run of a few seconds says little or nothing


class Lines:
    """Prints `text` (what `line()` says now) to stderr when `done` has passed the next tenth of
    `total`, or INTERVAL seconds have gone by since the last line."""

    def __init__(self, total: int, *, clock=time.monotonic):
        self.total, self.clock = total, clock
        self.step = max(1, total // 10)
        self.next = self.step
        self.last = clock()

    def update(self, done: int, line) -> None:
        now = self.clock()
        if (done >= self.next and now - self.last >= GAP) or now - self.last >= INTERVAL:
            print(line(), file=sys.stderr, flush=True)
            self.next = (done // self.step + 1) * self.step
            self.last = now


class Progress:
    """Called as `progress(done, total)` (as simulate() does) or told `advance()` one game at a time.
    `show`: the bar (on a terminal); `lines`: progress lines (anywhere else)."""

    def __init__(self, total: int, *, show: bool, what: str = "simulating", lines: bool = False):
        self.bar = None
        self.what = what
        self.done, self.total = 0, total
        self.started = time.perf_counter()
        self.lines = Lines(total) if lines and not show else None
        if not show:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar
        from interpreter.terminal.style import console
        self.bar = Bar(TextColumn(self.what), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[rate]}"), TextColumn("ETA"), TimeRemainingColumn(),
                            console=console(err=True), transient=True)
        self.task = self.bar.add_task("games", total=total, rate="")
        self.bar.start()

    def advance(self) -> None:
        """One more game done: told at once (a slow game is not hidden behind four others)."""
        self.done += 1
        self(self.done, self.total)

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        rate = done / max(time.perf_counter() - self.started, 1e-9)
        if self.bar is not None:
            self.bar.update(self.task, completed=done, rate=f"{rate:.1f} games/s")
        elif self.lines is not None:
            self.lines.update(done, lambda: f"{self.what}: {done}/{total} games, {rate:.1f} games/s")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
