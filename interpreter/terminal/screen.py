"""Where the terminal's output goes: rich on the console, or plain lines into a list (tests)."""
from __future__ import annotations


class Screen:
    """`say(text)` a line, `show(renderable)` a drawing, `clear()` the screen (for a hand-over)."""

    def __init__(self, console=None):
        if console is None:
            from interpreter.terminal.style import console as make
            console = make()
        self.console = console

    def say(self, text: str = "") -> None:
        from rich.text import Text
        self.console.print(Text(text) if isinstance(text, str) else text)

    def show(self, renderable) -> None:
        self.console.print(renderable)

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print("\n" * 3)


class Lines(Screen):
    """A screen that keeps what it was told as plain text."""

    def __init__(self, out=None):
        from io import StringIO

        from rich.console import Console
        self.buffer = StringIO()
        super().__init__(Console(file=self.buffer, width=100, no_color=True, color_system=None, highlight=False))
        self.lines = out if out is not None else []

    def _flush(self) -> None:
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        self.lines.extend(text.rstrip("\n").split("\n") if text else [])

    def say(self, text: str = "") -> None:
        super().say(text)
        self._flush()

    def show(self, renderable) -> None:
        super().show(renderable)
        self._flush()

    def clear(self) -> None:
        self.lines.append("-- screen cleared --")
