"""`cardrules list`: the shipped games, with their players and a one-line description."""
from __future__ import annotations

import json
import re

import click


def _summary(name: str, path) -> dict:
    """Name, players and the description's first sentence: read from the file itself when it
    says them all, else from the loaded ruleset (which knows what it inherits)."""
    import yaml
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, dict) and {"min", "max"} <= set(players) and data.get("name") and data.get("description"):
        title, low, high, about = data["name"], players["min"], players["max"], data["description"]
    else:
        from interpreter.language.ruleset import load_ruleset
        rules = load_ruleset(path)
        title, low, high, about = rules.name, rules.min_players, rules.max_players, rules.description or ""
    first = re.split(r"(?<=[a-z])[.:;] ", " ".join(str(about).split()))[0].rstrip(".")
    return {"name": name, "title": title, "min_players": low, "max_players": high, "description": first}


@click.command()
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
def command(output) -> int:
    """List the shipped games (play one with `cardrules play NAME`)."""
    from interpreter.shipped import find_game, game_names
    rows = [_summary(name, find_game(name)) for name in game_names()]
    if output == "json":
        click.echo(json.dumps({"games": rows}, indent=2))
        return 0
    from interpreter.terminal.style import console
    from rich.table import Table
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for column in ("name", "game", "players", "about"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(f"[bold]{row['name']}[/]", row["title"], f"{row['min_players']}-{row['max_players']}",
                      row["description"])
    console().print(table)
    return 0
