"""Runs the server (`cardrules serve`): uvicorn over `create_app`, with structured (JSON lines)
logs on stderr."""
from __future__ import annotations

import json
import logging
import sys
import time


class JsonLines(logging.Formatter):
    """One JSON object per log record: time, level, event, and the record's fields."""

    def format(self, record: logging.LogRecord) -> str:
        data = {"ts": round(time.time(), 3), "level": record.levelname.lower(), "event": record.getMessage()}
        data.update(getattr(record, "fields", {}) or {})
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


def configure_logging(stream=None, *, level: int = logging.INFO) -> None:
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines())
    for name in ("cardrules.web", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


def serve(*, host: str = "127.0.0.1", port: int = 8000, db: str = "cardrules.db", max_tables: int = 200,
          idle_timeout: float = 1800.0, bot_delay: float = 0.6, allow_client_seeds: bool = False,
          keep_finished: float | None = 30.0, tables_per_address: int = 30, sockets_per_address: int = 32,
          check_seconds: float = 15.0, check_memory_mb: int = 1536) -> None:
    """Serve until interrupted. Tables live in the SQLite file `db`, created on first start."""
    import gc

    import uvicorn

    from interpreter.web.app import create_app
    from interpreter.web.limits import PerAddress
    from interpreter.web.sandbox import Limits, Sandbox
    configure_logging()
    # Games hold many small objects that live long; collecting the young generation less often
    # keeps a full collection from landing in the middle of a move as often.
    gc.set_threshold(50_000, 20, 20)
    sandbox = Sandbox(limits=Limits(seconds=check_seconds, cpu_seconds=max(1, round(check_seconds)),
                                    memory_mb=check_memory_mb))
    app = create_app(db, max_tables=max_tables, idle_timeout=idle_timeout, bot_delay=bot_delay,
                     allow_client_seeds=allow_client_seeds, keep_finished=keep_finished, sandbox=sandbox,
                     limits=PerAddress(tables_per_hour=tables_per_address, sockets=sockets_per_address))
    logging.getLogger("cardrules.web").info("listening", extra={"fields": {"host": host, "port": port}})
    uvicorn.run(app, host=host, port=port, log_config=None, access_log=False, ws_max_size=64 * 1024,
                ws=websocket_implementation(), lifespan="on")


def websocket_implementation() -> str:
    """uvicorn's websockets implementation: the sans-I/O one where this uvicorn has it."""
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
        return "websockets-sansio"
    except ImportError:
        return "auto"
