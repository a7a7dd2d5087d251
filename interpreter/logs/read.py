"""Reading a log and checking it line by line: every field of the header and of each event has
the type cardrules writes, and the last line's digest matches. Damage is reported at its line.
`read_log` reads a file; `read_log_text` the same from text (an upload to the web viewer)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from interpreter.logs.commitment import Sealed
from interpreter.logs.errors import FORMAT, READS, DamagedLog, LogError
from interpreter.logs.write import PUBLIC, digest_line

MAX_BYTES = 512 * 1024 * 1024


def _kind(value) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a decimal number", str: "a string",
             list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _want(line: int, record: dict, key: str, kind, *, what: str, optional: bool = False):
    """record[key], checked to be of `kind` (bool is never a whole number)."""
    if key not in record:
        if optional:
            return None
        raise DamagedLog(line, f"the {what} has no '{key}'")
    value = record[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        wanted = {int: "a whole number", str: "a string", list: "a list", dict: "an object",
                  bool: "true or false"}[kind]
        raise DamagedLog(line, f"'{key}' in the {what} must be {wanted}, not {_kind(value)} ({json.dumps(value)[:40]})")
    return value


def check_header(header: dict) -> None:
    """The first line's fields, each of the type cardrules writes."""
    what = "header"
    ruleset = _want(1, header, "ruleset", dict, what=what)
    for key in ("name", "file"):
        _want(1, ruleset, key, str, what="header's ruleset")
    _want(1, ruleset, "shipped", bool, what="header's ruleset")
    if not re.fullmatch(r"[0-9a-f]{64}", str(_want(1, ruleset, "digest", str, what="header's ruleset"))):
        raise DamagedLog(1, "the ruleset's digest in the header is not a digest")
    for variant in _want(1, header, "variants", list, what=what):
        if not isinstance(variant, str):
            raise DamagedLog(1, f"a variant in the header must be a file name, not {_kind(variant)}")
    if _want(1, header, "players", int, what=what) < 1:
        raise DamagedLog(1, f"'players' in the header must be at least 1, not {header['players']}")
    names = _want(1, header, "names", list, what=what, optional=True)
    if names is not None and (len(names) != header["players"] or not all(isinstance(n, str) for n in names)):
        raise DamagedLog(1, f"'names' in the header must be {header['players']} player names")
    view = header.get("view")
    if view is not None and view != PUBLIC:
        view = _want(1, header, "view", int, what=what)
        if not 0 <= view < header["players"]:
            raise DamagedLog(1, f"'view' in the header names seat {view} of a {header['players']}-player game")
    seen_by_one = view is not None and header.get("format", FORMAT) >= 3   # no seed: it would tell every card
    _want(1, header, "seed", int, what=what, optional=seen_by_one)
    for name, value in _want(1, header, "options", dict, what=what).items():
        if not isinstance(value, (str, int, bool)):
            raise DamagedLog(1, f"option '{name}' in the header must be a word, a number or true/false, "
                                f"not {_kind(value)}")
    for order in _want(1, header, "stacked", list, what=what, optional=seen_by_one) or []:
        if not isinstance(order, list) or not all(isinstance(card, str) for card in order):
            raise DamagedLog(1, "a stacked deck in the header must be a list of card ids")
    commitment = _want(1, header, "commitment", dict, what=what, optional=True)
    if commitment is not None and not re.fullmatch(r"[0-9a-f]{64}", str(commitment.get("sha256"))):
        raise DamagedLog(1, "the seed's commitment in the header is not a SHA-256 digest")


def check_event(line: int, event: dict, players: int) -> None:
    """An event's own shape; whether it is the right event is for the replay to say."""
    if not isinstance(event.get("type"), str):
        raise DamagedLog(line, "an event without a type")
    if event["type"] == "decided":
        seat = _want(line, event, "player", int, what="decision")
        if not 0 <= seat < players:
            raise DamagedLog(line, f"a decision by seat {seat} in a {players}-player game")
        _want(line, event, "choice", str, what="decision")
        _want(line, event, "kind", str, what="decision")


def check_reveal(line: int, header: dict, reveal: dict) -> None:
    """A reveal opens the header's commitment with the header's own seed: the deal was fixed
    before the first card (see commitment.py)."""
    from interpreter.logs.commitment import opens
    if "commitment" not in header:
        raise DamagedLog(line, "a seed is revealed, but the header commits to none")
    seed = _want(line, reveal, "seed", int, what="reveal")
    salt = _want(line, reveal, "salt", str, what="reveal")
    if "seed" in header and seed != header["seed"]:     # a seat's log has no seed of its own to compare
        raise DamagedLog(line, f"the revealed seed {seed} is not the header's seed {header['seed']}")
    if not opens(header["commitment"], seed, salt):
        raise DamagedLog(line, "the revealed seed and salt do not open the header's commitment: the deal "
                               "may have been changed after the table opened")


def read_log(path, *, digest: bool = True) -> tuple[dict, list[tuple[int, dict]]]:
    """(header, [(line number, event)]) of a log whose every line checks out, and its digest
    unless `digest` is False (a replay checks it last, so that a changed event is reported at
    its own line first)."""
    return read_log_text(_text_of(Path(path)), source=str(path), digest=digest)


def _text_of(path: Path) -> str:
    if not path.is_file():
        raise LogError(f"no such file: {path}" if not path.exists() else f"not a file: {path}")
    if path.stat().st_size > MAX_BYTES:
        raise LogError(f"{path} is {path.stat().st_size // 2**20} MB: larger than any log cardrules writes")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[:exc.start].count(b"\n") + 1
        raise DamagedLog(line, "not UTF-8 text") from None
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror or exc}") from None
    return text


def read_log_text(text: str, *, source: str = "the log", digest: bool = True) -> tuple[dict, list[tuple[int, dict]]]:
    """read_log of a log's text; `source` names it in messages."""
    header, events, _ = read_sealed_text(text, source=source, digest=digest)
    return header, events


def read_sealed(path, *, digest: bool = True) -> tuple[dict, list[tuple[int, dict]], Sealed | None]:
    """read_log, and what the log says of its seed's commitment (None: it has none)."""
    return read_sealed_text(_text_of(Path(path)), source=str(path), digest=digest)


def read_sealed_text(text: str, *, source: str = "the log",
                     digest: bool = True) -> tuple[dict, list[tuple[int, dict]], Sealed | None]:
    """read_log_text, and what the log says of its seed's commitment (None: it has none). A
    reveal that does not open the commitment is damage; a full log must reveal its seed (it
    carries the seed anyway), a seat's log only once the game is over."""
    lines = split_lines(text)
    if not lines:
        raise LogError(f"{source} is empty: not a cardrules log")
    records = [_parse(number, line) for number, line in enumerate(lines, 1)]
    header = records[0]
    if header.get("type") != "game":
        raise LogError(f"{source} is not a cardrules log (its first line is not a game header)")
    check_format(header)
    check_header(header)
    body = records[1:-1]
    reveal = None
    if body and body[-1].get("type") == "reveal":     # the seed's reveal, after the last event
        reveal = body.pop()
        check_reveal(len(body) + 2, header, reveal)
    elif "commitment" in header and "view" not in header:
        raise DamagedLog(len(records), "the header commits to a seed that the log never reveals")
    events = []
    for number, record in enumerate(body, 2):
        check_event(number, record, header["players"])
        if record["type"] in ("digest", "reveal"):
            raise DamagedLog(number, f"a {record['type']} line before the end of the log")
        events.append((number, record))
    if len(records) < 2 or records[-1].get("type") != "digest":
        raise DamagedLog(len(lines) + 1, "the log ends without its digest line (cut short, or edited)")
    if digest:
        check_digest(lines)
    sealed = Sealed(header["commitment"]["sha256"], reveal and reveal["seed"]) if "commitment" in header else None
    return header, events, sealed


def check_format(header: dict) -> None:
    """A format this cardrules reads, or a message that says which format the log is in and why
    it is not read. Format 1 (no "format" field, no digest line) is what cardrules wrote before
    logs were sealed, and what its web tables wrote before they wrote this module's format."""
    version = header.get("format", 1)
    if version in READS:
        return
    writer = f"cardrules {header['cardrules']}" if isinstance(header.get("cardrules"), str) else \
        "an older cardrules"
    shown = version if isinstance(version, int) and not isinstance(version, bool) else json.dumps(version)[:20]
    reads = " and ".join(map(str, READS))
    message = (f"this log is in log format {shown} (written by {writer}); this cardrules reads "
               f"formats {reads}: replay it with the cardrules that wrote it, or play the game again")
    if version == 1:
        message += (" (format 1 logs have no \"format\" field and no digest line; a web table's log "
                    "downloaded from an older server is one)")
    raise LogError(message)


def check_digest(lines: list[str]) -> None:
    if digest_line(lines[:-1]) != lines[-1]:
        raise DamagedLog(len(lines), "the digest does not match the log's lines: it was edited after it "
                                     "was written")


def split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def log_lines(path) -> list[str]:
    return split_lines(Path(path).read_text(encoding="utf-8"))


def _parse(number: int, line: str) -> dict:
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        raise DamagedLog(number, f"not a JSON line ({reason})") from None
    if not isinstance(record, dict):
        raise DamagedLog(number, f"{_kind(record)} where a JSON object belongs")
    return record
