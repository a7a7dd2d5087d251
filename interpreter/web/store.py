"""SQLite persistence: a table is its ruleset source, options, seed, seats and decision list.

Games are deterministic, so nothing else needs storing: a table is re-created by replaying its
decisions. The event loop and the threads bots move in share one connection: each statement,
and each transaction as a whole, holds a lock, and a statement's rows are read under it. Each
decision is written as it is taken (WAL journal: a killed process loses nothing committed).
The schema is versioned with `PRAGMA user_version`; `MIGRATIONS[i]` upgrades from i.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

MIGRATIONS = [
    """
    CREATE TABLE rulesets (
        digest TEXT PRIMARY KEY, name TEXT NOT NULL, filename TEXT NOT NULL,
        source TEXT NOT NULL, origin TEXT NOT NULL, created REAL NOT NULL);
    CREATE TABLE tables (
        id TEXT PRIMARY KEY, digest TEXT NOT NULL REFERENCES rulesets(digest),
        options TEXT NOT NULL, players INTEGER NOT NULL, seed INTEGER NOT NULL,
        host_token TEXT NOT NULL, bot_delay REAL NOT NULL, status TEXT NOT NULL,
        result TEXT, created REAL NOT NULL, updated REAL NOT NULL);
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
        kind TEXT NOT NULL, agent TEXT, token TEXT, name TEXT NOT NULL,
        PRIMARY KEY (table_id, seat));
    CREATE UNIQUE INDEX seats_token ON seats(token) WHERE token IS NOT NULL;
    CREATE TABLE decisions (
        table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
        seat INTEGER NOT NULL, choice TEXT NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (table_id, n));
    """,
    # 2: the salt of the seed's commitment (NULL: the creator chose the seed, nothing committed)
    """
    ALTER TABLE tables ADD COLUMN salt TEXT;
    CREATE INDEX tables_finished ON tables(status, updated);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass
class SeatRecord:
    seat: int
    kind: str                 # 'human' or 'bot'
    name: str
    agent: str | None = None  # a bot's spec, e.g. 'random'
    token: str | None = None  # a human seat's secret


@dataclass
class TableRecord:
    id: str
    digest: str
    options: dict
    players: int
    seed: int
    host_token: str
    bot_delay: float
    status: str = "playing"   # 'playing', 'over' or 'failed'
    result: dict | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    salt: str | None = None   # the salt of the seed's commitment, when the server drew the seed


class SchemaTooNew(Exception):
    """The database was written by a newer version of cardrules."""


class Store:
    """One SQLite file; created (and migrated) on first open."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = _Locked(sqlite3.connect(self.path, isolation_level=None, check_same_thread=False))
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(f"{self.path} has schema version {version}; this cardrules knows up to "
                               f"{SCHEMA_VERSION}")
        for step in range(version, SCHEMA_VERSION):
            self.db.executescript("BEGIN;" + MIGRATIONS[step] + f"PRAGMA user_version={step + 1};COMMIT;")

    @property
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()

    # -- rulesets ---------------------------------------------------------------
    def put_ruleset(self, *, digest: str, name: str, filename: str, source: str, origin: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO rulesets VALUES (?, ?, ?, ?, ?, ?)",
                        (digest, name, filename, source, origin, time.time()))

    def upload_sources(self) -> list[tuple[str, str]]:
        """(digest, source) of every uploaded ruleset kept (each passed the sandbox's check)."""
        return [(row[0], row[1]) for row in
                self.db.execute("SELECT digest, source FROM rulesets WHERE origin = 'upload'").fetchall()]

    def ruleset(self, digest: str) -> dict | None:
        row = self.db.execute("SELECT name, filename, source, origin FROM rulesets WHERE digest = ?",
                              (digest,)).fetchone()
        if row is None:
            return None
        return {"digest": digest, "name": row[0], "filename": row[1], "source": row[2], "origin": row[3]}

    # -- tables -----------------------------------------------------------------
    def create_table(self, table: TableRecord) -> None:
        now = time.time()
        table.created = table.updated = now
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (table.id, table.digest, json.dumps(table.options), table.players, table.seed,
                             table.host_token, table.bot_delay, table.status, None, now, now, table.salt))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                                [(table.id, s.seat, s.kind, s.agent, s.token, s.name) for s in table.seats])

    def table(self, table_id: str) -> TableRecord | None:
        row = self.db.execute("SELECT id, digest, options, players, seed, host_token, bot_delay, status, "
                              "result, created, updated, salt FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        record = TableRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6], row[7],
                             json.loads(row[8]) if row[8] else None, created=row[9], updated=row[10], salt=row[11])
        record.seats = [SeatRecord(seat, kind, name, agent, token) for seat, kind, agent, token, name in
                        self.db.execute("SELECT seat, kind, agent, token, name FROM seats WHERE table_id = ? "
                                        "ORDER BY seat", (table_id,))]
        return record

    def table_of_token(self, token: str) -> tuple[str, int] | None:
        row = self.db.execute("SELECT table_id, seat FROM seats WHERE token = ?", (token,)).fetchone()
        return (row[0], row[1]) if row else None

    def tables(self, *, status: str | None = None, limit: int = 100) -> list[dict]:
        """Recent tables, newest first: id, ruleset name, status, players, updated."""
        query = ("SELECT t.id, r.name, t.status, t.players, t.updated, "
                 "(SELECT COUNT(*) FROM decisions d WHERE d.table_id = t.id) "
                 "FROM tables t JOIN rulesets r ON r.digest = t.digest")
        args: tuple = ()
        if status:
            query += " WHERE t.status = ?"
            args = (status,)
        query += " ORDER BY t.updated DESC LIMIT ?"
        rows = self.db.execute(query, args + (limit,)).fetchall()
        return [{"id": r[0], "ruleset": r[1], "status": r[2], "players": r[3], "updated": r[4],
                 "decisions": r[5]} for r in rows]

    def decisions(self, table_id: str) -> list[tuple[int, str]]:
        return [(seat, choice) for seat, choice in self.db.execute(
            "SELECT seat, choice FROM decisions WHERE table_id = ? ORDER BY n", (table_id,))]

    def add_decision(self, table_id: str, n: int, seat: int, choice: str) -> None:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO decisions VALUES (?, ?, ?, ?, ?)", (table_id, n, seat, choice, now))
            self.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))

    def drop_decision(self, table_id: str, n: int) -> None:
        """Remove decision number `n`, the table's last: its seat went back out of a two-part choice."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM decisions WHERE table_id = ? AND n = ?", (table_id, n))
            self.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))

    def purge_finished(self, *, before: float) -> list[str]:
        """Delete the tables that ended (over or failed) before `before` (a time.time()), with
        their seats and decisions, and the uploaded rulesets no table uses any more."""
        with self.db:
            self.db.execute("BEGIN")
            gone = [r[0] for r in self.db.execute(
                "SELECT id FROM tables WHERE status != 'playing' AND updated < ?", (before,))]
            for table_id in gone:
                for kind in ("decisions", "seats"):
                    self.db.execute(f"DELETE FROM {kind} WHERE table_id = ?", (table_id,))
                self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
            self.db.execute("DELETE FROM rulesets WHERE origin = 'upload' AND created < ? AND digest NOT IN "
                            "(SELECT digest FROM tables)", (before,))
        return gone

    def finish_table(self, table_id: str, *, status: str, result: dict | None) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET status = ?, result = ?, updated = ? WHERE id = ?",
                            (status, json.dumps(result) if result is not None else None, time.time(), table_id))


class _Rows(list):
    """A statement's rows, read in full while the connection was held."""

    def fetchone(self):
        return self[0] if self else None

    def fetchall(self):
        return list(self)


class _Locked:
    """A connection used from several threads: one statement, or one `with` transaction, at a time."""

    def __init__(self, connection: sqlite3.Connection):
        self.connection = connection
        self.lock = threading.RLock()

    def execute(self, sql: str, args=()) -> _Rows:
        with self.lock:
            return _Rows(self.connection.execute(sql, args).fetchall())

    def executemany(self, sql: str, rows) -> None:
        with self.lock:
            self.connection.executemany(sql, rows)

    def executescript(self, script: str) -> None:
        with self.lock:
            self.connection.executescript(script)

    def close(self) -> None:
        with self.lock:
            self.connection.close()

    def __enter__(self):
        self.lock.acquire()
        try:
            self.connection.__enter__()
        except BaseException:
            self.lock.release()
            raise
        return self

    def __exit__(self, *exc):
        try:
            return self.connection.__exit__(*exc)
        finally:
            self.lock.release()
