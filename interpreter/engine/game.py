"""One game of any ruleset, driven through one decision API.

    game = Game(ruleset, players=4, seed=7, options={"target": 50})
    while not game.over:
        decision = game.decision          # who decides, and the legal choices
        game.apply(decision.choices[0])   # or a choice id such as 'QS'
    game.result                           # scores and winners

Bots, people, tests, replays and simulations all go through `decision` and `apply`;
`view(seat)` holds only what that seat may see. The same ruleset, options, seed and
decisions give the same game, event by event.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator

from interpreter.errors import GameError, Span
from interpreter.engine.steps import Request, run_steps
from interpreter.engine.state import HIDDEN, NO_VARS, NOBODY, PUBLIC, Card, Player, Team, Zone, card_visible

DEFAULT_MAX_STEPS = 2_000_000
MAX_TRIGGER_DEPTH = 16


@dataclass(frozen=True)
class Choice:
    """One legal option of a decision: a stable id (e.g. 'QS', 'fold', '250'), a label, its value."""
    id: str
    label: str
    value: Any = None

    def __str__(self) -> str:
        return self.label


class Decision:
    """What the game waits for: one player's choice among legal options."""

    def __init__(self, game: "Game", request: Request):
        self._game = game
        self._request = request
        self.player: int = request.player.seat
        self.kind: str = request.kind
        self.prompt: str = request.prompt
        self.step, self.of = request.step, request.of
        self._choices: list[Choice] | None = None
        self._by_id: dict[str, int] | None = None

    @property
    def options(self):
        """The raw legal values (cards, players, numbers, action names), without Choice objects."""
        return self._request.options

    def __len__(self) -> int:
        return len(self._request.options)

    @property
    def choices(self) -> list[Choice]:
        if self._choices is None:
            req, describe = self._request, self._game.describe
            if req.kind == "action":
                self._choices = [Choice(name, label, name) for name, label in zip(req.options, req.labels)]
            elif req.labels is not None:     # labels the ruleset wrote for its options
                self._choices = [Choice(_choice_id(v), label, v) for v, label in zip(req.options, req.labels)]
            else:
                self._choices = [Choice(_choice_id(v), _choice_label(v, describe), v) for v in req.options]
        return self._choices

    def choice(self, choice_id: str) -> Choice:
        """The legal choice with this id; ValueError (listing the legal ids) if there is none."""
        if self._request.kind == "number":
            options = self._request.options
            try:
                value = int(choice_id)
            except (TypeError, ValueError):
                value = None
            if value is not None and value in options:
                if self._request.labels is not None:
                    return self.choices[options.index(value)]
                return Choice(str(value), str(value), value)
            raise ValueError(f"'{choice_id}' is not a legal number here: {describe_numbers(options)}")
        if self._by_id is None:
            self._by_id = {c.id: i for i, c in enumerate(self.choices)}
        index = self._by_id.get(str(choice_id))
        if index is None:
            legal = ", ".join(c.id for c in self.choices[:60])
            raise ValueError(f"'{choice_id}' is not a legal choice for player {self.player} "
                             f"({self.prompt}); legal: {legal}")
        return self.choices[index]

    def __repr__(self) -> str:
        pick = f" ({self.step} of {self.of})" if self.of > 1 else ""
        return f"Decision(player={self.player}, {self.prompt}{pick}, {len(self)} choices)"


def describe_numbers(options) -> str:
    """The legal numbers of a number decision, as a person reads them: a range, or a few numbers."""
    if isinstance(options, range):
        return f"choose from {options.start} to {options.stop - 1}"
    shown = ", ".join(str(n) for n in options[:20])
    return f"choose one of {shown}" + (", ..." if len(options) > 20 else "")


def _choice_label(value, describe) -> str:
    """A choice as a person reads it; a set of cards is its cards' labels: 'Q♠ Wild'; a set of
    sets shows its groups: '[5♥ 6♥ 7♥] [8♣ 8♦ 8♠]'; a tuple its parts: '7♦ / 2'."""
    if isinstance(value, list):
        return " ".join(_part_label(v, describe) for v in value) or "nothing"
    if isinstance(value, tuple):
        return " / ".join(_part_label(v, describe) for v in value)
    return describe(value)


def _part_label(value, describe) -> str:
    if isinstance(value, list):
        return "[" + " ".join(_part_label(v, describe) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + " / ".join(_part_label(v, describe) for v in value) + ")"
    return describe(value)


def _choice_id(value) -> str:
    """A choice's stable id: 'QS', 'p2', 't1', '250', 'true', or card ids joined: 'AS+2S'.
    Nesting is kept, so two arrangements of the same cards differ: a list of lists is
    '(5H+6H+7H)+(8C+8D+8S)', a tuple 'QS,2' (its list parts in parentheses)."""
    if isinstance(value, list):
        return "+".join(_part_id(v) for v in value) or "none"
    if isinstance(value, tuple):
        return ",".join(_part_id(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(_json_value(value))


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


def _part_id(value) -> str:
    """The id of a value inside a list or tuple: a list or tuple goes in parentheses."""
    if isinstance(value, (list, tuple)):
        return "(" + (_choice_id(value) if value else "") + ")"
    return _choice_id(value)


class _GameOver(Exception):
    """Unwinds the flow when an effect ends the game early."""


class Game:
    """The mutable state of one game, and the only way to drive it."""

    def __init__(self, ruleset, players: int | None = None, *, seed: int | None = None,
                 options: dict | None = None, stacked: list | None = None, record: bool = True,
                 max_steps: int = DEFAULT_MAX_STEPS, names: list[str] | None = None):
        self.rules = ruleset
        n = players if players is not None else ruleset.min_players
        if not ruleset.min_players <= n <= ruleset.max_players:
            raise GameError(f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, "
                            f"not {n}", code="players")
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = ruleset.resolve_options(options)
        self.option_overrides = dict(options or {})
        self.record = record
        self.events: list[dict] = []
        self._viewers: list = []          # per event: None (everyone) or a frozenset of seats
        self.max_steps = max_steps
        self.steps = 0
        self.version = 0                  # bumped by every change of state; keys the memo below
        self.memo: dict = {}              # values of ruleset functions in the current state
        self.static: dict = {}            # values of functions fixed for the whole game
        self.memo_version = -1
        self.phase: str | None = None
        self._stacked = [list(order) for order in (stacked or [])]
        self.stacked = [list(order) for order in (stacked or [])]
        self._trigger_depth = 0
        self._private: list[int] = []     # indexes of simultaneous decision events not yet revealed
        self._ability_flags: dict = {}    # (seat, ability) -> {'used', 'disabled'}
        self._card_decisions: dict = {}   # card -> index of the event of the decision that chose it
        self.players = [Player(i, (names[i] if names and i < len(names) else f"Player {i}")) for i in range(n)]
        self.teams: list[Team] = []
        self.vars: dict = {}
        self.zones: dict[str, Zone] = {}
        self.winners: list[Player] | None = None
        self.over = False
        self._request: Request | None = None     # what the flow waits for
        self._decision: Decision | None = None   # its public form, made when first asked for
        self.decisions_taken = 0
        self._triggers = ruleset.triggers
        self._moved_into = _moved_triggers(ruleset)
        self._build_cards()
        self._build_zones_and_teams()
        self._init_vars()
        self._check_constraints()
        self.emit("started", ruleset=ruleset.name, players=n, seed=seed,
                   options={k: self.options[k] for k in sorted(self.options)})
        self._flow = run_steps(ruleset.flow, self, {})
        self._advance(None, first=True)

    # -- setup ---------------------------------------------------------------
    def _build_cards(self) -> None:
        no_vars = None if self.rules.vars.get("card") else NO_VARS
        self.all_cards = [Card(spec.id, spec.label, spec.attrs, i, no_vars) for i, spec in enumerate(self.rules.cards)]
        self.cards_by_id = {c.id: c for c in self.all_cards}
        removed = set()
        for condition, ids, span in self.rules.removals:
            if condition is None or self._setup(condition, {}, span, "a deck.remove condition"):
                removed.update(ids)
        if removed:
            self.cards_in_play = [c for c in self.all_cards if c.id not in removed]
            self.removed_cards = [c for c in self.all_cards if c.id in removed]
        else:            # the usual case: one list, nothing removed (neither is ever changed)
            self.cards_in_play, self.removed_cards = self.all_cards, []

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
        self._zone_viewers = {}
        for zone in self._all_zones():
            if zone.visibility == PUBLIC:
                viewers = None
            elif zone.visibility == HIDDEN:
                viewers = NOBODY
            elif isinstance(zone.owner, Player):
                viewers = _shared(frozenset([zone.owner.seat]))
            else:
                viewers = _shared(frozenset(m.seat for m in zone.owner.members))
            self._zone_viewers[zone.key] = viewers

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
        vars_ = self.rules.vars
        for name, (_, initial, span) in vars_.get("game", {}).items():
            self.vars[name] = self._setup(initial, {}, span, f"the initial value of '{name}'")
        for scope, owners in (("player", self.players), ("team", self.teams), ("card", self.all_cards)):
            for owner in owners:
                for name, (_, initial, span) in vars_.get(scope, {}).items():
                    owner.vars[name] = self._setup(initial, {}, span, f"the initial value of '{name}'")

    def _check_constraints(self) -> None:
        for check, message, span in self.rules.constraints:
            if check is not None and not check(self, {}):
                # `{name}` in a message stands for an option's value; `{num_players}` for the count
                values = {**self.options, "num_players": len(self.players)}
                try:
                    message = message.format(**values)
                except (KeyError, IndexError, ValueError):
                    pass
                raise GameError(message, span=span, code="constraint")

    # -- driving -------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for (None once it is over)."""
        decision = self._decision
        if decision is None and self._request is not None:
            decision = self._decision = Decision(self, self._request)
        return decision

    # The playout API, for bots and search: the legal values as a list, and applying one by
    # its index or as taken from that list, with no Decision or Choice objects on the way.
    @property
    def to_move(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        request = self._request
        return None if request is None else request.player.seat

    def legal_values(self):
        """The raw legal values of the current decision (cards, players, numbers, action names);
        a sequence: a list, or a range for a number. Empty once the game is over."""
        request = self._request
        return [] if request is None else request.options

    def apply_index(self, index: int) -> None:
        """Apply the `index`-th of `legal_values()`; an IndexError if there is no such value."""
        request = self._request
        if request is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        options = request.options
        if not -len(options) <= index < len(options):
            raise IndexError(f"choice {index} of {len(options)}")
        self.apply_value(options[index])

    def apply(self, choice) -> None:
        """Take the current decision's choice: a Choice, or its id ('QS', 'fold', '250')."""
        if self.over or self.decision is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        # A Choice is looked up by its id: its value may be a copy (an agent's view of it)
        choice = self.decision.choice(choice.id if isinstance(choice, Choice) else choice)
        self.apply_value(choice.value, choice_id=choice.id)

    def apply_value(self, value, *, choice_id: str | None = None) -> None:
        """Apply a raw legal value, taken from `legal_values()` (or `decision.options`), without
        checking it again: the fast path for bots. Anything else is for `apply`."""
        request = self._request
        if request is None:
            raise GameError("the game is over; there is no decision to take", code="over")
        self.decisions_taken += 1
        if self.record:
            viewers = None
            if request.private or request.kind == "card":
                viewers = frozenset([request.player.seat])
            event = {"type": "decided", "player": request.player.seat, "kind": request.kind,
                     "choice": choice_id if choice_id is not None else _choice_id(value)}
            if request.verb:
                event["label"] = request.verb
            if request.private:
                self._private.append(len(self.events))
            if request.kind == "card":
                # Who learns which card was chosen is decided by where the card goes next:
                # played to the table, everyone; passed to a neighbour, those two.
                self._card_decisions[value] = len(self.events)
            self._emit_event(event, viewers)
        self._advance(value)

    def _advance(self, value, first: bool = False) -> None:
        try:
            request = next(self._flow) if first else self._flow.send(value)
        except StopIteration:
            self._end(None)
            return
        except _GameOver:
            self._end(self.winners)
            return
        self._request = request
        self._decision = None

    def _end(self, winners) -> None:
        self.over = True
        self._request = self._decision = None
        if winners is None and self.rules.result_winners is not None:
            winners = self.rules.result_winners(self, {})
        self.winners = list(winners or [])
        self.emit("ended", winners=[p.seat for p in self.winners], scores=self.scores())

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

    # -- services for effects and builtins ----------------------------------
    def tick(self, span: Span) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise GameError(f"the game ran more than {self.max_steps} steps without ending; a loop in the "
                            "ruleset may never finish", span=span, phase=self.phase, code="step-limit")

    def move(self, cards: list[Card], to: Zone, *, top: bool = False) -> None:
        record = self.record
        self.version += 1
        top_index = 0
        for card in list(cards):
            source = card.zone
            if source is not None:
                source.cards.remove(card)
                if source.holder is not None:
                    card.last_holder = source.holder
            if top:    # the first card listed ends on top, as a stacked order reads
                to.cards.insert(top_index, card)
                top_index += 1
            else:
                to.cards.append(card)
            card.zone = to
            was_face_up, seen = card.face_up, card.seen_by
            card.face_up = False
            card.seen_by = NOBODY
            if record:
                viewers = self._move_viewers(source, to, was_face_up, seen)
                if self._card_decisions:
                    index = self._card_decisions.pop(card, None)
                    if index is not None and self._viewers[index] is not None:
                        self._viewers[index] = None if viewers is None else self._viewers[index] | viewers
                self._emit_event({"type": "moved", "card": card.id, "from": source.key if source else None,
                                  "to": to.key}, viewers, card=card)
            triggers = self._moved_into.get(to.name)
            if triggers:
                self.version += 1
                self._fire(triggers, {"card": card, "source": source, "target": to})

    def _move_viewers(self, source, to, face_up, seen):
        if face_up:
            return None
        a = self._zone_viewers[source.key] if source is not None else frozenset()
        b = self._zone_viewers[to.key]
        if a is None or b is None:
            return None
        return a | b | seen

    def _fire(self, triggers, env) -> None:
        self._trigger_depth += 1
        try:
            if self._trigger_depth > MAX_TRIGGER_DEPTH:
                raise GameError("triggers set each other off more than 16 deep; a trigger may be "
                                "firing itself", phase=self.phase, code="trigger-loop")
            for test, steps, _, _ in triggers:
                if test is None or test(self, env):
                    for step in steps:
                        step.run(self, env)
        finally:
            self._trigger_depth -= 1

    def shuffle(self, zone: Zone) -> None:
        if self._stacked:
            order = self._stacked.pop(0)
            by_id = {c.id: c for c in zone.cards}
            unknown = [cid for cid in order if cid not in by_id]
            if unknown or len(set(order)) != len(order):
                raise GameError(f"the stacked order for {zone.key} names cards that are not there "
                                f"(or twice): {', '.join(unknown[:8]) or 'a repeated id'}", code="stacked")
            rest = [c for c in zone.cards if c.id not in set(order)]
            self.rng.shuffle(rest)
            zone.cards[:] = [by_id[cid] for cid in order] + rest
        else:
            self.rng.shuffle(zone.cards)
        self.version += 1
        if self.record:
            self.emit("shuffled", zone=zone.key)

    def set_face(self, cards: list[Card], face_up: bool) -> None:
        self.version += 1
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
        self.version += 1
        za, zb = a.zone, b.zone
        ia, ib = za.cards.index(a), zb.cards.index(b)
        za.cards[ia], zb.cards[ib] = b, a
        a.zone, b.zone = zb, za
        for card, old in ((a, za), (b, zb)):
            if isinstance(old.owner, Player):
                card.last_holder = old.owner
            card.face_up, card.seen_by = False, NOBODY
        if self.record:
            self._emit_event({"type": "moved", "card": a.id, "from": za.key, "to": zb.key},
                             self._move_viewers(za, zb, False, frozenset()), card=a)
            self._emit_event({"type": "moved", "card": b.id, "from": zb.key, "to": za.key},
                             self._move_viewers(zb, za, False, frozenset()), card=b)
        for card, source, target in ((a, za, zb), (b, zb, za)):
            triggers = self._moved_into.get(target.name)
            if triggers:
                self._fire(triggers, {"card": card, "source": source, "target": target})

    def set_var(self, name: str, value) -> None:
        self.vars[name] = value
        self.version += 1
        if self.record:
            self._emit_event({"type": "set", "var": name, "value": _json_value(value)}, None)

    def set_owner_var(self, owner, name: str, value) -> None:
        owner.vars[name] = value
        self.version += 1
        if self.record:
            viewers = None
            if isinstance(owner, Card):   # a card's variable is seen by whoever sees the card
                key = owner.id
                if not (owner.face_up or owner.zone is None or self._zone_viewers[owner.zone.key] is None):
                    viewers = self._zone_viewers[owner.zone.key] | owner.seen_by
            else:
                key = f"p{owner.seat}" if isinstance(owner, Player) else f"t{owner.index}"
            self._emit_event({"type": "set", "var": f"{key}.{name}", "value": _json_value(value)}, viewers)

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
        for index in self._private:
            event = self.events[index]
            if event["kind"] != "card":     # chosen cards are revealed only by what happens to them
                revealed.append({"player": event["player"], "choice": event["choice"]})
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
            self.events.append(event)
            self._viewers.append(viewers)

    def events_for(self, seat: int | None) -> list[dict]:
        """The event stream as `seat` saw it: hidden cards masked, others' secret choices left out."""
        if seat is None:
            return list(self.events)
        out = []
        for event, viewers in zip(self.events, self._viewers):
            if viewers is None or seat in viewers:
                out.append(event)
            elif event["type"] == "decided":
                continue
            elif "card" in event:
                masked = dict(event)
                masked["card"] = None
                out.append(masked)
            else:  # a variable of a card this seat cannot see
                continue
        return out

    def view(self, seat: int) -> dict:
        """What the player in `seat` may see now: zones (hidden cards masked), variables, decision."""
        def zone_view(zone: Zone) -> list:
            return [c.id if card_visible(c, seat) else None for c in zone.cards]

        view = {
            "seat": seat, "phase": self.phase, "over": self.over,
            "vars": {k: _json_value(v) for k, v in self.vars.items()},
            "zones": {name: zone_view(z) for name, z in self.zones.items()},
            "players": [{"seat": p.seat, "name": p.name, "team": p.team.index if p.team else None,
                         "vars": {k: _json_value(v) for k, v in p.vars.items()},
                         "zones": {name: zone_view(z) for name, z in p.zones.items()}} for p in self.players],
            "teams": [{"index": t.index, "name": t.name, "vars": {k: _json_value(v) for k, v in t.vars.items()},
                       "zones": {name: zone_view(z) for name, z in t.zones.items()}} for t in self.teams],
        }
        if self.rules.vars.get("card"):
            view["cards"] = {c.id: {k: _json_value(v) for k, v in c.vars.items()}
                             for c in self.cards_in_play if card_visible(c, seat)}
        if self.decision is not None and self.decision.player == seat:
            d = self.decision
            view["decision"] = {"prompt": d.prompt, "kind": d.kind, "step": d.step, "of": d.of,
                                "choices": [{"id": c.id, "label": c.label} for c in d.choices]}
        elif self.decision is not None:
            view["waiting_for"] = self.decision.player
        if self.over:
            view["result"] = self.result
        return view

    def header(self) -> dict:
        """What a log needs to re-create this game: ruleset, options, players, seed, stacked deck."""
        return {"type": "game", "ruleset": self.rules.path, "variants": list(self.rules.variants),
                "players": len(self.players), "seed": self.seed, "options": dict(self.option_overrides),
                "stacked": self.stacked}


def _json_value(value):
    if isinstance(value, Card):
        return value.id
    if isinstance(value, Player):
        return f"p{value.seat}"
    if isinstance(value, Team):
        return f"t{value.index}"
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    return value
