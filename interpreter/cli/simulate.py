"""`cardrules simulate`: many random games, in parallel, summarized; the same summary for any --jobs."""
from __future__ import annotations

import json
import os
import sys
import time

import click

from interpreter.cli.common import (RULESET_HELP, budget_option, fail, load, make_budget, player_count,
                                    players_option, ruleset_argument, ruleset_options)
from interpreter.cli.progress import Progress


def job_count(asked: int, games: int) -> tuple[int, str | None]:
    """Worker processes to use: no more than the machine's cores or the games; a note if reduced."""
    cores = os.cpu_count() or 1
    jobs = min(asked, cores, games)
    note = f"--jobs {asked}: this machine has {cores} core{'s' * (cores != 1)}; using {jobs}" \
        if asked > cores else None
    return max(1, jobs), note


def _rows(outcomes) -> list[dict]:
    return [{"index": o.index, "seed": o.seed, "scores": o.scores, "winners": o.winners,
             "winning_teams": o.winning_teams, "decisions": o.decisions, "error": o.error} for o in outcomes]


def _csv(outcomes, players: int) -> str:
    import csv
    import io
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["index", "seed", *[f"score_{s}" for s in range(players)], "winners", "decisions", "error"])
    for o in outcomes:
        scores = o.scores or [""] * players
        writer.writerow([o.index, o.seed, *scores, " ".join(map(str, o.winners or [])), o.decisions, o.error or ""])
    return out.getvalue().rstrip("\n")


@click.command(epilog=RULESET_HELP)
@ruleset_argument()
@ruleset_options
@click.option("--games", "-g", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@players_option
@click.option("--seed", type=int, default=1, show_default=True,
              help="Root seed; game i's seed depends only on it and i.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (at most the machine's cores).")
@click.option("--agents", metavar="SPECS", help="Who plays: one agent spec for every seat or one per seat, "
              "comma-separated (e.g. ismcts:200,random,random,random; default: random players).")
@click.option("--log", metavar="FILE", help="Write one game's log to FILE (replayable; see --log-game).")
@click.option("--log-game", type=click.IntRange(min=0), default=0, show_default=True, metavar="I",
              help="Which game --log writes (0 is the first).")
@click.option("--no-progress", is_flag=True, help="No progress bar (it is shown only on a terminal anyway).")
@click.option("--format", "output", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
              help="text: a summary; json: every game's seed, scores and winners; csv: one row per game.")
@budget_option
def command(ruleset, options, variants, games, players, seed, jobs, agents, log, log_game, no_progress, output,
            max_steps, max_decisions) -> int:
    """Play many games (random players, or --agents) and summarize them; a game that fails (one
    that never ends is stopped by its bounds) is counted as failed, with its seed, and the run
    goes on."""
    from interpreter.engine.game import Game
    from interpreter.errors import GameError
    rules = load(ruleset, options=options, variants=variants)
    n = player_count(rules, players)
    budget = make_budget(max_steps, max_decisions)
    try:      # a game that cannot start (an option breaking a constraint) is reported once, up front
        probe = Game(rules, n, seed=0, options=options, record=False, budget=budget)
    except GameError as exc:
        raise fail(str(exc)) from None
    if agents is not None:
        from interpreter.agents.specs import AgentSpecError, make_agents
        try:
            make_agents(agents, players=n, seed=0, commands=True)
        except AgentSpecError as exc:
            raise fail(f"--agents: {exc}") from None
    if log is not None and log_game >= games:
        raise fail(f"--log-game {log_game}: there are only {games} games (0 to {games - 1})")
    out = _whole_log(log)
    try:
        return _run(rules, out, probe=probe, n=n, budget=budget, games=games, seed=seed, jobs=jobs, agents=agents,
                    log=log, log_game=log_game, no_progress=no_progress, output=output, options=options)
    finally:
        if out is not None:        # stopped before its game's log was written: the path is left as it was
            out.discard()


def _whole_log(path: str | None):
    """The log's file, written whole or not at all (see cli/whole_file.py); a bad path fails at once."""
    from interpreter.cli.whole_file import WholeFile
    if path is None:
        return None
    try:
        return WholeFile(path)
    except OSError as exc:
        raise fail(f"cannot write the log to {path}: {exc.strerror or exc}") from None


def _run(rules, out, *, probe, n: int, budget, games: int, seed: int, jobs: int, agents, log, log_game: int,
         no_progress: bool, output: str, options: dict) -> int:
    from interpreter.analysis.simulate import SimulationInterrupted, simulate, summarize
    jobs, note = job_count(jobs, games)
    if note:
        click.echo(f"cardrules: {note}", err=True)
    started = time.perf_counter()
    tty = sys.stderr.isatty()
    progress = Progress(games, show=not no_progress and tty, lines=not no_progress and not tty)
    interrupted = False
    try:
        outcomes = simulate(rules, games=games, seed=seed, players=n, options=options, jobs=jobs,
                            progress=progress, agents=agents, budget=budget,
                            log_index=log_game if out is not None else None)
    except SimulationInterrupted as stopped:     # the games finished so far, summarized, then exit 130
        outcomes, interrupted = stopped.outcomes, True
    finally:
        progress.close()
    if interrupted:
        logged = next((o.log for o in outcomes if o.index == log_game), None)
        if out is not None and logged:        # its game finished before Ctrl-C: its log, whole
            out.commit(logged)
            click.echo(f"game {log_game}'s log written to {log}", err=True)
        if not outcomes:
            click.echo("interrupted before any game finished", err=True)
        else:
            click.echo(f"interrupted after {len(outcomes)} of {games} games; the summary of those:", err=True)
            click.echo(summarize(outcomes, n, [t.name for t in probe.teams] if len(probe.teams) < n else None,
                                 rules.score_label))
        raise KeyboardInterrupt
    if out is not None:
        out.commit(next(o.log for o in outcomes if o.index == log_game) or "")
        click.echo(f"game {log_game}'s log written to {log}", err=True)
    team_names = [t.name for t in probe.teams] if len(probe.teams) < n else None
    if output == "json":
        click.echo(json.dumps({"ruleset": rules.name, "players": n, "seed": seed,
                               "options": rules.resolve_options(options), "score": rules.score_label,
                               "games": _rows(outcomes)}))
    elif output == "csv":
        click.echo(_csv(outcomes, n))
    else:
        click.echo(f"{rules.name}, {n} players, seed {seed}" + _given_options(rules, options))
        click.echo(summarize(outcomes, n, team_names, rules.score_label))
    elapsed = time.perf_counter() - started
    click.echo(f"({len(outcomes) / elapsed:.1f} games/s with {jobs} job{'s' * (jobs != 1)})", err=True)
    from interpreter.analysis.long_games import long_game_warnings
    from interpreter.cli.report import render_text
    for warning in long_game_warnings(outcomes):
        click.echo(render_text([warning]), err=True)
    failures = [o for o in outcomes if o.error]
    for o in failures[:5]:
        click.echo(f"game {o.index} (seed {o.seed}) failed after {o.decisions} decisions: {o.error}", err=True)
    return 1 if failures else 0


def _given_options(rules, options: dict) -> str:
    """The options given on the command line, as the game reads them (`bonus=false`, not the
    text 'false'), for the summary's header."""
    if not options:
        return ""
    values = rules.resolve_options(options)

    def shown(value) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)
    return ", options " + ", ".join(f"{name}={shown(values[name])}" for name in options)
