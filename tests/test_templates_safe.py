"""Texts a ruleset fills with values (a deck's id and label templates, a constraint's message)
hold `{name}`s of documented values and nothing else: no format language that could build a
huge string or reach into Python objects (issue 27, item 2)."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.engine.game import Game
from interpreter.errors import GameError, RulesetError

ROOT = Path(__file__).resolve().parent.parent

DECK = """\
version: 1
name: Labels
players: {{min: 2, max: 4}}
options:
  deals: {{type: int, default: 4}}
constraints:
  - check: "deals % num_players == 0"
    message: {message}
deck:
  attributes: {{a: int, b: str}}
  cards:
    - {{a: 1, b: x}}
    - {{a: 2, b: y}}
  id: {id}
  label: {label}
zones:
  pile: {{owner: game, visibility: public}}
flow: []
"""


def write(tmp_path, *, label='"{a} of {b}"', id='"{b}{a}"', message='"deals ({deals}) for {num_players}"'):
    path = tmp_path / "labels.yaml"
    path.write_text(DECK.format(label=label, id=id, message=message), encoding="utf-8")
    return path


def load_error(path) -> tuple[str, str | None]:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    (diagnostic,) = [d for d in caught.value.diagnostics if d.severity == "error"]
    return f"{diagnostic.span}: {diagnostic.message}", diagnostic.hint


def test_names_of_documented_values_are_filled_and_double_braces_are_braces(tmp_path):
    """GIVEN id and label templates naming card attributes and a message naming an option
    WHEN the ruleset loads and a game breaks the constraint
    THEN cards carry the filled texts and the message holds the values."""
    rules = load_ruleset(write(tmp_path, label='"{a} of {{b}}"'))
    assert [(c.id, c.label) for c in rules.cards] == [("x1", "1 of {b}"), ("y2", "2 of {b}")]
    with pytest.raises(GameError, match=r"deals \(4\) for 3$"):
        Game(rules, 3)


def test_a_huge_format_width_is_a_located_load_error_at_once(tmp_path):
    """GIVEN a label template with a format width of 300 million characters
    WHEN the ruleset is loaded
    THEN it is refused at the template's line and column, naming the card attributes, in
    well under a second (it used to build a 300 MB label per card)."""
    path = write(tmp_path, label='"{a:>300000000}"')
    started = time.monotonic()
    message, hint = load_error(path)
    assert time.monotonic() - started < 5          # (generous: it does not build the text)
    assert message == (f"{path}:15:11: deck label template: '{{a:>300000000}}' is a format spec: "
                       "a text holds only {name} of a value, with no format language")
    assert hint == "a deck's templates may name the card attributes: {a}, {b}"


@pytest.mark.parametrize("template, what, column", [
    ('"{a!r}"', "'{a!r}' is a conversion", 8),
    ('"x{b[0]}"', "'{b[0]}' is an index", 9),
    ('"{a.__class__.__base__.__subclasses__}"', "'{a.__class__.__base__.__s...}' is an attribute", 8),
    ('"{}"', "'{}' is not a name", 8),
    ('"{0}"', "'{0}' is not a name", 8),
])
def test_anything_but_a_name_in_an_id_template_is_refused(tmp_path, template, what, column):
    """GIVEN an id template with a conversion, an index, an attribute or a positional field
    WHEN the ruleset is loaded
    THEN one located error says what it is."""
    path = write(tmp_path, id=template)
    message, _ = load_error(path)
    assert message == (f"{path}:14:{column}: deck id template: {what}: a text holds only {{name}} of a value, "
                       "with no format language")


def test_a_name_that_is_not_an_attribute_is_refused_with_the_names_allowed(tmp_path):
    """GIVEN a label naming a derived value that cards do not have when they are labelled
    WHEN the ruleset is loaded
    THEN the error points at the name (it used to fall back to the id without a word)."""
    path = write(tmp_path, label='"card {points}"')
    assert load_error(path) == (f"{path}:15:17: deck label template: '{{points}}' names no value this text "
                                "may use", "a deck's templates may name the card attributes: {a}, {b}")


def test_a_lone_brace_is_refused(tmp_path):
    """GIVEN a label with a closing brace alone
    WHEN loaded
    THEN it is an error at that brace."""
    path = write(tmp_path, label='"a}b"')
    message, _ = load_error(path)
    assert message == f"{path}:15:12: deck label template: a '}}' without its '{{' (write '}}}}' for a brace itself)"


@pytest.mark.parametrize("text, what", [
    ('"{deals:>300000000}"', "'{deals:>300000000}' is a format spec"),
    ('"{num_players.real}"', "'{num_players.real}' is an attribute"),
])
def test_a_constraint_message_takes_names_only(tmp_path, text, what):
    """GIVEN a constraint message with a format spec or an attribute
    WHEN the ruleset is loaded
    THEN it is refused at the message's line, with the options and the player count as hint
    (it used to be formatted when the game started, or silently left as written)."""
    path = write(tmp_path, message=text)
    assert load_error(path) == (
        f"{path}:8:15: constraint message: {what}: a text holds only {{name}} of a value, with no format "
        "language", "a message may name the options and the player count: {deals}, {num_players}")


def test_an_unknown_name_in_a_constraint_message_is_refused(tmp_path):
    """GIVEN a message naming no option
    WHEN loaded
    THEN the error is at the name."""
    path = write(tmp_path, message='"deals: {deal}"')
    message, _ = load_error(path)
    assert message == f"{path}:8:23: constraint message: '{{deal}}' names no value this text may use"


@pytest.mark.slow
def test_validate_reports_the_huge_width_in_one_line_quickly(tmp_path):
    """GIVEN the 300-million-wide label
    WHEN `cardrules validate` checks it in its own process
    THEN it exits 1 at once with the located error and no traceback."""
    path = write(tmp_path, label='"{a:>300000000}"')
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "validate", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert time.monotonic() - started < 30        # (generous: start-up included)
    assert done.returncode == 1
    assert f"{path}:15:11: error: deck label template: '{{a:>300000000}}' is a format spec" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("invalid (1 error, 0 warnings)")
