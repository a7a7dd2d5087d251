"""Rules for people, generated from a checked ruleset (`cardrules explain`, the web lobby's sheet).

A front end over the checked tree: `source` checks a ruleset and merges its files as written,
`phrases` writes expressions as words (with the tables of `templates`), `steps` writes the flow
as numbered steps, `sheet` assembles a `document.Sheet`, `diff` compares two sheets, and `render`
writes one as Markdown, HTML or plain text. Nothing here runs a game.
"""
