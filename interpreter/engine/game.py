"""One game of any ruleset, driven through one decision API.

    game = Game(ruleset, players=4, seed=7, options={"target": 50})
    while not game.over:
        decision = game.decision          # who decides, and the legal choices
        game.apply(decision.choices[0])   # or a choice id such as 'QS'
    game.result                           # scores and winners

Bots, people, tests, replays and simulations all go through `decision` and `apply`;
`view(seat)` holds only what that seat may see. The same ruleset, options, seed and
decisions give the same game, event by event.

`record=False` keeps no events, for playouts and search; such a game does not even compute the
text of its announcements (`announce=True` has it do so, as a validator's simulation does to
find mistakes in them).
"""
from __future__ import annotations

import random
import time
import warnings
from typing import Iterator

from interpreter.errors import GameError, GameLimitError, Span, UnusedStackedOrders
from interpreter.engine import arguments, claims
from interpreter.engine.budget import CLOCK_STRIDE, DEFAULT_STEPS, Budget, GameLimits, past_python_limits, too_long
from interpreter.engine.decisions import (DONE, Choice, Decision, IllegalChoice, choice_id, describe_numbers,
                                          json_value)
from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame
from interpreter.engine.shuffling import shuffle
from interpreter.engine.state import (HIDDEN, NO_VARS, NOBODY, OTHERS, PUBLIC, Card, InitialValue, Player, Team, Zone,
                                       card_visible)
from interpreter.language.fields import fill

__all__ = ["Game", "Choice", "Decision", "Budget", "IllegalChoice", "GameLimitError", "describe_numbers"]

MAX_TRIGGER_DEPTH = 16
_json_value, _choice_id = json_value, choice_id   # the names other modules import
DEFAULT_MAX_STEPS = DEFAULT_STEPS   # work allowed between two decisions (see budget.py)
MAX_LISTED_NUMBERS = 1_000   # a view lists a number decision's choices up to this many


_SHARED: dict = {}


def _shared(value):
    """One copy of an immutable value that every game uses (zone keys, sets of seats)."""
    return _SHARED.setdefault(value, value)


def _moved_triggers(ruleset) -> dict:
    """Moved-triggers by the name of the zone a card goes to (a trigger with `to:` listens to
    one); the same for every game of a ruleset, so worked out once."""
    cached = ruleset.__dict__.get("_moved_into")
    if cached is None:
        moved = ruleset.triggers.get("moved") or []
        cached = {z.name: [t for t in moved if t[3] in (None, z.name)] for z in ruleset.zones}
        cached = ruleset.__dict__["_moved_into"] = {name: ts for name, ts in cached.items() if ts}
    return cached


def _initial_values(ruleset) -> dict:
    """Per scope, each variable's (name, initial value, span, what an error calls it), in the
    order declared; the same for every game of a ruleset, so worked out once."""
    cached = ruleset.__dict__.get("_initial_values")
    if cached is None:
        cached = ruleset.__dict__["_initial_values"] = {
            scope: [(name, initial, span, f"the initial value of '{name}'")
                    for name, (_, initial, span) in ruleset.vars.get(scope, {}).items()]
            for scope in ("game", "player", "team", "card")}
    return cached


def _default_options(ruleset) -> dict:
    """The option values of a game without overrides: the same for every such game."""
    cached = ruleset.__dict__.get("_default_options")
    if cached is None:
        cached = ruleset.__dict__["_default_options"] = ruleset.resolve_options({})
    return cached


_NO_SEAT = -1   # a seat no player has: it sees what everyone sees


class _GameOver(Exception):
    """Unwinds the flow when an effect ends the game early."""


class Game:
    """The mutable state of one game, and the only way to drive it."""
    # Slots keep a live game small (a search holds thousands); any other attribute still
    # goes to an instance dict, made only when one is set.
    __slots__ = ("rules", "seed", "record", "say", "budget", "_rng", "_rng_shared", "options",
                 "option_overrides", "_log", "steps", "steps_before", "_limits", "_max_decisions", "_max_game_steps",
                 "_events_at_decision", "_event_cap",
                 "_asked_at", "_check_at", "_stride", "_deadline",
                 "memo", "vmemo", "static", "phase", "_stacked", "stacked", "_firing",
                 "_private", "_ability_flags", "players", "teams", "vars", "zones", "winners", "over",
                 "decision", "decisions_taken", "listing_peaks", "_triggers", "_moved_into", "all_cards",
                 "_cards_by_id", "cards_in_play", "removed_cards", "_zone_viewers", "_stack", "_sent", "__dict__")

    def __init__(self, ruleset, players: int | None = None, *, seed: int | None = None,
                 options: dict | None = None, stacked: list | None = None, record: bool = True,
                 budget: int | Budget | None = None, max_steps: int | None = None,
                 max_decisions: int | None = None, names: list[str] | None = None,
                 announce: bool | None = None):
        self.rules = ruleset
        n = arguments.check_players(ruleset, players)
        names = arguments.check_names(names, n)
        self.seed = arguments.check_seed(seed)
        options = arguments.check_options(options)
        stacked = arguments.check_stacked(stacked)
        self.record = arguments.check_flag("record", record)
        self.say = self.record if announce is None else arguments.check_flag("announce", announce)
        self.budget = arguments.check_budget(budget, max_steps, max_decisions)
        self._limits = GameLimits.of(self.budget, ruleset.limits)   # per game (see budget.py)
        self._max_decisions, self._max_game_steps = self._limits.decisions, self._limits.steps   # (read every decision)
        self._stride = min(CLOCK_STRIDE, self.budget.steps)   # steps between two budget checks
        self._rng_shared: list | None = None    # how many games share `_rng` (see `rng`)
        self.rng = random.Random(self.seed)     # no seed: seeded from the system's randomness
        # the option values are read, never changed: games without overrides share one copy
        self.options = _default_options(ruleset) if not options else ruleset.resolve_options(options)
        self.option_overrides = options or NO_VARS
        self._log = EventLog(n + 1 if self.record else 0)   # a stream per seat, and a spectator's
        self.steps = 0                    # work done since the last decision (see budget.py)
        self.steps_before = 0             # work done before the last decision
        self._asked_at: Span | None = None   # the step that asked the last decision
        self._events_at_decision = 0
        self._restart_budget()
        # values of ruleset functions in the current state: every change of state forgets them
        # (`if memo: memo = {}` written out where state changes; an empty memo is kept), but
        # for the values of functions of variables alone, kept in `vmemo`, which only setting
        # a variable they read forgets (see compiler.Function.memo_place)
        self.memo: dict = {}
        self.vmemo: dict = {}
        self.static: dict = {}            # values of functions fixed for the whole game
        self.phase: str | None = None
        self.stacked = [list(order) for order in stacked]
        # the orders not used yet (without any, the empty list is shared: nothing is taken from it)
        self._stacked = [list(order) for order in stacked] if stacked else self.stacked
        self._firing: list = []           # the triggers now running, innermost last
        self._private: list[dict] = []    # simultaneous decision events not yet revealed
        self._ability_flags: dict = {}    # (seat, ability) -> {'used', 'disabled'}
        self.players = [Player(i, (names[i] if names and i < len(names) else _shared(f"Player {i}"))) for i in range(n)]
        self.teams: list[Team] = []
        self.vars: dict = {}
        self.zones: dict[str, Zone] = {}
        self.winners: list[Player] | None = None
        self.over = False
        self.decision: Decision | None = None
        self.decisions_taken = 0
        self.listing_peaks: dict = {}     # choose step (a ListingSite) -> the most items one listing looked at
        self._triggers = ruleset.triggers
        self._moved_into = _moved_triggers(ruleset)
        # (here and in the apply methods: Python's own limits, recursion and memory, reached by
        # a ruleset become the ruleset's error, at the innermost rule that was running)
        try:
            self._build_cards()
            self._build_zones_and_teams()
            self._init_vars()
            self._check_constraints()
            started = {"type": "started", "ruleset": ruleset.name, "players": n, "seed": self.seed,
                       "options": {k: self.options[k] for k in sorted(self.options)}}
            if self.record:   # a seat does not get the seed: with it, it could re-deal every hand
                self._log.emit(started, None, seat_event={**started, "seed": None})
            self._stack = [Frame(ruleset.flow_code, {})]   # where the flow is (frames.py)
            self._sent = None                 # the answer to the decision just taken, for the flow
            self._advance(None)
        except (RecursionError, MemoryError) as exc:
            raise past_python_limits(exc, self.phase) from None

    # -- setup ---------------------------------------------------------------
    def _build_cards(self) -> None:
        no_vars = None if self.rules.vars.get("card") else NO_VARS
        self.all_cards = [Card(spec.id, spec.label, spec.attrs, i, no_vars) for i, spec in enumerate(self.rules.cards)]
        self._cards_by_id = None
        removed = set()
        for condition, ids, span in self.rules.removals:
            if condition is None or self._setup(condition, {}, span, "a deck.remove condition"):
                removed.update(ids)
        if removed:
            self.cards_in_play = [c for c in self.all_cards if c.id not in removed]
            self.removed_cards = [c for c in self.all_cards if c.id in removed]
        else:            # the usual case: one list, nothing removed (neither is ever changed)
            self.cards_in_play, self.removed_cards = self.all_cards, []

    @property
    def cards_by_id(self) -> dict[str, Card]:
        """Every card of the game by its id (made when first asked for: playouts never do)."""
        if self._cards_by_id is None:
            self._cards_by_id = {c.id: c for c in self.all_cards}
        return self._cards_by_id

    @cards_by_id.setter
    def cards_by_id(self, value: dict[str, Card]) -> None:
        self._cards_by_id = value

    def _build_zones_and_teams(self) -> None:
        rules = self.rules
        teams = rules.teams
        grouped = teams is not None and (teams["when"] is None or teams["when"](self, {}))
        if grouped:
            count = teams["count"]
            names = teams["names"]
            self.teams = [Team(i, names[i] if i < len(names) else f"Team {i}") for i in range(count)]
            for p in self.players:
                index = self._setup(teams["of"], {"p": p}, None, "teams.of")
                if not 0 <= index < count:
                    raise GameError(f"teams.of gave team {index} for seat {p.seat}; teams are 0 to {count - 1}",
                                    code="teams")
                p.team = self.teams[index]
                self.teams[index].members.append(p)
        else:
            self.teams = [Team(p.seat, p.name) for p in self.players]
            for p, t in zip(self.players, self.teams):
                p.team = t
                t.members.append(p)
        first_game_zone = None
        for spec in rules.zones:
            if spec.owner == "game":
                self.zones[spec.name] = Zone(spec.name, spec.name, None, spec.visibility)
                first_game_zone = first_game_zone or self.zones[spec.name]
            elif spec.owner == "player":
                for p in self.players:
                    p.zones[spec.name] = Zone(spec.name, _shared(f"p{p.seat}.{spec.name}"), p, spec.visibility)
            else:
                for t in self.teams:
                    t.zones[spec.name] = Zone(spec.name, _shared(f"t{t.index}.{spec.name}"), t, spec.visibility)
        if first_game_zone is None:
            raise GameError("the ruleset has no game zone to hold the cards at the start", code="zones")
        for card in self.cards_in_play:
            card.zone = first_game_zone
            first_game_zone.cards.append(card)
        viewers = {}
        for zone in self._all_zones():
            if zone.visibility == PUBLIC:
                seats = None
            elif zone.visibility == HIDDEN:
                seats = NOBODY
            elif isinstance(zone.owner, Player):
                seats = _shared(frozenset([zone.owner.seat]))
            else:
                seats = _shared(frozenset(m.seat for m in zone.owner.members))
            if zone.visibility == OTHERS:       # everyone but the owner (cards held facing out)
                seats = _shared(frozenset(p.seat for p in self.players) - seats)
            viewers[zone.key] = seats
        # the same for every game with these zones and teams (never changed): one copy for all
        self._zone_viewers = _SHARED.setdefault(("viewers", *viewers.items()), viewers)
        # teams of a ruleset that gives them no variables or zones share one read-only empty mapping
        if not rules.vars.get("team"):
            for t in self.teams:
                t.vars = NO_VARS
        if not any(spec.owner == "team" for spec in rules.zones):
            for t in self.teams:
                t.zones = NO_VARS

    def _all_zones(self) -> Iterator[Zone]:
        yield from self.zones.values()
        for p in self.players:
            yield from p.zones.values()
        for t in self.teams:
            yield from t.zones.values()

    def _setup(self, fn, env: dict, span: Span, what: str):
        """Evaluate a setup expression; one that needs state not built yet is a clear error."""
        try:
            return fn(self, env)
        except (KeyError, AttributeError, TypeError, IndexError):
            raise GameError(f"{what} is evaluated while the game is set up, before its zones and "
                            "variables exist: it may use options, players and num_players, and "
                            "variables declared above it", span=span, code="setup") from None

    def _init_vars(self) -> None:
        plan = _initial_values(self.rules)
        for scope, owners in (("game", (self,)), ("player", self.players), ("team", self.teams),
                              ("card", self.all_cards)):
            steps = plan[scope]
            if not steps:
                continue
            for owner in owners:
                values = owner.vars
                for name, initial, span, what in steps:
                    values[name] = initial.value if type(initial) is InitialValue else \
                        self._setup(initial, {}, span, what)

    def initial_value(self, name: str, *, scope: str = "player"):
        """The value a `scope` ('game', 'player', 'team' or 'card') variable starts a game with,
        evaluated as set-up evaluates it (from options, players and num_players), whatever it
        holds now; KeyError if the ruleset declares no such variable. For readers of a finished
        game or a log, such as hand histories' starting stacks."""
        for var, initial, span, what in _initial_values(self.rules)[scope]:
            if var == name:
                return initial.value if type(initial) is InitialValue else self._setup(initial, {}, span, what)
        raise KeyError(f"no {scope} variable '{name}'")

    def _check_constraints(self) -> None:
        for check, message, span in self.rules.constraints:
            if check is not None and not check(self, {}):
                # `{name}` in a message stands for an option's value; `{num_players}` for the count
                values = {**self.options, "num_players": len(self.players)}
                raise GameError(fill(message, values), span=span, code="constraint")

    # -- driving -------------------------------------------------------------
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
        options = decision._values
        if type(index) is not int or not 0 <= index < len(options):
            raise IndexError(f"choice {index!r} of {len(options)}")
        value = options[index]
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

    def clone(self, *, record: bool | None = None) -> "Game":
        """An independent game in the same state, whose future under the same decisions is
        this game's future: a snapshot (see `interpreter.engine.clone`). `record` defaults to
        this game's; a game that does not record cannot be cloned with record=True."""
        from interpreter.engine.clone import clone_game
        return clone_game(self, record=self.record if record is None else record)

    @property
    def rng(self) -> random.Random:
        """The game's random source. After a clone the two games share one until either draws;
        the first to draw while it is shared takes a copy of its state (see clone.share_random)."""
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

    def restore(self, snapshot: "Game") -> None:
        """Put this game back in the state of `snapshot`, a clone taken earlier: search takes
        `saved = game.clone(record=False)` once, plays on, and calls `game.restore(saved)`.
        The snapshot is left as it was, to be restored again."""
        from interpreter.engine.clone import restore_game
        if not isinstance(snapshot, Game) or snapshot.rules is not self.rules:
            raise GameError("a game can only be restored from a clone of a game of its own ruleset",
                            code="clone")
        restore_game(self, snapshot)

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    # -- services for effects and builtins ----------------------------------
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

    def move(self, cards: list[Card], to: Zone, *, top: bool = False) -> None:
        if self.memo:
            self.memo = {}
        if type(cards) is not list or (cards and cards[0].zone is not None and cards[0].zone.cards is cards):
            cards = list(cards)     # a zone's own list (or any other iterable) changes as its cards move
        if not self.record and not top:
            # the playout path: the loop below without its events (the commonest move of all)
            triggers = self._moved_into.get(to.name)
            everything = cards is self.cards_in_play      # (each card once, every one in a zone)
            if not triggers and len(cards) > 8 and (everything or len(moving := set(cards)) == len(cards)):
                # many cards and nothing watching (a whole deck gathered): each zone they
                # leave loses them in one pass, not in a search of it per card
                sources = {}
                for card in cards:
                    source = card.zone
                    if source is not None:
                        sources[id(source)] = source
                        if source.holder is not None:
                            card.last_holder = source.holder
                    card.zone = to
                    card.face_up = False
                    card.seen_by = NOBODY
                if everything:       # every card gathered: every zone they leave is emptied
                    for source in sources.values():
                        source.cards.clear()
                else:
                    for source in sources.values():
                        source.cards[:] = [card for card in source.cards if card not in moving]
                to.cards.extend(cards)
                return
            into = to.cards
            for card in cards:
                source = card.zone
                if source is not None:
                    source.cards.remove(card)
                    if source.holder is not None:
                        card.last_holder = source.holder
                into.append(card)
                card.zone = to
                card.face_up = False
                card.seen_by = NOBODY
                if triggers:
                    if self.memo:
                        self.memo = {}
                    self._fire(triggers, {"card": card, "source": source, "target": to})
            return
        # one loop for both kinds of game; one that records sends each card's event and
        # batches what hidden cards a move of several shows each seat
        recorded = self._record_move if self.record else None
        batched = recorded is not None and len(cards) > 1
        if batched:
            outer = self._log.begin_batch()
        try:
            triggers = self._moved_into.get(to.name)
            into = to.cards
            for i, card in enumerate(cards):
                source = card.zone
                if source is not None:
                    source.cards.remove(card)
                    if source.holder is not None:
                        card.last_holder = source.holder
                if top:    # the first card listed ends on top, as a stacked order reads
                    into.insert(i, card)
                else:
                    into.append(card)
                card.zone = to
                if recorded is not None:
                    recorded(card, source, to)
                card.face_up = False
                card.seen_by = NOBODY
                if triggers:
                    if self.memo:
                        self.memo = {}
                    self._fire(triggers, {"card": card, "source": source, "target": to})
        finally:
            if batched:
                self._log.end_batch(outer)

    def move_card(self, card: Card, to: Zone) -> None:
        """`move([card], to)` without the list: the commonest move of a playout (a card played)."""
        if self.record:
            self.move([card], to)
            return
        if self.memo:
            self.memo = {}
        source = card.zone
        if source is not None:
            source.cards.remove(card)
            if source.holder is not None:
                card.last_holder = source.holder
        to.cards.append(card)
        card.zone = to
        card.face_up = False
        card.seen_by = NOBODY
        triggers = self._moved_into.get(to.name)
        if triggers:
            if self.memo:
                self.memo = {}
            env = {"card": card, "source": source, "target": to}
            for trigger in triggers:    # (`_fire` written out: most cards played set nothing off)
                if trigger[0] is None or trigger[0](self, env):
                    self._set_off(trigger, env)

    def move_zone(self, source: Zone, to: Zone) -> None:
        """`move(list(source.cards), to)`: every card of a zone (a trick gathered, a hand
        discarded), in one pass when nothing watches the moves (no log, no trigger on `to`)."""
        if self.record or source is to or self._moved_into.get(to.name):
            self.move(list(source.cards), to)
            return
        if self.memo:
            self.memo = {}
        cards, holder = source.cards, source.holder
        for card in cards:
            if holder is not None:
                card.last_holder = holder
            card.zone = to
            card.face_up = False
            card.seen_by = NOBODY
        to.cards.extend(cards)
        cards.clear()

    def deal(self, source: Zone, zones: list[Zone], count: int) -> None:
        """Move `count` cards from the top of `source`, one at a time, to each of `zones` in turn:
        what a `move` of each card would do, done in one pass when nothing watches the moves
        (no events recorded, no trigger on a receiving zone)."""
        if self.record or any(zone is source or self._moved_into.get(zone.name) for zone in zones):
            for i in range(count):
                self.move([source.cards[0]], zones[i % len(zones)])
            return
        dealt = source.cards[:count]
        del source.cards[:count]
        if self.memo:
            self.memo = {}
        holder, n = source.holder, len(zones)
        for i, card in enumerate(dealt):
            zone = zones[i % n]
            zone.cards.append(card)
            card.zone = zone
            if holder is not None:
                card.last_holder = holder
            card.face_up = False
            card.seen_by = NOBODY

    def _record_move(self, card: Card, source: Zone | None, to: Zone) -> None:
        """The "moved" event of a card, before it is turned down and forgotten by who peeked."""
        viewers = self._move_viewers(source, to, card.face_up, card.seen_by)
        self._log.card_moving(card, viewers)
        self._emit_event({"type": "moved", "card": card.id, "from": source.key if source else None,
                          "to": to.key}, viewers, card=card)

    def _move_viewers(self, source, to, face_up, seen):
        if face_up:
            return None
        a = self._zone_viewers[source.key] if source is not None else frozenset()
        b = self._zone_viewers[to.key]
        if a is None or b is None:
            return None
        return a | b | seen

    def _fire(self, triggers, env) -> None:
        for trigger in triggers:
            if trigger[0] is None or trigger[0](self, env):
                self._set_off(trigger, env)

    def _set_off(self, trigger, env) -> None:
        """Run a trigger whose condition holds, as deep as triggers may set each other off."""
        _, run, name, _, span = trigger
        if len(self._firing) >= MAX_TRIGGER_DEPTH:
            chain = " -> ".join(dict.fromkeys(n for n, _ in self._firing))
            raise GameError(f"triggers set each other off more than {MAX_TRIGGER_DEPTH} deep ({chain} "
                            f"-> {name}); trigger '{name}' may be firing itself", span=span,
                            phase=self.phase, code="trigger-loop")
        self._firing.append((name, span))
        try:
            run(self, env)
        finally:
            self._firing.pop()

    def shuffle(self, zone: Zone) -> None:
        if self._stacked:
            order = self._stacked.pop(0)
            by_id = {c.id: c for c in zone.cards}
            unknown = [cid for cid in order if cid not in by_id]
            if unknown or len(set(order)) != len(order):
                raise GameError(f"the stacked order for {zone.key} names cards that are not there "
                                f"(or twice): {', '.join(unknown[:8]) or 'a repeated id'}", code="stacked")
            rest = [c for c in zone.cards if c.id not in set(order)]
            shuffle(self.rng, rest)
            zone.cards[:] = [by_id[cid] for cid in order] + rest
        else:
            shuffle(self.rng, zone.cards)
        if self.memo:
            self.memo = {}
        self.emit("shuffled", zone=zone.key)

    def set_face(self, cards: list[Card], face_up: bool) -> None:
        if self.memo:
            self.memo = {}
        for card in cards:
            card.face_up = face_up
            self._emit_event({"type": "turned", "card": card.id, "zone": card.zone.key if card.zone else None,
                              "face_up": face_up}, None if face_up else self._zone_viewers.get(card.zone.key), card=card)

    def show(self, cards: list[Card], viewer: Player | None) -> None:
        for card in cards:
            if viewer is not None:
                card.seen_by = card.seen_by | {viewer.seat}
            viewers = None if viewer is None else frozenset([viewer.seat]) | (
                self._zone_viewers.get(card.zone.key) or frozenset() if card.zone else frozenset())
            self._emit_event({"type": "shown", "card": card.id, "zone": card.zone.key if card.zone else None,
                              "to": None if viewer is None else viewer.seat}, viewers, card=card)

    def swap(self, a: Card, b: Card) -> None:
        if self.memo:
            self.memo = {}
        za, zb = a.zone, b.zone
        ia, ib = za.cards.index(a), zb.cards.index(b)
        za.cards[ia], zb.cards[ib] = b, a
        a.zone, b.zone = zb, za
        for card, old in ((a, za), (b, zb)):
            if isinstance(old.owner, Player):
                card.last_holder = old.owner
            card.face_up, card.seen_by = False, NOBODY
        if self.record:
            batch = self._log.begin_batch()
            for card, source, target in ((a, za, zb), (b, zb, za)):
                viewers = self._move_viewers(source, target, False, frozenset())
                self._log.card_moving(card, viewers)
                self._emit_event({"type": "moved", "card": card.id, "from": source.key, "to": target.key},
                                 viewers, card=card)
            self._log.end_batch(batch)
        for card, source, target in ((a, za, zb), (b, zb, za)):
            triggers = self._moved_into.get(target.name)
            if triggers:
                self._fire(triggers, {"card": card, "source": source, "target": target})

    def set_var(self, name: str, value) -> None:
        self.vars[name] = value
        self._forget(("game", name))
        if self.record:
            self._emit_event({"type": "set", "var": name, "value": json_value(value)}, None)

    def set_owner_var(self, owner, name: str, value) -> None:
        owner.vars[name] = value
        self._forget(("card" if isinstance(owner, Card) else "player" if isinstance(owner, Player) else "team", name))
        if self.record:
            viewers = None
            if isinstance(owner, Card):   # a card's variable is seen by whoever sees the card
                key = owner.id
                if not (owner.face_up or owner.zone is None or self._zone_viewers[owner.zone.key] is None):
                    viewers = self._zone_viewers[owner.zone.key] | owner.seen_by
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

    def finish(self, winners) -> None:
        self.winners = winners
        raise _GameOver

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

    # -- events and views ------------------------------------------------------
    def emit(self, kind: str, **fields) -> None:
        if self.record:
            self._emit_event({"type": kind, **fields}, None)

    def _emit_event(self, event: dict, viewers, card: Card | None = None) -> None:
        if self.record:
            self._log.emit(event, viewers)
            if len(self._log) > self._event_cap:
                self._check_events(None)

    @property
    def events(self) -> list[dict]:
        """Every event so far, every card named (a copy: the omniscient log, for logs and replays)."""
        return self._log.full()

    def events_all(self, since: int = 0) -> list[dict]:
        """The omniscient log from event `since` on (a copy)."""
        return self._log.full(since)

    def events_for(self, seat: int, since: int = 0) -> list[dict]:
        """The events `seat` saw, from its event `since` on (a copy; see events.py for what is
        masked). A seat's stream only grows: `since` lets a client read what is new."""
        return self._log.for_seat(self._seat(seat), since)

    def _seat(self, seat) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            hint = "; view_all() and events_all() show everything" if seat is None else ""
            raise GameError(f"there is no seat {seat!r} in this {len(self.players)}-player game (seats are 0 to "
                            f"{len(self.players) - 1}){hint}", code="seat")
        return seat

    def view(self, seat: int) -> dict:
        """What the player in `seat` may see now: zones (hidden cards masked), variables, decision."""
        return self._view(self._seat(seat))

    def view_public(self) -> dict:
        """What a spectator may see now: public zones and face-up cards, nobody's decision."""
        view = self._view(_NO_SEAT)
        view["seat"] = None
        return view

    def events_public(self, since: int = 0) -> list[dict]:
        """The events a spectator saw (what every seat saw), from its event `since` on (a copy)."""
        return self._log.for_seat(len(self.players), since)

    def view_all(self) -> dict:
        """Everything, every card named: for logs, tests and an omniscient observer, never a seat."""
        return self._view(None)

    def _view(self, seat: int | None) -> dict:
        def zone_view(zone: Zone) -> list:
            return [c.id if card_visible(c, seat) else None for c in zone.cards]

        view = {
            "seat": seat, "phase": self.phase, "over": self.over,
            "vars": {k: json_value(v) for k, v in self.vars.items()},
            "zones": {name: zone_view(z) for name, z in self.zones.items()},
            "players": [{"seat": p.seat, "name": p.name, "team": p.team.index if p.team else None,
                         "vars": {k: json_value(v) for k, v in p.vars.items()},
                         "zones": {name: zone_view(z) for name, z in p.zones.items()}} for p in self.players],
            "teams": [{"index": t.index, "name": t.name, "vars": {k: json_value(v) for k, v in t.vars.items()},
                       "zones": {name: zone_view(z) for name, z in t.zones.items()}} for t in self.teams],
        }
        if self.rules.vars.get("card"):
            view["cards"] = {c.id: {k: json_value(v) for k, v in c.vars.items()}
                             for c in self.cards_in_play if card_visible(c, seat)}
        d = self.decision
        if d is not None and seat is not None and d.player != seat:
            d = claims.decision_for(self, seat) or d      # a claim window: every claimant decides now
        if d is not None and (seat is None or d.player == seat):
            view["decision"] = {"player": d.player, "prompt": d.prompt, "kind": d.kind, "step": d.step,
                                "of": d.of}
            if d.kind == "number":
                view["decision"].update(min=d.options.start, max=d.options.stop - 1)
            if d.kind != "number" or len(d.options) <= MAX_LISTED_NUMBERS:
                view["decision"]["choices"] = [{"id": c.id, "label": c.label} for c in d.choices]
        elif d is not None:
            view["waiting_for"] = d.player
        if self.over:
            view["result"] = self.result
        return view

    def header(self) -> dict:
        """What a log needs to re-create this game: ruleset, options, players, seed, stacked deck."""
        return {"type": "game", "ruleset": self.rules.path, "variants": list(self.rules.variants),
                "players": len(self.players), "seed": self.seed, "options": dict(self.option_overrides),
                "stacked": self.stacked}
