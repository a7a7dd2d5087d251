"""The calls of an expression, checked for the analysis (`analysis.Analysis`): of a ruleset
function, of a builtin or an effect from the registries, their arguments' number and types,
and the quoted names among them (abilities, card attributes, card ids). A ruleset function's
call is remembered (`calls.call_code`) or, for a small body with simple arguments, its body is
walked again in place with the parameters standing for the arguments (`Calls.inline`).
"""
from __future__ import annotations

from typing import Any

from lark import Tree

from interpreter.compile.calls import binders, call_code
from interpreter.compile.macros import MACROS
from interpreter.compile.symbols import FAMILIAR, IMPURE, Failed, Function
from interpreter.errors import did_you_mean
from interpreter.language import hints
from interpreter.language import types as T
from interpreter.language.builtins import ATTRIBUTE_PARAMS, BUILTINS
from interpreter.language.effects import EFFECTS
from interpreter.language.expressions import parse

MAX_INLINED = 40          # a body is written in place only if it (with its calls) nests no deeper


class Calls:
    """Checks the calls of one analysis `a` and hands them to its emitter."""

    def __init__(self, analysis: Any):   # an `analysis.Analysis` (which imports this module)
        self.a = analysis
        self.sym = analysis.sym
        self.out = analysis.out
        self.arg_types: list = []            # the types of the arguments `check_args` last checked

    def effect(self, node) -> str:
        name = str(node.children[0])
        args = node.children[1].children if len(node.children) > 1 else []
        verb = EFFECTS.get(name)
        if verb is None:
            if name in BUILTINS or name in self.sym.functions:
                self.a.fail(node, f"'{name}' is a function, not an effect; its value would be thrown away")
            self.a.fail(node, f"unknown effect '{name}'", hints.unknown_effect(name, self.sym.functions),
                        code="unknown-name")
        codes = self.check_args(node, name, verb.params, args)[0]
        self.check_ability_names(verb.params, args)
        return self.out.effect(node, name, verb, codes, self.arg_types)

    def call(self, node, name: str, args: list):
        if name in self.sym.functions:
            return self.function(node, name, args)
        if name in BUILTINS:
            return self.builtin(node, BUILTINS[name], args)
        if name in EFFECTS:
            self.a.fail(node, f"'{name}' is an effect; effects are statements of their own, not values")
        if name in ("max", "min") and len(args) == 2 and node.data == "call":
            self.a.fail(node, f"there is no {name}(a, b): the {'larger' if name == 'max' else 'smaller'} "
                        f"of two numbers is {name}_of(a, b)",
                        f"over a list: {'highest' if name == 'max' else 'lowest'}(xs), or xs.{name}(x, key)",
                        code="unknown-name")
        if name in MACROS:
            self.a.fail(node, f"'{name}' is written as a method with a name for each item: "
                        f"xs.{name}(x, ...)")
        self.a.fail(node, f"unknown function '{name}'",
                    FAMILIAR.get(name) or hints.unknown_function(name, self.sym.functions, BUILTINS, MACROS),
                    code="unknown-name")

    def check_args(self, node, name: str, params: list, args: list):
        if len(args) != len(params):
            wanted = ", ".join(f"{p}: {T.show_union(t)}" for p, t in params)
            self.a.fail(node, f"{name}() takes {len(params)} argument{'s' * (len(params) != 1)} "
                        f"({wanted}), not {len(args)}", code="arity")
        bindings: dict = {}
        codes, types = [], []
        for (pname, ptype), arg in zip(params, args):
            self.a.wanted = (arg, ptype)      # for the hint of an unknown name given here
            code, atype = self.a.expr(arg)
            if not T.unify(atype, ptype, bindings):
                wanted = T.substitute(ptype, bindings) if not isinstance(ptype, frozenset) else ptype
                self.a.fail(arg, f"argument '{pname}' of {name}() must be {T.show_union(wanted)}, not {T.show(atype)}")
            if self.sym.nobody and atype == T.PLAYER and name not in self.sym.functions:
                # a builtin or effect needs a real player; text() names the empty one
                code = f"named({code})" if name == "text" else \
                    self.out.someone(arg, code, f"argument {pname!r} of {name}()")
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
                    self.a.fail(arg, f"no ability named '{literal}'", did_you_mean(literal, self.sym.abilities),
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
                self.a.fail(arg, f"argument '{pname}' of {name}() names a card attribute; cards have no "
                            f"attribute or variable '{literal}'",
                            did_you_mean(literal, known) or ("card attributes and variables: " + ", ".join(known)),
                            code="unknown-name")

    def builtin(self, node, b, args):
        if b.reads_state or not b.pure:
            self.a.changing()
        if not b.pure:
            self.out.read((IMPURE,))     # a draw at random is never kept for the next item
        if not b.cheap:
            self.a.loops = True
        if not b.pure and not self.a.effects:
            self.a.fail(node, f"{b.name}() draws at random, so it may only be used in effects, not in conditions")
        codes, bindings = self.check_args(node, b.name, b.params, args)
        result = T.substitute(b.result, bindings)
        self.check_ability_names(b.params, args)
        if b.name in ATTRIBUTE_PARAMS:
            self.check_attribute_names(b.name, b.params, args)
        if b.name == "card" and isinstance(args[0], Tree) and args[0].data == "string":
            literal = str(args[0].children[0])[1:-1]
            if literal not in self.sym.card_ids:
                self.a.fail(args[0], f"no card with id '{literal}' in the deck",
                            did_you_mean(literal, self.sym.card_ids), code="unknown-name")
            # a game's cards stay in deck order, so the card is found by its position
            return f"g.all_cards[{self.sym.card_ids[literal]}]", result
        return self.out.builtin(node, b, codes, result, self.arg_types), result

    def function(self, node, name: str, args: list):
        func = self.sym.functions[name]
        self.sym.used.add(("function", name))
        if func.compiling:
            self.a.fail(node, f"function '{name}' calls itself; functions may not be recursive "
                        "(so that every expression terminates)", code="recursion")
        body, result = self.a.c.function(func)
        if body is None:
            raise Failed
        if func.dynamic:
            self.a.changing(*func.depends)
        if not func.cheap:
            self.a.loops = True
        codes, _ = self.check_args(node, name, func.params, args)
        varying = self.out.varying
        candidate = varying is not None and any(
            isinstance(a, Tree) and a.data == "name" and str(a.children[0]) == varying for a in args)
        if (codes and (candidate or any(t == T.CARD for _, t in func.params))) or (func.cheap and func.dynamic):
            # A card argument, or the candidate of a choice's `where:`, differs for every
            # candidate, so a memo would only miss; and a body without loops costs less than
            # a memo's look-up. Inline the body where that is safe, or call it.
            inlined = self.inline(func, args, codes)
            if inlined is not None:
                return inlined, result
        return call_code(self.out.unit, func, body, codes, direct=candidate), result

    def inline(self, func: Function, args: list, codes: list):
        """Generate a function's body in place, its parameters standing for the caller's
        argument code: no call, no env writes. Only for simple arguments (names, literals) and
        only when no collection macro in the body binds a name those arguments read."""
        if self.a.depth >= 4 or not self.a.c.inline_ok or func.reach > MAX_INLINED:
            return None
        reads: list[set] = []
        local_reads: list[set] = []
        for arg in args:
            if not (isinstance(arg, Tree) and arg.data in ("name", "int", "string", "true", "false")):
                return None
            if arg.data == "name":
                arg_name = str(arg.children[0])
                alias = self.a.aliases.get(arg_name)
                reads.append(alias[2] if alias else {self.a.renames.get(arg_name, arg_name)})
                local = None if alias else (self.a.locals.get(arg_name)
                                            or self.out.unit.env_reads.get(self.a.renames.get(arg_name, "")))
                local_reads.append(alias[3] if alias else {local} if local else set())
            else:
                reads.append(set())
                local_reads.append(set())
        tree = parse(func.text, "expression").children[0]
        read_names = set().union(*reads) if reads else set()
        if read_names & binders(tree):
            return None
        # checked already where the function was compiled: its errors are not said again
        inner = self.a.inner(func)
        for (pname, ptype), code, names, local_names in zip(func.params, codes, reads, local_reads):
            inner.aliases[pname] = (code, ptype, names, local_names)
        try:
            code, _ = inner.expr(tree)
        except Failed:
            return None
        if inner.dynamic:
            self.a.changing(*inner.depends)
        self.a.loops = self.a.loops or inner.loops
        return code
