"""The table as one seat sees it, drawn as a layout: game zones and values on top, a row per
player (and per team, with its members), the seat's own cards in full; suits in colour."""
from __future__ import annotations

RED_SUITS = ("♥", "♦")


def card_text(label: str, style: str = ""):
    """A card's label, in red when it carries a red suit's sign (♥ or ♦)."""
    from rich.text import Text
    red = any(mark in label for mark in RED_SUITS)
    return Text(label, style=("red " if red else "") + style)


def cards_text(labels: list[str], hidden: int = 0):
    from rich.text import Text
    text = Text()
    for i, label in enumerate(labels):
        if i:
            text.append(" ")
        text.append_text(card_text(label))
    if hidden:
        text.append(f"{' +' if labels else ''}{hidden} hidden", style="dim")
    return text


def _value(v, names: list[str]) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str) and v[:1] == "p" and v[1:].isdigit() and int(v[1:]) < len(names):
        return names[int(v[1:])]
    return str(v)


def draw_table(rules, view: dict, *, title: str = "", you: bool = False):
    """A rich renderable of `view` (Game.view(seat)) for the person at that seat; `you` marks
    their row "(you)" (when one person plays, so the marker cannot be taken for another's)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    seat = view["seat"]
    specs = {spec.id: (i, spec.label) for i, spec in enumerate(rules.cards)}
    names = [p["name"] for p in view["players"]]
    display, phase = rules.display, view.get("phase")
    shown = lambda k, v: not isinstance(v, list) and display.shown(k, phase)  # noqa: E731

    def cards(ids: list, *, sort: bool = False):
        known = [i for i in ids if i]
        if sort:
            known.sort(key=lambda i: specs[i][0])
        return cards_text([specs[i][1] for i in known], len(ids) - len(known))

    def values(vars_: dict) -> str:
        return ", ".join(f"{display.label(k)} {_value(v, names)}" for k, v in vars_.items() if shown(k, v))

    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold")
    top.add_column()
    for name, ids in view["zones"].items():
        if ids:
            top.add_row(name, cards(ids))
    if values(view["vars"]):
        top.add_row("", Text(values(view["vars"]), style="cyan"))
    people = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
    people.add_column(width=1)
    people.add_column(style="bold", no_wrap=True)
    people.add_column()
    for p in view["players"]:
        mine = p["seat"] == seat
        waiting = view.get("waiting_for") == p["seat"]
        marker = "▶" if (mine and "decision" in view) or waiting else ""
        zones = [f"{name} {len(ids)}" for name, ids in p["zones"].items() if ids and not mine]
        facts = "; ".join(filter(None, [values(p["vars"]), ", ".join(zones)]))
        people.add_row(marker, Text(p["name"] + (" (you)" if mine and you else ""), style="green" if mine else ""),
                       facts)
        if not mine:
            for name, ids in p["zones"].items():
                if any(ids):
                    people.add_row("", "", Text.assemble(f"{name}: ", cards(ids)))
    teams = view.get("teams") or []
    partnered = len(teams) < len(view["players"])      # teams of one are just the players
    for team in teams if partnered else []:
        members = [names[p["seat"]] for p in view["players"] if p.get("team") == team["index"]]
        facts = values(team["vars"])
        zones = ", ".join(f"{name} {len(ids)}" for name, ids in team["zones"].items() if ids)
        people.add_row("", Text(team["name"], style="magenta"),
                       "; ".join(filter(None, [facts, zones, "partners: " + ", ".join(members)])))
    own = next(p for p in view["players"] if p["seat"] == seat)
    hand = Table.grid(padding=(0, 2))
    hand.add_column(style="bold green")
    hand.add_column()
    for name, ids in own["zones"].items():
        if ids:
            hand.add_row(f"your {name}", cards(ids, sort=True))
    parts = [part for part in (top, people, hand) if part.row_count]
    return Panel(Group(*parts), title=title or None, title_align="left", expand=False)


def render_plain(rules, view: dict, *, title: str = "", width: int = 100) -> str:
    """The same layout as plain text (for logs, tests and terminals without colour)."""
    from io import StringIO

    from rich.console import Console
    out = StringIO()
    Console(file=out, width=width, no_color=True, color_system=None, highlight=False).print(
        draw_table(rules, view, title=title))
    return out.getvalue().rstrip("\n")
