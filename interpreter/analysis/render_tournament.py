"""A tournament's results as a table (terminal, reused by HTML) and a plot of the edges."""
from __future__ import annotations

import html

from interpreter.analysis.render_text import Table, pct


def table(data: dict) -> Table:
    rows = [[str(i + 1), s["agent"], f"{s['edge']:+.3f} [{s['edge_low']:+.3f}, {s['edge_high']:+.3f}]",
             f"{s['mu']:.1f} [{s['low']:.1f}–{s['high']:.1f}]", pct(s["win_rate"]),
             "–" if s["mean_place"] is None else f"{s['mean_place']:.2f}", str(s["games"])]
            for i, s in enumerate(data["standings"])]
    apart = "; ".join(f"{n['above']} over {n['below']}: {'separated' if n['separated'] else 'intervals overlap'}, "
                      f"difference {n['gap']:+.3f} [{n['gap_low']:+.3f}, {n['gap_high']:+.3f}]"
                      for n in data["neighbours"])
    depth = data["skill_depth"]
    return Table(f"Standings after {data['finished']} games, {data['deals']} whole deals (edge: {data['edge']}; "
                 f"rating: {data['rating']}; {data['intervals']})",
                 ["rank", "agent", "edge [95%]", "rating [95%]", "seats won", "mean place", "games"], rows,
                 note=f"{apart}. Skill depth ({depth['weakest']} to {depth['strongest']}): {depth['gap']:+.3f} "
                      f"[{depth['low']:+.3f}, {depth['high']:+.3f}] edge.")


def render_text(data: dict, *, width: int = 110) -> str:
    import io

    from rich.console import Console
    from rich.table import Table as RichTable
    t = table(data)
    buffer = io.StringIO()
    rich_table = RichTable(title=t.title, caption=t.note, title_justify="left")
    for i, column in enumerate(t.header):
        rich_table.add_column(column, justify="left" if i < 2 else "right")
    for row in t.rows:
        rich_table.add_row(*row)
    Console(file=buffer, width=width, color_system=None).print(rich_table)
    return buffer.getvalue()


def rating_plot(data: dict) -> str:
    """Each agent's edge with its 95% interval, strongest on top."""
    from interpreter.analysis.render_html import COLORS, _figure, _png
    standings = data["standings"]
    figure = _figure(height=0.45 * len(standings) + 1.2)
    ax = figure.subplots()
    for y, s in enumerate(standings):
        ax.errorbar([s["edge"]], [y], xerr=[[s["edge"] - s["edge_low"]], [s["edge_high"] - s["edge"]]], fmt="o", capsize=4,
                    color=COLORS[y % len(COLORS)])
    ax.set_yticks(range(len(standings)), [s["agent"] for s in standings])
    ax.invert_yaxis()
    ax.set_xlabel("edge: result over the par of the seat and deal, 95% interval")
    ax.set_title("Agents on the same deals")
    return _png(figure)


def render_html(data: dict, *, title: str) -> str:
    from interpreter.analysis.render_html import STYLE, _table_html
    image = rating_plot(data)
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<img alt='ratings' src='data:image/png;base64,{image}'>{_table_html(table(data))}</body></html>")
