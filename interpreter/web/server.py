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


class CannotListen(Exception):
    """The address cannot be listened on (a port in use, an address not of this machine): one line."""


def listen(host: str, port: int):
    """A socket bound to (host, port), before anything else starts, so that a busy port is one
    plain error; uvicorn serves on it."""
    import errno
    import socket
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)        # connections wait from now on, so the address is right to give out
    except OSError as exc:
        sock.close()
        reason = ("the port is in use (another server? choose one with --port)" if exc.errno == errno.EADDRINUSE
                  else exc.strerror or str(exc))
        raise CannotListen(f"cannot listen on {host}:{port}: {reason}") from None
    except (socket.gaierror, UnicodeError) as exc:
        sock.close()
        raise CannotListen(f"cannot listen on {host}:{port}: {exc}") from None
    return sock


def address(host: str, port: int) -> str:
    """Where a person opens the server (an IPv6 host in brackets)."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(*, host: str = "127.0.0.1", port: int = 8000, db: str = "cardrules.db", max_tables: int = 200,
          idle_timeout: float = 1800.0, bot_delay: float = 0.6, allow_client_seeds: bool = False,
          keep_finished: float | None = 30.0, tables_per_address: int = 30, sockets_per_address: int = 32,
          check_seconds: float = 15.0, check_memory_mb: int = 1536, ready=None) -> None:
    """Serve until interrupted. Tables live in the SQLite file `db`, created on first start.
    CannotListen if the address is taken; `ready(url)` is called once it is listened on. After
    a clean shutdown on Ctrl-C (or SIGTERM) it raises KeyboardInterrupt, as any interrupted
    command does, so the command line ends with 130."""
    import gc

    import uvicorn

    from interpreter.web.app import create_app
    from interpreter.web.limits import PerAddress
    from interpreter.web.sandbox import Limits, Sandbox
    sock = listen(host, port)
    configure_logging()
    # Games hold many small objects that live long; collecting the young generation less often
    # keeps a full collection from landing in the middle of a move as often.
    gc.set_threshold(50_000, 20, 20)
    try:
        sandbox = Sandbox(limits=Limits(seconds=check_seconds, cpu_seconds=max(1, round(check_seconds)),
                                        memory_mb=check_memory_mb))
        app = create_app(db, max_tables=max_tables, idle_timeout=idle_timeout, bot_delay=bot_delay,
                         allow_client_seeds=allow_client_seeds, keep_finished=keep_finished, sandbox=sandbox,
                         limits=PerAddress(tables_per_hour=tables_per_address, sockets=sockets_per_address))
        config = uvicorn.Config(app, host=host, port=port, log_config=None, access_log=False,
                                ws_max_size=64 * 1024, ws=websocket_implementation(), lifespan="on")
        logging.getLogger("cardrules.web").info("listening", extra={"fields": {"host": host, "port": port}})
        if ready is not None:
            ready(address(host, port))
        server = uvicorn.Server(config)
        server.run(sockets=[sock])
    finally:
        sock.close()
    if server.should_exit:      # uvicorn stops only on a signal once it has started
        raise KeyboardInterrupt


def websocket_implementation() -> str:
    """uvicorn's websockets implementation: the sans-I/O one where this uvicorn has it."""
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
        return "websockets-sansio"
    except ImportError:
        return "auto"
