"""`cardrules validate`: every error of every file at once, with file:line:col; optionally random games."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from interpreter.cli.common import (budget_option, make_budget, resolve_ruleset, ruleset_options,
                                    unread_option_message)


def expand(paths) -> list[str]:
    """Files as given (or shipped games by name); a folder stands for the .yaml files in and below it."""
    out = []
    for path in paths:
        if os.path.isdir(path):
            out.extend(sorted(str(p) for p in Path(path).rglob("*.yaml")))
        else:
            out.append(path if os.path.exists(path) else resolve_ruleset(path))
    return out


def random_check(ruleset, *, games: int, seed: int, options: dict, progress=None, budget=None) -> list:
    """Play random games at every player count; report games that fail, with how to reproduce them."""
    from interpreter.analysis.long_games import long_game_warnings
    from interpreter.analysis.simulate import listing_warnings, play_one
    from interpreter.errors import Diagnostic
    problems, played = [], []
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        for index in range(games):
            outcome = play_one(ruleset, index=index, root_seed=seed, players=players, options=options,
                               keep_path=True, budget=budget)
            played.append(outcome)
            if progress is not None:
                progress.advance()
            if outcome.error:
                path = " ".join(outcome.path[-30:])
                problems.append(Diagnostic(
                    "playout", f"random game failed at {players} players (seed {outcome.seed}): {outcome.error}",
                    None, f"reproduce with Game(ruleset, {players}, seed={outcome.seed}) and the decisions "
                          f"(last {min(30, len(outcome.path))} of {len(outcome.path)}): {path}"))
                break
    return problems + listing_warnings(played) + long_game_warnings(played)


@click.command(epilog="PATH is a ruleset file, a folder (every .yaml in it and below), or a shipped game's name.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@ruleset_options
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
@click.option("--simulate", "games", type=click.IntRange(min=0), default=0, metavar="N",
              help="After the static checks, play N random games per player count.")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed of the random games.")
@click.option("--no-warnings", is_flag=True, help="Show errors only.")
@budget_option
def command(paths, options, variants, output, games, seed, no_warnings, max_steps, max_decisions) -> int:
    """Check rulesets and report every error with file:line:col."""
    from interpreter.cli.report import render_json, render_text
    from interpreter.compile.ruleset import check_ruleset
    from interpreter.errors import Diagnostic, RulesetError
    results: dict[str, list] = {}
    failed = False
    loaded = {}
    for path in expand(paths):
        ruleset, diagnostics = check_ruleset(path, variants=list(variants))
        if ruleset is not None and options:
            try:
                ruleset.resolve_options(options)
            except RulesetError as exc:
                diagnostics = diagnostics + exc.diagnostics
                ruleset = None
            else:
                diagnostics = diagnostics + [Diagnostic("unread-option", unread_option_message(ruleset, name), None,
                                                        severity="warning")
                                             for name in options if name in ruleset.unread_options]
        if no_warnings:
            diagnostics = [d for d in diagnostics if d.severity == "error"]
        results[path] = diagnostics
        if any(d.severity == "error" for d in diagnostics):
            failed = True
        elif ruleset is not None:          # (a library file has no ruleset of its own to play)
            loaded[path] = ruleset
    if games and loaded:
        from interpreter.cli.progress import Progress
        total = sum(games * (r.max_players - r.min_players + 1) for r in loaded.values())
        tty = sys.stderr.isatty()
        progress = Progress(total, show=tty, lines=not tty, what="random games")
        try:
            for path, ruleset in loaded.items():
                problems = random_check(ruleset, games=games, seed=seed, options=options, progress=progress,
                                        budget=make_budget(max_steps, max_decisions))
                results[path].extend(problems)
                failed = failed or any(d.severity == "error" for d in problems)
        finally:
            progress.close()
    if output == "json":
        click.echo(render_json(results))
        return 1 if failed else 0
    for path, diagnostics in results.items():
        if diagnostics:
            click.echo(render_text(diagnostics))
        errors = sum(d.severity == "error" for d in diagnostics)
        warnings = len(diagnostics) - errors
        status = "ok" if not errors else "invalid"
        extra = f", {games} random games per player count" if games and path in loaded else ""
        click.echo(f"{path}: {status} ({errors} error{'s' * (errors != 1)}, "
                   f"{warnings} warning{'s' * (warnings != 1)}{extra})")
    return 1 if failed else 0
