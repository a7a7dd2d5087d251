"""A real server in a child process on a free loopback port, for tests that kill and restart it."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, db: Path, *, port: int | None = None, bot_delay: float = 0.0, log: Path | None = None,
                 extra: tuple[str, ...] = ()):
        self.db, self.port, self.bot_delay, self.extra = db, port or free_port(), bot_delay, extra
        self.log = log or db.with_suffix(".log")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "ServerProcess":
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "interpreter.cli.main", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--db", str(self.db), "--bot-delay", str(self.bot_delay), "--allow-client-seeds", *self.extra],
                stdout=log, stderr=log, env=env, cwd=ROOT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not answer /health within 60 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
