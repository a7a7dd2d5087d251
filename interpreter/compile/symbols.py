"""What the expression compiler resolves names against, and what its analysis and its code
emission share: a ruleset's `Symbols` and `Function`s, the names every ruleset has (`GLOBALS`,
the attributes of cards, players and teams), the reserved words, the markers of what an
expression reads, and `Failed`, which ends the walk of a tree after an error was recorded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from lark import Token

from interpreter.compile.macros import MACROS
from interpreter.language import types as T
from interpreter.language.builtins import BUILTINS
from interpreter.language.source import Where

IMPURE = "<draws at random>"   # read by an expression that draws: no part of it is computed once for several
STATE = "<changing state>"     # read by one that reads state a game changes

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
    # what its value depends on: variables as (scope, name), and STATE for any other state
    # (cards' places and faces, phases, abilities); see `memo_place`
    depends: frozenset = frozenset()

    @property
    def memo_place(self) -> str:
        """Where its calls are remembered. One whose value depends on variables alone, of
        players, teams, numbers, strings and truth values, in `g.vmemo`: moving a card keeps it,
        and so does setting a variable it does not read. Any other in `g.memo`, which every
        change of state but the setting of a variable none of its functions reads empties."""
        if STATE in self.depends or not all(t in _SCALARS for _, t in self.params):
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
    # game zone -> its number (the game zones come first in a layout, in the order declared:
    # engine/layout.py), so generated code reads its cards at a fixed place
    zone_numbers: dict = field(default_factory=dict)
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


class Failed(Exception):
    """Raised inside the compiler after an error was recorded, to skip the rest of a tree."""


def position(tree) -> tuple[int, int]:
    """The line and column of a node of an expression's tree (1, 1 when it has none)."""
    if isinstance(tree, Token):
        return tree.line or 1, tree.column or 1
    meta = tree.meta
    return (getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1)
