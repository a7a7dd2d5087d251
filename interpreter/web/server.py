"""Runs the server: uvicorn over `create_app`, with structured (JSON lines) logs on stderr."""
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
          idle_timeout: float = 1800.0, bot_delay: float = 0.6) -> None:
    """Serve until interrupted. Tables live in the SQLite file `db`, created on first start."""
    import gc

    import uvicorn

    from interpreter.web.app import create_app
    configure_logging()
    # Games hold many small objects that live long; collecting the young generation less often
    # keeps a full collection from landing in the middle of a move as often.
    gc.set_threshold(50_000, 20, 20)
    app = create_app(db, max_tables=max_tables, idle_timeout=idle_timeout, bot_delay=bot_delay)
    logging.getLogger("cardrules.web").info("listening", extra={"fields": {"host": host, "port": port}})
    uvicorn.run(app, host=host, port=port, log_config=None, access_log=False, ws_max_size=64 * 1024,
                ws="websockets-sansio" if _has_sansio() else "auto", lifespan="on")


def _has_sansio() -> bool:
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
        return True
    except ImportError:
        return False


def main(argv: list[str] | None = None) -> int:
    """`python -m interpreter.web.server --host --port --db`: the same as `cardrules serve`."""
    import argparse
    parser = argparse.ArgumentParser(prog="cardrules serve", description="Serve tables in the browser.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    run_from_args(args)
    return 0


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default="cardrules.db", metavar="PATH",
                        help="SQLite file of tables and games, created on first start (default ./cardrules.db)")
    parser.add_argument("--max-tables", type=int, default=200, help="live tables held at once (default 200)")
    parser.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS",
                        help="unload a table nobody watches after this long (default 1800)")
    parser.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                        help="pause between bot moves so people can follow (default 0.6)")


def run_from_args(args) -> None:
    serve(host=args.host, port=args.port, db=args.db, max_tables=args.max_tables,
          idle_timeout=args.idle_timeout, bot_delay=args.bot_delay)


if __name__ == "__main__":
    sys.exit(main())
