"""The on-disk load cache: what loading a ruleset learnt about unchanged files, like `.pyc`.

It remembers which files already passed the JSON Schema check and the parse trees of a
ruleset's expressions, keyed by digests of the files' text, the schema, the grammar and the
versions of cardrules and of the libraries that produced them; a changed byte anywhere is a
miss. Only what our own checks produced is stored (a file with errors never is), and it is
only ever read back as data. `CARDRULES_CACHE=off` turns it off; `CARDRULES_CACHE=DIR` moves it.
"""
