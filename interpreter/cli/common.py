"""What the commands share: the ruleset argument and its options, loading with messages, and
the error that ends a command with exit code 1 (invalid input)."""
from __future__ import annotations

import click


class Invalid(click.ClickException):
    """Invalid input (a ruleset, option, log or value): printed as given, exit code 1."""
    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)


def fail(message: str) -> Invalid:
    """An Invalid error in the house style: `cardrules: what is wrong (and how to fix it)`."""
    return Invalid(f"cardrules: {message}")


def complete_ruleset(ctx, param, incomplete: str) -> list:
    """Shell completion of a RULESET: the shipped games' names, then files."""
    from click.shell_completion import CompletionItem
    from interpreter.shipped import game_names
    games = [CompletionItem(name) for name in game_names() if name.startswith(incomplete)]
    return games + [CompletionItem(incomplete, type="file")]


def complete_option(ctx, param, incomplete: str) -> list:
    """Shell completion of --option NAME=VALUE: the named ruleset's option names, then the values
    of one that has a list of them. Nothing (never an error) when the ruleset does not load."""
    from click.shell_completion import CompletionItem
    named = ctx.params.get("ruleset") or ctx.params.get("base")
    if not named:     # click leaves the words unparsed when the flag being completed is last
        named = next((word for word in ctx.args if not word.startswith("-")), None)
    if not named:
        return []
    try:
        from interpreter.compile.ruleset import load_ruleset
        options = load_ruleset(resolve_ruleset(named)).options
    except Exception:        # a half-typed command line: offer nothing rather than fail
        return []
    name, equals, value = incomplete.partition("=")
    if not equals:
        return [CompletionItem(f"{n}=", help=spec.description) for n, spec in options.items() if n.startswith(name)]
    spec = options.get(name)
    values = list(spec.values or []) if spec is not None else []
    if spec is not None and spec.type == "bool":
        values = ["true", "false"]
    return [CompletionItem(f"{name}={v}") for v in map(str, values) if v.startswith(value)]


def ruleset_argument(name: str = "ruleset"):
    """The RULESET argument: a shipped game's name or a file, completed by the shell."""
    return click.argument(name, shell_complete=complete_ruleset)


def ruleset_options(command):
    """--option NAME=VALUE and --variant FILE, for every command that loads a ruleset."""
    command = click.option("--variant", "variants", multiple=True, metavar="FILE", type=click.Path(dir_okay=False),
                           help="A variant file applied on top of the ruleset (repeatable).")(command)
    return click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
                        shell_complete=complete_option, callback=_parse_options,
                        help="Set one of the ruleset's options (repeatable).")(command)


def _parse_options(ctx, param, pairs: tuple[str, ...]) -> dict:
    options = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"takes NAME=VALUE, not '{pair}'", ctx=ctx, param=param)
        name, value = pair.split("=", 1)
        options[name.strip()] = value.strip()
    return options


RULESET_HELP = "RULESET is a shipped game's name (see `cardrules list`) or a ruleset file."


def resolve_ruleset(name_or_path: str) -> str:
    """A ruleset file named on the command line: the path if it exists, else a shipped game's file
    (the library's rule, `interpreter.shipped.locate_ruleset`); neither ends the command (exit 1)."""
    from interpreter.errors import RulesetError
    from interpreter.shipped import locate_ruleset
    try:
        return str(locate_ruleset(name_or_path))
    except RulesetError as exc:
        problem = exc.diagnostics[0]
        raise fail(f"{problem.message}; {problem.hint}") from None


def load(name_or_path: str, *, options: dict, variants=()):
    """The compiled ruleset with `options` checked; an invalid one ends the command (exit 1)."""
    from interpreter.cli.report import render_text
    from interpreter.errors import RulesetError
    from interpreter.compile.ruleset import load_ruleset
    path = resolve_ruleset(name_or_path)
    try:
        ruleset = load_ruleset(path, variants=list(variants))
        ruleset.resolve_options(options)
    except RulesetError as exc:
        raise Invalid(render_text(exc.diagnostics)) from None
    for name in options:
        if name in ruleset.unread_options:
            click.echo(f"cardrules: warning: {unread_option_message(ruleset, name)}", err=True)
    return ruleset


def unread_option_message(ruleset, name: str) -> str:
    """What `--option NAME=...` means for an option no rule of the ruleset reads."""
    return (f"option '{name}' is read by no rule of {ruleset.name} (the rules that read it were "
            "replaced): setting it changes nothing")


def player_count(ruleset, players: int | None) -> int:
    """The number of players asked for, or the ruleset's minimum; outside its range is an error."""
    n = ruleset.min_players if players is None else players
    if not ruleset.min_players <= n <= ruleset.max_players:
        raise fail(f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, not {n}")
    return n


def check_seat(ruleset_name: str, seat: int | None, players: int, flag: str) -> None:
    if seat is not None and not 0 <= seat < players:
        raise fail(f"{flag} {seat}: {ruleset_name} with {players} players has seats 0 to {players - 1}")


def budget_option(command):
    """--max-steps N: the work a ruleset may do between two decisions; --max-decisions N: the
    decisions one game may ask (see engine/budget.py)."""
    from interpreter.engine.budget import DEFAULT_DECISIONS, DEFAULT_STEPS
    command = click.option("--max-decisions", type=click.IntRange(min=1), metavar="N",
                           help="Decisions one game may ask before it stops with the position of the "
                                "step that asks (default: the ruleset's limits.decisions, else "
                                f"{DEFAULT_DECISIONS}).")(command)
    return click.option("--max-steps", type=click.IntRange(min=1), metavar="N",
                        help="Steps of work allowed between two decisions before the game stops with "
                             f"the position of the loop (default {DEFAULT_STEPS}).")(command)


def make_budget(max_steps: int | None, max_decisions: int | None):
    """What `Game(budget=...)` takes for --max-steps and --max-decisions (None: the defaults)."""
    if max_decisions is None:
        return max_steps
    from interpreter.engine.budget import DEFAULT_STEPS, Budget
    return Budget(steps=max_steps or DEFAULT_STEPS, decisions=max_decisions)


def players_option(command):
    return click.option("--players", "-n", type=click.IntRange(min=1), metavar="N",
                        help="Number of players (default: the ruleset's minimum).")(command)
