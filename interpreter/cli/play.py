"""`cardrules play`: one game at the terminal, bots at every seat but yours."""
from __future__ import annotations

import json
import random

import click

from interpreter.cli.common import RULESET_HELP, check_seat, fail, load, player_count, players_option, ruleset_options


def open_log(path: str | None):
    """The log file, opened before the game starts so that a bad path fails at once."""
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write the log to {path}: {exc.strerror or exc}") from None


@click.command(epilog=RULESET_HELP)
@click.argument("ruleset")
@ruleset_options
@players_option
@click.option("--seed", type=int, help="Seed of the shuffle and the bots (default: random).")
@click.option("--human", "humans", type=click.IntRange(min=0), multiple=True, metavar="SEAT",
              help="Play this seat yourself (repeatable: several people at one screen).")
@click.option("--bots", metavar="SPEC", help="The bots: one agent spec for all (random, first, ismcts:500, "
              "ismcts:1s) or one per seat, comma-separated (default: random).")
@click.option("--log", metavar="FILE", help="Write the game's events as JSONL (replayable).")
@click.option("--log-seat", type=click.IntRange(min=0), metavar="SEAT",
              help="Write the log as this seat saw it (shareable, not replayable).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the result, as JSON.")
def command(ruleset, options, variants, players, seed, humans, bots, log, log_seat, quiet) -> int:
    """Play a game: bots at every seat, or you at a seat with --human."""
    from interpreter.agents.turn import ask
    from interpreter.engine.game import Game
    from interpreter.engine.replay import write_log
    from interpreter.errors import GameError
    from interpreter.terminal.human import HumanAgent
    from interpreter.terminal.transcript import Transcript
    from interpreter.cli.seats import seat_agents
    rules = load(ruleset, options=options, variants=variants)
    n = player_count(rules, players)
    for seat in humans:
        check_seat(rules.name, seat, n, "--human")
    check_seat(rules.name, log_seat, n, "--log-seat")
    seed = seed if seed is not None else random.randrange(1_000_000)
    humans = set(humans)
    try:
        game = Game(rules, n, seed=seed, options=options,
                    names=[f"Player {s}" + (" (you)" if s in humans and len(humans) == 1 else "") for s in range(n)])
    except GameError as exc:
        raise fail(str(exc)) from None
    from interpreter.agents.specs import AgentSpecError
    try:
        agents = seat_agents(n, seed=seed, humans=humans, terminal=HumanAgent(), bots=bots)
    except AgentSpecError as exc:
        raise fail(f"--bots: {exc}") from None
    out = open_log(log)
    transcript = Transcript(game, next(iter(humans)) if len(humans) == 1 else None)
    try:
        while not game.over:
            if not quiet:
                for line in transcript.new_lines():
                    click.echo(line)
            game.apply(ask(agents[game.decision.player], game))
    except GameError as exc:
        raise fail(str(exc)) from None
    finally:
        if out is not None:
            write_log(game, out, seat=log_seat)
            out.close()
    if quiet:
        click.echo(json.dumps(game.result))
    else:
        for line in transcript.new_lines():
            click.echo(line)
    if log:
        click.echo(f"log written to {log}", err=True)
    return 0
