"""Writing a game's log: the header, the events (all, or as one seat saw them), the digest line."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from interpreter.logs import commitment
from interpreter.logs.errors import FORMAT


def ruleset_record(ruleset) -> dict:
    """How a log names its ruleset: by name, where it was found (a shipped game, or a file by its
    full path) and a digest of its text, so a replay finds it from any folder and notices a change.
    A shipped game is found by name wherever cardrules is installed."""
    from interpreter.shipped import rulesets_folder
    path = Path(ruleset.path).resolve()
    shipped = path.parent == rulesets_folder().resolve()
    return {"name": path.stem, "title": ruleset.name, "shipped": shipped,
            "file": path.name if shipped else str(path), "digest": ruleset.digest}


def header(game, *, seat: int | None = None) -> dict:
    from importlib.metadata import PackageNotFoundError, version
    try:
        written_by = version("cardrules")
    except PackageNotFoundError:
        written_by = "unknown"
    record = {"type": "game", "format": FORMAT, "cardrules": written_by, "ruleset": ruleset_record(game.rules),
              "variants": [str(Path(v).resolve()) for v in game.rules.variants], "players": len(game.players),
              "seed": game.seed, "options": dict(game.option_overrides), "stacked": game.stacked}
    if seat is not None:
        record["view"] = seat
    return record


def reveal(seed: int, salt: str) -> dict:
    """The record that opens a header's commitment, written once the game is over."""
    return {"type": "reveal", "seed": seed, "salt": salt}


def digest_line(lines: list[str]) -> str:
    """The last line of a log: a digest of every line before it (as written, with newlines)."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return json.dumps({"type": "digest", "sha256": h.hexdigest()})


def write_log(game, path, *, seat: int | None = None, salt: str | None = None) -> None:
    """Write the log to `path` (a file name, or a text stream open for writing). With `seat`, the
    log holds only what that seat saw: fit to share, not to replay. With `salt`, the seed was
    committed to when the game opened: the header carries the commitment and the line before
    the digest reveals the seed and salt (see commitment.py)."""
    first = header(game, seat=seat)
    if salt is not None:
        first["commitment"] = commitment.record(game.seed, salt)
    lines = [json.dumps(first, ensure_ascii=False)]
    events = game.events_all() if seat is None else game.events_for(seat)
    lines.extend(json.dumps(event, ensure_ascii=False) for event in events)
    if salt is not None:
        lines.append(json.dumps(reveal(game.seed, salt)))
    lines.append(digest_line(lines))
    text = "\n".join(lines) + "\n"
    if hasattr(path, "write"):
        path.write(text)
        return
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
