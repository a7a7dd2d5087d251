"""The numbered decisions of the project's rules page, docs/rules.md: which ones a text cites,
and what each says in one line.

The page states the shipped games and numbers every choice their sources leave open (D-01,
D-02, ...). Rulesets cite those numbers in the descriptions people read (`cardrules info`, the
web lobby), so both show each cited number with the line the page's index gives it and name the
page. The page ships with the package (see `interpreter.shipped`); without it, the numbers and the
page's name are still shown.
"""
from __future__ import annotations

import re
from functools import lru_cache

from interpreter.shipped import rules_page

PAGE = "docs/rules.md"
# "D-07", or a range "D-13..D-20" that cites every number in it.
CITATION = re.compile(r"\bD-(\d{2})(?:\s*(?:\.\.|–|to)\s*D-(\d{2}))?")
# A row of the page's index: | D-07 | what it decides | where |
INDEX_ROW = re.compile(r"^\|\s*(D-\d{2})\s*\|\s*(.+?)\s*\|[^|\n]*\|\s*$", re.M)


def cited(*texts: str | None) -> list[str]:
    """The decisions the texts cite, in number order: ['D-05', 'D-06', ...]."""
    numbers: set[int] = set()
    for text in texts:
        for match in CITATION.finditer(text or ""):
            low = int(match.group(1))
            numbers.update(range(low, int(match.group(2) or low) + 1))
    return [f"D-{n:02d}" for n in sorted(numbers)]


@lru_cache(maxsize=1)
def summaries() -> dict[str, str]:
    """Each decision's line in the page's index, without markup; empty if the page is missing."""
    try:
        text = rules_page().read_text(encoding="utf-8")
    except OSError:
        return {}
    return {number: meaning.replace("`", "") for number, meaning in INDEX_ROW.findall(text)}


def explained(*texts: str | None) -> list[tuple[str, str]]:
    """(number, one-line meaning) of every decision the texts cite; '' for a number the page lacks."""
    known = summaries()
    return [(number, known.get(number, "")) for number in cited(*texts)]
