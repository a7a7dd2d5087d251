"""Sweeps: one option through a range of values, and every measure against the value.

    configs_ = sweep_configs("my-game.yaml", "target=50..100:25")   # 50, 75, 100
    ...play them as compare does (the first value is the base)...
    data["sweep"] = sweep_data(report)

A sweep is `NAME=a..b` (whole numbers from a to b, step 1, or `a..b:step`) or `NAME=v1,v2,...`.
"""
from __future__ import annotations

from interpreter.analysis.workbench import Config, WorkbenchError, split_option

MAX_VALUES = 50


def sweep_values(text: str) -> tuple[str, list[str]]:
    """(option name, its values as given) from `NAME=a..b[:step]` or `NAME=v1,v2,...`."""
    name, spec = split_option(text)
    if ".." in spec:
        low, _, rest = spec.partition("..")
        high, _, step = rest.partition(":")
        try:
            a, b, s = int(low), int(high), int(step or 1)
        except ValueError:
            raise WorkbenchError([f"--sweep {text}: a range is two whole numbers, a..b (or a..b:step)"]) from None
        if s <= 0 or b < a:
            raise WorkbenchError([f"--sweep {text}: the range must go up (a <= b) by a positive step"])
        values = [str(v) for v in range(a, b + 1, s)]
    else:
        values = [v.strip() for v in spec.split(",") if v.strip()]
    if len(values) < 2:
        raise WorkbenchError([f"--sweep {text}: give at least two values"])
    if len(values) > MAX_VALUES:
        raise WorkbenchError([f"--sweep {text}: {len(values)} values; at most {MAX_VALUES} (use a step, a..b:step)"])
    return name, values


def sweep_configs(base: str, text: str, *, base_variants=(), base_options=()) -> list[Config]:
    """One configuration per value; the first is the base the others are compared with."""
    name, values = sweep_values(text)
    pairs = tuple(split_option(p) for p in base_options if split_option(p)[0] != name)
    return [Config(f"{name}={value}" + (" (base)" if i == 0 else ""), str(base), tuple(map(str, base_variants)),
                   pairs + ((name, value),)) for i, value in enumerate(values)]


# (label, where in a run's summary, kind): kind "rate" reads a proportion, "mean" a mean with interval
MEASURES = [
    ("drama", ("quality", "drama"), "mean"),
    ("winner clear at (share of game)", ("quality", "clear_at"), "mean"),
    ("winner trailed", ("quality", "winner_trailed"), "rate"),
    ("lead changes per game", ("quality", "lead_changes"), "mean"),
    ("decisions per game", ("quality", "decisions"), "mean"),
    ("rounds per game", ("quality", "rounds"), "mean"),
    ("choices per decision", ("quality", "branching"), "mean"),
    ("draws", ("draws",), "rate"),
    ("first player wins", ("first_player",), "rate"),
]


def sweep_data(report: dict, option: str, values: list[str]) -> dict:
    """Each measure at each value of the option: {label: [{value, mean, low, high}]}."""
    out = {}
    for label, path, kind in MEASURES:
        points = []
        for value, run in zip(values, report["runs"]):
            item = run["summary"]
            for key in path:
                item = item.get(key, {})
            if kind == "rate" and item.get("of"):
                points.append({"value": value, "mean": item["rate"], "low": item["low"], "high": item["high"]})
            elif kind == "mean" and item.get("n"):
                points.append({"value": value, "mean": item["mean"], "low": item["low"], "high": item["high"]})
        if points:
            out[label] = points
    spread = [{"value": value, "mean": run["summary"]["balance"]["seats"]["spread"]}
              for value, run in zip(values, report["runs"])]
    out["seat win-rate spread"] = [{**p, "low": p["mean"], "high": p["mean"]} for p in spread]
    return {"option": option, "values": values, "measures": out}
