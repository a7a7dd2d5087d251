"""The running flow as frames: plain data that says where a game is, so a game can be copied.

A list of steps that may ask for a decision is assembled into *code*: a list of small
operations, each a function `op(g, frame)` run one after the other by `run`. An operation
returns None to go on, or a Decision to stop and wait for a decision. Where the flow is (the
position in each code), which names are bound, which loop turn a `for_each` is on and what a
choice has picked so far live in a stack of `Frame`s and their `data` stacks: lists, dicts and
game objects, never Python generators. So a running game can be copied exactly (see
`clone.py`). Steps that cannot ask for a decision stay plain functions run by one operation.

`Assembler` builds code: yielding steps emit their operations into it (see `flow.py` and
`choices.py`), plain steps are gathered into runs. A `break` raises `Break` inside a plain
step; the operation that ran it undoes what lies between it and its loop (phases to leave,
environments to restore, which the assembler knows) and jumps past the loop.
"""
from __future__ import annotations

from contextlib import contextmanager

from interpreter.engine.steps import Break


class Frame:
    """One running code: the code, the position of its next operation, its environment of
    bound names, and a stack of what its running steps keep (saved environments, loop turns,
    cards picked so far, the phase to return to)."""
    __slots__ = ("code", "pc", "env", "data")

    def __init__(self, code: list, env: dict, pc: int = 0, data: list | None = None):
        self.code = code
        self.pc = pc
        self.env = env
        self.data = [] if data is None else data


def run(g, stack: list):
    """Run operations until one asks for a decision (its Decision is returned) or the flow
    ends (None). A decision's answer is in `g._sent` when the operation after it runs."""
    while stack:
        frame = stack[-1]
        pc = frame.pc
        frame.pc = pc + 1
        request = frame.code[pc](g, frame)
        if request is not None:
            return request
    return None


# the two stages of a simultaneous step's state (see flow.py): its players are choosing, or
# their choices are revealed and each one's `then` runs
class _Stage(str):
    """A marker no ruleset value can be (identity is what counts)."""


CHOOSING, RESULTS = _Stage("choosing"), _Stage("results")


def unrevealed_choices(stack: list) -> list[list]:
    """The choices made in a simultaneous step that is still going round, which the other
    players have not seen: [env, value, seat, kind, options] each (the value may be replaced)."""
    found = []
    for frame in stack:
        for entry in frame.data:
            if type(entry) is list and entry and entry[0] is CHOOSING:
                found.extend(entry[3])
    return found


class Label:
    """A position in code, fixed when the assembler places it."""
    __slots__ = ("pc",)

    def __init__(self):
        self.pc = -1


def op_return(g, frame) -> None:
    g._stack.pop()


def op_pop(g, frame) -> None:
    frame.data.pop()


def restore_env_and_jump(label: Label):
    def op_restore_env_and_jump(g, frame):
        frame.env = frame.data.pop()
        frame.pc = label.pc
    return op_restore_env_and_jump


def jump(label: Label):
    def op_jump(g, frame):
        frame.pc = label.pc
    return op_jump


class Assembler:
    """Builds the code of one step list (a flow, a procedure, an ability)."""

    def __init__(self):
        self.ops: list = []
        self._break: tuple[Label, list] | None = None   # the innermost loop's exit, and what lies between

    def label(self) -> Label:
        return Label()

    def place(self, label: Label) -> None:
        label.pc = len(self.ops)

    def op(self, fn) -> None:
        self.ops.append(fn)

    def jump(self, label: Label) -> None:
        self.ops.append(jump(label))

    def steps(self, steps: list) -> None:
        """Emit a list of compiled steps: runs of plain steps as one operation each."""
        plain: list = []
        for step in steps:
            if step.yields:
                self._plain(plain)
                plain = []
                step.emit(self)
            else:
                plain.append(step.run)
        self._plain(plain)

    def _plain(self, runs: list) -> None:
        if not runs:
            return
        runs = tuple(runs)
        if self._break is None:
            if len(runs) == 1:
                only = runs[0]

                def op_step(g, frame):
                    only(g, frame.env)
                self.ops.append(op_step)
                return

            def op_steps(g, frame):
                env = frame.env
                for fn in runs:
                    fn(g, env)
            self.ops.append(op_steps)
            return
        run = self._runner(runs)     # inside a loop: a `break` among them must be caught

        def op_steps_in_loop(g, frame):
            run(g, frame, frame.env)
        self.ops.append(op_steps_in_loop)

    def runner(self, steps: list):
        """A function `run(g, frame, env)` of plain steps, for an operation that runs them in
        an environment of its own making. It returns True when they ran through, False when
        a `break` left the loop around them (the frame is then past that loop)."""
        return self._runner(tuple(s.run for s in steps))

    def _runner(self, runs: tuple):
        if self._break is None:
            def run_plain_steps(g, frame, env):
                for fn in runs:
                    fn(g, env)
                return True
            return run_plain_steps
        exit_, between = self._break
        undo = tuple(reversed(between))

        def run_plain_steps_in_loop(g, frame, env):
            try:
                for fn in runs:
                    fn(g, env)
            except Break:
                leave(g, frame, undo)
                frame.pc = exit_.pc
                return False
            return True
        return run_plain_steps_in_loop

    @contextmanager
    def loop(self, exit_: Label):
        """Steps emitted inside leave to `exit_` on `break`."""
        outer, self._break = self._break, (exit_, [])
        try:
            yield
        finally:
            self._break = outer

    @contextmanager
    def scope(self, kind: tuple):
        """Steps emitted inside run within something a `break` must undo on its way out:
        ("env",) an environment to restore, ("phase", name) a phase to leave."""
        if self._break is None:
            yield
            return
        self._break[1].append(kind)
        try:
            yield
        finally:
            self._break[1].pop()

    def finish(self) -> list:
        self.ops.append(op_return)
        return self.ops


def leave(g, frame, undo) -> None:
    """Undo, innermost first, what a `break` passes on its way out of its loop."""
    for kind in undo:
        if kind[0] == "phase":
            outer = frame.data.pop()
            g.leave_phase(kind[1], outer)
        else:
            frame.env = frame.data.pop()


def assemble(steps: list) -> list:
    """The code of a step list."""
    asm = Assembler()
    asm.steps(steps)
    return asm.finish()


def code_of(holder) -> list:
    """The code of a procedure or ability (anything with `steps`), assembled on first use."""
    code = holder.code
    if code is None:
        code = holder.code = assemble(holder.steps)
    return code
