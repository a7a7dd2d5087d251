"""A rules sheet as data: sections of paragraphs, tables and (numbered) lists, and notes.

The sheet builder and the variant diff both produce a `Sheet`; `render.py` writes one as
Markdown, HTML or plain text. Texts are plain, with names people may look up written between
backticks (see `phrases.code`); each renderer escapes and marks them in its own way.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Item:
    """One entry of a list, with the entries inside it (the steps of a loop, the rules of a choice)."""
    text: str
    children: list[Item] = field(default_factory=list)


@dataclass
class Paragraph:
    text: str


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]


@dataclass
class Items:
    items: list[Item]
    numbered: bool = False


Block = Paragraph | Table | Items


@dataclass
class Section:
    key: str                     # stable name of the section, for the diff ("options", "flow", ...)
    title: str
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Sheet:
    title: str
    intro: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)   # (D-07, what it decides)
    notes_title: str = "Decisions cited"

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    def text(self) -> str:
        """Every word of the sheet, for searching it (tests, the diff)."""
        parts = [self.title, *self.intro]
        for section in self.sections:
            parts.append(section.title)
            for block in section.blocks:
                parts.extend(block_lines(block))
        parts.extend(f"{n} {t}" for n, t in self.notes)
        return "\n".join(parts)


def block_lines(block: Block, depth: int = 0) -> list[str]:
    """A block as lines of text; list entries indented by their depth."""
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, Table):
        return [" | ".join(row) for row in block.rows]
    out = []
    for item in block.items:
        out.append("  " * depth + item.text)
        out.extend(block_lines(Items(item.children), depth + 1))
    return out
