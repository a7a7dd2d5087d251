"""The sections of a ruleset that declare names: options (and the values set for them), the
deck, zones, variables, functions and teams. Each is checked and entered into the `Symbols` that
the expression compiler resolves names against, before any rule that uses them is compiled;
`ruleset._Builder` then compiles the flow, triggers and abilities over them.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compile.compiler import Compiler
from interpreter.compile.symbols import RESERVED, Function, Symbols
from interpreter.engine.state import OTHERS, OWNER, PUBLIC, InitialValue
from interpreter.errors import Collector, did_you_mean
from interpreter.kinds import VISIBILITIES
from interpreter.language import types as T
from interpreter.language.deck import DeckBuilder, has_type
from interpreter.language.loader import Located
from interpreter.language.options import OptionSpec, coerce_option
from interpreter.language.source import Source, Where

MAX_TEAMS = 64
_ANY = object()   # a variable whose declared type was not understood (already reported)
# The common type names, for suggestions; any nesting of list<...> and tuple<...> is a type too.
TYPE_NAMES = {"int": T.INT, "bool": T.BOOL, "str": T.STR, "card": T.CARD, "player": T.PLAYER,
              "team": T.TEAM, "list<int>": T.list_of(T.INT), "list<card>": T.list_of(T.CARD),
              "list<player>": T.list_of(T.PLAYER), "list<str>": T.list_of(T.STR),
              "list<list<card>>": T.list_of(T.list_of(T.CARD))}


@dataclass
class ZoneSpec:
    name: str
    owner: str
    visibility: str
    description: str = ""


class Declarations:
    """Checks the declaring sections of merged ruleset data and fills `symbols` with their names."""

    def __init__(self, merged: dict, errors: Collector, *, symbols: Symbols, compiler: Compiler, top: Source):
        self.m = merged
        self.errors = errors
        self.symbols = symbols
        self.compiler = compiler
        self.top = top

    def options(self) -> dict[str, OptionSpec]:
        out = {}
        for name, loc in self.m["options"].items():
            spec = loc.value if isinstance(loc.value, dict) else {}
            typ = spec.get("type", "str")
            option = OptionSpec(name, typ, None, str(spec.get("description", "")), spec.get("values"),
                                spec.get("min"), spec.get("max"), loc.source.span(loc.path, key=True))
            if "default" not in spec:
                self.errors.error("missing-key", f"option '{name}' needs a 'default'", loc.span)
                continue
            default, problem = coerce_option(option, spec["default"], text=False)
            self.symbols.options[name] = {"int": T.INT, "bool": T.BOOL}.get(typ, T.STR)
            if problem:
                self.errors.error("option-value", f"default of option '{name}': {problem}",
                                  loc.source.span(loc.path + ("default",)))
                continue
            option.default = default
            if name in RESERVED:
                self.errors.error("reserved", f"'{name}' is a builtin name; choose another option name",
                                  option.span)
            out[name] = option
            self.symbols.options[name] = {"int": T.INT, "bool": T.BOOL}.get(typ, T.STR)
        return out

    def option_values(self, options: dict[str, OptionSpec]) -> dict:
        values = {name: spec.default for name, spec in options.items()}
        for name, loc in self.m["set"].items():
            if "." in name:
                continue      # a procedure's parameter (parameters.set_parameters)
            spec = options.get(name)
            if spec is None:
                self.errors.error("unknown-option", f"unknown option '{name}'",
                                  loc.source.span(loc.path, key=True), did_you_mean(name, options))
                continue
            value, problem = coerce_option(spec, loc.value, text=False)
            if problem:
                self.errors.error("option-value", f"option '{name}': {problem}", loc.span)
            else:
                values[name] = value
        return values

    def deck(self, loc: Located):
        spec = loc.value if isinstance(loc.value, dict) else {}
        builder = DeckBuilder(spec, loc.source, loc.path, self.errors)
        cards = builder.build()
        attrs = builder.attrs
        skipped = builder.skipped
        seen: dict[str, int] = {}      # card id -> its position in the deck (Card.index)
        for i, card in enumerate(cards):
            if card.id in seen:
                self.errors.error("duplicate", f"two cards have the id '{card.id}'",
                                  loc.source.span(card.where) if card.where else loc.span,
                                  "a card's repeats are numbered #2, #3 ...: give one of the two entries another "
                                  "'id' (or an 'id' template that tells them apart)")
            seen.setdefault(card.id, i)
        self.symbols.card_attrs = attrs
        self.symbols.card_ids = seen
        self.symbols.card_values = {name: {c.attrs[name] for c in cards if name in c.attrs} for name in attrs}
        removals = []
        for i, rule in enumerate(spec.get("remove") or []):
            where = Located(rule.get("when", "true"), loc.source, loc.path + ("remove", i, "when"))
            for j, card_id in enumerate(rule.get("cards") or []):
                if str(card_id) not in seen:
                    self.errors.error("unknown-name", f"no card with id '{card_id}' in the deck",
                                      loc.source.span(loc.path + ("remove", i, "cards", j)),
                                      did_you_mean(str(card_id), seen))
            removals.append((where, [str(c) for c in rule.get("cards") or []]))
        if not cards and not skipped:
            self.errors.error("empty-deck", "the deck has no cards: set 'standard: true' or list 'cards'", loc.span)
        return cards, removals

    def zones(self) -> list[ZoneSpec]:
        out = []
        for name, loc in self.m["zones"].items():
            spec = loc.value if isinstance(loc.value, dict) else {}
            owner = spec.get("owner", "game")
            visibility = spec.get("visibility", PUBLIC)
            if visibility not in VISIBILITIES or owner not in ("game", "player", "team"):
                continue  # the schema reported it
            if owner == "game" and visibility == OWNER:
                self.errors.error("visibility", f"zone '{name}' belongs to the game, so 'owner' visibility "
                                  "means nobody; use 'hidden'", loc.source.span(loc.path + ("visibility",)))
            if owner == "game" and visibility == OTHERS:
                self.errors.error("visibility", f"zone '{name}' belongs to the game, so 'others' visibility "
                                  "means everyone; use 'public'", loc.source.span(loc.path + ("visibility",)))
            table = {"game": self.symbols.game_zones, "player": self.symbols.player_zones,
                     "team": self.symbols.team_zones}[owner]
            table.add(name)
            if owner == "game":
                self.symbols.zone_numbers.setdefault(name, len(self.symbols.zone_numbers))
            out.append(ZoneSpec(name, owner, visibility, str(spec.get("description", ""))))
        if self.m["zones"] and not any(z.owner == "game" for z in out):
            self.errors.error("zones", "no zone belongs to the game; the cards start in the first game zone "
                              "(add one, e.g. 'deck: {owner: game, visibility: hidden}')",
                              next(iter(self.m["zones"].values())).span)
        return out

    def _var_type(self, loc: Located):
        value = loc.value
        if isinstance(value, dict):
            tname = value.get("type")
            if tname is None:
                inner = value.get("initial")
                return _literal_type(inner) if not isinstance(inner, str) else None
            # An unknown type name is reported here; the variable is still declared (of any
            # type) so that its uses raise no second error.
            typ = T.declared_type(tname)
            if typ is None:
                self.errors.error("type", f"unknown type '{tname}'", loc.source.span(loc.path + ("type",)),
                                  _type_hint(tname))
                return _ANY
            return typ
        return _literal_type(value)

    def vars_symbols(self) -> None:
        tables = {"game": self.symbols.game_vars, "player": self.symbols.player_vars,
                  "team": self.symbols.team_vars, "card": self.symbols.card_vars}
        for scope, entries in self.m["vars"].items():
            for name, loc in entries.items():
                typ = self._var_type(loc)
                if typ is None:
                    self.errors.error("type", f"variable '{name}' needs a 'type' (its initial value is an "
                                      "expression)", loc.span)
                    continue
                if typ is _ANY:
                    typ = None
                if name in RESERVED:
                    self.errors.error("reserved", f"'{name}' is a builtin name; choose another variable name",
                                      loc.source.span(loc.path, key=True))
                tables[scope][name] = typ
        clashes = {}
        for kind, table in (("option", self.m["options"]), ("game variable", self.m["vars"].get("game", {})),
                            ("zone", self.m["zones"]), ("function", self.m["functions"])):
            for name, loc in table.items():
                if kind == "zone" and name not in self.symbols.game_zones:
                    continue
                if name in clashes:
                    self.errors.error("duplicate", f"'{name}' is both {clashes[name]} and a {kind}; "
                                      "names must be unique", loc.source.span(loc.path, key=True))
                clashes[name] = f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"

    def vars(self) -> dict:
        out = {}
        for scope, entries in self.m["vars"].items():
            out[scope] = {}
            table = {"game": self.symbols.game_vars, "player": self.symbols.player_vars,
                     "team": self.symbols.team_vars, "card": self.symbols.card_vars}[scope]
            for name, loc in entries.items():
                if name not in table:
                    continue
                typ = table[name]
                value = loc.value
                if isinstance(value, dict):
                    if "initial" in value and isinstance(value["initial"], str) and typ != T.STR:
                        fn = self.compiler.expression(value["initial"], Where(loc.source, loc.path + ("initial",)),
                                                      expect=typ)[0]
                    elif "initial" in value:
                        const = value["initial"]
                        if not has_type(const, typ):
                            self.errors.error("type", f"initial value of '{name}' is not {T.show(typ)}",
                                              loc.source.span(loc.path + ("initial",)))
                        fn = _initial_constant(const)
                    else:
                        fn = _default_initial(typ)     # a card, team or tuple starts unset
                else:
                    fn = _initial_constant(value)
                out[scope][name] = (typ, fn, loc.span)
        return out

    def functions(self) -> None:
        for name, loc in self.m["functions"].items():
            value = loc.value
            params, text, where = [], value, loc.where
            if isinstance(value, dict):
                text = value.get("value")
                where = Where(loc.source, loc.path + ("value",))
                for pname, tname in (value.get("params") or {}).items():
                    typ = T.declared_type(tname)
                    if typ is None:
                        self.errors.error("type", f"unknown type '{tname}' for parameter '{pname}'",
                                          loc.source.span(loc.path + ("params", pname)), _type_hint(tname))
                    params.append((pname, typ))
            if name in RESERVED:
                self.errors.error("reserved", f"'{name}' is a builtin name; choose another function name",
                                  loc.source.span(loc.path, key=True))
            if name in self.symbols.card_attrs and loc.source is self.top:
                self.errors.warning("shadow", f"function '{name}' has the name of a card attribute: "
                                    f"'c.{name}' reads the attribute, '{name}(c)' calls the function",
                                    loc.source.span(loc.path, key=True), "give the function another name")
            self.symbols.functions[name] = Function(name, params, text, where)
        for func in self.symbols.functions.values():
            self.compiler.function(func)

    def teams(self):
        loc = self.m.get("teams")
        if loc is None or not isinstance(loc.value, dict):
            return None
        spec = loc.value
        when = self.compiler.expression(spec.get("when", "true"), Where(loc.source, loc.path + ("when",)),
                                        expect=T.BOOL)[0]
        of = self.compiler.expression(spec.get("of"), Where(loc.source, loc.path + ("of",)),
                                      scope={"p": T.PLAYER}, expect=T.INT)[0]
        count = spec.get("count", 2)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TEAMS:
            self.errors.error("type", f"teams.count is a whole number from 1 to {MAX_TEAMS}",
                              loc.source.span(loc.path + ("count",)))
            return None
        return {"when": when, "of": of, "count": count,
                "names": [str(n) for n in spec.get("names") or []]}


def _type_hint(tname) -> str:
    """What to write instead of an unknown type name."""
    return did_you_mean(str(tname), TYPE_NAMES) or (
        "types: int, bool, str, card, player, team, list<T> (lists of lists too: list<list<card>>) "
        "and tuple<T1, T2, ...>")


def _literal_type(value):
    if isinstance(value, bool):
        return T.BOOL
    if isinstance(value, int):
        return T.INT
    if isinstance(value, str):
        return T.STR
    return None


class SharedValue:
    """A variable's initial value that is a list (or tuple) constant: the same value for every
    owner, computed by calling it as any initial value is. (A class, not a closure, so that a
    ruleset kept whole by the load cache keeps it.)"""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __call__(self, g, env):
        return self.value


def first_player(g, env):
    """The initial value of a player variable with none written: the first player."""
    return g.players[0]


def empty_list(g, env):
    """The initial value of a list variable with none written: a new empty list per owner."""
    return []


def _initial_constant(value):
    if value is None or type(value) in (int, bool, str):
        return InitialValue(value)
    return SharedValue(value)      # a list (or tuple) constant, the same value for every owner


def _default_initial(typ):
    if typ == T.PLAYER:
        return first_player
    if typ == T.INT:
        return InitialValue(0)
    if typ == T.BOOL:
        return InitialValue(False)
    if typ == T.STR:
        return InitialValue("")
    if T.is_list(typ):
        return empty_list
    return InitialValue(None)
