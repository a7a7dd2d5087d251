"""The public face of a decision: `Decision` (who decides, the legal options) and `Choice`.

A client can only name a legal option, never supply one. Options are handed out as
read-only tuples (a list-valued option as a tuple too), and whatever a client sends back is
matched against the engine's own list: by the Choice object this decision handed out, by its
id, or (for the fast path) by identity with an item of `options`. The engine then applies its
own value, so a Choice from another game, a forged value or an edited list changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from interpreter.engine.state import Card, Player, Team, Zone
from interpreter.errors import GameError

# The option that ends a `choose: cards` with `min`/`max` once `min` cards are picked: its id
# and its value (a card decision's only option that is not a card).
DONE = "done"


class IllegalChoice(GameError, ValueError):
    """A choice that is not one of the current decision's legal options (also a ValueError)."""

    def __init__(self, message: str):
        super().__init__(message, code="illegal")


@dataclass(frozen=True)
class Choice:
    """One legal option of a decision: a stable id (e.g. 'QS', 'fold', '250'), a label, its value.

    A Choice is bound to the decision that listed it; applying it anywhere else is checked
    against that other decision's own options by id and value."""
    id: str
    label: str
    value: Any = None
    decision: Any = field(default=None, compare=False, repr=False)
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return self.label


class Decision:
    """What the game waits for: one player's choice among legal options.

    The flow makes one per decision (see `choices.py`), so it does no work of its own until
    asked: the read-only `options`, the `choices` and the maps that match what a client sends
    are made on first use. A bot that takes options by position (`Game.apply_index`) never
    builds them. The fields with an underscore are the engine's:
    the deciding Player, the legal values as listed, their labels, the step's position,
    whether others see the choice, and how a transcript says it."""
    __slots__ = ("_game", "_who", "player", "_values", "_site", "_why", "__dict__")

    # What a decision makes on demand: None until made. Class attributes, not slots, so that
    # reading one not made yet is a plain look-up (an unset slot raises, which costs as much as
    # the rest of a playout's decision); the first one made gives the decision its dict.
    _options = _choices = _by_id = _by_key = None

    # (no __init__: `new_decision` makes one with its fields stored directly, which costs
    # less than a call of __init__ through the type; the flow makes one for every decision.)

    # What the choice says of itself, one tuple per decision (`new_decision`): a constant of
    # the generated code where nothing in it is computed. So a new decision stores four
    # fields, not sixteen: the game that asks it stores a fifth, and the four it builds on
    # demand are stored when first made (above).
    kind = property(lambda self: self._site[0])
    prompt = property(lambda self: self._site[1])
    _span = property(lambda self: self._site[2])
    @property
    def _labels(self) -> list | None:
        """The readable labels the ruleset wrote (an action's, or `labels:`), one per option;
        constant action labels are kept in the site as a map by name."""
        labels = self._site[3]
        if type(labels) is dict:
            return [labels[name] for name in self._values]
        return labels

    _private = property(lambda self: self._site[4])    # a simultaneous choice: others do not see it until revealed
    step = property(lambda self: self._site[5])        # for multi-card choices: which pick
    of = property(lambda self: self._site[6])          # of how many
    _verb = property(lambda self: self._site[7])       # how a transcript says it: "plays", "passes"

    def copy_for(self, game, who: Player, values) -> "Decision":
        """The same decision asked in `game` (a copy of this one's), of `who`, among `values`."""
        twin = new_decision(who, values, self._site)
        twin._game = game
        return twin

    @property
    def options(self):
        """The legal values (cards, players, numbers, action names) as a read-only tuple; a
        number decision's options are a range. A list-valued option is a tuple here."""
        options = self._options
        if options is None:
            options = self._options = read_only(self._values)
        return options

    def __len__(self) -> int:
        return len(self._values)

    @property
    def choices(self) -> tuple[Choice, ...]:
        if self._choices is None:
            describe = self._game.describe
            if self.kind == "action":
                self._choices = tuple(Choice(name, label, name, self, i)
                                      for i, (name, label) in enumerate(zip(self._values, self._labels)))
            elif self._labels is not None:     # labels the ruleset wrote for its options
                self._choices = tuple(Choice(choice_id(v), label, _frozen(v), self, i)
                                      for i, (v, label) in enumerate(zip(self._values, self._labels)))
            elif self.kind == "number":
                self._choices = tuple(Choice(str(v), str(v), v, self, i) for i, v in enumerate(self._values))
            else:
                self._choices = tuple(Choice(choice_id(v), choice_label(v, describe), _frozen(v), self, i)
                                      for i, v in enumerate(self._values))
        return self._choices

    def why_not(self, choice_id: str) -> str | None:
        """Why the candidate with this id is not a legal choice, in the words of the ruleset's
        `where:` reasons; None when it is legal, is no candidate at all, or the choice gives no
        reasons. Only the game that asked the decision can say (a copy's decisions cannot)."""
        why = _made(self, "_why")
        if why is None or self._game is None:
            return None
        reasons, env = why
        describe = choice_id if isinstance(choice_id, str) else str(choice_id)
        if any(c.id == describe for c in self.choices):
            return None
        return reasons.why_not(self._game, env, lambda item: _id_of(item) == describe)

    def reasons(self) -> dict[str, str]:
        """Every candidate the ruleset's `where:` reasons leave out, by id, with its reason."""
        why = _made(self, "_why")
        if why is None or self._game is None:
            return {}
        reasons, env = why
        legal = {c.id for c in self.choices}
        items = reasons.source(self._game, env)
        found = {}
        for item in (self._game.cards_in(items) if type(items) is Zone else items):
            item_id = _id_of(item)
            if item_id not in legal and item_id not in found:
                text = reasons.why_not(self._game, env, lambda x: x is item)
                if text:
                    found[item_id] = text
        return found

    def choice(self, choice_id: str) -> Choice:
        """The legal choice with this id; ValueError (listing the legal ids) if there is none."""
        if not isinstance(choice_id, (str, int)) or isinstance(choice_id, bool):
            raise ValueError(f"a choice is named by its id (a string such as 'QS'), not {type(choice_id).__name__}")
        if self.kind == "number":
            options = self._values
            try:
                value = int(choice_id)
            except (TypeError, ValueError):
                value = None
            if value is not None and value in options:
                index = options.index(value)
                if self._labels is not None:
                    return self.choices[index]
                return Choice(str(value), str(value), value, self, index)
            raise ValueError(f"'{_short(choice_id)}' is not a legal number here: {describe_numbers(options)}")
        if self._by_id is None:
            self._by_id = {c.id: i for i, c in enumerate(self.choices)}
        index = self._by_id.get(str(choice_id))
        if index is None:
            legal = ", ".join(c.id for c in self.choices[:60])
            raise ValueError(f"'{_short(choice_id)}' is not a legal choice for player {self.player} "
                             f"({self.prompt}); legal: {legal}")
        return self.choices[index]

    # -- matching what a client sends back against the engine's own options ----------
    def resolve(self, choice) -> tuple[Any, str]:
        """The engine's own (value, id) for a Choice or a choice id sent by a client."""
        if isinstance(choice, Choice):
            if (choice.decision is self and self._choices is not None and 0 <= choice.index < len(self._choices)
                    and self._choices[choice.index] is choice):
                return self._value_at(choice.index), choice.id
            try:
                mine = self.choice(choice.id)
            except ValueError as exc:
                raise IllegalChoice(f"that choice does not belong to this decision: {exc}") from None
            if _key(mine.value) != _key(choice.value) and not _public_copy(choice.value, mine.value):
                raise IllegalChoice(f"the choice '{_short(choice.id)}' carries a value that is not the one "
                                    "this decision offers under that id (a choice from another game, or an edited one)")
            return self._value_at(mine.index), mine.id
        try:
            mine = self.choice(choice)
        except ValueError as exc:
            raise IllegalChoice(str(exc)) from None
        return self._value_at(mine.index), mine.id

    def resolve_value(self, value) -> Any:
        """The engine's own value for an item of `options` (the fast path for bots)."""
        options = self._values
        if self.kind == "number":
            if type(value) is int and value in options:
                return value
            raise IllegalChoice(f"{_short(value)!r} is not a legal number here: {describe_numbers(options)}")
        # The usual case first: the very object the engine listed (a card, a player, an action
        # name). `index` compares by identity before equality, and game objects have no other
        # equality, so what it finds is checked to be the same option before it is taken.
        try:
            index = options.index(value)
        except ValueError:
            index = None
        if index is not None and options[index] is not value and _key(options[index]) != _key(value):
            index = None
        if index is None:      # a list option handed out as a tuple, or a value equal by data
            if self._by_key is None:
                self._by_key = {}
                for i, v in enumerate(options):
                    self._by_key.setdefault(_key(v), i)
            try:
                index = self._by_key.get(_key(value))
            except TypeError:
                index = None
        if index is None:
            raise IllegalChoice(f"{_short(value)!r} is not one of the legal options of this decision "
                                f"({self.prompt}); take a value from decision.options")
        return options[index]

    def _value_at(self, index: int):
        return self._values[index]

    def __repr__(self) -> str:
        pick = f" ({self.step} of {self.of})" if self.of > 1 else ""
        return f"Decision(player={self.player}, {self.prompt}{pick}, {len(self)} choices)"


_new = object.__new__


def _made(decision: "Decision", field: str):
    """A slot a decision may leave unset (`_why`, its reasons), or None while it is not set."""
    return getattr(decision, field, None)


def new_decision(who: Player, values, site: tuple) -> Decision:
    """A Decision of `who` among the legal `values` (for a number: the legal range); `site` is
    (kind, prompt, span, labels, private, step, of, verb), as `decision_site` makes it."""
    d = _new(Decision)       # (`_game` is set by the game that asks it: `Game._advance`)
    d._who = who
    d.player = who.seat
    d._values = values
    d._site = site
    return d


def decision_site(kind: str, prompt: str, span, labels: list | None = None, private: bool = False,
                  step: int = 1, of: int = 1, verb: str | None = None) -> tuple:
    """What a decision says of itself, in the order `Decision` reads it."""
    return kind, prompt, span, labels, private, step, of, verb


class FrozenList(tuple):
    """A list value handed to clients: reads like a list, cannot be edited; not a tuple value."""
    __slots__ = ()


_ATOMS = frozenset({Card, Player, Team, Zone, str, int, bool, float, type(None)})


def read_only(options):
    """A decision's options as clients get them: a range as it is, else a tuple whose list
    values are FrozenLists. Cards, players and names (the usual options) are copied as they
    are, without a call per option."""
    if isinstance(options, range):
        return options
    if _ATOMS.issuperset(map(type, options)):
        return tuple(options)
    return tuple(map(_frozen, options))


def _frozen(value):
    """An option as clients get it: lists as FrozenLists (nested ones too), so it cannot be edited."""
    if isinstance(value, list):
        return FrozenList(_frozen(v) for v in value)
    if isinstance(value, tuple) and not isinstance(value, FrozenList):
        return tuple(_frozen(v) for v in value)
    return value


def _key(value):
    """What makes two option values the same: game objects by identity, data by equality."""
    if isinstance(value, (Card, Player, Team, Zone)):
        return ("object", id(value))
    if isinstance(value, (list, FrozenList)):
        return ("list",) + tuple(_key(v) for v in value)
    if isinstance(value, tuple):
        return ("tuple",) + tuple(_key(v) for v in value)
    return (type(value).__name__, value)


def _public_copy(sent, own) -> bool:
    """Whether `sent` is the public form of the engine's value (card ids for cards, 'p2' for a
    player, as an agent's copy of a choice holds): plain data only, never a game object."""
    if _holds_objects(sent):
        return False
    return json_value(sent) == json_value(own)


def _holds_objects(value) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds_objects(v) for v in value)
    return isinstance(value, (Card, Player, Team, Zone))


def _short(value, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."


def describe_numbers(options) -> str:
    """The legal numbers of a number decision, as a person reads them: a range, or a few numbers."""
    if isinstance(options, range):
        return f"choose from {options.start} to {options.stop - 1}"
    shown = ", ".join(str(n) for n in options[:20])
    return f"choose one of {shown}" + (", ..." if len(options) > 20 else "")


def choice_label(value, describe) -> str:
    """A choice as a person reads it; a set of cards is its cards' labels: 'Q♠ Wild'; a set of
    sets shows its groups: '[5♥ 6♥ 7♥] [8♣ 8♦ 8♠]'; a tuple its parts: '7♦ / 2'."""
    if isinstance(value, (list, FrozenList)):
        return " ".join(_part_label(v, describe) for v in value) or "nothing"
    if isinstance(value, tuple):
        return " / ".join(_part_label(v, describe) for v in value)
    return describe(value)


def _part_label(value, describe) -> str:
    if isinstance(value, (list, FrozenList)):
        return "[" + " ".join(_part_label(v, describe) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + " / ".join(_part_label(v, describe) for v in value) + ")"
    return describe(value)


def _id_of(value) -> str | None:
    try:
        return choice_id(value)
    except (TypeError, ValueError):
        return None


def choice_id(value) -> str:
    """A choice's stable id: 'QS', 'p2', 't1', '250', 'true', or card ids joined: 'AS+2S'.
    Nesting is kept, so two arrangements of the same cards differ: a list of lists is
    '(5H+6H+7H)+(8C+8D+8S)', a tuple 'QS,2' (its list parts in parentheses)."""
    if isinstance(value, (list, FrozenList)):
        return "+".join(_part_id(v) for v in value) or "none"
    if isinstance(value, tuple):
        return ",".join(_part_id(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(json_value(value))


def _part_id(value) -> str:
    """The id of a value inside a list or tuple: a list or tuple goes in parentheses."""
    if isinstance(value, (list, tuple)):
        return "(" + (choice_id(value) if value else "") + ")"
    return choice_id(value)


def json_value(value):
    """A value as it appears in events and views: cards, players and teams by id."""
    if isinstance(value, Card):
        return value.id
    if isinstance(value, Player):
        return f"p{value.seat}"
    if isinstance(value, Team):
        return f"t{value.index}"
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    return value
