"""The live tables of one server: creating, resuming, pacing bots, broadcasting, evicting.

At most `max_tables` tables are held in memory; one with no client and no move for
`idle_timeout` seconds is unloaded (it stays in the store and is loaded again on its next visit).
A table is loaded by replaying its stored decisions, so a restart loses nothing.
"""
from __future__ import annotations

import asyncio
import logging
import statistics
import random
import secrets
import time
from collections import deque

from interpreter.errors import GameError, RulesetError
from interpreter.web.bots import valid_spec
from interpreter.web.catalog import Catalog
from interpreter.web.store import SeatRecord, Store, TableRecord
from interpreter.web.table import LiveTable

log = logging.getLogger("cardrules.web")


class TableRefused(Exception):
    """A table that cannot be created or loaded; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, *, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


class Connection:
    """One client's outbound queue: frames leave in the order they were queued."""
    MAX_QUEUED = 500

    def __init__(self, send):
        self.send = send                  # async callable taking a dict
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

    def push(self, frame: dict) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_QUEUED:   # a client that stopped reading is dropped
            self.closed = True
            return
        self.queue.put_nowait(frame)

    async def pump(self) -> None:
        while not self.closed:
            frame = await self.queue.get()
            await self.send(frame)


class TableManager:
    def __init__(self, store: Store, catalog: Catalog, *, max_tables: int = 200, idle_timeout: float = 1800.0,
                 bot_delay: float = 0.6):
        self.store = store
        self.catalog = catalog
        self.max_tables = max_tables
        self.idle_timeout = idle_timeout
        self.bot_delay = bot_delay
        self.live: dict[str, LiveTable] = {}
        self.moves = 0
        self.handling: deque = deque(maxlen=2000)   # seconds spent on each of the last people's moves

    def handling_ms(self) -> dict:
        """Time the server spent on people's recent moves (the move, the bots' answers, the frames)."""
        if not self.handling:
            return {"count": 0}
        ordered = sorted(self.handling)
        return {"count": len(ordered), "median": round(statistics.median(ordered) * 1000, 2),
                "p99": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 2)}

    # -- tables -------------------------------------------------------------------
    def create(self, *, digest: str, players: int, options: dict | None, seats: list[dict],
               seed: int | None = None, bot_delay: float | None = None) -> tuple[LiveTable, dict]:
        """Open a table; returns it and its secrets: the host token and each human seat's token."""
        ruleset = self.catalog.ruleset(digest)
        if ruleset is None:
            raise TableRefused("unknown ruleset: check or pick a game first", status=404)
        if not isinstance(players, int) or not ruleset.min_players <= players <= ruleset.max_players:
            raise TableRefused(f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players")
        if not isinstance(seats, list) or len(seats) != players:
            raise TableRefused(f"give one seat (human or bot) for each of the {players} players")
        try:
            ruleset.resolve_options(options or {})
        except RulesetError as exc:
            raise TableRefused("; ".join(d.message for d in exc.diagnostics)) from None
        self._make_room()
        records = []
        for index, seat in enumerate(seats):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind == "bot":
                agent = str(seat.get("agent") or "random")
                if not valid_spec(agent):
                    raise TableRefused(f"unknown bot '{agent}'")
                name = f"Bot {index} ({agent})"
                records.append(SeatRecord(index, "bot", name, agent=agent))
            elif kind == "human":
                name = str(seat.get("name") or f"Player {index}")[:40].strip() or f"Player {index}"
                records.append(SeatRecord(index, "human", name, token=secrets.token_urlsafe(18)))
            else:
                raise TableRefused(f"seat {index} must be 'human' or 'bot'")
        record = TableRecord(id=secrets.token_hex(5), digest=digest, options=dict(options or {}), players=players,
                             seed=seed if isinstance(seed, int) else random.SystemRandom().randrange(2 ** 31),
                             host_token=secrets.token_urlsafe(18),
                             bot_delay=self.bot_delay if bot_delay is None else max(0.0, min(float(bot_delay), 5.0)),
                             seats=records)
        stored = self.catalog.source(digest)
        try:
            self.store.create_table(record)
            table = LiveTable(record, ruleset, store=self.store, filename=stored["filename"])
        except GameError as exc:
            self.store.finish_table(record.id, status="failed", result={"error": exc.message})
            raise TableRefused(f"the game could not start: {exc.message}") from None
        self.live[record.id] = table
        log.info("table_created", extra={"fields": {"table": record.id, "ruleset": ruleset.name,
                                                    "players": players, "bots": sum(s.kind == "bot" for s in records)}})
        secrets_ = {"host_token": record.host_token,
                    "seats": [{"seat": s.seat, "token": s.token} for s in records if s.token]}
        self.kick(table)
        return table, secrets_

    def get(self, table_id: str) -> LiveTable | None:
        """A live table, loaded from the store if it is not in memory (None if unknown)."""
        table = self.live.get(table_id) if isinstance(table_id, str) else None
        if table is not None:
            return table
        record = self.store.table(table_id) if isinstance(table_id, str) else None
        if record is None:
            return None
        self._make_room()
        ruleset = self.catalog.ruleset(record.digest)
        if ruleset is None:
            return None
        stored = self.catalog.source(record.digest)
        table = LiveTable(record, ruleset, store=self.store, filename=stored["filename"])
        if record.status == "failed":
            table.error = (record.result or {}).get("error", "the table failed")
        self.live[table_id] = table
        log.info("table_loaded", extra={"fields": {"table": table_id, "decisions": table.game.decisions_taken}})
        self.kick(table)
        return table

    def resume_all(self) -> int:
        """After a start: load every unfinished table (newest first, up to the cap)."""
        count = 0
        for row in self.store.tables(status="playing", limit=self.max_tables):
            if self.get(row["id"]) is not None:
                count += 1
        return count

    def _make_room(self) -> None:
        if len(self.live) < self.max_tables:
            return
        self.sweep(force=True)
        if len(self.live) >= self.max_tables:
            raise TableRefused(f"the server holds its maximum of {self.max_tables} live tables; try later",
                               status=503)

    def sweep(self, *, force: bool = False) -> int:
        """Unload idle tables: no client and no move for idle_timeout (or, when forced, finished ones
        without clients first, then the longest idle without clients)."""
        now = time.monotonic()
        idle = [t for t in self.live.values() if not any(t.clients.values())]
        gone = [t for t in idle if now - t.last_active > self.idle_timeout]
        if force and not gone:
            idle.sort(key=lambda t: (not t.over, t.last_active))
            gone = idle[:1]
        for table in gone:
            self.unload(table)
        return len(gone)

    def unload(self, table: LiveTable) -> None:
        if table.bot_task is not None:
            table.bot_task.cancel()
        self.live.pop(table.id, None)
        log.info("table_unloaded", extra={"fields": {"table": table.id}})

    # -- moves and clients ----------------------------------------------------------
    def after_move(self, table: LiveTable) -> None:
        """Tell every client what changed; let bots answer (at once, or paced to be watched)."""
        self.moves += 1
        if table.record.bot_delay <= 0:
            self.moves += table.run_bots(quick_only=True)
        self.broadcast(table)
        if table.over:
            log.info("table_over", extra={"fields": {"table": table.id, "decisions": table.game.decisions_taken,
                                                     "error": table.error}})
        self.kick(table)

    def kick(self, table: LiveTable) -> None:
        """Start the bots of a table whose next decision is a bot's."""
        if not table.bot_to_move():
            return
        if table.record.bot_delay <= 0:
            self.moves += table.run_bots(quick_only=True)
            self.broadcast(table)
            if not table.bot_to_move():
                return
            # a search player is to move: even without a delay it thinks off the event loop
        if table.bot_task is None or table.bot_task.done():
            try:
                table.bot_task = asyncio.get_running_loop().create_task(self._pace(table))
            except RuntimeError:    # no loop yet (loading before the server runs): started on first visit
                table.bot_task = None

    async def _pace(self, table: LiveTable) -> None:
        while table.bot_to_move() and self.live.get(table.id) is table:
            await asyncio.sleep(table.record.bot_delay)
            if not table.bot_to_move():
                break
            seat, number = table.game.decision.player, table.game.decisions_taken
            bot = table.bots[seat]
            if bot.quick:
                moved = table.step_bot()
            else:    # a search player thinks in a thread; the server goes on serving meanwhile
                moved = table.bot_answer(seat, number, await asyncio.to_thread(bot.choose, table.game))
            if moved:
                self.moves += 1
                self.broadcast(table)
        if table.over:
            log.info("table_over", extra={"fields": {"table": table.id, "decisions": table.game.decisions_taken}})

    def broadcast(self, table: LiveTable) -> None:
        for seat, connections in table.clients.items():
            if connections:
                frame = table.update_frame(seat)
                for connection in list(connections):
                    connection.push(frame)

    def attach(self, table: LiveTable, seat: int | None, connection: Connection) -> None:
        others = table.clients.setdefault(seat, set())
        if others:    # the seat's stream is shared: bring its clients up to date before it moves on
            frame = table.update_frame(seat)
            for other in list(others):
                other.push(frame)
        others.add(connection)
        table.last_active = time.monotonic()
        connection.push({"type": "welcome", **table.info(seat)})
        connection.push(table.full_frame(seat))
        self.kick(table)

    def detach(self, table: LiveTable, seat: int | None, connection: Connection) -> None:
        table.clients.get(seat, set()).discard(connection)
        table.last_active = time.monotonic()
