"""Work on what a stranger uploaded, done away from the server: a child process with limits.

A ruleset is a program of a kind: checking one parses, validates and compiles it, and opening a
table sets its game up. A hostile one can take minutes or gigabytes. So checking an upload, and
setting up once the first table of an uploaded ruleset, happen in a fresh Python process
(`python -m interpreter.web.sandbox`) that limits its own address space (RLIMIT_AS) and CPU time
(RLIMIT_CPU) before it reads the job, and that is killed after a wall-clock timeout. The event
loop only waits for it, so the server goes on answering meanwhile; at most `workers` children
run at once.

The child loads with the load cache off (CARDRULES_NO_CACHE=1), so nothing a stranger sends
reaches the user's cache, and writes the source in a temporary folder of its own, removed when
the job ends. Job and answer are one JSON object each way: nothing the child sends back is
executed or unpickled, and the job is a function of this package the server names, never
something a client chose.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
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
        self._slots = asyncio.Semaphore(workers)

    async def run(self, job, *args) -> dict:
        """`job(*args)` in a child under the limits; SandboxError if it did not answer in them."""
        async with self._slots:
            return await asyncio.to_thread(self._run, job, args)

    def _run(self, job, args) -> dict:
        request = json.dumps({"job": f"{job.__module__}:{job.__qualname__}", "args": list(args),
                              "limits": asdict(self.limits)})
        env = {**os.environ, "CARDRULES_NO_CACHE": "1",
               "PYTHONPATH": os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))}
        child = subprocess.Popen([sys.executable, "-m", "interpreter.web.sandbox"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        try:
            out, _ = child.communicate(request.encode("utf-8"), timeout=self.limits.seconds)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise SandboxError(f"it took longer than {self.limits.seconds:g} seconds; simplify the ruleset") from None
        try:
            data = json.loads(out[:MAX_ANSWER]) if out else None
        except ValueError:
            data = None
        if isinstance(data, dict) and child.returncode == 0:
            return data
        raise SandboxError(self._why(child.returncode))

    def _why(self, code: int | None) -> str:
        if code in (-getattr(signal, "SIGXCPU", 24), -signal.SIGKILL):
            cpu = self.limits.cpu_seconds
            return f"it needed more than {cpu} second{'s' if cpu != 1 else ''} of CPU; simplify the ruleset"
        return f"it stopped without an answer (more than {self.limits.memory_mb} MB of memory, or a crash)"


def main() -> None:
    """The child: limits first, then the job read from stdin; its answer goes to stdout as JSON."""
    import resource     # POSIX only: imported where it is used, so the server module loads anywhere
    request = json.loads(sys.stdin.buffer.read(MAX_ANSWER))
    limits = Limits(**request["limits"])
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    module, _, name = request["job"].partition(":")
    job = getattr(importlib.import_module(module), name)
    try:
        answer = job(*request["args"])
    except MemoryError:
        answer = {"error": f"it needed more than {limits.memory_mb} MB of memory; simplify the ruleset"}
    except RecursionError:
        answer = {"error": "it nests too deeply; flatten the ruleset"}
    sys.stdout.write(json.dumps(answer))


# -- jobs (run in the child) -------------------------------------------------------------
def check_source(source: str, filename: str) -> dict:
    """Check a ruleset's source: {"ok", "diagnostics" (for people), "ruleset" (what the lobby shows)}."""
    from interpreter.compile.ruleset import check_ruleset
    from interpreter.web.described import describe, for_people
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
    from interpreter.compile.ruleset import check_ruleset
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


if __name__ == "__main__":
    main()
