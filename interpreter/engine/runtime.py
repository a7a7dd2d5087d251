"""What generated code and builtins call on a game besides its moves: the work budget (`tick`,
`spend`), variables (`set_var`, `set_owner_var`, which forget the memos that read them),
phases, the reveal of simultaneous choices, abilities' flags, the random source and the text
of values.

`GameRuntime` is one of the bases of `Game` (see game.py). These run on every decision's
path: each is called as `g.<name>` by generated code, so nothing here is a wrapper.
"""
from __future__ import annotations

import random
import time

from interpreter.engine.budget import CLOCK_STRIDE, too_long
from interpreter.engine.decisions import json_value
from interpreter.engine.state import NOBODY, Card, Player, Team, Zone
from interpreter.errors import GameLimitError, Span


class GameRuntime:
    """The budget, variables, phases and random source of a running game (a base of `Game`)."""
    __slots__ = ()   # the fields are `Game`'s

    @property
    def rng(self) -> random.Random:
        """The game's random source. After a clone the two games share one until either draws;
        the first to draw while it is shared takes a copy of its state (see clone.copy_into)."""
        rng, shared = self._rng, self._rng_shared
        if shared is not None:
            self._rng_shared = None
            if shared[0] > 1:
                shared[0] -= 1
                if type(rng) is not int:
                    own = random.Random.__new__(random.Random)
                    own.setstate(rng.getstate())
                    rng = self._rng = own
        if type(rng) is int:      # a seed not drawn from yet (see `reseed`)
            rng = self._rng = random.Random(rng)
        return rng

    @rng.setter
    def rng(self, source: random.Random) -> None:
        if self._rng_shared is not None:
            self._rng_shared[0] -= 1
        self._rng, self._rng_shared = source, None

    def reseed(self, seed: int) -> None:
        """`rng = random.Random(seed)`, the source made only when first drawn from: most
        samples a search draws never shuffle or draw at random again (seeding costs more
        than the rest of a playout's first decision)."""
        self.rng = seed

    def _restart_budget(self) -> None:
        """A decision was taken (or the game started): the budget counts from zero again. The
        clock starts at the first check (within CLOCK_STRIDE steps): a decision answered in
        fewer steps, as nearly all are, never reads it."""
        self.steps = 0
        self._check_at = self._stride
        self._deadline = None
        self._events_at_decision = len(self._log.events) if self.record else 0
        self._event_cap = min(self._events_at_decision + self.budget.events, self._limits.events)

    def tick(self, span: Span) -> None:
        """One step of work (a step run, a loop turn)."""
        self.steps += 1
        if self.steps > self._check_at:
            self._check_budget(span)

    def spend(self, work: int, span: Span, what: str = "an expression does too much work") -> None:
        """`work` steps at once: the items a builtin goes through, the size of a value built."""
        self.steps += work
        if self.steps > self._check_at:
            self._check_budget(span, what)

    def _check_budget(self, span: Span, what: str = "a loop may never finish") -> None:
        budget = self.budget
        if self.steps > budget.steps:
            raise GameLimitError(f"the ruleset did more than {budget.steps} steps of work since the last "
                                 f"decision; {what}", span=span, phase=self.phase, code="step-limit")
        seconds = budget.seconds
        if seconds is not None and self._deadline is None:
            self._deadline = time.monotonic() + seconds
        elif seconds is not None and time.monotonic() > self._deadline:
            raise GameLimitError(f"the ruleset ran for more than {budget.seconds:g} seconds since the last "
                                 f"decision; {what}", span=span, phase=self.phase, code="time-limit")
        self._check_at = min(self.steps + CLOCK_STRIDE, budget.steps)

    def _check_events(self, span: Span | None) -> None:
        if len(self._log) > self._limits.events:       # the game's cap: its memory stays bounded
            self.decision = None
            raise too_long(f"recorded more than {self._limits.events:,} events", span=span or self._asked_at,
                           phase=self.phase, code="game-event-limit")
        if len(self._log) - self._events_at_decision > self.budget.events:
            raise GameLimitError(f"the ruleset recorded more than {self.budget.events} events since the last "
                                 "decision; a loop may never finish", span=span, phase=self.phase,
                                 code="event-limit")

    def listing_costs(self) -> dict:
        """For each choose step listed so far (by its span), the most items one listing of its
        options looked at, where that was more than `steps.NOTED` (1,000; cheaper listings are
        not noted): what the cost warnings of `validate --simulate` read."""
        return {site.span: work for site, work in self.listing_peaks.items()}

    def note_listing(self, site, work: int) -> None:
        """Remember how many items listing one decision's options looked at (for cost warnings)."""
        if work > self.listing_peaks.get(site, 0):
            self.listing_peaks[site] = work

    def set_var(self, name: str, value) -> None:
        self.vars[name] = value
        self._forget(("game", name))
        if self.record:
            self._emit_event({"type": "set", "var": name, "value": json_value(value)}, None)

    def set_owner_var(self, owner, name: str, value) -> None:
        card = isinstance(owner, Card)
        self.vars_of(owner)[name] = value
        self._forget(("card" if card else "player" if isinstance(owner, Player) else "team", name))
        if self.record:
            viewers = None
            if card:   # a card's variable is seen by whoever sees the card
                key = owner.id
                i = owner.index
                zone = self.zone_table[self.card_zone[i]]
                if not (i in self.card_turned or zone is None or self._zone_viewers[zone.key] is None):
                    viewers = self._zone_viewers[zone.key] | self.card_seen.get(i, NOBODY)
            else:
                key = f"p{owner.seat}" if isinstance(owner, Player) else f"t{owner.index}"
            self._emit_event({"type": "set", "var": f"{key}.{name}", "value": json_value(value)}, viewers)

    def _forget(self, variable) -> None:
        """Empty the memos that hold values depending on `variable` ((scope, name)), as the
        generated code does for a game that does not record."""
        for place in self.rules.symbols.memo_clears(variable):
            if place == "g.memo":
                self.memo = {}
            else:
                self.vmemo = {}

    def enter_phase(self, name: str) -> None:
        self.phase = name
        self.emit("phase_started", phase=name)
        if "phase_started" in self._triggers:
            self._fire(self._triggers["phase_started"], {"phase": name})

    def leave_phase(self, name: str, outer: str | None) -> None:
        self.emit("phase_ended", phase=name)
        if "phase_ended" in self._triggers:
            self._fire(self._triggers["phase_ended"], {"phase": name})
        self.phase = outer

    def reveal_choices(self) -> None:
        """End of a simultaneous step: the choices made in it become visible to everyone."""
        if not self._private:
            return
        revealed = []
        for event in self._private:
            if event["kind"] != "card":     # chosen cards are revealed only by what happens to them
                revealed.append({"player": event["player"], "choice": event["choice"]} |
                                ({"text": event["text"]} if "text" in event else {}))
        self._private = []
        if revealed:
            self.emit("choices_revealed", choices=revealed)

    def ability_flags(self, player: Player, ability: str) -> set:
        """The mutable flags ('used', 'disabled') of one player's ability."""
        key = (player.seat, ability)
        flags = self._ability_flags.get(key)
        if flags is None:
            flags = self._ability_flags[key] = set()
        return flags

    def team_of(self, player: Player) -> Team:
        return player.team

    def describe(self, value) -> str:
        if isinstance(value, Card):
            return value.label
        if isinstance(value, Player):
            return value.name
        if isinstance(value, Team):
            return value.name
        if isinstance(value, Zone):
            return value.key
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return "[" + ", ".join(self.describe(v) for v in value) + "]"
        if isinstance(value, tuple):
            return "(" + ", ".join(self.describe(v) for v in value) + ")"
        if value is None:
            return "unset"
        return str(value)
