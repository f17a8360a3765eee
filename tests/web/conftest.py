"""Shared pieces of the web tests: an app over a fresh data folder, a client that checks no
answer ever holds a traceback, tables created through the API, and a real server process."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from tabletop import registry
from tabletop.web import create_app
from tabletop.web.hub import Hub
from tests.fixtures.menu_game import GAME as MENU_GAME
from tests.web.browsing import ARGS, BROWSER_MISSING, CHROMIUM, LiveServer


class Client(TestClient):
    """A test client whose every answer is checked: no traceback, ever."""

    def request(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        response = super().request(*args, **kwargs)
        assert "Traceback" not in response.text, response.text
        return response

    @property
    def hub(self) -> Hub:
        return self.app.state.hub  # type: ignore[attr-defined,no-any-return]

    def settle(self) -> None:
        """Wait until the bots have made every move they can."""
        assert self.portal is not None
        self.portal.call(self.hub.settled)


@pytest.fixture
def menu_game() -> Iterator[None]:
    """The test game with menu groups, a concession, stay-out questions and no picture."""
    registry.register("menu_game", MENU_GAME)
    yield
    registry.unregister("menu_game")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    with Client(create_app(tmp_path / "data", bot_delay=0)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    """The header a page sends its link's token in."""
    return {"Authorization": f"Bearer {token}"}


def token_of(url: str) -> str:
    """The token of a link (its fragment)."""
    return url.split("#", 1)[1]


class Made:
    """A table created through the API: its id and its links' tokens."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.id: str = answer["table"]
        self.seats = {int(n): token_of(url) for n, url in answer["seats"].items()}
        self.hotseat = token_of(answer["hotseat"]) if answer["hotseat"] else None
        self.spectator = token_of(answer["spectator"])

    def url(self, what: str) -> str:
        return f"/api/tables/{self.id}/{what}"


def make_table(client: Any, game: str, seats: list[str], seed: int = 1,
               options: dict[str, Any] | None = None, single: bool = False) -> Made:
    """Create a table (status 201 checked); ``single``: whether its human seats have their
    decisions of one choice played for them (off here, unless a test is about it)."""
    answer = client.post("/api/tables", json={"game": game, "players": len(seats),
                                              "seats": seats, "seed": seed,
                                              "options": options or {}, "single": single})
    assert answer.status_code == 201, answer.text
    return Made(answer.json())


def decision(client: Client, made: Made) -> str:
    """The fingerprint of the decision a table awaits now, as the seat to act's view gives
    it (what a move must name; a made-up one once the game is over)."""
    return client.hub.tables[made.id].decision() or "none: the game is over"


class ServerProcess:
    """``tabletop serve`` in a subprocess on a free loopback port (printed by the command)."""

    def __init__(self, data: Path, bot_delay: float = 0.0) -> None:
        self.data = data
        self.bot_delay = bot_delay
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers. Its output goes to a log file beside
        the data folder (a pipe nobody reads would fill up and stop the server)."""
        command = [str(Path(sys.executable).with_name("tabletop")), "serve", "--port", "0",
                   "--data", str(self.data), "--bot-delay", str(self.bot_delay)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.data.parent.mkdir(parents=True, exist_ok=True)
        self.log = self.data.parent / "server.log"
        with self.log.open("a") as log:
            start = log.tell()
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            text=True, env=env)
        deadline = time.monotonic() + 30
        found = None
        while found is None and time.monotonic() < deadline:
            assert self.process.poll() is None, f"serve stopped: {self._output(start)}"
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", self._output(start))
            time.sleep(0.05)
        assert found, f"serve printed no address: {self._output(start)}"
        self.url = found.group(0).rstrip("/")
        # One client for the whole test: making an httpx2 client costs a third of a second.
        self.http = httpx2.Client(base_url=self.url, timeout=10)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if self.http.get("/static/style.css").status_code == 200:
                    return self
            except httpx2.HTTPError:
                time.sleep(0.05)
        raise AssertionError(f"the server did not answer: {self._output(start)}")

    def _output(self, start: int) -> str:
        """What the server printed since ``start`` (a position in its log)."""
        with self.log.open() as log:
            log.seek(start)
            return log.read()[-3000:]

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.http.close()

    def stop(self) -> None:
        """SIGINT, as Ctrl-C: the server shuts down cleanly."""
        if self.process is not None and self.process.poll() is None:
            self.http.close()
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A running ``tabletop serve`` (bots without delay), stopped at the end."""
    process = ServerProcess(tmp_path / "data").start()
    yield process
    process.stop()


# -- the browser tests' fixtures (their helpers are in tests/web/browsing.py) -------------
@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The web app served on a free loopback port, for one test module."""
    with LiveServer(tmp_path_factory.mktemp("web") / "data") as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (skips, saying how to install it, when it or Playwright is
    missing)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(BROWSER_MISSING)
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="the browser tests need Playwright: pip install -e '.[test]'")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for a module's screenshots (see :func:`tests.web.browsing.screenshot`)."""
    return tmp_path_factory.mktemp("screenshots")
