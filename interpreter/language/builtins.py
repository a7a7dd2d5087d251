"""The builtin functions of the expression language: one registry, read by the checker,
the compiler, the docs and `cardrules functions`.

Each entry is declared with its signature as text and a docstring, and says everything the
compile stage needs to know about it (the compiler keeps no list of builtins of its own):
- `pure=False`: it draws from the game's random generator, so it is allowed only in effects
  and nothing of it is computed once for several uses;
- `may_fail`: it may raise an EvalError (the call then carries the rule's position);
- `reads_state`: its value depends on state a game changes, beyond its arguments (where a card
  lies, the abilities' flags), so it is never remembered across a change;
- `cheap`: it costs about what an operator does (no pass over a list, no list built), so an
  expression made of it is computed in place rather than remembered;
- `inline`: the Python written in place of a call, where there is a faster form than the call.
`tests/test_builtin_properties.py` checks each declaration against what the function does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from interpreter.errors import EvalError
from interpreter.language.types import parse_signature
from interpreter.limits import MAX_PRODUCT, MAX_RANGE, MAX_STRING
from interpreter.primitives import combinations, ordered, ranking, value_sets
from interpreter.primitives.combinations_cards import items_of


@dataclass(frozen=True)
class Inline:
    """Python written in place of a call: `{a0}`, `{a1}` stand for the arguments' code, `{z0}`
    for the cards of the first when it is a zone (a form `zone_only`), `{t0}`, `{t1}` for fresh
    locals (so that each argument is computed once) and `{fail}` for the code that raises
    `error` at the call's position."""
    code: str
    zone_only: bool = False       # only where the first argument is a zone (a list is called)
    error: str = ""

    def locals(self) -> int:
        """How many fresh locals the code names."""
        return len(set(re.findall(r"\{t(\d)\}", self.code)))


@dataclass(frozen=True)
class Builtin:
    name: str
    params: list
    result: object
    fn: Callable
    doc: str
    pure: bool = True
    may_fail: bool = False
    signature: str = ""
    reads_state: bool = False
    cheap: bool = False
    inline: Inline | None = None


BUILTINS: dict[str, Builtin] = {}


# builtin name -> its parameters that name a card attribute or card variable ('rank'), checked
# when a ruleset loads where the argument is a quoted name ('' stands for none where allowed)
ATTRIBUTE_PARAMS: dict[str, dict[str, bool]] = {}


def builtin(signature: str, *, pure: bool = True, may_fail: bool = False, reads_state: bool = False,
            cheap: bool = False, inline: Inline | None = None,
            attribute_params: dict[str, bool] | None = None):
    """Register `fn(game, *args)` under the name and types given by `signature`, with the
    properties the module's docstring lists; `attribute_params` maps a parameter that names a
    card attribute to whether '' is allowed."""
    name, params, result = parse_signature(signature)
    if attribute_params:
        ATTRIBUTE_PARAMS[name] = attribute_params

    def register(fn: Callable) -> Callable:
        BUILTINS[name] = Builtin(name, params, result, fn, (fn.__doc__ or "").strip(),
                                 pure, may_fail, signature, reads_state, cheap, inline)
        return fn
    return register


_EMPTY = "({t0}[%s] if ({t0} := {z0}) else {fail})"   # the first or last card of a zone
_NUMBER = "({t0} if ({t0} := {a0}) %s ({t1} := {a1}) else {t1})"     # the larger or smaller number


@builtin("size(xs: list<T>) -> int", cheap=True, inline=Inline("len({z0})", zone_only=True))
def _size(g, xs):
    """The number of items in a list or cards in a zone."""
    return len(xs if type(xs) is list else items_of(g, xs))


@builtin("empty(xs: list<T>) -> bool", cheap=True, inline=Inline("(not {z0})", zone_only=True))
def _empty(g, xs):
    """True when a list or zone holds nothing."""
    return not (xs if type(xs) is list else items_of(g, xs))


@builtin("first(xs: list<T>) -> T", may_fail=True, cheap=True,
         inline=Inline(_EMPTY % "0", zone_only=True, error="first() of an empty list"))
def _first(g, xs):
    """The first item; the first card of a zone is its top. An error on an empty list."""
    items = xs if type(xs) is list else items_of(g, xs)
    if not items:
        raise EvalError("first() of an empty list")
    return items[0]


@builtin("last(xs: list<T>) -> T", may_fail=True, cheap=True,
         inline=Inline(_EMPTY % "-1", zone_only=True, error="last() of an empty list"))
def _last(g, xs):
    """The last item; the last card of a zone is the one put there most recently."""
    items = xs if type(xs) is list else items_of(g, xs)
    if not items:
        raise EvalError("last() of an empty list")
    return items[-1]


@builtin("take(xs: list<T>, n: int) -> list<T>")
def _take(g, xs, n):
    """The first n items (fewer if the list is shorter)."""
    items = xs if type(xs) is list else items_of(g, xs)
    return list(items[:max(n, 0)])


@builtin("index_of(xs: list<T>, x: T) -> int")
def _index_of(g, xs, x):
    """The position of x in the list, counting from 0, or -1 when absent."""
    items = xs if type(xs) is list else items_of(g, xs)
    for i, item in enumerate(items):
        if item is x or item == x:
            return i
    return -1


@builtin("distinct(xs: list<T>) -> list<T>")
def _distinct(g, xs):
    """The items without repeats, in first-seen order."""
    items = xs if type(xs) is list else items_of(g, xs)
    seen, out = set(), []
    for item in items:
        key = id(item) if hasattr(item, "__slots__") else item
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


@builtin("reverse(xs: list<T>) -> list<T>")
def _reverse(g, xs):
    """The items in the opposite order."""
    items = xs if type(xs) is list else items_of(g, xs)
    return list(reversed(items))


@builtin("flatten(xss: list<list<T>>) -> list<T>")
def _flatten(g, xss):
    """The items of every inner list, in order, as one list: flatten([[a, b], [c]]) is [a, b, c]."""
    out = []
    for xs in xss:
        out.extend(xs if type(xs) is list else items_of(g, xs))
    return out


@builtin("product(xs: list<A>, ys: list<B>) -> list<tuple<A, B>>", may_fail=True)
def _product(g, xs, ys):
    """Every pair (x, y) of an item of xs with an item of ys, xs in the outer order: each triple
    with each pair is product(triples, pairs). Read the parts as t[0] and t[1]. At most 20,000 pairs."""
    xs = xs if type(xs) is list else items_of(g, xs)
    ys = ys if type(ys) is list else items_of(g, ys)
    if len(xs) * len(ys) > MAX_PRODUCT:
        raise EvalError(f"product() of {len(xs)} by {len(ys)} items is more than {MAX_PRODUCT} pairs")
    return [(x, y) for x in xs for y in ys]


@builtin("join(parts: list<str>, separator: str) -> str", may_fail=True)
def _join(g, parts, separator):
    """The strings one after another with the separator between: join(['a', 'b'], ', ') is 'a, b'.
    At most 100,000 characters."""
    if sum(map(len, parts)) + len(separator) * max(0, len(parts) - 1) > MAX_STRING:
        raise EvalError(f"join() would make a string of more than {MAX_STRING} characters")
    return separator.join(parts)


@builtin("parse_int(s: str) -> int", may_fail=True)
def _parse_int(g, s):
    """The whole number written in the text ('42', '-3', ' 7 '); an error when it holds anything else."""
    text = s.strip()
    if not (text.lstrip("-").isdigit() and text.count("-") <= 1 and text.isascii()):
        raise EvalError(f"parse_int(): '{s[:40]}' is not a whole number")
    if len(text.lstrip("-").lstrip("0")) > 18:     # the numbers of a game stay within ±10^18
        raise EvalError(f"parse_int(): '{s[:40]}' has more than 18 digits")
    return int(text)


@builtin("is_int(s: str) -> bool")
def _is_int(g, s):
    """True when parse_int(s) would read a whole number from the text."""
    text = s.strip()
    return text.lstrip("-").isdigit() and text.count("-") <= 1 and text.isascii()


@builtin("total(xs: list<int>) -> int")
def _total(g, xs):
    """The sum of a list of numbers (0 for an empty list)."""
    return sum(xs)


@builtin("highest(xs: list<int>) -> int", may_fail=True)
def _highest(g, xs):
    """The largest number of a non-empty list."""
    if not xs:
        raise EvalError("highest() of an empty list")
    return max(xs)


@builtin("lowest(xs: list<int>) -> int", may_fail=True)
def _lowest(g, xs):
    """The smallest number of a non-empty list."""
    if not xs:
        raise EvalError("lowest() of an empty list")
    return min(xs)


@builtin("abs(n: int) -> int", cheap=True)
def _abs(g, n):
    """The absolute value of n."""
    return abs(n)


@builtin("max_of(a: int, b: int) -> int", cheap=True, inline=Inline(_NUMBER % ">="))
def _max_of(g, a, b):
    """The larger of two numbers."""
    return a if a >= b else b


@builtin("min_of(a: int, b: int) -> int", cheap=True, inline=Inline(_NUMBER % "<="))
def _min_of(g, a, b):
    """The smaller of two numbers."""
    return a if a <= b else b


@builtin("range(start: int, stop: int) -> list<int>", may_fail=True)
def _range(g, start, stop):
    """The numbers start, start+1, ..., stop-1 (at most 10,000 of them)."""
    if stop - start > MAX_RANGE:
        raise EvalError(f"range() of more than {MAX_RANGE} numbers")
    return list(range(start, stop))


@builtin("text(x: T) -> str")
def _text(g, x):
    """A readable text for any value: a card's label, a player's name, a number, a zone's cards
    (their labels, or 'nothing')."""
    if hasattr(x, "number"):      # a zone: what is in it
        return " ".join(g.describe(c) for c in items_of(g, x)) or "nothing"
    return g.describe(x)


@builtin("card(id: str) -> card", may_fail=True, cheap=True)
def _card(g, card_id):
    """The card with this id, e.g. card('QS'). A literal id is checked when the ruleset loads."""
    try:
        return g.cards_by_id[card_id]
    except KeyError:
        raise EvalError(f"no card with id '{card_id}'") from None


@builtin("player_at(seat: int) -> player", cheap=True)
def _player_at(g, seat):
    """The player in a seat; seats wrap around, so player_at(-1) is the last seat."""
    return g.players[seat % len(g.players)]


@builtin("players_from(p: player) -> list<player>")
def _players_from(g, p):
    """Every player once, clockwise, starting with p."""
    players = g.players
    return players[p.seat:] + players[:p.seat]


@builtin("offset(p: player, k: int) -> player", cheap=True)
def _offset(g, p, k):
    """The player k seats to the left of p (k may be negative: to the right)."""
    players = g.players
    return players[(p.seat + k) % len(players)]


@builtin("next_in(p: player, among: list<player>) -> player", may_fail=True)
def _next_in(g, p, among):
    """The first player after p, clockwise, who is in `among` (p itself if nobody else is)."""
    if not among:
        raise EvalError("next_in() with nobody to choose from")
    # the one nearest clockwise: seats from p's left come first, p's own last
    n, after = len(g.players), p.seat + 1
    nearest, distance = None, n
    for q in among:
        d = (q.seat - after) % n
        if d < distance:
            nearest, distance = q, d
    return nearest


@builtin("holder(c: card) -> player", may_fail=True, reads_state=True)
def _holder(g, c):
    """The player who owns the zone the card is in; an error if it lies in a game zone."""
    zone = g.zone_table[g.card_zone[c.index]]
    owner = zone.owner if zone is not None else None
    if owner is None or not hasattr(owner, "seat"):
        raise EvalError(f"card {c.label} is not held by a player")
    return owner


@builtin("random(xs: list<T>) -> T", pure=False, may_fail=True)
def _random(g, xs):
    """One item drawn with the game's seeded random generator (effects only)."""
    items = xs if type(xs) is list else items_of(g, xs)
    if not items:
        raise EvalError("random() of an empty list")
    return g.rng.choice(items)     # the draw of randrange(len(items)), naming what is drawn from


@builtin("random_int(low: int, high: int) -> int", pure=False, may_fail=True)
def _random_int(g, low, high):
    """A whole number from low to high inclusive, from the game's random generator (effects only)."""
    if high < low:
        raise EvalError(f"random_int({low}, {high}): high is below low")
    return g.rng.randint(low, high)


@builtin("can_use(p: player, ability: str) -> bool", may_fail=True, reads_state=True)
def _can_use(g, p, ability):
    """The player may use the ability now: enabled, not used since `reset_uses`, condition met."""
    spec = g.rules.abilities.get(ability)
    if spec is None:
        raise EvalError(f"no ability named '{ability}'")
    flags = g.ability_flags(p, ability)
    return not flags and (spec.when is None or spec.when(g, {"p": p}))


@builtin("usable(p: player) -> list<str>", reads_state=True)
def _usable(g, p):
    """The abilities the player may use now, in the order the ruleset declares them."""
    return [name for name, spec in g.rules.abilities.items()
            if not g.ability_flags(p, name) and (spec.when is None or spec.when(g, {"p": p}))]


@builtin("met(p: player) -> list<str>", reads_state=True)
def _met(g, p):
    """The abilities whose condition holds for the player now, disabled or used ones included,
    in the order the ruleset declares them: an owner may count as meeting a condition even when
    another player's passive has switched the ability off."""
    return [name for name, spec in g.rules.abilities.items() if spec.when is None or spec.when(g, {"p": p})]


@builtin("enabled(p: player, ability: str) -> bool", reads_state=True)
def _enabled(g, p, ability):
    """The ability is not disabled for this player (whether or not its condition holds)."""
    return "disabled" not in g.ability_flags(p, ability)


@builtin("used(p: player, ability: str) -> bool", reads_state=True)
def _used(g, p, ability):
    """The player has used the ability since their uses were last reset."""
    return "used" in g.ability_flags(p, ability)


# The general primitives are plain Python (primitives/); the registry wraps them here.
builtin("groups(cards: list<card>, key: str, wild: list<card>, min_size: int, max_size: int) -> list<list<card>>",
        may_fail=True, attribute_params={"key": False})(combinations.groups)
builtin("runs(cards: list<card>, key: str, same: str, wild: list<card>, order: list<int>, min_size: int, "
        "max_size: int) -> list<list<card>>",
        may_fail=True, attribute_params={"key": False, "same": True})(combinations.runs)
builtin("is_group(cards: list<card>, key: str, wild: list<card>) -> bool",
        may_fail=True, attribute_params={"key": False})(combinations.is_group)
builtin("is_run(cards: list<card>, key: str, same: str, wild: list<card>, order: list<int>) -> bool",
        may_fail=True, attribute_params={"key": False, "same": True})(combinations.is_run)
builtin("subsets(xs: list<T>, min_size: int, max_size: int) -> list<list<T>>", may_fail=True)(combinations.subsets)
builtin("distinct_sets(sets: list<list<card>>) -> list<list<card>>", may_fail=True)(combinations.distinct_sets)
builtin("hand_rank(cards: list<card>) -> list<int>", may_fail=True)(ranking.hand_rank)
builtin("hand_rank_suited(cards: list<card>) -> list<int>", may_fail=True)(ranking.hand_rank_suited)
builtin("hand_name(cards: list<card>) -> str", may_fail=True)(ranking.hand_name)
builtin("hand_rank_of(ranks: list<int>, suits: list<str>, wilds: int) -> list<int>", may_fail=True)(ranking.hand_rank_of)
builtin("hand_rank_suited_of(ranks: list<int>, suits: list<str>, wilds: int) -> list<int>",
        may_fail=True)(ranking.hand_rank_suited_of)
builtin("hand_name_of(rank: list<int>) -> str", may_fail=True)(ranking.hand_name_of)
builtin("hand_rank_by(cards: list<card>, ranks: list<int>, suits: list<str>) -> list<int>",
        may_fail=True)(ordered.hand_rank_by)
builtin("card_rank_by(c: card, ranks: list<int>, suits: list<str>) -> int", may_fail=True)(ordered.card_rank_by)
builtin("value_runs(cards: list<card>, key: str, order: list<int>, width: int, min_len: int, "
        "max_len: int) -> list<list<card>>", may_fail=True, attribute_params={"key": False})(value_sets.value_runs)
builtin("value_picks(cards: list<card>, key: str, size: int, step: int, most: int) -> list<list<card>>",
        may_fail=True, attribute_params={"key": False})(value_sets.value_picks)
