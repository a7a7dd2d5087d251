"""`cardrules compile`: the Python generated for a ruleset's expressions and effects."""
from __future__ import annotations

import click

from interpreter.cli.common import RULESET_HELP, load, ruleset_argument, ruleset_options


@click.command(epilog=RULESET_HELP)
@ruleset_argument()
@ruleset_options
def command(ruleset, options, variants) -> int:
    """Print the Python generated for a ruleset: one unit per expression, each headed by the
    file:line:col it comes from."""
    rules = load(ruleset, options=options, variants=variants)
    click.echo(f"# Python generated for {rules.name} ({len(rules.generated)} units)\n")
    click.echo("\n\n".join(rules.generated))
    return 0
