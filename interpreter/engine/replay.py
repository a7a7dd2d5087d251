"""Game logs as JSONL, and replay: re-run a log and check every event.

A full log starts with a header (ruleset, variants, players, seed, options, stacked deck)
and holds every event; replaying it re-creates the game, applies the logged decisions and
compares each event the engine produces with the logged one. A log written for one seat
holds only what that seat saw, so it can be shared but not replayed.
"""
from __future__ import annotations

import json
from pathlib import Path

from interpreter.engine.game import Game
from interpreter.language.ruleset import load_ruleset


def write_log(game: Game, path, *, seat: int | None = None) -> None:
    """Write the log to `path` (a file name, or a text stream already open for writing)."""
    if hasattr(path, "write"):
        _write(game, path, seat)
        return
    with open(path, "w", encoding="utf-8") as out:
        _write(game, out, seat)


def _write(game: Game, out, seat: int | None) -> None:
    header = game.header()
    if seat is not None:
        header["view"] = seat
    out.write(json.dumps(header, ensure_ascii=False) + "\n")
    for event in (game.events_all() if seat is None else game.events_for(seat)):
        out.write(json.dumps(event, ensure_ascii=False) + "\n")


class ReplayMismatch(Exception):
    """A logged event that the engine does not reproduce."""


def read_log(path) -> tuple[dict, list[dict]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ReplayMismatch(f"{path}: the log is empty")
    try:
        records = [json.loads(line) for line in lines if line.strip()]
    except json.JSONDecodeError as exc:
        raise ReplayMismatch(f"{path}:{exc.lineno}: not a JSON line: {exc.msg}") from None
    header = records[0]
    if header.get("type") != "game":
        raise ReplayMismatch(f"{path}:1: the first line must be the game header")
    return header, records[1:]


def replay(path) -> Game:
    """Re-run a full log; raises ReplayMismatch at the first event that differs."""
    header, events = read_log(path)
    if "view" in header:
        raise ReplayMismatch(f"{path}: this log shows only what seat {header['view']} saw; "
                             "only a full log can be replayed")
    ruleset = load_ruleset(header["ruleset"], variants=header.get("variants") or [])
    return replay_records(ruleset, header, events)


def replay_records(ruleset, header: dict, events: list[dict]) -> Game:
    """Re-run a log already read (header and events) with its ruleset; ReplayMismatch at the
    first event the engine does not reproduce."""
    try:
        game = Game(ruleset, header["players"], seed=header["seed"], options=header.get("options") or {},
                    stacked=header.get("stacked") or None, names=header.get("names"))
    except (KeyError, TypeError) as exc:
        raise ReplayMismatch(f"the header lacks a valid {exc}") from None
    decisions = [e for e in events if e.get("type") == "decided"]
    for number, event in enumerate(decisions):
        if game.over:
            raise ReplayMismatch(f"the game ended before logged decision {number + 1}")
        if game.decision.player != event.get("player"):
            raise ReplayMismatch(f"decision {number + 1}: the log has seat {event.get('player')} deciding, "
                                 f"the engine asks seat {game.decision.player}")
        try:
            game.apply(event.get("choice"))
        except ValueError as exc:
            raise ReplayMismatch(f"decision {number + 1}: {exc}") from None
    produced = game.events
    for i, (want, got) in enumerate(zip(events, produced)):
        if want != got:
            raise ReplayMismatch(f"event {i + 1} differs:\n  log:    {json.dumps(want)}\n  engine: {json.dumps(got)}")
    if len(events) != len(produced):
        raise ReplayMismatch(f"the log has {len(events)} events, the engine produced {len(produced)}")
    return game
