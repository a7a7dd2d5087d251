"""The report as terminal tables, drawn with rich.

The tables are built once as data (title, header, rows, footnote), which the HTML report
reuses; the library returns the text, the command prints it.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field


@dataclass
class Table:
    title: str
    header: list
    rows: list = field(default_factory=list)
    note: str = ""


def pct(p: dict) -> str:
    """'27.5% [23.1–32.4]' from a proportion with its interval."""
    if not p.get("of"):
        return "–"
    return f"{100 * p['rate']:.1f}% [{100 * p['low']:.1f}–{100 * p['high']:.1f}]"


def mean(d: dict, digits: int = 1) -> str:
    return "–" if not d.get("n") else f"{d['mean']:.{digits}f}"


def number(x, digits: int = 3) -> str:
    if x is None:
        return "–"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.{digits}g}" if abs(x) < 1 else f"{x:.{max(1, digits - 2)}f}"
    return str(int(x)) if isinstance(x, float) else str(x)


def tables(report: dict) -> list[Table]:
    runs = report["runs"]
    labels = [r["label"] for r in runs]
    out = [Table("Win rate by seat (95% Wilson interval)", ["seat"] + labels,
                 [[str(seat)] + [pct(r["summary"]["seats"][seat]) for r in runs]
                  for seat in range(report["players"])],
                 note=f"fair share per seat: {100 * runs[0]['summary']['fair_share']:.1f}%")]
    out.append(Table("The games", ["measure"] + labels, _game_rows(runs)))
    out.append(Table("Decisions", ["measure"] + labels, _decision_rows(runs)))
    for comparison in report["comparisons"]:
        out.append(_difference_table(comparison))
    failures = [(r["label"], f) for r in runs for f in r["summary"]["failures"]]
    if failures:
        out.append(Table("Failed games (play one again from its seed and decisions)",
                         ["run", "game", "seed", "status", "message"],
                         [[label, str(f["index"]), str(f["seed"]), f["status"], f["error"]] for label, f in failures]))
    return out


def _game_rows(runs: list) -> list:
    s = [r["summary"] for r in runs]
    round_phase = s[0]["length"]["round_phase"] or "round"
    rows = [["games (finished)"] + [f"{x['games']} ({x['finished']})" for x in s],
            ["draws"] + [pct(x["draws"]) for x in s],
            ["step-limit stops"] + [str(x["step_limit"]["count"]) for x in s],
            ["crashed games"] + [str(x["crashed"]["count"]) for x in s],
            ["first player wins"] + [pct(x["first_player"]) for x in s]]
    for seat in range(len(s[0]["seats"])):
        rows.append([f"seat {seat} mean {runs[0].get('score_label') or 'score'}"]
                    + [mean(x["seats"][seat]["score"]) for x in s])
    rows += [["winning margin (mean)"] + [mean(x["margin"]) for x in s],
             ["decisions per game"] + [mean(x["length"]["decisions"]) for x in s],
             [f"rounds ('{round_phase}') per game"] + [mean(x["length"]["rounds"]) for x in s],
             ["lead changes per game"] + [mean(x["lead"]["changes"], 2) for x in s],
             ["games with a lead change"] + [pct(x["lead"]["games_with_a_change"]) for x in s],
             ["winner led before last round"] + [pct(x["lead"]["winner_led_before_last_round"]) for x in s]]
    return rows


def _decision_rows(runs: list) -> list:
    s = [r["summary"]["decisions"] for r in runs]
    t = [r["summary"]["timing"] for r in runs]
    return [["choices per decision (mean)"] + [mean(x["branching"], 2) for x in s],
            ["choices per decision (max)"] + [str(x["branching"].get("max", "–")) for x in s],
            ["forced (one legal choice)"] + [pct(x["forced"]) for x in s],
            ["ms per decision (whole game)"] + [number(x["ms_per_decision"]) for x in t],
            ["ms per decision (agent choosing)"] + [number(x["agent_ms_per_decision"]) for x in t]]


def _difference_table(comparison: dict) -> Table:
    rows = []
    for r in comparison["rows"]:
        rate = r["kind"] == "rate"
        scale, unit = (100, "%") if rate else (1, "")
        low, delta, high = (x * scale for x in (r["low"], r["delta"], r["high"]))
        digits = 1 if max(abs(low), abs(high)) >= 10 else 2     # small effects keep their digits
        rows.append([r["measure"], f"{r['base'] * scale:.1f}{unit}", f"{r['variant'] * scale:.1f}{unit}",
                     f"{delta:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]",
                     f"{r['p']:.3f}", SHORT_TESTS.get(r["test"], r["test"]), "YES" if r["significant"] else "noise"])
    return Table(f"{comparison['variant']} against base: {comparison['verdict']}",
                 ["measure", "base", "variant", "difference [95% CI]", "p", "test", "significant"], rows,
                 note=f"{touched(comparison)}. {comparison['tests']} tests; significant after {comparison['correction']}. "
                      "Rate differences in percentage points. paired: z-test on the differences between "
                      "the games of the same seed; z: two-proportion z-test; bootstrap: percentile "
                      "interval of the difference of means.")


def touched(comparison: dict) -> str:
    """'On the same seeds, 3.1% [2.4–3.9] of games played differently; 1.2% [...] had another winner'."""
    same = comparison["same_seeds"]
    return (f"On the same seeds, {pct(same['changed'])} of games played out differently and "
            f"{pct(same['winner_changed'])} had another winner")


SHORT_TESTS = {"two-proportion z-test": "z", "bootstrap (percentile)": "bootstrap", "Welch test": "Welch",
               "paired z-test": "paired"}


def render(report: dict, *, width: int = 120, color: bool = False) -> str:
    """The report's tables as text."""
    from rich.console import Console
    from rich.table import Table as RichTable
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=color, color_system="auto" if color else None)
    for table in tables(report):
        rich_table = RichTable(title=table.title, caption=table.note or None, title_justify="left")
        for i, column in enumerate(table.header):
            rich_table.add_column(column, justify="left" if i == 0 else "right", overflow="fold")
        for row in table.rows:
            styled = [("[bold red]" + c + "[/]") if color and c == "YES" else c for c in row]
            rich_table.add_row(*styled)
        console.print(rich_table)
    return buffer.getvalue()
