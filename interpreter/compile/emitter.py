"""The code emission of the expression compiler: the Python written for a checked tree, and the
optimisations applied as it is written.

`analysis.Analysis` walks a tree, resolves its names and checks its types; for each node it
hands this module what it found (the codes of the node's parts, their types, the builtin,
effect or function a name resolved to, what the node reads) and takes back the node's code.
What is decided here, and only here:
- the calling conventions of the runtime (`runtime.py`): checked arithmetic, the calls of the
  builtins and effects that may fail, the lists a builtin builds charged to the budget, the
  guards of unset variables and of the empty player, the setting of variables and memos;
- which of a builtin's registry properties changes its code: an `inline` form written in
  place, `may_fail`, `cheap`;
- hoisting: a part of a choice's condition that is the same for every candidate, or of a
  collection macro's body that is the same for every item, is computed once (on first use,
  so that short-circuits still guard it); a call that reads nothing a game changes is
  computed once per game (`g.static`).
"""
from __future__ import annotations

import re
from interpreter.compile.calls import is_static, remembered
from interpreter.compile.symbols import IMPURE, needs_setting, position
from interpreter.compile.unit import Unit
from interpreter.language import types as T
from interpreter.language.source import Where
from interpreter.limits import MAX_INT

_CALL = re.compile(r"[\w\]]\(")    # generated code that calls something (not only reads and compares)
_TRIVIAL = {"int", "string", "true", "false", "name"}   # cheaper to evaluate than to look up (a name
# that calls a function of no parameters is not: it is hoisted like any other invariant)
_INT_LITERAL = re.compile(r"\(?-?\d+\)?")     # the code of a whole number written in the ruleset


def _hoisted(code: str, name: str) -> str:
    """A part of a choice's condition that is the same for every candidate: computed on first
    use in one listing of the legal options (so short-circuits still guard it: it may fail in
    a state where they skip it) and kept in a local of that listing, NOT_YET until then."""
    return f"({name} if {name} is not NOT_YET else ({name} := {code}))"


def _clears(memos) -> str:
    """The lines, each after a newline, that empty `memos` once a variable is set in place."""
    return "".join(f"\n    if {m}: {m} = {{}}" for m in memos)


_GAME_ZONE = re.compile(r"g\.zones\[('\w+')\]")


def zone_cards(zone: str, numbers: dict) -> str:
    """The code of the cards of the zone whose code is `zone`: its game's list at the zone's
    number, a fixed place for a game zone (`numbers`: Symbols.zone_numbers)."""
    found = _GAME_ZONE.fullmatch(zone)
    if found is not None and found[1][1:-1] in numbers:
        return f"g.zone_cards[{numbers[found[1][1:-1]]}]"
    return f"g.zone_cards[{zone}.number]"


class Emitter:
    """Writes the code of one checked tree into `unit`, keeping what hoisting needs: the names
    each node reads, the macro bodies and the choice's candidate being compiled."""

    def __init__(self, unit: Unit, where: Where, zone_numbers: dict | None = None):
        self.unit = unit
        self.where = where
        self.zone_numbers = zone_numbers or {}   # game zone -> its number (Symbols.zone_numbers)
        self.varying: str | None = None      # the candidate name whose invariants are hoisted
        self.reads: list = []                # a stack of sets: the names each node reads
        self.macros: list = []               # the macro bodies being compiled: (item name, {code: local kept once})
        self.free: list = []                 # a stack of sets: the locals each macro body reads

    def inner(self, where: Where) -> Emitter:
        """The emitter of a function body written in place: the same unit and the caller's
        hoisting (the body runs in the caller's env; its locals are read where it is written)."""
        out = Emitter(self.unit, where, self.zone_numbers)
        out.varying, out.reads, out.macros, out.free = self.varying, self.reads, self.macros, self.free
        return out

    def fresh(self, hint: str) -> str:
        return self.unit.fresh(hint)

    def cards(self, zone: str) -> str:
        """The code of the cards of the zone whose code is `zone` (see `zone_cards`)."""
        return zone_cards(zone, self.zone_numbers)

    def span_code(self, node) -> str:
        """The node's position as a constant of the generated code, for its run-time errors."""
        return self.unit.constant(self.where.span(*position(node)), "span")

    # -- what a node reads, for hoisting ------------------------------------------
    def enter(self) -> set:
        """A node starts: the set of the names it reads, filled while its parts are compiled."""
        frame: set = set()
        self.reads.append(frame)
        return frame

    def leave(self, frame: set, *, done: bool) -> None:
        """The node of `frame` ends; once `done` (not failed), its reads count for the nodes
        around it too. (Plain calls, not a context manager: this runs for every node.)"""
        self.reads.pop()
        if done and self.reads:
            self.reads[-1].update(frame)

    def read(self, names) -> None:
        """Record that the node being compiled reads these names (for hoisting)."""
        if self.reads:
            self.reads[-1].update(names)

    def use(self, local_names) -> None:
        """Record that the code being generated reads these Python locals: a macro's helper
        function takes the ones its body reads from the code around it as parameters."""
        if self.free:
            self.free[-1].update(local_names)

    def kept(self, node, code: str, frame: set, *, calls: bool) -> str:
        """A node's code as it is used, given what it reads (`frame`) and whether it calls a
        builtin or a function: computed once per game, once per run of a macro, or once per
        listing of a choice's options when it does not depend on what changes there."""
        if code in self.unit.wrapped or IMPURE in frame:
            return code
        if calls and not frame and _CALL.search(code) and not is_static(code):
            # reads nothing a game changes and no bound name (a filter of all_cards by their
            # attributes, a range of constants): computed once per game
            fixed = self.unit.fresh("fixed")
            self.unit.helper([f"def {fixed}(g, env=None):", f"    return {code}"])
            return remembered(self.unit, "g.static", fixed, f"{fixed}(g)")
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
        return code

    # -- reads ---------------------------------------------------------------------
    def param(self, key: str) -> str:
        """A function's parameter, always in the env its body is called with: read once, into
        a local of the body, which a loop in it then reads (or is handed) directly."""
        return self.unit.env_reads.get(key) or self.unit.env_reads.setdefault(key, self.unit.fresh("p"))

    def unset_guard(self, node, code: str, typ, name: str) -> str:
        """A variable of a type with no natural start (card, team, tuple) is unset until assigned:
        reading it before then is an error at this position, not a crash later on."""
        if not needs_setting(typ):
            return code
        return f"unset(g, {code}, {self.span_code(node)}, {name!r})"

    def someone(self, node, code: str, what: str) -> str:
        """A player value that must not be the empty one (`nobody`) where it is used for `what`."""
        return f"someone(g, {code}, {self.span_code(node)}, {what!r})"

    # -- statements ----------------------------------------------------------------
    def game_setter(self, new: str, name: str, memos):
        """The statement setting game variable `name`, given a function making the new
        value's code from the code that reads it now. A game that records sets through the
        game, which makes the event; one that does not, in place, emptying `memos`."""
        clears = _clears(memos)
        return (lambda value: f"{new} = {value(f'g.vars[{name!r}]')}\n"
                f"if g.record: g.set_var({name!r}, {new})\n"
                f"else:\n    g.vars[{name!r}] = {new}{clears}")

    def owner_setter(self, new: str, obj: str, attr: str, memos, otype: str):
        """As `game_setter`, for the variable `attr` of the player, team or card `obj` (of type
        `otype`: their variables are their game's, by seat, team index or place in the deck)."""
        owner = self.unit.fresh("o")
        clears = _clears(memos)
        place = {T.CARD: f"g.card_vars[{owner}.index]", T.PLAYER: f"g.player_vars[{owner}.seat]",
                 T.TEAM: f"g.team_vars[{owner}.index]"}[otype]
        return (lambda value: f"{owner} = {obj}\n{new} = {value(f'{place}[{attr!r}]')}\n"
                f"if g.record: g.set_owner_var({owner}, {attr!r}, {new})\n"
                f"else:\n    {place}[{attr!r}] = {new}{clears}")

    def effect(self, node, name: str, verb, codes: list, arg_types: list) -> str:
        """The call of an effect from the registry, its arguments checked."""
        if name in ("move", "move_to_top"):
            # the commonest effect, which cannot fail, calls the game directly: a card goes as a
            # list of one, a zone's cards as a copy (its list changes while they move)
            if name == "move" and arg_types[0] == T.CARD:
                return f"g.move_card({codes[0]}, {codes[1]})"
            if name == "move" and arg_types[0] == T.ZONE:
                return f"g.move_zone({codes[0]}, {codes[1]})"
            what = {T.CARD: f"[{codes[0]}]", T.ZONE: f"list({self.cards(codes[0])})"}.get(arg_types[0], codes[0])
            return f"g.move({what}, {codes[1]}{', top=True' if name == 'move_to_top' else ''})"
        impl = self.unit.constant(verb.fn, "effect")
        if not verb.may_fail:
            return f"{impl}(g{''.join(', ' + c for c in codes)})"
        arity = str(len(codes)) if len(codes) in (1, 2) else ""
        call = f"effect{arity}(g, {impl}, {self.span_code(node)}, {name!r}{''.join(', ' + c for c in codes)})"
        if name == "announce":     # only an event: its text is computed only by a game that keeps it
            return f"if g.say: {call}"
        return call

    # -- operators -----------------------------------------------------------------
    def checked(self, node, expression: str) -> str:
        """Whole-number arithmetic kept machine-sized: checked in place, the result held in a
        name of this node's own."""
        held = self.unit.fresh("v")
        return (f"({held} if {-MAX_INT!r} <= ({held} := {expression}) <= {MAX_INT!r} "
                f"else too_big(g, {self.span_code(node)}))")

    def arith(self, node, op: str, a: str, b: str) -> str:
        """`a op b` of two whole numbers."""
        if op in "/%" and _INT_LITERAL.fullmatch(b) and int(b.strip("()")) != 0:
            return f"(({a}) {'//' if op == '/' else '%'} {b})"    # a divisor that is never 0
        if op == "/":
            return f"divide(g, {a}, {b}, {self.span_code(node)})"
        if op == "%":
            return f"modulo(g, {a}, {b}, {self.span_code(node)})"
        return self.checked(node, f"{a} {op} {b}")

    def runtime(self, node, helper: str, *codes: str) -> str:
        """A call of a runtime helper that may fail at the node's position: `helper(g, ..., span)`."""
        return f"{helper}(g, {''.join(c + ', ' for c in codes)}{self.span_code(node)})"

    # -- calls ---------------------------------------------------------------------
    def builtin(self, node, b, codes: list, result, arg_types: list) -> str:
        """The call of builtin `b` of the registry, as its properties say: its `inline` form
        written in place (a form for a zone only where the argument is one: a list argument
        may be a zone passed for it, so those are called), guarded when it `may_fail`, and a
        list it builds charged to the budget by its size."""
        if b.inline is not None and (not b.inline.zone_only or arg_types[0] == T.ZONE):
            return self.inline_builtin(node, b.inline, codes)
        impl = self.unit.constant(b.fn, "builtin")
        rest = "".join(", " + c for c in codes)
        if b.may_fail:
            arity = str(len(codes)) if len(codes) in (1, 2) else ""
            code = f"call{arity}(g, {impl}, {self.span_code(node)}{rest})"
        else:
            code = f"{impl}(g{rest})"
        if T.is_list(result):
            nested = T.is_list(T.item_type(result))
            code = f"{'charged_nested' if nested else 'charged'}(g, {code}, {self.span_code(node)})"
        return code

    def inline_builtin(self, node, form, codes: list) -> str:
        """A builtin's `inline` form from the registry, each argument computed once in a local."""
        names = {f"t{i}": self.unit.fresh("n") for i in range(form.locals())}
        fail = f"fail(g, {self.span_code(node)}, {form.error!r})" if form.error else ""
        return form.code.format(**names, **{f"a{i}": code for i, code in enumerate(codes)}, fail=fail,
                                z0=self.cards(codes[0]) if form.zone_only else "")
