"""The broken-ruleset suite: every class of mistake an author can make gets one clear message
at the exact file:line:col, from the library and from `cardrules validate` (issue 2, item 8).

Each file in tests/broken/ starts with the diagnostics it must produce:

    # expect: tests/broken/unknown_name.yaml:25:24: error: unknown name 'trik'
    # hint: did you mean 'trick'?

An `# expect:` line is `str(span): severity: message`; the `# hint:` line right after it is that
diagnostic's hint (no hint line: the diagnostic has no hint). Paths are relative to the repo
root, where these tests run.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli.main import main
from interpreter.compile.ruleset import check_ruleset

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "broken"
FILES = sorted(p.relative_to(ROOT).as_posix() for p in BROKEN.rglob("*.yaml"))

# One file per class of mistake; a class must not silently disappear from the folder.
REQUIRED = {
    "empty_file", "not_a_mapping_list", "not_a_mapping_scalar", "yaml_syntax", "duplicate_key",
    "alias_bomb", "absurd_nesting", "wrong_type", "unknown_top_key", "unknown_zone_key",
    "unknown_step_key", "syntax_quoted", "syntax_plain", "syntax_block", "syntax_folded",
    "chained_comparison", "unknown_name", "unknown_player_var", "unknown_card_attr", "unknown_card_id",
    "builtin_arity", "builtin_arg_type", "card_vs_number", "and_on_int", "effect_in_condition",
    "assignment_in_condition", "random_in_condition", "recursive_function", "recursive_procedure",
    "unknown_procedure", "extends_cycle/a", "extends_cycle/b", "extends_missing", "extends_escape",
    "option_default_range", "set_not_in_values", "set_unknown_option", "unknown_var_type",
    "unused_option", "choose_no_player", "missing_section", "unknown_effect", "condition_not_bool",
    "shape_and_name_errors", "where_reasons", "display_unknown_phase", "deck_duplicate_id",
    "deck_count_unknown_value", "cards_count_and_min", "cards_max_below_min",
    # issue 28, item 8 and issue 31, item 3
    "choose_as_after_its_step", "break_in_simultaneous", "comma_in_flow_mapping", "compound_assignment",
    "effect_and_function_crossed", "missing_zone", "comma_in_step", "yaml_error_in_declarations", "five_mistakes",
    "set_unknown_parameter",
    "set_parameter_type", "parameter_default_type",
}

# Files whose one mistake still also produces a follow-on error (none at present).
CASCADES: dict[str, str] = {}


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def expectations(path: str) -> list[tuple[str, str | None]]:
    """The (diagnostic line, hint or None) pairs in the file's leading comment block."""
    out: list[list] = []
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect: "):
            out.append([line[len("# expect: "):], None])
        elif line.startswith("# hint: "):
            assert out and out[-1][1] is None, f"{path}: a '# hint:' line must follow an '# expect:' line"
            out[-1][1] = line[len("# hint: "):]
        elif not line.startswith("#"):
            break
    return [tuple(x) for x in out]


def render(d) -> str:
    return f"{d.span}: {d.severity}: {d.message}"


def test_every_class_of_mistake_has_a_file():
    names = {p[len("tests/broken/"):-len(".yaml")] for p in FILES}
    assert REQUIRED <= names, f"missing broken rulesets: {sorted(REQUIRED - names)}"


@pytest.mark.parametrize("path", FILES)
def test_file_declares_its_diagnostic_on_the_first_line(path):
    first = (ROOT / path).read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), path
    assert expectations(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES)
def test_checker_reports_the_expected_diagnostic(path):
    ruleset, diagnostics = check_ruleset(path)
    seen = {render(d): d for d in diagnostics}
    listing = "\n".join(f"  {render(d)}  [hint: {d.hint}]" for d in diagnostics)
    for expected, hint in expectations(path):
        assert expected in seen, f"{path}: expected\n  {expected}\namong\n{listing}"
        assert seen[expected].hint == hint, f"{path}: hint of {expected!r}"
    wants_error = any(": error: " in e for e, _ in expectations(path))
    assert (ruleset is None) == wants_error, "a ruleset with errors must not load; one with warnings must"


@pytest.mark.slow
@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(reason=CASCADES[p], strict=True)) if p in CASCADES else p
    for p in FILES])
def test_one_mistake_gives_exactly_the_expected_errors(path):
    """No follow-on errors: the author sees the one thing to fix."""
    _, diagnostics = check_ruleset(path)
    errors = sorted(render(d) for d in diagnostics if d.severity == "error")
    assert errors == sorted(e for e, _ in expectations(path) if ": error: " in e)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES)
def test_validate_prints_message_source_line_and_caret(path, capsys):
    code = main(["validate", path])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in err
    wants_error = any(": error: " in e for e, _ in expectations(path))
    assert code == (1 if wants_error else 0)
    lines = out.splitlines()
    for expected, hint in expectations(path):
        assert expected in lines, f"{expected!r} not in output:\n{out}"
        i = lines.index(expected)
        file, line_no, column = expected.split(": ", 1)[0].rsplit(":", 2)
        source = (ROOT / file).read_text(encoding="utf-8").splitlines()[int(line_no) - 1]
        shown, caret = lines[i + 1], lines[i + 2]
        assert shown.split(" | ", 1) == [f"  {int(line_no):>4}", source]
        bar = caret.index("| ") + 2
        assert caret.strip().endswith("^") and caret.index("^") - bar == int(column) - 1, caret
        if hint:
            assert lines[i + 3] == f"       = hint: {hint}"


# -- options given on the command line ---------------------------------------------------
def validate(capsys, *args) -> tuple[int, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out + err


def test_option_of_the_wrong_type_is_rejected(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "target=abc")
    assert code == 1
    assert "error: option 'target': expected a whole number, not 'abc'" in out


def test_option_below_its_minimum_is_rejected(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "target=0")
    assert code == 1
    assert "error: option 'target': 0 is below the minimum 1" in out


def test_option_outside_its_values_is_rejected(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "moon=sideways")
    assert code == 1
    assert "option 'moon': 'sideways' is not one of: add_to_others, subtract, off" in out


def test_misspelt_option_gets_did_you_mean(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "targt=50")
    assert code == 1
    assert "error: unknown option 'targt' for Hearts" in out
    assert "hint: did you mean 'target'?" in out


def test_unknown_option_lists_the_options(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "nosuch=1")
    assert code == 1
    assert "error: unknown option 'nosuch' for Hearts" in out
    assert "hint: options: moon, spot_hearts, omnibus, target" in out


def test_valid_option_passes(capsys):
    code, out = validate(capsys, "rulesets/hearts.yaml", "--option", "target=50")
    assert code == 0
    assert "rulesets/hearts.yaml: ok (0 errors, 0 warnings)" in out


# -- JSON output -------------------------------------------------------------------------
def test_json_output_shape(capsys):
    code = main(["validate", "--format", "json", "tests/broken/unknown_name.yaml", "rulesets/hearts.yaml"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [f["file"] for f in data["files"]] == ["tests/broken/unknown_name.yaml", "rulesets/hearts.yaml"]
    broken, hearts = data["files"]
    assert broken["valid"] is False and hearts == {"file": "rulesets/hearts.yaml", "valid": True,
                                                   "diagnostics": []}
    first = broken["diagnostics"][0]
    assert first == {"severity": "error", "code": "unknown-name", "message": "unknown name 'trik'",
                     "file": "tests/broken/unknown_name.yaml", "line": 25, "column": 24,
                     "hint": "did you mean 'trick'?"}
    assert all({"severity", "code", "message"} <= set(d) for d in broken["diagnostics"])


def test_json_output_for_an_option_error(capsys):
    code = main(["validate", "--format", "json", "rulesets/hearts.yaml", "--option", "target=abc"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    (entry,) = data["files"]
    assert entry["valid"] is False
    assert entry["diagnostics"] == [{"severity": "error", "code": "option-value",
                                     "message": "option 'target': expected a whole number, not 'abc'"}]


def test_json_output_counts_a_warning_as_valid(capsys):
    code = main(["validate", "--format", "json", "tests/broken/unused_option.yaml"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    (entry,) = data["files"]
    assert entry["valid"] is True
    assert [d["severity"] for d in entry["diagnostics"]] == ["warning"]


def test_validate_reports_every_file(capsys):
    """Like a compiler: all files, all errors, one exit status."""
    code, out = validate(capsys, "tests/broken/unknown_name.yaml", "tests/broken/wrong_type.yaml",
                         "rulesets/hearts.yaml")
    assert code == 1
    assert "tests/broken/unknown_name.yaml: invalid (1 error" in out
    assert "tests/broken/wrong_type.yaml: invalid (1 error" in out
    assert "rulesets/hearts.yaml: ok" in out
