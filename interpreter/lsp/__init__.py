"""`cardrules lsp`: a language server for rulesets, over stdio (pygls, the optional extra `lsp`).

A front end: it checks with the same loader and checker as `cardrules validate` (with the
editor's unsaved buffers in place of the files), so the editor and the command line never
disagree. `strings` finds the expression strings of a file and splits them into tokens,
`index` knows where every name of a ruleset is defined and used, across `extends:` and
`include:`, `context` says what the cursor stands in, `features` answers the editor's
questions from those, and `server` speaks the protocol.
"""
