"""What an agent is given when its seat must decide: the seat's view, its event stream and the
current decision's legal choices, never the game itself.

    turn = turn_of(game)                 # the decision in front of `game.decision.player`
    choice = ask(agent, game)            # the agent's answer, checked against the legal choices
    game.apply(choice)

A Turn holds only copies and public values: card ids (not card objects), seat numbers, numbers,
action names. Whatever an agent does with it cannot change the game or show it a hidden card.
"""
from __future__ import annotations

import random
from typing import Protocol

from interpreter.engine.decisions import Choice, IllegalChoice as EngineIllegalChoice, describe_numbers, json_value
from interpreter.engine.game import Game
from interpreter.errors import GameError


class Agent(Protocol):
    def choose(self, turn: "Turn") -> Choice | str: ...


class IllegalChoice(EngineIllegalChoice):
    """An agent answered with something that is not one of the legal choices."""


class Turn:
    """One seat's decision as that seat sees it.

    `choices` are the legal choices (ids such as 'QS', 'fold', 'p2', '250'; for a number the
    legal `numbers`, a range or, when the ruleset's `where:` leaves some out, a list, is cheaper
    to use). `view` is `Game.view(seat)`; `events` the seat's
    event stream, both computed on first use and copied. `sample(rng)` gives a full game state
    consistent with what this seat knows (see `interpreter.agents.determinize`)."""

    __slots__ = ("seat", "rules", "players", "options", "kind", "prompt", "step", "of", "numbers",
                 "reasons", "_choices", "_view", "_events", "_source")

    def __init__(self, game: Game, *, reasons: bool = False):
        decision = game.decision
        if decision is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        self.seat: int = decision.player
        self.rules = game.rules                      # the ruleset: immutable and public
        self.players: int = len(game.players)
        self.options: dict = dict(game.options)
        self.kind: str = decision.kind
        self.prompt: str = decision.prompt
        self.step, self.of = decision.step, decision.of
        self.numbers: range | list | None = decision.options if decision.kind == "number" else None
        # why each left-out candidate is not legal, in the ruleset's words (its `where:` reasons);
        # computed only for agents that tell people (`wants_reasons`), as it costs a listing
        self.reasons: dict[str, str] = decision.reasons() if reasons else {}
        self._choices: tuple | None = None
        self._view: dict | None = None
        self._events: tuple | None = None
        # Read lazily (most bots never look at the view or the events) and only through the
        # seat-masked accessors below.
        self._source = (game, decision)

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The legal choices; each value is public (a card id, 'p2', a number, an action name)."""
        if self._choices is None:
            self._choices = tuple(Choice(c.id, c.label, json_value(c.value)) for c in self._source[1].choices)
        return self._choices

    def __len__(self) -> int:
        return len(self._source[1].options)

    @property
    def view(self) -> dict:
        if self._view is None:
            self._view = self._source[0].view(self.seat)
        return self._view

    @property
    def events(self) -> tuple[dict, ...]:
        if self._events is None:
            self._events = tuple(self._source[0].events_for(self.seat))     # a copy
        return self._events

    def sample(self, rng: random.Random) -> Game:
        """A game in the state this seat sees, with everything it cannot know drawn at random:
        unseen cards dealt over the places it cannot see, the random source re-seeded. The
        sample is the agent's own to play forward; the real game is untouched."""
        from interpreter.agents.determinize import determinize
        return determinize(self._source[0], self.seat, self.events, rng)

    def __repr__(self) -> str:
        return f"Turn(seat={self.seat}, {self.prompt}, {len(self)} choices)"


def turn_of(game: Game) -> Turn:
    """The current decision as its seat sees it."""
    return Turn(game)


def agent_name(agent) -> str:
    return getattr(agent, "name", None) or type(agent).__name__


def ask(agent, game: Game) -> Choice:
    """Ask `agent` for the current decision and return the legal Choice it named; an answer that
    is not legal is an IllegalChoice naming the agent, the seat and the legal choices."""
    turn = Turn(game, reasons=getattr(agent, "wants_reasons", False))
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
