"""What compiled steps are made of at run time: a Step, the Request a decision yields, and
the runner that drives a list of steps as one generator."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.errors import Span


@dataclass
class Request:
    """What the flow asks of one player; the game turns it into a public `Decision`."""
    player: object
    kind: str
    options: list            # the legal values (for a number: the legal range as a list)
    prompt: str
    span: Span
    labels: list | None = None   # readable labels for action choices
    private: bool = False        # a simultaneous choice: others do not see it until revealed
    step: int = 1                # for multi-card choices: which pick of `of`
    of: int = 1
    verb: str | None = None      # how a transcript says it: "plays", "passes"


@dataclass
class Step:
    """A compiled step: `run(g, env)`; `yields` says whether it is a generator function."""
    run: Callable
    yields: bool
    span: Span


NONE = object()  # a choice that found no legal option and ran `if_none` instead


class Break(Exception):
    """Raised by a `break` step; the innermost loop around it catches it and stops."""


def run_list(steps, g, env):
    for s in steps:
        if s.yields:
            yield from s.run(g, env)
        else:
            s.run(g, env)


def run_plain(steps, g, env) -> None:
    """Run steps none of which can ask for a decision."""
    for s in steps:
        s.run(g, env)


def block(steps: list):
    """A generator function that runs `steps`, or None when none of them can ask for a decision
    (then run them with `run_plain`). A list of one step is that step itself: one generator
    fewer for every decision that goes through it."""
    if not any(s.yields for s in steps):
        return None
    if len(steps) == 1:
        return steps[0].run
    return lambda g, env: run_list(steps, g, env)


def run_steps(steps, g, env):
    """Run compiled steps as one generator (the game's entry point)."""
    yield from run_list(steps, g, env)


def counted(fn, span):
    def run(g, env):
        g.tick(span)
        fn(g, env)
    return run
