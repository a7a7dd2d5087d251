"""`cardrules info`: a ruleset's players, options (with values and defaults), zones and abilities,
what each numbered decision its descriptions cite (D-07) means, from the rules page, and the
command that writes its rules for players (`cardrules explain`)."""
from __future__ import annotations

import shlex

import click

from interpreter.cli.common import RULESET_HELP, load, ruleset_argument, ruleset_options
from interpreter.decisions import PAGE, explained


def _quoted(word: str) -> str:
    return shlex.quote(word)


def _option_args(options: dict) -> str:
    return "".join(f" -o {_quoted(f'{k}={v}')}" for k, v in options.items())


def _show(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@click.command(epilog=RULESET_HELP)
@ruleset_argument()
@ruleset_options
def command(ruleset, options, variants) -> int:
    """Describe a ruleset: players, options (with values and defaults), zones."""
    rules = load(ruleset, options=options, variants=variants)
    values = rules.resolve_options(options)
    lines = [f"{rules.name}: {rules.min_players} to {rules.max_players} players"]
    if rules.description:
        lines.append(f"  {rules.description.strip()}")
    if len(rules.sources) > 1:
        lines.append(f"  builds on: {', '.join(rules.sources[:-1])}")
    if rules.options:
        lines.append("options (set with --option NAME=VALUE):")
        for name, spec in rules.options.items():
            facts = [spec.type, f"default {_show(spec.default)}"]
            if spec.values:
                facts.append("one of " + ", ".join(map(_show, spec.values)))
            if spec.min is not None:
                facts.append(f"min {spec.min}")
            if spec.max is not None:
                facts.append(f"max {spec.max}")
            if values[name] != spec.default:
                facts.append(f"set to {_show(values[name])}")
            if name in rules.unread_options:
                facts.append("read by no rule: setting it changes nothing")
            lines.append(f"  {name} ({'; '.join(facts)})")
            if spec.description:
                lines.append(f"      {spec.description.strip()}")
    lines.append("zones:")
    for zone in rules.zones:
        about = f": {zone.description}" if zone.description else ""
        lines.append(f"  {zone.name} (one per {zone.owner}, {zone.visibility}){about}")
    if rules.abilities:
        lines.append("abilities: " + ", ".join(spec.label for spec in rules.abilities.values()))
    lines.append(f"rules for players: cardrules explain {_quoted(ruleset)}{_option_args(options)}"
                 f"{''.join(' --variant ' + _quoted(v) for v in variants)} "
                 "(Markdown, --format html or text; also in the web lobby of cardrules serve)")
    cited = explained(rules.description, *(spec.description for spec in rules.options.values()),
                      *(zone.description for zone in rules.zones))
    if cited:
        lines.append(f"decisions cited above (numbered in the rules page, {PAGE}):")
        lines += [f"  {number}  {meaning}".rstrip() for number, meaning in cited]
    click.echo("\n".join(lines))
    return 0
