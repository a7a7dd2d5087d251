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
    from interpreter.engine.replay import ReplayMismatch, replay
    from interpreter.errors import GameError, RulesetError
    try:
        game = replay(log)
    except FileNotFoundError:
        raise fail(f"no such file: {log}") from None
    except (ReplayMismatch, GameError) as exc:
        raise fail(f"{log}: replay failed: {exc}") from None
    except RulesetError as exc:
        raise Invalid(render_text(exc.diagnostics)) from None
    click.echo(f"{log}: replay ok ({len(game.events)} events, result {json.dumps(game.result)})")
    return 0
