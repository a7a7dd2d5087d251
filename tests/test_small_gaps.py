"""The small gaps new games hit (issue 28, items 2, 3, 4 and 6): decks whose repeats keep their
ids unique and whose generated cards come in per-value counts, the empty player value `nobody`,
transcripts that print the ruleset's labels, and card choices of `min` to `max` cards."""
from __future__ import annotations

from interpreter import Game
from tests.test_language_features import deck_of, diagnostics, tiny
from tests.test_engine import HEADER


# -- item 6: decks -------------------------------------------------------------------------------
UNO_LIKE = """\
deck:
  attributes: {color: str, number: int}
  generate: {color: [red, blue], number: [0, 1, 2]}
  count: {of: number, map: {0: 1}, default: 2}
  id: "{color}{number}"
  cards:
    - {color: wild, number: 0, id: W, count: 2}
  copies: 2
"""




def test_a_generated_deck_has_one_zero_and_two_of_every_other_number(tmp_path):
    """GIVEN `count: {of: number, map: {0: 1}, default: 2}` over two colours and numbers 0-2
    WHEN loaded THEN each colour has one 0, two 1s and two 2s, every id unique, and the wild
    card's repeats across `count` and `copies` are W, W#2, W#3, W#4."""
    rules = deck_of(tmp_path, UNO_LIKE)
    ids = [c.id for c in rules.cards]
    assert len(ids) == len(set(ids)) == 2 * (2 * 5 + 2)
    first_copy = ids[:12]
    assert first_copy == ["red0", "red1", "red1#2", "red2", "red2#2",
                          "blue0", "blue1", "blue1#2", "blue2", "blue2#2", "W", "W#2"]
    assert [i for i in ids if i.startswith("W")] == ["W", "W#2", "W#3", "W#4"]
    assert sum(1 for c in rules.cards if c.attrs == {"color": "red", "number": 0}) == 2   # one per copy


def test_a_plain_number_count_repeats_every_generated_card(tmp_path):
    rules = deck_of(tmp_path, UNO_LIKE.replace("{of: number, map: {0: 1}, default: 2}", "3")
                    .replace("  copies: 2\n", ""))
    assert [c.id for c in rules.cards][:3] == ["red0", "red0#2", "red0#3"] and len(rules.cards) == 2 * 3 * 3 + 2


def test_two_entries_with_one_id_are_reported_at_the_second_entry(tmp_path):
    """GIVEN an entry `W` with count 2 and another entry with the id `W#2`
    WHEN checked THEN one duplicate error, with a hint that repeats are numbered."""
    found = diagnostics(tmp_path, "flow: []\n", header=HEADER.replace("deck: {standard: true}\n", """\
deck:
  attributes: {color: str}
  cards:
    - {color: wild, id: W, count: 2}
    - {color: wild, id: "W#2"}
"""))
    assert [f[:3] for f in found if f[0] == "error"] == [("error", "duplicate", "two cards have the id 'W#2'")]
