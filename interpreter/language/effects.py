"""The effect verbs: the only way a ruleset changes the state of a game.

Effects are statements (`move(c, trick)`), allowed in `do:` steps, `then:` lists and
triggers, never in conditions. Each verb is declared with its signature as text and a
docstring, so the checker, the docs and the engine read the same registry.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.errors import EvalError
from interpreter.language.types import parse_signature


@dataclass(frozen=True)
class EffectVerb:
    name: str
    params: list
    fn: Callable
    doc: str
    signature: str
    may_fail: bool = True      # raises EvalError for a bad argument (generated code then names the rule)


EFFECTS: dict[str, EffectVerb] = {}


def effect(signature: str, *, may_fail: bool = True):
    name, params, _ = parse_signature(signature)

    def register(fn: Callable) -> Callable:
        EFFECTS[name] = EffectVerb(name, params, fn, (fn.__doc__ or "").strip(), signature, may_fail)
        return fn
    return register


def _cards(g, what) -> list:
    """A card, a list of cards or a zone, as a list of cards (a zone's list is copied)."""
    if hasattr(what, "number"):      # a zone: its cards are its game's
        return list(g.zone_cards[what.number])
    if isinstance(what, list):
        return what
    return [what]


@effect("move(what: card|list<card>, to: zone) -> none")
def _move(g, what, to):
    """Move a card, a list of cards or every card of a zone to the end of zone `to`."""
    g.move(_cards(g, what), to)


@effect("move_to_top(what: card|list<card>, to: zone) -> none")
def _move_to_top(g, what, to):
    """Move cards to the start (top) of zone `to`, so they are drawn first."""
    g.move(_cards(g, what), to, top=True)


@effect("shuffle(zone: zone) -> none")
def _shuffle(g, zone):
    """Shuffle a zone with the game's seeded random generator (or a stacked order)."""
    g.shuffle(zone)


@effect("deal(source: zone, to: list<zone>, n: int) -> none")
def _deal(g, source, to, n):
    """Deal n cards to each zone in `to`, one at a time in turn, from the top of `source`."""
    if n * len(to) > len(g.zone_cards[source.number]):
        raise EvalError(f"cannot deal {n} cards to each of {len(to)} zones from {len(g.zone_cards[source.number])} cards")
    g.deal(source, to, n * len(to))


@effect("deal_all(source: zone, to: list<zone>) -> none")
def _deal_all(g, source, to):
    """Deal every card of `source`, one at a time in turn, to the zones in `to`."""
    if not to:
        raise EvalError("deal_all() to no zones")
    if any(zone is source for zone in to):
        raise EvalError(f"deal_all() cannot deal {source.key} into itself: it would never be empty")
    g.deal(source, to, len(g.zone_cards[source.number]))


@effect("draw(source: zone, to: zone, n: int) -> none")
def _draw(g, source, to, n):
    """Move the top n cards of `source` to `to` (an error if there are fewer)."""
    if n > len(g.zone_cards[source.number]):
        raise EvalError(f"cannot draw {n} cards from {source.key}, which holds {len(g.zone_cards[source.number])}")
    g.move(g.zone_cards[source.number][:n], to)


@effect("reveal(what: card|list<card>) -> none")
def _reveal(g, what):
    """Turn cards face up where they lie: everyone sees them until they move."""
    g.set_face(_cards(g, what), True)


@effect("hide(what: card|list<card>) -> none")
def _hide(g, what):
    """Turn cards face down where they lie."""
    g.set_face(_cards(g, what), False)


@effect("show(what: card|list<card>) -> none")
def _show(g, what):
    """Show cards to every player once (an event), then they are hidden again."""
    g.show(_cards(g, what), None)


@effect("peek(what: card|list<card>, viewer: player) -> none")
def _peek(g, what, viewer):
    """Let one player see cards they could not see; they stay known to them until they move."""
    g.show(_cards(g, what), viewer)


@effect("swap(a: card, b: card) -> none")
def _swap(g, a, b):
    """Exchange the places of two cards (in the same zone or in two zones)."""
    g.swap(a, b)


@effect("announce(message: str) -> none")
def _announce(g, message):
    """Add a line to the game's transcript, seen by every player (a game that records no events
    does not compute the message)."""
    g.emit("announced", text=message)


@effect("win(winners: list<player>) -> none")
def _win(g, winners):
    """Declare the winners and end the game now."""
    g.finish(winners)


@effect("end_game() -> none")
def _end_game(g):
    """End the game now; the winners come from the ruleset's `result.winners`."""
    g.finish(None)


@effect("disable(p: player, ability: str) -> none", may_fail=False)
def _disable(g, p, ability):
    """Switch off one of a player's abilities until `enable` (a passive of another player, say)."""
    g.ability_flags(p, ability).add("disabled")
    if g.memo:
        g.memo = {}


@effect("enable(p: player, ability: str) -> none", may_fail=False)
def _enable(g, p, ability):
    """Switch a disabled ability back on."""
    flags = g._ability_flags.get((p.seat, ability))     # (none yet: nothing to switch back on)
    if flags:
        flags.discard("disabled")
    if g.memo:
        g.memo = {}


@effect("reset_uses(p: player) -> none", may_fail=False)
def _reset_uses(g, p):
    """Forget which abilities the player has used: call it when a new turn (or round) begins."""
    known = g._ability_flags      # (an ability with no flags yet has nothing to forget)
    for name in g.rules.abilities:
        flags = known.get((p.seat, name))
        if flags:
            flags.discard("used")
    if g.memo:
        g.memo = {}
