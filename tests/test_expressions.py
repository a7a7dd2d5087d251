"""The expression language's conformance table: (expression, state, expected value or error).

Every case is compiled against tests/fixtures/expressions.yaml with `ruleset.compile` and
evaluated on one standard state (`standard_state`, below) with these names bound:
p = seat 0, q = seat 1, c = the Q♠, d = the 7♦. The table covers arithmetic, precedence,
strings, lists, `in`, the ternary, strict booleans, every collection macro, every builtin of
interpreter/language/builtins.py, static type errors and runtime errors with their position; and it
checks that evaluating an expression never changes the state (conditions are pure), while
statements (`effects=True`) do.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from interpreter import Game
from interpreter.language.builtins import BUILTINS
from interpreter.limits import MAX_RANGE
from interpreter.compile.macros import MACROS
from interpreter.errors import GameError, RulesetError
from interpreter.engine.state import Card, Player, Team, Zone
from tests.conftest import ROOT, ruleset

FIXTURE = ROOT / "tests" / "fixtures" / "expressions.yaml"
SCOPE = {"p": "player", "q": "player", "c": "card", "d": "card"}


@dataclass(frozen=True)
class Err:
    """A compile-time error: the exact message, and the column in the expression if given."""
    message: str
    column: int | None = None
    hint: str | None = None


@dataclass(frozen=True)
class Fail:
    """A runtime error (GameError) raised while evaluating: exact message, column if given."""
    message: str
    column: int | None = None


def C(card_id: str) -> tuple:
    return ("card", card_id)


def P(seat: int) -> tuple:
    return ("player", seat)


def cards(ids: str) -> list:
    return [C(i) for i in ids.split()]


def plain(value):
    """Game objects as comparable tuples: a card by id, a player by seat, a zone by key."""
    if isinstance(value, Card):
        return C(value.id)
    if isinstance(value, Player):
        return P(value.seat)
    if isinstance(value, Team):
        return ("team", value.index)
    if isinstance(value, Zone):
        return ("zone", value.key)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    return value


@pytest.fixture(scope="module")
def rules():
    return ruleset(FIXTURE)


def standard_state(rules) -> tuple[Game, dict]:
    """GIVEN 4 players waiting at the fixture's one decision, and:
    p0 holds 2♥ 5♥ Q♠ K♣; p1 holds 3♣ A♣ and has taken A♥ 9♥ 4♠; p2 holds nothing;
    the trick holds 7♦ (played from p3's hand) then J♦; p3 holds T♦; the rest is in the deck.
    round = 3, mode = 'normal', leader = p1; scores 10, 105, 0, 42; p1 bid 2."""
    g = Game(rules, players=4, seed=1)
    by_id = g.cards_by_id
    p = g.players

    def move(ids: str, zone):
        g.move([by_id[i] for i in ids.split()], zone)
    move("2H 5H QS KC", p[0].zones["hand"])
    move("3C AC", p[1].zones["hand"])
    move("AH 9H 4S", p[1].zones["taken"])
    move("7D TD", p[3].zones["hand"])
    move("7D JD", g.zones["trick"])
    g.vars.update(round=3, mode="normal", leader=p[1])
    for player, score in zip(p, (10, 105, 0, 42)):
        g.vars_of(player)["score"] = score
    g.vars_of(p[1])["bid"] = 2
    return g, {"p": p[0], "q": p[1], "c": by_id["QS"], "d": by_id["7D"]}


def snapshot(g: Game):
    zones = {z.key: [c.id for c in g.cards_in(z)] for z in g.zone_table if z is not None}
    return (zones, dict(g.vars), [dict(g.vars_of(p)) for p in g.players],
            {c.id: dict(g.vars_of(c)) for c in g.all_cards})


EMPTY = "player_at(2).hand"   # an empty zone

CASES = [
    # -- integer arithmetic: / is floor division and % takes the divisor's sign, so that
    #    a == (a / b) * b + a % b always holds
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 - 2 - 3", 5),
    ("100 / 10 / 5", 2),
    ("7 / 2", 3),
    ("-7 / 2", -4),
    ("7 / -2", -4),
    ("7 % 3", 1),
    ("-7 % 3", 2),
    ("7 % -3", -2),
    ("(-7 / 3) * 3 + -7 % 3", -7),
    ("2 * 3 % 4", 2),
    ("p.score % 3 + p.score / -4", -2),             # (score 10) a divisor written as a number is never 0
    ("p.score % -3", -2),
    ("min_of(p.score, 3) * 10 + max_of(p.score, 3)", 40),
    ("min_of(3, p.score) * 10 + max_of(3, p.score)", 40),
    ("min_of(max_of(p.score, 9), min_of(8, p.score + 5))", 8),
    ("-3 * -3", 9),
    ("- -3", 3),
    ("2 - -2", 4),
    ("round * 10 + 1", 31),
    ("1 / 0", Fail("division by zero", 1)),
    ("1 + 10 % (round - 3)", Fail("division by zero", 5)),
    ("1 + true", Err("'+' needs two numbers, not int and bool", 1)),
    ("-true", Err("'-' needs a number, not bool", 1)),
    ("'a' + 1", Err("'+' joins two strings, not str and int", 1, "make text of the other value: 'Total: ' + text(n)")),
    # -- precedence: not < and < or < ?:, comparisons bind tighter than not
    ("1 + 2 == 3", True),
    ("1 + 2 < 4 and 3 > 2", True),
    ("not 1 < 2", False),
    ("true or false and false", True),
    ("(true or false) and false", False),
    ("not false and false", False),
    ("1 < 2 ? 10 : 20", 10),
    ("false ? 1 : true ? 2 : 3", 2),
    ("true ? 1 : 2 + 10", 1),
    ("1 < 2 < 3", Err("comparisons cannot be chained; join them with 'and'", 7)),
    ("1 == 1 == true", Err("comparisons cannot be chained; join them with 'and'", 8)),
    # -- strings
    ("'a' + 'b'", "ab"),
    ('"double" + \'single\'', "doublesingle"),
    ("mode == 'normal'", True),
    ("'a' != 'b'", True),
    ("c.suit", "spades"),
    ("c.id + '/' + c.label", "QS/Q♠"),
    ("'a' < 'b'", Err("'<' compares numbers (or lists of numbers), not str and str", 1)),
    ("'abc", Err("unexpected character ''' (a string is not closed)", 1)),
    # -- lists and indexing
    ("[1, 2, 3]", [1, 2, 3]),
    ("[]", []),
    ("[1, 2] + [3]", [1, 2, 3]),
    ("[] + [1]", [1]),
    ("[1, 2, 3][0]", 1),
    ("[1, 2, 3][-1]", 3),
    ("[[1, 2], [3]][1]", [3]),
    ("p.hand[2]", C("QS")),
    ("trick[0]", C("7D")),
    ("[1, 2, 3][3]", Fail("index 3 is outside a list of 3", 1)),
    ("[1, 2, 3][-4]", Fail("index -4 is outside a list of 3", 1)),
    (f"{EMPTY}[0]", Fail("index 0 is outside a list of 0", 1)),
    ("[1, 2]['a']", Err("a list index must be a number, not str", 8)),
    ("round[0]", Err("only lists can be indexed, not int", 1)),
    ("[1, 'a']", Err("a list holds one type: int and str are mixed", 5)),
    ("[1, 2] < [1, 3]", True),
    ("[2, 0] > [1, 9]", True),
    ("[1, 2] == [1, 2]", True),
    ("p.hand + [1]", Err("cannot join zone and list<int>", 1)),
    # -- in / not in
    ("2 in [1, 2, 3]", True),
    ("5 not in [1, 2, 3]", True),
    ("'hearts' in p.hand.map(x, x.suit)", True),
    ("c in p.hand", True),
    ("c in trick", False),
    ("d in trick", True),
    ("c not in q.taken", True),
    ("q in players", True),
    ("'x' in [1, 2]", Err("cannot look for a str in a list<int>", 1)),
    ("1 in 2", Err("'in' needs a list on its right, not int", 6)),
    # -- ternary
    ("round > 2 ? 'late' : 'early'", "late"),
    ("empty(trick) ? [] : [1]", [1]),
    ("true ? 1 : 1 / 0", 1),
    ("true ? 1 : 'one'", Err("both branches of '? :' must have one type, not int and str", 12)),
    ("true ? c : p", Err("both branches of '? :' must have one type, not card and player", 12)),
    ("1 ? 2 : 3", Err("a condition before '?' needs true or false, not int (there is no truthiness)", 1)),
    # -- and / or / not: strict booleans, short-circuit
    ("false and 1 / 0 == 1", False),
    ("true or 1 / 0 == 1", True),
    ("true and 1 / 0 == 1", Fail("division by zero", 10)),
    (f"empty({EMPTY}) or first({EMPTY}).rank > 3", True),
    ("not true", False),
    ("not not true", True),
    ("not 1", Err("'not' needs true or false, not int (there is no truthiness)", 5)),
    ("1 and true", Err("'and' needs true or false, not int (there is no truthiness)", 1)),
    ("true or 'x'", Err("'or' needs true or false, not str (there is no truthiness)", 9)),
    ("p.hand and true", Err("'and' needs true or false, not zone (there is no truthiness)", 1)),
    ("mode ? 1 : 2", Err("a condition before '?' needs true or false, not str (there is no truthiness)", 1)),
    # -- equality is typed; cards, players and zones compare by identity
    ("c == card('QS')", True),
    ("c != card('KC')", True),
    ("p == q", False),
    ("p == player_at(0)", True),
    ("trick == trick", True),
    ("[c] == [card('QS')]", True),
    ("c == 1", Err("cannot compare card with int", 1, "compare a card's attribute, e.g. c.rank == 12")),
    ("c < card('KC')", Err("'<' compares numbers (or lists of numbers), not card and card", 1)),
    ("p == c", Err("cannot compare player with card", 1, "compare a card's attribute, e.g. c.rank == 12")),
    ("trick == [c]", Err("cannot compare zone with list<card>", 1)),
    ("fast == 0", Err("cannot compare bool with int", 1)),
    # -- names: options, game and player variables, attributes, globals, functions
    ("target", 100),
    ("fast", False),
    ("round", 3),
    ("leader", P(1)),
    ("leader.bid", 2),
    ("p.score", 10),
    ("p.seat", 0),
    ("q.name", "Player 1"),
    ("p.left", P(1)),
    ("p.right", P(3)),
    ("player_at(3).left", P(0)),
    ("p.team.members", [P(0)]),
    ("c.rank", 12),
    ("c.color", "black"),
    ("c.face_up", False),
    ("c.declared", 0),
    ("d.last_holder", P(3)),
    ("c.last_holder", Fail("card Q♠ has not been held by any player", 1)),
    ("num_players", 4),
    ("size(players)", 4),
    ("size(all_cards)", 52),
    ("size(teams)", 4),
    ("led_suit", "diamonds"),
    ("points(c)", 13),
    ("points(card('2H'))", 1),
    ("hand_points(q)", 2),
    ("nosuch", Err("unknown name 'nosuch'", 1)),
    ("roud", Err("unknown name 'roud'", 1, "did you mean 'round'?")),
    ("score", Err("'score' belongs to each player; write 'p.score' for a player p", 1)),
    ("p.scroe", Err("players have no variable or zone 'scroe'", 3, "did you mean 'score'?")),
    ("c.suite", Err("cards have no attribute 'suite'", 3, "did you mean 'suit'?")),
    ("card('ZZ')", Err("no card with id 'ZZ' in the deck", 6)),
    ("points(p)", Err("argument 'c' of points() must be card, not player", 8)),
    ("points()", Err("points() takes 1 argument (c: card), not 0", 1)),
    # -- no assignments or effects inside expressions
    ("round = 4", Err("unexpected '=': write '==' to compare; assignments belong in effects", 7)),
    ("p.score += 1", Err("unexpected '=': write '==' to compare; assignments belong in effects", 10)),
    ("move(c, trick)", Err("'move' is an effect; effects are statements of their own, not values", 1)),
    ("random(p.hand)", Err("random() draws at random, so it may only be used in effects, not in conditions", 1)),
    ("random_int(1, 6) > 3",
     Err("random_int() draws at random, so it may only be used in effects, not in conditions", 1)),
    # -- syntax errors say what was expected, at the column
    ("c.rank >", Err("expected a value, found the end of the expression", 9)),
    ("(c.rank > 3", Err("expected ')', found the end of the expression", 12)),
    ("1 2", Err("expected an operator or the end of the expression, found '2'", 3)),
    ("max_of(1 2)", Err("expected ')', ',' or an operator, found '2'", 10)),
    ("a && b", Err("unexpected character '&' (write 'and')", 3)),
    ("c.rank > and 3", Err("expected a value, found 'and'", 10)),
    # -- the collection macros
    ("p.hand.all(x, x.rank >= 2)", True),
    ("p.hand.all(x, x.suit == 'hearts')", False),
    (f"{EMPTY}.all(x, false)", True),
    ("p.hand.any(x, x == card('QS'))", True),
    (f"{EMPTY}.any(x, true)", False),
    ("p.hand.filter(x, x.suit == 'hearts')", cards("2H 5H")),
    ("p.hand.map(x, x.rank)", [2, 5, 12, 13]),
    ("p.hand.count(x, x.color == 'red')", 2),
    ("p.hand.sum(x, x.rank)", 32),
    (f"{EMPTY}.sum(x, x.rank)", 0),
    ("p.hand.max(x, x.rank)", 13),
    ("p.hand.min(x, x.rank)", 2),
    (f"{EMPTY}.max(x, x.rank)", Fail(".max() of an empty list", 1)),
    (f"{EMPTY}.min(x, x.rank)", Fail(".min() of an empty list", 1)),
    ("p.hand.max_by(x, x.rank)", C("KC")),
    ("p.hand.min_by(x, x.rank)", C("2H")),
    ("p.hand.max_by(x, 0)", C("2H")),
    (f"{EMPTY}.max_by(x, x.rank)", Fail(".max_by() of an empty list", 1)),
    (f"{EMPTY}.min_by(x, x.rank)", Fail(".min_by() of an empty list", 1)),
    ("[3, 1, 2].sort_by(x, x)", [1, 2, 3]),
    ("p.hand.sort_by(x, -x.rank)", cards("KC QS 5H 2H")),
    ("players.sort_by(x, x.score)", [P(2), P(0), P(3), P(1)]),
    ("players.sort_by(x, 0)", [P(0), P(1), P(2), P(3)]),
    ("players.max_by(x, x.score)", P(1)),
    ("players.any(x, x.score >= 100)", True),
    ("players.all(x, x.hand.all(y, y.rank > 1))", True),
    ("players.map(x, size(x.hand))", [4, 2, 0, 1]),
    ("[1, 2, 3].filter(x, x % 2 == 1).map(x, x * 10)", [10, 30]),
    ("p.hand.any(p, p.rank == 13) and p.score == 10", True),
    ("players.map(x, x.hand[0].rank)", Fail("index 0 is outside a list of 0", 16)),
    ("p.hand.filter(x, x.rank)", Err(".filter() needs true or false, not int (there is no truthiness)", 18)),
    ("p.hand.all(x, 1)", Err(".all() needs true or false, not int (there is no truthiness)", 15)),
    ("p.hand.sum(x, x.suit)", Err(".sum() adds numbers, not str", 15)),
    ("p.hand.max(x, x.suit)", Err(".max() needs a number (or a list of numbers) for each item, not str", 15)),
    ("players.sort_by(x, x.name)",
     Err(".sort_by() needs a number (or a list of numbers) for each item, not str", 20)),
    ("round.all(x, true)", Err(".all() works on a list, not int", 1)),
    ("p.hand.all(x)", Err("xs.all(x, ...) takes a name for each item and one expression", 1)),
    ("p.hand.all(players, true)",
     Err("'players' is already a builtin name; pick another name for the item", 12)),
    # -- nested lists, tuples and the list tools (flatten, flat_map, product, join, parse_int)
    ("[[1, 2], [3]]", [[1, 2], [3]]),
    ("flatten([[1, 2], [], [3]])", [1, 2, 3]),
    ("flatten(players.map(x, x.hand))", cards("2H 5H QS KC 3C AC TD")),
    ("players.map(x, x.hand).flatten().count(y, y.rank > 10)", 3),
    ("flatten([1, 2])", Err("argument 'xss' of flatten() must be list<list<any>>, not list<int>", 9)),
    ("players.flat_map(x, x.hand).count(y, y.suit == 'clubs')", 3),
    ("[1, 2].flat_map(x, [x, x * 10])", [1, 10, 2, 20]),
    ("[1, 2].flat_map(x, x)", Err(".flat_map() needs a list for each item, not int", 20,
                                  "for one value per item use .map()")),
    ("product([1, 2], ['a', 'b'])", [(1, "a"), (1, "b"), (2, "a"), (2, "b")]),
    ("product([1, 2], [])", []),
    ("product(p.hand, [1]).map(t, t[0].rank * t[1])", [2, 5, 12, 13]),
    ("product(range(0, 200), range(0, 200))", Fail("product() of 200 by 200 items is more than 20000 pairs", 1)),
    ("(1, 'a')", (1, "a")),
    ("(c, 2)[0]", C("QS")),
    ("(c, 2)[-1] + 1", 3),
    ("(1, 2)[2]", Err("a tuple<int, int> has items 0 to 1, not 2", 8)),
    ("(1, 2)[round]", Err("a tuple's items are read with a number written out: t[0], t[1]", 8)),
    ("(1, 2) == (1, 2)", True),
    ("join(['a', 'b', 'c'], ', ')", "a, b, c"),
    ("join(p.hand.map(x, x.id), '+')", "2H+5H+QS+KC"),
    ("join([], '-')", ""),
    ("parse_int('42') + parse_int(' -3 ')", 39),
    ("parse_int('4x')", Fail("parse_int(): '4x' is not a whole number", 1)),
    ("is_int('12') and not is_int('') and not is_int('1-2')", True),
    ("p.hand + c", Err("'+' joins two lists, not a zone and a card", 1, "put the item in a list: xs + [x]")),
    ("[1] + 2", Err("'+' joins two lists, not a list<int> and an int", 1, "put the item in a list: xs + [x]")),
    ("2 + [1]", Err("'+' joins two lists, not an int and a list<int>", 1, "put the item in a list: [x] + xs")),
    ("len(p.hand)", Err("unknown function 'len'", 1, "size(xs) is the number of items")),
    ("int('3')", Err("unknown function 'int'", 1, "parse_int(s) reads a number from text")),
    ("max(1, 2)", Err("there is no max(a, b): the larger of two numbers is max_of(a, b)", 1,
                      "over a list: highest(xs), or xs.max(x, key)")),
    ("min(1, 2)", Err("there is no min(a, b): the smaller of two numbers is min_of(a, b)", 1,
                      "over a list: lowest(xs), or xs.min(x, key)")),
    ("let x = 3", Err("there is no 'let' statement; name a value with a 'let:' step "
                      "(let: {best: \"...\"}), which the steps after it can read", 1)),
    # -- every builtin of interpreter/language/builtins.py
    ("size(p.hand)", 4),
    ("size([])", 0),
    ("size(1)", Err("argument 'xs' of size() must be list<any>, not int", 6)),
    ("size(p.hand, 2)", Err("size() takes 1 argument (xs: list<T>), not 2", 1)),
    (f"empty({EMPTY})", True),
    ("empty(p.hand)", False),
    ("first(p.hand)", C("2H")),
    (f"first({EMPTY})", Fail("first() of an empty list", 1)),
    ("last(p.hand)", C("KC")),
    ("last([1, 2])", 2),
    (f"last({EMPTY})", Fail("last() of an empty list", 1)),
    ("take(p.hand, 2)", cards("2H 5H")),
    ("take([1, 2], 5)", [1, 2]),
    ("take([1, 2], -1)", []),
    ("take(p.hand, 'a')", Err("argument 'n' of take() must be int, not str", 14)),
    ("index_of(p.hand, c)", 2),
    ("index_of([5, 6], 7)", -1),
    ("index_of(p.hand, 3)", Err("argument 'x' of index_of() must be card, not int", 18)),
    ("distinct([1, 2, 1, 3, 2])", [1, 2, 3]),
    ("distinct(p.hand + p.hand)", cards("2H 5H QS KC")),
    ("reverse([1, 2, 3])", [3, 2, 1]),
    ("reverse(trick)", cards("JD 7D")),
    ("total([1, 2, 3])", 6),
    ("total([])", 0),
    ("highest([4, 9, 2])", 9),
    ("highest([])", Fail("highest() of an empty list", 1)),
    ("lowest([4, 9, 2])", 2),
    ("lowest([])", Fail("lowest() of an empty list", 1)),
    ("abs(-5)", 5),
    ("abs(5)", 5),
    ("abs(c)", Err("argument 'n' of abs() must be int, not card", 5)),
    ("max_of(3, 8)", 8),
    ("min_of(3, 8)", 3),
    ("range(0, 4)", [0, 1, 2, 3]),
    ("range(3, 1)", []),
    (f"size(range(0, {MAX_RANGE}))", MAX_RANGE),
    (f"range(5, {MAX_RANGE + 5})[{MAX_RANGE - 1}]", MAX_RANGE + 4),
    (f"range(0, {MAX_RANGE + 1})", Fail(f"range() of more than {MAX_RANGE} numbers", 1)),
    ("text(12)", "12"),
    ("text(c)", "Q♠"),
    ("text(p)", "Player 0"),
    ("text(true)", "true"),
    ("text([1, 2])", "[1, 2]"),
    ("card('AH')", C("AH")),
    ("card('AH').suit", "hearts"),
    ("card(mode)", Fail("no card with id 'normal'", 1)),
    ("player_at(1)", P(1)),
    ("player_at(-1)", P(3)),
    ("player_at(5)", P(1)),
    ("players_from(q)", [P(1), P(2), P(3), P(0)]),
    ("offset(p, 1)", P(1)),
    ("offset(p, -1)", P(3)),
    ("offset(q, 6)", P(3)),
    ("next_in(p, [player_at(2), player_at(3)])", P(2)),
    ("next_in(player_at(3), [p, q])", P(0)),
    ("next_in(p, [p])", P(0)),
    ("next_in(p, [])", Fail("next_in() with nobody to choose from", 1)),
    ("holder(c)", P(0)),
    ("holder(card('AH'))", P(1)),
    ("holder(d)", Fail("card 7♦ is not held by a player", 1)),
    ("holder(1)", Err("argument 'c' of holder() must be card, not int", 8)),
]


def _id(case) -> str:
    return case[0]


@pytest.mark.parametrize("text, expected", CASES, ids=[_id(c) for c in CASES])
def test_expression(rules, text, expected):
    g, env = standard_state(rules)
    if isinstance(expected, Err):
        with pytest.raises(RulesetError) as info:
            rules.compile(text, scope=SCOPE)
        (d, *_) = info.value.diagnostics
        assert (d.message, d.hint) == (expected.message, expected.hint)
        if expected.column is not None:
            assert (d.span.line, d.span.column) == (1, expected.column)
        return
    fn, _ = rules.compile(text, scope=SCOPE)
    before, memo = snapshot(g), g.memo
    if isinstance(expected, Fail):
        with pytest.raises(GameError) as info:
            fn(g, env)
        assert info.value.message == expected.message
        if expected.column is not None:
            assert (info.value.span.line, info.value.span.column) == (1, expected.column)
    else:
        assert plain(fn(g, env)) == expected
    # (a change of state would have forgotten what the memo holds: an expression never does)
    assert snapshot(g) == before and g.memo is memo, "an expression changed the game"


# The language's core builtins; primitives added for particular mechanics (combinations,
# hand ranking, abilities) are tested with those mechanics.
CORE_BUILTINS = ["size", "empty", "first", "last", "take", "index_of", "distinct", "reverse", "total",
                 "highest", "lowest", "abs", "max_of", "min_of", "range", "text", "card", "player_at",
                 "players_from", "offset", "next_in", "holder", "random", "random_int", "flatten",
                 "product", "join", "parse_int", "is_int"]


def test_the_table_is_large_and_covers_every_builtin_and_macro():
    assert len(CASES) >= 80
    texts = " ".join([text for text, _ in CASES] + [text for text, _, _ in STATEMENTS])
    for name in CORE_BUILTINS:
        assert name in BUILTINS, f"{name}() is no longer a builtin"
        assert f"{name}(" in texts, f"builtin {name}() has no conformance case"
    for name in MACROS:
        assert f".{name}(" in texts, f"macro .{name}() has no conformance case"


TYPES = [
    ("1", "int"), ("true", "bool"), ("'x'", "str"), ("c", "card"), ("p", "player"), ("trick", "zone"),
    ("p.hand", "zone"), ("players", ("list", "player")), ("[]", ("list", None)),
    ("p.hand.map(x, x.rank)", ("list", "int")), ("trick.filter(x, true)", ("list", "card")),
    ("first(players)", "player"), ("p.team", "team"),
]


@pytest.mark.parametrize("text, typ", TYPES, ids=[t for t, _ in TYPES])
def test_static_type(rules, text, typ):
    _, actual = rules.compile(text, scope=SCOPE)
    assert actual == typ


# -- statements: effects change the state ---------------------------------------------
# (statements, then an expression evaluated afterwards, its expected value)
STATEMENTS = [
    ("round = 7", "round", 7),
    ("round = round + 1; round += 1", "round", 5),
    ("p.score += 5", "p.score", 15),
    ("p.score -= 20", "p.score", -10),
    ("p.bid = 3; q.bid = p.bid * 2", "q.bid", 6),
    ("mode = 'fast'", "mode == 'fast'", True),
    ("leader = p", "leader", P(0)),
    ("c.declared = 11", "card('QS').declared", 11),
    ("move(c, trick)", "take(trick, 5)", cards("7D JD QS")),
    ("move(c, trick)", "c.last_holder", P(0)),
    ("move(p.hand, q.taken)", "size(p.hand) == 0 and size(q.taken) == 7", True),
    ("move(c, q.taken)", "hand_points(q)", 15),
    ("round = random_int(1, 6)", "round >= 1 and round <= 6", True),
    ("leader = random(players)", "leader in players", True),
]


@pytest.mark.parametrize("statements, check, expected", STATEMENTS, ids=[s for s, _, _ in STATEMENTS])
def test_statement_changes_the_state(rules, statements, check, expected):
    g, env = standard_state(rules)
    run, typ = rules.compile(statements, scope=SCOPE, effects=True)
    probe, _ = rules.compile(check, scope=SCOPE)
    try:
        probe(g, env)                  # fills the function memo before the change
    except GameError:
        pass
    assert run(g, env) is None and typ == "none"
    assert not g.memo, "a change of state forgets the values remembered before it"
    assert plain(probe(g, env)) == expected


STATEMENT_ERRORS = [
    ("round = 'x'", Err("cannot assign str to an int variable", 9)),
    ("leader = 3", Err("cannot assign int to a player variable", 10)),
    ("nosuch = 1", Err("unknown variable 'nosuch'", 1)),
    ("rund = 1", Err("unknown variable 'rund'", 1, "did you mean 'round'?")),
    ("target = 3", Err("'target' is an option and cannot be assigned; only variables can", 1)),
    ("players = []", Err("'players' is a builtin and cannot be assigned; only variables can", 1)),
    ("p = q", Err("'p' is bound by a loop or choice and cannot be assigned", 1)),
    ("p.scor = 1", Err("unknown player variable 'scor'", 3, "did you mean 'score'?")),
    ("mode += 1", Err("'+=' works on numbers, not str and int", 9)),
    ("size(p.hand)", Err("'size' is a function, not an effect; its value would be thrown away", 1)),
    ("mvoe(c, trick)", Err("unknown effect 'mvoe'", 1, "did you mean 'move'?")),
    ("move(c, 3)", Err("argument 'to' of move() must be zone, not int", 9)),
    ("shuffle(trick, 1)", Err("shuffle() takes 1 argument (zone: zone), not 2", 1)),
    ("round == 3", Err("a comparison does nothing as a statement: write '=' to assign, or use an 'if:' "
                       "step to test", 7)),
    ("move(c, trick) move(c, trick)", Err("expected '.', ';', '[' or the end of the expression, found 'move'", 16)),
]


@pytest.mark.parametrize("statements, expected", STATEMENT_ERRORS, ids=[s for s, _ in STATEMENT_ERRORS])
def test_statement_error(rules, statements, expected):
    with pytest.raises(RulesetError) as info:
        rules.compile(statements, scope=SCOPE, effects=True)
    (d, *_) = info.value.diagnostics
    assert (d.message, d.hint) == (expected.message, expected.hint)
    assert (d.span.line, d.span.column) == (1, expected.column)


def test_a_failing_effect_names_the_verb_and_position(rules):
    g, env = standard_state(rules)
    run, _ = rules.compile("round = 1; move(card(mode), trick)", scope=SCOPE, effects=True)
    with pytest.raises(GameError) as info:
        run(g, env)
    assert info.value.message == "no card with id 'normal'"
    assert info.value.span.column == 17
    assert g.vars["round"] == 1   # the statements before the failure took effect


def test_a_runtime_error_inside_a_function_points_into_the_ruleset(rules):
    """led_suit is first(trick).suit: with an empty trick the error names the fixture's line."""
    g, env = standard_state(rules)
    g.move(list(g.cards_in(g.zones["trick"])), g.zones["deck"])
    fn, _ = rules.compile("led_suit == 'hearts'", scope=SCOPE)
    with pytest.raises(GameError) as info:
        fn(g, env)
    assert info.value.message == "first() of an empty list"
    assert info.value.span.file.endswith("tests/fixtures/expressions.yaml")
    assert info.value.span.line == FIXTURE.read_text(encoding="utf-8").splitlines().index(
        '  led_suit: "first(trick).suit"') + 1
