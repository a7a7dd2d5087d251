"""Reading a line from the person at the terminal: with prompt_toolkit on a terminal (editing,
history, the current choices completed and filtered as you type), plain input() otherwise."""
from __future__ import annotations

import os
import sys


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb"


class LineReader:
    """`read(prompt, words=...)`: one line. `words` are offered as completions: those holding what
    was typed so far (anywhere, any case), so a long list narrows with every letter."""

    def __init__(self):
        self.session = None
        if interactive():
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory
            self.session = PromptSession(history=InMemoryHistory())

    def read(self, prompt: str, *, words: list[tuple[str, str]] = ()) -> str:
        """`words`: (text inserted, what the menu shows). EOF reads as `quit`; Ctrl-C is an
        interrupt (KeyboardInterrupt), which the command line ends with exit code 130."""
        try:
            if self.session is None:
                return input(prompt)
            return self.session.prompt(prompt, completer=_Completer(list(words)), complete_while_typing=True,
                                       reserve_space_for_menu=min(8, len(words)))
        except EOFError:
            return "quit"


class _Completer:
    def __new__(cls, words):
        from prompt_toolkit.completion import Completer, Completion

        class Matching(Completer):
            def get_completions(self, document, complete_event):
                typed = document.text_before_cursor.strip().lower()
                for text, shown in words:
                    if typed in text.lower() or typed in shown.lower():
                        yield Completion(text, start_position=-len(document.text_before_cursor), display=shown)
        return Matching()
