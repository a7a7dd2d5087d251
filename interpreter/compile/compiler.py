"""The expression compiler: turns the expression strings of a ruleset into checked, generated
functions, collecting every error it finds.

Every expression is checked and compiled once, when the ruleset loads: `analysis.py` walks its
tree, resolving names against the ruleset's `Symbols` and checking types, and hands each node
to `emitter.py`, which writes its Python (see `interpreter.compile` for what that source may
touch) and applies the optimisations; the source is compiled into a function `fn(game, env)`
where `env` maps the names bound by loops, choices and function parameters. A ruleset's text
is never compiled, only source generated from its checked tree. This module holds the entry
points (an expression, statements, code written in place in a step list, a choice's
candidate test), compiles ruleset functions once each, and bounds how deep they nest.

The language is strictly typed: no truthiness, `==` only between values of one type, `<`
only between numbers (or lists of numbers, compared in order). Iteration happens only in the
bounded collection macros (`xs.all(x, ...)`, `xs.filter(x, ...)`, ...), so every expression
terminates.
"""
from __future__ import annotations

from interpreter.compile.analysis import Analysis
from interpreter.compile.emitter import Emitter
from interpreter.compile.symbols import GLOBALS, STATE, Failed, Fn, Function, Symbols, position
from interpreter.compile.unit import Unit
from interpreter.errors import Collector, Span
from interpreter.language import types as T
from interpreter.language.expressions import ParseError, depth as _depth, nesting, parse
from interpreter.language.source import Where

# Compiling a function compiles the functions it calls inside it, and inlining writes their
# bodies in place: both recurse as deep as the whole chain nests, so the chain is bounded.
MAX_CHAIN_NESTING = 200
CHEAP_NESTING = 12        # a function without loops this shallow costs less in place than remembered
_TOO_DEEP_FOR_PYTHON = (SyntaxError, MemoryError, RecursionError)   # what compile() raises past its limits
# An expression of a step is written in place in the step's generated code when it nests no
# deeper than this (with the function bodies written into it, far below Python's limits);
# a deeper one is compiled as a function of its own, which falls back to calls if need be.
INLINE_NESTING = 40
LISTING_NESTING = 20      # a choice's condition: the parts kept once per listing nest it further


class Compiler:
    """Turns expression strings into checked, generated functions, collecting every error it finds."""

    def __init__(self, symbols: Symbols, errors: Collector):
        self.symbols = symbols
        self.errors = errors
        self.generated: list[str] = []     # the source of every compiled unit, for reading
        self.chain: list[list] = []        # [function, its levels, deepest reach below] being compiled
        self.inline_ok = True              # off while an expression is generated again without inlining
        self.out_of_step: dict = {}        # a name a choose step bound, read after it -> the hint that says so

    # -- entry points ------------------------------------------------------
    def emitter(self, unit: Unit, where: Where) -> Emitter:
        """The writer of the generated code of one expression or statement list."""
        return Emitter(unit, where, self.symbols.zone_numbers)

    def expression(self, text, where: Where, *, scope: dict | None = None, expect=None,
                   effects: bool = False, renames: dict | None = None) -> tuple[Fn | None, object]:
        """Compile one expression; returns (function, type), or (None, None) after an error."""
        return self._built(lambda: self._generate(text, where, scope=scope, expect=expect, effects=effects,
                                                  renames=renames),
                           lambda unit, code: unit.build([f"return {code}"]), where)

    def _built(self, generate, build, where: Where) -> tuple[Fn | None, object]:
        """Generate a unit and compile it: (function, type), or Nones after an error. Should
        Python refuse the source (parentheses nested past its parser's limit once function
        bodies are written in place), it is generated again with those bodies called instead."""
        saved = self.inline_ok
        try:
            for inline in ((True, False) if saved else (False,)):
                self.inline_ok = inline
                unit, code, typ = generate()
                if unit is None:
                    return None, None
                try:
                    return build(unit, code), typ
                except _TOO_DEEP_FOR_PYTHON:
                    continue
        finally:
            self.inline_ok = saved
        self.errors.error("too-deep", "this expression nests too deeply to be compiled; split it into functions",
                          where.span())
        return None, None

    def _generate(self, text, where: Where, *, scope, expect, effects: bool = False,
                  renames: dict | None = None, varying: str | None = None, unit: Unit | None = None):
        """Check one expression and generate its code: (unit, code, type), or Nones after an error.
        The code goes into a new unit, or into `unit` beside what it holds already."""
        self.last_dynamic = True      # until this expression is known to read no changing state
        self.last_depends = {STATE}
        self.last_loops = True
        tree = self._parse(text, where, "expression")
        if tree is None:
            return None, None, None
        unit = unit if unit is not None else Unit(_label(where), self.generated)
        try:
            pass_ = Analysis(self, where, dict(scope or {}), effects, renames, out=self.emitter(unit, where))
            if varying is not None:
                pass_.out.varying = varying
                pass_.out.reads = []
                pass_.locals[varying] = "_x"
            code, typ = pass_.expr(tree.children[0])
            self.last_dynamic, self.last_loops, self.last_depends = pass_.dynamic, pass_.loops, pass_.depends
        except Failed:
            return None, None, None
        if expect is not None and not T.assignable(typ, expect):
            self.errors.error("type", f"expected {T.show(expect)} here, but this is {T.show(typ)}",
                              where.span(*position(tree)))
            return None, None, None
        return unit, code, typ

    def statements(self, text, where: Where, *, scope: dict | None = None, tick: Span | None = None) -> Fn | None:
        """Compile effect statements (`a = 1; move(c, trick)`) into one generated function. With
        `tick` the function first counts one step of work at that span (a flow step does)."""
        tree = self._parse(text, where, "statements")
        if tree is None:
            return None

        def generate():
            compiled, ok = [], True
            unit = Unit(_label(where), self.generated)
            for stmt in tree.children:
                try:
                    compiled.append(Analysis(self, where, dict(scope or {}), True, out=self.emitter(unit, where)).statement(stmt))
                except Failed:
                    ok = False
            return (unit, compiled, None) if ok else (None, None, None)
        def build(unit, compiled):
            counting = []
            if tick is not None:     # `g.tick(span)` written out: one step of work, checked against the budget
                counting = ["g.steps += 1", f"if g.steps > g._check_at: g._check_budget({unit.constant(tick, 'span')})"]
            return unit.build(counting + compiled)
        return self._built(generate, build, where)[0]

    # -- code written in place, in the generated code of a step list ------------------
    def code(self, text, where: Where, *, scope: dict, unit: Unit, expect=None) -> tuple[str | None, object]:
        """Check an expression and generate its code into `unit` (that of the steps around it,
        which read `g` and `env`): (code, type), or (None, None) after an error. One that
        nests too deeply to be written in place safely is compiled as a function of its own."""
        tree = self._parse(text, where, "expression")
        if tree is None:
            return None, None
        if _depth(tree) > INLINE_NESTING:
            fn, typ = self.expression(text, where, scope=scope, expect=expect)
            return (None, None) if fn is None else (f"{unit.constant(fn, 'fn')}(g, env)", typ)
        _, code, typ = self._generate(text, where, scope=scope, expect=expect, unit=unit)
        return code, typ

    def statement_code(self, text, where: Where, *, scope: dict, unit: Unit,
                       tick: Span) -> tuple[list[str], bool] | None:
        """The code of effect statements, written in place, and whether it counts its own step
        of work at `tick` (one too deep to be written in place is a function of its own, which
        does; else the code around counts it); None after an error."""
        tree = self._parse(text, where, "statements")
        if tree is None:
            return None
        if _depth(tree) > INLINE_NESTING:
            fn = self.statements(text, where, scope=scope, tick=tick)
            return None if fn is None else ([f"{unit.constant(fn, 'fn')}(g, env)"], True)
        compiled, ok = [], True
        for stmt in tree.children:
            try:
                compiled.append(Analysis(self, where, dict(scope), True, out=self.emitter(unit, where)).statement(stmt))
            except Failed:
                ok = False
        return (compiled, False) if ok else None

    def candidate_code(self, text, where: Where, *, scope: dict, var: str, unit: Unit,
                       expect=None, shared: dict | None = None) -> tuple[str, list[str], object] | None:
        """The code of an expression of a choice's candidate `var` (a `where` or a `labels`),
        to be written in a loop over the candidates in the local `_x`: (code, the locals of
        its parts that are the same for every candidate, to be set to NOT_YET before the loop,
        type); None after an error. Expressions tested in one loop pass one `shared` map of
        those parts, so a part they have in common is kept once, under one name."""
        tree = self._parse(text, where, "expression")
        if tree is None:
            return None
        if _depth(tree) > LISTING_NESTING:
            fn, typ = self.expression(text, where, scope=scope, expect=expect)
            if fn is None:
                return None
            return f"{unit.constant(fn, 'fn')}(g, {{**env, {var!r}: _x}})", [], typ
        saved, unit.hoisted = unit.hoisted, ({} if shared is None else shared)
        try:
            _, code, typ = self._generate(text, where, scope=scope, expect=expect, varying=var, unit=unit)
            hoisted = list(unit.hoisted.values())
        finally:
            unit.hoisted = saved
        return None if code is None else (code, hoisted, typ)

    def quiet(self) -> Compiler:
        """A compiler of the same symbols whose errors are not reported: a function body
        written in place again was checked where the function was compiled."""
        return Compiler(self.symbols, Collector())

    def clash(self, name: str) -> str | None:
        """What a new local name (a loop variable, a chosen value) would hide, if anything."""
        sym = self.symbols
        for kind, table in (("a builtin name", GLOBALS), ("an option", sym.options),
                            ("a game variable", sym.game_vars), ("a game zone", sym.game_zones),
                            ("a function", sym.functions)):
            if name in table:
                return kind
        return None

    def function(self, func: Function) -> tuple[Fn | None, object]:
        """Compile a ruleset function's body once, on first use; a recursive call is an error,
        and so is a chain of functions calling functions that nests too deeply in all."""
        if func.compiling:
            return None, None
        done = func.fn is not None or func.failed
        levels = func.reach if done else _nesting(func.text)
        if self.chain and sum(entry[1] for entry in self.chain) + levels > MAX_CHAIN_NESTING:
            names = " -> ".join(e[0].name for e in self.chain[:3]) + (" -> ..." if len(self.chain) > 3 else "")
            self.errors.error("too-deep", f"function '{func.name}' is reached through functions calling each "
                              f"other ({names}) whose expressions nest more than {MAX_CHAIN_NESTING} levels in "
                              "all; flatten the chain", func.where.span())
            return None, None
        if done:
            self._reached(func.reach)
            return func.fn, func.type
        func.compiling = True
        entry = [func, levels, 0]
        self.chain.append(entry)
        # Parameters are stored under keys no ruleset name can take ("f.p"), so a body can never
        # confuse a parameter with a name of the caller's.
        renames = {p: f"{func.name}.{p}" for p, _ in func.params}
        keys = list(renames.values())

        def build(unit, code):
            # the arguments come as positions, each in the local its reads use (`fn(g, a, b)`):
            # no env is made for a call (a macro's helper, handed `env`, reads none here)
            params = [unit.env_reads.pop(key, None) or f"_unread{i}" for i, key in enumerate(keys)]
            signature = "".join(["g", *(", " + p for p in params), ", env=None"])
            # a body that is one loop (`p.hand.any(...)`) is the function itself, with no call between
            return unit.build_loop(code, signature) or unit.build([f"return {code}"], params=signature)
        try:
            fn, typ = self._built(lambda: self._generate(func.text, func.where, scope=dict(func.params),
                                                         expect=None, renames=renames), build, func.where)
        except RecursionError:     # a chain within the bound, on a stack already deep: said once, here
            func.failed = True
            if len(self.chain) > 1:
                raise
            self.errors.error("too-deep", f"function '{func.name}' calls functions calling functions too "
                              "deeply to be compiled; flatten the chain", func.where.span())
            return None, None
        finally:
            self.chain.pop()
            func.compiling = False
        func.dynamic = self.last_dynamic
        func.depends = frozenset(self.last_depends)
        func.cheap = not self.last_loops and levels <= CHEAP_NESTING
        func.fn, func.type, func.failed = fn, typ, fn is None
        func.reach = levels + entry[2]
        self._reached(func.reach)
        return fn, typ

    def _reached(self, reach: int) -> None:
        """The function being compiled calls one whose chain nests `reach` levels."""
        if self.chain:
            self.chain[-1][2] = max(self.chain[-1][2], reach)

    def _parse(self, text, where: Where, start: str):
        if not isinstance(text, str):
            text = _as_text(text)
            if text is None:
                self.errors.error("type", "expected an expression (a string) here", where.span())
                return None
        try:
            return parse(text, start)
        except ParseError as exc:
            self.errors.error("syntax", exc.message, where.span(exc.line, exc.column))
            return None


def _label(where: Where) -> str:
    span = where.span()
    return f"{span.file}:{span.line}:{span.column}"


def _nesting(text) -> int:
    """How deep a function's body nests (0 when it does not parse: its error comes later)."""
    text = text if isinstance(text, str) else _as_text(text)
    try:
        return nesting(text) if text is not None else 0
    except ParseError:
        return 0


def _as_text(value) -> str | None:
    """Numbers and booleans written in YAML stand for themselves as expressions."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return None
