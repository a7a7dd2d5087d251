"""Compiles the steps of `flow:`, `procedures:` and `then:` lists into runnable Python.

A step is either a string of effect statements or a mapping with one step keyword
(`if`, `while`, `repeat`, `for_each`, `call`, `phase`, `choose`). Steps that cannot ask a
player for a decision compile to plain functions, which keeps random playouts fast. Steps
that can emit operations into the code of their step list (`frames.py`), which stops at a
decision and holds its place in plain data, so that a running game can be copied. `choose:`
steps are compiled by `choices.py`; what steps are made of at run time is in `steps.py`.

Each step counts one step of work against the game's budget where it runs (`Game.tick`,
written out in place: it runs for every step of every game).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.language import types as T
from interpreter.engine.choices import ChoiceCompiler, answer_one
from interpreter.language.compiler import Compiler, Where
from interpreter.errors import Collector, GameError, Span, did_you_mean
from interpreter.engine.frames import CHOOSING, RESULTS, Frame, code_of, op_pop, restore_env_and_jump
from interpreter.engine.steps import NONE, Break, Step, run_plain

STEP_KEYS = {
    "if": {"if", "then", "else"},
    "while": {"while", "do"},
    "repeat": {"repeat", "until"},
    "for_each": {"for_each", "in", "do", "simultaneous"},
    "call": {"call", "with"},
    "phase": {"phase", "do"},
    "use": {"use", "player"},
    "let": {"let"},
    "choose": {"choose", "player", "from", "where", "count", "min", "max", "actions", "as",
               "prompt", "then", "if_none", "label", "labels"},
}


@dataclass
class Procedure:
    name: str
    steps: list | None = None
    raw: object = None
    where: Where | None = None
    compiling: bool = False
    params: dict = field(default_factory=dict)
    code: list | None = None       # its operations, assembled on first call (frames.py)

    @property
    def yields(self) -> bool:
        return bool(self.steps) and any(s.yields for s in self.steps)


class FlowCompiler(ChoiceCompiler):
    """Compiles step lists, reporting every malformed step with its position."""

    def __init__(self, compiler: Compiler, procedures: dict[str, Procedure], errors: Collector):
        self.c = compiler
        self.procedures = procedures
        self.errors = errors
        self.loops = 0          # how many loops enclose the steps being compiled (for `break`)

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
        for i, item in enumerate(raw):
            item_where = where if single else Where(where.source, where.path + (i,))
            if isinstance(item, dict) and "let" in item:
                step, scope = self.s_let(item, item_where, scope)   # its names hold for the steps after it
            else:
                step = self.step(item, item_where, scope, allow_choices)
            if step is not None:
                out.append(step)
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
            fn, typ = self.c.expression(text, self.sub(self.sub(where, "let"), name), scope=scope)
            scope[name] = typ
            if fn is not None:
                compiled.append((name, fn))
        if len(compiled) != len(bindings):
            return None, scope

        def run_let(g, env):
            g.steps += 1
            if g.steps > g._check_at:
                g._check_budget(span)
            for name, fn in compiled:
                env[name] = fn(g, env)
        return Step(run_let, False, span), scope

    def s_break(self, where: Where, span) -> Step | None:
        """`break`: leave the innermost for_each, while or repeat loop at once."""
        if not self.loops:
            self.errors.error("break", "'break' leaves a for_each, while or repeat loop, and no loop "
                              "encloses it here (a procedure cannot leave its caller's loop)", span)
            return None

        def run_break(g, env):
            g.steps += 1
            if g.steps > g._check_at:
                g._check_budget(span)
            raise Break
        return Step(run_break, False, span)

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
            fn = self.c.statements(raw, where, scope=scope, tick=span)   # it counts its own step
            return Step(fn, False, span) if fn else None
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
                self.errors.error("unknown-key", f"unknown key '{key}' in a '{kind}' step",
                                  where.source.span(where.path + (key,), key=True),
                                  did_you_mean(str(key), STEP_KEYS[kind]))

    def sub(self, where: Where, key) -> Where:
        return Where(where.source, where.path + (key,))

    def cond(self, raw, where: Where, key: str, scope: dict):
        fn, _ = self.c.expression(raw.get(key), self.sub(where, key), scope=scope, expect=T.BOOL)
        return fn

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
            def emit(asm):
                otherwise, end = asm.label(), asm.label()

                def op_if(g, frame):
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                    if not test(g, frame.env):
                        frame.pc = otherwise.pc
                asm.op(op_if)
                asm.steps(then)
                if other:             # (with no `else`, `then` runs on into what follows)
                    asm.jump(end)
                asm.place(otherwise)
                asm.steps(other)
                asm.place(end)
            return Step(None, True, span, emit)

        def run_if_plain(g, env):
            g.steps += 1
            if g.steps > g._check_at:
                g._check_budget(span)
            for s in (then if test(g, env) else other):
                s.run(g, env)
        return Step(run_if_plain, False, span)

    def s_while(self, raw, where, scope, allow, span):
        test = self.cond(raw, where, "while", scope)
        body = self.loop_body(raw.get("do"), self.sub(where, "do"), scope, allow)
        if test is None:
            return None
        return self._loop(test, body, span, check_first=True, until=False)

    def s_repeat(self, raw, where, scope, allow, span):
        body = self.loop_body(raw.get("repeat"), self.sub(where, "repeat"), scope, allow)
        if "until" not in raw:
            self.errors.error("missing-key", "a 'repeat' step needs 'until:' (a condition that ends it)", span)
            return None
        test = self.cond(raw, where, "until", scope)
        if test is None:
            return None
        return self._loop(test, body, span, check_first=False, until=True)

    def _loop(self, test, body, span, *, check_first: bool, until: bool) -> Step:
        """A `while` (test checked first, `until` false) or a `repeat ... until` loop."""
        if any(s.yields for s in body):
            def emit(asm):
                top, end = asm.label(), asm.label()

                def op_first(g, frame):
                    if check_first and test(g, frame.env) == until:
                        frame.pc = end.pc
                        return
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                asm.op(op_first)
                asm.place(top)
                with asm.loop(end):
                    asm.steps(body)

                def op_again(g, frame):
                    if test(g, frame.env) != until:
                        g.steps += 1
                        if g.steps > g._check_at:
                            g._check_budget(span)
                        frame.pc = top.pc
                asm.op(op_again)
                asm.place(end)
            return Step(None, True, span, emit)

        def run_plain(g, env):
            if check_first and test(g, env) == until:
                return
            try:
                while True:
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                    for s in body:
                        s.run(g, env)
                    if test(g, env) == until:
                        return
            except Break:
                return
        return Step(run_plain, False, span)

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
        items, itype = self.c.expression(raw["in"], self.sub(where, "in"), scope=scope)
        if items is not None and not T.is_list(itype):
            self.errors.error("type", f"'in' must be a list, not {T.show(itype)}",
                              where.source.span(where.path + ("in",)))
            return None
        inner = dict(scope)
        inner[name] = T.item_type(itype) if itype else None
        simultaneous = raw.get("simultaneous", False)
        if simultaneous is True:
            return self._simultaneous(raw, where, inner, name, items, span)
        body = self.loop_body(raw.get("do"), self.sub(where, "do"), inner, allow)
        if items is None:
            return None

        def values(g, env):
            value = items(g, env)
            return list(value.cards) if hasattr(value, "cards") else list(value)

        if any(s.yields for s in body):
            def emit(asm):
                turn, end, after = asm.label(), asm.label(), asm.label()

                def op_each(g, frame):    # the loop's own environment, and its turn: [items, next]
                    env = frame.env
                    items = values(g, env)
                    if not items:
                        frame.pc = after.pc
                        return
                    frame.data.append(env)
                    frame.data.append([items, 1])
                    frame.env = e = dict(env)
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                    e[name] = items[0]
                asm.op(op_each)
                asm.place(turn)
                with asm.loop(end):
                    asm.steps(body)

                def op_next(g, frame):    # the next turn, or on past the loop
                    state = frame.data[-1]
                    items, i = state
                    if i < len(items):
                        g.steps += 1
                        if g.steps > g._check_at:
                            g._check_budget(span)
                        frame.env[name] = items[i]
                        state[1] = i + 1
                        frame.pc = turn.pc
                asm.op(op_next)
                asm.place(end)

                def op_each_done(g, frame):
                    frame.data.pop()
                    frame.env = frame.data.pop()
                asm.op(op_each_done)
                asm.place(after)
            return Step(None, True, span, emit)

        def run_each_plain(g, env):
            e = dict(env)
            try:
                for x in values(g, env):
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                    e[name] = x
                    for s in body:
                        s.run(g, e)
            except Break:
                return
        return Step(run_each_plain, False, span)

    def _simultaneous(self, raw, where, inner, name, items, span):
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
        loops, self.loops = self.loops, 0     # everyone chooses before any `then` runs: no leaving early
        try:
            choose = self.choice(body, body_where, inner, span, private=True)
        finally:
            self.loops = loops
        if choose is None or items is None:
            return None
        ask, then, bind = choose
        if_none = self.steps(body.get("if_none"), self.sub(body_where, "if_none"), inner) if "if_none" in body else []

        def emit(asm):
            asking, results, none, end = asm.label(), asm.label(), asm.label(), asm.label()

            # state: [CHOOSING or RESULTS, the players, how many have chosen (then: results run),
            #         the choices made [[env, value, seat, kind, options]...], [env, ask state] of the one choosing]
            def op_start(g, frame):
                frame.data.append([CHOOSING, list(items(g, frame.env)), 0, [], None])
            asm.op(op_start)
            asm.place(asking)

            def op_ask(g, frame):
                state = frame.data[-1]
                players, chosen = state[1], state[3]
                while state[2] < len(players):
                    g.steps += 1
                    if g.steps > g._check_at:
                        g._check_budget(span)
                    e = dict(frame.env)
                    e[name] = players[state[2]]
                    begun = ask.begin(g, e)
                    state[2] += 1
                    if begun is NONE:
                        chosen.append([e, NONE, None, None, None])
                        continue
                    request, pending = begun
                    if request is None:
                        chosen.append([e, ask.answer(g, e, pending, None)[1], None, None, None])
                        continue
                    state[4] = [e, pending, [request.player, request.kind, request._values]]
                    return request
                g.reveal_choices()
                state[0], state[2] = RESULTS, 0     # now counts the results run
                frame.pc = results.pc
                return None
            asm.op(op_ask)

            def op_answered(g, frame):
                state = frame.data[-1]
                e, pending, asked = state[4]
                request, value = ask.answer(g, e, pending, g._sent)
                if request is not None:
                    frame.pc -= 1
                    return request
                state[3].append([e, value, *asked])
                state[4] = None
                frame.pc = asking.pc
                return None
            asm.op(op_answered)
            asm.place(results)

            def op_result(g, frame):       # each player's `then` (or `if_none`) in that player's env
                state = frame.data[-1]
                chosen = state[3]
                if state[2] >= len(chosen):
                    frame.pc = end.pc
                    return
                e, value = chosen[state[2]][:2]
                state[2] += 1
                frame.data.append(frame.env)
                frame.env = e
                if value is NONE:
                    frame.pc = none.pc
                else:
                    e[bind] = value
            asm.op(op_result)
            asm.steps(then)
            asm.op(restore_env_and_jump(results))
            asm.place(none)
            asm.steps(if_none)
            asm.op(restore_env_and_jump(results))
            asm.place(end)
            asm.op(op_pop)
        return Step(None, True, span, emit)

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
        arg_fns = {}
        for key, text in args.items():
            if key not in proc.params:
                self.errors.error("unknown-name", f"procedure '{name}' has no parameter '{key}'",
                                  where.source.span(where.path + ("with", key), key=True),
                                  did_you_mean(key, proc.params))
                continue
            fn, _ = self.c.expression(text, self.sub(self.sub(where, "with"), key), scope=scope,
                                      expect=proc.params[key])
            if fn:
                arg_fns[key] = fn
        missing = set(proc.params) - set(args)
        if missing:
            self.errors.error("missing-key", f"procedure '{name}' needs {', '.join(sorted(missing))} in 'with:'", span)
        self.compile_procedure(proc, span)
        if proc.steps is None:
            return None
        if not allow and proc.yields:
            self.errors.error("choice-not-allowed", f"procedure '{name}' asks players to choose, "
                              "which is not allowed here (triggers run without decisions)", span)
        if proc.yields:
            def emit(asm):
                def op_call(g, frame):
                    env = frame.env
                    g._stack.append(Frame(code_of(proc), {k: f(g, env) for k, f in arg_fns.items()}))
                asm.op(op_call)
            return Step(None, True, span, emit)

        def run_call_plain(g, env):
            e = {k: f(g, env) for k, f in arg_fns.items()}
            for s in proc.steps:
                s.run(g, e)
        return Step(run_call_plain, False, span)

    def compile_procedure(self, proc: Procedure, call_span: Span | None = None) -> None:
        if proc.steps is not None:
            return
        if proc.compiling:
            self.errors.error("recursion", f"procedure '{proc.name}' calls itself (directly or through "
                              "others); use 'repeat' or 'while' for loops", call_span or proc.where.span())
            proc.steps = []
            return
        proc.compiling = True
        loops, self.loops = self.loops, 0      # a procedure's `break` cannot leave its caller's loop
        try:
            proc.steps = self.steps(proc.raw, proc.where, dict(proc.params))
        finally:
            self.loops = loops
        proc.compiling = False

    def s_use(self, raw, where, scope, allow, span):
        """Use an ability: mark it used and run its steps with `p` bound to the user."""
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot use abilities (they may ask for choices)", span)
            return None
        name, _ = self.c.expression(raw.get("use"), self.sub(where, "use"), scope=scope, expect=T.STR)
        if "player" not in raw:
            self.errors.error("missing-key", "a 'use' step needs 'player:' (who uses the ability)", span)
            return None
        who, _ = self.c.expression(raw["player"], self.sub(where, "player"), scope=scope, expect=T.PLAYER)
        literal = raw.get("use")
        if isinstance(literal, str) and literal.startswith("'") and literal.endswith("'"):
            if literal[1:-1] not in self.c.symbols.abilities:
                self.errors.error("unknown-name", f"no ability named '{literal[1:-1]}'",
                                  where.source.span(where.path + ("use",)),
                                  did_you_mean(literal[1:-1], self.c.symbols.abilities))
        if name is None or who is None:
            return None

        def op_use(g, frame):
            env = frame.env
            g.steps += 1
            if g.steps > g._check_at:
                g._check_budget(span)
            ability = name(g, env)
            spec = g.rules.abilities.get(ability)
            if spec is None:
                raise GameError(f"no ability named '{ability}'", span=span, phase=g.phase)
            player = who(g, env)
            g.ability_flags(player, ability).add("used")
            g.version += 1
            g.emit("ability_used", player=player.seat, ability=ability)
            g._stack.append(Frame(code_of(spec), {"p": player}))
        return Step(None, True, span, lambda asm: asm.op(op_use))

    def s_phase(self, raw, where, scope, allow, span):
        name = raw.get("phase")
        body = self.steps(raw.get("do"), self.sub(where, "do"), scope, allow_choices=allow)

        if any(s.yields for s in body):
            def emit(asm):
                def op_enter(g, frame):
                    frame.data.append(g.phase)
                    g.enter_phase(name)
                asm.op(op_enter)
                with asm.scope(("phase", name)):     # a loop around the phase is left: the phase ends first
                    asm.steps(body)

                def op_leave(g, frame):
                    g.leave_phase(name, frame.data.pop())
                asm.op(op_leave)
            return Step(None, True, span, emit)

        def run_phase_plain(g, env):
            outer = g.phase
            g.enter_phase(name)
            try:
                for s in body:
                    s.run(g, env)
            except Break:
                g.leave_phase(name, outer)
                raise
            g.leave_phase(name, outer)
        return Step(run_phase_plain, False, span)

    def s_choose(self, raw, where, scope, allow, span):
        if not allow:
            self.errors.error("choice-not-allowed", "a trigger cannot ask a player to choose", span)
            return None
        compiled = self.choice(raw, where, scope, span, private=False)
        if compiled is None:
            return None
        ask, then, bind = compiled
        if_none = self.steps(raw.get("if_none"), self.sub(where, "if_none"), scope) if "if_none" in raw else []

        def emit(asm):
            none, then_start, end = asm.label(), asm.label(), asm.label()
            if any(s.yields for s in then):
                def finish(g, frame, value):   # `then` runs in an environment of its own, as operations
                    frame.data.append(frame.env)
                    frame.env = e = dict(frame.env)
                    e[bind] = value
                    frame.pc = then_start.pc
            else:
                run_then = asm.runner(then)

                def finish(g, frame, value):   # plain steps: run here, in an environment of their own
                    e = dict(frame.env)
                    e[bind] = value
                    if run_then(g, frame, e):
                        frame.pc = end.pc

            def op_ask(g, frame):
                begun = ask.begin(g, frame.env)
                if begun is NONE:
                    frame.pc = none.pc
                    return None
                request, state = begun
                if request is None:       # nothing to ask (no card to pick)
                    finish(g, frame, ask.answer(g, frame.env, state, None)[1])
                    return None
                frame.data.append(state)
                return request
            asm.op(op_ask)

            if ask.answer is answer_one and not any(s.yields for s in then):
                # the commonest choice, one thing with plain steps after: the answer is the value
                def op_answered_one(g, frame):
                    frame.data.pop()
                    e = dict(frame.env)
                    e[bind] = g._sent
                    if run_then(g, frame, e):
                        frame.pc = end.pc
                asm.op(op_answered_one)
            else:
                def op_answered(g, frame):
                    state = frame.data.pop()
                    request, value = ask.answer(g, frame.env, state, g._sent)
                    if request is not None:
                        frame.data.append(state)
                        frame.pc -= 1
                        return request
                    finish(g, frame, value)
                    return None
                asm.op(op_answered)
            asm.place(then_start)
            if any(s.yields for s in then):
                with asm.scope(("env",)):
                    asm.steps(then)
                asm.op(restore_env_and_jump(end))
            asm.place(none)
            asm.steps(if_none)
            asm.place(end)
        return Step(None, True, span, emit)
