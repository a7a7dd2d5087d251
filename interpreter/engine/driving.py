"""Driving a game: taking a decision's answer, running the flow on to the next decision, and
the end of the game with its result.

`GameDriving` is one of the bases of `Game` (see game.py). `apply`, `apply_value` and
`apply_index` are the decision API; `_advance` runs the flow's frames (frames.py) until one
asks for a decision; `finish` is what generated code calls to end the game early.
"""
from __future__ import annotations

import warnings

from interpreter.engine import claims
from interpreter.engine.budget import past_python_limits, too_long
from interpreter.engine.decisions import DONE, Decision, choice_id
from interpreter.errors import GameError, UnusedStackedOrders


class _GameOver(Exception):
    """Unwinds the flow when an effect ends the game early."""


class GameDriving:
    """The decision API and the run of the flow between two decisions (a base of `Game`)."""
    __slots__ = ()   # the fields are `Game`'s

    def apply(self, choice, *, seat: int | None = None) -> None:
        """Take the current decision's choice: a Choice this decision listed, or its id
        ('QS', 'fold', '250'). Anything else is refused with a GameError. With `seat`, the
        choice is that seat's: in an open claim window any seat still to answer may answer
        before the one asked (see claims.py); otherwise it must be the seat asked."""
        decision = self._current()
        if seat is not None and seat != decision.player:
            decision = claims.answer_out_of_turn(self, seat)
        value, chosen_id = decision.resolve(choice)
        try:
            self._take(decision, value, chosen_id)
        except (RecursionError, MemoryError) as exc:
            raise past_python_limits(exc, self.phase) from None

    def apply_value(self, value) -> None:
        """Apply an item of `decision.options` as it is (the fast path for bots); a value that
        is not one of them is refused with a GameError."""
        decision = self._current()
        try:
            self._take(decision, decision.resolve_value(value), None)
        except (RecursionError, MemoryError) as exc:
            raise past_python_limits(exc, self.phase) from None

    # The playout API, for bots and search: who decides, how many legal options there are,
    # and taking one by its position. A position can only name one of the engine's own
    # options, so nothing needs matching against them.
    @property
    def to_move(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        return None if self.decision is None else self.decision.player

    def legal_values(self):
        """The current decision's legal values (`decision.options`): a tuple, or a range for a
        number. Empty once the game is over."""
        return () if self.decision is None else self.decision.options

    def apply_index(self, index: int) -> None:
        """Take the `index`-th of `legal_values()`; an IndexError if there is no such option."""
        decision = self.decision
        if decision is None:
            decision = self._current()      # refuses: the game is over
        if type(index) is not int or index < 0:
            raise IndexError(f"choice {index!r} of {len(decision._values)}")
        try:
            value = decision._values[index]
        except IndexError:
            raise IndexError(f"choice {index!r} of {len(decision._values)}") from None
        self.decisions_taken += 1
        try:
            if self.record:
                self._record_decision(decision, value, None)
                self.decision = None
                self._advance(value)
                return
            self.decision = None
            # the path of every playout: `_advance` written out for a game that records no
            # events (so none is counted against the budget's event cap)
            self.steps_before += self.steps
            self.steps = 0
            self._check_at = self._stride
            self._deadline = None
            self._sent = value
            stack = self._stack
            request = None
            try:
                while stack:
                    frame = stack[-1]
                    request = frame.code(self, frame)
                    if request is not None:
                        break
            except _GameOver:
                self._stack = []
                self._end(self.winners)
                return
            if request is None:
                self._end(None)
                return
            request._game = self
            self.decision = request
            if self.decisions_taken >= self._max_decisions or self.steps_before + self.steps > self._max_game_steps:
                self._too_long(request)
        except (RecursionError, MemoryError) as exc:
            raise past_python_limits(exc, self.phase) from None

    def play_out(self, pick, numbers=None) -> None:
        """Play on to the end, taking at each decision its option at position `pick(n)`, n being
        how many it has (`numbers(n)` instead for a number decision, when given): the loop of
        random playouts, `apply_index` written out in it (no call, no `len(decision)` per
        decision). The same game as `apply_index(pick(len(game.decision)))` until over."""
        if self.record:
            while self.decision is not None:
                decision = self.decision
                n = len(decision._values)
                self.apply_index(numbers(n) if numbers is not None and decision.kind == "number" else pick(n))
            return
        decision = self.decision
        stack = self._stack
        try:
            while decision is not None:
                values = decision._values
                n = len(values)
                at = numbers(n) if numbers is not None and decision._site[0] == "number" else pick(n)
                if type(at) is not int or not 0 <= at < n:
                    raise IndexError(f"choice {at!r} of {n}")
                self.decisions_taken += 1
                self.decision = None
                self.steps_before += self.steps
                self.steps = 0
                self._check_at = self._stride
                self._deadline = None
                self._sent = values[at]
                request = None
                try:
                    while stack:
                        frame = stack[-1]
                        request = frame.code(self, frame)
                        if request is not None:
                            break
                except _GameOver:
                    self._stack = []
                    self._end(self.winners)
                    return
                if request is None:
                    self._end(None)
                    return
                request._game = self
                self.decision = decision = request
                if self.decisions_taken >= self._max_decisions or self.steps_before + self.steps > self._max_game_steps:
                    self._too_long(request)
        except (RecursionError, MemoryError) as exc:
            raise past_python_limits(exc, self.phase) from None

    def _current(self) -> Decision:
        if self.over or self.decision is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        return self.decision

    def _take(self, decision: Decision, value, chosen_id: str | None) -> None:
        self.decisions_taken += 1
        if self.record:
            self._record_decision(decision, value, chosen_id)
        self.decision = None
        self._advance(value)

    def _record_decision(self, decision: Decision, value, chosen_id: str | None) -> None:
        self._asked_at = decision._span      # where a game over its event cap is stopped
        viewers = None
        if decision._private or decision.kind == "card":
            viewers = frozenset([decision.player])
        event = {"type": "decided", "player": decision.player, "kind": decision.kind,
                 "choice": chosen_id if chosen_id is not None else choice_id(value)}
        if decision._verb:
            event["label"] = decision._verb
        if decision._site[3] is not None:
            # the option as the decision showed it (an action's `label:`, `labels:`), for
            # transcripts; those that read as their id are left out
            shown = decision.choice(event["choice"]).label
            if shown != event["choice"]:
                event["text"] = shown
        if decision._private:
            self._private.append(event)
        if decision.kind == "card" and value != DONE and value is not claims.PASS:
            # Who learns which card was chosen is decided by where the card goes next:
            # played to the table, everyone; passed to a neighbour, those two.
            self._log.card_decided(value, event, viewers)
        self._emit_event(event, viewers)

    def _advance(self, value) -> None:
        """Run the flow on from a decision answered with `value` (or from the start), with the
        budget counted from zero again (`_restart_budget` written out: this runs once a decision)."""
        self.steps_before += self.steps
        self.steps = 0
        self._check_at = self._stride
        self._deadline = None
        self._events_at_decision = recorded = len(self._log.events)
        self._event_cap = min(recorded + self.budget.events, self._limits.events)
        self._sent = value
        stack = self._stack
        request = None
        try:
            while stack:      # (`frames.run` written out)
                frame = stack[-1]
                request = frame.code(self, frame)
                if request is not None:
                    break
        except _GameOver:
            self._stack = []
            self._end(self.winners)
            return
        if request is None:
            self._end(None)
            return
        request._game = self
        self.decision = request
        if self.decisions_taken >= self._max_decisions or self.steps_before + self.steps > self._max_game_steps:
            self._too_long(request)

    def _too_long(self, request: Decision) -> None:
        """A decision asked past a game-level bound: the game stops, at the step that asks."""
        self.decision = None
        span = request._span
        if self.decisions_taken >= self._limits.decisions:
            raise too_long(f"asked for more than {self._limits.decisions:,} decisions", span=span,
                           phase=self.phase, code="decision-limit")
        raise too_long(f"did more than {self._limits.steps:,} steps of work in all", span=span,
                       phase=self.phase, code="game-step-limit")

    def _end(self, winners) -> None:
        self.over = True
        self.decision = None
        if winners is None and self.rules.result_winners is not None:
            winners = self.rules.result_winners(self, {})
        self.winners = list(winners or [])
        self.emit("ended", winners=[p.seat for p in self.winners], scores=self.scores())
        if self._stacked:     # the game was played in full: a warning, not an error after the end
            used = len(self.stacked) - len(self._stacked)
            warnings.warn(UnusedStackedOrders(f"{len(self.stacked)} stacked orders were given and the game "
                                              f"shuffled {used} times: {len(self._stacked)} stacked orders "
                                              "were never used"), stacklevel=2)

    def scores(self) -> list[int]:
        score = self.rules.result_score
        if score is None:
            return [0 for _ in self.players]
        return [score(self, {"p": p}) for p in self.players]

    @property
    def result(self) -> dict | None:
        """Scores per seat and winning seats once the game is over (None before)."""
        if not self.over:
            return None
        winners = [p.seat for p in self.winners]
        teams = sorted({p.team.index for p in self.winners}) if self.teams else []
        return {"scores": self.scores(), "winners": winners, "winning_teams": teams,
                "decisions": self.decisions_taken}

    def finish(self, winners) -> None:
        self.winners = winners
        raise _GameOver
