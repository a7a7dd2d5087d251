"""Checks expression trees against the ruleset's names and types, and generates Python for them.

Every expression is checked and compiled once, when the ruleset loads: the checked tree is
turned into Python source (see `interpreter.compile` for what that source may touch), and
compiled into a function `fn(game, env)` where `env` maps the names bound by loops, choices
and function parameters. A ruleset's text is never compiled, only source generated from its
checked tree.

The language is strictly typed: no truthiness, `==` only between values of one type, `<`
only between numbers (or lists of numbers, compared in order). Iteration happens only in the
bounded collection macros (`xs.all(x, ...)`, `xs.filter(x, ...)`, ...), so every expression
terminates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from lark import Token, Tree

from interpreter.limits import MAX_INT
from interpreter.compile.unit import Unit
from interpreter.language import hints
from interpreter.language import types as T
from interpreter.language.builtins import ATTRIBUTE_PARAMS, BUILTINS
from interpreter.language.effects import EFFECTS
from interpreter.errors import Collector, Span, did_you_mean
from interpreter.compile.calls import binders, call_code, is_static, remembered
from interpreter.language.expressions import ParseError, depth as _depth, nesting, parse
from interpreter.compile.macros import MACRO_BUILDERS, MACROS
from interpreter.language.source import Where

Fn = Callable  # fn(game, env) -> value


@dataclass
class Function:
    """A ruleset function: named parameters and a body expression, compiled on first use."""
    name: str
    params: list            # [(name, type)]
    text: str
    where: Where
    fn: Fn | None = None
    type: object = None
    compiling: bool = False
    failed: bool = False
    dynamic: bool = True     # reads state that changes during a game; else fixed once a game starts
    reach: int = 0           # levels its body nests, plus the deepest chain of functions it calls
    cheap: bool = False      # no loop in it (or in what it calls) and shallow: written in place, not remembered
    # what its value depends on: variables as (scope, name), and _STATE for any other state
    # (cards' places and faces, phases, abilities); see `memo_place`
    depends: frozenset = frozenset()

    @property
    def memo_place(self) -> str:
        """Where its calls are remembered. One whose value depends on variables alone, of
        players, teams, numbers, strings and truth values, in `g.vmemo`: moving a card keeps it,
        and so does setting a variable it does not read. Any other in `g.memo`, which every
        change of state but the setting of a variable none of its functions reads empties."""
        if _STATE in self.depends or not all(t in _SCALARS for _, t in self.params):
            return "g.memo"
        return "g.vmemo"


_SCALARS = (T.PLAYER, T.TEAM, T.INT, T.STR, T.BOOL)   # memo keys that stand for their value alone


@dataclass
class Symbols:
    """Every name a ruleset defines, by kind; the compiler resolves names against these."""
    options: dict = field(default_factory=dict)        # name -> type
    game_vars: dict = field(default_factory=dict)
    player_vars: dict = field(default_factory=dict)
    team_vars: dict = field(default_factory=dict)
    card_vars: dict = field(default_factory=dict)
    game_zones: set = field(default_factory=set)
    player_zones: set = field(default_factory=set)
    team_zones: set = field(default_factory=set)
    card_attrs: dict = field(default_factory=dict)     # name -> type
    card_values: dict = field(default_factory=dict)    # attribute name -> the values cards have
    card_ids: dict = field(default_factory=dict)   # id -> position in the deck
    abilities: set = field(default_factory=set)
    functions: dict = field(default_factory=dict)      # name -> Function
    used: set = field(default_factory=set)             # (kind, name) seen in expressions
    # (scope, variable) -> the memos holding values that depend on it (see `memo_clears`)
    memo_readers: dict | None = None
    # whether the ruleset writes `nobody`: only then can a player value be empty, and reads of
    # one are checked (the other rulesets pay nothing for it)
    nobody: bool = False

    def memo_clears(self, key) -> tuple:
        """The memos (`'g.memo'`, `'g.vmemo'`) that setting the variable `key` must empty:
        those of the functions whose values depend on it. Known once every function is
        compiled (functions are compiled before any step, so before any assignment); until
        then, and for card variables (which combination builtins read by name), both."""
        if key[0] == "card" or any(f.fn is None and not f.failed for f in self.functions.values()):
            return ("g.memo", "g.vmemo")
        if self.memo_readers is None:
            readers: dict = {}
            for func in self.functions.values():
                if func.dynamic:
                    for read in func.depends:
                        readers.setdefault(read, set()).add(func.memo_place)
            self.memo_readers = {k: tuple(sorted(v)) for k, v in readers.items()}
        return self.memo_readers.get(key, ())


GLOBALS = {   # name -> (type, the Python that reads it)
    "players": (T.list_of(T.PLAYER), "g.players"),
    "num_players": (T.INT, "len(g.players)"),
    "all_cards": (T.list_of(T.CARD), "g.cards_in_play"),
    "teams": (T.list_of(T.TEAM), "g.teams"),
    "nobody": (T.PLAYER, "None"),      # the empty player value: compared with `==`, never read
}
CARD_BUILTIN_ATTRS = {"id": T.STR, "label": T.STR, "face_up": T.BOOL}
PLAYER_ATTRS = {"seat": T.INT, "name": T.STR, "left": T.PLAYER, "right": T.PLAYER, "team": T.TEAM}
TEAM_ATTRS = {"index": T.INT, "name": T.STR, "members": T.list_of(T.PLAYER)}
RESERVED = set(GLOBALS) | MACROS | set(BUILTINS) | {"and", "or", "not", "in", "true", "false"}
# Types with no value to start from: a variable of one starts unset until it is assigned.
def needs_setting(typ) -> bool:
    return typ in (T.CARD, T.TEAM) or T.is_tuple(typ)


# Names people reach for from other languages, and what this one calls them.
FAMILIAR = {
    "int": "parse_int(s) reads a number from text",
    "number": "parse_int(s) reads a number from text",
    "str": "text(x) gives a readable text for any value",
    "string": "text(x) gives a readable text for any value",
    "len": "size(xs) is the number of items",
    "length": "size(xs) is the number of items",
    "sum": "total(xs) adds a list of numbers; xs.sum(x, expr) adds a number per item",
    "concat": "flatten(xss) joins a list of lists; xs + ys joins two lists",
    "chain": "flatten(xss) joins a list of lists; xs + ys joins two lists",
    "zip": "product(xs, ys) pairs every item of xs with every item of ys",
    "sorted": "xs.sort_by(x, key) sorts by a number per item",
    "sort": "xs.sort_by(x, key) sorts by a number per item",
    "contains": "write 'x in xs'",
    "append": "lists are values: xs + [x] is a new list with x at the end",
}


_IMPURE = "<draws at random>"   # read by an expression that draws: no part of it is computed once for several
_STATE = "<changing state>"     # read by one that reads state a game changes


def _clears(memos) -> str:
    """The lines, each after a newline, that empty `memos` once a variable is set in place."""
    return "".join(f"\n    if {m}: {m} = {{}}" for m in memos)
_CALL = re.compile(r"[\w\]]\(")    # generated code that calls something (not only reads and compares)
_TRIVIAL = {"int", "string", "true", "false", "name"}   # cheaper to evaluate than to look up (a name
# that calls a function of no parameters is not: it is hoisted like any other invariant)
# Compiling a function compiles the functions it calls inside it, and inlining writes their
# bodies in place: both recurse as deep as the whole chain nests, so the chain is bounded.
MAX_CHAIN_NESTING = 200
MAX_INLINED = 40          # a body is written in place only if it (with its calls) nests no deeper
CHEAP_NESTING = 12        # a function without loops this shallow costs less in place than remembered
_TOO_DEEP_FOR_PYTHON = (SyntaxError, MemoryError, RecursionError)   # what compile() raises past its limits
# An expression of a step is written in place in the step's generated code when it nests no
# deeper than this (with the function bodies written into it, far below Python's limits);
# a deeper one is compiled as a function of its own, which falls back to calls if need be.
INLINE_NESTING = 40
LISTING_NESTING = 20      # a choice's condition: the parts kept once per listing nest it further


def _hoisted(code: str, name: str) -> str:
    """A part of a choice's condition that is the same for every candidate: computed on first
    use in one listing of the legal options (so short-circuits still guard it: it may fail in
    a state where they skip it) and kept in a local of that listing, NOT_YET until then."""
    return f"({name} if {name} is not NOT_YET else ({name} := {code}))"


class _Failed(Exception):
    """Raised inside the compiler after an error was recorded, to skip the rest of a tree."""


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
        self.last_depends = {_STATE}
        self.last_loops = True
        tree = self._parse(text, where, "expression")
        if tree is None:
            return None, None, None
        unit = unit if unit is not None else Unit(_label(where), self.generated)
        try:
            pass_ = _Pass(self, where, dict(scope or {}), effects, renames, unit)
            if varying is not None:
                pass_.varying = varying
                pass_.reads = []
                pass_.locals[varying] = "_x"
            code, typ = pass_.expr(tree.children[0])
            self.last_dynamic, self.last_loops, self.last_depends = pass_.dynamic, pass_.loops, pass_.depends
        except _Failed:
            return None, None, None
        if expect is not None and not T.assignable(typ, expect):
            self.errors.error("type", f"expected {T.show(expect)} here, but this is {T.show(typ)}",
                              where.span(*_pos(tree)))
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
                    compiled.append(_Pass(self, where, dict(scope or {}), True, None, unit).statement(stmt))
                except _Failed:
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
                compiled.append(_Pass(self, where, dict(scope), True, None, unit).statement(stmt))
            except _Failed:
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


def _pos(tree) -> tuple[int, int]:
    if isinstance(tree, Token):
        return tree.line or 1, tree.column or 1
    meta = tree.meta
    return (getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1)


class _Pass:
    """One walk over one tree: checks it and generates its Python in a single pass. Each node
    gives (code, type): `code` a Python expression over `g` (the game), `env` (names bound by
    the flow and function parameters, only ever read) and the locals of the loops around it
    (a choice's candidate, each macro's item), named by the generator."""

    def __init__(self, compiler: Compiler, where: Where, scope: dict, effects: bool,
                 renames: dict | None = None, unit: Unit | None = None):
        self.c = compiler
        self.sym = compiler.symbols
        self.where = where
        self.scope = scope
        self.effects = effects
        self.unit = unit if unit is not None else Unit(_label(where))
        self.renames = dict(renames or {})   # function parameters -> their keys in env
        self.aliases: dict = {}              # inlined parameters -> (code, type, names read, locals read)
        self.locals: dict = {}               # names held in Python locals (a candidate, a macro's item) -> local
        self.free: list = []                 # a stack of sets: the locals each macro body reads
        self.depth = 0                       # how deep in inlined function bodies
        self.varying: str | None = None      # the candidate name whose invariants are hoisted
        self.reads: list = []                # a stack of sets: the names each node reads
        self.macros: list = []               # the macro bodies being compiled: (item name, {code: local kept once})
        self.dynamic = False                 # reads state that changes during a game (vars, zones, ...)
        self.depends: set = set()            # which: variables as (scope, name), _STATE for the rest
        self.loops = False                   # goes through a list (a macro, a builtin of lists, a costly call)
        self.arg_types: list = []            # the types of the arguments `check_args` last checked
        self.zone_items = False              # the macro being built goes through a zone's cards

    # -- errors ------------------------------------------------------------
    def span(self, node) -> Span:
        return self.where.span(*_pos(node))

    def span_code(self, node) -> str:
        """The node's position as a constant of the generated code, for its run-time errors."""
        return self.unit.constant(self.span(node), "span")

    def fail(self, node, message: str, hint: str | None = None, code: str = "type"):
        self.c.errors.error(code, message, self.span(node), hint)
        raise _Failed

    def unset_guard(self, node, code: str, typ, name: str) -> str:
        """A variable of a type with no natural start (card, team, tuple) is unset until assigned:
        reading it before then is an error at this position, not a crash later on."""
        if not needs_setting(typ):
            return code
        return f"unset(g, {code}, {self.span_code(node)}, {name!r})"

    # -- statements --------------------------------------------------------
    def statement(self, node) -> str:
        kind = node.data
        if kind == "effect":
            return self.effect(node)
        target, value_node = node.children
        value, vtype = self.expr(value_node)
        setter, ttype = self.target(target)
        if kind == "assign":
            if not T.assignable(vtype, ttype):
                self.fail(value_node, f"cannot assign {T.show(vtype)} to {T.article(ttype)} variable")
            return setter(lambda place: value)
        if ttype != T.INT or vtype != T.INT:
            op = "+=" if kind == "add_assign" else "-="
            self.fail(value_node, f"'{op}' works on numbers, not {T.show(ttype)} and {T.show(vtype)}")
        sign = "+" if kind == "add_assign" else "-"
        held = self.unit.fresh("v")     # checked in place, as arithmetic is (see x_arith)
        return setter(lambda place: f"({held} if {-MAX_INT!r} <= ({held} := {place} {sign} {value}) <= "
                      f"{MAX_INT!r} else too_big(g, {self.span_code(node)}))")

    def target(self, node):
        """A settable place: a game variable, or a player's, team's or card's variable. Returns
        a function making the statement's code, and the place's type; the function is given
        one making the new value's code from the code that reads the place now. A game that
        records sets through the game, which makes the event; one that does not, in place."""
        new = self.unit.fresh("s")
        if node.data == "target_name":
            name = str(node.children[0])
            if name in self.sym.game_vars:
                self.sym.used.add(("var", name))
                clears = _clears(self.sym.memo_clears(("game", name)))
                return (lambda value: f"{new} = {value(f'g.vars[{name!r}]')}\n"
                        f"if g.record: g.set_var({name!r}, {new})\n"
                        f"else:\n    g.vars[{name!r}] = {new}{clears}"), self.sym.game_vars[name]
            if name in self.scope:
                self.fail(node, f"'{name}' is bound by a loop or choice and cannot be assigned")
            kind = self.kind_of(name)
            if kind:
                self.fail(node, f"'{name}' is {kind} and cannot be assigned; only variables can")
            self.fail(node, f"unknown variable '{name}'",
                      did_you_mean(name, self.sym.game_vars), code="unknown-name")
        obj_node, attr_token = node.children
        obj, otype = self.expr(obj_node)
        attr = str(attr_token)
        table = {T.PLAYER: self.sym.player_vars, T.TEAM: self.sym.team_vars,
                 T.CARD: self.sym.card_vars}.get(otype)
        if table is None:
            self.fail(attr_token, f"only player, team and card variables can be assigned, not {T.article(otype)}'s '{attr}'")
        if attr not in table:
            if otype == T.CARD and (attr in self.sym.card_attrs or attr in CARD_BUILTIN_ATTRS):
                self.fail(attr_token, f"'{attr}' is a card attribute, fixed by the deck; only card variables "
                          "(declared under vars.card) can be assigned")
            self.fail(attr_token, f"unknown {otype} variable '{attr}'", did_you_mean(attr, table),
                      code="unknown-name")
        self.sym.used.add(("var", attr))
        if otype == T.PLAYER and self.sym.nobody:
            obj = f"someone(g, {obj}, {self.span_code(obj_node)}, {f'setting {attr!r}'!r})"
        owner = self.unit.fresh("o")
        clears = _clears(self.sym.memo_clears((otype, attr)))
        return (lambda value: f"{owner} = {obj}\n{new} = {value(f'{owner}.vars[{attr!r}]')}\n"
                f"if g.record: g.set_owner_var({owner}, {attr!r}, {new})\n"
                f"else:\n    {owner}.vars[{attr!r}] = {new}{clears}"), table[attr]

    def effect(self, node) -> str:
        name = str(node.children[0])
        args = node.children[1].children if len(node.children) > 1 else []
        verb = EFFECTS.get(name)
        if verb is None:
            if name in BUILTINS or name in self.sym.functions:
                self.fail(node, f"'{name}' is a function, not an effect; its value would be thrown away")
            self.fail(node, f"unknown effect '{name}'", hints.unknown_effect(name, self.sym.functions),
                      code="unknown-name")
        codes = self.check_args(node, name, verb.params, args)[0]
        self.check_ability_names(verb.params, args)
        if name in ("move", "move_to_top"):
            # the commonest effect, which cannot fail, calls the game directly: a card goes as a
            # list of one, a zone's cards as a copy (its list changes while they move)
            if name == "move" and self.arg_types[0] == T.CARD:
                return f"g.move_card({codes[0]}, {codes[1]})"
            if name == "move" and self.arg_types[0] == T.ZONE:
                return f"g.move_zone({codes[0]}, {codes[1]})"
            what = {T.CARD: f"[{codes[0]}]", T.ZONE: f"list({codes[0]}.cards)"}.get(self.arg_types[0], codes[0])
            return f"g.move({what}, {codes[1]}{', top=True' if name == 'move_to_top' else ''})"
        impl = self.unit.constant(verb.fn, "effect")
        if not verb.may_fail:
            return f"{impl}(g{''.join(', ' + c for c in codes)})"
        arity = str(len(codes)) if len(codes) in (1, 2) else ""
        call = f"effect{arity}(g, {impl}, {self.span_code(node)}, {name!r}{''.join(', ' + c for c in codes)})"
        if name == "announce":     # only an event: its text is computed only by a game that keeps it
            return f"if g.say: {call}"
        return call

    # -- expressions -------------------------------------------------------
    def expr(self, node) -> tuple[str, object]:
        method = getattr(self, "x_" + node.data, None) if isinstance(node, Tree) else None
        if method is None:  # pragma: no cover - every grammar alternative has a method
            self.fail(node, f"unsupported expression '{getattr(node, 'data', node)}'")
        frame: set = set()
        self.reads.append(frame)
        try:
            code, typ = method(node)
        finally:
            self.reads.pop()
        if self.reads:
            self.reads[-1].update(frame)
        if code in self.unit.wrapped or _IMPURE in frame:
            return code, typ
        calls = node.data in ("call", "method") or (node.data == "name" and str(node.children[0]) in self.sym.functions
                                                     and str(node.children[0]) not in self.scope)
        if calls and not frame and _CALL.search(code) and not is_static(code):
            # reads nothing a game changes and no bound name (a filter of all_cards by their
            # attributes, a range of constants): computed once per game
            fixed = self.unit.fresh("fixed")
            self.unit.helper([f"def {fixed}(g, env=None):", f"    return {code}"])
            return remembered(self.unit, "g.static", fixed, f"{fixed}(g)"), typ
        if self.macros:
            # a call in a macro's body that does not read its item: the same for every item,
            # computed once per run of the macro (on first use: short-circuits still guard it)
            item, kept = self.macros[-1]
            if calls and item not in frame:
                code = _hoisted(code, kept.get(code) or kept.setdefault(code, self.unit.fresh("h")))
                self.unit.wrapped.add(code)
        elif self.varying is not None and self.varying not in frame and (calls or node.data not in _TRIVIAL):
            # one local per code: the same code means the same value throughout one listing
            # (conditions change nothing), wherever it is written (a function inlined twice, say)
            local = self.unit.hoisted.get(code) or self.unit.hoisted.setdefault(code, self.unit.fresh("h"))
            code = _hoisted(code, local)
            self.unit.wrapped.add(code)
        return code, typ

    def changing(self, *depends) -> None:
        """The node being compiled reads state that changes during a game: the variables
        `depends` ((scope, name)), or when none is given any other state (zones, ...)."""
        self.dynamic = True
        self.read((_STATE,))
        self.depends.update(depends or (_STATE,))

    def read(self, names) -> None:
        """Record that the node being compiled reads these names (for hoisting)."""
        if self.reads:
            self.reads[-1].update(names)

    def use(self, local_names) -> None:
        """Record that the code being generated reads these Python locals: a macro's helper
        function takes the ones its body reads from the code around it as parameters."""
        if self.free:
            self.free[-1].update(local_names)

    def x_int(self, node):
        return repr(int(node.children[0])), T.INT

    def x_string(self, node):
        return repr(str(node.children[0])[1:-1]), T.STR

    def x_true(self, node):
        return "True", T.BOOL

    def x_false(self, node):
        return "False", T.BOOL

    def x_list(self, node):
        items = [self.expr(child) for child in (node.children[0].children if node.children else [])]
        if not items:
            return "[]", T.ANY_LIST
        first = items[0][1]
        for (_, t), child in zip(items, node.children[0].children):
            if not (T.assignable(t, first) and T.assignable(first, t)):
                self.fail(child, f"a list holds one type: {T.show(first)} and {T.show(t)} are mixed")
        return "[" + ", ".join(c for c, _ in items) + "]", T.list_of(first)

    def x_tuple(self, node):
        items = [self.expr(child) for child in node.children]
        typ = T.tuple_of(*[t for _, t in items])
        return "(" + "".join(c + ", " for c, _ in items) + ")", typ

    def x_name(self, node):
        name = str(node.children[0])
        alias = self.aliases.get(name)
        if alias is not None:
            self.read(alias[2])
            self.use(alias[3])
            return alias[0], alias[1]
        local = self.locals.get(name)
        if local is not None:
            self.read((name,))
            self.use((local,))
            return local, self.scope[name]
        if name in self.renames:
            # A function's parameter, always in the env its body is called with: read once,
            # into a local of the body, which a loop in it then reads (or is handed) directly.
            key = self.renames[name]
            self.read((key,))
            local = self.unit.env_reads.get(key) or self.unit.env_reads.setdefault(key, self.unit.fresh("p"))
            self.use((local,))
            return local, self.scope[name]
        if name in self.scope:
            self.read((name,))
            return f"env[{name!r}]", self.scope[name]
        if name in GLOBALS:
            typ, code = GLOBALS[name]
            return code, typ
        sym = self.sym
        if name in sym.options:
            sym.used.add(("option", name))
            return f"g.options[{name!r}]", sym.options[name]
        if name in sym.game_vars:
            sym.used.add(("var", name))
            self.changing(("game", name))
            typ = sym.game_vars[name]
            return self.unset_guard(node, f"g.vars[{name!r}]", typ, name), typ
        if name in sym.game_zones:
            sym.used.add(("zone", name))
            self.changing()
            return f"g.zones[{name!r}]", T.ZONE
        if name in sym.functions:
            return self.call_function(node, name, [])
        if name in sym.player_vars or name in sym.player_zones:
            self.fail(node, f"'{name}' belongs to each player; write 'p.{name}' for a player p",
                      code="unknown-name")
        known = list(self.scope) + list(GLOBALS) + list(sym.options) + list(sym.game_vars) + \
            list(sym.game_zones) + list(sym.functions)
        self.fail(node, f"unknown name '{name}'",
                  hints.unknown_name(name, known, wanted=self.wanted_for(node), out_of_step=self.c.out_of_step),
                  code="unknown-name")

    def wanted_for(self, node):
        """The type the call around `node` wants for it, when `node` is one of its arguments."""
        wanted = getattr(self, "wanted", None)
        return wanted[1] if wanted is not None and wanted[0] is node else None

    def kind_of(self, name: str) -> str | None:
        sym = self.sym
        for kind, table in (("an option", sym.options), ("a zone", sym.game_zones),
                            ("a function", sym.functions), ("a builtin", GLOBALS)):
            if name in table:
                return kind
        return None

    def x_attr(self, node):
        obj_node, attr_token = node.children
        attr = str(attr_token)
        obj, otype = self.expr(obj_node)
        sym = self.sym
        if otype == T.CARD:
            if attr in sym.card_vars:
                sym.used.add(("var", attr))
                self.changing(("card", attr))
                typ = sym.card_vars[attr]
                return self.unset_guard(node, f"{obj}.vars[{attr!r}]", typ, attr), typ
            if attr in sym.card_attrs:
                return f"{obj}.attrs[{attr!r}]", sym.card_attrs[attr]
            if attr in CARD_BUILTIN_ATTRS:
                if attr == "face_up":
                    self.changing()
                return f"{obj}.{_FIELDS[attr]}", CARD_BUILTIN_ATTRS[attr]
            if attr == "last_holder":
                self.changing()
                return f"last_holder(g, {obj}, {self.span_code(node)})", T.PLAYER
            known = list(sym.card_attrs) + list(sym.card_vars) + list(CARD_BUILTIN_ATTRS) + ["last_holder"]
            self.fail(attr_token, f"cards have no attribute '{attr}'", did_you_mean(attr, known),
                      code="unknown-name")
        if otype == T.PLAYER:
            if sym.nobody:
                obj = f"someone(g, {obj}, {self.span_code(node)}, {f'reading {attr!r}'!r})"
            if attr in sym.player_vars:
                sym.used.add(("var", attr))
                self.changing(("player", attr))
                typ = sym.player_vars[attr]
                return self.unset_guard(node, f"{obj}.vars[{attr!r}]", typ, attr), typ
            if attr in sym.player_zones:
                sym.used.add(("zone", attr))
                self.changing()
                return f"{obj}.zones[{attr!r}]", T.ZONE
            if attr == "left":
                return f"g.players[({obj}.seat + 1) % len(g.players)]", T.PLAYER
            if attr == "right":
                return f"g.players[({obj}.seat - 1) % len(g.players)]", T.PLAYER
            if attr == "team":
                return f"team_of(g, {obj}, {self.span_code(node)})", T.TEAM
            if attr in PLAYER_ATTRS:
                return f"{obj}.{_FIELDS[attr]}", PLAYER_ATTRS[attr]
            known = list(sym.player_vars) + list(sym.player_zones) + list(PLAYER_ATTRS)
            self.fail(attr_token, f"players have no variable or zone '{attr}'",
                      did_you_mean(attr, known) or hints.unknown_owned(attr, "player", wanted=self.wanted_for(node)),
                      code="unknown-name")
        if otype == T.TEAM:
            if attr in sym.team_vars:
                sym.used.add(("var", attr))
                self.changing(("team", attr))
                typ = sym.team_vars[attr]
                return self.unset_guard(node, f"{obj}.vars[{attr!r}]", typ, attr), typ
            if attr in sym.team_zones:
                sym.used.add(("zone", attr))
                self.changing()
                return f"{obj}.zones[{attr!r}]", T.ZONE
            if attr in TEAM_ATTRS:
                return f"{obj}.{_FIELDS[attr]}", TEAM_ATTRS[attr]
            known = list(sym.team_vars) + list(sym.team_zones) + list(TEAM_ATTRS)
            self.fail(attr_token, f"teams have no variable or zone '{attr}'",
                      did_you_mean(attr, known) or hints.unknown_owned(attr, "team", wanted=self.wanted_for(node)),
                      code="unknown-name")
        if otype is None:
            raise _Failed
        hint = "call it as a method: x.f()" if attr in BUILTINS or attr in sym.functions else None
        self.fail(attr_token, f"{T.article(otype)} has no attribute '{attr}'", hint)

    def x_index(self, node):
        obj, otype = self.expr(node.children[0])
        if T.is_tuple(otype):
            return self.tuple_index(node, obj, otype)
        idx, itype = self.expr(node.children[1])
        if not T.is_list(otype):
            self.fail(node, f"only lists can be indexed, not {T.show(otype)}")
        if itype != T.INT:
            self.fail(node.children[1], f"a list index must be a number, not {T.show(itype)}")
        return f"index(g, {obj}, {idx}, {self.span_code(node)})", T.item_type(otype)

    def tuple_index(self, node, obj: str, otype):
        """`t[0]`: a tuple's items have types of their own, so the index is a number written out."""
        index_node = node.children[1]
        negative = isinstance(index_node, Tree) and index_node.data == "neg"
        literal = index_node.children[0] if negative else index_node
        if not (isinstance(literal, Tree) and literal.data == "int"):
            self.fail(index_node, "a tuple's items are read with a number written out: t[0], t[1]")
        i = int(literal.children[0]) * (-1 if negative else 1)
        items = otype[1]
        if not -len(items) <= i < len(items):
            self.fail(index_node, f"{T.article(otype)} has items 0 to {len(items) - 1}, not {i}")
        return f"{obj}[{i!r}]", items[i]

    def x_neg(self, node):
        code, t = self.expr(node.children[0])
        if t != T.INT:
            self.fail(node, f"'-' needs a number, not {T.show(t)}")
        return f"(-{code})", T.INT

    def x_not_(self, node):
        code, t = self.expr(node.children[0])
        self.need_bool(node.children[0], t, "'not'")
        return f"(not {code})", T.BOOL

    def need_bool(self, node, t, what: str):
        if t != T.BOOL and t is not None:
            self.fail(node, f"{what} needs true or false, not {T.show(t)} (there is no truthiness)")

    def x_and_(self, node):
        (a, ta), (b, tb) = self.expr(node.children[0]), self.expr(node.children[1])
        self.need_bool(node.children[0], ta, "'and'")
        self.need_bool(node.children[1], tb, "'and'")
        return f"({a} and {b})", T.BOOL

    def x_or_(self, node):
        (a, ta), (b, tb) = self.expr(node.children[0]), self.expr(node.children[1])
        self.need_bool(node.children[0], ta, "'or'")
        self.need_bool(node.children[1], tb, "'or'")
        return f"({a} or {b})", T.BOOL

    def x_cond(self, node):
        (c, tc), (a, ta), (b, tb) = (self.expr(n) for n in node.children)
        self.need_bool(node.children[0], tc, "a condition before '?'")
        if not (T.assignable(ta, tb) or T.assignable(tb, ta)):
            self.fail(node.children[2], f"both branches of '? :' must have one type, not "
                      f"{T.show(ta)} and {T.show(tb)}")
        typ = ta if tb is None or tb == T.ANY_LIST else tb if ta == T.ANY_LIST else ta
        if typ == T.ZONE and tb != T.ZONE:
            typ = tb
        return f"({a} if {c} else {b})", typ

    def arith(self, node, op: str):
        (a, ta), (b, tb) = self.expr(node.children[0]), self.expr(node.children[1])
        if op == "+" and T.is_list(ta) and T.is_list(tb):
            if not (T.assignable(T.item_type(ta), T.item_type(tb)) or T.assignable(T.item_type(tb), T.item_type(ta))):
                self.fail(node, f"cannot join {T.show(ta)} and {T.show(tb)}")
            item = T.item_type(ta) or T.item_type(tb)
            return f"join(g, {a}, {b}, {self.span_code(node)})", T.list_of(item)
        if op == "+" and ta == T.STR and tb == T.STR:
            return f"concat(g, {a}, {b}, {self.span_code(node)})", T.STR
        if op == "+" and T.is_list(ta) and T.assignable(tb, T.item_type(ta)):
            self.fail(node, f"'+' joins two lists, not {T.article(ta)} and {T.article(tb)}",
                      "put the item in a list: xs + [x]")
        if op == "+" and T.is_list(tb) and T.assignable(ta, T.item_type(tb)):
            self.fail(node, f"'+' joins two lists, not {T.article(ta)} and {T.article(tb)}",
                      "put the item in a list: [x] + xs")
        if op == "+" and T.STR in (ta, tb):
            self.fail(node, f"'+' joins two strings, not {T.show(ta)} and {T.show(tb)}",
                      "make text of the other value: 'Total: ' + text(n)")
        if ta != T.INT or tb != T.INT:
            self.fail(node, f"'{op}' needs two numbers, not {T.show(ta)} and {T.show(tb)}")
        if op in "/%" and _INT_LITERAL.fullmatch(b) and int(b.strip("()")) != 0:
            return f"(({a}) {'//' if op == '/' else '%'} {b})", T.INT    # a divisor that is never 0
        if op == "/":
            return f"divide(g, {a}, {b}, {self.span_code(node)})", T.INT
        if op == "%":
            return f"modulo(g, {a}, {b}, {self.span_code(node)})", T.INT
        # numbers stay machine-sized: checked in place, the result held in a name of this node's own
        held = self.unit.fresh("v")
        return (f"({held} if {-MAX_INT!r} <= ({held} := {a} {op} {b}) <= {MAX_INT!r} "
                f"else too_big(g, {self.span_code(node)}))"), T.INT

    def x_add(self, node):
        return self.arith(node, "+")

    def x_sub(self, node):
        return self.arith(node, "-")

    def x_mul(self, node):
        return self.arith(node, "*")

    def x_div(self, node):
        return self.arith(node, "/")

    def x_mod(self, node):
        return self.arith(node, "%")

    def x_compare(self, node):
        left, op, right = node.children
        (a, ta), (b, tb) = self.expr(left), self.expr(right)
        op = str(op)
        if op in ("==", "!="):
            self.check_attribute_value(left, right)
            if not (T.assignable(ta, tb) or T.assignable(tb, ta)) or (ta == T.ZONE) != (tb == T.ZONE):
                self.fail(node, f"cannot compare {T.show(ta)} with {T.show(tb)}",
                          "compare a card's attribute, e.g. c.rank == 12" if T.CARD in (ta, tb) else None)
            if ta in (T.CARD, T.PLAYER, T.TEAM, T.ZONE):  # identity: fast and exact
                return f"({a} {'is' if op == '==' else 'is not'} {b})", T.BOOL
            return f"({a} {op} {b})", T.BOOL
        numeric = (ta == T.INT and tb == T.INT) or (ta == tb == T.list_of(T.INT)) or \
            (T.is_list(ta) and T.is_list(tb) and T.INT in (T.item_type(ta), T.item_type(tb))
             and None in (T.item_type(ta), T.item_type(tb)))
        if not numeric:
            self.fail(node, f"'{op}' compares numbers (or lists of numbers), not {T.show(ta)} and {T.show(tb)}")
        if op not in ("<", "<=", ">", ">="):  # pragma: no cover - the grammar has no others
            self.fail(node, f"unknown comparison '{op}'")
        return f"({a} {op} {b})", T.BOOL

    def check_attribute_value(self, left, right) -> None:
        """`c.colour == 'purple'` is legal but never true when no card has that value: warn."""
        for attr_node, value_node in ((left, right), (right, left)):
            if not (isinstance(attr_node, Tree) and attr_node.data == "attr" and isinstance(value_node, Tree)
                    and value_node.data == "string"):
                continue
            attr = str(attr_node.children[1])
            values = self.sym.card_values.get(attr)
            value = str(value_node.children[0])[1:-1]
            if values is None or self.sym.card_attrs.get(attr) != T.STR or value in values or \
                    attr in self.sym.player_vars or attr in self.sym.team_vars or attr in self.sym.card_vars:
                continue
            self.c.errors.warning("attribute-value", f"no card has {attr} '{value}', so this is never true",
                                  self.span(value_node),
                                  did_you_mean(value, values) or f"{attr}: " + ", ".join(sorted(values)))

    def x_in_(self, node, negate: bool = False):
        (a, ta), (b, tb) = self.expr(node.children[0]), self.expr(node.children[1])
        if not T.is_list(tb):
            self.fail(node.children[1], f"'in' needs a list on its right, not {T.show(tb)}")
        if not T.assignable(ta, T.item_type(tb)):
            self.fail(node, f"cannot look for {T.article(ta)} in {T.article(tb)}")
        if tb == T.ZONE:
            self.changing()        # reads where the card lies now
            code = f"({a}.zone is {b})"
        elif ta in (T.CARD, T.PLAYER, T.TEAM):
            code = f"contains_same({a}, {b})"
        else:
            code = f"({a} in {b})"
        return (f"(not {code})" if negate else code), T.BOOL

    def x_not_in(self, node):
        return self.x_in_(node, negate=True)

    # -- calls ---------------------------------------------------------------
    def x_call(self, node):
        name = str(node.children[0])
        args = node.children[1].children if len(node.children) > 1 else []
        return self.call(node, name, list(args))

    def x_method(self, node):
        obj_node, name_token = node.children[0], node.children[1]
        name = str(name_token)
        args = node.children[2].children if len(node.children) > 2 else []
        if name in MACROS and args and isinstance(args[0], Tree) and args[0].data == "name":
            return self.macro(node, name, obj_node, args)
        return self.call(node, name, [obj_node] + list(args))

    def call(self, node, name: str, args: list):
        if name in self.sym.functions:
            return self.call_function(node, name, args)
        if name in BUILTINS:
            return self.call_builtin(node, BUILTINS[name], args)
        if name in EFFECTS:
            self.fail(node, f"'{name}' is an effect; effects are statements of their own, not values")
        if name in ("max", "min") and len(args) == 2 and node.data == "call":
            self.fail(node, f"there is no {name}(a, b): the {'larger' if name == 'max' else 'smaller'} "
                      f"of two numbers is {name}_of(a, b)",
                      f"over a list: {'highest' if name == 'max' else 'lowest'}(xs), or xs.{name}(x, key)",
                      code="unknown-name")
        if name in MACROS:
            self.fail(node, f"'{name}' is written as a method with a name for each item: "
                      f"xs.{name}(x, ...)")
        self.fail(node, f"unknown function '{name}'",
                  FAMILIAR.get(name) or hints.unknown_function(name, self.sym.functions, BUILTINS, MACROS),
                  code="unknown-name")

    def check_args(self, node, name: str, params: list, args: list):
        if len(args) != len(params):
            wanted = ", ".join(f"{p}: {T.show_union(t)}" for p, t in params)
            self.fail(node, f"{name}() takes {len(params)} argument{'s' * (len(params) != 1)} "
                      f"({wanted}), not {len(args)}", code="arity")
        bindings: dict = {}
        codes, types = [], []
        for (pname, ptype), arg in zip(params, args):
            self.wanted = (arg, ptype)      # for the hint of an unknown name given here
            code, atype = self.expr(arg)
            if not T.unify(atype, ptype, bindings):
                wanted = T.substitute(ptype, bindings) if not isinstance(ptype, frozenset) else ptype
                self.fail(arg, f"argument '{pname}' of {name}() must be {T.show_union(wanted)}, not {T.show(atype)}")
            if self.sym.nobody and atype == T.PLAYER and name not in self.sym.functions:
                # a builtin or effect needs a real player; text() names the empty one
                code = f"named({code})" if name == "text" else \
                    f"someone(g, {code}, {self.span_code(arg)}, {f'argument {pname!r} of {name}()'!r})"
            codes.append(code)
            types.append(atype)
        self.arg_types = types      # set last: the arguments' own calls set it too
        return codes, bindings

    def check_ability_names(self, params: list, args: list) -> None:
        """A quoted ability name passed to an `ability` parameter must name a declared ability."""
        for (pname, _), arg in zip(params, args):
            if pname == "ability" and isinstance(arg, Tree) and arg.data == "string":
                literal = str(arg.children[0])[1:-1]
                if literal not in self.sym.abilities:
                    self.fail(arg, f"no ability named '{literal}'", did_you_mean(literal, self.sym.abilities),
                              code="unknown-name")

    def check_attribute_names(self, name: str, params: list, args: list) -> None:
        """A quoted name passed where a builtin takes a card attribute must be one the cards have
        (or a card variable); names computed at run time are checked when they are used."""
        allowed_empty = ATTRIBUTE_PARAMS[name]
        for (pname, _), arg in zip(params, args):
            if pname not in allowed_empty or not (isinstance(arg, Tree) and arg.data == "string"):
                continue
            literal = str(arg.children[0])[1:-1]
            if literal == "" and allowed_empty[pname]:
                continue
            if literal not in self.sym.card_attrs and literal not in self.sym.card_vars:
                known = list(self.sym.card_attrs) + list(self.sym.card_vars)
                self.fail(arg, f"argument '{pname}' of {name}() names a card attribute; cards have no "
                          f"attribute or variable '{literal}'",
                          did_you_mean(literal, known) or ("card attributes and variables: " + ", ".join(known)),
                          code="unknown-name")

    def call_builtin(self, node, b, args):
        if b.reads_state or not b.pure:
            self.changing()
        if not b.pure:
            self.read((_IMPURE,))     # a draw at random is never kept for the next item
        if not b.cheap:
            self.loops = True
        if not b.pure and not self.effects:
            self.fail(node, f"{b.name}() draws at random, so it may only be used in effects, not in conditions")
        codes, bindings = self.check_args(node, b.name, b.params, args)
        result = T.substitute(b.result, bindings)
        self.check_ability_names(b.params, args)
        if b.name in ATTRIBUTE_PARAMS:
            self.check_attribute_names(b.name, b.params, args)
        if b.name == "card" and isinstance(args[0], Tree) and args[0].data == "string":
            literal = str(args[0].children[0])[1:-1]
            if literal not in self.sym.card_ids:
                self.fail(args[0], f"no card with id '{literal}' in the deck",
                          did_you_mean(literal, self.sym.card_ids), code="unknown-name")
            # a game's cards stay in deck order, so the card is found by its position
            return f"g.all_cards[{self.sym.card_ids[literal]}]", result
        if b.inline is not None and (not b.inline.zone_only or self.arg_types[0] == T.ZONE):
            # written out in place (a form for a zone only where the argument is one: a list
            # argument may be a zone passed for it, so those are called)
            return self.inline_builtin(node, b.inline, codes), result
        impl = self.unit.constant(b.fn, "builtin")
        rest = "".join(", " + c for c in codes)
        if b.may_fail:
            arity = str(len(codes)) if len(codes) in (1, 2) else ""
            code = f"call{arity}(g, {impl}, {self.span_code(node)}{rest})"
        else:
            code = f"{impl}(g{rest})"
        if T.is_list(result):   # a list a builtin builds counts against the budget by its size
            nested = T.is_list(T.item_type(result))
            code = f"{'charged_nested' if nested else 'charged'}(g, {code}, {self.span_code(node)})"
        return code, result

    def inline_builtin(self, node, form, codes: list) -> str:
        """A builtin's `inline` form from the registry, each argument computed once in a local."""
        names = {f"t{i}": self.unit.fresh("n") for i in range(form.locals())}
        fail = f"fail(g, {self.span_code(node)}, {form.error!r})" if form.error else ""
        return form.code.format(**names, **{f"a{i}": code for i, code in enumerate(codes)}, fail=fail)

    def call_function(self, node, name: str, args: list):
        func = self.sym.functions[name]
        self.sym.used.add(("function", name))
        if func.compiling:
            self.fail(node, f"function '{name}' calls itself; functions may not be recursive "
                      "(so that every expression terminates)", code="recursion")
        body, result = self.c.function(func)
        if body is None:
            raise _Failed
        if func.dynamic:
            self.changing(*func.depends)
        if not func.cheap:
            self.loops = True
        codes, _ = self.check_args(node, name, func.params, args)
        candidate = self.varying is not None and any(
            isinstance(a, Tree) and a.data == "name" and str(a.children[0]) == self.varying for a in args)
        if (codes and (candidate or any(t == T.CARD for _, t in func.params))) or (func.cheap and func.dynamic):
            # A card argument, or the candidate of a choice's `where:`, differs for every
            # candidate, so a memo would only miss; and a body without loops costs less than
            # a memo's look-up. Inline the body where that is safe, or call it.
            inlined = self.inline(func, args, codes)
            if inlined is not None:
                return inlined, result
        return call_code(self.unit, func, body, codes, direct=candidate), result

    def inline(self, func: Function, args: list, codes: list):
        """Generate a function's body in place, its parameters standing for the caller's
        argument code: no call, no env writes. Only for simple arguments (names, literals) and
        only when no collection macro in the body binds a name those arguments read."""
        if self.depth >= 4 or not self.c.inline_ok or func.reach > MAX_INLINED:
            return None
        reads: list[set] = []
        local_reads: list[set] = []
        for arg in args:
            if not (isinstance(arg, Tree) and arg.data in ("name", "int", "string", "true", "false")):
                return None
            if arg.data == "name":
                arg_name = str(arg.children[0])
                alias = self.aliases.get(arg_name)
                reads.append(alias[2] if alias else {self.renames.get(arg_name, arg_name)})
                local = None if alias else (self.locals.get(arg_name)
                                            or self.unit.env_reads.get(self.renames.get(arg_name, "")))
                local_reads.append(alias[3] if alias else {local} if local else set())
            else:
                reads.append(set())
                local_reads.append(set())
        tree = parse(func.text, "expression").children[0]
        read_names = set().union(*reads) if reads else set()
        if read_names & binders(tree):
            return None
        inner = _Pass(Compiler(self.sym, Collector()), func.where, dict(func.params), False, None, self.unit)
        inner.depth = self.depth + 1
        inner.varying, inner.reads = self.varying, self.reads   # the body runs in the caller's env
        inner.macros = self.macros
        inner.free = self.free                 # the body's locals are read where it is written
        for (pname, ptype), code, names, local_names in zip(func.params, codes, reads, local_reads):
            inner.aliases[pname] = (code, ptype, names, local_names)
        try:
            code, _ = inner.expr(tree)
        except _Failed:
            return None
        if inner.dynamic:
            self.changing(*inner.depends)
        self.loops = self.loops or inner.loops
        return code

    def macro(self, node, name: str, obj_node, args):
        if len(args) != 2:
            self.fail(node, f"xs.{name}(x, ...) takes a name for each item and one expression", code="arity")
        outside = set(self.reads[-1]) if self.reads else set()
        items, itype = self.expr(obj_node)
        if not T.is_list(itype):
            self.fail(obj_node, f".{name}() works on a list, not {T.show(itype)}")
        var = str(args[0].children[0])
        read_outside = var in self.reads[-1] and var not in outside if self.reads else False
        clash = self.c.clash(var)
        if clash:
            self.fail(args[0], f"'{var}' is already {clash}; pick another name for the item")
        saved = self.scope.get(var)
        saved_rename = self.renames.pop(var, None)   # the item's name shadows a parameter
        saved_alias = self.aliases.pop(var, None)
        saved_local = self.locals.get(var)
        item = self.locals[var] = self.unit.fresh("i")
        self.scope[var] = T.item_type(itype)
        self.free.append(set())
        kept: dict = {}
        self.loops = True
        try:
            self.macros.append((var, kept))
            try:
                body, btype = self.expr(args[1])
            finally:
                self.macros.pop()
            if self.reads and not read_outside:
                self.reads[-1].discard(var)      # the item is bound here: the macro as a whole does not read it
        finally:
            free = self.free.pop() - {item}
            self.use(free)
            if saved_local is None:
                del self.locals[var]
            else:
                self.locals[var] = saved_local
            if saved_alias is not None:
                self.aliases[var] = saved_alias
            if saved_rename is not None:
                self.renames[var] = saved_rename
            if saved is None:
                self.scope.pop(var, None)
            else:
                self.scope[var] = saved
        # a zone's own list is handed over as it is; a list-typed name may still hold a zone
        self.zone_items = itype == T.ZONE
        if self.zone_items:
            items = f"{items}.cards"
        return MACRO_BUILDERS[name](self, node, args[1], (item, sorted(free), list(kept.values())), items, body,
                                    T.item_type(itype), btype)


_INT_LITERAL = re.compile(r"\(?-?\d+\)?")     # the code of a whole number written in the ruleset

_FIELDS = {"id": "id", "label": "label", "face_up": "face_up", "seat": "seat", "name": "name",
           "index": "index", "members": "members"}   # the runtime's own attribute names, never a ruleset's
