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
        from interpreter.compile.ruleset import load_ruleset
        rules = load_ruleset(path)
        title, low, high, about = rules.name, rules.min_players, rules.max_players, rules.description or ""
    first = re.split(r"(?<=[a-z])[.:;] ", " ".join(str(about).split()))[0].rstrip(".")
    return {"name": name, "title": title, "min_players": low, "max_players": high, "description": first}


def _fit(line: str, width: int) -> str:
    return line if len(line) <= width else line[:max(width - 1, 1)].rstrip() + "…"


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
    # one line a game at any width: the name to type, the players, then the title and what it is,
    # cut short with an ellipsis (`cardrules info NAME` and --format json give all of it)
    import shutil
    width = shutil.get_terminal_size((80, 24)).columns
    name_width = max(len("name"), *(len(row["name"]) for row in rows))
    click.echo(_fit(f"{'name':<{name_width}}  players  game", width))
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']}"
        click.echo(_fit(f"{row['name']:<{name_width}}  {players:<7}  {row['title']}: {row['description']}", width))
    return 0
