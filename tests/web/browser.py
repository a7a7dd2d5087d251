"""Real headless Chromium for the browser tests (Playwright driving the system's chromium),
and a server in a thread of the test process so tests can read the game it runs."""
from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "images"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CARDRULES_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    path = chromium_path()
    if path is None:
        pytest.skip("no chromium browser is installed (.ci/run installs Debian's chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class ThreadServer:
    """uvicorn serving `app` on a free loopback port in a daemon thread."""

    def __init__(self, app):
        import uvicorn

        from interpreter.web.server import websocket_implementation
        from tests.web.server_process import free_port
        self.app = app
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    lifespan="on", ws=websocket_implementation()))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


def screenshot(page, name: str, tmp_path: Path) -> Path:
    """Where a screenshot goes: docs/images when CARDRULES_SCREENSHOTS=1 (to refresh the README's), else tmp."""
    folder = SCREENSHOTS if os.environ.get("CARDRULES_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path), full_page=True)
    return path
