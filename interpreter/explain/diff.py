"""What a variant changes, in the words of the rules sheet: the sheets of the base and of the
variant, compared section by section.

Tables (options, zones, cards, what is kept, terms) are compared row by row, by their first
cell: a row only in one sheet is added or removed, a row in both with other cells is changed
(each cell that differs, old then new). Steps and paragraphs are compared as lines (a step's
words with its depth), so a step the variant adds, drops or rewrites is named by its text, not
by a number that every later step shifts.
"""
from __future__ import annotations

import difflib

from interpreter.explain.document import Item, Items, Paragraph, Section, Sheet, Table, block_lines


def diff(base: Sheet, variant: Sheet) -> Sheet:
    """A sheet that says what `variant` changes from `base`."""
    out = Sheet(title=f"{variant.title}: what changes from {base.title}")
    if base.intro != variant.intro and variant.intro:
        out.intro = list(variant.intro)
    keys = [s.key for s in variant.sections] + [s.key for s in base.sections if variant.section(s.key) is None]
    for key in keys:
        old, new = base.section(key), variant.section(key)
        title = (new or old).title
        items = _section(old, new)
        if items:
            out.sections.append(Section(key, title, [Items(items)]))
    old_notes, new_notes = dict(base.notes), dict(variant.notes)
    notes = [Item(f"Now cites {n}: {t}") for n, t in variant.notes if n not in old_notes]
    notes += [Item(f"No longer cites {n}: {t}") for n, t in base.notes if n not in new_notes]
    if notes:
        out.sections.append(Section("notes", "Decisions cited", [Items(notes)]))
    if not out.sections:
        out.sections.append(Section("same", "No changes", [Paragraph(
            f"{variant.title} has the same rules as {base.title}, as this sheet writes them.")]))
    return out


def _section(old: Section | None, new: Section | None) -> list[Item]:
    old_blocks = old.blocks if old else []
    new_blocks = new.blocks if new else []
    old_tables = [b for b in old_blocks if isinstance(b, Table)]
    new_tables = [b for b in new_blocks if isinstance(b, Table)]
    items: list[Item] = []
    for i in range(max(len(old_tables), len(new_tables))):
        items += _table(old_tables[i] if i < len(old_tables) else None, new_tables[i] if i < len(new_tables) else None)
    items += _lines([line for b in old_blocks if not isinstance(b, Table) for line in block_lines(b)],
                    [line for b in new_blocks if not isinstance(b, Table) for line in block_lines(b)])
    return items


def _table(old: Table | None, new: Table | None) -> list[Item]:
    headers = (new or old).headers
    before = {row[0]: row for row in (old.rows if old else [])}
    after = {row[0]: row for row in (new.rows if new else [])}
    items = []
    for key, row in after.items():
        if key not in before:
            items.append(Item(f"Added: {key}", [Item(f"{h}: {c}") for h, c in zip(headers[1:], row[1:]) if c]))
        elif before[key] != row:
            changes = [Item(f"{h}: {a or '(none)'} → {b or '(none)'}")
                       for h, a, b in zip(headers[1:], before[key][1:], row[1:]) if a != b]
            items.append(Item(f"Changed: {key}", changes))
    items += [Item(f"Removed: {key}") for key in before if key not in after]
    return items


def _lines(old: list[str], new: list[str]) -> list[Item]:
    items = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        while op == "insert" and b0 > 0 and new[b0 - 1] == new[b1 - 1]:
            b0, b1 = b0 - 1, b1 - 1     # the same lines one step earlier: start at the step that is new
        while op == "delete" and a0 > 0 and old[a0 - 1] == old[a1 - 1]:
            a0, a1 = a0 - 1, a1 - 1
        gone, came = _nest(old[a0:a1]), _nest(new[b0:b1])
        if op == "delete":
            items.append(Item("No longer:", gone))
        elif op == "insert":
            items.append(Item(_context(new, b0) + "added:", came))
        elif op == "replace":
            items.append(Item("Instead of:", gone))
            items.append(Item("now:", came))
    return items


def _context(lines: list[str], at: int) -> str:
    """Where an added line goes: after the step before it, when there is one."""
    return f"After “{lines[at - 1].strip()}”, " if at > 0 else ""


def _nest(lines: list[str]) -> list[Item]:
    """Indented lines (two spaces a level) as items inside items, the least indented at the top."""
    top: list[Item] = []
    stack: list[tuple[int, Item]] = []
    for line in lines:
        depth = (len(line) - len(line.lstrip(" "))) // 2
        item = Item(line.strip())
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1].children if stack else top).append(item)
        stack.append((depth, item))
    return top
