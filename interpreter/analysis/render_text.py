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
    out.append(Table("How the game plays (95% intervals)", ["measure"] + labels, _quality_rows(runs),
                     note="drama: how far behind the eventual winner was while it trailed (0 leading, 1 last); "
                          "clear at: share of the rounds played before the winner led for good; balance: "
                          "chi-square test of every seat (team) against the fair share, and the seats that stay "
                          "significant in binomial tests with Holm's correction. Definitions: docs/measures.md"))
    out += [_trend_table(run) for run in runs if run["summary"]["quality"]["trend"]]
    if report.get("sweep"):
        out.append(sweep_table(report["sweep"]))
    if report.get("skill"):
        out.append(skill_table(report["skill"]))
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


def interval(d: dict, digits: int = 2) -> str:
    """'0.31 [0.27–0.35]' from a mean with its interval."""
    if not d.get("n"):
        return "–"
    if d["n"] < 2:
        return f"{d['mean']:.{digits}f}"
    return f"{d['mean']:.{digits}f} [{d['low']:.{digits}f}–{d['high']:.{digits}f}]"


def fairness(f: dict | None, what: str) -> str:
    if not f:
        return "–"
    unfair = [str(i) for i, each in enumerate(f["each"]) if each["unfair"]]
    return f"p={f['p']:.3g}" + (f"; unfair {what} {', '.join(unfair)}" if unfair else "")


def _quality_rows(runs: list) -> list:
    q = [r["summary"]["quality"] for r in runs]
    b = [r["summary"]["balance"] for r in runs]
    rows = [["winner trailed at some round"] + [pct(x["winner_trailed"]) for x in q],
            ["share of rounds the winner trailed"] + [interval(x["trailing_share"]) for x in q],
            ["drama (how far behind, 0–1)"] + [interval(x["drama"]) for x in q],
            ["winner clear at (share of game)"] + [interval(x["clear_at"]) for x in q],
            ["decisions per game"] + [interval(x["decisions"], 1) for x in q],
            ["rounds per game"] + [interval(x["rounds"], 1) for x in q],
            ["choices per decision"] + [interval(x["branching"]) for x in q],
            ["forced decisions"] + [pct(x["forced"]) for x in q],
            ["seat balance (chi-square)"] + [fairness(x["seats"], "seat") for x in b]]
    if any("teams" in x for x in b):
        rows.append(["team balance (chi-square)"] + [fairness(x.get("teams"), "team") for x in b])
    return rows


TREND_COLUMNS = (0, 2, 4, 6, 8, 10)


def _trend_table(run: dict) -> Table:
    lines = run["summary"]["quality"]["trend"]
    return Table(f"Lead history, {run['label']}: mean standing of each final rank over the game",
                 ["final rank"] + [f"{10 * b}%" if b < 10 else "end" for b in TREND_COLUMNS],
                 [[rank] + [number(line[b], 3) if line[b] is not None else "–" for b in TREND_COLUMNS]
                  for rank, line in lines.items()],
                 note="standing 1 leads; read as each round begins (CardStock's average trend graphs)")


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
    warning = "".join(f"WARNING: {w}. " for w in comparison.get("warnings", []))
    return Table(f"{comparison['variant']} against base: {comparison['verdict']}",
                 ["measure", "base", "variant", "difference [95% CI]", "p", "test", "significant"], rows,
                 note=f"{warning}{touched(comparison)}. {comparison['tests']} tests; "
                      f"significant after {comparison['correction']}. "
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


def skill_table(skill: dict) -> Table:
    rows = [[r["label"], f"{r['weakest']} → {r['strongest']}", f"{r['gap']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}]",
             ""] for r in skill["runs"]]
    for change, row in zip(skill["changes"], rows[1:]):
        row[3] = f"{change['delta']:+.3f} [{change['low']:+.3f}, {change['high']:+.3f}]: {change['verdict']}"
    return Table(f"Skill depth: edge gap between the ladder's ends ({', '.join(skill['ladder'])}; "
                 f"{skill['games']} games each)", ["configuration", "weakest → strongest", "gap [95%]",
                                                   "against base"], rows,
                 note="each agent's result over the par of the seat and deal, on the same duplicate schedule "
                      "for every configuration; intervals by bootstrap over deals (docs/measures.md)")


def sweep_table(sweep: dict):
    rows = []
    for label, points in sweep["measures"].items():
        by_value = {p["value"]: p for p in points}
        rows.append([label] + [number(by_value[v]["mean"]) if v in by_value else "–" for v in sweep["values"]])
    return Table(f"Sweep of {sweep['option']}: every measure at each value", [sweep["option"]] + sweep["values"], rows,
                 note="means (rates as shares); the HTML report plots them with their 95% intervals")
