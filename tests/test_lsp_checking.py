"""The checks behind the editor's diagnostics: the same as `validate`'s, on unsaved text, and
incremental (a small edit compiles nothing again), without writing to the load cache."""
from __future__ import annotations

import builtins
from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")
from interpreter.cache import store  # noqa: E402
from interpreter.compile import unit  # noqa: E402
from interpreter.compile.ruleset import check_ruleset  # noqa: E402
from interpreter.lsp.checking import Checker  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BLACK_CARD = ROOT / "rulesets" / "black-card.yaml"


@pytest.fixture
def compiled(monkeypatch) -> list:
    """The generated units compiled while the test runs."""
    names = []
    monkeypatch.setattr(unit, "compile", lambda source, name, mode: (names.append(name),
                                                                     builtins.compile(source, name, mode))[1],
                        raising=False)
    return names


def test_a_one_digit_change_is_checked_without_compiling_again(compiled):
    """GIVEN Black Card checked once in the server's checker
    WHEN it is checked again after a one-digit change (and after a change to one function)
    THEN the first compiles nothing again, and the second only the code that function touches,
    and both find what a fresh check finds."""
    text = BLACK_CARD.read_text(encoding="utf-8")
    path = BLACK_CARD.resolve()
    checker = Checker()
    checker.check(path, {path: text})
    first = len(compiled)
    assert first > 50
    compiled.clear()
    ruleset, diagnostics = checker.check(path, {path: text.replace("stack: 100", "stack: 101")})
    assert compiled == [] and ruleset.option_values["stack"] == 101 and diagnostics == []
    changed = text.replace('"not is_joker(c) or c.declared"', '"c.declared or not is_joker(c)"')
    assert changed != text
    ruleset, diagnostics = checker.check(path, {path: changed})
    assert 0 < len(compiled) < first / 2 and ruleset is not None and diagnostics == []


def test_unsaved_text_is_checked_and_nothing_is_written_to_the_load_cache(tmp_path):
    """GIVEN a file on disk and different text for it in the editor
    WHEN the server's checker checks it
    THEN it finds the problems of the text, not of the file, as check_ruleset does, and the
    load cache gains no entry."""
    path = tmp_path / "mine.yaml"
    path.write_text("version: 1\nname: Mine\nextends: hearts\n")
    typed = "version: 1\nname: Mine\nextends: hearts\nset:\n  targte: 20\n"
    before = sorted(p.name for p in store.cache_dir().rglob("*")) if store.cache_dir() else []
    ruleset, diagnostics = Checker().check(path.resolve(), {path.resolve(): typed})
    after = sorted(p.name for p in store.cache_dir().rglob("*")) if store.cache_dir() else []
    assert ruleset is None and [d.hint for d in diagnostics] == ["did you mean 'target'?"]
    assert [(d.message, d.span.line) for d in diagnostics] == \
        [(d.message, d.span.line) for d in check_ruleset(str(path.resolve()), texts={path.resolve(): typed})[1]]
    assert before == after
    assert check_ruleset(str(path))[0] is not None          # the file itself is fine


def test_every_did_you_mean_of_tests_broken_has_a_quick_fix_that_fixes_it():
    """GIVEN every diagnostic of tests/broken/ whose hint is a did-you-mean
    WHEN its quick fix is applied to the text
    THEN the checker no longer reports it (and the fix changed only the misspelt name)."""
    from interpreter.lsp import checking, features
    fixed = 0
    for path in sorted(p.resolve() for p in (ROOT / "tests" / "broken").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for d in check_ruleset(str(path))[1]:
            if not (d.hint and "did you mean" in d.hint and d.span and Path(d.span.file).resolve() == path):
                continue
            [action] = features.code_actions(path.as_uri(), [checking.to_lsp(d, lines)], lines=lines)
            [edit] = action.edit.changes[path.as_uri()]
            line = lines[edit.range.start.line]
            assert line[edit.range.start.character:edit.range.end.character] in d.message
            new_line = line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
            new_text = "\n".join(lines[:edit.range.start.line] + [new_line] + lines[edit.range.start.line + 1:])
            after = check_ruleset(str(path), texts={path: new_text})[1]
            assert d.message not in [a.message for a in after], (path.name, d.message)
            fixed += 1
    assert fixed >= 15
