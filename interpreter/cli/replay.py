"""`cardrules replay`: re-run a game log and check that the engine reproduces every event."""
from __future__ import annotations

import json

import click

from interpreter.cli.common import Invalid, fail


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
def command(log) -> int:
    """Re-run a game log and check that every event matches."""
    from interpreter.cli.report import render_text
    from interpreter.errors import GameError, RulesetError
    from interpreter.logs import LogError, replay
    try:
        game = replay(log)
    except (LogError, GameError) as exc:
        raise fail(f"{log}: {exc}") from None
    except RulesetError as exc:
        raise Invalid(render_text(exc.diagnostics)) from None
    click.echo(f"{log}: replay ok ({len(game.events)} events, result {json.dumps(game.result)})")
    if _commits(log):    # the log was read in full: its reveal opened the commitment
        click.echo(f"{log}: the deal was fixed before the first card: commitment verified")
    return 0


def _commits(log) -> bool:
    """Whether the log's header commits to its seed (a reveal that opens it was checked on reading)."""
    with open(log, encoding="utf-8") as text:
        try:
            header = json.loads(text.readline())
        except ValueError:
            return False
    return isinstance(header, dict) and "commitment" in header
