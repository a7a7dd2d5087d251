"""Writes a `Sheet` as Markdown, HTML (escaped, one self-contained page) or plain text."""
from __future__ import annotations

import html
import re
import textwrap

from interpreter.explain.document import Item, Paragraph, Sheet, Table

FORMATS = ("markdown", "html", "text")
_CODE = re.compile(r"`([^`\n]+)`")
_MD_SPECIAL = re.compile(r"([\\*_\[\]<>#|])")


def render(sheet: Sheet, fmt: str) -> str:
    """The sheet in `fmt`, one of FORMATS."""
    return {"markdown": markdown, "html": page, "text": text}[fmt](sheet)


# -- Markdown -------------------------------------------------------------------
def _md(value: str) -> str:
    """Text for Markdown: names in backticks stay code, everything else is escaped."""
    out, last = [], 0
    for match in _CODE.finditer(value):
        out.append(_MD_SPECIAL.sub(r"\\\1", value[last:match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_MD_SPECIAL.sub(r"\\\1", value[last:]))
    return " ".join("".join(out).split())


def markdown(sheet: Sheet) -> str:
    lines = [f"# {_md(sheet.title)}", ""]
    for paragraph in sheet.intro:
        lines += [_md(paragraph), ""]
    for section in sheet.sections:
        lines += [f"## {_md(section.title)}", ""]
        for block in section.blocks:
            if isinstance(block, Paragraph):
                lines += [_md(block.text), ""]
            elif isinstance(block, Table):
                lines.append("| " + " | ".join(_md(h) for h in block.headers) + " |")
                lines.append("|" + "---|" * len(block.headers))
                lines += ["| " + " | ".join(_md(cell) for cell in row) + " |" for row in block.rows]
                lines.append("")
            else:
                lines += _md_items(block.items, block.numbered, "")
                lines.append("")
    if sheet.notes:
        lines += [f"## {_md(sheet.notes_title)}", ""]
        lines += [f"- **{n}**: {_md(t)}" for n, t in sheet.notes]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _md_items(items: list[Item], numbered: bool, indent: str) -> list[str]:
    """A list; an entry's own list is indented to the text after its marker, as CommonMark nests."""
    lines = []
    for i, item in enumerate(items, 1):
        marker = f"{i}." if numbered else "-"
        lines.append(f"{indent}{marker} {_md(item.text)}")
        lines += _md_items(item.children, numbered, indent + " " * (len(marker) + 1))
    return lines


# -- HTML -----------------------------------------------------------------------
STYLE = """body{font:16px/1.5 system-ui,sans-serif;max-width:50em;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
code{background:#f3f3f3;padding:0 .2em}ol ol{list-style:lower-alpha}ol ol ol{list-style:lower-roman}"""


def _html(value: str) -> str:
    """Escaped text; names in backticks become <code>."""
    out, last = [], 0
    for match in _CODE.finditer(value):
        out.append(html.escape(value[last:match.start()]))
        out.append(f"<code>{html.escape(match.group(1))}</code>")
        last = match.end()
    out.append(html.escape(value[last:]))
    return "".join(out)


def fragment(sheet: Sheet) -> str:
    """The sheet as an HTML fragment (an <article>), for a page that already has its own head."""
    parts = [f'<article class="rules-sheet"><h1>{_html(sheet.title)}</h1>']
    parts += [f"<p>{_html(p)}</p>" for p in sheet.intro]
    for section in sheet.sections:
        parts.append(f"<section><h2>{_html(section.title)}</h2>")
        for block in section.blocks:
            if isinstance(block, Paragraph):
                parts.append(f"<p>{_html(block.text)}</p>")
            elif isinstance(block, Table):
                parts.append("<table><tr>" + "".join(f"<th>{_html(h)}</th>" for h in block.headers) + "</tr>")
                parts += ["<tr>" + "".join(f"<td>{_html(c)}</td>" for c in row) + "</tr>" for row in block.rows]
                parts.append("</table>")
            else:
                parts.append(_html_items(block.items, block.numbered))
        parts.append("</section>")
    if sheet.notes:
        parts.append(f"<section><h2>{_html(sheet.notes_title)}</h2><dl>")
        parts += [f"<dt>{_html(n)}</dt><dd>{_html(t)}</dd>" for n, t in sheet.notes]
        parts.append("</dl></section>")
    parts.append("</article>")
    return "\n".join(parts)


def _html_items(items: list[Item], numbered: bool) -> str:
    tag = "ol" if numbered else "ul"
    inner = "".join(f"<li>{_html(item.text)}{_html_items(item.children, numbered) if item.children else ''}</li>"
                    for item in items)
    return f"<{tag}>{inner}</{tag}>"


def page(sheet: Sheet) -> str:
    """A complete HTML page: no script, no link to anything, its style inline."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_html(sheet.title)}</title><style>{STYLE}</style></head><body>\n"
            f"{fragment(sheet)}\n</body></html>\n")


# -- plain text -----------------------------------------------------------------
WIDTH = 88


def _plain(value: str) -> str:
    return " ".join(_CODE.sub(r"\1", value).split())


def text(sheet: Sheet) -> str:
    title = _plain(sheet.title)
    lines = [title, "=" * len(title), ""]
    for paragraph in sheet.intro:
        lines += [textwrap.fill(_plain(paragraph), WIDTH), ""]
    for section in sheet.sections:
        heading = _plain(section.title)
        lines += [heading, "-" * len(heading), ""]
        for block in section.blocks:
            if isinstance(block, Paragraph):
                lines += [textwrap.fill(_plain(block.text), WIDTH), ""]
            elif isinstance(block, Table):
                lines += _text_table(block)
                lines.append("")
            else:
                lines += _text_items(block.items, block.numbered, "")
                lines.append("")
    if sheet.notes:
        heading = _plain(sheet.notes_title)
        lines += [heading, "-" * len(heading), ""]
        lines += [textwrap.fill(f"{n}  {_plain(t)}", WIDTH, subsequent_indent="      ") for n, t in sheet.notes]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _text_table(table: Table) -> list[str]:
    """Each row as a block: its first cell, then the others as `header: value`."""
    lines = []
    for row in table.rows:
        lines.append(_plain(row[0]))
        for header, cell in zip(table.headers[1:], row[1:]):
            if cell:
                lines.append(textwrap.fill(f"{_plain(header)}: {_plain(cell)}", WIDTH,
                                           initial_indent="    ", subsequent_indent="      "))
    return lines


def _text_items(items: list[Item], numbered: bool, prefix: str) -> list[str]:
    lines = []
    for i, item in enumerate(items, 1):
        number = f"{prefix}{i}." if numbered else "-"
        indent = " " * (len(prefix) * 1)
        lines.append(textwrap.fill(_plain(item.text), WIDTH, initial_indent=f"{indent}{number} ",
                                   subsequent_indent=indent + " " * (len(number) + 1)))
        lines += _text_items(item.children, numbered, f"{prefix}{i}." if numbered else prefix + "  ")
    return lines
