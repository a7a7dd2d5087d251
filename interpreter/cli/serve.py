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
              help="Live tables held in memory at once; one nobody sits at (spectators do not count) is "
                   "unloaded to make room.")
@click.option("--idle-timeout", default=1800.0, show_default=True, type=click.FloatRange(1), metavar="SECONDS",
              help="Unload a table nobody watches and nobody moves at for this long (it stays in the file).")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 5), metavar="SECONDS",
              help="Pause between bot moves, so people can follow the game.")
@click.option("--keep-finished", default=30.0, show_default=True, type=click.FloatRange(0), metavar="DAYS",
              help="Delete finished tables from the file this many days after they ended (checked at start "
                   "and every minute); 0 keeps them for good.")
@click.option("--tables-per-address", default=30, show_default=True, type=click.IntRange(1), metavar="N",
              help="Tables one client address may open within an hour; more are answered 429.")
@click.option("--sockets-per-address", default=32, show_default=True, type=click.IntRange(1), metavar="N",
              help="Table connections one client address may hold open at once.")
@click.option("--check-seconds", default=15.0, show_default=True, type=click.FloatRange(1, 600), metavar="SECONDS",
              help="Time an uploaded ruleset's check (or its first setup) may take in its worker process.")
@click.option("--check-memory", "check_memory", default=1536, show_default=True, type=click.IntRange(256),
              metavar="MB", help="Memory that worker process may use.")
@click.option("--allow-client-seeds", is_flag=True,
              help="For tests only: accept a 'seed' for tables with people (otherwise only tables of bots "
                   "take one; the server draws every other seed and commits to it).")
def command(host, port, db, max_tables, idle_timeout, bot_delay, keep_finished, tables_per_address,
            sockets_per_address, check_seconds, check_memory, allow_client_seeds) -> int:
    """Serve a lobby, tables and a replay viewer in the browser until interrupted.

    Uploaded rulesets are checked in a worker process with time and memory limits (two at a
    time per client address) and never enter the load cache. Tables with people get a seed drawn by the server; its SHA-256
    commitment is shown when the table opens and the seed is revealed when the game ends
    (`cardrules replay` and the replay viewer verify it)."""
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
              allow_client_seeds=allow_client_seeds, keep_finished=keep_finished or None,
              tables_per_address=tables_per_address, sockets_per_address=sockets_per_address,
              check_seconds=check_seconds, check_memory_mb=check_memory, ready=ready)
    except (SchemaTooNew, CannotListen) as exc:
        raise fail(str(exc)) from None
    return 0
