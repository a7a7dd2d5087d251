"""`cardrules schema`: the JSON Schema of ruleset files, for editors (see docs/editors.md)."""
from __future__ import annotations

import click


@click.command()
@click.option("--path", "show_path", is_flag=True, help="Print where the installed schema file is instead.")
def command(show_path: bool) -> int:
    """Print the JSON Schema that ruleset files follow (or, with --path, its installed file)."""
    from interpreter.shipped import schema_file
    if show_path:
        click.echo(str(schema_file()))
    else:
        from interpreter.language.schema import schema_text
        click.echo(schema_text(), nl=False)
    return 0
