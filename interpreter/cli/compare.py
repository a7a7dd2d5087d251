"""The `compare` and `analyze` commands: the workbench's runs, rendered for a terminal, HTML or JSON.

`cardrules compare BASE [VARIANT...] [--option NAME=VALUE...]` plays the base and each variant
on the same seeds and agents; `cardrules analyze RULESET` measures one ruleset. The work is
done in `interpreter.analysis`; this module reads the command line, shows progress and writes.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import click

from interpreter.analysis import render_text
from interpreter.analysis.runner import Rate, RunInterrupted, make_backend
from interpreter.analysis.save import RowWriter, write_failure_log
from interpreter.analysis.workbench import WorkbenchError, configs, play_all, plan, report
from interpreter.cli.common import budget_option, complete_option, resolve_ruleset, ruleset_argument
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
                     max_steps=args.max_steps or DEFAULT_MAX_STEPS, max_decisions=args.max_decisions)
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
    try:
        aggregates, paired = play_all(specs, games=args.games, backend=backend, progress=progress, rows_for=rows_for)
    except RunInterrupted as stopped:      # report the seeds every configuration finished, then exit 130
        aggregates, paired, games, interrupted = stopped.aggregates, stopped.paired, stopped.games, True
    finally:
        backend.close()
        for writer in writers.values():
            writer.close()
    elapsed = rate.clock() - rate.started
    if show:
        print(file=sys.stderr)
    if interrupted:
        if not games:
            print("interrupted before any game finished", file=sys.stderr)
            raise KeyboardInterrupt
        print(f"interrupted after {games} of {args.games} games per configuration; the results of those:",
              file=sys.stderr)
    workers = f"{backend.workers} worker{'s' * (backend.workers != 1)}"
    data = report(specs, aggregates, paired, games=games, backend_name=f"{backend.name} ({workers})")
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
