"""Compiles the loop steps: `while:`, `repeat: ... until:` and `for_each:` (a simultaneous
`for_each`, where every player chooses before any choice takes effect, is a choice: see
`choices.ChoiceCompiler.simultaneous`).

A loop whose body never asks is a Python loop; one that may ask is part of the step list's
machine (`writer.Writer.machine_loop`), its state kept in the frame's data. Each turn counts a
step of work. `break` leaves the innermost loop: the loops around are counted in the
`StepContext`.
"""
from __future__ import annotations

from interpreter.compile.choices import ChoiceCompiler
from interpreter.compile.emitter import zone_cards
from interpreter.compile.step_context import StepContext
from interpreter.compile.steps import Step
from interpreter.compile.writer import Label, Writer
from interpreter.language import types as T
from interpreter.language.source import Where

_FIXED_LISTS = ("g.players", "g.teams")    # the code of lists a game never changes


class LoopCompiler:
    """Compiles loop steps in the flow compiler's context; `choices` compiles a simultaneous one's choice."""

    def __init__(self, context: StepContext, choices: ChoiceCompiler):
        self.ctx = context
        self.choices = choices

    def loop_body(self, raw, where: Where, scope: dict, allow: bool) -> list[Step]:
        """Compile the steps of a loop, where `break` may stand."""
        self.ctx.loops += 1
        try:
            return self.ctx.steps(raw, where, scope, allow_choices=allow)
        finally:
            self.ctx.loops -= 1

    def s_while(self, raw, where, scope, allow, span):
        test = self.ctx.cond(raw, where, "while", scope)
        body = self.loop_body(raw.get("do"), self.ctx.sub(where, "do"), scope, allow)
        if test is None:
            return None
        return self._loop(test, body, span, check_first=True)

    def s_repeat(self, raw, where, scope, allow, span):
        body = self.loop_body(raw.get("repeat"), self.ctx.sub(where, "repeat"), scope, allow)
        if "until" not in raw:
            self.ctx.errors.error("missing-key", "a 'repeat' step needs 'until:' (a condition that ends it)", span)
            return None
        test = self.ctx.cond(raw, where, "until", scope)
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
            self.ctx.errors.error("type", "'for_each' names the loop variable, e.g. 'for_each: p'",
                                  where.source.span(where.path + ("for_each",)))
            return None
        if "in" not in raw:
            self.ctx.errors.error("missing-key", "a 'for_each' step needs 'in:' (the list to go through)", span)
            return None
        clash = self.ctx.c.clash(name)
        if clash:
            self.ctx.errors.error("name", f"'{name}' is already {clash}; pick another name for the loop variable",
                                  where.source.span(where.path + ("for_each",)))
            return None
        items, itype = self.ctx.code(raw["in"], self.ctx.sub(where, "in"), scope)
        if items is not None and not T.is_list(itype):
            self.ctx.errors.error("type", f"'in' must be a list, not {T.show(itype)}",
                                  where.source.span(where.path + ("in",)))
            return None
        inner = dict(scope)
        inner[name] = T.item_type(itype) if itype else None
        simultaneous = raw.get("simultaneous", False)
        if simultaneous is True:
            return self.choices.simultaneous(raw, where, inner, name, items, itype, span)
        body = self.loop_body(raw.get("do"), self.ctx.sub(where, "do"), inner, allow)
        if items is None:
            return None
        # evaluated once; a zone's cards are copied, so the body may move them
        values = f"list({zone_cards(items, self.ctx.c.symbols.zone_numbers)})" if itype == T.ZONE else f"list({items})"
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
