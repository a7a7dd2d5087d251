"""`cardrules explain`: the rules of a ruleset as a sheet a player can read (Markdown, HTML or
plain text), or with --diff BASE what a variant changes from its base game."""
from __future__ import annotations

import click

from interpreter.cli.common import RULESET_HELP, Invalid, resolve_ruleset, ruleset_argument, ruleset_options


@click.command(epilog=RULESET_HELP + " BASE is named the same way.")
@ruleset_argument()
@ruleset_options
@click.option("--format", "fmt", type=click.Choice(["markdown", "html", "text"]), default="markdown",
              show_default=True, help="Markdown, a self-contained HTML page, or plain text.")
@click.option("--diff", "base", metavar="BASE", help="Say what RULESET changes from the ruleset BASE instead.")
def command(ruleset, options, variants, fmt, base) -> int:
    """Write the rules of RULESET for players: players, options, cards, zones, the steps of play,
    scoring, and the decisions it cites."""
    from interpreter.cli.report import render_text
    from interpreter.errors import RulesetError
    from interpreter.explain.diff import diff
    from interpreter.explain.render import render
    from interpreter.explain.sheet import explain
    try:
        sheet = explain(resolve_ruleset(ruleset), options=options, variants=variants)
        if base is not None:
            base_path = resolve_ruleset(base)
            sheet = diff(explain(base_path, options=_known(base_path, options)), sheet)
    except RulesetError as exc:
        raise Invalid(render_text(exc.diagnostics)) from None
    click.echo(render(sheet, fmt), nl=False)
    return 0


def _known(path: str, options: dict) -> dict:
    """The --option values that the base ruleset also has (the others are the variant's own)."""
    from interpreter.compile.ruleset import load_ruleset
    names = load_ruleset(path).options
    return {k: v for k, v in options.items() if k in names}
