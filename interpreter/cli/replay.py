"""`cardrules replay`: re-run a game log and check that the engine reproduces every event; a
seat's or a spectator's log is checked as far as it can be and shown as that seat saw it."""
from __future__ import annotations

import json

import click

from interpreter.cli.common import Invalid, fail


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--show", is_flag=True, help="Print the game's transcript as the log's seat saw it "
              "(a full log: everything).")
@click.option("--format", "form", type=click.Choice(["text", "hand-history"]), default="text", show_default=True,
              help="text: check the log and say so; hand-history: write a betting game's hands as poker "
              "hand histories (PokerKit's PHH format, one per hand) as the log's seat saw them.")
def command(log, show, form) -> int:
    """Re-run a game log and check that every event matches.

    A seat's or a spectator's log cannot be re-run (it holds neither the shuffle nor the others'
    hidden choices): it is checked to be whole, of the same ruleset and well formed.

    --format hand-history writes a betting game's hands (as the log's seat saw them) in
    PokerKit's hand-history format instead, and nothing else."""
    if show and form == "hand-history":
        raise click.UsageError("--show prints a transcript and --format hand-history the hands alone: "
                               "choose one")
    from interpreter.cli.report import render_text
    from interpreter.errors import GameError, RulesetError
    from interpreter.logs import LogError, check_view, read_sealed, replay
    from interpreter.logs.hand_history import hand_histories
    try:
        header, _, sealed = read_sealed(log, digest=False)
        if "view" in header:
            seen = check_view(log)
            lines = seen.transcript() if show else []
            if form == "hand-history":
                text, note = hand_histories(seen.ruleset, header, seen.events)
                lines = [text]
        else:
            game = replay(log)
            lines = _transcript(game) if show else []
            if form == "hand-history":      # the events as replayed, not as read
                text, note = hand_histories(game.rules, header, game.events)
                lines = [text]
    except (LogError, GameError) as exc:
        raise fail(f"{log}: {exc}") from None
    except RulesetError as exc:
        raise Invalid(render_text(exc.diagnostics)) from None
    for line in lines:
        click.echo(line, nl=form == "text")
    if form == "hand-history":     # the output is the histories alone, for a program to read
        if note is not None:
            click.echo(f"{log}: {note}", err=True)
        return 0
    if "view" in header:
        click.echo(f"{log}: {seen.who}'s view checked ({len(seen.events)} events, {seen.decisions} decisions; "
                   "whole, same ruleset, well formed); a view is not re-run: it holds neither the shuffle "
                   "nor the others' hidden choices")
    else:
        click.echo(f"{log}: replay ok ({len(game.events)} events, result {json.dumps(game.result)})")
    if sealed is not None:     # reading checked that a reveal opens the commitment
        click.echo(f"{log}: {sealed.message()}")
    return 0


def _transcript(game) -> list[str]:
    """Every line of a replayed game, tracking values from the game's start (not its end)."""
    from interpreter.engine.game import Game
    from interpreter.terminal.transcript import Transcript
    start = Game(game.rules, len(game.players), seed=game.seed, options=game.option_overrides,
                 stacked=game.stacked or None, names=[p.name for p in game.players], record=False)
    transcript = Transcript(start, None)
    transcript.game = game
    return transcript.new_lines()
