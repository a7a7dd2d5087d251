"""The replay viewer's sessions: a finished game stepped through decision by decision.

A session comes from an uploaded full JSONL log (any seat, the public, or all-seeing), or from
a finished table (the perspectives its visitor may have: the host all, a seat its own). Step k is
the game after its first k decisions, re-created by the engine, so each perspective is again
exactly `Game.view(seat)` and `events_for(seat)`.
"""
from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from pathlib import PurePosixPath

from interpreter.engine.game import Game
from interpreter.engine.replay import ReplayMismatch, replay_records
from interpreter.errors import GameError
from interpreter.language.ruleset import Ruleset
from interpreter.logs.commitment import opens
from interpreter.web.catalog import Catalog
from interpreter.web.frames import SPECTATOR, Stream, card_faces, view_for
from interpreter.web.table import table_header

MAX_LOG = 8 * 1024 * 1024
MAX_SESSIONS = 64


class ReplayRefused(Exception):
    """A log that cannot be replayed, said plainly."""


class ReplaySession:
    def __init__(self, ruleset: Ruleset, header: dict, decisions: list[str], perspectives: list[str], *,
                 sealed: dict | None = None):
        self.id = secrets.token_hex(6)
        self.sealed = sealed                  # the seed's commitment and whether the reveal opened it
        self.ruleset = ruleset
        self.header = header
        self.decisions = decisions
        self.perspectives = perspectives      # 'all', 'public', or seats as strings
        self._game: Game | None = None

    def describe(self) -> dict:
        return {"replay": self.id, "ruleset": self.ruleset.name, "players": self.header["players"],
                "steps": len(self.decisions), "perspectives": self.perspectives, "commitment": self.sealed}

    def game_at(self, step: int) -> Game:
        game = self._game
        if game is None or game.decisions_taken > step:
            header = self.header
            game = Game(self.ruleset, header["players"], seed=header["seed"], options=header.get("options") or {},
                        stacked=header.get("stacked") or None, names=header.get("names"))
        while game.decisions_taken < step:
            game.apply(self.decisions[game.decisions_taken])
        self._game = game
        return game

    def frame(self, step: int, perspective: str) -> dict:
        if perspective not in self.perspectives:
            raise ReplayRefused(f"this replay cannot be seen as '{perspective}'")
        step = max(0, min(step, len(self.decisions)))
        game = self.game_at(step)
        seat = None if perspective == "all" else SPECTATOR if perspective == "public" else int(perspective)
        stream = Stream(game, seat)
        changes = stream.update()
        frame = {"type": "replay", "step": step, "steps": len(self.decisions), "as": perspective,
                 "view": view_for(game, seat), "lines": changes["lines"],
                 "deciding": game.decision.player if game.decision is not None else None}
        if game.over:
            frame["result"] = game.result
        frame["faces"] = card_faces(game, frame)
        return frame


class Replays:
    """Open replay sessions, the oldest dropped past MAX_SESSIONS."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.sessions: OrderedDict[str, ReplaySession] = OrderedDict()

    def get(self, session_id: str) -> ReplaySession | None:
        session = self.sessions.get(session_id)
        if session is not None:
            self.sessions.move_to_end(session_id)
        return session

    def add(self, session: ReplaySession) -> ReplaySession:
        self.sessions[session.id] = session
        while len(self.sessions) > MAX_SESSIONS:
            self.sessions.popitem(last=False)
        return session

    def from_log(self, text: str) -> ReplaySession:
        """A session from an uploaded JSONL log; ReplayRefused says what is wrong with it."""
        if len(text) > MAX_LOG:
            raise ReplayRefused(f"the log is larger than {MAX_LOG // (1024 * 1024)} MiB")
        records = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except ValueError as exc:
                    raise ReplayRefused(f"line {number}: not a JSON line ({exc})") from None
        if not records or not isinstance(records[0], dict) or records[0].get("type") != "game":
            raise ReplayRefused("line 1 must be the game header (a log written by cardrules)")
        header, events = records[0], records[1:]
        last = events[-1] if events else None
        reveal = events.pop() if isinstance(last, dict) and last.get("type") == "reveal" else None
        if "view" in header:
            who = "a spectator" if header["view"] == SPECTATOR else f"seat {header['view']}"
            raise ReplayRefused(f"this log shows only what {who} saw; only a full log can be replayed")
        if not all(isinstance(e, dict) for e in events):
            raise ReplayRefused("every line after the header must be an event object")
        if header.get("variants"):
            raise ReplayRefused("a log of a game with variant files cannot be replayed here")
        ruleset = self._ruleset_of(header)
        try:
            replay_records(ruleset, header, events)
        except ReplayMismatch as exc:
            raise ReplayRefused(f"the log does not replay: {exc}") from None
        except GameError as exc:
            raise ReplayRefused(f"the log does not replay: {exc.message}") from None
        decisions = [e["choice"] for e in events if e.get("type") == "decided"]
        seats = [str(s) for s in range(header["players"])]
        return self.add(ReplaySession(ruleset, header, decisions, ["all", "public"] + seats,
                                      sealed=_sealed(header, reveal)))

    def _ruleset_of(self, header: dict) -> Ruleset:
        """A log names its ruleset by digest (a table's log) or by the file of a shipped game."""
        digest = header.get("digest")
        if isinstance(digest, str):
            ruleset = self.catalog.ruleset(digest)
            if ruleset is not None:
                return ruleset
        name = header.get("ruleset")
        stem = PurePosixPath(str(name).replace("\\", "/")).stem if name else ""
        shipped = self.catalog.shipped_digest(stem)
        if shipped is None:
            raise ReplayRefused(f"the log's ruleset '{name}' is neither a shipped game nor one this server keeps")
        return self.catalog.ruleset(shipped)

    def from_table(self, table, perspectives: list[str]) -> ReplaySession:
        header = table_header(table.game)
        decisions = [e["choice"] for e in table.game.events_all() if e.get("type") == "decided"]
        sealed = _sealed({**header, "commitment": table.commitment()}, table.reveal()) if table.commitment() else None
        return self.add(ReplaySession(table.ruleset, header, decisions, perspectives, sealed=sealed))


def _sealed(header: dict, reveal) -> dict | None:
    """What the viewer shows of a seed's commitment: the digest, and whether the revealed seed
    (the header's own) and salt open it, i.e. the deal was fixed before the first card."""
    committed = header.get("commitment")
    if not isinstance(committed, dict):
        if reveal is not None:
            raise ReplayRefused("the log reveals a seed, but its header commits to none")
        return None
    if not isinstance(reveal, dict):
        return {"sha256": committed.get("sha256"), "verified": False,
                "message": "the log commits to its seed but never reveals it: the deal cannot be checked"}
    verified = reveal.get("seed") == header.get("seed") and opens(committed, reveal.get("seed"), reveal.get("salt"))
    return {"sha256": committed.get("sha256"), "verified": verified,
            "message": "the deal was fixed before the first card: commitment verified" if verified else
            "the revealed seed does not open the commitment: the deal may have been changed after the table opened"}
