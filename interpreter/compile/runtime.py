"""What generated code may call at run time: small helpers for the parts of an expression that
can fail (they raise a GameError at the rule's position) or that iterate (they count steps),
and the call strategies of ruleset functions."""
from __future__ import annotations

from interpreter.engine.state import Zone
from interpreter.errors import EvalError, GameError
from interpreter.limits import MAX_STRING

NOT_YET = object()   # a part of a choice's condition hoisted out of its loop, not computed yet
TOO_BIG = "a number beyond ±10^18: the numbers of a game stay within 18 digits"


def fail(g, span, message: str):
    raise GameError(message, span=span, phase=g.phase)


def seq(g, value, span):
    """The items of a list or zone to go through; each counts as a step, so nested macros over
    long lists meet the game's step limit instead of running for hours."""
    items = value if type(value) is not Zone else g.zone_cards[value.number]
    # `g.spend` written out: this runs once per macro of every listing
    g.steps += len(items)
    if g.steps > g._check_at:
        g._check_budget(span, "an expression goes through too many items")
    return items


def index(g, items, i, span):
    items = g.zone_cards[items.number] if type(items) is Zone else items
    if not -len(items) <= i < len(items):
        fail(g, span, f"index {i} is outside a list of {len(items)}")
    return items[i]


def divide(g, a, b, span):
    if b == 0:
        fail(g, span, "division by zero")
    return a // b


def modulo(g, a, b, span):
    if b == 0:
        fail(g, span, "division by zero")
    return a % b


def too_big(g, span):
    fail(g, span, TOO_BIG)


def join(g, a, b, span) -> list:
    piles = g.zone_cards
    joined = [*(piles[a.number] if type(a) is Zone else a), *(piles[b.number] if type(b) is Zone else b)]
    g.steps += len(joined)      # (`g.spend` written out, here and below: these run in every listing)
    if g.steps > g._check_at:
        g._check_budget(span, "joining lists builds too large a value")
    return joined


def concat(g, a, b, span) -> str:
    text = a + b
    if len(text) > MAX_STRING:
        fail(g, span, f"a string of more than {MAX_STRING} characters")
    g.spend(len(text) // 64, span, "joining strings builds too large a value")
    return text


def charged(g, value, span):
    """A list a builtin built: its size counts against the game's budget, like the items a
    `filter` goes through."""
    g.steps += len(value)
    if g.steps > g._check_at:
        g._check_budget(span, "a builtin builds too large a value")
    return value


def part(g, value, span):
    """The items one turn of a `flat_map` adds: they count like the items of a list built."""
    items = g.zone_cards[value.number] if type(value) is Zone else value
    g.spend(len(items), span, "an expression builds too large a list")
    return items


def charged_nested(g, value, span):
    """A list of lists a builtin built (the sets of `groups`, say): the lists and their items count."""
    g.steps += len(value) + sum(map(len, value))     # `g.spend` written out
    if g.steps > g._check_at:
        g._check_budget(span, "a builtin builds too large a value")
    return value


def contains_same(g, x, items) -> bool:
    """Whether this very card, player or team is among `items` (a list, or a zone given for
    one; game objects are equal only to themselves, so `in` compares identities)."""
    return x in (g.zone_cards[items.number] if type(items) is Zone else items)


def call(g, impl, span, *args):
    """A builtin that may fail (empty list, bad index): the failure names its position."""
    try:
        return impl(g, *args)
    except EvalError as exc:
        raise GameError(str(exc), span=span, phase=g.phase) from None


# call1, call2, effect1 and effect2 repeat call's and effect's lines for one and two
# arguments: a call through *args cannot take Python's fast path, and these are most calls
def call1(g, impl, span, a):
    try:
        return impl(g, a)
    except EvalError as exc:
        raise GameError(str(exc), span=span, phase=g.phase) from None


def call2(g, impl, span, a, b):
    try:
        return impl(g, a, b)
    except EvalError as exc:
        raise GameError(str(exc), span=span, phase=g.phase) from None


def effect(g, impl, span, name, *args) -> None:
    try:
        impl(g, *args)
    except EvalError as exc:
        raise GameError(f"{name}(): {exc}", span=span, phase=g.phase) from None


def effect1(g, impl, span, name, a) -> None:
    try:
        impl(g, a)
    except EvalError as exc:
        raise GameError(f"{name}(): {exc}", span=span, phase=g.phase) from None


def effect2(g, impl, span, name, a, b) -> None:
    try:
        impl(g, a, b)
    except EvalError as exc:
        raise GameError(f"{name}(): {exc}", span=span, phase=g.phase) from None


def unset(g, value, span, name):
    """A variable of a type with no value to start from, read before it was set."""
    if value is None:
        raise GameError(f"variable '{name}' is read before it is set", span=span, phase=g.phase, code="unset")
    return value


def someone(g, player, span, what):
    """A player value that may be `nobody` (None), used where a player is needed."""
    if player is None:
        raise GameError(f"{what}: the player is nobody here", span=span, phase=g.phase, code="nobody")
    return player


def named(player):
    """text() of a player value that may be `nobody`."""
    return "nobody" if player is None else player


def last_holder(g, card, span):
    seat = g.card_holder[card.index]
    if seat < 0:
        fail(g, span, f"card {card.label} has not been held by any player")
    return g.players[seat]


def team_of(g, player, span):
    try:
        return g.team_of(player)
    except EvalError as exc:
        raise GameError(str(exc), span=span, phase=g.phase) from None


# -- memo keys of ruleset functions (the look-ups are written in place: `calls.remembered`) --
def frozen(value):
    """A list or tuple argument as a memo key: its items, nested lists included. A zone stands
    for itself (the memo is cleared whenever a card moves)."""
    if isinstance(value, (list, tuple)):
        # a list of cards or players, the usual case, in one pass with no call for each item
        return tuple([frozen(v) if isinstance(v, (list, tuple)) else v for v in value])
    return value


def frozen_flat(value):
    """`frozen` for a list whose items are not lists (of cards, players, numbers): its items."""
    return value if isinstance(value, Zone) else tuple(value)


NAMES = {name: value for name, value in globals().items()
         if not name.startswith("_") and name not in ("annotations", "GameError", "EvalError", "MAX_STRING",
                                                       "TOO_BIG")}
NAMES["Zone"] = Zone      # the one type generated code tests for: a zone's cards are its items (its game's)
