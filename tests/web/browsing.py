"""What the browser tests share: headless Chromium (Debian's ``chromium`` package) driven by
Playwright against the web app under uvicorn on a free loopback port, axe-core, pages in
contexts of their own (a device each, desktop or phone size), screenshots, tables made
through the lobby or the API, and waits for moves.

The fixtures ``live``, ``browser`` and ``shots`` are in ``tests/web/conftest.py``; without
Chromium or Playwright a test asking for ``browser`` skips, saying how to install them.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
from pathlib import Path
from typing import Any, Self

import httpx2
import pytest

from tabletop.web import create_app
from tabletop.web.app import Server
from tabletop.web.hub import Hub
from tabletop.web.limits import Limits
from tabletop.web.tables import Table

#: the browser: $TABLETOP_CHROMIUM, else Debian's chromium
CHROMIUM = os.environ.get("TABLETOP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 860}
#: a desktop and a phone, as the issue of the browser table measures them
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

BROWSER_MISSING = ("the browser tests need Chromium: install Debian's package with "
                   "`apt-get install chromium` (CI's .ci/run does)")


try:  # axe-core, the accessibility checker, as Playwright runs it
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - the test extra installs it
    Axe = None


def assert_accessible(page: Any) -> None:
    """axe-core finds no violation on ``page`` as it is now (skips, saying how to get it,
    when axe-playwright-python is not installed: it comes with the test extra)."""
    if Axe is None:
        pytest.skip("the accessibility checks need axe-playwright-python: "
                    "pip install -e '.[test]'")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_snapshot()


class LiveServer:
    """The web app under uvicorn in a thread, on a free loopback port."""

    def __init__(self, data: Path) -> None:
        import uvicorn

        # one page per test, all from 127.0.0.1: room for every table the tests make
        self.app = create_app(data, bot_delay=0, limits=Limits(create_burst=100_000))
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(self.app, log_level="warning", timeout_graceful_shutdown=2)
        self.server = Server(config, self.app)
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def hub(self) -> Hub:
        return self.app.state.hub  # type: ignore[no-any-return]

    def __enter__(self) -> Self:
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                return self
            threading.Event().wait(0.05)
        raise AssertionError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def screenshot(page: Any, shots: Path, name: str) -> None:
    """Save a screenshot of ``page`` (and copy it to $TABLETOP_SCREENSHOTS if set)."""
    path = shots / f"{name}.png"
    # from the top: a page scrolled by the clicks before would draw its sticky column where
    # the window last was
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    folder = os.environ.get("TABLETOP_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)


def open_page(browser: Any, url: str, viewport: dict[str, int] | None = None) -> Any:
    """A page in a browser context of its own (a device of its own, ``viewport`` sized: a
    phone is a touch device), collecting script errors in ``page.errors``."""
    phone = viewport is not None and viewport["width"] < 600
    page = browser.new_context(viewport=viewport or VIEWPORT, accept_downloads=True,
                               has_touch=phone, is_mobile=phone).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


def create_in_lobby(browser: Any, live: LiveServer, game: str, players: int, seed: int,
                    shots: Path | None = None) -> tuple[Table, list[str]]:
    """Set up a table of people only through the lobby form (a screenshot of the form filled
    in to ``shots``); its table and its links."""
    lobby = open_page(browser, live.url + "/")
    lobby.select_option("#game", game)
    lobby.fill("#players", str(players))
    lobby.dispatch_event("#players", "input")
    for seat in range(1, players + 1):
        lobby.select_option(f"#seats select[data-seat='{seat}']", "human")
    lobby.fill("#seed", str(seed))
    if shots is not None:
        screenshot(lobby, shots, "lobby")
    lobby.click("button[type=submit]")
    lobby.wait_for_selector("#links:not([hidden])")
    assert not lobby.is_visible("#create")
    links = [lobby.input_value(f"#linklist li:nth-child({n}) input")
             for n in range(1, players + 3)]
    table_id = links[0].split("/table/")[1].split("#")[0]
    assert lobby.errors == []
    lobby.context.close()
    return live.hub.tables[table_id], links


def wait_for_move(page: Any, move: int) -> None:
    page.wait_for_function("n => Number(document.body.dataset.move) >= n", arg=move,
                           timeout=15_000)


def wait_until_armed(page: Any) -> None:
    """Until the menu's buttons take clicks: a freshly drawn one ignores them for a moment
    (the second click of a double click must not play the next decision)."""
    page.wait_for_selector("#menu[data-armed='yes']", state="attached", timeout=15_000)


def wait_until_still(pages: list[Any], table: Table) -> None:
    """Until the table has stopped moving (the decisions of one choice played for the
    people who let it) and every page shows it."""
    while True:
        while table.lock.locked():
            threading.Event().wait(0.01)
        steps = table.steps
        for page in pages:
            wait_for_move(page, steps)
        if table.steps == steps and not table.lock.locked():
            return


def create_by_api(live: LiveServer, game: str, seats: list[str], seed: int,
                  single: bool = True) -> tuple[Table, dict[str, Any]]:
    """A table made through the API (a bot seat is easier so); its table and its links."""
    answer = httpx2.post(live.url + "/api/tables", json={
        "game": game, "players": len(seats), "seats": seats, "seed": seed,
        "single": single}, timeout=10)
    assert answer.status_code == 201, answer.text
    links = answer.json()
    return live.hub.tables[links["table"]], links
