"""The closed vocabularies of a ruleset and a game, one enum each: the kinds of choice, the step
keywords, the zone visibilities and the event types.

Each is the one list the rest is derived from or checked against: the compile stage's tables
(the keys of a step, the kinds a `choose:` accepts), the engine's visibility constants, the RL
encoding of a decision's kind, the JSON Schema's enumerations and the docs' event table
(`tests/test_kinds.py` holds those to these). Code compares and stores the plain strings (`.value`
or the tuples below), so a generated literal, a log or a JSON frame never sees an enum.
Adding a kind is a member here plus its behaviour; docs/architecture.md lists the places.
"""
from __future__ import annotations

from enum import Enum


class ChoiceKind(str, Enum):
    """What a `choose:` step offers."""
    CARD = "card"
    CARDS = "cards"
    PLAYER = "player"
    VALUE = "value"
    NUMBER = "number"
    ACTION = "action"

    @property
    def asks(self) -> str:
        """The kind of each Decision it asks: several cards are picked one card at a time."""
        return ChoiceKind.CARD.value if self is ChoiceKind.CARDS else self.value


class StepKind(str, Enum):
    """The keyword a mapping step of a flow starts with (a string step is effect statements).
    The order is the order a step's keyword is looked for."""
    IF = "if"
    WHILE = "while"
    REPEAT = "repeat"
    FOR_EACH = "for_each"
    CALL = "call"
    PHASE = "phase"
    USE = "use"
    LET = "let"
    CHOOSE = "choose"
    CLAIM = "claim"


class Visibility(str, Enum):
    """Who sees the faces of the cards in a zone."""
    PUBLIC = "public"
    OWNER = "owner"        # the owning player, or the owning team's members
    HIDDEN = "hidden"
    OTHERS = "others"      # everyone but the owner (cards held facing out)


class EventType(str, Enum):
    """The `type` of a game's events (docs/language.md, "Events")."""
    STARTED = "started"
    SHUFFLED = "shuffled"
    MOVED = "moved"
    TURNED = "turned"
    SHOWN = "shown"
    SET = "set"
    PHASE_STARTED = "phase_started"
    PHASE_ENDED = "phase_ended"
    DECIDED = "decided"
    CHOICES_REVEALED = "choices_revealed"
    CLAIMED = "claimed"
    ABILITY_USED = "ability_used"
    ANNOUNCED = "announced"
    ENDED = "ended"


CHOICE_KINDS = tuple(kind.value for kind in ChoiceKind)
DECISION_KINDS = tuple(dict.fromkeys(kind.asks for kind in ChoiceKind))    # what `Decision.kind` may be
STEP_KINDS = tuple(kind.value for kind in StepKind)
VISIBILITIES = tuple(v.value for v in Visibility)
EVENT_TYPES = tuple(e.value for e in EventType)
# the events a ruleset's `triggers:` may react to (`on:`)
TRIGGER_EVENTS = (EventType.MOVED.value, EventType.PHASE_STARTED.value, EventType.PHASE_ENDED.value)
