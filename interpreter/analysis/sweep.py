"""Sweeps: one option through a range of values, and every measure against the value.

    configs_ = sweep_configs("rulesets/hearts.yaml", "target=50..100:25")   # 50, 75, 100
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


def sweep_table(sweep: dict):
    from interpreter.analysis.render_text import Table, number
    rows = []
    for label, points in sweep["measures"].items():
        by_value = {p["value"]: p for p in points}
        rows.append([label] + [number(by_value[v]["mean"]) if v in by_value else "–" for v in sweep["values"]])
    return Table(f"Sweep of {sweep['option']}: every measure at each value", [sweep["option"]] + sweep["values"], rows,
                 note="means (rates as shares); the HTML report plots them with their 95% intervals")


def sweep_plot(sweep: dict) -> str:
    """One panel per measure: its value (with 95% interval) against the option's value."""
    from interpreter.analysis.render_html import COLORS, _figure, _png
    measures = list(sweep["measures"].items())
    columns = 3
    rows = -(-len(measures) // columns)
    figure = _figure(width=9, height=2.4 * rows)
    axes = figure.subplots(rows, columns, squeeze=False).flatten()
    numeric = all(_is_number(v) for v in sweep["values"])
    for ax, (label, points) in zip(axes, measures):
        xs = [float(p["value"]) if numeric else sweep["values"].index(p["value"]) for p in points]
        ys = [p["mean"] for p in points]
        below = [max(0.0, p["mean"] - p["low"]) if p["low"] != float("-inf") else 0.0 for p in points]
        above = [max(0.0, p["high"] - p["mean"]) if p["high"] != float("inf") else 0.0 for p in points]
        ax.errorbar(xs, ys, yerr=[below, above], fmt="o-", capsize=3, color=COLORS[0])
        ax.set_title(label, fontsize=9)
        if not numeric:
            ax.set_xticks(range(len(sweep["values"])), sweep["values"], fontsize=8)
    for ax in axes[len(measures):]:
        ax.set_visible(False)
    figure.suptitle(f"Every measure against {sweep['option']}, with 95% intervals")
    return _png(figure)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
