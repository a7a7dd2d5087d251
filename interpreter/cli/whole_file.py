"""A file written whole or not at all: its text goes to a hidden file beside it, which replaces
the named file in one step (`os.replace`). A run stopped before that (Ctrl-C, a crash) leaves the
named path as it was, never an empty or half-written file."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class WholeFile:
    """The pending file for `path`, created at once so that a path that cannot be written fails
    before any work is done; `commit(text)` puts it in place, `discard()` drops it."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        if self.path.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(self.path))
        handle, name = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".partial")
        self._pending: Path | None = Path(name)
        self._file = os.fdopen(handle, "w", encoding="utf-8")

    def commit(self, text: str) -> None:
        """Write `text` and put it in place of the named file, with the mode a new file gets."""
        if self._pending is None:
            raise ValueError("this file was already committed or discarded")
        with self._file:
            self._file.write(text)
            self._file.flush()
            os.fsync(self._file.fileno())
        umask = os.umask(0)      # mkstemp made it 0600; a log is as readable as any file written here
        os.umask(umask)
        os.chmod(self._pending, 0o666 & ~umask)
        os.replace(self._pending, self.path)
        self._pending = None

    def discard(self) -> None:
        """Drop the pending file (nothing happens after a commit)."""
        if self._pending is None:
            return
        self._file.close()
        self._pending.unlink(missing_ok=True)
        self._pending = None

    def __enter__(self) -> WholeFile:
        return self

    def __exit__(self, *exc) -> None:
        self.discard()
