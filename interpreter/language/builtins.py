"""The builtin functions of the expression language: one registry, read by the checker,
the compiler, the docs and `cardrules functions`.

Each entry is declared with its signature as text and a docstring. Functions marked
`pure=False` draw from the game's random generator and are allowed only in effects.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.language.types import parse_signature


class EvalError(Exception):
    """A value-level failure (empty list, division by zero); the compiler adds the position."""


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


BUILTINS: dict[str, Builtin] = {}


# builtin name -> its parameters that name a card attribute or card variable ('rank'), checked
# when a ruleset loads where the argument is a quoted name ('' stands for none where allowed)
ATTRIBUTE_PARAMS: dict[str, dict[str, bool]] = {}


def builtin(signature: str, *, pure: bool = True, may_fail: bool = False,
            attribute_params: dict[str, bool] | None = None):
    """Register `fn(game, *args)` under the name and types given by `signature`;
    `attribute_params` maps a parameter that names a card attribute to whether '' is allowed."""
    name, params, result = parse_signature(signature)
    if attribute_params:
        ATTRIBUTE_PARAMS[name] = attribute_params

    def register(fn: Callable) -> Callable:
        BUILTINS[name] = Builtin(name, params, result, fn, (fn.__doc__ or "").strip(),
                                 pure, may_fail, signature)
        return fn
    return register


MAX_RANGE = 10_000  # keeps `range` bounded: expressions always terminate quickly


@builtin("size(xs: list<T>) -> int")
def _size(g, xs):
    """The number of items in a list or cards in a zone."""
    return len(xs.cards) if hasattr(xs, "cards") else len(xs)


@builtin("empty(xs: list<T>) -> bool")
def _empty(g, xs):
    """True when a list or zone holds nothing."""
    return not (xs.cards if hasattr(xs, "cards") else xs)


@builtin("first(xs: list<T>) -> T", may_fail=True)
def _first(g, xs):
    """The first item; the first card of a zone is its top. An error on an empty list."""
    items = xs.cards if hasattr(xs, "cards") else xs
    if not items:
        raise EvalError("first() of an empty list")
    return items[0]


@builtin("last(xs: list<T>) -> T", may_fail=True)
def _last(g, xs):
    """The last item; the last card of a zone is the one put there most recently."""
    items = xs.cards if hasattr(xs, "cards") else xs
    if not items:
        raise EvalError("last() of an empty list")
    return items[-1]


@builtin("take(xs: list<T>, n: int) -> list<T>")
def _take(g, xs, n):
    """The first n items (fewer if the list is shorter)."""
    items = xs.cards if hasattr(xs, "cards") else xs
    return list(items[:max(n, 0)])


@builtin("index_of(xs: list<T>, x: T) -> int")
def _index_of(g, xs, x):
    """The position of x in the list, counting from 0, or -1 when absent."""
    items = xs.cards if hasattr(xs, "cards") else xs
    for i, item in enumerate(items):
        if item is x or item == x:
            return i
    return -1


@builtin("distinct(xs: list<T>) -> list<T>")
def _distinct(g, xs):
    """The items without repeats, in first-seen order."""
    items = xs.cards if hasattr(xs, "cards") else xs
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
    items = xs.cards if hasattr(xs, "cards") else xs
    return list(reversed(items))


@builtin("flatten(xss: list<list<T>>) -> list<T>")
def _flatten(g, xss):
    """The items of every inner list, in order, as one list: flatten([[a, b], [c]]) is [a, b, c]."""
    out = []
    for xs in xss:
        out.extend(xs.cards if hasattr(xs, "cards") else xs)
    return out


MAX_PRODUCT = 20_000  # like `subsets`: a listing that large is a sign to build it another way


@builtin("product(xs: list<A>, ys: list<B>) -> list<tuple<A, B>>", may_fail=True)
def _product(g, xs, ys):
    """Every pair (x, y) of an item of xs with an item of ys, xs in the outer order: each triple
    with each pair is product(triples, pairs). Read the parts as t[0] and t[1]. At most 20,000 pairs."""
    xs = xs.cards if hasattr(xs, "cards") else xs
    ys = ys.cards if hasattr(ys, "cards") else ys
    if len(xs) * len(ys) > MAX_PRODUCT:
        raise EvalError(f"product() of {len(xs)} by {len(ys)} items is more than {MAX_PRODUCT} pairs")
    return [(x, y) for x in xs for y in ys]


MAX_STRING = 100_000       # characters of a string a game builds ('+', join)


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


@builtin("abs(n: int) -> int")
def _abs(g, n):
    """The absolute value of n."""
    return abs(n)


@builtin("max_of(a: int, b: int) -> int")
def _max_of(g, a, b):
    """The larger of two numbers."""
    return a if a >= b else b


@builtin("min_of(a: int, b: int) -> int")
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
    cards = getattr(x, "cards", None)
    if isinstance(cards, list) and hasattr(x, "key"):      # a zone: what is in it
        return " ".join(g.describe(c) for c in cards) or "nothing"
    return g.describe(x)


@builtin("card(id: str) -> card", may_fail=True)
def _card(g, card_id):
    """The card with this id, e.g. card('QS'). A literal id is checked when the ruleset loads."""
    try:
        return g.cards_by_id[card_id]
    except KeyError:
        raise EvalError(f"no card with id '{card_id}'") from None


@builtin("player_at(seat: int) -> player")
def _player_at(g, seat):
    """The player in a seat; seats wrap around, so player_at(-1) is the last seat."""
    return g.players[seat % len(g.players)]


@builtin("players_from(p: player) -> list<player>")
def _players_from(g, p):
    """Every player once, clockwise, starting with p."""
    players = g.players
    return players[p.seat:] + players[:p.seat]


@builtin("offset(p: player, k: int) -> player")
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


@builtin("holder(c: card) -> player", may_fail=True)
def _holder(g, c):
    """The player who owns the zone the card is in; an error if it lies in a game zone."""
    owner = c.zone.owner if c.zone is not None else None
    if owner is None or not hasattr(owner, "seat"):
        raise EvalError(f"card {c.label} is not held by a player")
    return owner


@builtin("random(xs: list<T>) -> T", pure=False, may_fail=True)
def _random(g, xs):
    """One item drawn with the game's seeded random generator (effects only)."""
    items = xs.cards if hasattr(xs, "cards") else xs
    if not items:
        raise EvalError("random() of an empty list")
    return g.rng.choice(items)     # the draw of randrange(len(items)), naming what is drawn from


@builtin("random_int(low: int, high: int) -> int", pure=False, may_fail=True)
def _random_int(g, low, high):
    """A whole number from low to high inclusive, from the game's random generator (effects only)."""
    if high < low:
        raise EvalError(f"random_int({low}, {high}): high is below low")
    return g.rng.randint(low, high)


@builtin("can_use(p: player, ability: str) -> bool", may_fail=True)
def _can_use(g, p, ability):
    """The player may use the ability now: enabled, not used since `reset_uses`, condition met."""
    spec = g.rules.abilities.get(ability)
    if spec is None:
        raise EvalError(f"no ability named '{ability}'")
    flags = g.ability_flags(p, ability)
    return not flags and (spec.when is None or spec.when(g, {"p": p}))


@builtin("usable(p: player) -> list<str>")
def _usable(g, p):
    """The abilities the player may use now, in the order the ruleset declares them."""
    return [name for name, spec in g.rules.abilities.items()
            if not g.ability_flags(p, name) and (spec.when is None or spec.when(g, {"p": p}))]


@builtin("met(p: player) -> list<str>")
def _met(g, p):
    """The abilities whose condition holds for the player now, disabled or used ones included,
    in the order the ruleset declares them: an owner may count as meeting a condition even when
    another player's passive has switched the ability off."""
    return [name for name, spec in g.rules.abilities.items() if spec.when is None or spec.when(g, {"p": p})]


@builtin("enabled(p: player, ability: str) -> bool")
def _enabled(g, p, ability):
    """The ability is not disabled for this player (whether or not its condition holds)."""
    return "disabled" not in g.ability_flags(p, ability)


@builtin("used(p: player, ability: str) -> bool")
def _used(g, p, ability):
    """The player has used the ability since their uses were last reset."""
    return "used" in g.ability_flags(p, ability)


from interpreter.primitives import combinations as _combinations  # noqa: E402,F401  (registers groups, runs, ...)
from interpreter.primitives import ranking as _ranking  # noqa: E402,F401  (registers hand_rank, hand_name, ...)
from interpreter.primitives import ordered as _ordered  # noqa: E402,F401  (registers hand_rank_by, card_rank_by)
from interpreter.primitives import value_sets as _value_sets  # noqa: E402,F401  (registers value_runs, value_picks)
