"""Where the load cache lives, whether it can be trusted, and reading and writing its entries.

The cache folder is used only when it is the user's own, as ssh decides for `~/.ssh`: the
folder and its kind folders belong to the user and nobody else can write them, and every
folder above it, up to the user's home, belongs to the user or to root and is not writable
by others (unless sticky, as /tmp is). Anything else is ignored with one `CacheWarning` and
loads go on uncached.

Every entry is authenticated: it is an HMAC-SHA256 followed by the payload, under a random
key of the user's kept in the folder (`key`, mode 0600, made once, atomically). The MAC
covers the entry's kind and name as well as its payload, so an entry moved to another name
is as bad as a forged one. An entry whose MAC does not match is a miss (and is written again).

Every failure (a read-only home, a full disk, a corrupt entry) is a miss, never an error:
the cache only ever saves time.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import stat
import tempfile
import warnings
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import Iterator

import interpreter

PACKAGE = Path(__file__).resolve().parents[1]
KEY_FILE = "key"
KEY_BYTES = 32
MAC_BYTES = hashlib.sha256().digest_size
KINDS = ("trees", "codes", "sources", "validator", "passed", "parser", "rulesets")

_off: ContextVar[bool] = ContextVar("cardrules_cache_off", default=False)
_verdicts: dict[tuple[object, ...], tuple[Path, bytes] | None] = {}   # (folder, its stat) -> (folder, key) or None
_warned: set[tuple[str, str]] = set()


class CacheWarning(UserWarning):
    """The load cache folder cannot be trusted, so loads go on without it."""


def digest(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


@contextmanager
def disabled() -> Iterator[None]:
    """Within this block (in this thread or task only), nothing is read from or written to the
    load cache, as with CARDRULES_NO_CACHE=1 for the whole process."""
    token = _off.set(True)
    try:
        yield
    finally:
        _off.reset(token)


def _root() -> Path | None:
    if os.environ.get("CARDRULES_NO_CACHE") or _off.get():
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardrules"


def cache_dir() -> Path | None:
    """The cache's folder; None when caching is off (CARDRULES_NO_CACHE=1, `disabled()`), the
    folder cannot be made, or it is not the user's own (then with one warning)."""
    state = _state()
    return None if state is None else state[0]


def _state() -> tuple[Path, bytes] | None:
    """(the trusted folder, the user's key), or None. Checked again whenever the folder changes."""
    root = _root()
    if root is None:
        return None
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(root)
    except OSError:                     # a read-only home: no cache, nothing to say
        return None
    signature = (str(root), st.st_ino, st.st_dev, st.st_mode, st.st_uid, st.st_mtime_ns)
    if signature not in _verdicts:
        if len(_verdicts) > 64:         # a folder that keeps changing: forget the old verdicts
            _verdicts.clear()
        _verdicts[signature] = _check(root)
    return _verdicts[signature]


def _check(root: Path) -> tuple[Path, bytes] | None:
    # without POSIX owners (Windows) the folder is in the user's own profile
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    problem = _untrusted(root, uid) if uid is not None else None
    if problem is None:
        key = _key(root, uid)
        if isinstance(key, bytes):
            return root, key
        problem = key
    if (str(root), problem) not in _warned:
        _warned.add((str(root), problem))
        warnings.warn(f"the load cache is not used: {problem}; loads go on without it (remove {root}, "
                      "or make it yours alone with mode 0700)", CacheWarning, stacklevel=4)
    return None


def _untrusted(root: Path, uid: int) -> str | None:
    """Why `root` cannot be trusted, or None: it, its kind folders and the folders above it."""
    real = Path(os.path.realpath(root))
    for folder in [real / kind for kind in KINDS] + [real]:
        try:
            st = os.lstat(folder)
        except FileNotFoundError:
            continue
        except OSError:
            return f"{folder} cannot be inspected"
        if not stat.S_ISDIR(st.st_mode):
            return f"{folder} is not a folder"
        if st.st_uid != uid:
            return f"{folder} belongs to another user (uid {st.st_uid})"
        if st.st_mode & 0o022:
            return f"{folder} can be written by others (mode {stat.S_IMODE(st.st_mode):04o})"
    home = os.path.realpath(os.path.expanduser("~"))
    for folder in real.parents:
        try:
            st = os.stat(folder)
        except OSError:
            return f"{folder} cannot be inspected"
        if st.st_uid not in (uid, 0):
            return f"{folder} belongs to another user (uid {st.st_uid})"
        if st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:
            return f"{folder} can be written by others (mode {stat.S_IMODE(st.st_mode):04o})"
        if str(folder) == home:
            break
    return None


def _key(root: Path, uid: int | None) -> bytes | str:
    """The user's key (made once, atomically, mode 0600), or why the key file is refused."""
    path = root / KEY_FILE
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        if not _make_key(root, path):
            return f"its key {path} cannot be made"
        return _key(root, uid)
    except OSError:
        return f"its key {path} cannot be read (a symbolic link, or no permission)"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size != KEY_BYTES:
            return f"its key {path} is not a key file"
        if uid is not None and st.st_uid != uid:
            return f"its key {path} belongs to another user (uid {st.st_uid})"
        if uid is not None and st.st_mode & 0o077:
            return f"its key {path} can be read or written by others (mode {stat.S_IMODE(st.st_mode):04o})"
        key = os.read(fd, KEY_BYTES + 1)
    except OSError:
        return f"its key {path} cannot be read"
    finally:
        os.close(fd)
    return key if len(key) == KEY_BYTES else f"its key {path} is not a key file"


def _make_key(root: Path, path: Path) -> bool:
    """Write a new random key beside `path` and link it into place: it appears whole or not at
    all, and a key another process made first is kept (it is then read)."""
    try:
        fd, tmp = tempfile.mkstemp(dir=root, prefix=".key-")     # mode 0600
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(os.urandom(KEY_BYTES))
        os.link(tmp, path)
    except FileExistsError:
        pass
    except OSError:
        return False
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return True


def _library_version(name: str) -> str:
    """A library's version as the library itself says (reading the installed packages'
    metadata would cost more than a cached load)."""
    if name == "cardrules":
        return interpreter.__version__
    module = import_module(name)
    return str(getattr(module, "__version__", None) or getattr(module, "VERSION", "?"))


def file_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


@lru_cache(maxsize=None)
def stamp(kind: str, *files: Path) -> str:
    """What an entry of `kind` depends on besides the ruleset's text: cardrules' version, the
    library's version and the given files of cardrules itself (the grammar, the parser's module)."""
    libraries = {"trees": "lark", "parser": "lark", "validator": "fastjsonschema", "sources": "yaml"}
    return digest(kind, _library_version("cardrules"), _library_version(libraries.get(kind, kind)),
                  *(file_text(f) for f in files))


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode("utf-8") + b"\0" + payload, hashlib.sha256).digest()


def read_bytes(kind: str, key: str, *, suffix: str = ".bin") -> bytes | None:
    """The payload of an entry this user's cache wrote under exactly this kind and name; None
    when there is none or it is not authentic (then it is a miss, made and written again)."""
    state = _state()
    if state is None:
        return None
    folder, secret = state
    name = f"{kind}/{key}{suffix}"
    try:
        data = (folder / name).read_bytes()
    except OSError:
        return None
    mac, payload = data[:MAC_BYTES], data[MAC_BYTES:]
    if len(mac) != MAC_BYTES or not hmac.compare_digest(mac, _mac(secret, name, payload)):
        return None
    return payload


def write_bytes(kind: str, key: str, data: bytes, *, suffix: str = ".bin") -> None:
    """Write an authenticated entry atomically: a reader sees the old entry, the new one or none."""
    state = _state()
    if state is None:
        return
    folder, secret = state
    name = f"{kind}/{key}{suffix}"
    try:
        target = folder / kind
        target.mkdir(mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(_mac(secret, name, data) + data)
        os.replace(tmp, folder / name)
    except OSError:
        pass
