"""Compiles the steps of `flow:`, `procedures:`, `then:` lists, triggers and abilities to Python.

A step is either a string of effect statements or a mapping with one step keyword
(`if`, `while`, `repeat`, `for_each`, `call`, `phase`, `choose`, `claim`, `use`, `let`). Each step is
checked once, its expressions generated as Python in place, and written out by a
`writer.Writer` into the generated function of its step list: the flow, a procedure,
a trigger or an ability is one function (with helpers beside it). Plain steps, which cannot
ask for a decision, are nested Python; a list that may ask is a machine of blocks that returns
at a decision and resumes after it (see `frames.py`). `choose:` steps (and a simultaneous
`for_each`) are compiled by `choices.py`, `claim:` steps by `claim_steps.py`, `while:`,
`repeat:` and `for_each:` by `loop_steps.py`: collaborators the flow compiler holds, which see
it only through the `StepContext` it hands them (`step_context.py`).

Each step counts one step of work against the game's budget (`Game.tick`, written out in
place): the steps of a run of lines that nothing jumps into are counted together where it
starts, so a loop turn is one count and one check (see `Writer.tick`).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from interpreter.compile.unit import Unit
from interpreter.compile.writer import Label, Writer
from interpreter.language import types as T
from interpreter.compile.choices import ChoiceCompiler
from interpreter.compile.claim_steps import CLAIM_KEYS, ClaimCompiler
from interpreter.compile.loop_steps import LoopCompiler
from interpreter.compile.step_context import StepContext
from interpreter.compile.compiler import _TOO_DEEP_FOR_PYTHON, Compiler, _label
from interpreter.language.schema import comma_hint, comma_message, cut_by_comma
from interpreter.language.source import Where
from interpreter.errors import Collector, Span, did_you_mean
from interpreter.compile.steps import Step
from interpreter.kinds import StepKind

# the keys a step of each kind may have, in StepKind's order (tests/test_kinds.py holds it to
# StepKind, the `s_<kind>` methods below and the schema's steps)
STEP_KEYS = {
    StepKind.IF.value: {"if", "then", "else"},
    StepKind.WHILE.value: {"while", "do"},
    StepKind.REPEAT.value: {"repeat", "until"},
    StepKind.FOR_EACH.value: {"for_each", "in", "do", "simultaneous"},
    StepKind.CALL.value: {"call", "with"},
    StepKind.PHASE.value: {"phase", "do"},
    StepKind.USE.value: {"use", "player"},
    StepKind.LET.value: {"let"},
    StepKind.CHOOSE.value: {"choose", "player", "from", "where", "count", "min", "max", "actions", "as",
                            "prompt", "then", "if_none", "label", "labels"},
    StepKind.CLAIM.value: CLAIM_KEYS,
}


@dataclass
class Procedure:
    name: str
    steps: list | None = None
    raw: object = None
    where: Where | None = None
    compiling: bool = False
    params: dict = field(default_factory=dict)
    defaults: dict = field(default_factory=dict)   # parameter -> value when a call leaves it out
    run: object = None        # its generated function: run(g, env) when it never asks, else
    code: object = None       # code(g, frame), the machine a frame of it runs (frames.py)

    @property
    def yields(self) -> bool:
        return bool(self.steps) and any(s.yields for s in self.steps)


class FlowCompiler:
    """Compiles step lists, reporting every malformed step with its position. The steps of a
    choice, a claim and a loop are compiled by collaborators that share its `StepContext`."""

    def __init__(self, compiler: Compiler, procedures: dict[str, Procedure], errors: Collector):
        self.c = compiler
        self.procedures = procedures
        self.errors = errors
        self.ctx = StepContext(compiler, errors, steps=self.steps, check_keys=self.check_keys)
        self.choices = ChoiceCompiler(self.ctx)
        self.claims = ClaimCompiler(self.ctx, self.choices)
        self.looping = LoopCompiler(self.ctx, self.choices)

    @property
    def unit(self) -> Unit | None:
        """The generated code the steps being compiled go into (kept in the context)."""
        return self.ctx.unit

    # -- the generated functions -----------------------------------------------
    @contextmanager
    def holder(self, where: Where):
        """Steps compiled inside go into one new unit of generated code (a flow, a procedure,
        a trigger or an ability), built by `machine` or `plain` before the block ends."""
        outer, self.ctx.unit = self.ctx.unit, Unit(_label(where), self.c.generated)
        try:
            yield
        finally:
            self.ctx.unit = outer

    def machine(self, steps: list, span: Span | None):
        """The function `code(g, frame)` of a step list that may ask for decisions."""
        writer = Writer(self.unit, machine=True)
        writer.span = span
        writer.steps(steps)
        return self._build(writer, "_run", span)

    def plain(self, steps: list, span: Span | None):
        """The function `run(g, env)` of a step list that never asks."""
        writer = Writer(self.unit, machine=False)
        writer.span = span
        writer.steps(steps)
        return self._build(writer, "_steps", span)

    def _build(self, writer: Writer, name: str, span: Span | None):
        lines, spans = writer.function(name)
        try:
            return self.unit.build_function(lines, spans, name)
        except _TOO_DEEP_FOR_PYTHON as exc:     # past the limits the writer keeps to: not seen in practice
            if isinstance(exc, SyntaxError) and "too many" not in str(exc):
                raise
            self.errors.error("too-deep", "these steps nest too deeply to be compiled; move some of them "
                              "into procedures", span)
            return None

    # -- lists -------------------------------------------------------------
    def steps(self, raw, where: Where, scope: dict, *, allow_choices: bool = True) -> list[Step]:
        if raw is None:
            return []
        single = isinstance(raw, (str, dict))
        if single:
            raw = [raw]
        if not isinstance(raw, list):
            self.errors.error("type", "expected a list of steps here", where.span())
            return []
        out = []
        out_of_step = self.c.out_of_step
        try:
            for i, item in enumerate(raw):
                item_where = where if single else Where(where.source, where.path + (i,))
                if isinstance(item, dict) and "let" in item:
                    step, scope = self.s_let(item, item_where, scope)   # its names hold for the steps after it
                else:
                    step = self.step(item, item_where, scope, allow_choices)
                if step is not None:
                    out.append(step)
                bound = item.get("as", "choice") if isinstance(item, dict) and "choose" in item else None
                if isinstance(bound, str) and bound not in scope:
                    # read by a later step, the choice gets a hint that says where it is seen
                    line = item_where.source.span(item_where.path).line
                    self.c.out_of_step = {**self.c.out_of_step, bound: (
                        f"'{bound}' is the choice of the 'choose' step at line {line}: it is seen only in that "
                        f"step's 'where', 'labels' and 'then'; move these steps into its 'then', or keep the "
                        f"value in a variable there")}
        finally:
            self.c.out_of_step = out_of_step
        return out

    def s_let(self, raw, where: Where, scope: dict):
        """`let: {name: expr, ...}`: names for values, seen by the steps after it in the same list.
        Returns the step and the scope those steps see."""
        span = where.source.span(where.path)
        for key in raw:
            if key != "let":
                self.errors.error("unknown-key", f"unknown key '{key}' in a 'let' step; the names it binds "
                                  "hold for the steps after it", where.source.span(where.path + (key,), key=True))
        bindings = raw.get("let")
        if not isinstance(bindings, dict) or not bindings:
            self.errors.error("type", "'let' maps names to expressions, e.g. let: {best: \"hand.max_by(c, c.rank)\"}",
                              where.source.span(where.path + ("let",)))
            return None, scope
        scope = dict(scope)
        compiled = []
        for name, text in bindings.items():
            key_span = where.source.span(where.path + ("let", name), key=True)
            clash = self.c.clash(name) or ("already bound here" if name in scope else None)
            if not name.isidentifier():
                self.errors.error("name", f"'{name}' is not a valid name", key_span)
                continue
            if clash:
                what = clash if clash.startswith("already") else f"already {clash}"
                self.errors.error("name", f"'{name}' is {what}; pick another name for the value", key_span)
                continue
            code, typ = self.ctx.code(text, self.ctx.sub(self.ctx.sub(where, "let"), name), scope)
            scope[name] = typ
            if code is not None:
                compiled.append((name, code))
        if len(compiled) != len(bindings):
            return None, scope

        def emit(w: Writer):
            with w.at(span):
                w.tick(span)
                for name, code in compiled:
                    w.line(f"env[{name!r}] = {code}")
        return Step(False, span, emit), scope

    def s_break(self, where: Where, span) -> Step | None:
        """`break`: leave the innermost for_each, while or repeat loop at once."""
        if not self.ctx.loops:
            if self.ctx.loops_hidden_by == "simultaneous":
                self.errors.error("break", "a simultaneous for_each cannot break: every player chooses "
                                  "before any 'then' runs, so no one can stop the others", span,
                                  "after the loop, test what was chosen in an 'if' step ('then: break' "
                                  "there leaves a loop around it)")
            else:
                self.errors.error("break", "'break' leaves a for_each, while or repeat loop, and no loop "
                                  "encloses it here (a procedure cannot leave its caller's loop)", span)
            return None

        def emit(w: Writer):
            with w.at(span):
                w.tick(span)
                w.leave_loop()
        return Step(False, span, emit)

    def step(self, raw, where: Where, scope: dict, allow_choices: bool) -> Step | None:
        span = where.source.span(where.path)
        if isinstance(raw, str) and raw.strip() == "break":
            return self.s_break(where, span)
        if isinstance(raw, str):
            compiled = self.c.statement_code(raw, where, scope=scope, unit=self.unit, tick=span)
            if compiled is None:
                return None
            lines, counted = compiled

            def emit(w: Writer):
                with w.at(span):
                    if not counted:
                        w.tick(span)
                    for line in lines:
                        w.line(line)
            return Step(False, span, emit)
        if not isinstance(raw, dict):
            self.errors.error("type", "a step is a string of effects or a mapping such as "
                              "'if:', 'for_each:' or 'choose:'", span)
            return None
        kind = next((k for k in STEP_KEYS if k in raw), None)
        if kind is None:
            first = next(iter(raw), "")
            self.errors.error("unknown-key", f"unknown step '{first}'", where.source.span(where.path + (first,), key=True),
                              did_you_mean(str(first), STEP_KEYS) or "a step starts with one of: " + ", ".join(STEP_KEYS))
            return None
        self.check_keys(raw, where, kind)
        return getattr(self, "s_" + kind)(raw, where, scope, allow_choices, span)

    def check_keys(self, raw: dict, where: Where, kind: str) -> None:
        for key in raw:
            if key not in STEP_KEYS[kind]:
                span = where.source.span(where.path + (key,), key=True)
                cut = cut_by_comma(raw, key, STEP_KEYS[kind])
                if cut:      # `{choose: card, prompt: pick one, any}`: the comma ended the prompt
                    self.errors.error("unknown-key", comma_message(raw, key, cut, f"in a '{kind}' step"), span,
                                      comma_hint(raw, key, cut))
                    continue
                self.errors.error("unknown-key", f"unknown key '{key}' in a '{kind}' step", span,
                                  did_you_mean(str(key), STEP_KEYS[kind]))

    # -- step kinds ----------------------------------------------------------
    def s_if(self, raw, where, scope, allow, span):
        test = self.ctx.cond(raw, where, "if", scope)
        then = self.steps(raw.get("then"), self.ctx.sub(where, "then"), scope, allow_choices=allow)
        other = self.steps(raw.get("else"), self.ctx.sub(where, "else"), scope, allow_choices=allow)
        if "then" not in raw:
            self.errors.error("missing-key", "an 'if' step needs 'then:'", span)
        if test is None:
            return None
        if any(s.yields for s in then + other):
            def emit_machine(w: Writer):
                yes, otherwise, end = Label(), Label(), Label()
                with w.at(span):
                    w.tick(span)
                    w.branch([(test, yes)], otherwise)
                w.place(yes)
                w.steps(then)
                if other:             # (with no `else`, `then` runs on into what follows)
                    with w.at(span):
                        w.goto(end)
                w.place(otherwise)
                w.steps(other)
                w.place(end)
            return Step(True, span, emit_machine)

        def emit(w: Writer):
            with w.at(span):
                w.tick(span)
                if not then and not other:
                    w.line(f"{test}")     # evaluated all the same: it may fail
                    return
                with w.nested(f"if {test}:" if then else f"if not {test}:"):
                    w.steps(then or other)
                if then and other:
                    with w.nested("else:"):
                        w.steps(other)
        return Step(False, span, emit)

    def s_call(self, raw, where, scope, allow, span):
        name = raw.get("call")
        proc = self.procedures.get(name) if isinstance(name, str) else None
        if proc is not None:
            self.c.symbols.used.add(("procedure", name))
        if proc is None:
            self.errors.error("unknown-name", f"unknown procedure '{name}'",
                              where.source.span(where.path + ("call",)), did_you_mean(str(name), self.procedures))
            return None
        args = raw.get("with") or {}
        if not isinstance(args, dict):
            self.errors.error("type", "'with' maps parameter names to expressions",
                              where.source.span(where.path + ("with",)))
            return None
        arg_codes = {}
        for key, text in args.items():
            if key not in proc.params:
                self.errors.error("unknown-name", f"procedure '{name}' has no parameter '{key}'",
                                  where.source.span(where.path + ("with", key), key=True),
                                  did_you_mean(key, proc.params))
                continue
            code, _ = self.ctx.code(text, self.ctx.sub(self.ctx.sub(where, "with"), key), scope, expect=proc.params[key])
            if code is not None:
                arg_codes[key] = code
        for key, value in proc.defaults.items():
            if key not in args:      # left out: the default (or the value a variant set)
                arg_codes[key] = self.unit.literal(value)
        missing = set(proc.params) - set(args) - set(proc.defaults)
        if missing:
            self.errors.error("missing-key", f"procedure '{name}' needs {', '.join(sorted(missing))} in 'with:'", span)
        self.compile_procedure(proc, span)
        if proc.steps is None:
            return None
        if not allow and proc.yields:
            self.errors.error("choice-not-allowed", f"procedure '{name}' asks players to choose, "
                              "which is not allowed here (triggers run without decisions)", span)
        env = "{" + ", ".join(f"{self.unit.literal(k)}: {c}" for k, c in arg_codes.items()) + "}"
        if proc.yields:
            def emit_machine(w: Writer):
                after = Label()
                with w.at(span):
                    if proc.code is None:      # its code failed to build (reported)
                        return
                    code, frame, request = w.unit.constant(proc.code, 'proc'), w.fresh("f"), w.fresh("r")
                    # the procedure's frame is pushed and its code run at once (what the game's
                    # loop would do next); back here when it ends without asking, else the
                    # decision goes up, or the loop runs a frame it pushed
                    w.line(f"{frame} = new_frame({code}, {env})")
                    w.line(f"g._stack.append({frame})")
                    w.resume_at(after)
                    w.line(f"{request} = {code}(g, {frame})")
                    w.line(f"if {request} is not None or g._stack[-1] is not fr: return {request}")
                w.place(after)
            return Step(True, span, emit_machine)

        def emit(w: Writer):
            with w.at(span):
                if proc.run is not None:
                    w.line(f"{w.unit.constant(proc.run, 'proc')}(g, {env})")
        return Step(False, span, emit)

    def compile_procedure(self, proc: Procedure, call_span: Span | None = None) -> None:
        if proc.steps is not None:
            return
        if proc.compiling:
            self.errors.error("recursion", f"procedure '{proc.name}' calls itself (directly or through "
                              "others); use 'repeat' or 'while' for loops", call_span or proc.where.span())
            proc.steps = []
            return
        proc.compiling = True    # (left set should compiling fail: the caller clears it)
        out_of_step, self.c.out_of_step = self.c.out_of_step, {}     # the caller's steps are not seen here
        try:   # a procedure's `break` cannot leave its caller's loop
            with self.ctx.hiding_loops("procedure"), self.holder(proc.where):
                steps = self.steps(proc.raw, proc.where, dict(proc.params))
                span = proc.where.span()
                if any(s.yields for s in steps):
                    proc.code = self.machine(steps, span)
                else:
                    proc.run = self.plain(steps, span)
            proc.steps = steps
        finally:
            self.c.out_of_step = out_of_step
        proc.compiling = False

    def s_use(self, raw, where, scope, allow, span):
        """Use an ability: mark it used and run its steps with `p` bound to the user."""
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot use abilities (they may ask for choices)", span)
            return None
        name, _ = self.ctx.code(raw.get("use"), self.ctx.sub(where, "use"), scope, expect=T.STR)
        if "player" not in raw:
            self.errors.error("missing-key", "a 'use' step needs 'player:' (who uses the ability)", span)
            return None
        who = self.ctx.who(raw, where, scope, "the player who uses the ability")
        literal = raw.get("use")
        if isinstance(literal, str) and literal.startswith("'") and literal.endswith("'"):
            if literal[1:-1] not in self.c.symbols.abilities:
                self.errors.error("unknown-name", f"no ability named '{literal[1:-1]}'",
                                  where.source.span(where.path + ("use",)),
                                  did_you_mean(literal[1:-1], self.c.symbols.abilities))
        if name is None or who is None:
            return None

        def emit(w: Writer):
            after = Label()
            with w.at(span):
                w.tick(span)
                w.line(f"use_ability(g, {name}, {who}, {w.unit.constant(span, 'span')})")
                w.stop(after, "None")
            w.place(after)
        return Step(True, span, emit)

    def s_phase(self, raw, where, scope, allow, span):
        name = raw.get("phase")
        body = self.steps(raw.get("do"), self.ctx.sub(where, "do"), scope, allow_choices=allow)

        if any(s.yields for s in body):
            def emit_machine(w: Writer):
                with w.at(span):
                    w.line("data.append(g.phase)")
                    w.line(f"g.enter_phase({w.unit.literal(name)})")
                with w.scope(("phase", w.unit.literal(name), None)):     # a loop around the phase is left: the phase ends first
                    w.steps(body)
                with w.at(span):
                    w.line(f"g.leave_phase({w.unit.literal(name)}, data.pop())")
            return Step(True, span, emit_machine)

        def emit(w: Writer):
            outer = w.fresh("ph")
            with w.at(span):
                w.line(f"{outer} = g.phase")
                w.line(f"g.enter_phase({w.unit.literal(name)})")
            with w.scope(("phase", w.unit.literal(name), outer)):
                w.steps(body)
            with w.at(span):
                w.line(f"g.leave_phase({w.unit.literal(name)}, {outer})")
        return Step(False, span, emit)

    # -- the kinds compiled by the collaborators ---------------------------------
    def s_while(self, raw, where, scope, allow, span):
        return self.looping.s_while(raw, where, scope, allow, span)

    def s_repeat(self, raw, where, scope, allow, span):
        return self.looping.s_repeat(raw, where, scope, allow, span)

    def s_for_each(self, raw, where, scope, allow, span):
        return self.looping.s_for_each(raw, where, scope, allow, span)

    def s_choose(self, raw, where, scope, allow, span):
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot ask a player to choose", span)
            return None
        return self.choices.step(raw, where, scope, span)

    def s_claim(self, raw, where, scope, allow, span):
        return self.claims.s_claim(raw, where, scope, allow, span)
