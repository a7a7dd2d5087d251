"""The kinds of `interpreter/kinds.py` are the one list: the compile stage's tables, the JSON
Schema's enumerations, the docs' event table, the events the engine emits, the RL encoding and
the browser's decision kinds agree with them."""
from __future__ import annotations

import json
import re

from interpreter.compile.flow import STEP_KEYS, FlowCompiler
from interpreter.compile.ruleset import EVENTS
from interpreter.kinds import (CHOICE_KINDS, DECISION_KINDS, EVENT_TYPES, STEP_KINDS, TRIGGER_EVENTS,
                               VISIBILITIES, ChoiceKind)
from tests.conftest import ROOT

SCHEMA = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
PACKAGE = ROOT / "interpreter"


def test_the_schema_enumerates_the_kinds():
    """GIVEN the ruleset schema WHEN its enumerations are read THEN they are the kinds' values."""
    zone = SCHEMA["properties"]["zones"]["additionalProperties"]["properties"]
    trigger = SCHEMA["properties"]["triggers"]["additionalProperties"]["properties"]
    assert tuple(zone["visibility"]["enum"]) == VISIBILITIES
    assert tuple(SCHEMA["definitions"]["choose"]["properties"]["choose"]["enum"]) == CHOICE_KINDS
    assert tuple(trigger["on"]["enum"]) == TRIGGER_EVENTS


def test_every_step_kind_has_its_keys_its_compiler_and_its_schema():
    """GIVEN StepKind WHEN the flow compiler's key table, its `s_<kind>` methods and the schema's
    step shapes are read THEN each names exactly the step kinds, with the same keys."""
    assert tuple(STEP_KEYS) == STEP_KINDS
    assert all(callable(getattr(FlowCompiler, f"s_{kind}", None)) for kind in STEP_KINDS)
    shapes = {}
    for shape in SCHEMA["definitions"]["step"]["anyOf"]:
        if "$ref" in shape:             # a shape of its own: choose, claim
            shape = SCHEMA["definitions"][shape["$ref"].rpartition("/")[2]]
        if shape.get("type") == "object":
            keyword = next(k for k in shape["required"] if k in STEP_KEYS)
            shapes[keyword] = set(shape["properties"])
    assert shapes == STEP_KEYS


def test_the_triggers_bind_what_their_events_carry():
    """GIVEN the events a trigger may react to WHEN the compile stage's table is read THEN it has
    exactly those events, each one of the event types."""
    assert tuple(EVENTS) == TRIGGER_EVENTS
    assert set(TRIGGER_EVENTS) <= set(EVENT_TYPES)


def test_the_engine_emits_the_event_types_and_the_docs_list_them():
    """GIVEN the engine's, the compile stage's and the effects' sources WHEN the events they emit
    are read THEN they are exactly the event types, and so is the docs' table of events."""
    emitted = set()
    sources = [*(PACKAGE / "engine").glob("*.py"), PACKAGE / "language" / "effects.py",
               *(PACKAGE / "compile").glob("*.py")]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        emitted.update(re.findall(r'emit\("(\w+)"', text))
        emitted.update(re.findall(r'(?:_emit_event\(\{|append\(\{|= \{)"type": "(\w+)"', text))
    assert emitted == set(EVENT_TYPES)
    docs = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    table = docs[docs.index("| event | fields |"):]
    table = table[:table.index("\n\n")]
    listed = re.findall(r"^\| (`\w+`(?:, `\w+`)*) \|", table, flags=re.MULTILINE)
    assert [name for row in listed for name in re.findall(r"`(\w+)`", row)] == list(EVENT_TYPES)


def test_decision_kinds_are_the_choice_kinds_as_asked():
    """GIVEN the choice kinds WHEN each says what its decisions are THEN several cards are asked
    as cards, the rest as themselves, and the RL encoding one-hots exactly those kinds."""
    from interpreter.rl.encoding import KINDS
    assert ChoiceKind.CARDS.asks == "card" and ChoiceKind.NUMBER.asks == "number"
    assert DECISION_KINDS == ("card", "player", "value", "number", "action")
    assert KINDS == DECISION_KINDS


def test_the_browser_knows_only_decision_kinds():
    """GIVEN the web client's scripts WHEN they test a decision's kind THEN it is a decision kind."""
    tested = set()
    for path in (PACKAGE / "web" / "static").glob("*.js"):
        tested.update(re.findall(r'\b(?:d|decision)\.kind === "(\w+)"', path.read_text(encoding="utf-8")))
    assert tested and tested <= set(DECISION_KINDS)
