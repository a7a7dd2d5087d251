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

`Game` is made of a base per job, each in its own module: setting the game up
(construction.py), driving it from decision to decision (driving.py), the moves of cards
(moves.py), the budget, variables, phases and random source (runtime.py), and events and views
(views.py). Generated code calls their methods as `g.<name>`, found on `Game` itself: there is
no layer between. The fields are all `Game`'s own slots (the bases have none).
"""
from __future__ import annotations

import random

from interpreter.engine import arguments
from interpreter.engine.budget import CLOCK_STRIDE, DEFAULT_STEPS, Budget, GameLimits, past_python_limits
from interpreter.engine.clone import clone_game, restore_game
from interpreter.engine.construction import GameSetup, _default_options, _moved_triggers
from interpreter.engine.decisions import Choice, Decision, IllegalChoice, choice_id, describe_numbers, json_value
from interpreter.engine.driving import GameDriving
from interpreter.engine.events import EventLog
from interpreter.engine.frames import Frame
from interpreter.engine.moves import MAX_TRIGGER_DEPTH, GameMoves  # noqa: F401 (importable from here)
from interpreter.engine.runtime import GameRuntime
from interpreter.engine.layout import layout_for, shared
from interpreter.engine.state import NO_VARS, Player, Team
from interpreter.engine.views import MAX_LISTED_NUMBERS, GameViews  # noqa: F401 (importable from here)
from interpreter.errors import GameError, GameLimitError, Span

__all__ = ["Game", "Choice", "Decision", "Budget", "IllegalChoice", "GameLimitError", "describe_numbers"]

_json_value, _choice_id = json_value, choice_id   # the names other modules import
DEFAULT_MAX_STEPS = DEFAULT_STEPS   # work allowed between two decisions (see budget.py)


def _limits(ruleset, budget: Budget) -> GameLimits:
    """The limits of a game of `ruleset` under `budget`: one value for every game of the
    ruleset without a budget of its own (never changed)."""
    if budget is not arguments.DEFAULT_BUDGET:
        return GameLimits.of(budget, ruleset.limits)
    cached = ruleset.__dict__.get("_default_limits")
    if cached is None:
        cached = ruleset.__dict__["_default_limits"] = GameLimits.of(budget, ruleset.limits)
    return cached


class Game(GameDriving, GameRuntime, GameMoves, GameViews, GameSetup):
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
                 "cards_in_play", "removed_cards", "zone_table", "zone_cards", "player_vars", "team_vars",
                 "card_zone", "card_holder", "card_turned", "card_seen", "card_vars", "_zone_viewers",
                 "_stack", "_sent", "__dict__")

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
        self._limits = _limits(ruleset, self.budget)   # per game (see budget.py)
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
        seat_names = tuple(names[i] if names and i < len(names) else shared(f"Player {i}") for i in range(n))
        # the players, teams and zones are the layout's, shared (see layout.py); until the
        # teams are known, set-up runs with players of its own
        self.players = (layout_for(ruleset, seat_names, None).players if ruleset.teams is None
                        else [Player(i, name) for i, name in enumerate(seat_names)])
        self.teams: list[Team] = []
        self.vars: dict = {}
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
            self._build_zones_and_teams(seat_names)
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


    def clone(self, *, record: bool | None = None) -> "Game":
        """An independent game in the same state, whose future under the same decisions is
        this game's future: a snapshot (see `interpreter.engine.clone`). `record` defaults to
        this game's; a game that does not record cannot be cloned with record=True."""
        return clone_game(self, record=self.record if record is None else record)

    def restore(self, snapshot: "Game") -> None:
        """Put this game back in the state of `snapshot`, a clone taken earlier: search takes
        `saved = game.clone(record=False)` once, plays on, and calls `game.restore(saved)`.
        The snapshot is left as it was, to be restored again."""
        if not isinstance(snapshot, Game) or snapshot.rules is not self.rules:
            raise GameError("a game can only be restored from a clone of a game of its own ruleset",
                            code="clone")
        restore_game(self, snapshot)

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()
