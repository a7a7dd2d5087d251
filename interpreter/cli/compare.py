"""The `compare` and `analyze` commands: the workbench's runs, rendered for a terminal, HTML or JSON.

`cardrules compare BASE [VARIANT...] [--option NAME=VALUE...]` plays the base and each variant
on the same seeds and agents; `cardrules analyze RULESET` measures one ruleset. The work is
done in `interpreter.analysis`; this module reads the command line, shows progress and writes.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

import click

from interpreter.analysis import render_text
from interpreter.analysis.runner import Rate, RunInterrupted, make_backend
from interpreter.analysis.save import RowWriter, write_failure_log
from interpreter.analysis.workbench import WorkbenchError, configs, play_all, plan, report
from interpreter.cli.common import budget_option, complete_option, resolve_ruleset, ruleset_argument
from interpreter.cli.deadline import Deadline
from interpreter.cli.progress import Lines
from interpreter.cli.report import render_text as render_diagnostics
from interpreter.engine.game import DEFAULT_MAX_STEPS
from interpreter.compile.ruleset import load_ruleset


def _common(command):
    """The options compare and analyze share."""
    options = [
        click.option("--games", "-g", type=click.IntRange(min=1), default=200, show_default=True,
                     help="Games per configuration."),
        click.option("--players", "-n", type=click.IntRange(min=1), help="Seats (default: the ruleset's minimum)."),
        click.option("--seed", type=int, default=1, show_default=True, help="Root seed: game i is played from (seed, i)."),
        click.option("--agents", default="random", show_default=True, metavar="SPEC",
                     help="Who plays: one spec for every seat or one per seat, comma-separated."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="Where games run: local processes, or Ray."),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Worker processes (local, default 1) or CPUs for a local Ray (default 2)."),
        click.option("--address", help="Join the Ray cluster at this address instead of starting one."),
        click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
                     help="text for people, json for tools."),
        click.option("--html", metavar="FILE", help="Write the HTML report here (default: NAME-compare.html or "
                     "NAME-analysis.html in the current folder; 'none' to skip)."),
        click.option("--save", metavar="DIR", help="Write every game's row (Parquet or CSV) and failed games' logs here."),
        click.option("--no-progress", is_flag=True, help="No progress line (shown only on a terminal anyway)."),
        click.option("--timeout", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                     help="Stop after this long and report the games every configuration finished."),
        click.option("--playouts", type=click.Choice(["hand", "game"]), default="hand", show_default=True,
                     help="Search players (ismcts) play out to the end of the current hand, or of the game."),
        click.option("--skill", is_flag=True, help="Also rate a ladder of agents in every configuration: the "
                     "skill depth, and whether a variant widens or narrows the gap (needs openskill)."),
        click.option("--ladder", default="random,ismcts:25,ismcts:200", show_default=True, metavar="SPECS",
                     help="The agents of --skill, weakest first."),
        click.option("--skill-games", type=click.IntRange(min=1), default=30, show_default=True,
                     help="Tournament games per configuration for --skill."),
    ]
    for option in reversed(options):
        command = option(command)
    return budget_option(command)      # --max-steps: as on every command, work between two decisions


@click.command("compare")
@ruleset_argument("base")
@click.argument("variants", nargs=-1, metavar="[VARIANT]...")
@click.option("--option", "-o", "option", multiple=True, metavar="NAME=VALUE", shell_complete=complete_option,
              help="A variant that sets this option on the base (repeatable: each alone, then all together).")
@click.option("--base-option", multiple=True, metavar="NAME=VALUE", shell_complete=complete_option,
              help="An option set for the base and every variant.")
@click.option("--sweep", metavar="NAME=a..b", help="Play the option at each value (a..b, a..b:step, or v1,v2,...) "
              "and plot every measure against it; the first value is the base.")
@_common
def compare(**params) -> int:
    """Play a ruleset and its variants on the same seeds and report what differs.

    BASE is a shipped game's name or a ruleset file; each VARIANT is a ruleset that extends the
    base, or a file of `set:` applied on top."""
    args = _namespace(params, base=resolve_ruleset(params["base"]))
    return cmd_compare(args)


@click.command("analyze")
@ruleset_argument()
@click.option("--option", "-o", "option", multiple=True, metavar="NAME=VALUE", shell_complete=complete_option,
              help="Set an option (repeatable).")
@click.option("--variant", multiple=True, metavar="FILE", help="A variant file applied on top (repeatable).")
@_common
def analyze(**params) -> int:
    """Measure one ruleset: seats, scores, length, lead changes, decisions."""
    return cmd_analyze(_namespace(params, ruleset=resolve_ruleset(params["ruleset"])))


def _namespace(params: dict, **resolved) -> argparse.Namespace:
    """The command line as the workbench reads it (lists for repeatable options)."""
    args = {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}
    args.update(resolved)
    args["format"] = args.pop("output")
    return argparse.Namespace(**args)


def cmd_compare(args) -> int:
    if args.sweep:
        if args.variants or args.option:
            print("cardrules: --sweep plays one option's values; give no VARIANT or --option with it", file=sys.stderr)
            return 2
        from interpreter.analysis.sweep import sweep_configs, sweep_values
        try:
            chosen = sweep_configs(args.base, args.sweep, base_options=args.base_option)
            args.sweep_values = sweep_values(args.sweep)
        except WorkbenchError as exc:
            print(f"cardrules: {exc.problems[0]}", file=sys.stderr)
            return 2
        return execute(args, chosen, kind="sweep", name=Path(args.base).stem)
    chosen = configs(args.base, variant_files=args.variants, option_variants=args.option,
                     base_options=args.base_option)
    if len(chosen) < 2:
        print("cardrules: compare needs a variant: a VARIANT file or --option NAME=VALUE", file=sys.stderr)
        return 2
    return execute(args, chosen, kind="compare", name=Path(args.base).stem)


def cmd_analyze(args) -> int:
    chosen = configs(args.ruleset, base_variants=args.variant, base_options=args.option)
    return execute(args, chosen, kind="analysis", name=Path(args.ruleset).stem)


def execute(args, chosen, *, kind: str, name: str) -> int:
    try:
        specs = plan(chosen, players=args.players, lineup=args.agents, seed=args.seed,
                     max_steps=args.max_steps or DEFAULT_MAX_STEPS, max_decisions=args.max_decisions,
                     playouts=args.playouts)
    except WorkbenchError as exc:
        if exc.diagnostics:
            print(render_diagnostics(exc.diagnostics), file=sys.stderr)
        for problem in exc.problems:
            print(f"cardrules: {problem}", file=sys.stderr)
        print("cardrules: no game was played", file=sys.stderr)
        return 1
    jobs = args.jobs or (2 if args.backend == "ray" else 1)
    try:
        backend = make_backend(args.backend, jobs=jobs, address=args.address)
    except RuntimeError as exc:
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    writers = {}
    show = not args.no_progress and sys.stderr.isatty()
    rate = Rate(args.games * len(specs))
    lines = Lines(rate.total) if not args.no_progress and not show else None

    def progress(games: int) -> None:
        rate.advance(games)
        if show:
            print(f"\r{rate.line()}   ", end="", file=sys.stderr, flush=True)
        elif lines is not None:
            lines.update(rate.done, lambda: f"{kind}: {rate.line()}")

    def rows_for(spec):
        if not args.save:
            return None
        writer = writers[spec.label] = RowWriter(args.save, spec.label, players=spec.players)
        return writer.write

    games, interrupted = args.games, False
    clock = Deadline(args.timeout)
    try:
        # Ray prints what befalls its tasks (a lost node, a retry) on stdout: keep it off the report
        quiet = contextlib.redirect_stdout(sys.stderr) if args.backend == "ray" else contextlib.nullcontext()
        with clock, quiet:
            aggregates, paired = play_all(specs, games=args.games, backend=backend, progress=progress,
                                          rows_for=rows_for)
    except RunInterrupted as stopped:      # report the seeds every configuration finished, then exit 130
        aggregates, paired, games, interrupted = stopped.aggregates, stopped.paired, stopped.games, True
    finally:
        backend.close()
        for writer in writers.values():
            writer.close()
    timed_out = interrupted and clock.expired
    interrupted = interrupted and not timed_out
    elapsed = rate.clock() - rate.started
    if show:
        print(file=sys.stderr)
    if timed_out:
        if not games:
            print(f"cardrules: no game finished within --timeout {args.timeout:g}s", file=sys.stderr)
            return 1
        print(f"stopped by --timeout {args.timeout:g}s after {games} of {args.games} games per configuration; "
              "the results of those:", file=sys.stderr)
    if interrupted:
        if not games:
            print("interrupted before any game finished", file=sys.stderr)
            raise KeyboardInterrupt
        print(f"interrupted after {games} of {args.games} games per configuration; the results of those:",
              file=sys.stderr)
    workers = f"{backend.workers} worker{'s' * (backend.workers != 1)}"
    data = report(specs, aggregates, paired, games=games, backend_name=f"{backend.name} ({workers})")
    if getattr(args, "sweep", None):
        from interpreter.analysis.sweep import sweep_data
        data["sweep"] = sweep_data(data, *args.sweep_values)
    if args.skill and not interrupted:
        skill = _skill(args, specs)
        if skill is None:
            return 2
        data["skill"] = skill
    if args.format == "json":
        print(json.dumps(data, indent=1))
    else:
        print(render_text.render(data, color=sys.stdout.isatty()))
    _write_html(args, data, default=f"{name}-{kind}.html")
    print(f"{rate.done} games in {elapsed:.1f}s ({rate.done / elapsed:.1f} games/s, "
          f"{backend.name} backend, {workers})", file=sys.stderr)
    if interrupted:
        raise KeyboardInterrupt
    if args.save:
        print(f"per-game rows written to {args.save}/", file=sys.stderr)
    return _report_failures(args, specs, aggregates)


def _skill(args, specs) -> dict | None:
    """The ladder's tournament in every configuration (see interpreter.analysis.skill)."""
    from interpreter.analysis.lineup import hand_playouts, parse_lineup
    from interpreter.analysis.skill import skill_report, skill_runs
    ladder = [a.strip() for a in args.ladder.split(",") if a.strip()]
    try:
        for entry in ladder:
            parse_lineup(entry, 1)
    except ValueError as exc:
        print(f"cardrules: --ladder: {exc}", file=sys.stderr)
        return None
    if args.playouts == "hand":
        ladder = hand_playouts(ladder)
    rate = Rate(args.skill_games * len(specs))
    lines = None if args.no_progress else Lines(rate.total)

    def progress(n: int) -> None:
        rate.advance(n)
        if lines is not None:
            lines.update(rate.done, lambda: f"skill: {rate.line()}")
    try:
        tournaments = skill_runs(specs, ladder=ladder, games=args.skill_games, jobs=args.jobs or 1, progress=progress)
    except RuntimeError as exc:       # OpenSkill is not installed
        print(f"cardrules: {exc}", file=sys.stderr)
        return None
    return skill_report(specs, tournaments)


def _write_html(args, data: dict, *, default: str) -> None:
    target = args.html or (default if args.format == "text" else None)
    if not target or target == "none":
        return
    try:
        from interpreter.analysis.render_html import render
        page = render(data)
    except RuntimeError as exc:          # matplotlib is not installed
        print(f"cardrules: no HTML report: {exc}", file=sys.stderr)
        return
    Path(target).write_text(page, encoding="utf-8")
    print(f"HTML report written to {target}", file=sys.stderr)


def _report_failures(args, specs, aggregates) -> int:
    failed = False
    for spec, aggregate in zip(specs, aggregates):
        for failure in aggregate.failures[:5]:
            failed = True
            where = f"{spec.label}: game {failure['index']} (seed {failure['seed']}, {spec.players} players)"
            print(f"cardrules: {where} {failure['status']}: {failure['error']}", file=sys.stderr)
            if failure["decisions"]:
                tail = failure["decisions"][-30:]
                print(f"  decisions (last {len(tail)} of {len(failure['decisions'])}): {' '.join(tail)}",
                      file=sys.stderr)
            if args.save and failure["decisions"]:
                path = Path(args.save) / f"failed-{_file_label(spec.label)}-{failure['index']}.jsonl"
                ruleset = load_ruleset(spec.path, variants=list(spec.variants))
                if write_failure_log(ruleset, failure, options=spec.options, path=path):
                    print(f"  play it again: cardrules replay {path}", file=sys.stderr)
    return 1 if failed else 0


def _file_label(label: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in label)
