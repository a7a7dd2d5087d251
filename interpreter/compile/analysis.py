"""The analysis of the expression compiler: one walk over an expression's tree that resolves
its names against the ruleset's `Symbols`, checks its types (strictly: no truthiness, `==`
only between values of one type, `<` only between numbers) and reports every mistake with its
position, recording what the expression reads (for the memos of functions and for hoisting).

Each node's findings go to an `emitter.Emitter`, which writes its code: this module decides
what an expression means, the emitter how it runs. Calls of ruleset functions are either
remembered (`calls.call_code`) or, for small bodies with simple arguments, walked again in
place with the parameters standing for the arguments (`call_checks.Calls.inline`). The
analysis holds its name resolver (`names.Names`) and its checker of calls as collaborators.
"""
from __future__ import annotations

from typing import NoReturn, Protocol

from lark import Tree

from interpreter.compile.call_checks import Calls
from interpreter.compile.emitter import Emitter
from interpreter.compile.macros import MACRO_BUILDERS, MACROS
from interpreter.compile.names import Names
from interpreter.compile.symbols import STATE, Failed, Function, Symbols, position
from interpreter.errors import Collector, Span
from interpreter.language import types as T
from interpreter.language.source import Where


class ExpressionCompiler(Protocol):
    """What the analysis asks of the expression compiler around it (`compiler.Compiler`)."""
    symbols: Symbols
    errors: Collector
    inline_ok: bool       # off while an expression is generated again without inlining
    out_of_step: dict     # a name a choose step bound, read after it -> the hint that says so

    def function(self, func: Function) -> tuple: ...       # a ruleset function compiled: (fn, type)
    def clash(self, name: str) -> str | None: ...          # what a new local name would hide
    def quiet(self) -> ExpressionCompiler: ...                       # one whose errors are not reported


class Analysis:
    """One walk over one tree: resolves its names and checks its types, handing each node's
    findings to its `Emitter` (`self.out`), which writes the node's code. Each node gives
    (code, type): `code` a Python expression over `g` (the game), `env` (names bound by the
    flow and function parameters, only ever read) and the locals of the loops around it (a
    choice's candidate, each macro's item), named by the generator."""

    def __init__(self, compiler: ExpressionCompiler, where: Where, scope: dict, effects: bool,
                 renames: dict | None = None, *, out: Emitter):
        self.c = compiler
        self.sym = compiler.symbols
        self.where = where
        self.scope = scope
        self.effects = effects
        self.out = out
        self.renames = dict(renames or {})   # function parameters -> their keys in env
        self.aliases: dict = {}              # inlined parameters -> (code, type, names read, locals read)
        self.locals: dict = {}               # names held in Python locals (a candidate, a macro's item) -> local
        self.depth = 0                       # how deep in inlined function bodies
        self.dynamic = False                 # reads state that changes during a game (vars, zones, ...)
        self.depends: set = set()            # which: variables as (scope, name), STATE for the rest
        self.loops = False                   # goes through a list (a macro, a builtin of lists, a costly call)
        self.wanted = None                   # (an argument, the type its call wants): for the hint of an unknown name
        self.zone_items = False              # the macro being built goes through a zone's cards
        self.names = Names(self)             # resolves names, attributes and assigned places
        self.calls = Calls(self)             # checks calls of functions, builtins and effects

    def inner(self, func: Function) -> Analysis:
        """The analysis of a function's body written in place, in this one's code: its
        parameters are aliases of the caller's arguments (set by `Calls.inline`)."""
        inner = Analysis(self.c.quiet(), func.where, dict(func.params), False, out=self.out.inner(func.where))
        inner.depth = self.depth + 1
        return inner

    # -- errors ------------------------------------------------------------
    def span(self, node) -> Span:
        return self.where.span(*position(node))

    def fail(self, node, message: str, hint: str | None = None, code: str = "type") -> NoReturn:
        self.c.errors.error(code, message, self.span(node), hint)
        raise Failed

    # -- statements --------------------------------------------------------
    def statement(self, node) -> str:
        kind = node.data
        if kind == "effect":
            return self.calls.effect(node)
        target, value_node = node.children
        value, vtype = self.expr(value_node)
        setter, ttype = self.names.target(target)
        if kind == "assign":
            if not T.assignable(vtype, ttype):
                self.fail(value_node, f"cannot assign {T.show(vtype)} to {T.article(ttype)} variable")
            return setter(lambda place: value)
        if ttype != T.INT or vtype != T.INT:
            op = "+=" if kind == "add_assign" else "-="
            self.fail(value_node, f"'{op}' works on numbers, not {T.show(ttype)} and {T.show(vtype)}")
        sign = "+" if kind == "add_assign" else "-"
        return setter(lambda place: self.out.checked(node, f"{place} {sign} {value}"))   # as arithmetic is

    # -- expressions -------------------------------------------------------
    def expr(self, node) -> tuple[str, object]:
        method = getattr(self, "x_" + node.data, None) if isinstance(node, Tree) else None
        if method is None:  # pragma: no cover - every grammar alternative has a method
            self.fail(node, f"unsupported expression '{getattr(node, 'data', node)}'")
        frame, done = self.out.enter(), False
        try:
            code, typ = method(node)
            done = True
        finally:
            self.out.leave(frame, done=done)
        calls = node.data in ("call", "method") or (node.data == "name" and str(node.children[0]) in self.sym.functions
                                                     and str(node.children[0]) not in self.scope)
        return self.out.kept(node, code, frame, calls=calls), typ

    def changing(self, *depends) -> None:
        """The node being compiled reads state that changes during a game: the variables
        `depends` ((scope, name)), or when none is given any other state (zones, ...)."""
        self.dynamic = True
        self.out.read((STATE,))
        self.depends.update(depends or (STATE,))

    def x_int(self, node):
        return repr(int(node.children[0])), T.INT

    def x_string(self, node):
        return repr(str(node.children[0])[1:-1]), T.STR

    def x_true(self, node):
        return "True", T.BOOL

    def x_false(self, node):
        return "False", T.BOOL

    def x_name(self, node):
        return self.names.name(node)

    def x_attr(self, node):
        return self.names.attribute(node)

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

    def x_index(self, node):
        obj, otype = self.expr(node.children[0])
        if T.is_tuple(otype):
            return self.tuple_index(node, obj, otype)
        idx, itype = self.expr(node.children[1])
        if not T.is_list(otype):
            self.fail(node, f"only lists can be indexed, not {T.show(otype)}")
        if itype != T.INT:
            self.fail(node.children[1], f"a list index must be a number, not {T.show(itype)}")
        return self.out.runtime(node, "index", obj, idx), T.item_type(otype)

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
            return self.out.runtime(node, "join", a, b), T.list_of(item)
        if op == "+" and ta == T.STR and tb == T.STR:
            return self.out.runtime(node, "concat", a, b), T.STR
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
        return self.out.arith(node, op, a, b), T.INT

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
            self.names.check_attribute_value(left, right)
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

    def x_in_(self, node, negate: bool = False):
        (a, ta), (b, tb) = self.expr(node.children[0]), self.expr(node.children[1])
        if not T.is_list(tb):
            self.fail(node.children[1], f"'in' needs a list on its right, not {T.show(tb)}")
        if not T.assignable(ta, T.item_type(tb)):
            self.fail(node, f"cannot look for {T.article(ta)} in {T.article(tb)}")
        if tb == T.ZONE:
            self.changing()        # reads where the card lies now
            code = f"(g.card_zone[{a}.index] == {b}.number)"
        elif ta in (T.CARD, T.PLAYER, T.TEAM):
            code = f"contains_same(g, {a}, {b})"
        else:
            code = f"({a} in {b})"
        return (f"(not {code})" if negate else code), T.BOOL

    def x_not_in(self, node):
        return self.x_in_(node, negate=True)

    # -- calls ---------------------------------------------------------------
    def x_call(self, node):
        name = str(node.children[0])
        args = node.children[1].children if len(node.children) > 1 else []
        return self.calls.call(node, name, list(args))

    def x_method(self, node):
        obj_node, name_token = node.children[0], node.children[1]
        name = str(name_token)
        args = node.children[2].children if len(node.children) > 2 else []
        if name in MACROS and args and isinstance(args[0], Tree) and args[0].data == "name":
            return self.macro(node, name, obj_node, args)
        return self.calls.call(node, name, [obj_node] + list(args))

    def macro(self, node, name: str, obj_node, args):
        if len(args) != 2:
            self.fail(node, f"xs.{name}(x, ...) takes a name for each item and one expression", code="arity")
        reads = self.out.reads
        outside = set(reads[-1]) if reads else set()
        items, itype = self.expr(obj_node)
        if not T.is_list(itype):
            self.fail(obj_node, f".{name}() works on a list, not {T.show(itype)}")
        var = str(args[0].children[0])
        read_outside = var in reads[-1] and var not in outside if reads else False
        clash = self.c.clash(var)
        if clash:
            self.fail(args[0], f"'{var}' is already {clash}; pick another name for the item")
        saved = self.scope.get(var)
        saved_rename = self.renames.pop(var, None)   # the item's name shadows a parameter
        saved_alias = self.aliases.pop(var, None)
        saved_local = self.locals.get(var)
        item = self.locals[var] = self.out.fresh("i")
        self.scope[var] = T.item_type(itype)
        self.out.free.append(set())
        kept: dict = {}
        self.loops = True
        try:
            self.out.macros.append((var, kept))
            try:
                body, btype = self.expr(args[1])
            finally:
                self.out.macros.pop()
            if reads and not read_outside:
                reads[-1].discard(var)      # the item is bound here: the macro as a whole does not read it
        finally:
            free = self.out.free.pop() - {item}
            self.out.use(free)
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
            items = self.out.cards(items)
        return MACRO_BUILDERS[name](self, node, args[1], (item, sorted(free), list(kept.values())), items, body,
                                    T.item_type(itype), btype)
