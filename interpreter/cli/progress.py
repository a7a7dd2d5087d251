"""A progress bar with rate and ETA for long runs, on stderr and only on a terminal."""
from __future__ import annotations

import time


class Progress:
    """Called as `progress(done, total)` (as simulate() does) or told `advance()` one game at a time."""

    def __init__(self, total: int, *, show: bool, what: str = "simulating"):
        self.bar = None
        self.what = what
        self.done, self.total = 0, total
        if not show:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar
        from interpreter.terminal.style import console
        self.bar = Bar(TextColumn(self.what), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[rate]}"), TextColumn("ETA"), TimeRemainingColumn(),
                            console=console(err=True), transient=True)
        self.task = self.bar.add_task("games", total=total, rate="")
        self.started = time.perf_counter()
        self.bar.start()

    def advance(self) -> None:
        self.done += 1
        if self.done % 5 == 0 or self.done == self.total:
            self(self.done, self.total)

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            rate = done / max(time.perf_counter() - self.started, 1e-9)
            self.bar.update(self.task, completed=done, rate=f"{rate:.1f} games/s")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
