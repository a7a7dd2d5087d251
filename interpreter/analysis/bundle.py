"""Rulesets sent to other machines as their source, not as a path: a cluster's nodes share no
file system with the machine that starts a run.

`bundle(path, variants)` reads every file the ruleset is made of (the file, what it `extends`
or includes, its variant files) into a `Bundle`: the files' text under paths relative to their
common folder. A worker writes a bundle into a private folder of its own (once per content)
and loads the ruleset from there, through the same loader and checks as any file: a bundle is
data like a ruleset file, never code. Relative paths that would leave that folder are refused.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class Bundle:
    files: tuple            # (relative posix path, text) for every file, the ruleset's own first
    main: str               # the ruleset's relative path
    variants: tuple = ()    # the variant files' relative paths
    shown: tuple = ()       # each file's path as the machine that sent it named it, for messages

    @property
    def digest(self) -> str:
        h = hashlib.sha256()
        for rel, text in self.files:
            h.update(rel.encode() + b"\0" + text.encode() + b"\0")
        return h.hexdigest()[:20]


def bundle(path: str, variants=()) -> Bundle:
    """Every file of the ruleset at `path` with `variants`, read now."""
    from interpreter.compile.ruleset import load_ruleset
    ruleset = load_ruleset(path, variants=list(variants))
    given = [str(path)] + [str(v) for v in variants] + [str(s) for s in ruleset.sources]
    shown = {}
    for name in given:
        shown.setdefault(os.path.abspath(name), name)
    named = [os.path.abspath(path)] + [os.path.abspath(v) for v in variants]
    files = list(shown)
    root = os.path.commonpath([os.path.dirname(f) for f in files])
    rel = {f: PurePosixPath(Path(os.path.relpath(f, root))).as_posix() for f in files}
    return Bundle(tuple((rel[f], Path(f).read_text(encoding="utf-8")) for f in files), rel[named[0]],
                  tuple(rel[v] for v in named[1:]), tuple(shown[f] for f in files))


_unpacked: dict[str, Path] = {}


def restore_names(b: Bundle, text: str | None) -> str | None:
    """A message about the unpacked files, naming them as the sender did (so that a failure reads
    the same on every backend)."""
    folder = _unpacked.get(b.digest)
    if text is None or folder is None:
        return text
    for (rel, _), shown in zip(b.files, b.shown):
        text = text.replace(str(_inside(folder, rel)), shown)
    return text


def unpack(b: Bundle) -> tuple[str, list[str]]:
    """Write the bundle into this process's private folder (once) and return (path, variants) to load."""
    folder = _unpacked.get(b.digest)
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix=f"cardrules-bundle-{b.digest}-"))
        for rel, text in b.files:
            target = _inside(folder, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        _unpacked[b.digest] = folder
    return str(_inside(folder, b.main)), [str(_inside(folder, v)) for v in b.variants]


def _inside(folder: Path, rel: str) -> Path:
    parts = PurePosixPath(rel).parts
    if not parts or PurePosixPath(rel).is_absolute() or ".." in parts:
        raise ValueError(f"a ruleset bundle names a file outside its folder: {rel!r}")
    return folder.joinpath(*parts)
