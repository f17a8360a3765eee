"""The browser table in a real browser: headless Chromium (Debian's ``chromium`` package)
driven by Playwright, against a server on a free loopback port.

Two people play a whole 2-player Chicago DIY game and the first round of Bootleggers by
clicking, each in his own browser context; after every move both pages update without a
reload, each shows exactly its own seat's view and never the other's hand or private
events. A hot-seat page hides the table between two players; a finished game downloads and
replays with the slider. Screenshots of each table go to a temporary folder (and to
``$TABLETOP_SCREENSHOTS`` when set: that is how ``docs/pictures/`` is made).

Without chromium these tests skip, saying how to install it (``apt-get install chromium``).
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import pytest

from tabletop.web import create_app
from tabletop.web.app import Server
from tabletop.web.hub import Hub
from tabletop.web.tables import Table

#: the browser: $TABLETOP_CHROMIUM, else Debian's chromium
CHROMIUM = os.environ.get("TABLETOP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 860}

if not Path(CHROMIUM).exists():
    pytest.skip("the browser tests need Chromium: install Debian's package with "
                "`apt-get install chromium` (CI's .ci/run does)", allow_module_level=True)
playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need Playwright: pip install -e '.[test]'")


class LiveServer:
    """The web app under uvicorn in a thread, on a free loopback port."""

    def __init__(self, data: Path) -> None:
        import uvicorn

        self.app = create_app(data, bot_delay=0)
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


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "data") as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def screenshot(page: Any, shots: Path, name: str) -> None:
    """Save a screenshot of ``page`` (and copy it to $TABLETOP_SCREENSHOTS if set)."""
    path = shots / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    folder = os.environ.get("TABLETOP_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)


def open_page(browser: Any, url: str) -> Any:
    """A page in a browser context of its own (a device of its own), failing on any script
    error."""
    page = browser.new_context(viewport=VIEWPORT, accept_downloads=True).new_page()
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


def texts(view: dict[str, Any]) -> list[str]:
    """The words a view shows, line by line: the picture's text nodes, or the text view."""
    if view["picture"]:
        nodes = ET.fromstring(view["picture"]).itertext()
    else:
        nodes = iter([view["text"]])
    return [line.strip() for node in nodes for line in node.splitlines() if line.strip()]


def secrets_of(table: Table, seat: int) -> set[str]:
    """What only ``seat`` sees of the table now: the words of its view that a spectator's
    view lacks (its hand, for one), leaving out the lines naming it "you"."""
    own = set(texts(table.payload(seat)))
    public = set(texts(table.payload(None)))
    return {t for t in own - public if "(you)" not in t and "you" not in t.split()}


def wait_for_move(page: Any, move: int) -> None:
    page.wait_for_function("n => Number(document.body.dataset.move) >= n", arg=move,
                           timeout=15_000)


#: what a table page shows, read in one round trip: the move, the board's words line by
#: line (as :func:`texts` reads a view), the feed
SNAPSHOT = """n => {
  const walk = document.createTreeWalker(document.querySelector("#board"), NodeFilter.SHOW_TEXT);
  const words = [];
  while (walk.nextNode()) {
    for (const line of walk.currentNode.nodeValue.split("\\n")) {
      if (line.trim()) words.push(line.trim());
    }
  }
  return {move: Number(document.body.dataset.move), words,
          entry: (document.querySelector(`#lines li[data-step="${n}"]`) || {}).textContent,
          feed: document.querySelector("#lines").textContent};
}"""


def check_page(page: Any, table: Table, seat: int, other: int) -> None:
    """The page shows its seat's view of the current table, with the last move in its feed,
    and nothing that only the other seat may see: neither its hand nor its private events."""
    page.wait_for_function("n => document.querySelector(`#lines li[data-step='${n}']`)",
                           arg=table.steps, timeout=15_000)
    shown = page.evaluate(SNAPSHOT, table.steps)
    assert shown["move"] == table.steps and shown["entry"]
    own = set(texts(table.payload(seat)))
    assert set(shown["words"]) == own, f"Player {seat + 1}'s page is not its seat's view"
    for secret in secrets_of(table, other) - own:
        assert secret not in shown["words"], f"Player {seat + 1}'s page shows {secret!r}"
    events = [e for entry in table.entries for e in entry.events]  # the whole game's
    mine = {e.text for e in events if e.to == seat}
    for event in events:
        # the same words can be the other seat's secret and this seat's own ("you draw 8♣")
        if event.to == other and event.text not in mine:
            assert event.text not in shown["feed"]


def click_a_move(page: Any, table: Table, rng: random.Random) -> None:
    """Click one of the seat's actions at random, opening its group first if it has one."""
    seat = table.match.state.to_act
    line = rng.choice(table.payload(seat)["menu"]["lines"])
    if "group" in line:
        page.click(f"#menu summary:text-is('{line['text']}')")
        line = rng.choice(line["group"]["lines"])
    page.click(f"#menu button.action[data-action='{line['action']}']")


def play_by_clicking(pages: list[Any], table: Table, rng: random.Random, until: Any,
                     shot: tuple[Path, str] | None = None) -> int:
    """Click moves on the page of the seat to act until ``until(state)``; after every move
    both pages are checked. Returns the moves played (refusing to go on forever). ``shot``:
    a screenshot of the first page, when its seat is first to act after move 20."""
    played = 0
    while not until(table.match.state):
        move = table.steps
        seat = table.match.state.to_act
        assert seat is not None and played < 2000
        wait_for_move(pages[seat], move)
        if shot is not None and move >= 20 and seat == 0:
            screenshot(pages[0], *shot)
            shot = None
        click_a_move(pages[seat], table, rng)
        for viewer, page in enumerate(pages):  # the other page updates without a reload
            wait_for_move(page, move + 1)
            check_page(page, table, viewer, 1 - viewer)
        played += 1
    return played


def test_two_people_play_a_whole_game_of_chicago_diy(browser: Any, live: LiveServer,
                                                     shots: Path) -> None:
    table, links = create_in_lobby(browser, live, "chicago_diy", 2, seed=21, shots=shots)
    pages = [open_page(browser, links[0]), open_page(browser, links[1])]
    for page in pages:
        wait_for_move(page, 0)
    assert secrets_of(table, 0) and secrets_of(table, 1), "nothing private to check"
    played = play_by_clicking(pages, table, random.Random(5), lambda s: s.is_over,
                              (shots, "chicago_diy-table"))
    assert played == table.steps and table.match.state.is_over
    result = table.payload(None)["result"]
    for page in pages:
        page.wait_for_selector("#ended:not([hidden])")
        assert "The game is over" in page.inner_text("#status")
        assert page.inner_text("#result") == result
        assert page.errors == []

    with pages[1].expect_download() as download:  # the record, and its replay
        pages[1].click("#download")
    record = Path(download.value.path())
    replay = open_page(browser, live.url + "/replay")
    replay.set_input_files("#file", str(record))
    replay.wait_for_selector("#watch:not([hidden])")
    assert replay.get_attribute("#step", "max") == str(table.steps)
    replay.fill("#step", "40")
    replay.dispatch_event("#step", "input")
    replay.wait_for_selector("#lines li.current[data-step='40']")
    replay.select_option("#viewer", "2")
    replay.wait_for_selector("#board:has-text('(you)')")
    assert replay.errors == []
    screenshot(replay, shots, "replay")

    pages[0].click("#replay")  # the finished table's own replay, fetched with its link
    pages[0].wait_for_selector("#watch:not([hidden])")
    assert pages[0].get_attribute("#step", "max") == str(table.steps)
    assert pages[0].errors == []


def test_two_people_play_the_first_round_of_bootleggers(browser: Any, live: LiveServer,
                                                        shots: Path) -> None:
    table, links = create_in_lobby(browser, live, "bootleggers", 2, seed=8)
    pages = [open_page(browser, links[0]), open_page(browser, links[1])]
    played = play_by_clicking(pages, table, random.Random(3), lambda s: s.round >= 2)
    assert played >= 4 and table.match.state.round == 2
    for page in pages:
        assert page.errors == []
    seat = table.match.state.to_act
    screenshot(pages[seat if seat is not None else 0], shots, "bootleggers-table")


def test_the_hot_seat_hides_the_table_between_two_players(browser: Any,
                                                          live: LiveServer) -> None:
    table, links = create_in_lobby(browser, live, "tic_tac_toe", 2, seed=1)
    page = open_page(browser, links[2])
    page.wait_for_selector("#pass:not([hidden])")
    assert "Player 1's turn" in page.inner_text("#pass-text")
    assert page.inner_text("#board") == ""
    page.click("#pass-show")
    page.wait_for_selector("#menu button.action")
    page.click("#menu button.action[data-action='4']")  # X in the centre
    page.wait_for_selector("body[data-screen='pass']")
    assert "Player 2's turn" in page.inner_text("#pass-text")
    assert page.inner_text("#board") == "" and page.inner_text("#menu") == ""
    assert not page.is_visible("#playing")
    page.click("#pass-show")
    # the pass screen already carries move 1: wait for the table itself to be drawn
    page.wait_for_selector("body[data-screen='table']")
    assert "(you)" in page.inner_text("#board") and table.steps == 1
    assert page.errors == []
