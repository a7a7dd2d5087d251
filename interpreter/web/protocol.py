"""The websocket protocol: one table per connection, frames as JSON objects.

Client -> server: `{"type": "join", "table": ID, "token": TOKEN or null}` first (no token: a
spectator), then `{"type": "move", "table": ID, "decision": N, "choice": CHOICE_ID}` where N is
the number of the decision the move answers (a replayed or late frame names an old one),
`{"type": "back", "table": ID, "decision": N}` (the seat deciding the second part of a two-part
choice takes the first part back, when its decision says `back: true`), and `{"type": "ping"}`.
Server -> client: `welcome`, `state` (view, decision, events and transcript changes), `error`
(a stable `code` and a message; nothing was changed), `pong`. After a back every client
gets a `state` frame with its stream again from the start (`events_from` 0) and `taken_back`,
the seat that went back: the undone part leaves every seat's stream and the table's log.
"""
from __future__ import annotations

import json
import logging
import time

from interpreter.web.manager import Connection, TableManager, TableRefused
from interpreter.web.table import MoveRefused

log = logging.getLogger("cardrules.web")
MAX_FRAME = 16 * 1024


def error_frame(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


def parse(text) -> dict | None:
    if not isinstance(text, str) or len(text) > MAX_FRAME:
        return None
    try:
        frame = json.loads(text)
    except ValueError:
        return None
    return frame if isinstance(frame, dict) and isinstance(frame.get("type"), str) else None


class Session:
    """One connection's state: which table and seat it joined (seat None: a spectator)."""

    def __init__(self, manager: TableManager, connection: Connection):
        self.manager = manager
        self.connection = connection
        self.table = None
        self.seat: int | None = None

    async def receive(self, text) -> None:
        """Handle one frame from the client; every refusal is an error frame and changes nothing."""
        frame = parse(text)
        push = self.connection.push
        if frame is None:
            push(error_frame("malformed", "a frame is a JSON object with a 'type'"))
            return
        kind = frame["type"]
        if kind == "ping":
            push({"type": "pong"})
        elif kind == "join":
            await self._join(frame)
        elif kind == "move":
            self._move(frame)
        elif kind == "back":
            self._back(frame)
        else:
            push(error_frame("malformed", f"unknown frame type '{kind[:40]}'"))

    async def _join(self, frame: dict) -> None:
        push = self.connection.push
        if self.table is not None:
            push(error_frame("joined", "this connection has joined a table already"))
            return
        try:      # the connection's next frame is read once this one is handled
            table = await self.manager.load(frame.get("table"))
        except TableRefused as exc:
            push(error_frame("full", exc.message))
            return
        if table is None:
            push(error_frame("no-table", "there is no such table"))
            return
        token = frame.get("token")
        seat = None
        if token is not None:
            seat = next((s.seat for s in table.record.seats if s.token is not None and s.token == token), None)
            if seat is None:
                log.info("join_refused", extra={"fields": {"table": table.id, "reason": "bad-token"}})
                push(error_frame("bad-token", "this link does not open a seat at this table"))
                return
        self.table, self.seat = table, seat
        self.manager.attach(table, seat, self.connection)
        log.info("joined", extra={"fields": {"table": table.id, "seat": seat}})

    def _seated_at(self, frame: dict, doing: str):
        """The table this connection decides at, for a frame naming it; None (after an error
        frame) when it is not joined, the frame names another table, or it only watches."""
        push = self.connection.push
        table = self.table
        if table is None:
            push(error_frame("not-joined", f"join a table before {doing}"))
            return None
        if frame.get("table") != table.id:
            push(error_frame("wrong-table", "this connection plays at another table"))
            return None
        if self.seat is None:
            push(error_frame("spectator", "spectators do not take decisions"))
            return None
        return table

    def _move(self, frame: dict) -> None:
        push = self.connection.push
        table = self._seated_at(frame, "moving")
        if table is None:
            return
        started = time.perf_counter()
        try:
            table.take(self.seat, frame.get("decision"), frame.get("choice"))
        except MoveRefused as exc:
            log.info("move_refused", extra={"fields": {"table": table.id, "seat": self.seat, "code": exc.code}})
            push(error_frame(exc.code, exc.message))
            return
        self.manager.after_move(table)
        self.manager.handling.append(time.perf_counter() - started)

    def _back(self, frame: dict) -> None:
        push = self.connection.push
        table = self._seated_at(frame, "going back")
        if table is None:
            return
        try:
            table.go_back(self.seat, frame.get("decision"))
        except MoveRefused as exc:
            log.info("back_refused", extra={"fields": {"table": table.id, "seat": self.seat, "code": exc.code}})
            push(error_frame(exc.code, exc.message))
            return
        self.manager.after_back(table, self.seat)

    def close(self) -> None:
        if self.table is not None:
            self.manager.detach(self.table, self.seat, self.connection)
        self.connection.closed = True
