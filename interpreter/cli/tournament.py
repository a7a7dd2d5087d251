"""`cardrules tournament RULESET --agents random,ismcts:25,ismcts:200`: rate agents against each other.

The work is done in `interpreter.analysis.tournament`; this module checks the command line,
shows progress and writes the table, JSON or HTML.
"""
from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

import click

from interpreter.analysis.lineup import hand_playouts, parse_lineup
from interpreter.analysis.runner import Rate, make_backend
from interpreter.analysis.tournament import LADDER, Setup, TournamentInterrupted, play_tournament
from interpreter.analysis.workbench import WorkbenchError, configs, plan
from interpreter.cli.common import complete_option, resolve_ruleset, ruleset_argument
from interpreter.cli.deadline import Deadline
from interpreter.cli.progress import Lines
from interpreter.cli.report import render_text as render_diagnostics


@click.command("tournament")
@ruleset_argument()
@click.option("--agents", default=",".join(LADDER), show_default=True, metavar="SPEC,SPEC,...",
              help="The agents to rate, comma-separated, weakest first (the skill depth is the gap from the first to the last).")
@click.option("--games", "-g", type=click.IntRange(min=1), default=60, show_default=True,
              help="Games to play (whole deals count: each deal is played in every seating).")
@click.option("--players", "-n", type=click.IntRange(min=1), help="Seats (default: the ruleset's minimum).")
@click.option("--seed", type=int, default=1, show_default=True, help="Root seed: game i is played from (seed, i).")
@click.option("--option", "-o", "option", multiple=True, metavar="NAME=VALUE", shell_complete=complete_option,
              help="Set an option (repeatable).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where games run: local processes, or Ray.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (local, default 1) or CPUs for a local Ray (default 2).")
@click.option("--address", help="Join the Ray cluster at this address instead of starting one.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop after this long and rate the games played so far.")
@click.option("--playouts", type=click.Choice(["hand", "game"]), default="hand", show_default=True,
              help="Search players (ismcts) play out to the end of the current hand, or of the game.")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for programs.")
@click.option("--html", metavar="FILE", help="Write an HTML report with the ratings plot (needs matplotlib).")
@click.option("--no-progress", is_flag=True, help="No progress lines.")
def command(ruleset, agents, games, players, seed, option, backend, jobs, address, timeout, playouts, output, html,
            no_progress) -> int:
    """Rate agents against each other in RULESET with OpenSkill: a schedule of seatings and seeds,
    every agent in every seat, ratings with 95% intervals."""
    path = resolve_ruleset(ruleset)
    entries = [a.strip() for a in agents.split(",") if a.strip()]
    if len(entries) < 2:
        print("cardrules: a tournament needs at least two agents (--agents a,b,...)", file=sys.stderr)
        return 2
    try:
        spec = plan(configs(path, base_options=option), players=players, seed=seed)[0]   # ruleset, options, seats
        for entry in entries:
            parse_lineup(entry, 1)            # a bad agent spec now, before any game
    except WorkbenchError as exc:
        if exc.diagnostics:
            print(render_diagnostics(exc.diagnostics), file=sys.stderr)
        for problem in exc.problems:
            print(f"cardrules: {problem}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    if playouts == "hand":
        entries = hand_playouts(entries)
    setup = Setup(spec.path, spec.variants, tuple(spec.options.items()), spec.players, seed, spec.max_steps)
    rate = Rate(games)
    lines = None if no_progress else Lines(games)

    def progress(n: int) -> None:
        rate.advance(n)
        if lines is not None:
            lines.update(rate.done, lambda: f"tournament: {rate.line()}")

    try:
        runner = make_backend(backend, jobs=jobs or (2 if backend == "ray" else 1), address=address)
    except RuntimeError as exc:        # Ray is not installed
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    interrupted, clock = False, Deadline(timeout)
    try:
        # Ray prints what befalls its tasks (a lost node, a retry) on stdout: keep it off the report
        quiet = contextlib.redirect_stdout(sys.stderr) if backend == "ray" else contextlib.nullcontext()
        with clock, quiet:
            result = play_tournament(setup, entries=entries, games=games, backend=runner, progress=progress)
    except TournamentInterrupted as stopped:
        result, interrupted = stopped.tournament, True
    except RuntimeError as exc:        # OpenSkill is not installed
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    finally:
        runner.close()
    timed_out = interrupted and clock.expired
    interrupted = interrupted and not timed_out
    if timed_out:
        if not result.games:
            print(f"cardrules: no game finished within --timeout {timeout:g}s", file=sys.stderr)
            return 1
        print(f"stopped by --timeout {timeout:g}s after {result.games} of {games} games; the ratings of those:",
              file=sys.stderr)
    if interrupted:
        if not result.games:
            print("interrupted before any game finished", file=sys.stderr)
            raise KeyboardInterrupt
        print(f"interrupted after {result.games} of {games} games; the ratings of those:", file=sys.stderr)
    data = {**result.to_dict(), "ruleset": Path(path).stem, "seed": seed, "options": dict(spec.options)}
    if output == "json":
        print(json.dumps(data, indent=1))
    else:
        from interpreter.analysis.render_tournament import render_text
        print(render_text(data))
    if html and html != "none":
        try:
            from interpreter.analysis.render_tournament import render_html
            page = render_html(data, title=f"Tournament: {Path(path).stem}")
        except RuntimeError as exc:
            print(f"cardrules: no HTML report: {exc}", file=sys.stderr)
        else:
            Path(html).write_text(page, encoding="utf-8")
            print(f"HTML report written to {html}", file=sys.stderr)
    if interrupted:
        raise KeyboardInterrupt
    return 0
