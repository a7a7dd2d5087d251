"""What an agent is given when its seat must decide: the seat's view, its event stream and the
current decision's legal choices, never the game itself.

    turn = turn_of(game)                 # the decision in front of `game.decision.player`
    choice = ask(agent, game)            # the agent's answer, checked against the legal choices
    game.apply(choice)

A Turn holds only copies and public values: card ids (not card objects), seat numbers, numbers,
action names, and for a search what the seat knows frozen into bytes (`knowledge.py`). Nothing
reachable from it leads back to the game, so whatever an agent does with it cannot change the
game or show it a hidden card.

Everything is worked out when the turn is made. An agent says what it reads with a `uses`
attribute, a subset of USES ('view', 'events', 'sample'; all three when it says nothing), so a
random player costs no copy of the view, the events or the state; 'reasons' (why each card left
out is not legal, in the ruleset's words) only when asked for. An agent that keeps the
events it was given may also have `events_since(seat) -> int`: its turns then hold only the
events from there on (`turn.events_from` says where they start), not the whole stream again.
"""
from __future__ import annotations

import random
from typing import Iterable, Protocol

from interpreter.agents.knowledge import Knowledge, knowledge_of
from interpreter.engine.decisions import Choice, IllegalChoice as EngineIllegalChoice, describe_numbers, json_value
from interpreter.engine.game import Game
from interpreter.errors import GameError

USES = frozenset(["view", "events", "sample"])
# asked for by name only: "reasons", why each left-out candidate is not legal (for agents that
# tell people, as the terminal's does)
ON_REQUEST = frozenset(["reasons"])


class Agent(Protocol):
    def choose(self, turn: "Turn") -> Choice | str: ...


class IllegalChoice(EngineIllegalChoice):
    """An agent answered with something that is not one of the legal choices."""


class Turn:
    """One seat's decision as that seat sees it.

    `choices` are the legal choices (ids such as 'QS', 'fold', 'p2', '250'; for a number the
    legal `numbers`, a range or, when the ruleset's `where:` leaves some out, a list, is cheaper
    to use). `view` is `Game.view(seat)`; `events` the seat's event stream, both copies.
    `sample(rng)` gives a full game state consistent with what this seat knows (see
    `interpreter.agents.determinize`); `knowledge` is that state frozen (`knowledge.py`).
    A turn made with `uses` leaving out some of these has them as a TurnError when read."""

    __slots__ = ("seat", "rules", "players", "options", "kind", "prompt", "step", "of", "numbers",
                 "uses", "events_from", "reasons", "_count", "_choices", "_view", "_events", "_knowledge")

    def __init__(self, game: Game, *, uses: Iterable[str] = USES, events_from: int = 0):
        decision = game.decision
        if decision is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        self.uses = frozenset(uses) & (USES | ON_REQUEST)
        self.seat: int = decision.player
        self.rules = game.rules                      # the ruleset: immutable and public
        self.players: int = len(game.players)
        self.options: dict = dict(game.options)
        self.kind: str = decision.kind
        self.prompt: str = decision.prompt
        self.step, self.of = decision.step, decision.of
        self._count = len(decision.options)
        numbers = decision.options if decision.kind == "number" else None
        self.numbers: range | list | None = list(numbers) if isinstance(numbers, (list, tuple)) else numbers
        # a number decision's choices are its numbers: made when asked, as there may be thousands
        self._choices: tuple | None = None if self.numbers is not None and decision._labels is None else \
            tuple(Choice(c.id, c.label, json_value(c.value)) for c in decision.choices)
        # `events` is the seat's stream from `events_from` on (0 again if the stream is shorter:
        # another game), for an agent that keeps what it was given before
        if not 0 <= events_from <= _stream_length(game, self.seat):
            events_from = 0
        self.events_from: int = events_from
        # why each left-out candidate is not legal, in the ruleset's words (its `where:` reasons);
        # made only for agents that tell people (`uses` "reasons"), as it costs a listing
        self.reasons: dict[str, str] = decision.reasons() if "reasons" in self.uses else {}
        self._events: tuple | None = None
        if "events" in self.uses:
            self._events = tuple(game.events_for(self.seat, events_from))     # copies
        self._view: dict | None = game.view(self.seat) if "view" in self.uses else None
        self._knowledge = None
        if "sample" in self.uses:
            events = self._events if events_from == 0 and self._events is not None else game.events_for(self.seat)
            self._knowledge = knowledge_of(game, self.seat, events)

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The legal choices; each value is public (a card id, 'p2', a number, an action name)."""
        if self._choices is None:
            self._choices = tuple(Choice(str(n), str(n), n) for n in self.numbers)
        return self._choices

    def __len__(self) -> int:
        return self._count

    @property
    def view(self) -> dict:
        return self._made("view", self._view)

    @property
    def events(self) -> tuple[dict, ...]:
        return self._made("events", self._events)

    @property
    def knowledge(self) -> Knowledge:
        """What this seat knows of the game, frozen (`interpreter.agents.knowledge.Knowledge`)."""
        return self._made("sample", self._knowledge)

    def sample(self, rng: random.Random) -> Game:
        """A game in the state this seat sees, with everything it cannot know drawn at random:
        unseen cards dealt over the places it cannot see, the random source re-seeded. The
        sample is the agent's own to play forward; the real game is untouched."""
        return self.knowledge.sample(rng)

    def _made(self, use: str, value):
        if use not in self.uses:
            raise TurnError(f"this turn was made without its {use}: an agent that reads it lists "
                            f"'{use}' in its `uses`")
        return value

    def __repr__(self) -> str:
        return f"Turn(seat={self.seat}, {self.prompt}, {len(self)} choices)"


def _stream_length(game: Game, seat: int) -> int:
    streams = game._log.streams
    return len(streams[seat]) if seat < len(streams) else 0


class TurnError(AttributeError):
    """An agent read a part of its Turn that it did not say it uses."""


def uses_of(agent) -> frozenset:
    """What an agent reads of its Turn: its `uses` attribute, or everything."""
    uses = getattr(agent, "uses", None)
    return USES if uses is None else frozenset(uses)


def turn_of(game: Game, *, uses: Iterable[str] = USES) -> Turn:
    """The current decision as its seat sees it."""
    return Turn(game, uses=uses)


def agent_name(agent) -> str:
    return getattr(agent, "name", None) or type(agent).__name__


def ask(agent, game: Game) -> Choice:
    """Ask `agent` for the current decision and return the legal Choice it named; an answer that
    is not legal is an IllegalChoice naming the agent, the seat and the legal choices."""
    since = getattr(agent, "events_since", None)
    seat = game.decision.player if game.decision is not None else 0
    turn = Turn(game, uses=uses_of(agent), events_from=since(seat) if since is not None else 0)
    answer = agent.choose(turn)
    decision = game.decision
    choice_id = answer.id if isinstance(answer, Choice) else str(answer)
    try:
        return decision.choice(choice_id)
    except ValueError:
        if decision.kind == "number":
            legal = describe_numbers(decision.options)
        else:
            ids = [c.id for c in decision.choices]
            legal = ", ".join(ids[:40]) + (f" and {len(ids) - 40} more" if len(ids) > 40 else "")
        raise IllegalChoice(f"agent {agent_name(agent)} at seat {turn.seat} chose '{choice_id}', which is not "
                            f"legal for '{decision.prompt}'; legal: {legal}") from None
