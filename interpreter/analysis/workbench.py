"""The designer's workbench: play a ruleset and its variants on the same seeds and report what differs.

    specs = plan(base="rulesets/x.yaml", variant_files=[...], option_variants=["flag=true"],
                 players=4, lineup="random", seed=1)            # checks everything, plays nothing
    aggregates, paired = play_all(specs, games=500, backend=LocalBackend(2))
    data = report(specs, aggregates, paired, games=500, backend_name="local")

Every configuration is checked (ruleset, variant files, options, seats, agents, a game can be
set up) before the first game is played; all problems are reported together.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import yaml

from interpreter.analysis.aggregate import Aggregate
from interpreter.analysis.lineup import hand_playouts, only_random, parse_lineup
from interpreter.analysis.measures import differences, same_seeds, summarize
from interpreter.analysis.runner import RunSpec, run_together
from interpreter.engine.game import DEFAULT_MAX_STEPS, Game
from interpreter.errors import Diagnostic, GameError, RulesetError
from interpreter.compile.ruleset import load_ruleset


class WorkbenchError(Exception):
    """Configurations that cannot be played: every problem found, before any game ran."""

    def __init__(self, problems: list[str], diagnostics: list[Diagnostic] | None = None):
        self.problems = problems
        self.diagnostics = diagnostics or []
        super().__init__("; ".join(problems) or "invalid configuration")


@dataclass(frozen=True)
class Config:
    """A ruleset to play: a file, variant files applied on top, and option values (as given)."""
    label: str
    path: str
    variants: tuple = ()
    options: tuple = ()          # (name, value) pairs


def split_option(pair: str) -> tuple[str, str]:
    if "=" not in pair:
        raise WorkbenchError([f"--option takes NAME=VALUE, not '{pair}'"])
    name, value = pair.split("=", 1)
    return name.strip(), value.strip()


def is_whole_ruleset(path: str) -> bool:
    """A variant file that extends a ruleset or has its own flow is played on its own; any other
    (a file of `set:` and the like) is applied on top of the base, as `--variant` does."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return False              # loading reports the problem with its position
    return isinstance(data, dict) and ("extends" in data or "flow" in data)


def configs(base: str, *, variant_files=(), option_variants=(), base_variants=(), base_options=()) -> list[Config]:
    """The base first, then one configuration per variant file, one per `--option` (its effect
    alone) and, when there are several options, one with all of them together."""
    base_pairs = tuple(split_option(p) for p in base_options)
    out = [Config("base", str(base), tuple(map(str, base_variants)), base_pairs)]
    for file in variant_files:
        label = Path(file).stem
        if is_whole_ruleset(file):
            out.append(Config(label, str(file), (), base_pairs))
        else:
            out.append(Config(label, str(base), tuple(map(str, base_variants)) + (str(file),), base_pairs))
    pairs = [split_option(p) for p in option_variants]
    for name, value in pairs:
        out.append(Config(f"{name}={value}", str(base), tuple(map(str, base_variants)), base_pairs + ((name, value),)))
    if len(pairs) > 1:
        out.append(Config("all options", str(base), tuple(map(str, base_variants)), base_pairs + tuple(pairs)))
    return out


def plan(configs_: list[Config], *, players: int | None, lineup: str = "random", seed: int = 1,
         max_steps: int = DEFAULT_MAX_STEPS, max_decisions: int | None = None,
         playouts: str = "game") -> list[RunSpec]:
    """Check every configuration and turn it into a run; WorkbenchError lists every problem.
    `playouts="hand"`: search players stop their playouts where the current hand ends."""
    problems: list[str] = []
    diagnostics: list[Diagnostic] = []
    loaded = []
    for config in configs_:
        try:
            ruleset = load_ruleset(config.path, variants=list(config.variants))
            ruleset.resolve_options(dict(config.options))
        except RulesetError as exc:
            problems.append(f"{config.label}: cannot be played ({len(exc.diagnostics)} problem"
                            f"{'s' * (len(exc.diagnostics) != 1)} above)")
            diagnostics.extend(exc.diagnostics)
            continue
        except OSError as exc:
            problems.append(f"{config.label}: {exc}")
            continue
        loaded.append((config, ruleset))
    if loaded and players is None:
        players = loaded[0][1].min_players
    specs = []
    for config, ruleset in loaded:
        if not ruleset.min_players <= players <= ruleset.max_players:
            problems.append(f"{config.label}: {ruleset.name} is for {ruleset.min_players} to "
                            f"{ruleset.max_players} players, not {players}")
            continue
        try:
            Game(ruleset, players, seed=seed, options=dict(config.options), record=False)
        except GameError as exc:
            problems.append(f"{config.label}: a game cannot be set up: {exc}")
            continue
        specs.append(RunSpec(config.label, config.path, config.variants, dict(config.options), players,
                             (), seed, max_steps, max_decisions))
    try:
        seats = parse_lineup(lineup, players or 1)
        seats = tuple(hand_playouts(seats) if playouts == "hand" else seats)
    except ValueError as exc:
        problems.append(str(exc))
        seats = ()
    if problems:
        raise WorkbenchError(problems, diagnostics)
    return [replace(spec, lineup=seats) for spec in specs]


def describe(spec: RunSpec) -> dict:
    ruleset = load_ruleset(spec.path, variants=list(spec.variants))
    return {"label": spec.label, "ruleset": ruleset.name, "path": spec.path, "variants": list(spec.variants),
            "options": dict(spec.options), "option_values": ruleset.resolve_options(dict(spec.options)),
            "score_label": ruleset.score_label}


def play_all(specs: list[RunSpec], *, games: int, backend, progress=None,
             rows_for: Callable[[RunSpec], Callable | None] | None = None) -> tuple[list[Aggregate], list]:
    """Every configuration on the same seeds, each game aggregated as it finishes: an aggregate
    per configuration and, per variant, how its games compare with the base's."""
    writers = [rows_for(spec) if rows_for else None for spec in specs]
    on_rows = None
    if any(writers):
        def on_rows(i: int, rows: list) -> None:
            if writers[i]:
                writers[i](rows)
    return run_together(specs, games, backend=backend, progress=progress, on_rows=on_rows)


FEW_CHANGED = 0.10      # a variant that changes fewer of random players' games is hardly tried by them


def warnings(spec: RunSpec, counter: dict) -> list[str]:
    """What a designer should know before reading a comparison: random players rarely reach a
    rule that needs skill, so a variant that changed few of their games says little."""
    touched = same_seeds(counter)
    changed = touched["changed"]
    if only_random(spec.lineup) and changed["of"] and changed["rate"] < FEW_CHANGED:
        return [f"the agents choose at random and {spec.label} changed only {100 * changed['rate']:.1f}% of "
                "their games: a rule that needs skill can hardly matter to them; compare with search players "
                "(--agents ismcts:50) before concluding"]
    return []


def report(specs: list[RunSpec], aggregates: list[Aggregate], paired: list, *, games: int,
           backend_name: str) -> dict:
    """Plain data: every configuration's measures and histograms, each variant against the base."""
    base = aggregates[0]
    first = specs[0]
    runs = [{**describe(spec), "summary": summarize(agg), "counts": agg.counts()}
            for spec, agg in zip(specs, aggregates)]
    comparisons = [{"variant": spec.label, "same_seeds": same_seeds(counter),
                    **differences(base, agg, pairs=counter, seed=first.root_seed),
                    "warnings": warnings(spec, counter)}
                   for spec, agg, counter in zip(specs[1:], aggregates[1:], paired)]
    return {"kind": "compare" if comparisons else "analyze", "players": first.players, "games": games,
            "seed": first.root_seed, "agents": list(first.lineup), "backend": backend_name,
            "runs": runs, "comparisons": comparisons}
