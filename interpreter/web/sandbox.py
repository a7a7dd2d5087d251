"""Work on what a stranger uploaded, done away from the server: a child process with limits.

A ruleset is a program of a kind: checking one parses, validates and compiles it, and opening a
table sets its game up. A hostile one can take minutes or gigabytes. So checking an upload, and
setting up once the first table of an uploaded ruleset, happen in a child process forked from a
preloaded process (multiprocessing's forkserver), whose address space (RLIMIT_AS) and CPU time
(RLIMIT_CPU) are limited, and which is killed after a wall-clock timeout. The event loop only
waits for it, so the server goes on answering meanwhile; at most `workers` children run at once.

The child loads with the load cache off (CARDRULES_NO_CACHE=1), so nothing a stranger sends
reaches the user's cache, and writes the source in a temporary folder of its own, removed when
the job ends. It answers with one JSON object: nothing it sends back is executed or unpickled.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import resource
import signal
import tempfile
from dataclasses import dataclass
from pathlib import Path

MAX_ANSWER = 4 * 1024 * 1024    # bytes of JSON a child may send back


@dataclass(frozen=True)
class Limits:
    """What one job may take: wall-clock `seconds`, `cpu_seconds` of CPU and `memory_mb` of
    address space (the child's whole process, the interpreter included)."""
    seconds: float = 15.0
    cpu_seconds: int = 15
    memory_mb: int = 1536


class SandboxError(Exception):
    """A job that did not finish within its limits (or crashed): said in one line for people."""


class Sandbox:
    """Runs jobs (module-level functions returning a JSON-able dict) in limited child processes."""

    def __init__(self, *, limits: Limits = Limits(), workers: int = 2):
        self.limits = limits
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["interpreter.web.sandbox", "interpreter.language.ruleset"])
        self._slots = asyncio.Semaphore(workers)

    def warm(self) -> None:
        """Start the preloaded process now, so the first upload does not wait for it."""
        from multiprocessing import forkserver
        forkserver.ensure_running()

    async def run(self, job, *args) -> dict:
        """`job(*args)` in a child under the limits; SandboxError if it did not answer in them."""
        async with self._slots:
            return await asyncio.to_thread(self._run, job, args)

    def _run(self, job, args) -> dict:
        reader, writer = self._context.Pipe(duplex=False)
        child = self._context.Process(target=_child, args=(writer, self.limits, job, args), daemon=True)
        child.start()
        writer.close()
        answer, timed_out = None, False
        try:
            if reader.poll(self.limits.seconds):
                try:
                    answer = reader.recv_bytes(MAX_ANSWER)
                except (EOFError, OSError):
                    answer = None
            else:
                timed_out = True
        finally:
            if child.is_alive():
                child.kill()
            child.join(10)
            reader.close()
        if answer is not None:
            try:
                data = json.loads(answer)
            except ValueError:
                data = None
            if isinstance(data, dict):
                return data
        raise SandboxError(self._why(child.exitcode, timed_out))

    def _why(self, code: int | None, timed_out: bool) -> str:
        limits = self.limits
        if timed_out:
            return f"it took longer than {limits.seconds:g} seconds; simplify the ruleset"
        if code == -signal.SIGXCPU:
            return f"it needed more than {limits.cpu_seconds} seconds of CPU; simplify the ruleset"
        return f"it stopped without an answer (more than {limits.memory_mb} MB of memory, or a crash)"


def _child(writer, limits: Limits, job, args) -> None:
    """In the child: limits first, then the job; its answer goes back as JSON."""
    os.environ["CARDRULES_NO_CACHE"] = "1"
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    try:
        answer = job(*args)
    except MemoryError:
        answer = {"error": f"it needed more than {limits.memory_mb} MB of memory; simplify the ruleset"}
    except RecursionError:
        answer = {"error": "it nests too deeply; flatten the ruleset"}
    try:
        writer.send_bytes(json.dumps(answer).encode("utf-8"))
    except MemoryError:
        pass       # no answer: the parent says the job ran out of memory
    writer.close()


# -- jobs (run in the child) -------------------------------------------------------------
def check_source(source: str, filename: str) -> dict:
    """Check a ruleset's source: {"ok", "diagnostics" (for people), "ruleset" (what the lobby shows)}."""
    from interpreter.language.ruleset import check_ruleset
    from interpreter.web.catalog import describe, for_people
    with tempfile.TemporaryDirectory(prefix="cardrules-check-") as folder:
        path = Path(folder) / filename
        path.write_text(source, encoding="utf-8")
        ruleset, diagnostics = check_ruleset(path)
        return {"ok": ruleset is not None, "diagnostics": [for_people(d, Path(folder)) for d in diagnostics],
                "ruleset": describe(ruleset) if ruleset is not None else None}


def set_up(source: str, filename: str, players: int, options: dict, seed: int) -> dict:
    """Set a game of the ruleset up as a table would: {"ok": true} or {"error": why not}."""
    from interpreter.engine.game import Game
    from interpreter.errors import GameError, RulesetError
    from interpreter.language.ruleset import check_ruleset
    with tempfile.TemporaryDirectory(prefix="cardrules-check-") as folder:
        path = Path(folder) / filename
        path.write_text(source, encoding="utf-8")
        ruleset, diagnostics = check_ruleset(path)
        if ruleset is None:
            return {"error": "; ".join(d.message for d in diagnostics) or "the ruleset does not load"}
        try:
            Game(ruleset, players, seed=seed, options=options)
        except (GameError, RulesetError) as exc:
            return {"error": getattr(exc, "message", None) or str(exc)}
    return {"ok": True}
