"""The report as one self-contained HTML file: the tables, and matplotlib plots embedded as PNG.

Plots: win rate by seat with 95% intervals, score histograms per seat, game length (decisions
and rounds), winning margins and lead changes, each with every configuration side by side, the
lead history (each final rank's mean standing over the game), and
for each variant a chart of its differences from the base with their intervals. Needs
matplotlib (`pip install 'cardrules[report]'`); figures are drawn without pyplot's global state.
"""
from __future__ import annotations

import base64
import html
import io

from interpreter.analysis.render_text import tables, touched

COLORS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]


def _figure(width: float = 7.5, height: float = 3.2):
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise RuntimeError("the HTML report needs matplotlib: pip install 'cardrules[report]'") from None
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _png(figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _histogram(histogram: dict) -> tuple[list, list]:
    pairs = sorted((float(k), v) for k, v in histogram.items())
    return [k for k, _ in pairs], [v for _, v in pairs]


def win_rate_plot(report: dict) -> str:
    runs = report["runs"]
    figure = _figure()
    ax = figure.subplots()
    players = report["players"]
    width = 0.8 / len(runs)
    for i, run in enumerate(runs):
        seats = run["summary"]["seats"]
        xs = [s + (i - (len(runs) - 1) / 2) * width for s in range(players)]
        rates = [100 * s["rate"] for s in seats]
        # clamped: at a rate of 0 or 1 rounding can put the Wilson bound a hair past the rate
        errors = [[max(0.0, 100 * (s["rate"] - s["low"])) for s in seats],
                  [max(0.0, 100 * (s["high"] - s["rate"])) for s in seats]]
        ax.bar(xs, rates, width * 0.95, yerr=errors, capsize=3, label=run["label"], color=COLORS[i % len(COLORS)])
    ax.axhline(100 * runs[0]["summary"]["fair_share"], color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("games won (%)")
    ax.set_title("Win rate by seat, with 95% intervals")
    ax.legend(fontsize=8)
    return _png(figure)


def overlaid(report: dict, series: list[tuple[str, str]], *, title: str, columns: int = 4) -> str:
    """Histograms of several measures (one panel each), every configuration drawn over the others
    on the same bins."""
    rows = -(-len(series) // columns)
    figure = _figure(height=2.7 * rows)
    axes = figure.subplots(rows, min(columns, len(series)), squeeze=False).flatten()
    for ax, (key, label) in zip(axes, series):
        histograms = [_lookup(run["counts"], key) for run in report["runs"]]
        values = sorted({float(v) for h in histograms for v in h})
        if not values:
            ax.set_visible(False)
            continue
        bins = _bins(values)
        for i, (run, histogram) in enumerate(zip(report["runs"], histograms)):
            if not histogram:
                continue
            xs, ys = _histogram(histogram)
            total = sum(ys)
            ax.hist(xs, bins=bins, weights=[y / total for y in ys], histtype="step", linewidth=1.6,
                    color=COLORS[i % len(COLORS)], label=run["label"])
        ax.set_xlabel(label)
        ax.set_ylabel("share of games")
    for ax in axes[len(series):]:
        ax.set_visible(False)
    axes[0].legend(fontsize=8)
    figure.suptitle(title)
    return _png(figure)


def _bins(values: list[float]):
    """One bin per whole number when there are few of them; else 30 equal bins over the range."""
    low, high = values[0], values[-1]
    if all(v.is_integer() for v in values) and high - low <= 40:
        return [low - 0.5 + i for i in range(int(high - low) + 2)]
    if low == high:
        return [low - 0.5, high + 0.5]
    return [low + (high - low) * i / 30 for i in range(31)]


def _lookup(counts: dict, key: str) -> dict:
    value = counts
    for part in key.split("."):
        value = value.get(part, {}) if isinstance(value, dict) else {}
    return value


def score_plot(report: dict) -> str:
    label = report["runs"][0].get("score_label") or "score"
    seats = [(f"scores.{s}", f"seat {s} final {label}") for s in range(report["players"])]
    return overlaid(report, seats, title=f"Final {label} per seat", columns=3 if len(seats) in (3, 5, 6) else 4)


def difference_plot(comparison: dict) -> str:
    rows = comparison["rows"]
    figure = _figure(height=0.2 * len(rows) + 1.2)
    axes = figure.subplots(1, 2, width_ratios=[1, 1])
    panels = ((axes[0], True, "difference of rates\n(percentage points)"),
              (axes[1], False, "difference of means\n(% of the base's mean)"))
    for ax, test, unit in panels:
        chosen = [r for r in rows if (r["kind"] == "rate") == test]
        for y, r in enumerate(chosen):
            scale = 100 if test else (100 / abs(r["base"]) if r["base"] else 0)
            color = COLORS[3] if r["significant"] else "#777777"
            ax.errorbar([r["delta"] * scale], [y], xerr=[[(r["delta"] - r["low"]) * scale],
                                                         [(r["high"] - r["delta"]) * scale]],
                        fmt="o", color=color, capsize=3)
        ax.axvline(0, color="black", linewidth=1)
        ax.set_yticks(range(len(chosen)), [r["measure"] for r in chosen], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(unit)
    figure.suptitle(f"{comparison['variant']} minus base, 95% intervals (red: significant)")
    return _png(figure)


def trend_plot(report: dict) -> str | None:
    """CardStock's average trend graphs: for each final rank, its mean standing at each tenth of
    the game, one panel per configuration."""
    runs = [run for run in report["runs"] if run["summary"]["quality"]["trend"]]
    if not runs:
        return None
    figure = _figure(height=2.8)
    axes = figure.subplots(1, len(runs), squeeze=False, sharey=True)[0]
    for ax, run in zip(axes, runs):
        for i, (rank, line) in enumerate(run["summary"]["quality"]["trend"].items()):
            points = [(10 * b, v) for b, v in enumerate(line) if v is not None]
            ax.plot([x for x, _ in points], [y for _, y in points], marker="o", markersize=3,
                    color=COLORS[i % len(COLORS)], label=f"final rank {rank}")
        ax.set_title(run["label"], fontsize=9)
        ax.set_xlabel("% of the game", fontsize=8)
    axes[0].set_ylabel("mean standing (1 leads)")
    axes[0].invert_yaxis()
    axes[0].legend(fontsize=7)
    figure.suptitle("Lead history: where each final rank stood over the game")
    return _png(figure)


def _table_html(table) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in table.header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f"<p class='note'>{html.escape(table.note)}</p>" if table.note else ""
    return f"<h2>{html.escape(table.title)}</h2><table><tr>{head}</tr>{body}</table>{note}"


STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222}
table{border-collapse:collapse;margin:.5em 0;font-size:14px}td,th{border-bottom:1px solid #ddd;padding:3px 10px;
text-align:right}td:first-child,th:first-child{text-align:left}th{background:#f3f3f3}
.note{color:#666;font-size:13px}.warning{color:#8a4b00}img{max-width:100%}h1{margin-bottom:.2em}.meta{color:#555}"""


def render(report: dict) -> str:
    """The whole report as one HTML page with its plots inlined."""
    runs = report["runs"]
    title = "Comparison" if report["comparisons"] else "Analysis"
    meta = (f"{html.escape(runs[0]['ruleset'])}, {report['players']} players, {report['games']} games per "
            f"configuration, seed {report['seed']}, agents {html.escape(', '.join(sorted(set(report['agents']))))}, "
            f"{html.escape(report['backend'])} backend")
    images = [win_rate_plot(report), score_plot(report),
              overlaid(report, [("decisions", "decisions per game"), ("rounds", "rounds per game")],
                       title="Game length"),
              overlaid(report, [("margins", "winning margin"), ("lead_changes", "lead changes per game")],
                       title="How close, how often the lead changes")]
    trend = trend_plot(report)
    if trend is not None:
        images.append(trend)
    if report.get("sweep"):
        images.insert(0, sweep_plot(report["sweep"]))
    images += [difference_plot(c) for c in report["comparisons"]]
    parts = [f"<h1>{title}: {html.escape(runs[0]['ruleset'])}</h1><p class='meta'>{meta}</p>"]
    for run in runs:
        options = ", ".join(f"{k}={v}" for k, v in run["options"].items()) or "defaults"
        variants = ", ".join(run["variants"])
        parts.append(f"<p class='meta'><b>{html.escape(run['label'])}</b>: {html.escape(run['path'])}"
                     f"{' + ' + html.escape(variants) if variants else ''} ({html.escape(options)})</p>")
    for comparison in report["comparisons"]:
        found = ", ".join(comparison["significant"]) or "every difference is within noise"
        parts.append(f"<p><b>{html.escape(comparison['variant'])}</b> against base: "
                     f"<b>{html.escape(comparison['verdict'])}</b> ({html.escape(found)}; "
                     f"{comparison['tests']} tests, {html.escape(comparison['correction'])}). "
                     f"{html.escape(touched(comparison))}.</p>")
        parts += [f"<p class='warning'><b>Warning:</b> {html.escape(w)}.</p>" for w in comparison.get("warnings", [])]
    parts += [f"<img alt='plot' src='data:image/png;base64,{image}'>" for image in images]
    parts += [_table_html(t) for t in tables(report)]
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title><style>{STYLE}</style>"
            f"</head><body>{''.join(parts)}</body></html>")


def sweep_plot(sweep: dict) -> str:
    """One panel per measure: its value (with 95% interval) against the option's value."""
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
