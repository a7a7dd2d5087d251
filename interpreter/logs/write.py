"""Writing a game's log: the header, the events (all, or as one seat or a spectator saw them),
the digest line. Every surface writes its logs here (the terminal, `simulate --log`, the web
table's downloads, the workbench's failure logs), so `cardrules replay` and the web replay
viewer read all of them."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from interpreter.logs import commitment
from interpreter.logs.errors import FORMAT

PUBLIC = "public"      # the view of a log written as a spectator saw the game


@lru_cache(maxsize=None)
def _shipped_digest(name: str) -> str | None:
    """The digest of the shipped game `name` as this cardrules ships it (None: not shipped)."""
    from interpreter.errors import RulesetError
    from interpreter.compile.ruleset import load_ruleset
    from interpreter.shipped import find_game
    found = find_game(name)
    if found is None:
        return None
    try:
        return load_ruleset(found).digest
    except RulesetError:
        return None


def ruleset_record(ruleset, *, file: str | None = None) -> dict:
    """How a log names its ruleset: by name, where it was found (a shipped game, or a file by its
    full path) and a digest of its text, so a replay finds it from any folder and notices a change.
    A shipped game is found by name wherever cardrules is installed; a copy of it elsewhere (the
    web server compiles its own) counts as shipped when its digest is the shipped one. `file`
    names another ruleset's file where its path is private (a server's own copy)."""
    from interpreter.shipped import rulesets_folder
    path = Path(ruleset.path).resolve()
    shipped = path.parent == rulesets_folder().resolve() or (
        not ruleset.variants and _shipped_digest(path.stem) == ruleset.digest)
    return {"name": path.stem, "title": ruleset.name, "shipped": shipped,
            "file": path.name if shipped else (file or str(path)), "digest": ruleset.digest}


def header(game, *, seat: int | str | None = None, extra: dict | None = None, ruleset_file: str | None = None) -> dict:
    """The first line. A seat's or a spectator's log (`seat`) leaves out the seed and any stacked
    deck: either would tell that seat every hidden card."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        written_by = version("cardrules")
    except PackageNotFoundError:
        written_by = "unknown"
    record = {"type": "game", "format": FORMAT, "cardrules": written_by,
              "ruleset": ruleset_record(game.rules, file=ruleset_file),
              "variants": [str(Path(v).resolve()) for v in game.rules.variants], "players": len(game.players),
              "names": [p.name for p in game.players], "options": dict(game.option_overrides)}
    if seat is None:
        record.update(seed=game.seed, stacked=game.stacked)
    else:
        record["view"] = seat
    record.update(extra or {})
    return record


def reveal(seed: int, salt: str) -> dict:
    """The record that opens a header's commitment, written once the game is over."""
    return {"type": "reveal", "seed": seed, "salt": salt}


def events_seen(game, seat: int | str | None) -> list[dict]:
    """The events of the whole game (None), of one seat, or of a spectator (PUBLIC)."""
    if seat is None:
        return game.events_all()
    return game.events_public() if seat == PUBLIC else game.events_for(seat)


def digest_line(lines: list[str]) -> str:
    """The last line of a log: a digest of every line before it (as written, with newlines)."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return json.dumps({"type": "digest", "sha256": h.hexdigest()})


def log_text(game, *, seat: int | str | None = None, extra: dict | None = None,
             ruleset_file: str | None = None, salt: str | None = None, over: bool | None = None) -> str:
    """The whole log as text. With `seat` (a seat number, or PUBLIC), only what that seat saw:
    fit to share and to read back, not to re-run. `extra` adds header fields a surface keeps of
    its own (a reader ignores fields it does not know); `ruleset_file`: see ruleset_record.
    With `salt`, the seed was committed to when the game opened (see commitment.py): the header
    carries the commitment, and the line before the digest reveals the seed and salt: always in
    a full log (it holds the seed anyway), in a seat's log only once the game is `over` (by
    default game.over; a surface whose game stopped otherwise says so)."""
    first = header(game, seat=seat, extra=extra, ruleset_file=ruleset_file)
    if salt is not None:
        first["commitment"] = commitment.record(game.seed, salt)
    lines = [json.dumps(first, ensure_ascii=False)]
    lines.extend(json.dumps(event, ensure_ascii=False) for event in events_seen(game, seat))
    if salt is not None and (seat is None or (game.over if over is None else over)):
        lines.append(json.dumps(reveal(game.seed, salt)))
    lines.append(digest_line(lines))
    return "\n".join(lines) + "\n"


def write_log(game, path, *, seat: int | str | None = None, salt: str | None = None) -> None:
    """Write the log to `path` (a file name, or a text stream open for writing); see log_text."""
    text = log_text(game, seat=seat, salt=salt)
    if hasattr(path, "write"):
        path.write(text)
        return
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
