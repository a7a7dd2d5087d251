"""Colour and layout for the terminal, through rich: colour only on a terminal and never when
NO_COLOR is set (rich reads both), made afresh for each use so redirected output is respected."""
from __future__ import annotations

import os
import sys


def console(*, err: bool = False):
    """A rich Console on stdout (or stderr); plain text when not a terminal or NO_COLOR is set."""
    from rich.console import Console
    stream = sys.stderr if err else sys.stdout
    plain = bool(os.environ.get("NO_COLOR")) or not stream.isatty()
    return Console(file=stream, no_color=plain, color_system=None if plain else "auto",
                   highlight=False, soft_wrap=True, emoji=False)
