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

import json
import random
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.web.tables import Table
from tabletop.web.views import SINGLE_NOTE
from tests.web.auction_game import GAME as AUCTION
from tests.web.browsing import (
    BROWSER_MISSING,
    CHROMIUM,
    LiveServer,
    assert_accessible,
    create_by_api,
    create_in_lobby,
    open_page,
    screenshot,
    wait_for_move,
    wait_until_armed,
    wait_until_still,
)
from tests.web.test_words import SPEC_WORDS

if not Path(CHROMIUM).exists():
    pytest.skip(BROWSER_MISSING, allow_module_level=True)


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


def amount_field(page: Any, question: str) -> Any:
    """The number field of the amount decision ``question``, found by its label as a screen
    reader finds it."""
    return page.locator(f"#menu form.amount[data-question={json.dumps(question)}]"
                        ).get_by_label(question)


def click_a_move(page: Any, table: Table, rng: random.Random) -> None:
    """Click one of the seat's actions at random, opening its group first if it has one; an
    amount decision gets one of its values typed, and Enter."""
    seat = table.match.state.to_act
    wait_until_armed(page)
    line = rng.choice(table.payload(seat)["menu"]["lines"])
    if "group" in line:
        page.click(f"#menu summary:text-is('{line['text']}')")
        line = rng.choice(line["group"]["lines"])
    if "amount" in line:
        field = amount_field(page, line["amount"]["question"])
        field.fill(str(rng.choice(line["amount"]["choices"])[0]))
        field.press("Enter")
        return
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
        wait_for_move(pages[seat], move + 1)
        wait_until_still(pages, table)
        for viewer, page in enumerate(pages):  # the other page updates without a reload
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
    automatic = sum(entry.full.startswith(SINGLE_NOTE) for entry in table.entries)
    assert played + automatic == table.steps and table.match.state.is_over
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
    assert_accessible(pages[0])  # a round's feed, long enough to scroll


def test_the_hot_seat_hides_the_table_between_two_players(browser: Any,
                                                          live: LiveServer) -> None:
    table, links = create_in_lobby(browser, live, "tic_tac_toe", 2, seed=1)
    page = open_page(browser, links[2])
    page.wait_for_selector("#pass:not([hidden])")
    assert "Player 1's turn" in page.inner_text("#pass-text")
    assert page.inner_text("#board") == ""
    page.click("#pass-show")
    page.wait_for_selector("#menu button.action")
    wait_until_armed(page)
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


# -- issue 26: amounts typed, bots by level, the guide ---------------------------------
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def auction() -> Iterator[None]:
    """Three Lots (tests/web/auction_game.py): bids typed as amounts, 1 to 20 G."""
    registry.register("auction_game", AUCTION)
    yield
    registry.unregister("auction_game")


def test_a_player_types_an_amount_and_plays_it(browser: Any, live: LiveServer, shots: Path,
                                               auction: None) -> None:
    table, links = create_in_lobby(browser, live, "auction_game", 2, seed=1)
    page = open_page(browser, links[0])
    field = amount_field(page, "Your bid")
    field.wait_for()
    form = page.locator("#menu form.amount")
    assert form.locator("label").inner_text() == "Your bid (1 to 20 G)"
    assert [field.get_attribute(a) for a in ("type", "min", "max", "step")] == [
        "number", "1", "20", "1"]
    assert form.locator(".unit").inner_text() == "G"
    assert page.locator("#stay-out-hint").count() == 0  # Player 1 takes part in the bidding
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, shots, "amount-desktop")

    # by keyboard alone: Tab reaches the field; an amount that is not a choice is refused
    # on the page and nothing is played
    page.locator("body").focus()
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.type") == "number":
            break
    assert page.evaluate("document.activeElement.id") == field.get_attribute("id")
    page.keyboard.type("25")
    page.keyboard.press("Enter")
    error = form.locator(".error")
    error.filter(has_text="25 G is not an amount you can choose now: 1 to 20 G").wait_for()
    assert field.get_attribute("aria-invalid") == "true" and table.steps == 0
    field.fill("7")
    page.keyboard.press("Tab")  # to the button
    assert page.evaluate("document.activeElement.textContent") == "Play this amount"
    page.keyboard.press("Enter")
    wait_for_move(page, 1)
    assert table.match.record.actions == [{"type": "Bid", "value": 7}]
    assert table.match.state.bids[0] == 7
    assert "Player 1: bid 7 G" in page.inner_text("#lines")  # a person's move, untagged

    # the other seat: its field at a phone's size
    other = open_page(browser, links[1])
    other.set_viewport_size(PHONE)
    amount_field(other, "Your bid").wait_for()
    screenshot(other, shots, "amount-phone")
    width = other.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
    amount_field(other, "Your bid").fill("20")
    amount_field(other, "Your bid").press("Enter")
    wait_for_move(other, 2)
    assert table.match.state.points == [0, 5]  # the lot went to the higher bid
    assert page.errors == [] and other.errors == []


def test_the_amount_page_passes_axe(browser: Any, live: LiveServer, auction: None) -> None:
    table, links = create_in_lobby(browser, live, "auction_game", 2, seed=2)
    page = open_page(browser, links[0])
    amount_field(page, "Your bid").wait_for()
    page.click("#guide summary")  # the guide open too
    page.wait_for_selector("#guide[data-loaded]")
    assert_accessible(page)
    form = page.locator("#menu form.amount")
    form.locator("input").fill("0")
    form.locator("input").press("Enter")  # the refusal is on the page: still no violation
    form.locator(".error").filter(has_text="not an amount").wait_for()
    assert_accessible(page)
    assert table.steps == 0 and page.errors == []


def test_the_guide_shows_the_games_guide_then_its_rules(browser: Any,
                                                        live: LiveServer) -> None:
    table, links = create_in_lobby(browser, live, "crime_lords", 2, seed=1)
    page = open_page(browser, links[0])
    wait_for_move(page, 0)
    assert not page.is_visible("#guide-text")  # closed until asked for
    page.click("#guide summary")
    page.wait_for_selector("#guide[data-loaded]")
    guide = table.game.guide()
    assert page.inner_text("#guide-text").strip() == guide.strip()
    page.click("#rules summary")
    rules = page.inner_text("#rules-text")
    assert "[cl-" not in rules and "**" not in rules and len(rules) > 1000
    assert page.errors == []


def test_no_page_shows_an_agent_spec(browser: Any, live: LiveServer) -> None:
    """The lobby, a table played by bots of every level (its seats' page and a
    spectator's), and the replay of a finished game: bots read "Hard bot", never
    "ismcts:200ms:guide=heuristic"."""
    def shown(page: Any) -> list[str]:
        text = page.inner_text("body")
        return [word for word in SPEC_WORDS if word in text]

    lobby = open_page(browser, live.url + "/")
    lobby.select_option("#game", "tic_tac_toe")
    picker = lobby.locator("#seats select[data-seat='2']")
    options = picker.locator("option").all_inner_texts()
    assert "Hard bot" in options  # its help in the option's title and under the picker
    assert picker.locator("option[value='hard']").get_attribute("title") == \
        "a search bot that tries moves out before choosing"
    titles = picker.locator("option").evaluate_all("os => os.map(o => o.title)")
    assert not [o for o in options + titles if any(word in o for word in SPEC_WORDS)], options
    assert shown(lobby) == []
    lobby.select_option("#seats select[data-seat='1']", "hard")
    lobby.select_option("#seats select[data-seat='2']", "normal")
    lobby.fill("#seed", "3")
    lobby.click("button[type=submit]")
    lobby.wait_for_selector("#links:not([hidden])")
    spectator = lobby.input_value("#linklist li:last-child input")
    table_id = spectator.split("/table/")[1].split("#")[0]
    table = live.hub.tables[table_id]
    assert table.match.seats == ["ismcts:200ms:guide=heuristic", "heuristic"]
    page = open_page(browser, spectator)
    page.wait_for_selector("#ended:not([hidden])", timeout=30_000)
    assert "1. Player 1 (Hard bot): X marks" in page.inner_text("#lines")
    assert shown(page) == []
    page.click("#replay")
    page.wait_for_selector("#watch:not([hidden])")
    assert "Player 1 (Hard bot), Player 2 (Normal bot)" in page.inner_text("#facts")
    assert shown(page) == []
    assert lobby.errors == [] and page.errors == []


# -- issue 27: a double click plays one move, the tab says whose turn it is ------------
def test_a_double_click_plays_one_move(browser: Any, live: LiveServer) -> None:
    # against a bot that answers at once, the page draws Player 1's next decision under the
    # pointer before the second click of a double click lands (150 ms later)
    for seed in range(3):
        table, links = create_by_api(live, "tic_tac_toe", ["human", "easy"], seed=seed)
        page = open_page(browser, links["seats"]["1"])
        wait_until_armed(page)
        assert table.steps == 0
        box = page.locator("#menu button.action").first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        page.wait_for_timeout(150)
        page.mouse.click(x, y)
        wait_for_move(page, 2)  # the bot's answer is drawn
        page.wait_for_timeout(600)  # time for a second move to arrive, were one played
        while table.lock.locked() or table.bot_to_act():
            threading.Event().wait(0.01)
        assert table.steps == 2, f"the double click played {table.steps // 2} moves"
        assert len(table.match.record.actions) == 2 and page.errors == []
        page.context.close()


def test_the_tab_title_says_when_it_is_your_turn(browser: Any, live: LiveServer) -> None:
    _, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=4)
    one = open_page(browser, links["seats"]["1"])
    two = open_page(browser, links["seats"]["2"])
    for page in (one, two):
        wait_for_move(page, 0)
    assert one.title() == "(Your turn) Tic-tac-toe - Tabletop"
    assert two.title() == "Tic-tac-toe - Tabletop"
    wait_until_armed(one)
    one.click("#menu button.action[data-action='4']")
    wait_for_move(two, 1)
    two.wait_for_function("() => document.title.startsWith('(Your turn) ')")
    assert two.title() == "(Your turn) Tic-tac-toe - Tabletop"
    one.wait_for_function("() => !document.title.startsWith('(')")
    assert one.title() == "Tic-tac-toe - Tabletop"
    assert one.errors == [] and two.errors == []


def test_the_single_choice_setting_is_a_labelled_checkbox(browser: Any,
                                                         live: LiveServer) -> None:
    table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=5)
    page = open_page(browser, links["seats"]["1"])
    wait_for_move(page, 0)
    box = page.get_by_label("Play single choices for me")
    assert box.is_checked() and table.single[0]
    box.focus()  # by keyboard: Space switches it, and the server keeps it
    page.keyboard.press("Space")
    page.wait_for_function("() => !document.querySelector('#single').disabled")
    assert not box.is_checked()
    for _ in range(100):
        if not table.single[0]:
            break
        threading.Event().wait(0.05)
    assert table.single == [False, True]
    assert_accessible(page)
    spectator = open_page(browser, links["spectator"])
    wait_for_move(spectator, 0)
    assert not spectator.is_visible("#single")  # a spectator has no seat to set
    assert page.errors == [] and spectator.errors == []
