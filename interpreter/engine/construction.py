"""Setting a game up: its cards, zones, teams and variables when the game starts, and what
set-up works out once per ruleset and shares between its games (the cards, and the layout of
players, teams and zones: layout.py).

`GameSetup` is one of the bases of `Game` (see game.py): the methods here run from
`Game.__init__`, before the first decision; `initial_value` and `cards_by_id` are read later.
"""
from __future__ import annotations

from types import MappingProxyType

from interpreter.engine.layout import layout_for
from interpreter.engine.state import NO_VARS, NOBODY, Card, InitialValue
from interpreter.errors import GameError, Span
from interpreter.language.fields import fill

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


def shared_cards(ruleset) -> list[Card]:
    """The cards of a ruleset's deck, made once and shared by every game of it (a card holds
    nothing a game changes: see state.py). The deck does not depend on options or players;
    what they decide is which cards a game removes (`_cards_in_play`)."""
    cached = ruleset.__dict__.get("_cards")
    if cached is None:
        cached = ruleset.__dict__["_cards"] = [Card(spec.id, spec.label, spec.attrs, i)
                                               for i, spec in enumerate(ruleset.cards)]
    return cached


def _cards_in_play(ruleset, removed: frozenset) -> tuple[list, list]:
    """(cards in play, cards removed) for the ids `removed`: the same lists for every game that
    removes the same cards (never changed)."""
    by_removed = ruleset.__dict__.setdefault("_cards_in_play", {})
    cached = by_removed.get(removed)
    if cached is None:
        cards = shared_cards(ruleset)
        cached = by_removed[removed] = ((cards, []) if not removed else
                                        ([c for c in cards if c.id not in removed], [c for c in cards if c.id in removed]))
    return cached


def _no_card_vars(ruleset) -> tuple:
    """The card variables of every game of a ruleset that declares none: one read-only empty
    mapping per card, shared."""
    cached = ruleset.__dict__.get("_no_card_vars")
    if cached is None:
        cached = ruleset.__dict__["_no_card_vars"] = (NO_VARS,) * len(ruleset.cards)
    return cached


def _default_options(ruleset) -> dict:
    """The option values of a game without overrides: the same for every such game."""
    cached = ruleset.__dict__.get("_default_options")
    if cached is None:
        cached = ruleset.__dict__["_default_options"] = ruleset.resolve_options({})
    return cached


class GameSetup:
    """Building a new game's cards, zones, teams and variables (a base of `Game`)."""
    __slots__ = ()   # the fields are `Game`'s

    def _build_cards(self) -> None:
        rules = self.rules
        self.all_cards = shared_cards(rules)
        removed = set()
        for condition, ids, span in rules.removals:
            if condition is None or self._setup(condition, {}, span, "a deck.remove condition"):
                removed.update(ids)
        # the usual case: one list, nothing removed (neither is ever changed)
        self.cards_in_play, self.removed_cards = _cards_in_play(rules, frozenset(removed))
        count = len(self.all_cards)
        self.card_holder = [-1] * count
        self.card_turned = NOBODY          # (a set of its own once a card is turned up)
        self.card_seen = NO_VARS           # (a dict of its own once a card is shown)
        self.card_vars = [{} for _ in range(count)] if rules.vars.get("card") else _no_card_vars(rules)

    @property
    def cards_by_id(self) -> MappingProxyType:
        """Every card of the game by its id: the same read-only mapping for every game of the
        ruleset (its cards are the ruleset's)."""
        rules = self.rules
        cached = rules.__dict__.get("_cards_by_id")
        if cached is None:
            cached = rules.__dict__["_cards_by_id"] = MappingProxyType({c.id: c for c in shared_cards(rules)})
        return cached

    def _build_zones_and_teams(self, names: tuple) -> None:
        """Take the layout of this game's seats and teams (made once for all such games: see
        layout.py), and put every card in play in the first game zone."""
        rules = self.rules
        teams = rules.teams
        assignment = None
        if teams is not None and (teams["when"] is None or teams["when"](self, {})):
            count = teams["count"]
            assignment = []
            for p in self.players:
                index = self._setup(teams["of"], {"p": p}, None, "teams.of")
                if not 0 <= index < count:
                    raise GameError(f"teams.of gave team {index} for seat {p.seat}; teams are 0 to {count - 1}",
                                    code="teams")
                assignment.append(index)
            assignment = tuple(assignment)
        layout = layout_for(rules, names, assignment)
        if layout.players is not self.players:
            # set-up so far ran with players of its own (the teams were not known): nothing
            # remembered may name them
            self.memo, self.vmemo, self.static = {}, {}, {}
        self.players, self.teams, self.zones = layout.players, layout.teams, layout.zones
        self.zone_table, self._zone_viewers = layout.zone_table, layout.viewers
        first = layout.first_zone
        if first is None:
            raise GameError("the ruleset has no game zone to hold the cards at the start", code="zones")
        self.zone_cards = cards = [[] for _ in range(len(layout.zone_table) - 1)]
        cards[first.number].extend(self.cards_in_play)
        if self.cards_in_play is self.all_cards:
            self.card_zone = [first.number] * len(self.all_cards)
        else:
            self.card_zone = where = [-1] * len(self.all_cards)
            for card in self.cards_in_play:
                where[card.index] = first.number
        self.player_vars = [{} for _ in self.players] if rules.vars.get("player") else layout.no_player_vars
        self.team_vars = [{} for _ in self.teams] if rules.vars.get("team") else layout.no_team_vars

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
        for scope, owners in (("game", [self.vars]), ("player", self.player_vars), ("team", self.team_vars),
                              ("card", self.card_vars)):
            steps = plan[scope]
            if not steps:
                continue
            for values in owners:
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
