"""What the cursor stands in, read from the lines above it: a half-typed file is seldom valid
YAML, so this goes by indentation as a person reading it would.

`at(lines, line, column)` answers with the keys leading to the cursor (`[]` for a list item),
whether a key or a value is being typed there, and the word typed so far.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_ITEM = re.compile(r"^(\s*)((?:-\s+)*)")
_KEY = re.compile(r"""^(\s*)((?:-\s+)*)(["']?)([A-Za-z_][\w.]*)\3\s*:(?:\s|$)""")
_BLOCK = re.compile(r":\s*[|>][-+0-9]*\s*(#.*)?$")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


@dataclass
class Context:
    path: list                  # keys from the top, '[]' for a list item
    typing: str                 # 'key' (a key of the mapping at `path`) or 'value' (of the key path[-1])
    word: str                   # the name typed so far, before the cursor
    after_dot: bool = False     # the word follows a '.': an attribute or a macro
    prefix: str = ""            # the line up to the cursor
    siblings: tuple = ()        # the keys already written in the mapping a key is typed into


def at(lines: list[str], *, line: int, column: int) -> Context:
    text = lines[line] if line < len(lines) else ""
    prefix = text[:column]
    word_match = _WORD.search(prefix)
    word = word_match.group() if word_match else ""
    before_word = prefix[:len(prefix) - len(word)]
    after_dot = before_word.endswith(".")
    item = _ITEM.match(prefix)
    indent = len(item.group(1)) + len(item.group(2))
    key_here = _KEY.match(text)
    typing_key = re.fullmatch(r"\s*(-\s+)*[A-Za-z_]*", prefix) is not None
    if typing_key and not _in_block(lines, line=line, indent=indent):
        path = _parents(lines, line=line, indent=indent, is_item=item.group(2) != "")
        return Context(path, "key", word, prefix=prefix,
                       siblings=_siblings(lines, line=line, indent=indent, new_item=item.group(2) != ""))
    if key_here and len(prefix) > key_here.end() - 1 and not _in_block(lines, line=line, indent=indent):
        own_indent = len(key_here.group(1)) + len(key_here.group(2))
        path = _parents(lines, line=line, indent=own_indent, is_item=key_here.group(2) != "") + [key_here.group(4)]
        return Context(path, "value", word, after_dot, prefix)
    # a continuation line: a block scalar's, or a list item's string
    path = _parents(lines, line=line, indent=indent, is_item=item.group(2) != "")
    return Context(path, "value", word, after_dot, prefix)


def _in_block(lines: list[str], *, line: int, indent: int) -> bool:
    """Whether the line is inside a block scalar (`key: |`) that starts above it."""
    for number in range(line - 1, -1, -1):
        text = lines[number]
        if not text.strip():
            continue
        if len(text) - len(text.lstrip()) < indent:
            return bool(_BLOCK.search(text))
    return False


def _parents(lines: list[str], *, line: int, indent: int, is_item: bool) -> list:
    """The keys (and list items, as '[]') that the line at `line`, written at `indent`, stands under."""
    path: list = []
    current = indent
    if is_item:
        path.append("[]")
        current = len(_ITEM.match(lines[line]).group(1)) if line < len(lines) else indent
    for number in range(line - 1, -1, -1):
        if current == 0:
            break
        text = lines[number]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        head = _ITEM.match(text)
        start = len(head.group(1))
        content = start + len(head.group(2))
        key = _KEY.match(text)
        if head.group(2) and start < current:
            # a list item above: the line is beside its key, or under it
            if key and content < current:
                path.insert(0, key.group(4))
            path.insert(0, "[]")
            current = start
        elif not head.group(2) and key and content < current:
            path.insert(0, key.group(4))
            current = content
    return path


def _siblings(lines: list[str], *, line: int, indent: int, new_item: bool) -> tuple:
    """The keys written at `indent` in the same mapping as the line (above and below it; only
    below when the line starts a list item, which starts the mapping)."""
    found = []
    for step in (1,) if new_item else (-1, 1):
        number = line + step
        while 0 <= number < len(lines):
            text = lines[number]
            number += step
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            head = _ITEM.match(text)
            start, content = len(head.group(1)), len(head.group(1)) + len(head.group(2))
            key = _KEY.match(text)
            if start < indent:      # the mapping ends here; above, a `- key:` starts it
                if step == -1 and head.group(2) and content == indent and key:
                    found.append(key.group(4))
                break
            if content == indent and key:
                found.append(key.group(4))
    return tuple(found)
