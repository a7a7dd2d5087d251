"""`cardrules serve`: tables in the browser, kept in a SQLite file (needs the `web` extra)."""
from __future__ import annotations

import sys

import click

from interpreter.cli.common import fail


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--db", "db", default="cardrules.db", show_default=True, type=click.Path(dir_okay=False),
              metavar="PATH", help="SQLite file of tables and finished games, created on first start.")
@click.option("--max-tables", default=200, show_default=True, type=click.IntRange(1),
              help="Live tables held in memory at once; an idle one is unloaded to make room.")
@click.option("--idle-timeout", default=1800.0, show_default=True, type=click.FloatRange(1), metavar="SECONDS",
              help="Unload a table nobody watches and nobody moves at for this long (it stays in the file).")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 5), metavar="SECONDS",
              help="Pause between bot moves, so people can follow the game.")
def command(host, port, db, max_tables, idle_timeout, bot_delay) -> int:
    """Serve a lobby, tables and a replay viewer in the browser until interrupted."""
    try:
        from interpreter.web.server import serve
    except ImportError as exc:
        raise fail(f"the web server needs the 'web' extra ({exc.name} is missing): "
                   "pip install 'cardrules[web]'") from None
    from interpreter.web.server import CannotListen
    from interpreter.web.store import SchemaTooNew

    def ready(url: str) -> None:
        click.echo(f"open {url}")
        sys.stdout.flush()       # a pipe (a service manager, a test) sees it at once
    try:
        serve(host=host, port=port, db=db, max_tables=max_tables, idle_timeout=idle_timeout, bot_delay=bot_delay,
              ready=ready)
    except (SchemaTooNew, CannotListen) as exc:
        raise fail(str(exc)) from None
    return 0
