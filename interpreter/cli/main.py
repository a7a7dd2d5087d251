"""The `cardrules` command group and its table of commands.

Each command lives in its own module (`interpreter.cli.<module>`, exposing `command`, or
another name after a colon) and is imported only when it runs, so `cardrules --help` loads
nothing but Click. To add a command, write its module and add one line to COMMANDS.

Exit codes: 0 success; 1 invalid input (a ruleset, option, log or value the game rejects, or a
failed check); 2 bad command-line usage; 3 an internal error (a bug in cardrules); 130 interrupted.
"""
from __future__ import annotations

import os
import sys
import warnings
from importlib import import_module

import click

# name: (module, one-line help). The help is here so listing commands imports none of them.
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("interpreter.cli.list_games", "list the shipped games with players and a description"),
    "play": ("interpreter.cli.play", "play a game: bots, or you at a seat with --human"),
    "info": ("interpreter.cli.info", "describe a ruleset: players, options (with values and defaults), zones"),
    "explain": ("interpreter.cli.explain", "write a ruleset's rules for players (Markdown, HTML, text), or "
                "what a variant changes with --diff"),
    "validate": ("interpreter.cli.validate", "check rulesets and report every error with file:line:col"),
    "simulate": ("interpreter.cli.simulate", "play many random games and summarize them"),
    "compare": ("interpreter.cli.compare:compare", "play a ruleset and its variants on the same seeds and "
                "report what differs"),
    "analyze": ("interpreter.cli.compare:analyze", "measure one ruleset: seats, scores, length, lead changes, "
                "decisions"),
    "tournament": ("interpreter.cli.tournament", "rate agents against each other in a ruleset (OpenSkill, "
                   "with intervals)"),
    "replay": ("interpreter.cli.replay", "re-run a game log and check that every event matches"),
    "serve": ("interpreter.cli.serve", "serve tables in the browser: a lobby, people and bots, replays"),
    "functions": ("interpreter.cli.functions", "list the builtin functions, macros and effects of the language"),
    "compile": ("interpreter.cli.compile", "print the Python generated for a ruleset, for review and debugging"),
    "schema": ("interpreter.cli.schema", "print the JSON Schema of ruleset files (or, with --path, its file)"),
    "lsp": ("interpreter.cli.lsp", "run the language server for editors, over stdio (the 'lsp' extra)"),
}

EXIT_CODES = """Exit codes: 0 success, 1 invalid input (ruleset, option, log, or a failed check),
2 bad command-line usage, 3 internal error (a bug in cardrules), 130 interrupted."""


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, from COMMANDS."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, _, attribute = COMMANDS[name][0].partition(":")
        return getattr(import_module(module), attribute or "command")

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, about) for name, (_, about) in COMMANDS.items()])

    def resolve_command(self, ctx, args):
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from interpreter.errors import did_you_mean
            hint = did_you_mean(name, COMMANDS)
            raise click.UsageError(f"no command '{name}'" + (f"; {hint}" if hint else "") +
                                   f" (commands: {', '.join(COMMANDS)})", ctx)
        return super().resolve_command(ctx, args)


def _version(ctx: click.Context, _param, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from interpreter import __version__
    click.echo(f"cardrules {__version__}")
    ctx.exit(0)


@click.group(cls=LazyGroup, epilog=EXIT_CODES,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and exit.")
def cli() -> None:
    """Validate, play and simulate card games written as YAML rulesets.

    A game is named by a shipped game's name (`cardrules play NAME`; see `cardrules list`)
    or by the path of a ruleset file.
    """


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning as one line on stderr: cardrules' own (an unusable load cache, say) in its
    own words, anything else with its kind."""
    ours = category.__module__.startswith("interpreter.")
    click.echo(f"cardrules: warning: {'' if ours else category.__name__ + ': '}{message}", err=True)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (the library never exits or prints)."""
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            code = cli.main(args=argv, prog_name="cardrules", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.UsageError as exc:
        click.echo(usage_line(exc), err=True)
        return 2
    except click.ClickException as exc:   # invalid input, already worded for people
        exc.show()
        return exc.exit_code
    except (KeyboardInterrupt, click.Abort):
        click.echo("\ninterrupted", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except (MemoryError, RecursionError) as exc:   # Python's own limits, reached past ours: invalid input
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        what = "more memory than this machine has" if isinstance(exc, MemoryError) else "nesting too deep"
        click.echo(f"cardrules: the input needs {what} ({type(exc).__name__}); make it smaller", err=True)
        return 1
    except Exception as exc:  # a bug in cardrules itself, not in the ruleset: say so plainly
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        click.echo(f"cardrules: internal error: {type(exc).__name__}: {exc}\n"
                   "(this is a bug in cardrules; run again with CARDRULES_DEBUG=1 for the traceback)", err=True)
        return 3


def usage_line(exc: click.UsageError) -> str:
    """Click's usage errors in the house style, one line:
    `cardrules: play --players: 0 is not in the range x>=1 (see 'cardrules play --help')`."""
    path = exc.ctx.command_path if exc.ctx else "cardrules"
    command = path.partition(" ")[2]
    message = _usage_message(exc)
    where = "" if not command else f"{command} " if message.startswith("-") else f"{command}: "
    return f"cardrules: {where}{message} (see '{path} --help')"


def _usage_message(exc: click.UsageError) -> str:
    def sentence(text: str) -> str:
        text = " ".join(str(text).split()).rstrip(".")
        return text[:1].lower() + text[1:]
    if isinstance(exc, click.NoSuchOption):
        close = sorted(exc.possibilities or ())
        hint = f"; did you mean {' or '.join(repr(p) for p in close)}?" if close else ""
        return f"no option '{exc.option_name}'{hint}"
    param = getattr(exc, "param", None)
    name = "/".join(param.opts) if isinstance(param, click.Option) else \
        param.human_readable_name if param is not None else None
    if isinstance(exc, click.MissingParameter):
        return f"missing {name or exc.param_hint or 'an argument'}"
    if isinstance(exc, click.BadParameter) and name:
        return f"{name}: {sentence(exc.message)}"
    return sentence(exc.message)


def run() -> None:
    """The console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()
