"""The replay viewer's sessions: a finished game stepped through decision by decision.

A session comes from an uploaded log of any surface (a full log: as any seat, the public, or
all-seeing), or from a finished table (the perspectives its visitor may have: the host all, a
seat its own). Step k is the game after its first k decisions, re-created by the engine, so each
perspective is again exactly `Game.view(seat)` and `events_for(seat)`. A seat's or a spectator's
log holds no seed: it is stepped through as the transcript that seat read (ViewSession).
"""
from __future__ import annotations

import secrets
from collections import OrderedDict
from pathlib import PurePosixPath

from interpreter.engine.game import Game
from interpreter.errors import GameError
from interpreter.compile.ruleset import Ruleset
from interpreter.logs.commitment import Sealed
from interpreter.logs.replay import ViewLog, seen_by
from interpreter.logs.write import PUBLIC
from interpreter.web.catalog import Catalog
from interpreter.web.frames import SPECTATOR, Stream, card_faces, card_origins, view_for
from interpreter.web.table import table_header

MAX_LOG = 8 * 1024 * 1024
MAX_SESSIONS = 64


class ReplayRefused(Exception):
    """A log that cannot be replayed, said plainly."""


class ReplaySession:
    def __init__(self, ruleset: Ruleset, header: dict, decisions: list[tuple[int, str]], perspectives: list[str], *,
                 failure: str | None = None, sealed: Sealed | None = None):
        self.id = secrets.token_hex(6)
        self.failure = failure                # a failure log: how the game failed after its last step
        self.sealed = sealed                  # the seed's commitment, and whether a reveal opened it
        self.ruleset = ruleset
        self.header = header
        self.decisions = decisions
        self.perspectives = perspectives      # 'all', 'public', or seats as strings
        self._game: Game | None = None

    def describe(self) -> dict:
        described = {"replay": self.id, "ruleset": self.ruleset.name, "players": self.header["players"],
                     "steps": len(self.decisions), "perspectives": self.perspectives,
                     "commitment": self.sealed.describe() if self.sealed else None}
        if self.failure:
            described["failure"] = self.failure
        return described

    def game_at(self, step: int) -> Game:
        game = self._game
        if game is None or game.decisions_taken > step:
            header = self.header
            game = Game(self.ruleset, header["players"], seed=header["seed"], options=header.get("options") or {},
                        stacked=header.get("stacked") or None, names=header.get("names"))
        while game.decisions_taken < step:
            seat, choice = self.decisions[game.decisions_taken]
            game.apply(choice, seat=seat)      # (a claim's answers, in the order they came)
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
                 "origins": card_origins(changes["events"]),     # who played each card lying on the table
                 "deciding": game.decision.player if game.decision is not None else None}
        if game.over:
            frame["result"] = game.result
        frame["faces"] = card_faces(game, frame)
        return frame


class ViewSession:
    """A seat's (or a spectator's) log, stepped through as that seat read it: its transcript up
    to each of its decisions. It holds no seed, so no table is drawn, and nothing beyond it is."""

    def __init__(self, view: ViewLog, *, sealed: Sealed | None = None):
        self.id = secrets.token_hex(6)
        self.sealed = sealed
        self.ruleset = view.ruleset
        self.header = view.header
        self.names = view.header.get("names") or [f"Player {s}" for s in range(view.header["players"])]
        self.perspective = "public" if view.header["view"] in (PUBLIC, SPECTATOR) else str(view.header["view"])
        self.perspectives = [self.perspective]
        self.lines: list[list[str]] = [[]]     # the lines read before each decision, by step
        self.deciding: list[int | None] = []
        transcript = view.stand_in_transcript()
        for event in view.events:
            if event["type"] == "decided":
                self.deciding.append(event["player"])
                self.lines.append([])
            line = transcript.render(event)
            if line:
                self.lines[-1].append(line)

    def describe(self) -> dict:
        return {"replay": self.id, "ruleset": self.ruleset.name, "players": self.header["players"],
                "steps": len(self.deciding), "perspectives": self.perspectives, "seen_by": self.perspective,
                "commitment": self.sealed.describe() if self.sealed else None}

    def frame(self, step: int, perspective: str) -> dict:
        if perspective not in self.perspectives:
            raise ReplayRefused(f"this log shows the game only as '{self.perspective}' saw it")
        step = max(0, min(step, len(self.deciding)))
        lines = [line for chunk in self.lines[:step + 1] for line in chunk]
        return {"type": "replay", "step": step, "steps": len(self.deciding), "as": perspective, "view": None,
                "names": self.names, "lines": lines,
                "deciding": self.deciding[step] if step < len(self.deciding) else None}


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

    def from_log(self, text: str) -> ReplaySession | ViewSession:
        """A session from an uploaded log of any surface (interpreter.logs reads it, as
        `cardrules replay` does); ReplayRefused says what is wrong with it, in one line. A full
        log is re-run and checked event by event; a seat's or a spectator's log is shown as what
        that seat read, checked as far as it can be (see interpreter.logs.ViewLog)."""
        from interpreter.logs import LogError, ViewLog, read_sealed_text, replay_events
        from interpreter.logs.errors import GameStopped
        from interpreter.logs.read import check_digest, split_lines
        if len(text) > MAX_LOG:
            raise ReplayRefused(f"the log is larger than {MAX_LOG // (1024 * 1024)} MiB")
        try:     # the digest last, as cardrules replay does: a changed event is told at its own line
            header, events, sealed = read_sealed_text(text, digest=False)
            if header["variants"]:
                raise ReplayRefused("a log of a game with variant files cannot be replayed here; "
                                    "use cardrules replay")
            ruleset = self._ruleset_of(header["ruleset"])
            if "view" in header:
                check_digest(split_lines(text))
                view = ViewLog(header, [e for _, e in events], ruleset, seen_by(header))
                return self.add(ViewSession(view, sealed=sealed))
        except LogError as exc:
            raise ReplayRefused(str(exc)) from None
        failure = None
        decided = [(line, (e["player"], e["choice"])) for line, e in events if e["type"] == "decided"]
        try:
            try:
                replay_events(ruleset, header, events)
            except GameStopped as exc:     # a failure log: shown up to the decision the game failed at
                if not decided or exc.line != decided[-1][0]:
                    raise
                failure, decided = str(exc), decided[:-1]
            check_digest(split_lines(text))
        except LogError as exc:
            raise ReplayRefused(f"the log does not replay: {exc}") from None
        except GameError as exc:
            raise ReplayRefused(f"the log does not replay: {exc.message}") from None
        seats = [str(s) for s in range(header["players"])]
        return self.add(ReplaySession(ruleset, header, [c for _, c in decided], ["all", "public"] + seats,
                                      failure=failure, sealed=sealed))

    def _ruleset_of(self, record: dict) -> Ruleset:
        """The log's ruleset among the ones this server keeps (a shipped game, or one uploaded
        here), with the same digest; nothing named by an uploaded log is read from disk."""
        name = record["name"]
        ruleset = None
        if record["shipped"]:
            shipped = self.catalog.shipped_digest(name)
            ruleset = self.catalog.ruleset(shipped) if shipped is not None else None
            if ruleset is None:
                raise ReplayRefused(f"this log is of the shipped game '{name}', which this server does not ship")
            if ruleset.digest != record["digest"]:
                raise ReplayRefused(f"the shipped game '{name}' has changed since this log was written; "
                                    "a replay against it would not be the same game")
            return ruleset
        ruleset = self.catalog.for_log(record["digest"])
        if ruleset is None:
            title = record["title"] if isinstance(record.get("title"), str) else name
            file = PurePosixPath(record["file"].replace("\\", "/")).name
            raise ReplayRefused(f"this log's ruleset '{title}' ({file}) is not one this server keeps: open it "
                                "in the lobby first, then open the log again")
        return ruleset

    def from_table(self, table, perspectives: list[str]) -> ReplaySession:
        header = table_header(table.game)
        decisions = [(e["player"], e["choice"]) for e in table.game.events_all() if e.get("type") == "decided"]
        committed, reveal = table.commitment(), table.reveal()
        sealed = Sealed(committed["sha256"], reveal and reveal["seed"]) if committed else None
        return self.add(ReplaySession(table.ruleset, header, decisions, perspectives, sealed=sealed))

