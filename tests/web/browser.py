"""Real headless Chromium for the browser tests (Playwright driving the system's chromium),
a server in a thread of the test process so tests can read the game it runs, and a person's
hands on the pages: opening a table in the lobby and clicking through a game."""
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


def screenshot(page, name: str, tmp_path: Path, *, full_page: bool = True) -> Path:
    """Where a screenshot goes: docs/images when CARDRULES_SCREENSHOTS=1 (to refresh the README's), else tmp."""
    folder = SCREENSHOTS if os.environ.get("CARDRULES_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path), full_page=full_page)
    return path


DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def wait_until(condition, *, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the page did not get there in time")
        time.sleep(0.03)


def open_from_lobby(page, url: str, game: str, seats: list[str], *, options: dict | None = None,
                    names: dict | None = None) -> dict:
    """Open a table as a person does in the lobby: choose the game, the number of players, the
    options and who sits where ("human" or a bot name), click "Open the table"; the links it shows."""
    page.goto(url + "/")
    page.wait_for_selector(f'#game option[value="{game}"]', state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "input")
    for name, value in (options or {}).items():
        field = page.locator(f'[data-option="{name}"]')
        if field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        elif field.evaluate("n => n.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    for seat, kind in enumerate(seats):
        page.select_option(f'select[data-seat="{seat}"]', "human" if kind == "human" else f"bot:{kind}")
        if names and seat in names:
            page.fill(f'[data-name="{seat}"]', names[seat])
    page.click("#open")
    page.wait_for_selector("#spectator-link")
    links = {"spectator": page.get_attribute("#spectator-link", "href"),
             "host": page.get_attribute("#host-link", "href"),
             "text": page.inner_text("#links")}
    for seat, kind in enumerate(seats):
        if kind == "human":
            links[seat] = page.get_attribute(f"#seat-link-{seat}", "href")
    return links


def ready(page) -> bool:
    return page.evaluate("document.body.dataset.ready") not in (None, "")


def over(page) -> bool:
    return page.evaluate("document.body.dataset.over") == "true"


def take_one_decision(page) -> None:
    """Answer the decision in front of this page by clicks, as a person would: the smallest
    amount, else a highlighted card, else the first card set the page offers, else check or call
    (to see a betting hand through), else the first button."""
    before = page.evaluate("document.body.dataset.ready")
    if page.locator("#amount").count():
        page.locator("#decision button", has_text="min ").click()
        page.click("#submit-number")
    elif page.locator("#play-selection").count() and page.locator("#decision button.choice").count() == 0:
        choice = page.evaluate("""() => { const c = [...document.querySelectorAll("button.card.legal")];
                                           return c.length ? c[0].dataset.card : null; }""")
        page.click(f'button.card[data-card="{choice}"]')
        page.click("#play-selection")
    elif page.locator("#decision button.choice").count():
        stay = page.locator('#decision button.choice[data-choice="check"], #decision button.choice[data-choice="call"]')
        (stay if stay.count() else page.locator("#decision button.choice")).first.click()
    else:
        page.locator("button.card.legal").first.click()
    wait_until(lambda: page.evaluate("document.body.dataset.ready") != before)


def play_to_the_end(pages: list, *, each=None) -> int:
    """Click through every decision of these pages (one per seat) until the game is over;
    `each(page, clicks)` runs before each click. The number of decisions clicked."""
    clicks = 0
    while not all(over(p) for p in pages):
        wait_until(lambda: any(ready(p) or over(p) for p in pages))
        for page in pages:
            if ready(page):
                if each:
                    each(page, clicks)
                take_one_decision(page)
                clicks += 1
    return clicks
