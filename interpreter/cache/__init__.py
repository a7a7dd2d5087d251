"""The on-disk load cache: what loading a ruleset learnt about unchanged files, like `.pyc`.

It keeps the parse trees of a ruleset's expressions, keyed by digests of the files' text, the
grammar and the versions of cardrules and of the parser that produced them; a changed byte
anywhere is a miss. Only what a successful load produced is stored, and it is only ever read
back as data. (The schema check's own record of passed files is `language/passed.py`.) It
lives in the user's cache folder; `CARDRULES_NO_CACHE=1` turns it off.
"""
