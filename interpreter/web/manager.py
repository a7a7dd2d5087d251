"""The live tables of one server: creating, resuming, pacing bots, broadcasting, evicting.

At most `max_tables` tables are held in memory; one with no client and no move for
`idle_timeout` seconds is unloaded (it stays in the store and is loaded again on its next visit).
Only people seated at a table hold it in memory: to make room, a table nobody sits at is
unloaded even if spectators watch it (they are told, and may open it again). A table is loaded
by replaying its stored decisions, so a restart loses nothing. Finished tables are deleted from
the store `keep_finished` days after they ended.

Bots never hold the event loop for long: after a person's move, quick bots answer on the loop
for at most `SLICE` seconds; beyond that, and at a table of bots, they move in a thread in
slices of `THREAD_SLICE` seconds, each broadcast when done; a search bot thinks in a thread. A game that has not ended after
`max_decisions` decisions (or that the engine's budget stops) ends the table with an error its
clients are shown.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import statistics
import time
from collections import OrderedDict, deque

from interpreter.errors import GameError, RulesetError
from interpreter.logs import commitment
from interpreter.engine.claims import open_claim
from interpreter.web.bots import valid_spec
from interpreter.web.catalog import Catalog
from interpreter.web.sandbox import SandboxError, set_up
from interpreter.web.store import SeatRecord, Store, TableRecord
from interpreter.web.table import LiveTable, new_game

SLICE = 0.05                 # seconds bots may move on the event loop after a person's move
THREAD_SLICE = 0.25          # seconds bots move in a thread before their moves are broadcast
MAX_DECISIONS = 100_000      # a web game that has not ended by then never will: the table stops
DAY = 86_400.0
SEEDS = 2 ** 53              # seeds the server draws: 53 bits, so a browser reads the revealed one exactly

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

    def __init__(self, send, close=None):
        self.send = send                  # async callable taking a dict
        self.close = close                # async callable closing the socket (None: nothing to close)
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

    def end(self, frame: dict) -> None:
        """Send `frame`, then close the connection."""
        self.push(frame)
        if not self.closed:
            self.queue.put_nowait(None)

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
            if frame is None:
                self.closed = True
                if self.close is not None:
                    await self.close()
                return
            await self.send(frame)


class TableManager:
    def __init__(self, store: Store, catalog: Catalog, *, max_tables: int = 200, idle_timeout: float = 1800.0,
                 bot_delay: float = 0.6, allow_client_seeds: bool = False, keep_finished: float | None = 30.0,
                 max_decisions: int = MAX_DECISIONS):
        self.store = store
        self.allow_client_seeds = allow_client_seeds
        self.keep_finished = keep_finished       # days; None keeps finished tables for good
        self.max_decisions = max_decisions
        self._loading: dict[str, asyncio.Future] = {}   # tables being loaded, by id
        self._set_up: OrderedDict = OrderedDict()   # (digest, players, options) an upload set up in the sandbox
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
    async def create(self, *, digest: str, players: int, options: dict | None, seats: list[dict],
                     seed: int | None = None, bot_delay: float | None = None) -> tuple[LiveTable, dict]:
        """Open a table; returns it and its secrets: the host token and each human seat's token.

        A table with people draws its seed here, from `secrets`, and commits to it (the seed and
        salt are revealed when the game ends); a `seed` is taken only for a table of bots, or from
        anyone when the server allows client seeds (for tests). Compiling and setting the game
        up happen off the event loop; an uploaded ruleset is first set up in the sandbox."""
        ruleset = await self.catalog.ruleset_async(digest)
        if ruleset is None:
            raise TableRefused("unknown ruleset: check or pick a game first", status=404)
        if isinstance(players, bool) or not isinstance(players, int) or \
                not ruleset.min_players <= players <= ruleset.max_players:
            raise TableRefused(f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players")
        if not isinstance(seats, list) or len(seats) != players:
            raise TableRefused(f"give one seat (human or bot) for each of the {players} players")
        try:
            ruleset.resolve_options(options or {})
        except RulesetError as exc:
            raise TableRefused("; ".join(d.message for d in exc.diagnostics)) from None
        records = _seat_records(seats)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63):
            raise TableRefused("a seed is a whole number from 0 to 2**63 - 1")
        people = any(r.kind == "human" for r in records)
        if seed is not None and people and not self.allow_client_seeds:
            raise TableRefused("a table with people draws its seed on the server, so that nobody can know "
                               "the deal; leave 'seed' out (a seed is taken only for a table of bots)")
        self._make_room()
        record = TableRecord(id=secrets.token_hex(5), digest=digest, options=dict(options or {}), players=players,
                             seed=secrets.randbelow(SEEDS) if seed is None else seed,
                             host_token=secrets.token_urlsafe(18),
                             bot_delay=self.bot_delay if bot_delay is None else max(0.0, min(float(bot_delay), 5.0)),
                             seats=records, salt=commitment.new_salt() if seed is None else None)
        stored = self.catalog.source(digest)
        await self._try_in_sandbox(stored, record)
        try:
            game = await asyncio.to_thread(new_game, ruleset, record)
        except GameError as exc:
            raise TableRefused(f"the game could not start: {exc.message}") from None
        self._make_room()    # others may have opened tables meanwhile
        self.store.create_table(record)
        table = LiveTable(record, ruleset, store=self.store, filename=stored["filename"], game=game,
                          max_decisions=self.max_decisions)
        self.live[record.id] = table
        log.info("table_created", extra={"fields": {"table": record.id, "ruleset": ruleset.name,
                                                    "players": players, "bots": sum(s.kind == "bot" for s in records)}})
        secrets_ = {"host_token": record.host_token,
                    "seats": [{"seat": s.seat, "token": s.token} for s in records if s.token]}
        self.kick(table)
        return table, secrets_

    async def _try_in_sandbox(self, stored: dict, record: TableRecord) -> None:
        """An uploaded ruleset's game is set up once in the sandbox, for each player count and
        options, before this process sets it up: a setup that takes too long or too much
        memory is refused there."""
        if stored["origin"] == "shipped":
            return
        key = (record.digest, record.players, json.dumps(record.options, sort_keys=True))
        if key in self._set_up:
            return
        try:
            answer = await self.catalog.sandbox.run(set_up, stored["source"], stored["filename"], record.players,
                                                    record.options, record.seed)
        except SandboxError as exc:
            raise TableRefused(f"the game could not start: {exc}") from None
        if answer.get("ok") is not True:
            raise TableRefused(f"the game could not start: {str(answer.get('error'))[:500]}")
        self._set_up[key] = True
        while len(self._set_up) > 1024:
            self._set_up.popitem(last=False)

    def get(self, table_id: str) -> LiveTable | None:
        """A live table, loaded from the store if it is not in memory (None if unknown). This
        loads on the calling thread; the server's handlers use `load`."""
        table = self.live.get(table_id) if isinstance(table_id, str) else None
        if table is not None or not isinstance(table_id, str):
            return table
        record = self.store.table(table_id)
        if record is None:
            return None
        self._make_room()
        ruleset = self.catalog.ruleset(record.digest)
        if ruleset is None:
            return None
        return self._adopt(record, lambda: self._live_table(record, ruleset))

    async def load(self, table_id) -> LiveTable | None:
        """`get`, with the compiling and the replay of stored decisions done in a thread, so a
        table loading never holds the event loop; two visitors of one table load it once."""
        table = self.live.get(table_id) if isinstance(table_id, str) else None
        if table is not None or not isinstance(table_id, str):
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> LiveTable | None:
        record = self.store.table(table_id)
        if record is None:
            return None
        self._make_room()
        ruleset = await self.catalog.ruleset_async(record.digest)
        if ruleset is None:
            return None
        decisions = self.store.decisions(table_id)
        return self._adopt(record, await _in_thread(lambda: self._live_table(record, ruleset, decisions)))

    def _live_table(self, record: TableRecord, ruleset, decisions: list[tuple[int, str]] | None = None):
        """The table re-created from its record, or the GameError that stopped it."""
        try:
            return LiveTable(record, ruleset, store=self.store, filename=self.catalog.source(record.digest)["filename"],
                             max_decisions=self.max_decisions, decisions=decisions)
        except GameError as exc:     # a table stored before a limit it no longer passes
            return exc

    def _adopt(self, record: TableRecord, made) -> LiveTable | None:
        table = made() if callable(made) else made
        if isinstance(table, GameError):
            self.store.finish_table(record.id, status="failed", result={"error": table.message})
            return None
        if record.status == "failed":
            table.error = (record.result or {}).get("error", "the table failed")
        self._make_room()
        self.live[record.id] = table
        log.info("table_loaded", extra={"fields": {"table": record.id, "decisions": table.game.decisions_taken}})
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
            raise TableRefused(f"the server holds its maximum of {self.max_tables} live tables with people "
                               "at them; try later", status=503)

    def sweep(self, *, force: bool = False) -> int:
        """Unload idle tables: no client and no move for idle_timeout (or, when forced, one that no
        person sits at: finished ones first, then unwatched ones, then the longest idle)."""
        now = time.monotonic()
        idle = [t for t in self.live.values() if not any(t.clients.values())]
        gone = [t for t in idle if now - t.last_active > self.idle_timeout]
        if force and not gone:
            free = [t for t in self.live.values() if not t.seated()]
            free.sort(key=lambda t: (not t.over, any(t.clients.values()), t.last_active))
            gone = free[:1]
        for table in gone:
            self.unload(table)
        return len(gone)

    def purge(self) -> int:
        """Delete finished tables older than `keep_finished` days from the store (and memory)."""
        if self.keep_finished is None:
            return 0
        gone = self.store.purge_finished(before=time.time() - self.keep_finished * DAY)
        for table_id in gone:
            if table_id in self.live:
                self.unload(self.live[table_id])
        if gone:
            log.info("tables_purged", extra={"fields": {"count": len(gone), "days": self.keep_finished}})
        return len(gone)

    def unload(self, table: LiveTable) -> None:
        if table.bot_task is not None:
            table.bot_task.cancel()
        if table.claim_timer is not None:
            table.claim_timer[1].cancel()
        self.live.pop(table.id, None)
        for connections in table.clients.values():    # spectators of a table that made room
            for connection in list(connections):
                connection.end({"type": "error", "code": "unloaded",
                                "message": "the server needed room and closed this table's stream; open the "
                                           "table again to go on watching"})
        table.clients.clear()
        log.info("table_unloaded", extra={"fields": {"table": table.id}})

    async def settle(self, table: LiveTable, seconds: float) -> None:
        """Wait (without holding the loop) up to `seconds` for the table's bots to be done moving."""
        task = table.bot_task
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=seconds)

    # -- moves and clients ----------------------------------------------------------
    def after_move(self, table: LiveTable) -> None:
        """Tell every client what changed; let bots answer (at once, or paced to be watched)."""
        self.moves += 1
        if table.record.bot_delay <= 0:
            self.moves += table.run_bots(quick_only=True, seconds=SLICE)
        self.broadcast(table)
        if table.over:
            log.info("table_over", extra={"fields": {"table": table.id, "decisions": table.game.decisions_taken,
                                                     "error": table.error}})
        self.kick(table)

    def after_back(self, table: LiveTable, seat: int) -> None:
        """After `seat` went back: every client is sent its stream again from the start (the
        undone part leaves every stream), with `taken_back` naming the seat that went back."""
        for viewer, connections in table.clients.items():
            if connections:
                frame = {**table.full_frame(viewer), "taken_back": seat}
                for connection in list(connections):
                    connection.push(frame)

    def kick(self, table: LiveTable) -> None:
        """Start the bots of a table whose next decision is a bot's: they move in a task, off the
        event loop (a person's move gets its answer inline first: see `after_move`). Time a claim
        window that has one."""
        self._time_claim(table)
        if not table.bot_to_move():
            return
        if table.bot_task is None or table.bot_task.done():
            try:
                table.bot_task = asyncio.get_running_loop().create_task(self._pace(table))
            except RuntimeError:    # no loop yet (loading before the server runs): started on first visit
                table.bot_task = None

    def _time_claim(self, table: LiveTable) -> None:
        """A claim window with a time limit (`window:`) that has just opened: when the time is
        up, every claimant that has not answered passes."""
        window = open_claim(table.game) if not table.over else None
        if window is None or window.window is None:
            return
        opened = window.opened_at(table.game)
        if table.claim_timer is not None:
            if table.claim_timer[0] == opened:
                return
            table.claim_timer[1].cancel()
        try:
            handle = asyncio.get_running_loop().call_later(window.window, self._claim_expired, table, opened)
        except RuntimeError:    # no loop yet (loading before the server runs): timed on first visit
            return
        table.claim_timer = (opened, handle, time.monotonic() + window.window)

    def _claim_expired(self, table: LiveTable, opened: int) -> None:
        if self.live.get(table.id) is not table:
            return
        if table.busy:          # bots are moving in a thread: try again in a moment
            table.claim_timer = (opened, asyncio.get_running_loop().call_later(0.1, self._claim_expired, table,
                                                                                opened), table.claim_timer[2])
            return
        if table.pass_claim(opened):
            self.after_move(table)

    async def _pace(self, table: LiveTable) -> None:
        while table.bot_to_move() and self.live.get(table.id) is table:
            await asyncio.sleep(table.record.bot_delay)     # 0: others are served between two slices
            if not table.bot_to_move():
                break
            try:
                moved = await self._bots_move(table)
            except GameError as exc:     # a bot thinking ran the rules past their budget: the table stops
                table.fail(exc.message)
                moved = 0
            except Exception:            # a bug: this table stops, saying so; the server goes on
                log.exception("bot_failed", extra={"fields": {"table": table.id}})
                table.fail("a bot failed with an internal error; the server's log says more")
                moved = 0
            self.moves += moved
            if moved or table.over:
                self.broadcast(table)
        if table.over:
            log.info("table_over", extra={"fields": {"table": table.id, "decisions": table.game.decisions_taken,
                                                     "error": table.error}})

    async def _bots_move(self, table: LiveTable) -> int:
        """One step of the bots, off the event loop: a slice of quick moves in a thread, one paced
        quick move, or one search player's thinking in a thread. The moves made."""
        seat, number = table.game.decision.player, table.game.decisions_taken
        bot = table.bots[seat]
        if bot.quick and table.record.bot_delay <= 0:
            table.busy = True
            try:
                return await asyncio.to_thread(table.run_bots, quick_only=True, seconds=THREAD_SLICE)
            finally:
                table.busy = False
                self._let_in(table)
        if bot.quick:
            return int(table.step_bot())
        return int(table.bot_answer(seat, number, await asyncio.to_thread(bot.choose, table.game)))

    def broadcast(self, table: LiveTable) -> None:
        self._time_claim(table)       # a window just opened is timed before anyone is told of it
        for seat, connections in table.clients.items():
            if connections:
                frame = table.update_frame(seat)
                for connection in list(connections):
                    connection.push(frame)

    def _let_in(self, table: LiveTable) -> None:
        waiting, table.waiting = table.waiting, []
        for seat, connection in waiting:
            if not connection.closed:
                self.attach(table, seat, connection)

    def attach(self, table: LiveTable, seat: int | None, connection: Connection) -> None:
        if table.busy:        # the game is being played in a thread: let the client in after the slice
            table.waiting.append((seat, connection))
            return
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
        table.waiting = [(s, c) for s, c in table.waiting if c is not connection]
        table.last_active = time.monotonic()


def _seat_records(seats: list) -> list[SeatRecord]:
    records = []
    for index, seat in enumerate(seats):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "bot":
            agent = str(seat.get("agent") or "random")
            if not valid_spec(agent):
                raise TableRefused(f"unknown bot '{agent[:40]}'")
            records.append(SeatRecord(index, "bot", f"Bot {index} ({agent})", agent=agent))
        elif kind == "human":
            name = str(seat.get("name") or f"Player {index}")[:40].strip() or f"Player {index}"
            records.append(SeatRecord(index, "human", name, token=secrets.token_urlsafe(18)))
        else:
            raise TableRefused(f"seat {index} must be 'human' or 'bot'")
    return records


async def _in_thread(make):
    return await asyncio.to_thread(make)
