"""Agents named by a short spec, as the command line and tools take them:
`random`, `first`, `ismcts:500` (iterations) or `ismcts:2s` (seconds per decision), and with
`:hand` a search that looks no further than the current hand (`ismcts:2s:hand`); and
`cmd:python mybot.py` (or `cmd:2s:python mybot.py`, seconds per decision) for a program run as
another process (`interpreter.agents.command`). A `cmd:` spec starts a program, so it is built
only where the spec comes from the person running cardrules (`commands=True`: the command
line), never from a spec a client sent."""
from __future__ import annotations

from interpreter.agents.basic import FirstLegalAgent, RandomAgent


class AgentSpecError(ValueError):
    """A malformed agent spec; the message is one line, fit to print as it is."""


def _random(arg, seed):
    _no_argument("random", arg)
    return RandomAgent(seed)


def _first(arg, seed):
    _no_argument("first", arg)
    return FirstLegalAgent()


def _ismcts(arg, seed):
    from interpreter.agents.ismcts import HAND, ISMCTSAgent
    horizon, budget = None, arg
    if arg is not None:
        before, colon, last = arg.rpartition(":")
        if last.strip().lower() == HAND:
            horizon, budget = HAND, (before if colon else None)
    return ISMCTSAgent(**_budget(budget, spec=arg), seed=seed, horizon=horizon)


def _budget(arg, *, spec) -> dict:
    """`500` iterations or `0.5s` seconds per decision; 200 iterations when not given."""
    if arg is None:
        return {"iterations": 200}
    text = arg.strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if 0 < seconds < float("inf"):
                return {"seconds": seconds}
        else:
            iterations = int(text)
            if iterations > 0:
                return {"iterations": iterations}
    except ValueError:
        pass
    raise AgentSpecError(f"agent 'ismcts:{spec}': give a positive number of iterations (ismcts:500) "
                         "or of seconds per decision (ismcts:0.5s), then :hand to search to the end of the hand only")


def _cmd(arg, seed):
    from interpreter.agents.command import CommandAgent, parse_command_spec
    try:
        argv, seconds = parse_command_spec(arg)
    except ValueError as exc:
        raise AgentSpecError(f"agent 'cmd:{arg or ''}': {exc}") from None
    return CommandAgent(argv, seconds=seconds, seed=seed)


KINDS = {"random": _random, "first": _first, "ismcts": _ismcts, "cmd": _cmd}
COMMANDS = "cmd"        # the kind that runs a program


def _no_argument(name: str, arg) -> None:
    if arg is not None:
        raise AgentSpecError(f"agent '{name}:{arg}': '{name}' takes no argument")


def make_agent(spec: str, *, seed: int | None = None, commands: bool = False):
    """The agent a spec names, seeded with `seed`; AgentSpecError (one line) for a bad spec.
    A `cmd:` spec is refused unless `commands` (see the module's docstring)."""
    text = str(spec).strip()
    name, _, arg = text.partition(":")
    name = name.strip().lower()
    make = KINDS.get(name)
    if make is None or (name == COMMANDS and not commands):
        from interpreter.errors import did_you_mean
        kinds = [k for k in KINDS if commands or k != COMMANDS]
        hint = did_you_mean(name, kinds)
        raise AgentSpecError(f"unknown agent '{text}'" + (f"; {hint}" if hint else "") +
                             f" (agents: {', '.join(kinds)}; e.g. random, ismcts:500)")
    return make(arg if _ else None, seed)


def make_agents(specs: str, *, players: int, seed: int | None = None, commands: bool = False) -> list:
    """One agent per seat from a comma-separated list (`ismcts:200,random,random,random`); a
    single spec is used for every seat. Each seat's agent gets its own seed."""
    parts = [p for p in str(specs).split(",")]
    if any(not p.strip() for p in parts):
        raise AgentSpecError(f"agents '{specs}': an empty entry in the list")
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise AgentSpecError(f"agents '{specs}': {len(parts)} agents for {players} players; "
                             "give one for every seat, or one for all")
    return [make_agent(p, seed=None if seed is None else seed * 1009 + seat, commands=commands)
            for seat, p in enumerate(parts)]
