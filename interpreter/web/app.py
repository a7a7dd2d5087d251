"""The ASGI application: pages, a JSON API for the lobby and replays, and the table websocket.

Routes: `/` lobby, `/t/{id}` a table (the seat's secret travels in the URL fragment, which
browsers never send to a server), `/replay` the replay viewer, `/health`, `/api/...` (among them
`/api/sheet`, the rules sheet of the game and options chosen in the lobby), `/ws`.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from interpreter.web.bots import bot_specs
from interpreter.web.catalog import Catalog
from interpreter.web.limits import PerAddress, Refused
from interpreter.web.frames import SPECTATOR
from interpreter.web.manager import Connection, TableManager, TableRefused
from interpreter.web.protocol import Session
from interpreter.web.replays import ReplayRefused, Replays
from interpreter.web.sandbox import Sandbox
from interpreter.web.sheets import SheetRefused, sheet_html
from interpreter.web.store import Store

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 8 * 1024 * 1024
log = logging.getLogger("cardrules.web")


def create_app(db: str | Path, *, max_tables: int = 200, idle_timeout: float = 1800.0,
               bot_delay: float = 0.6, sweep_every: float = 60.0, allow_client_seeds: bool = False,
               keep_finished: float | None = 30.0, limits: PerAddress | None = None,
               sandbox: Sandbox | None = None) -> Starlette:
    """The server's app over the SQLite file `db` (created on first start). `keep_finished` is in
    days (None: finished tables are kept for good); `limits` bound each client address; `sandbox`
    checks uploads (its limits)."""
    store = Store(db)
    catalog = Catalog(store, sandbox=sandbox)
    manager = TableManager(store, catalog, max_tables=max_tables, idle_timeout=idle_timeout, bot_delay=bot_delay,
                           allow_client_seeds=allow_client_seeds, keep_finished=keep_finished)
    replays = Replays(catalog)
    per_address = limits or PerAddress()
    started = time.time()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        manager.purge()
        await asyncio.to_thread(catalog.shipped)     # the shipped games compiled before the first visit
        resumed = manager.resume_all()
        log.info("server_started", extra={"fields": {"db": str(db), "schema": store.schema_version,
                                                     "resumed_tables": resumed}})
        sweeper = asyncio.get_running_loop().create_task(_sweep(manager, per_address, sweep_every))
        try:
            yield
        finally:
            sweeper.cancel()
            log.info("server_stopped", extra={"fields": {"moves": manager.moves}})
            store.close()
            catalog.close()

    async def page(request: Request):
        name = {"/": "index.html", "/replay": "replay.html"}.get(request.url.path, "table.html")
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})

    async def health(request: Request):
        return JSONResponse({"status": "ok", "live_tables": len(manager.live), "max_tables": manager.max_tables,
                             "schema": store.schema_version, "uptime": round(time.time() - started, 1),
                             "moves": manager.moves, "move_handling_ms": manager.handling_ms()})

    async def games(request: Request):
        return JSONResponse({"games": catalog.shipped(), "bots": bot_specs()})

    async def check(request: Request):
        body = await _json(request)
        if not isinstance(body, dict) or not isinstance(body.get("source"), str):
            return _refuse("send {\"source\": the ruleset's YAML text, \"filename\": its name}")
        address = _address(request)
        try:
            per_address.check_started(address)
        except Refused as exc:
            return _refuse(str(exc), status=429)
        try:
            return JSONResponse(await catalog.check_upload(body["source"],
                                                           filename=str(body.get("filename") or "upload.yaml")))
        finally:
            per_address.check_done(address)

    async def rules_sheet(request: Request):
        body = await _json(request)
        if not isinstance(body, dict):
            return _refuse("send {\"game\": a shipped game, or \"digest\": a checked ruleset, \"options\": {...}}")
        try:
            html = await asyncio.to_thread(sheet_html, catalog, game=body.get("game"), digest=body.get("digest"),
                                           options=body.get("options") or {})
        except SheetRefused as exc:
            return _refuse(exc.message, status=exc.status)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def create_table(request: Request):
        body = await _json(request)
        if not isinstance(body, dict):
            return _refuse("send the table as a JSON object")
        digest = body.get("digest")
        if isinstance(body.get("game"), str):
            digest = catalog.shipped_digest(body["game"])
            if digest is None:
                return _refuse(f"no shipped game '{body['game'][:40]}'", status=404)
        if not isinstance(digest, str):
            return _refuse("name a shipped 'game' or the 'digest' of a checked ruleset")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            return _refuse("options are a JSON object")
        try:
            per_address.open_table(_address(request))
        except Refused as exc:
            return _refuse(str(exc), status=429)
        try:
            table, secrets_ = await manager.create(digest=digest, players=body.get("players"), options=options,
                                                   seats=body.get("seats"), seed=body.get("seed"),
                                                   bot_delay=body.get("bot_delay"))
        except TableRefused as exc:
            return _refuse(exc.message, status=exc.status)
        if not any(s.kind == "human" for s in table.record.seats):
            await manager.settle(table, 2.0)    # a short game of bots is answered played (others go on)
        return JSONResponse({"table": table.id, **secrets_, "commitment": table.commitment()})

    async def list_tables(request: Request):
        return JSONResponse({"tables": store.tables(limit=50)})

    async def table_info(request: Request):
        try:
            table = await manager.load(request.path_params["table_id"])
        except TableRefused as exc:
            return _refuse(exc.message, status=exc.status)
        if table is None:
            return _refuse("there is no such table", status=404)
        return JSONResponse(table.info(None))

    def _who(request: Request, table) -> tuple[str, int | None] | None:
        """('host', None), ('seat', n) or ('public', None) for the token sent; None for a wrong one."""
        token = request.headers.get("x-token") or request.query_params.get("token")
        if not token:
            return "public", None
        if token == table.record.host_token:
            return "host", None
        seat = next((s.seat for s in table.record.seats if s.token == token), None)
        return ("seat", seat) if seat is not None else None

    async def _finished_table(request: Request, ended, not_over: str):
        """(table, (role, seat)) of a table the request may see for which `ended(table)`
        holds, or the refusal to send."""
        try:
            table = await manager.load(request.path_params["table_id"])
        except TableRefused as exc:
            return _refuse(exc.message, status=exc.status)
        if table is None:
            return _refuse("there is no such table", status=404)
        who = _who(request, table)
        if who is None:
            return _refuse("this link does not open a seat at this table", status=403)
        if not ended(table):
            return _refuse(not_over, status=409)
        return table, who

    async def table_log(request: Request):
        found = await _finished_table(request, lambda t: t.over, "the log is offered when the game is over")
        if not isinstance(found, tuple):
            return found
        table, (role, seat) = found
        text = table.log_lines(None if role == "host" else (seat if role == "seat" else SPECTATOR))
        suffix = "full" if role == "host" else (f"seat{seat}" if role == "seat" else "public")
        return PlainTextResponse(text, media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="table-{table.id}-{suffix}.jsonl"'})

    async def table_replay(request: Request):
        found = await _finished_table(request, lambda t: t.game.over, "a table is replayed once its game is over")
        if not isinstance(found, tuple):
            return found
        table, (role, seat) = found
        perspectives = (["all", "public"] + [str(s) for s in range(table.record.players)] if role == "host"
                        else [str(seat), "public"] if role == "seat" else ["public"])
        return JSONResponse(replays.from_table(table, perspectives).describe())

    async def upload_replay(request: Request):
        body = await request.body()
        if len(body) > MAX_BODY:
            return _refuse("the log is too large", status=413)
        try:
            session = await asyncio.to_thread(replays.from_log, body.decode("utf-8", errors="replace"))
        except ReplayRefused as exc:
            return _refuse(str(exc))
        return JSONResponse(session.describe())

    async def replay_step(request: Request):
        session = replays.get(request.path_params["replay_id"])
        if session is None:
            return _refuse("this replay is no longer open; open the log again", status=404)
        try:
            step = int(request.query_params.get("step", "0"))
        except ValueError:
            return _refuse("step is a number")
        try:
            return JSONResponse(session.frame(step, request.query_params.get("as", "public")))
        except ReplayRefused as exc:
            return _refuse(str(exc), status=403)

    async def websocket(ws: WebSocket):
        await ws.accept()
        address = ws.client.host if ws.client else "?"
        try:
            per_address.socket_opened(address)
        except Refused as exc:
            await ws.send_json({"type": "error", "code": "too-many-connections", "message": str(exc)})
            await ws.close(code=1008)
            return
        connection = Connection(ws.send_json, ws.close)
        session = Session(manager, connection)
        pump = asyncio.get_running_loop().create_task(connection.pump())
        try:
            while not connection.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await session.receive(message.get("text"))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            per_address.socket_closed(address)
            session.close()
            pump.cancel()

    routes = [
        Route("/", page), Route("/t/{table_id}", page), Route("/replay", page),
        Route("/health", health),
        Route("/api/games", games), Route("/api/check", check, methods=["POST"]),
        Route("/api/sheet", rules_sheet, methods=["POST"]),
        Route("/api/tables", list_tables), Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info), Route("/api/tables/{table_id}/log", table_log),
        Route("/api/tables/{table_id}/replay", table_replay, methods=["POST"]),
        Route("/api/replays", upload_replay, methods=["POST"]),
        Route("/api/replays/{replay_id}", replay_step),
        WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.manager, app.state.store, app.state.catalog, app.state.replays = manager, store, catalog, replays
    return app


async def _json(request: Request):
    body = await request.body()
    if len(body) > MAX_BODY:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None


def _refuse(message: str, *, status: int = 400) -> Response:
    return JSONResponse({"error": message}, status_code=status)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _sweep(manager: TableManager, per_address: PerAddress, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        manager.sweep()
        manager.purge()
        per_address.sweep()

