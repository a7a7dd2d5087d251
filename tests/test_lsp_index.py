"""The names of a ruleset as the language server knows them: definitions, uses and renames,
on a copy of Black Card (procedures with parameters, `call:` steps with `with:`)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")
from interpreter.compile.ruleset import check_ruleset  # noqa: E402
from interpreter.lsp import features, index  # noqa: E402
from interpreter.lsp.index import Cursor  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def black_card(tmp_path) -> Path:
    path = tmp_path / "black-card.yaml"
    shutil.copy(ROOT / "rulesets" / "black-card.yaml", path)
    return path


def cursor(path: Path, needle: str, skip: int = 0) -> Cursor:
    text = path.read_text(encoding="utf-8")
    offset = text.index(needle) + skip
    return Cursor(path, text.count("\n", 0, offset), offset - text.rfind("\n", 0, offset) - 1)


def apply(path: Path, edit) -> str:
    lines = path.read_text(encoding="utf-8").split("\n")
    for change in sorted(edit.changes[path.as_uri()], key=lambda e: (e.range.start.line, e.range.start.character),
                         reverse=True):
        line = lines[change.range.start.line]
        lines[change.range.start.line] = line[:change.range.start.character] + change.new_text + \
            line[change.range.end.character:]
    return "\n".join(lines)


def test_renaming_a_procedure_parameter_renames_its_uses_and_the_with_keys_of_its_calls(black_card):
    """GIVEN a procedure `declare(p, j)` called with `with: {p: p, j: j}`
    WHEN its parameter p is renamed from a `with:` key of a call
    THEN the parameter, its uses in the body and the `with:` keys of every call change, the
    other players named p do not, and the ruleset still loads."""
    names = index.build(black_card, {})
    edit = features.rename(names, cursor(black_card, "with: {p: p, j: j}", 7), new_name="who")
    renamed = apply(black_card, edit)
    assert "params: {who: player, j: card}" in renamed and "with: {who: p, j: j}" in renamed
    assert "player: who\n" in renamed and "text(who) + ' declares the '" in renamed
    assert "players.filter(p, p.chips == " in renamed     # (another p: a loop's)
    black_card.write_text(renamed, encoding="utf-8")
    ruleset, diagnostics = check_ruleset(str(black_card))
    assert ruleset is not None, diagnostics


def test_a_rename_onto_a_taken_name_or_a_name_of_the_language_is_refused(black_card):
    names = index.build(black_card, {})
    at = cursor(black_card, "  declare_up:", 2)
    for taken, said in (("give", "already the name of a procedure"), ("size", "a name of the language"),
                        ("up", "already the name of a zone"), ("2x", "is not a name")):
        with pytest.raises(features.RenameRefused, match=said):
            features.rename(names, at, new_name=taken)
    shipped = index.build((ROOT / "rulesets" / "black-card.yaml").resolve(), {})
    with pytest.raises(features.RenameRefused, match="shipped ruleset"):
        features.prepare_rename(shipped, cursor((ROOT / "rulesets" / "black-card.yaml").resolve(), "  declare_up:", 2))


def test_completion_under_remove_offers_the_entries_of_that_section(tmp_path):
    """GIVEN a variant of Hearts with `remove: {functions: [...]}` being written
    WHEN completion is asked inside the list
    THEN it offers the functions the files it is built from define, and nothing else."""
    path = tmp_path / "less.yaml"
    text = "version: 1\nname: Less\nextends: hearts\nremove:\n  functions: [pen]\n"
    path.write_text(text)
    names = index.build(path.resolve(), {})
    items = features.completion(names, cursor(path.resolve(), "[pen", 4), lines=text.splitlines())
    labels = {item.label for item in items}
    assert {"penalty", "led_suit", "game_over"} <= labels and not {"hand", "target", "size"} & labels
