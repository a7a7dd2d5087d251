"""Compiles the steps of `flow:`, `procedures:`, `then:` lists, triggers and abilities to Python.

A step is either a string of effect statements or a mapping with one step keyword
(`if`, `while`, `repeat`, `for_each`, `call`, `phase`, `choose`, `claim`, `use`, `let`). Each step is
checked once, its expressions generated as Python in place, and written out by a
`writer.Writer` into the generated function of its step list: the flow, a procedure,
a trigger or an ability is one function (with helpers beside it). Plain steps, which cannot
ask for a decision, are nested Python; a list that may ask is a machine of blocks that returns
at a decision and resumes after it (see `frames.py`). `choose:` steps are compiled by
`choices.py`, `claim:` steps by `claim_steps.py`.

Each step counts one step of work against the game's budget where it runs (`Game.tick`,
written out in place: it runs for every step of every game).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from interpreter.compile.unit import Unit
from interpreter.compile.writer import Label, Writer
from interpreter.language import types as T
from interpreter.compile.choices import ChoiceCompiler
from interpreter.compile.claim_steps import CLAIM_KEYS, ClaimCompiler
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

_FIXED_LISTS = ("g.players", "g.teams")    # the code of lists a game never changes


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


class FlowCompiler(ClaimCompiler, ChoiceCompiler):
    """Compiles step lists, reporting every malformed step with its position."""

    def __init__(self, compiler: Compiler, procedures: dict[str, Procedure], errors: Collector):
        self.c = compiler
        self.procedures = procedures
        self.errors = errors
        self.loops = 0          # how many loops enclose the steps being compiled (for `break`)
        self.loops_hidden_by = ""   # "procedure" or "simultaneous": what hides the loops around
        self.unit: Unit | None = None   # the generated code the steps being compiled go into

    # -- the generated functions -----------------------------------------------
    @contextmanager
    def holder(self, where: Where):
        """Steps compiled inside go into one new unit of generated code (a flow, a procedure,
        a trigger or an ability), built by `machine` or `plain` before the block ends."""
        outer, self.unit = self.unit, Unit(_label(where), self.c.generated)
        try:
            yield
        finally:
            self.unit = outer

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

    # -- expressions, in the unit of the steps being compiled ------------------------
    def code(self, text, where: Where, scope: dict, expect=None):
        return self.c.code(text, where, scope=scope, unit=self.unit, expect=expect)

    def who(self, raw, where: Where, scope: dict, what: str) -> str | None:
        """The code of a step's `player:`, checked to be somebody when the ruleset writes `nobody`."""
        code, _ = self.code(raw["player"], self.sub(where, "player"), scope, expect=T.PLAYER)
        if code is None or not self.c.symbols.nobody:
            return code
        span = self.unit.constant(where.source.span(where.path + ("player",)), "span")
        return f"someone(g, {code}, {span}, {what!r})"

    def cond(self, raw, where: Where, key: str, scope: dict) -> str | None:
        return self.code(raw.get(key), self.sub(where, key), scope, expect=T.BOOL)[0]

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
            code, typ = self.code(text, self.sub(self.sub(where, "let"), name), scope)
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
        if not self.loops:
            if self.loops_hidden_by == "simultaneous":
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

    def loop_body(self, raw, where: Where, scope: dict, allow: bool) -> list[Step]:
        """Compile the steps of a loop, where `break` may stand."""
        self.loops += 1
        try:
            return self.steps(raw, where, scope, allow_choices=allow)
        finally:
            self.loops -= 1

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

    def sub(self, where: Where, key) -> Where:
        return Where(where.source, where.path + (key,))

    # -- step kinds ----------------------------------------------------------
    def s_if(self, raw, where, scope, allow, span):
        test = self.cond(raw, where, "if", scope)
        then = self.steps(raw.get("then"), self.sub(where, "then"), scope, allow_choices=allow)
        other = self.steps(raw.get("else"), self.sub(where, "else"), scope, allow_choices=allow)
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

    def s_while(self, raw, where, scope, allow, span):
        test = self.cond(raw, where, "while", scope)
        body = self.loop_body(raw.get("do"), self.sub(where, "do"), scope, allow)
        if test is None:
            return None
        return self._loop(test, body, span, check_first=True)

    def s_repeat(self, raw, where, scope, allow, span):
        body = self.loop_body(raw.get("repeat"), self.sub(where, "repeat"), scope, allow)
        if "until" not in raw:
            self.errors.error("missing-key", "a 'repeat' step needs 'until:' (a condition that ends it)", span)
            return None
        test = self.cond(raw, where, "until", scope)
        if test is None:
            return None
        return self._loop(f"not {test}", body, span, check_first=False)

    def _loop(self, again: str, body, span, *, check_first: bool) -> Step:
        """A `while` (checked first) or a `repeat ... until` loop; `again` holds while it goes on.
        Each turn counts a step."""
        if any(s.yields for s in body):
            def emit_machine(w: Writer):
                top, end = Label(), Label()
                if check_first:
                    with w.at(span):
                        w.branch([(again, top)], end)
                w.place(top)
                with w.machine_loop(end):
                    with w.at(span):
                        w.tick(span)
                    w.steps(body)
                with w.at(span):
                    with w.nested(f"if {again}:"):
                        w.goto(top)
                w.place(end)
            return Step(True, span, emit_machine)

        def emit(w: Writer):
            with w.at(span):
                with w.python_loop(f"while {again}:" if check_first else "while True:"):
                    w.tick(span)
                    w.steps(body)
                    if not check_first:
                        with w.nested(f"if not ({again}):"):
                            w.line("break")
        return Step(False, span, emit)

    def s_for_each(self, raw, where, scope, allow, span):
        name = raw.get("for_each")
        if not isinstance(name, str) or not name.isidentifier():
            self.errors.error("type", "'for_each' names the loop variable, e.g. 'for_each: p'",
                              where.source.span(where.path + ("for_each",)))
            return None
        if "in" not in raw:
            self.errors.error("missing-key", "a 'for_each' step needs 'in:' (the list to go through)", span)
            return None
        clash = self.c.clash(name)
        if clash:
            self.errors.error("name", f"'{name}' is already {clash}; pick another name for the loop variable",
                              where.source.span(where.path + ("for_each",)))
            return None
        items, itype = self.code(raw["in"], self.sub(where, "in"), scope)
        if items is not None and not T.is_list(itype):
            self.errors.error("type", f"'in' must be a list, not {T.show(itype)}",
                              where.source.span(where.path + ("in",)))
            return None
        inner = dict(scope)
        inner[name] = T.item_type(itype) if itype else None
        simultaneous = raw.get("simultaneous", False)
        if simultaneous is True:
            return self._simultaneous(raw, where, inner, name, items, itype, span)
        body = self.loop_body(raw.get("do"), self.sub(where, "do"), inner, allow)
        if items is None:
            return None
        # evaluated once; a zone's cards are copied, so the body may move them
        values = f"list({items}.cards)" if itype == T.ZONE else f"list({items})"
        shadows = name in scope       # the loop's name hides one of the steps around: kept and put back

        if any(s.yields for s in body):
            def emit_machine(w: Writer):
                turn, end, after = Label(), Label(), Label()
                listed, state, i = w.fresh("it"), w.fresh("st"), w.fresh("i")
                with w.at(span):
                    w.line(f"{listed} = {values}")
                    with w.nested(f"if not {listed}:"):
                        w.goto(after)
                    w.tick(span)
                    if shadows:
                        w.line("data.append(env)")
                        w.line("env = fr.env = dict(env)")
                    w.line(f"data.append([{listed}, 1])")     # the loop's turn: [items, next]
                    w.line(f"env[{name!r}] = {listed}[0]")
                w.place(turn)
                with w.machine_loop(end):
                    w.steps(body)
                with w.at(span):
                    w.line(f"{state} = data[-1]")
                    w.line(f"{i} = {state}[1]")
                    with w.nested(f"if {i} < len({state}[0]):"):
                        w.tick(span)
                        w.line(f"env[{name!r}] = {state}[0][{i}]")
                        w.line(f"{state}[1] = {i} + 1")
                        w.goto(turn)
                w.place(end)
                with w.at(span):
                    w.line("data.pop()")
                    if shadows:
                        w.line("env = fr.env = data.pop()")
                w.place(after)
            return Step(True, span, emit_machine)

        # the players and the teams of a game never change: gone through as they are
        plain_values = items if items in _FIXED_LISTS else values

        def emit(w: Writer):
            item = w.fresh("v")
            with w.at(span):
                saved = w.fresh("sv") if shadows else None
                if shadows:
                    w.line(f"{saved} = env[{name!r}]")
                with w.python_loop(f"for {item} in {plain_values}:"):
                    w.tick(span)
                    w.line(f"env[{name!r}] = {item}")
                    w.steps(body)
                if shadows:
                    w.line(f"env[{name!r}] = {saved}")
        return Step(False, span, emit)

    def _simultaneous(self, raw, where, inner, name, items, itype, span):
        """Every player chooses before any choice takes effect or is seen by others."""
        body = raw.get("do")
        body = body[0] if isinstance(body, list) and len(body) == 1 else body
        if not (isinstance(body, dict) and "choose" in body):
            self.errors.error("simultaneous", "a simultaneous 'for_each' must hold exactly one 'choose' step "
                              "(its 'then' runs for everyone after all have chosen)", span)
            return None
        body_where = self.sub(where, "do")
        if isinstance(raw.get("do"), list):
            body_where = self.sub(body_where, 0)
        self.check_keys(body, body_where, "choose")
        # everyone chooses before any `then` runs: no leaving early
        hidden, self.loops_hidden_by = self.loops_hidden_by, "simultaneous"
        loops, self.loops = self.loops, 0
        try:
            choose = self.choice(body, body_where, inner, span, private=True)
            if_none = self.steps(body.get("if_none"), self.sub(body_where, "if_none"), inner) if "if_none" in body else []
        finally:
            self.loops, self.loops_hidden_by = loops, hidden
        if choose is None or items is None:
            return None
        ask, then, bind = choose
        values = f"list({items}.cards)" if itype == T.ZONE else f"list({items})"

        def emit(w: Writer):
            asking, answered, results, none, end = Label(), Label(), Label(), Label(), Label()
            request, state, chosen = w.fresh("r"), w.fresh("st"), w.fresh("ch")
            ask_fn = ask.name
            picks = w.unit.constant(ask.picks, "picks") if ask.picks is not None else "None"
            here = w.unit.constant(span, "span")
            with w.at(span):
                w.line(f"data.append([CHOOSING, {values}, 0, [], None])")
            w.place(asking)
            with w.at(span):
                w.line(f"{request} = simultaneous_ask(g, env, data[-1], {name!r}, {ask_fn}, {picks}, {here})")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
                w.goto(results)
            w.place(answered)
            with w.at(span):
                w.line(f"{request} = simultaneous_answer(g, data[-1], {picks})")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
                w.goto(asking)
            w.place(results)    # each player's `then` (or `if_none`), in that player's env
            with w.at(span):
                w.line(f"{state} = data[-1]")
                with w.nested(f"if {state}[2] >= len({state}[3]):"):
                    w.goto(end)
                w.line(f"{chosen} = {state}[3][{state}[2]]")
                w.line(f"{state}[2] += 1")
                w.line("data.append(env)")
                w.line(f"env = fr.env = {chosen}[0]")
                with w.nested(f"if {chosen}[1] is NONE:"):
                    w.goto(none)
                w.line(f"env[{bind!r}] = {chosen}[1]")
            w.steps(then)
            with w.at(span):
                w.line("env = fr.env = data.pop()")
                w.goto(results)
            w.place(none)
            w.steps(if_none)
            with w.at(span):
                w.line("env = fr.env = data.pop()")
                w.goto(results)
            w.place(end)
            with w.at(span):
                w.line("data.pop()")
        return Step(True, span, emit)

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
            code, _ = self.code(text, self.sub(self.sub(where, "with"), key), scope, expect=proc.params[key])
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
        loops, self.loops = self.loops, 0      # a procedure's `break` cannot leave its caller's loop
        hidden, self.loops_hidden_by = self.loops_hidden_by, "procedure"
        out_of_step, self.c.out_of_step = self.c.out_of_step, {}     # the caller's steps are not seen here
        try:
            with self.holder(proc.where):
                steps = self.steps(proc.raw, proc.where, dict(proc.params))
                span = proc.where.span()
                if any(s.yields for s in steps):
                    proc.code = self.machine(steps, span)
                else:
                    proc.run = self.plain(steps, span)
            proc.steps = steps
        finally:
            self.loops, self.loops_hidden_by = loops, hidden
            self.c.out_of_step = out_of_step
        proc.compiling = False

    def s_use(self, raw, where, scope, allow, span):
        """Use an ability: mark it used and run its steps with `p` bound to the user."""
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot use abilities (they may ask for choices)", span)
            return None
        name, _ = self.code(raw.get("use"), self.sub(where, "use"), scope, expect=T.STR)
        if "player" not in raw:
            self.errors.error("missing-key", "a 'use' step needs 'player:' (who uses the ability)", span)
            return None
        who = self.who(raw, where, scope, "the player who uses the ability")
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
        body = self.steps(raw.get("do"), self.sub(where, "do"), scope, allow_choices=allow)

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

    def s_choose(self, raw, where, scope, allow, span):
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot ask a player to choose", span)
            return None
        compiled = self.choice(raw, where, scope, span, private=False)
        if compiled is None:
            return None
        ask, then, bind = compiled
        if_none = self.steps(raw.get("if_none"), self.sub(where, "if_none"), scope) if "if_none" in raw else None
        shadows = bind in scope      # the chosen value's name hides one around: `then` gets an env of its own

        def emit(w: Writer):
            answered, bound, none, end = Label(), Label(), Label(), Label()
            asked, value = w.fresh("r"), w.fresh("c")
            ask_fn = ask.name
            with w.at(span):
                w.line(f"{asked} = {ask_fn}(g, env)")
                if if_none is not None:
                    with w.nested(f"if {asked} is NONE:"):
                        w.goto(none)
                if ask.picks is None:
                    w.stop(answered, asked)
                else:          # cards: the state [player, count, legal, picked], then one pick at a time
                    picks = w.unit.constant(ask.picks, "picks")
                    with w.nested(f"if {asked}[1] <= 0:"):
                        w.line(f"{value} = {asked}[3]")
                        w.goto(bound)
                    w.line(f"data.append({asked})")
                    w.stop(answered, f"pick(g, env, {asked}, {picks})")
            w.place(answered)
            with w.at(span):
                if ask.picks is None:
                    w.line(f"{value} = g._sent")
                else:
                    w.line(f"{asked} = data[-1]")
                    with w.nested(f"if picked_more({asked}, g._sent):"):
                        w.stop(answered, f"pick(g, env, {asked}, {w.unit.constant(ask.picks, 'picks')})")
                    w.line("data.pop()")
                    w.line(f"{value} = {asked}[3]")
            w.place(bound)
            with w.at(span):
                if shadows:
                    w.line("data.append(env)")
                    w.line("env = fr.env = dict(env)")
                w.line(f"env[{bind!r}] = {value}")
            if shadows:
                with w.scope(("env",)):
                    w.steps(then)
                with w.at(span):
                    w.line("env = fr.env = data.pop()")
            else:
                w.steps(then)
            if if_none is not None:
                with w.at(span):
                    w.goto(end)
                w.place(none)
                w.steps(if_none)
            w.place(end)
        return Step(True, span, emit)
