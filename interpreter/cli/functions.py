"""`cardrules functions`: the language's builtins, macros and effects, from their registries."""
from __future__ import annotations

import click


@click.command()
def command() -> int:
    """List the builtin functions, macros and effects of the language."""
    from interpreter.language.builtins import BUILTINS
    from interpreter.language.effects import EFFECTS
    from interpreter.compile.macros import MACRO_DOCS
    lines = ["Builtin functions:"]
    for b in sorted(BUILTINS.values(), key=lambda b: b.name):
        effects_only = "  [effects only]" if not b.pure else ""
        lines.append(f"  {b.signature}{effects_only}\n      {b.doc}")
    lines.append("\nCollection macros:")
    lines.extend(f"  {doc}" for doc in MACRO_DOCS.values())
    lines.append("\nEffects:")
    lines.extend(f"  {e.signature}\n      {e.doc}" for e in sorted(EFFECTS.values(), key=lambda e: e.name))
    click.echo("\n".join(lines))
    return 0
