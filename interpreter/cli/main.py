"""The `cardrules` command: validate, play, simulate, compare, analyze, replay, and list the language's builtins.

The library never prints; this module renders its results and maps errors to exit codes
(0 success, 1 an invalid ruleset or a failed check, 2 bad command-line usage).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

from interpreter.agents.basic import RandomAgent
from interpreter.agents.turn import ask
from interpreter.language.builtins import BUILTINS
from interpreter.language.macros import MACRO_DOCS
from interpreter.language.effects import EFFECTS
from interpreter.errors import Diagnostic, GameError, RulesetError
from interpreter.engine.game import Game
from interpreter.engine.replay import ReplayMismatch, replay, write_log
from interpreter.cli.compare import add_parsers as add_workbench_parsers
from interpreter.cli.report import render_json, render_text
from interpreter.language.ruleset import check_ruleset, load_ruleset
from interpreter.analysis.simulate import play_one, simulate, summarize
from interpreter.terminal.human import HumanAgent
from interpreter.terminal.transcript import Transcript


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug in cardrules itself, not in the ruleset: say so plainly
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(f"cardrules: internal error: {type(exc).__name__}: {exc}\n"
              "(this is a bug in cardrules; run again with CARDRULES_DEBUG=1 for the traceback)", file=sys.stderr)
        return 3


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardrules", description="Validate, play and simulate card games "
                                     "written as YAML rulesets.")
    sub = parser.add_subparsers(dest="command")

    def common(p, *, many=False):
        if many:
            p.add_argument("paths", nargs="+", metavar="PATH", help="ruleset files")
        else:
            p.add_argument("ruleset", help="the ruleset file (e.g. rulesets/NAME.yaml)")
        p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                       help="set an option (repeatable)")
        p.add_argument("--variant", action="append", default=[], metavar="FILE",
                       help="a variant file applied on top (repeatable)")

    v = sub.add_parser("validate", help="check rulesets (files or folders) and report every error with file:line:col")
    common(v, many=True)
    v.add_argument("--format", choices=["text", "json"], default="text")
    v.add_argument("--simulate", type=int, default=0, metavar="N",
                   help="after the static checks, play N random games per player count")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--no-warnings", action="store_true", help="show errors only")
    v.set_defaults(run=cmd_validate)

    p = sub.add_parser("play", help="play a game: bots, or you at a seat with --human")
    common(p)
    p.add_argument("--players", "-n", type=int)
    p.add_argument("--seed", type=int)
    p.add_argument("--human", type=int, action="append", default=[], metavar="SEAT")
    p.add_argument("--log", metavar="FILE", help="write the game's events as JSONL (replayable)")
    p.add_argument("--log-seat", type=int, metavar="SEAT", help="write the log as this seat saw it")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    p.set_defaults(run=cmd_play)

    s = sub.add_parser("simulate", help="play many random games and summarize them")
    common(s)
    s.add_argument("--games", "-g", type=int, default=100)
    s.add_argument("--players", "-n", type=int)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", "-j", type=int, default=1)
    s.add_argument("--no-progress", action="store_true")
    s.add_argument("--format", choices=["text", "json"], default="text",
                   help="json: every game's seed, scores and winners, for tools")
    s.set_defaults(run=cmd_simulate)

    add_workbench_parsers(sub)

    r = sub.add_parser("replay", help="re-run a game log and check that every event matches")
    r.add_argument("log")
    r.set_defaults(run=cmd_replay)

    i = sub.add_parser("info", help="describe a ruleset: players, options (with values and defaults), zones")
    common(i)
    i.set_defaults(run=cmd_info)

    f = sub.add_parser("functions", help="list the builtin functions, macros and effects of the language")
    f.set_defaults(run=cmd_functions)
    return parser


# -- helpers ---------------------------------------------------------------------------
def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        if "=" not in pair:
            print(f"cardrules: --option takes NAME=VALUE, not '{pair}'", file=sys.stderr)
            raise SystemExit(2)
        name, value = pair.split("=", 1)
        options[name.strip()] = value.strip()
    return options


def load_or_report(args) -> tuple:
    """Load the ruleset and check the options; on failure print the errors and return None."""
    try:
        ruleset = load_ruleset(args.ruleset, variants=args.variant)
        options = parse_options(args.option)
        ruleset.resolve_options(options)
    except RulesetError as exc:
        print(render_text(exc.diagnostics), file=sys.stderr)
        return None, None
    return ruleset, options


def prepare(args) -> tuple:
    """(ruleset, options, players, exit code): the code is 0 when the game can start."""
    ruleset, options = load_or_report(args)
    if ruleset is None:
        return None, None, None, 1
    n = args.players or ruleset.min_players
    if not ruleset.min_players <= n <= ruleset.max_players:
        print(f"cardrules: {ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, "
              f"not {n}", file=sys.stderr)
        return None, None, None, 2
    return ruleset, options, n, 0


# -- validate ----------------------------------------------------------------------------
def expand(paths: list[str]) -> list[str]:
    """Files as given; a folder stands for the .yaml files in it and below it."""
    out = []
    for path in paths:
        if os.path.isdir(path):
            out.extend(sorted(str(p) for p in Path(path).rglob("*.yaml")))
        else:
            out.append(path)
    return out


def cmd_validate(args) -> int:
    options = parse_options(args.option)
    results: dict[str, list[Diagnostic]] = {}
    failed = False
    loaded = {}
    for path in expand(args.paths):
        ruleset, diagnostics = check_ruleset(path, variants=args.variant)
        if ruleset is not None and options:
            try:
                ruleset.resolve_options(options)
            except RulesetError as exc:
                diagnostics = diagnostics + exc.diagnostics
                ruleset = None
        if args.no_warnings:
            diagnostics = [d for d in diagnostics if d.severity == "error"]
        results[path] = diagnostics
        if any(d.severity == "error" for d in diagnostics):
            failed = True
        elif ruleset is not None:          # (a library file has no ruleset of its own to play)
            loaded[path] = ruleset
    if args.simulate and loaded:
        for path, ruleset in loaded.items():
            problems = random_check(ruleset, games=args.simulate, seed=args.seed, options=options)
            results[path].extend(problems)
            failed = failed or bool(problems)
    if args.format == "json":
        print(render_json(results))
    else:
        for path, diagnostics in results.items():
            if diagnostics:
                print(render_text(diagnostics))
            errors = sum(d.severity == "error" for d in diagnostics)
            warnings = len(diagnostics) - errors
            status = "ok" if not errors else "invalid"
            extra = f", {args.simulate} random games per player count" if args.simulate and path in loaded else ""
            print(f"{path}: {status} ({errors} error{'s' * (errors != 1)}, "
                  f"{warnings} warning{'s' * (warnings != 1)}{extra})")
    return 1 if failed else 0


def random_check(ruleset, *, games: int, seed: int, options: dict) -> list[Diagnostic]:
    """Play random games at every player count; report games that fail, with how to reproduce them."""
    problems = []
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        for index in range(games):
            outcome = play_one(ruleset, index=index, root_seed=seed, players=players, options=options,
                               keep_path=True)
            if outcome.error:
                path = " ".join(outcome.path[-30:])
                problems.append(Diagnostic(
                    "playout", f"random game failed at {players} players (seed {outcome.seed}): {outcome.error}",
                    None, f"reproduce with Game(ruleset, {players}, seed={outcome.seed}) and the decisions "
                          f"(last {min(30, len(outcome.path))} of {len(outcome.path)}): {path}"))
                break
    return problems


# -- play ---------------------------------------------------------------------------------
def cmd_play(args) -> int:
    ruleset, options, players, failed = prepare(args)
    if failed:
        return failed
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    humans = set(args.human)
    for seat in humans:
        if not 0 <= seat < players:
            print(f"cardrules: --human {seat}: seats are 0 to {players - 1}", file=sys.stderr)
            return 2
    try:
        game = Game(ruleset, players, seed=seed, options=options,
                    names=[f"Player {s}" + (" (you)" if s in humans and len(humans) == 1 else "")
                           for s in range(players)])
        seat_view = next(iter(humans)) if len(humans) == 1 else None
        transcript = Transcript(game, seat_view)
        bots = {s: RandomAgent(seed * 31 + s) for s in range(players)}
        human = HumanAgent()
        while not game.over:
            if not args.quiet:
                for line in transcript.new_lines():
                    print(line)
            seat = game.decision.player
            game.apply(ask(human if seat in humans else bots[seat], game))
        if not args.quiet:
            for line in transcript.new_lines():
                print(line)
        else:
            print(json.dumps(game.result))
    except GameError as exc:
        print(f"{exc}", file=sys.stderr)
        return 1
    if args.log:
        write_log(game, args.log, seat=args.log_seat)
        print(f"log written to {args.log}", file=sys.stderr)
    return 0


# -- simulate -------------------------------------------------------------------------------
def cmd_simulate(args) -> int:
    ruleset, options, players, failed = prepare(args)
    if failed:
        return failed
    started = time.perf_counter()
    show = not args.no_progress and sys.stderr.isatty()

    def progress(done, total):
        if show:
            width = 30
            filled = width * done // total
            print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr, flush=True)

    outcomes = simulate(ruleset, games=args.games, seed=args.seed, players=players, options=options,
                        jobs=max(1, args.jobs), progress=progress)
    if show:
        print(file=sys.stderr)
    probe = Game(ruleset, players, seed=0, options=options, record=False)
    team_names = [t.name for t in probe.teams] if len(probe.teams) < players else None
    if args.format == "json":
        print(json.dumps({"ruleset": ruleset.name, "players": players, "seed": args.seed,
                          "options": ruleset.resolve_options(options), "score": ruleset.score_label,
                          "games": [{"index": o.index, "seed": o.seed, "scores": o.scores, "winners": o.winners,
                                     "winning_teams": o.winning_teams, "decisions": o.decisions,
                                     "error": o.error} for o in outcomes]}))
    else:
        print(f"{ruleset.name}, {players} players, seed {args.seed}" +
              (f", options {options}" if options else ""))
        print(summarize(outcomes, players, team_names, ruleset.score_label))
    elapsed = time.perf_counter() - started
    print(f"({len(outcomes) / elapsed:.1f} games/s with {args.jobs} job{'s' * (args.jobs != 1)})", file=sys.stderr)
    failures = [o for o in outcomes if o.error]
    for o in failures[:5]:
        print(f"game {o.index} (seed {o.seed}) failed: {o.error}", file=sys.stderr)
    return 1 if failures else 0


# -- replay -------------------------------------------------------------------------------
def cmd_replay(args) -> int:
    try:
        game = replay(args.log)
    except FileNotFoundError:
        print(f"cardrules: no such file: {args.log}", file=sys.stderr)
        return 1
    except ReplayMismatch as exc:
        print(f"{args.log}: replay failed: {exc}", file=sys.stderr)
        return 1
    except RulesetError as exc:
        print(render_text(exc.diagnostics), file=sys.stderr)
        return 1
    except GameError as exc:
        print(f"{args.log}: replay failed: {exc}", file=sys.stderr)
        return 1
    print(f"{args.log}: replay ok ({len(game.events)} events, result {json.dumps(game.result)})")
    return 0


# -- info -------------------------------------------------------------------------------------
def cmd_info(args) -> int:
    ruleset, options = load_or_report(args)
    if ruleset is None:
        return 1
    values = ruleset.resolve_options(options)
    print(f"{ruleset.name}: {ruleset.min_players} to {ruleset.max_players} players")
    if ruleset.description:
        print(f"  {ruleset.description.strip()}")
    if len(ruleset.sources) > 1:
        print(f"  builds on: {', '.join(ruleset.sources[:-1])}")
    if ruleset.options:
        print("options (set with --option NAME=VALUE):")
        show = lambda v: str(v).lower() if isinstance(v, bool) else str(v)  # noqa: E731
        for name, spec in ruleset.options.items():
            facts = [spec.type, f"default {show(spec.default)}"]
            if spec.values:
                facts.append("one of " + ", ".join(map(show, spec.values)))
            if spec.min is not None:
                facts.append(f"min {spec.min}")
            if spec.max is not None:
                facts.append(f"max {spec.max}")
            if values[name] != spec.default:
                facts.append(f"set to {show(values[name])}")
            print(f"  {name} ({'; '.join(facts)})")
            if spec.description:
                print(f"      {spec.description.strip()}")
    print("zones:")
    for zone in ruleset.zones:
        about = f": {zone.description}" if zone.description else ""
        print(f"  {zone.name} (one per {zone.owner}, {zone.visibility}){about}")
    if ruleset.abilities:
        print("abilities: " + ", ".join(spec.label for spec in ruleset.abilities.values()))
    return 0


# -- functions -------------------------------------------------------------------------------
def cmd_functions(args) -> int:
    print("Builtin functions:")
    for b in sorted(BUILTINS.values(), key=lambda b: b.name):
        effects_only = "  [effects only]" if not b.pure else ""
        print(f"  {b.signature}{effects_only}\n      {b.doc}")
    print("\nCollection macros:")
    for name, doc in MACRO_DOCS.items():
        print(f"  {doc}")
    print("\nEffects:")
    for e in sorted(EFFECTS.values(), key=lambda e: e.name):
        print(f"  {e.signature}\n      {e.doc}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
