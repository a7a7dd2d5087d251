"""Writes the Python source of a step list, line by line, each line noting the rule it comes from.

Plain steps (those that cannot ask for a decision) are written as nested Python. A step list
that may ask is written as a *machine*: numbered blocks in a loop,

    def _run(g, fr):
        env = fr.env
        data = fr.data
        pc = fr.pc
        while True:
            if pc == 0:
                ...
                fr.pc = 1
                return _ask3(g, env)      # a decision: the flow waits here
            if pc == 1:
                ...

so that the function returns a Decision and, once it is answered, resumes at the block after
it. Where the flow is lives in the frame (`fr.pc`, its environment `fr.env`, the stack
`fr.data` of loop turns, saved environments and phases), never in Python's own state, so a
running game can be copied (see `engine/frames.py`). A block falls through into the next; a
jump to an earlier block, or from inside nested code, starts the loop again. A block that no
jump or resume names is merged into the one before it.

`break` leaves the innermost loop: a Python loop with `break`, a machine loop by a jump to its
end, undoing on the way what lies between (a phase to end, an environment to restore). Plain
steps nested too deeply for Python (its limits on indentation and on nested loops) go into a
helper function of their own, from which a `break` escapes as the `Break` exception.
"""
from __future__ import annotations

import re

from contextlib import contextmanager

from interpreter.errors import Span

MAX_INDENT = 24       # indentation levels before plain steps move to a helper (Python allows 100)
MAX_PY_BLOCKS = 12    # nested Python loops and try blocks before they do (Python allows 20)


class Label:
    """A block of a machine, named before or after it is placed."""
    __slots__ = ("block", "used")

    def __init__(self):
        self.block: _Block | None = None
        self.used = False        # named by a jump or a resume (else it may merge into the block before)

    def __str__(self) -> str:
        return str(self.block.index)


class _Count:
    """How many steps a run of lines counts where it starts (written once the run is known)."""
    __slots__ = ("n",)

    def __init__(self):
        self.n = 1

    def __str__(self) -> str:
        return str(self.n)


class _Block:
    __slots__ = ("labels", "lines", "open", "fall", "index", "inherits", "borrowed", "borrowed_at")

    def __init__(self, label: Label):
        self.labels = [label]
        self.lines: list = []
        self.open = True          # the last line written can fall through into the next block
        self.fall: int | None = None   # the line that falls through into the next block, if written
        self.index = -1
        # A block the one before falls into goes on with the run of steps counted there: its
        # steps are added to that count (`borrowed`, the first at `borrowed_at`). Should a jump
        # name the block after all, they are counted at its start instead (`Writer._own_counts`).
        self.inherits: _Count | None = None
        self.borrowed = 0
        self.borrowed_at: Span | None = None


class Writer:
    """The lines of one generated function: `machine` for one that may stop at decisions."""

    def __init__(self, unit, *, machine: bool, scopes: list | None = None):
        self.unit = unit
        self.machine = machine
        self.base = 3 if machine else 1          # the indentation of a block's (or the body's) lines
        self.indent = self.base
        self.py_blocks = 1 if machine else 0     # the machine's `while True` is one
        self.span: Span | None = None
        self.scopes: list = list(scopes or [])   # loops and what a `break` undoes, innermost last
        self.escapes = False                     # a `break` leaves this (helper) function
        self.blocks: list[_Block] = []
        self.lines: list = []
        self._run = None          # the straight run of lines whose steps are being counted together
        if machine:
            self._start(Label())

    # -- lines -------------------------------------------------------------------
    def line(self, *parts) -> None:
        """One line (or several, split at newlines) at the current indentation; parts may be Labels."""
        if self.machine and self.indent == self.base and not self.block.open:
            self._start(Label())      # after a jump (a `break` ending a branch, say): code never reached
        if len(parts) == 1 and isinstance(parts[0], str) and "\n" in parts[0]:
            for text in parts[0].split("\n"):
                self.lines.append((self.indent, (text,), self.span))
            return
        self.lines.append((self.indent, parts, self.span))

    @contextmanager
    def at(self, span: Span | None):
        """Lines written inside come from the rule at `span` (for the line map of errors)."""
        outer, self.span = self.span, span or self.span
        try:
            yield
        finally:
            self.span = outer

    @contextmanager
    def nested(self, header: str, *, loop: bool = False):
        """A compound statement: `header` (e.g. 'if x:'), then the lines written inside."""
        self.line(header)
        # The steps of a branch are counted where the run of lines around it starts: a loop
        # turn counts its whole body once, taken branches or not (an upper bound on its work).
        # A loop's body starts its own run (a run counts once per time its start is reached).
        outer = self._run
        if loop:
            self._run = None
        lines, written = self.lines, len(self.lines)
        self.indent += 1
        self.py_blocks += loop
        try:
            yield
        finally:
            if lines is self.lines and len(lines) == written:
                self.line("pass")        # nothing inside (a step that failed to compile, say)
            self.indent -= 1
            self.py_blocks -= loop
            self._run = outer        # a run begun inside ends with the block

    def tick(self, span: Span) -> None:
        """One step of work, checked against the game's budget (`Game.tick` written out). The
        steps of a run of lines that nothing jumps into (statements one after the other, the
        branches of an `if` among them, a loop's turn with the statements that start it, the
        block a resumed decision falls into) are counted together where the run starts, at its
        first step's position: one count and one check for a loop turn, not one per step. A
        branch not taken is counted all the same, so the count bounds the work from above; a
        run ends where a loop's body or a jump's target begins, so a loop counts every turn."""
        run = self._run
        if run is not None and run[0] is self.lines and run[1] <= self.indent:
            run[2].n += 1
            if self.machine and run[2] is self.block.inherits:
                self.block.borrowed += 1
                if self.block.borrowed_at is None:
                    self.block.borrowed_at = span
            return
        count = _Count()
        self.line("g.steps += ", count)
        self.line(f"if g.steps > g._check_at: g._check_budget({self.unit.constant(span, 'span')})")
        self._run = (self.lines, self.indent, count)

    def barrier(self) -> None:
        """The straight run of lines ends here (a branch, a loop, a jump): later steps count anew."""
        self._run = None

    def fresh(self, hint: str) -> str:
        return self.unit.fresh(hint)

    # -- steps ---------------------------------------------------------------------
    def steps(self, steps: list) -> None:
        """Write a list of compiled steps here; plain ones nested too deeply go to a helper."""
        if not steps:
            return
        if any(s.yields for s in steps) or (self.indent < MAX_INDENT and self.py_blocks < MAX_PY_BLOCKS):
            for step in steps:
                step.emit(self)
            return
        name = self.fresh("b")
        helper = Writer(self.unit, machine=False, scopes=self.scopes + [("helper",)])
        helper.span = self.span
        helper.steps(steps)
        self.unit.helper(*helper.function(name))
        if not helper.escapes:
            self.line(f"{name}(g, env)")
            return
        with self.nested("try:", loop=True):
            self.line(f"{name}(g, env)")
        with self.nested("except Break:"):
            self.leave_loop()

    # -- loops, scopes and break -------------------------------------------------------
    @contextmanager
    def python_loop(self, header: str):
        """A Python `for` or `while` loop around the lines written inside: `break` leaves it."""
        with self.nested(header, loop=True):
            self.scopes.append(("loop", None))
            try:
                yield
            finally:
                self.scopes.pop()

    @contextmanager
    def machine_loop(self, exit_: Label):
        """A loop of blocks: `break` inside jumps to `exit_`."""
        self.scopes.append(("loop", exit_))
        try:
            yield
        finally:
            self.scopes.pop()

    @contextmanager
    def scope(self, kind: tuple):
        """What a `break` passing out of the lines written inside must undo first:
        ("phase", name code, local) a phase to end (its outer phase in a local, or on `data` when
        local is None), ("env",) an environment saved on `data` to restore."""
        self.scopes.append(kind)
        try:
            yield
        finally:
            self.scopes.pop()

    def leave_loop(self) -> None:
        """`break`: undo, innermost first, what lies between here and the innermost loop; then
        leave it (or, from a helper, raise Break for the code around the helper's call)."""
        self._run = None
        for kind in reversed(self.scopes):
            if kind[0] == "loop":
                if kind[1] is None:
                    self.line("break")
                else:
                    self.goto(kind[1])
                return
            if kind[0] == "helper":
                self.escapes = True
                self.line("raise Break")
                return
            if kind[0] == "phase":
                outer = kind[2] if kind[2] is not None else "data.pop()"
                self.line(f"g.leave_phase({kind[1]}, {outer})")
            else:
                self.line("env = fr.env = data.pop()")
        raise AssertionError("break outside a loop")   # pragma: no cover - the checker refuses it

    # -- blocks of a machine -----------------------------------------------------------
    @property
    def block(self) -> _Block:
        return self.blocks[-1]

    def _start(self, label: Label) -> None:
        self._run = None
        block = _Block(label)
        label.block = block
        self.blocks.append(block)
        self.lines = block.lines

    def place(self, label: Label) -> None:
        """Start the block `label` names; the block before falls through into it."""
        going, self._run = self._run, None
        block = self.block
        if not block.lines and block.open:        # an empty block: both labels name one
            block.labels.append(label)
            label.block = block
            return
        run = None
        if block.open:
            block.fall = len(block.lines)
            if going is not None and going[0] is block.lines and going[1] == self.base:
                run = going
            self.lines.append((self.base, ("pc = ", label), self.span))
        self._start(label)
        if run is not None:           # the run of steps goes on into the block (see _Block)
            self.block.inherits = run[2]
            self._run = (self.lines, self.base, run[2])

    def goto(self, label: Label) -> None:
        """Go on at `label`: the last line of its block, or (nested) a jump out of it."""
        self._run = None
        label.used = True
        self.line("pc = ", label)
        if label.block is not None or self.indent > self.base:
            self.line("continue")       # backwards, or out of nested code: the loop starts again
        if self.indent == self.base:
            self.block.open = False

    def branch(self, cases: list[tuple[str, Label]], otherwise: Label) -> None:
        """End the block with a jump to the label of the first condition that holds."""
        self._run = None
        for _, label in cases:
            label.used = True
        otherwise.used = True
        parts: list = ["pc = "]
        for cond, label in cases:
            parts += [label, f" if {cond} else "]
        parts.append(otherwise)
        self.line(*parts)
        if any(label.block is not None for _, label in cases) or otherwise.block is not None:
            self.line("continue")
        self.block.open = False

    def stop(self, label: Label, request: str) -> None:
        """Return `request` (a Decision, or None after pushing a frame); go on at `label` next time."""
        self._run = None
        label.used = True
        self.line("fr.pc = ", label)
        self.line(f"return {request}")
        if self.indent == self.base:
            self.block.open = False

    def resume_at(self, label: Label) -> None:
        """The next decision asked from here on resumes at `label` (the block goes on)."""
        label.used = True
        self.line("fr.pc = ", label)

    def end(self) -> None:
        """The step list is done: its frame leaves the stack."""
        if self.block.open:
            self.line("g._stack.pop()")
            self.line("return None")
            self.block.open = False

    # -- the function ---------------------------------------------------------------------
    def function(self, name: str) -> tuple[list[str], list]:
        """The source lines of `def name(...)` and the span of each line (None for its frame)."""
        if not self.machine:
            body = self.lines or [(1, ("pass",), self.span)]
            lines = [f"def {name}(g, env):"]
            spans: list = [self.span]
            for indent, parts, span in body:
                lines.append("    " * indent + "".join(map(str, parts)))
                spans.append(span)
            return lines, spans
        self.end()
        self._own_counts()
        blocks = self._merged()
        self._copy_short_returns(blocks)
        for block in blocks:       # a count left with nothing to count (its steps went back)
            block.lines = [line for i, line in enumerate(block.lines)
                           if not _counts_nothing(line) and not (i and _counts_nothing(block.lines[i - 1]))]
        body, body_spans = [], []
        for block in blocks:
            body.append(f"        if pc == {block.index}:")
            body_spans.append(None)
            for indent, parts, span in block.lines:
                body.append("    " * indent + "".join(map(str, parts)))
                body_spans.append(span)
        # the frame's fields the blocks read (a name in a string only keeps a read that is not needed)
        text = "\n".join(body)
        lines = [f"def {name}(g, fr):", *(f"    {field} = fr.{field}" for field in ("env", "data")
                                          if re.search(rf"\b{field}\b", text)), "    pc = fr.pc", "    while True:"]
        return lines + body, [None] * len(lines) + body_spans

    def _copy_short_returns(self, blocks: list[_Block]) -> None:
        """Where a jump (`pc = K`, then `continue` or the fall into block K) goes to a short
        block that ends in a return (a decision asked, a frame pushed), write that block's
        lines in its place: the loop is not gone round again to find K. Block K stays, for
        the resumes that start there."""
        short = {}
        for block in blocks:
            lines = block.lines
            if (not block.open and 0 < len(lines) <= 4 and all(indent == self.base for indent, _, _ in lines)
                    and "".join(map(str, lines[-1][1])).startswith("return ")
                    and not any(parts[0] in ("continue", "pc = ") for _, parts, _ in lines)):
                short[id(block)] = lines
        if not short:
            return
        for block in blocks:
            out, lines, i = [], block.lines, 0
            while i < len(lines):
                indent, parts, span = lines[i]
                target = parts[1].block if (len(parts) == 2 and parts[0] == "pc = " and isinstance(parts[1], Label)) \
                    else None
                copied = short.get(id(target)) if target is not None and target is not block else None
                if copied is not None:
                    jumps = i + 1 < len(lines) and lines[i + 1][0] == indent and lines[i + 1][1] == ("continue",)
                    if jumps or (indent == self.base and i == len(lines) - 1):   # a jump, or the fall
                        out += [(indent, line_parts, line_span) for _, line_parts, line_span in copied]
                        i += 2 if jumps else 1
                        continue
                out.append(lines[i])
                i += 1
            block.lines = out

    def _own_counts(self) -> None:
        """A block that a jump names, which went on with the run of the block before, counts
        its steps at its own start (and so do the blocks that went on with its run)."""
        moved: dict = {}       # a count -> the count that took over from it, along its chain
        for block in self.blocks:
            first = block.inherits
            if first is None:
                continue
            counts = moved.get(id(first), first)
            span = block.borrowed_at if block.borrowed_at is not None else self._chain_span(block)
            if any(label.used for label in block.labels) and span is not None:   # (None: no step to count)
                own = _Count()
                own.n = 0
                block.lines[:0] = [(self.base, ("g.steps += ", own), span),
                                   (self.base, (f"if g.steps > g._check_at: g._check_budget("
                                                f"{self.unit.constant(span, 'span')})",), span)]
                if block.fall is not None:
                    block.fall += 2
                moved[id(first)] = counts = own
            first.n -= block.borrowed
            counts.n += block.borrowed

    def _chain_span(self, block: _Block) -> Span | None:
        """The position of the first step counted after `block` along its run (for a count
        that starts there)."""
        at = self.blocks.index(block)
        for later in self.blocks[at:]:
            if later.inherits is not block.inherits:
                break
            if later.borrowed_at is not None:
                return later.borrowed_at
        return None

    def _merged(self) -> list[_Block]:
        """The blocks, each one no jump names merged into the one before when that falls into it."""
        kept: list[_Block] = []
        for block in self.blocks:
            previous = kept[-1] if kept else None
            if previous is not None and previous.open and not any(label.used for label in block.labels):
                if previous.fall is not None:
                    del previous.lines[previous.fall]
                previous.lines.extend(block.lines)
                previous.open, previous.fall = block.open, (None if block.fall is None else
                                                            len(previous.lines) - len(block.lines) + block.fall)
                previous.labels.extend(block.labels)
                for label in block.labels:
                    label.block = previous
                continue
            kept.append(block)
        # a block that only jumps on, forwards (the return point of a call followed by the end
        # of an `if`, say), is left out: what named it names where it jumps (forwards still, so
        # a jump to it that falls through the blocks between reaches the new place too)
        position = {id(block): i for i, block in enumerate(kept)}
        for i, block in enumerate(kept[1:], 1):        # (never the first: a new frame starts there)
            target = _only_jump(block)
            if target is not None and position[id(target.block)] > i:
                for label in block.labels:
                    label.block = target.block
                target.block.labels.extend(block.labels)
                block.labels = []
        kept = [block for block in kept if block.labels]
        for i, block in enumerate(kept):
            block.index = i
        return kept


def _counts_nothing(line) -> bool:
    parts = line[1]
    return len(parts) == 2 and parts[0] == "g.steps += " and isinstance(parts[1], _Count) and parts[1].n == 0


def _only_jump(block: _Block) -> Label | None:
    """The label a block does nothing but jump to, if that is all it does."""
    if len(block.lines) == 1:
        parts = block.lines[0][1]
        if len(parts) == 2 and parts[0] == "pc = " and isinstance(parts[1], Label):
            return parts[1]
    return None
