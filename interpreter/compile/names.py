"""The names of an expression, resolved for the analysis (`analysis.Analysis`): a name (a
local, a function's parameter, a name bound by the flow, a global, an option, a game variable
or zone, a function of no arguments), an attribute of a card, player or team, and a place an
effect statement assigns. An unknown one is reported with the closest known names and, where
the call around it wants a type, what would give one.
"""
from __future__ import annotations

from typing import Any

from lark import Tree

from interpreter.compile.symbols import CARD_BUILTIN_ATTRS, GLOBALS, PLAYER_ATTRS, TEAM_ATTRS, Failed
from interpreter.errors import did_you_mean
from interpreter.language import hints
from interpreter.language import types as T
from interpreter.language.builtins import BUILTINS

_FIELDS = {"id": "id", "label": "label", "seat": "seat", "name": "name",
           "index": "index", "members": "members"}   # the runtime's own attribute names, never a ruleset's


class Names:
    """Resolves the names of one analysis `a` (its scope, locals and aliases) against the ruleset's symbols."""

    def __init__(self, analysis: Any):   # an `analysis.Analysis` (which imports this module)
        self.a = analysis
        self.sym = analysis.sym
        self.out = analysis.out

    def name(self, node):
        name = str(node.children[0])
        alias = self.a.aliases.get(name)
        if alias is not None:
            self.out.read(alias[2])
            self.out.use(alias[3])
            return alias[0], alias[1]
        local = self.a.locals.get(name)
        if local is not None:
            self.out.read((name,))
            self.out.use((local,))
            return local, self.a.scope[name]
        if name in self.a.renames:
            key = self.a.renames[name]
            self.out.read((key,))
            local = self.out.param(key)
            self.out.use((local,))
            return local, self.a.scope[name]
        if name in self.a.scope:
            self.out.read((name,))
            return f"env[{name!r}]", self.a.scope[name]
        if name in GLOBALS:
            typ, code = GLOBALS[name]
            return code, typ
        sym = self.sym
        if name in sym.options:
            sym.used.add(("option", name))
            return f"g.options[{name!r}]", sym.options[name]
        if name in sym.game_vars:
            sym.used.add(("var", name))
            self.a.changing(("game", name))
            typ = sym.game_vars[name]
            return self.out.unset_guard(node, f"g.vars[{name!r}]", typ, name), typ
        if name in sym.game_zones:
            sym.used.add(("zone", name))
            self.a.changing()
            return f"g.zones[{name!r}]", T.ZONE
        if name in sym.functions:
            return self.a.calls.function(node, name, [])
        if name in sym.player_vars or name in sym.player_zones:
            self.a.fail(node, f"'{name}' belongs to each player; write 'p.{name}' for a player p",
                        code="unknown-name")
        known = list(self.a.scope) + list(GLOBALS) + list(sym.options) + list(sym.game_vars) + \
            list(sym.game_zones) + list(sym.functions)
        self.a.fail(node, f"unknown name '{name}'",
                    hints.unknown_name(name, known, wanted=self.wanted_for(node), out_of_step=self.a.c.out_of_step),
                    code="unknown-name")

    def wanted_for(self, node):
        """The type the call around `node` wants for it, when `node` is one of its arguments."""
        wanted = self.a.wanted
        return wanted[1] if wanted is not None and wanted[0] is node else None

    def kind_of(self, name: str) -> str | None:
        sym = self.sym
        for kind, table in (("an option", sym.options), ("a zone", sym.game_zones),
                            ("a function", sym.functions), ("a builtin", GLOBALS)):
            if name in table:
                return kind
        return None

    def attribute(self, node):
        obj_node, attr_token = node.children
        attr = str(attr_token)
        obj, otype = self.a.expr(obj_node)
        sym = self.sym
        if otype == T.CARD:
            if attr in sym.card_vars:
                sym.used.add(("var", attr))
                self.a.changing(("card", attr))
                typ = sym.card_vars[attr]
                # (a card's variables are its game's: `g.card_vars`, by the card's place in the deck)
                return self.out.unset_guard(node, f"g.card_vars[{obj}.index][{attr!r}]", typ, attr), typ
            if attr in sym.card_attrs:
                return f"{obj}.attrs[{attr!r}]", sym.card_attrs[attr]
            if attr in CARD_BUILTIN_ATTRS:
                if attr == "face_up":
                    self.a.changing()
                    return f"({obj}.index in g.card_turned)", T.BOOL
                return f"{obj}.{_FIELDS[attr]}", CARD_BUILTIN_ATTRS[attr]
            if attr == "last_holder":
                self.a.changing()
                return self.out.runtime(node, "last_holder", obj), T.PLAYER
            known = list(sym.card_attrs) + list(sym.card_vars) + list(CARD_BUILTIN_ATTRS) + ["last_holder"]
            self.a.fail(attr_token, f"cards have no attribute '{attr}'", did_you_mean(attr, known),
                        code="unknown-name")
        if otype == T.PLAYER:
            if sym.nobody:
                obj = self.out.someone(node, obj, f"reading {attr!r}")
            if attr in sym.player_vars:
                sym.used.add(("var", attr))
                self.a.changing(("player", attr))
                typ = sym.player_vars[attr]
                # (a player's variables are its game's: `g.player_vars`, by seat)
                return self.out.unset_guard(node, f"g.player_vars[{obj}.seat][{attr!r}]", typ, attr), typ
            if attr in sym.player_zones:
                sym.used.add(("zone", attr))
                self.a.changing()
                return f"{obj}.zones[{attr!r}]", T.ZONE
            if attr == "left":
                return f"g.players[({obj}.seat + 1) % len(g.players)]", T.PLAYER
            if attr == "right":
                return f"g.players[({obj}.seat - 1) % len(g.players)]", T.PLAYER
            if attr == "team":
                return self.out.runtime(node, "team_of", obj), T.TEAM
            if attr in PLAYER_ATTRS:
                return f"{obj}.{_FIELDS[attr]}", PLAYER_ATTRS[attr]
            known = list(sym.player_vars) + list(sym.player_zones) + list(PLAYER_ATTRS)
            self.a.fail(attr_token, f"players have no variable or zone '{attr}'",
                        did_you_mean(attr, known) or hints.unknown_owned(attr, "player", wanted=self.wanted_for(node)),
                        code="unknown-name")
        if otype == T.TEAM:
            if attr in sym.team_vars:
                sym.used.add(("var", attr))
                self.a.changing(("team", attr))
                typ = sym.team_vars[attr]
                return self.out.unset_guard(node, f"g.team_vars[{obj}.index][{attr!r}]", typ, attr), typ
            if attr in sym.team_zones:
                sym.used.add(("zone", attr))
                self.a.changing()
                return f"{obj}.zones[{attr!r}]", T.ZONE
            if attr in TEAM_ATTRS:
                return f"{obj}.{_FIELDS[attr]}", TEAM_ATTRS[attr]
            known = list(sym.team_vars) + list(sym.team_zones) + list(TEAM_ATTRS)
            self.a.fail(attr_token, f"teams have no variable or zone '{attr}'",
                        did_you_mean(attr, known) or hints.unknown_owned(attr, "team", wanted=self.wanted_for(node)),
                        code="unknown-name")
        if otype is None:
            raise Failed
        hint = "call it as a method: x.f()" if attr in BUILTINS or attr in sym.functions else None
        self.a.fail(attr_token, f"{T.article(otype)} has no attribute '{attr}'", hint)

    def target(self, node):
        """A settable place: a game variable, or a player's, team's or card's variable. Returns
        a function making the statement's code, and the place's type; the function is given
        one making the new value's code from the code that reads the place now. A game that
        records sets through the game, which makes the event; one that does not, in place."""
        new = self.out.fresh("s")
        if node.data == "target_name":
            name = str(node.children[0])
            if name in self.sym.game_vars:
                self.sym.used.add(("var", name))
                return self.out.game_setter(new, name, self.sym.memo_clears(("game", name))), self.sym.game_vars[name]
            if name in self.a.scope:
                self.a.fail(node, f"'{name}' is bound by a loop or choice and cannot be assigned")
            kind = self.kind_of(name)
            if kind:
                self.a.fail(node, f"'{name}' is {kind} and cannot be assigned; only variables can")
            self.a.fail(node, f"unknown variable '{name}'",
                        did_you_mean(name, self.sym.game_vars), code="unknown-name")
        obj_node, attr_token = node.children
        obj, otype = self.a.expr(obj_node)
        attr = str(attr_token)
        table = {T.PLAYER: self.sym.player_vars, T.TEAM: self.sym.team_vars,
                 T.CARD: self.sym.card_vars}.get(otype)
        if table is None:
            self.a.fail(attr_token, f"only player, team and card variables can be assigned, not {T.article(otype)}'s '{attr}'")
        if attr not in table:
            if otype == T.CARD and (attr in self.sym.card_attrs or attr in CARD_BUILTIN_ATTRS):
                self.a.fail(attr_token, f"'{attr}' is a card attribute, fixed by the deck; only card variables "
                            "(declared under vars.card) can be assigned")
            self.a.fail(attr_token, f"unknown {otype} variable '{attr}'", did_you_mean(attr, table),
                        code="unknown-name")
        self.sym.used.add(("var", attr))
        if otype == T.PLAYER and self.sym.nobody:
            obj = self.out.someone(obj_node, obj, f"setting {attr!r}")
        return (self.out.owner_setter(new, obj, attr, self.sym.memo_clears((otype, attr)), otype),
                table[attr])

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
            self.a.c.errors.warning("attribute-value", f"no card has {attr} '{value}', so this is never true",
                                    self.a.span(value_node),
                                    did_you_mean(value, values) or f"{attr}: " + ", ".join(sorted(values)))
