"""Every numbered decision of RULES.md (D-01, D-02, ...) is cited by at least one test, and every
decision cited in the rulesets, the docs and the tests exists in RULES.md.

RULES.md lives in `shared/` beside the checkout (`../shared/RULES.md` from the repository root,
as CI lays it out); a checkout deeper down (a worktree, say) finds it in an ancestor's `shared/`.
A decision counts as tested when a test function (outside this file) cites it: in its name
(`..._D07`), decorators or body, docstring included. A range such as "D-13..D-20" cites every number in it.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"D-(\d{2})(?:\s*(?:\.\.|–|to)\s*D-(\d{2}))?")
IN_NAME = re.compile(r"(?:^|_)[dD](\d{2})(?=_|$)")
DEFINITION = re.compile(r"\*\*D-(\d{2})\*\*")
CITED_IN = ("rulesets", "docs", "tests", "examples", "README.md")


def rules_md() -> Path:
    """../shared/RULES.md from the repository root, or from the nearest ancestor that has one."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "RULES.md"
        if candidate.is_file():
            return candidate
    pytest.fail(f"RULES.md not found in shared/ beside {ROOT} or any folder above it; the tests "
                "of decisions need the shared folder checked out beside the repository")


def decisions() -> list[str]:
    """The decisions RULES.md defines, in order: 'D-01', 'D-02', ..."""
    found = sorted({int(n) for n in DEFINITION.findall(rules_md().read_text(encoding="utf-8"))})
    return [f"D-{n:02d}" for n in found]


def citations(text: str) -> set[str]:
    """The decisions a text cites: 'D-07', or every number of a range 'D-13..D-20'."""
    out = set()
    for match in CITATION.finditer(text):
        low = int(match.group(1))
        high = int(match.group(2) or low)
        out.update(f"D-{n:02d}" for n in range(low, high + 1))
    return out


def _test_functions(path: Path):
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            yield node.name, "\n".join(lines[first - 1:node.end_lineno])


def cited_by_tests() -> dict[str, list[str]]:
    """Decision -> the tests (file::name) that cite it."""
    cited: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path.name == Path(__file__).name:      # its own examples cite nothing
            continue
        for name, text in _test_functions(path):
            for d in citations(text) | {f"D-{n}" for n in IN_NAME.findall(name)}:
                cited.setdefault(d, []).append(f"{path.name}::{name}")
    return cited


def test_rules_md_defines_numbered_decisions():
    """GIVEN RULES.md WHEN its decisions are read THEN they run from D-01 with no gap in numbering
    (a missing number would mean this parser misread the file)."""
    found = decisions()
    assert found[:2] == ["D-01", "D-02"] and len(found) >= 29
    assert found == [f"D-{n:02d}" for n in range(1, len(found) + 1)]


def test_every_decision_is_cited_by_a_test():
    """GIVEN every decision RULES.md defines
    WHEN the test functions are searched for citations
    THEN each decision is cited by at least one test."""
    cited = cited_by_tests()
    missing = [d for d in decisions() if d not in cited]
    assert not missing, f"decisions of RULES.md that no test cites: {', '.join(missing)}"


def test_every_cited_decision_exists_in_rules_md():
    """GIVEN the rulesets, docs, examples and tests
    WHEN every D-xx they cite is read
    THEN each is a decision RULES.md defines (no stale or mistyped number)."""
    known = set(decisions())
    stale = []
    for entry in CITED_IN:
        base = ROOT / entry
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()
                                                     and p.suffix in (".py", ".md", ".yaml", ".jsonl"))
        for path in files:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for d in sorted(citations(line) - known):
                    stale.append(f"{path.relative_to(ROOT)}:{number}: {d}")
    assert not stale, "citations of decisions RULES.md does not define:\n" + "\n".join(stale)


@pytest.mark.parametrize("text, cited", [
    ("as D-13 says", {"D-13"}),
    ("decisions D-01, D-13..D-20", {"D-01"} | {f"D-{n}" for n in range(13, 21)}),
    ("D-10-like", {"D-10"}),
    ("test_game_ends_D07", set()),
])
def test_citations_are_read_as_written(text, cited):
    """GIVEN a text WHEN its citations are read THEN single numbers and ranges are found; a bare
    'D07' is read only as a word of a test's name."""
    assert citations(text) == cited
    assert IN_NAME.findall("test_game_ends_D07") == ["07"] == IN_NAME.findall("test_d07_ends")
    assert IN_NAME.findall("test_4D07x") == []
