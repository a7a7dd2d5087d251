"""Every numbered decision of the project's rules page, docs/rules.md (D-01, D-02, ...), is cited
by at least one test, and every decision cited in the rulesets, the docs and the tests exists there.

The page is part of the repository, so a clean clone checks itself with nothing beside it; no file
of the repository may point outside it for the rules.
A decision counts as tested when a test function (outside this file) cites it: in its name
(`..._D07`), decorators or body, docstring included. A range such as "D-13..D-20" cites every number in it.
"""
from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"D-(\d{2})(?:\s*(?:\.\.|–|to)\s*D-(\d{2}))?")
IN_NAME = re.compile(r"(?:^|_)[dD](\d{2})(?=_|$)")
DEFINITION = re.compile(r"\*\*D-(\d{2})\*\*")
CITED_IN = ("rulesets", "docs", "tests", "examples", "README.md")
RULES_PAGE = ROOT / "docs" / "rules.md"
# A rules page outside the repository: the folder that once sat beside the checkout, or its page.
OUTSIDE = re.compile(r"\bshared/|\bRULES\.md\b")
TEXT_FILES = (".py", ".md", ".yaml", ".yml", ".toml", ".cfg", ".in", ".js", ".html", ".css", ".json",
              ".jsonl", ".txt", ".lark", ".ini")
NOT_THE_PROJECT = {"build", "dist", "node_modules", "__pycache__"}


def decisions() -> list[str]:
    """The decisions docs/rules.md defines, in order: 'D-01', 'D-02', ..."""
    found = sorted({int(n) for n in DEFINITION.findall(RULES_PAGE.read_text(encoding="utf-8"))})
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


def test_the_rules_page_defines_numbered_decisions():
    """GIVEN docs/rules.md WHEN its decisions are read THEN they run from D-01 with no gap in numbering
    (a missing number would mean this parser misread the file)."""
    found = decisions()
    assert found[:2] == ["D-01", "D-02"] and len(found) >= 29
    assert found == [f"D-{n:02d}" for n in range(1, len(found) + 1)]


@pytest.mark.slow
def test_every_decision_is_cited_by_a_test():
    """GIVEN every decision docs/rules.md defines
    WHEN the test functions are searched for citations
    THEN each decision is cited by at least one test."""
    cited = cited_by_tests()
    missing = [d for d in decisions() if d not in cited]
    assert not missing, f"decisions of docs/rules.md that no test cites: {', '.join(missing)}"


def test_every_cited_decision_exists_in_the_rules_page():
    """GIVEN the rulesets, docs, examples and tests
    WHEN every D-xx they cite is read
    THEN each is a decision docs/rules.md defines (no stale or mistyped number)."""
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
    assert not stale, "citations of decisions docs/rules.md does not define:\n" + "\n".join(stale)


def _project_files():
    """The repository's text files: no virtualenv, build output, cache or version-control folder."""
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(d for d in subfolders if not (d.startswith(".") or d.endswith(".egg-info")
                                                            or d in NOT_THE_PROJECT))
        for name in sorted(files):
            if name.endswith(TEXT_FILES):
                yield Path(folder) / name


def _pointing_outside(paths) -> list[str]:
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_nothing_points_outside_the_repository_for_the_rules():
    """GIVEN every text file of the repository (code, tests, rulesets, docs, examples, the README)
    WHEN it is searched for `shared/` (as in `../shared/`) or the old page's name, RULES.md
    THEN none is found: the rules are docs/rules.md, and a clean clone needs nothing beside it."""
    skip = {Path(__file__).resolve()}     # this file names what it forbids
    found = _pointing_outside(p for p in _project_files() if p not in skip)
    assert not found, "references to a rules page outside the repository:\n" + "\n".join(found)


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
