"""What generated flow code may call at run time, beside the expression runtime (`runtime.py`):
frames and decisions, the errors of a choice with no legal option, the picks of a multi-card
choice, the players of a simultaneous step asked in turn, and abilities used."""
from __future__ import annotations

from functools import partial

from interpreter.engine.decisions import DONE, Decision, new_decision
from interpreter.engine.frames import CHOOSING, RESULTS, new_frame
from interpreter.compile.steps import NONE, Break
from interpreter.errors import GameError
from interpreter.limits import MAX_RANGE

MAX_NUMBER_RANGE = 2 ** 62   # a number choice's range must have a length Python can count

# a Decision with no fields set yet, which generated listings fill in (`choices._new_decision`)
blank_decision = partial(object.__new__, Decision)


def no_choice(g, player, kind: str, prompt: str, span):
    raise GameError(f"{g.describe(player)} has no legal {kind} to choose ({prompt})", span=span, phase=g.phase,
                    code="no-legal-choice")


def no_action(g, player, prompt: str, span):
    raise GameError(f"{g.describe(player)} has no legal action ({prompt})", span=span, phase=g.phase,
                    code="no-legal-choice")


def too_few_cards(g, player, wanted: int, legal: int, span):
    raise GameError(f"{g.describe(player)} must choose {wanted} cards but only {legal} are legal", span=span,
                    phase=g.phase, code="no-legal-choice")


def pick_range(g, least: int, most, legal: int, span) -> int:
    """How many cards a `min`/`max` choice may pick at most: `max`, or every legal card (no
    more than are legal: picking stops by itself when none is left)."""
    if most is not None and most < least:
        raise GameError(f"a choice of {least} to {most} cards: 'max' is less than 'min'", span=span,
                        phase=g.phase, code="runtime")
    return legal if most is None else min(most, legal)


def picked_more(state: list, value) -> bool:
    """Take one answer of a multi-card choice (a card, or DONE to stop); whether to ask again."""
    if value is DONE or value == DONE:
        state[1] = len(state[3])
        return False
    state[3].append(value)
    return len(state[3]) < state[1]


def numbers(g, low: int, high: int, span) -> range:
    """The numbers of a number choice, `low` to `high`."""
    if high - low >= MAX_NUMBER_RANGE:
        raise GameError(f"a number choice from {low} to {high} is wider than {MAX_NUMBER_RANGE} numbers",
                        span=span, phase=g.phase, code="number-range")
    return range(low, high + 1)


def numbers_to_test(g, numbers_: range, span) -> range:
    """The numbers a number choice's `where` tests: at most MAX_RANGE of them."""
    if len(numbers_) > MAX_RANGE:
        raise GameError(f"a number choice with 'where' may list at most {MAX_RANGE} numbers, not {len(numbers_)}",
                        span=span, phase=g.phase)
    return numbers_


class CardPicks:
    """How a `choose: cards` asks for each of its cards: the prompt and verb (texts or
    templates), its position, and whether others see the choice."""
    __slots__ = ("prompt", "span", "private", "verb", "fixed")

    def __init__(self, prompt, span, private: bool, verb):
        self.prompt, self.span, self.private, self.verb = prompt, span, private, verb
        self.fixed = not callable(prompt) and not callable(verb)     # texts, not templates


def render(text, g, env) -> str | None:
    """A prompt or verb now: a template's text, or a constant string as it is."""
    return text(g, env) if callable(text) else text


def pick(g, env, state: list, how: CardPicks) -> Decision:
    """The decision for the next card of a multi-card choice. `state` is [player, how many,
    the legal cards, the cards picked]; a card picked is not offered again (found by identity:
    two cards may be equal in every attribute)."""
    player, wanted, pool, picked, least = state
    # (cards compare by identity: a card listed twice is not offered again once picked)
    rest = [card for card in pool if card not in picked] if picked else list(pool)
    if len(picked) >= least:      # enough picked: stopping is one option, first (a fixed place)
        rest.insert(0, DONE)
    prompt, verb = (how.prompt, how.verb) if how.fixed else (render(how.prompt, g, env), render(how.verb, g, env))
    return new_decision(player, rest, ("card", prompt, how.span, None, how.private, len(picked) + 1, wanted, verb))


# A simultaneous step keeps [CHOOSING or RESULTS, its players, how many were asked (then: how
# many results ran), the choices made [[env, value, seat, kind, options], ...], and [env, pick
# state, [seat, kind, options]] of the player choosing now] on its frame's data (see
# frames.unrevealed_choices, which search reads).
def simultaneous_ask(g, env: dict, state: list, name: str, ask, picks: CardPicks | None, span) -> Decision | None:
    """Ask the next player of a simultaneous step who has something to choose, each in an
    environment of its own; None once all have chosen, when the choices are revealed."""
    players, chosen = state[1], state[3]
    while state[2] < len(players):
        g.tick(span)
        own = dict(env)
        own[name] = players[state[2]]
        begun = ask(g, own)
        state[2] += 1
        if begun is NONE:
            chosen.append([own, NONE, None, None, None])
            continue
        if picks is not None:       # `begun` is the state of a multi-card choice
            if begun[1] <= 0:
                chosen.append([own, begun[3], None, None, None])
                continue
            request = pick(g, own, begun, picks)
        else:
            request, begun = begun, None
        state[4] = [own, begun, [request.player, request.kind, request._values]]
        return request
    g.reveal_choices()
    state[0], state[2] = RESULTS, 0
    return None


def simultaneous_answer(g, state: list, picks: CardPicks | None) -> Decision | None:
    """Take the answer of the player choosing now: the next card to pick, or None when done."""
    own, pending, asked = state[4]
    value = g._sent
    if picks is not None:
        if picked_more(pending, value):
            return pick(g, own, pending, picks)
        value = pending[3]
    state[3].append([own, value, *asked])
    state[4] = None
    return None


def use_ability(g, ability: str, player, span) -> None:
    """Mark the ability used by `player` and push a frame running its steps, `p` bound to them."""
    spec = g.rules.abilities.get(ability)
    if spec is None:
        raise GameError(f"no ability named '{ability}'", span=span, phase=g.phase)
    g.ability_flags(player, ability).add("used")
    if g.memo:
        g.memo = {}
    g.emit("ability_used", player=player.seat, ability=ability)
    g._stack.append(new_frame(spec.code, {"p": player}))


NAMES = {"NONE": NONE, "Break": Break, "new_frame": new_frame, "blank_decision": blank_decision, "CHOOSING": CHOOSING,
         "RESULTS": RESULTS, "no_choice": no_choice, "no_action": no_action, "too_few_cards": too_few_cards,
         "numbers": numbers, "numbers_to_test": numbers_to_test, "pick": pick,
         "simultaneous_ask": simultaneous_ask, "simultaneous_answer": simultaneous_answer,
         "use_ability": use_ability, "pick_range": pick_range, "picked_more": picked_more}
