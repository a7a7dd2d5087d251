"""`cardrules play`: one game at the terminal, bots at every seat but the people's."""
from __future__ import annotations

import json
import random

import click

from interpreter.cli.common import (RULESET_HELP, budget_option, check_seat, fail, load, make_budget, player_count,
                                    players_option, ruleset_argument, ruleset_options)


def open_log(path: str | None):
    """The log file, opened before the game starts so that a bad path fails at once."""
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write the log to {path}: {exc.strerror or exc}") from None


@click.command(epilog=RULESET_HELP + " At your turn, type help for what you can answer.")
@ruleset_argument()
@ruleset_options
@players_option
@click.option("--seed", type=int, help="Seed of the shuffle and the bots (default: random).")
@click.option("--human", "humans", type=click.IntRange(min=0), multiple=True, metavar="SEAT",
              help="Play this seat yourself (repeatable: people take turns at one screen).")
@click.option("--agents", "--bots", "bots", metavar="SPECS", help="The bots: one agent spec for all (random, "
              "first, ismcts:500, ismcts:1s, ismcts:1s:hand) or one per seat, comma-separated (default: random; "
              "--bots is another name for it).")
@click.option("--log", metavar="FILE", help="Write the game's events as JSONL (replayable; kept on quit).")
@click.option("--log-seat", type=click.IntRange(min=0), metavar="SEAT",
              help="Write the log as this seat saw it (shareable, not replayable).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the result, as JSON.")
@budget_option
def command(ruleset, options, variants, players, seed, humans, bots, log, log_seat, quiet, max_steps,
            max_decisions) -> int:
    """Play a game: bots at every seat, or you at a seat with --human."""
    rules = load(ruleset, options=options, variants=variants)
    n = player_count(rules, players)
    for seat in humans:
        check_seat(rules.name, seat, n, "--human")
    check_seat(rules.name, log_seat, n, "--log-seat")
    from interpreter.cli.seats import seat_agents
    from interpreter.engine.game import Game
    from interpreter.errors import GameError
    from interpreter.logs import write_log
    from interpreter.terminal.screen import Screen
    from interpreter.terminal.session import Session
    seed = seed if seed is not None else random.randrange(1_000_000)
    humans = sorted(set(humans))
    try:
        game = Game(rules, n, seed=seed, options=options, budget=make_budget(max_steps, max_decisions))
    except GameError as exc:
        raise fail(str(exc)) from None
    from interpreter.agents.specs import AgentSpecError
    screen = Screen()
    try:
        agents = seat_agents(n, seed=seed, humans=humans, screen=screen, bots=bots)
    except AgentSpecError as exc:
        raise fail(f"--agents: {exc}") from None
    out = open_log(log)
    session = Session(game, agents, humans=humans, screen=screen, quiet=quiet)
    try:
        finished = session.run()
    except GameError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:       # exit 130, the log so far kept as on quit
        if log:
            click.echo(f"\ngame interrupted after {session.game.decisions_taken} decisions; its log so far "
                       f"is in {log}", err=True)
        raise
    finally:
        if out is not None:
            write_log(session.game, out, seat=log_seat)
            out.close()
    if not finished:
        click.echo(f"game left after {session.game.decisions_taken} decisions"
                   + (f"; its log so far is in {log}" if log else ""), err=True)
        return 0
    if quiet:
        click.echo(json.dumps(session.game.result))
    if log:
        click.echo(f"log written to {log}", err=True)
    return 0
