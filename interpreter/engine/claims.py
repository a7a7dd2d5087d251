"""Claim windows at run time: one offered decision that several players may each take or pass,
of which one claim wins by the rule the ruleset states (a `claim:` step, compiled by
`claim_steps.py`).

When the window opens every eligible player's options are listed at once (nothing changes
while it is open), each with `pass` added. The flow then asks them one at a time, in the
order of `players:` (or a seeded order): that is how bots, simulations and a terminal answer.
A client that has several seats answering at once (a web table) may answer for any seat still
to answer (`Game.apply(choice, seat=...)`, through `answer_out_of_turn`): the order in which
answers arrive is the order of the log's `decided` events, so a replay that applies each
logged decision for its logged seat reproduces the game. When the window closes, a `claimed`
event says who won, with what, and why, and shows every answer given.

Rules (`wins:`):
- `first`: the first claim wins at once; the seats not asked yet never answer.
- `priority`: every seat answers; the best option by the ruleset's `priority:` list wins,
  equal ones by the order of `players:`.
- `random`: every seat answers; a draw from the game's seeded generator among the claims.

The window's state is plain data on its frame (so a game with an open window can be copied):
[stage, pending, 0, answers, rule, winner], with the stage CHOOSING while hidden answers are
being given (search agents then treat them as unrevealed, see `frames.unrevealed_choices`),
pending [[env, player, options, site, rank], ...], answers [[env, value, seat, kind, options,
rank, text], ...] and the winning answer (or None) once closed.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine.decisions import Decision, IllegalChoice, choice_id, new_decision
from interpreter.engine.frames import CHOOSING, NONE


class _Marker(str):
    """A value no ruleset value is (identity is what counts); reads as its text."""


PASS = _Marker("pass")          # the option every claimant has: not to claim
OPEN = _Marker("open")          # the stage of a window whose answers are public
CLOSED = _Marker("closed")      # the stage of a window that is resolved

WINS = ("first", "priority", "random")


@dataclass(frozen=True)
class ClaimRule:
    """What the ruleset says of one claim window: how it is won, the priority of its options
    (best first), the order seats answer in turn (`listed` or `random`), a web table's time
    window in seconds (None: wait for every answer), and whether answers stay hidden until
    the window closes."""
    wins: str
    priority: tuple = ()
    order: str = "listed"
    window: int | None = None
    hidden: bool = True
    span: object = None


@dataclass(frozen=True)
class ClaimWindow:
    """An open claim window as a client sees it: the seats that may still answer, how it is
    won, a web table's time window, whether answers are hidden until it closes, and how many
    answers it has had (the game's decision count less these is where the window opened)."""
    seats: tuple
    wins: str
    window: int | None
    hidden: bool
    answered: int = 0

    def opened_at(self, game) -> int:
        """The game's decision count when this window opened: the same for every answer in it."""
        return game.decisions_taken - self.answered


def claim_open(g, env: dict, players, name: str, ask, rule: ClaimRule) -> list:
    """Open a window: list each player's options (in an environment of its own, `name` bound
    to the player), `pass` added; players with no legal option are not asked, and a player
    listed twice is asked once."""
    pending, seen = [], set()
    for rank, player in enumerate(players):
        g.tick(rule.span)
        if player.seat in seen:         # a player listed twice claims once
            continue
        seen.add(player.seat)
        own = dict(env)
        own[name] = player
        asked = ask(g, own)
        if asked is NONE:
            continue
        pending.append([own, player, list(asked._values) + [PASS], _with_pass(asked._site, rule.hidden), rank])
    if rule.order == "random" and len(pending) > 1:
        g.rng.shuffle(pending)
    state = [CHOOSING if rule.hidden else OPEN, pending, 0, [], rule, None]
    if not pending:
        _close(g, state)
    return state


def _with_pass(site: tuple, hidden: bool) -> tuple:
    """The site of a claimant's decision: its labels with `pass` added, private when hidden."""
    kind, prompt, span, labels, _, step, of, verb = site
    if type(labels) is dict:
        labels = {**labels, PASS: "pass"}
    elif labels is not None:
        labels = list(labels) + ["pass"]
    return kind, prompt, span, labels, hidden, step, of, verb


def claim_ask(g, state: list) -> Decision | None:
    """The decision of the next seat to answer, or None once the window is closed."""
    if state[0] is CLOSED:
        return None
    _, player, options, site, _ = state[1][0]
    return new_decision(player, options, site)


def claim_answer(g, state: list) -> Decision | None:
    """Take the answer (`g._sent`) of the seat first in line; close the window when the rule
    says; the next decision, or None once closed."""
    own, player, options, site, rank = state[1].pop(0)
    value = g._sent
    state[3].append([own, value, player.seat, site[0], options, rank, _label(site[3], options, value)])
    if (value is not PASS and state[4].wins == "first") or not state[1]:
        _close(g, state)
    return claim_ask(g, state)


def _label(labels, options: list, value) -> str | None:
    """The text the ruleset gave the chosen option (an action's `label:`, `labels:`), if any."""
    if type(labels) is dict:
        return labels.get(value)
    for option, label in zip(options, labels or ()):
        if option is value:
            return label
    return None


def claim_winner(state: list):
    """The winning answer [env, value, ...] of a closed window, or None: nobody claimed."""
    return state[5]


def _close(g, state: list) -> None:
    rule, answers = state[4], state[3]
    claims = [a for a in answers if a[1] is not PASS]
    winner, reason = None, "none"
    if len(claims) == 1:
        winner, reason = claims[0], ("first" if rule.wins == "first" else "only")
    elif claims and rule.wins == "first":
        winner, reason = claims[0], "first"
    elif claims and rule.wins == "priority":
        def key(answer):
            chosen = choice_id(answer[1])
            return (rule.priority.index(chosen) if chosen in rule.priority else len(rule.priority), answer[5])
        ranked = sorted(claims, key=key)
        winner = ranked[0]
        reason = "order" if key(ranked[1])[0] == key(winner)[0] else "priority"
    elif claims:
        ranked = sorted(claims, key=lambda answer: answer[5])
        winner, reason = ranked[g.rng.randrange(len(ranked))], "draw"
    state[0], state[1], state[5] = CLOSED, [], winner
    if rule.hidden:
        g._private = []          # the answers are shown now, by the event below
    if g.record and answers:         # (nobody could claim: no window was open, nothing to tell)
        said = {} if winner is None or winner[6] in (None, choice_id(winner[1])) else {"text": winner[6]}
        g.emit("claimed", player=None if winner is None else winner[2],
               choice=None if winner is None else choice_id(winner[1]), **said, reason=reason,
               answers=[{"player": a[2], "choice": choice_id(a[1])} for a in answers])


# -- what clients use --------------------------------------------------------------------
def _open_state(game) -> list | None:
    """The state of the claim window the game waits on, if it waits on one."""
    if game.decision is None or not game._stack:
        return None
    for entry in reversed(game._stack[-1].data):
        if type(entry) is list and len(entry) == 6 and type(entry[4]) is ClaimRule:
            return entry if entry[0] is not CLOSED else None
    return None


def open_claim(game) -> ClaimWindow | None:
    """The claim window the game waits on (the seats that may answer now), or None."""
    state = _open_state(game)
    if state is None:
        return None
    rule = state[4]
    return ClaimWindow(tuple(entry[1].seat for entry in state[1]), rule.wins, rule.window, rule.hidden,
                       len(state[3]))


def decision_for(game, seat: int) -> Decision | None:
    """The decision `seat` may take now: the current one if it is that seat's, else that
    seat's in an open claim window; None if it has none."""
    decision = game.decision
    if decision is None or decision.player == seat:
        return decision
    state = _open_state(game)
    if state is None:
        return None
    for entry in state[1]:
        if entry[1].seat == seat:
            asked = new_decision(entry[1], entry[2], entry[3])
            asked._game = game
            return asked
    return None


def answer_out_of_turn(game, seat: int) -> Decision:
    """Make `seat`'s decision in the open claim window the one the game takes next (it
    answers before the seats ahead of it); IllegalChoice if it has none."""
    state = _open_state(game)
    pending = state[1] if state is not None else []
    at = next((i for i, entry in enumerate(pending) if entry[1].seat == seat), None)
    if at is None:
        raise IllegalChoice(f"seat {seat} has no decision to take now (the game waits for seat "
                            f"{game.decision.player})")
    pending.insert(0, pending.pop(at))
    decision = claim_ask(game, state)
    decision._game = game
    game.decision = decision
    return decision
