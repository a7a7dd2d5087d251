"""`cardrules lsp`: the language server for rulesets, over stdin and stdout (see docs/editors.md)."""
from __future__ import annotations

import click


@click.command()
@click.option("--stdio", is_flag=True, help="Speak over stdin and stdout (the default; editors often pass it).")
def command(stdio: bool) -> int:
    """Run the language server an editor starts: diagnostics, completion, hover, definitions,
    references, outline, rename, quick fixes and highlighting inside expression strings."""
    from interpreter.cli.common import fail
    try:
        from interpreter.lsp.server import serve
    except ImportError as exc:     # pygls is an optional extra
        raise fail(f"the language server needs the 'lsp' extra ({exc.name} is not installed): "
                   "pip install 'cardrules[lsp]'") from None
    serve()
    return 0
