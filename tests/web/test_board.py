"""The table page as a board, in headless Chromium: moves played by clicking the picture (a
piece then where it goes, a small menu where one element stands for several actions, a
number field where they are one amount), the last moves highlighted until the seat acts, the
layout at desktop and phone size (the board 820 px wide at 1280x800; on a phone the options
in a bottom sheet, nothing scrolling sideways), zoom, a card's text on a tap, the feed
grouped by round, the header's names and accessibility (axe-core).

Every registered game (tic-tac-toe aside) is played for at least 20 moves by clicking its
board only, at 1280x800 and at 390x844, with screenshots of each (``$TABLETOP_SCREENSHOTS``
copies them)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx2
import pytest

from tabletop import registry
from tabletop.amounts import Amount
from tabletop.engine import Game, Result, State, seat_label
from tabletop.options import NoOptions
from tabletop.pictures import Svg, card, element_id, seat_row, table_cloth, token
from tabletop.rng import Rng
from tabletop.web.tables import Table
from tests.web.browsing import (
    BROWSER_MISSING,
    CHROMIUM,
    DESKTOP,
    PHONE,
    LiveServer,
    assert_accessible,
    create_by_api,
    open_page,
    screenshot,
    wait_for_move,
    wait_until_armed,
)
from tests.web.picture_fit import BOARD_PX

if not Path(CHROMIUM).exists():
    pytest.skip(BROWSER_MISSING, allow_module_level=True)

#: the games played from the board: every registered game but the tutorial
GAMES = [name for name in registry.names() if name != "tic_tac_toe"]
#: moves a person must play by clicking the board in each game
BOARD_MOVES = 20


# -- "Hop": a small game whose every kind of board click is known -------------------------
CELLS = 6
REACH = 2


@attrs.frozen
class Hop:
    """Move your pawn to cell ``to`` (at most two cells away, not an occupied one)."""

    to: int


@attrs.frozen
class Take:
    """Take ``coins`` coins from the bank (an amount: 1 to 3)."""

    coins: int


@attrs.frozen
class Shout:
    """Cheer or boo at the horn (two actions on one element)."""

    word: str


@attrs.frozen
class Ring:
    """Ring the bell (the one action of its element)."""


@attrs.frozen
class Wave:
    """Wave from your pawn (the pawn's one action that goes nowhere)."""


@attrs.frozen
class Rest:
    """Do nothing (a button only)."""


@attrs.define(slots=True)
class HopState(State):
    """Each seat's cell and coins, how loud the table is, moves played."""

    players: int
    rng: Rng
    options: NoOptions
    cells: list[int]
    coins: list[int]
    noise: int = 0
    bells: int = 0
    moves: int = 0

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.moves % self.players

    @property
    def is_over(self) -> bool:
        return self.moves >= 60

    @property
    def round(self) -> int:
        return self.moves // self.players + 1

    def _legal_actions(self) -> list[Any]:
        me = self.cells[self.moves % self.players]
        hops = [Hop(c) for c in range(CELLS) if 0 < abs(c - me) <= REACH and c not in self.cells]
        return [*hops, Take(1), Take(2), Take(3), Shout("cheer"), Shout("boo"), Ring(), Wave(),
                Rest()]

    def amount(self, action: Any) -> Amount | None:
        return Amount("Coins to take", action.coins, unit="coins") if isinstance(action, Take) else None

    def targets(self, action: Any) -> tuple[str, ...]:
        seat = self.moves % self.players
        if isinstance(action, Hop):
            return (element_id("pawn", seat + 1), element_id("cell", action.to))
        if isinstance(action, Take):
            return ("bank",)
        if isinstance(action, Shout):
            return ("horn",)
        if isinstance(action, Ring):
            return ("bell",)
        if isinstance(action, Wave):
            return (element_id("pawn", seat + 1),)
        return ()

    def _apply(self, action: Any) -> None:
        seat = self.moves % self.players
        if isinstance(action, Hop):
            self.cells[seat] = action.to
        elif isinstance(action, Take):
            self.coins[seat] += action.coins
        elif isinstance(action, Shout):
            self.noise += 1 if action.word == "cheer" else -1
        elif isinstance(action, Ring):
            self.bells += 1
        self.moves += 1

    def result(self) -> Result:
        return Result.by_scores([float(c) for c in self.coins], "sixty moves are played")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"cells": list(self.cells), "coins": list(self.coins), "noise": self.noise,
                "bells": self.bells, "moves": self.moves}

    def clone(self) -> HopState:
        return HopState(self.players, self.rng.clone(), self.options, self.cells[:],
                        self.coins[:], self.noise, self.bells, self.moves)

    def describe(self, action: Any) -> str:
        if isinstance(action, Hop):
            return f"hop to cell {action.to + 1}"
        if isinstance(action, Take):
            return f"take {action.coins} coins"
        if isinstance(action, Shout):
            return f"{action.word} at the horn"
        if isinstance(action, Wave):
            return "wave from the pawn"
        return "ring the bell" if isinstance(action, Ring) else "rest"

    def render(self, seat: int | None) -> str:
        rows = [f"{seat_label(s)}: cell {c + 1}, {self.coins[s]} coins"
                for s, c in enumerate(self.cells)]
        return "\n".join([*rows, f"noise {self.noise}, bells {self.bells}"])

    def picture(self, seat: int | None) -> str:
        svg = Svg(900, 420, title="Hop")
        table_cloth(svg)
        for c in range(CELLS):
            svg.rect(20 + c * 140, 40, 130, 130, fill="#fffdf6", stroke="#222222",
                     id=element_id("cell", c))
        for s, c in enumerate(self.cells):
            token(svg, 85 + c * 140, 105, seat=s, label=str(s + 1), r=30,
                  element=element_id("pawn", s + 1))
        card(svg, 20, 200, "Bank", [f"{sum(self.coins)} taken"], element="bank",
             tooltip="Bank: take 1 to 3 coins")
        card(svg, 160, 200, "Horn", [f"noise {self.noise}"], element="horn")
        card(svg, 300, 200, "Bell", [f"rung {self.bells}"], element="bell")
        card(svg, 440, 200, "Rules card", ["read me"], tooltip="Rules card: how Hop goes")
        y = 330.0
        for s in range(self.players):
            y += seat_row(svg, 600, y - 130, 280, s, f"{seat_label(s)}: {self.coins[s]} coins",
                          to_act=self.to_act == s, you=seat == s)
        return svg.text()


class HopGame(Game):
    """Hop: pawns on six cells, a bank, a horn and a bell, each played from the board."""

    name = "hop_game"
    title = "Hop"
    min_players = 2
    max_players = 2
    options_class = NoOptions
    state_class = HopState
    action_types = (Hop, Take, Shout, Ring, Wave, Rest)
    has_hidden_information = False

    def step_cap(self, players: int, options: Any = None) -> int:
        return 60

    def glossary(self) -> dict[str, str]:
        return {"Rules card": "The card that says how Hop goes: hop, take, shout or ring."}

    def _new_state(self, players: int, seed: int, options: Any) -> HopState:
        return HopState(players, Rng.from_seed(seed), NoOptions(), [0, CELLS - 1], [0, 0])


@pytest.fixture
def hop() -> Iterator[None]:
    registry.register("hop_game", HopGame())
    yield
    registry.unregister("hop_game")


# -- helpers ------------------------------------------------------------------------------
def settle(table: Table) -> None:
    """Until no move is being played and no bot is to act."""
    for _ in range(1000):
        if not table.lock.locked() and not table.bot_to_act():
            return
        threading.Event().wait(0.01)


def board(page: Any, target: str) -> Any:
    """The element of the board with id ``target``."""
    return page.locator(f"#board [id='{target}']")


def classes(page: Any, target: str) -> set[str]:
    return set((board(page, target).get_attribute("class") or "").split())


def move_by_api(live: LiveServer, table: Table, token: str, text: str) -> None:
    """A move through the API (another person's device), by its words."""
    state = table.match.state
    texts = [state.describe(action) for action in state.legal_actions()]
    answer = httpx2.post(f"{live.url}/api/tables/{table.id}/act",
                         headers={"Authorization": f"Bearer {token}"},
                         json={"move": table.steps, "decision": table.decision(),
                               "action": texts.index(text)}, timeout=10)
    assert answer.status_code == 200, answer.text


def no_sideways_scroll(page: Any) -> None:
    width, inner = page.evaluate(
        "[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width} px wide in a {inner} px window"


def token_of(url: str) -> str:
    return url.split("#", 1)[1]


# -- the mechanics, on Hop ------------------------------------------------------------------
def test_a_piece_then_a_place_a_menu_and_an_amount_all_from_the_board(
        browser: Any, live: LiveServer, hop: None) -> None:
    table, links = create_by_api(live, "hop_game", ["human", "human"], seed=1)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_until_armed(page)
    for target in ("pawn-1", "bank", "horn", "bell"):
        assert "playable" in classes(page, target), target
    assert "playable" not in classes(page, "pawn-2")  # the other seat's pawn
    assert page.locator("#board .playable").count() == 4

    # the pawn, then where it goes: the cells in reach are highlighted, and the pawn's
    # action that goes nowhere is offered above the board; Esc cancels
    board(page, "pawn-1").click()
    assert page.get_attribute("#board", "data-selected") == "pawn-1"
    assert {c for c in range(CELLS) if "destination" in classes(page, f"cell-{c}")} == {1, 2}
    assert page.locator("#board-strip button.action").all_inner_texts() == ["wave from the pawn"]
    assert page.is_hidden("#board-pop")
    page.keyboard.press("Escape")
    assert page.get_attribute("#board", "data-selected") is None and page.is_hidden("#board-strip")
    assert page.locator("#board .destination").count() == 0 and table.steps == 0
    board(page, "pawn-1").click()
    board(page, "cell-3").click()  # not a destination: a click elsewhere cancels
    assert page.locator("#board .destination").count() == 0 and table.steps == 0
    board(page, "pawn-1").click()
    page.get_by_role("button", name="Zoom in").click()  # zooming keeps the piece picked
    assert page.get_attribute("#board", "data-selected") == "pawn-1"
    page.click("#feed h2")  # a click beside the board puts it down
    assert page.get_attribute("#board", "data-selected") is None
    page.get_by_role("button", name="Fit the table to the page").click()
    board(page, "pawn-1").click()
    board(page, "cell-2").click()
    wait_for_move(page, 1)
    assert table.match.record.actions == [{"type": "Hop", "to": 2}]
    assert page.evaluate("document.activeElement.id") != "actions-heading"  # not its turn

    # the other person moves: what changed is highlighted, and only that
    move_by_api(live, table, token_of(links["seats"]["2"]), "hop to cell 4")
    wait_for_move(page, 2)
    page.wait_for_selector("#board .changed")
    changed = page.eval_on_selector_all("#board .changed", "nodes => nodes.map(n => n.id)")
    assert "pawn-2" in changed and "pawn-1" not in changed and "bank" not in changed
    wait_until_armed(page)

    # one element, several actions: a small menu at it
    board(page, "horn").click()
    page.wait_for_selector("#board-pop:not([hidden])")
    buttons = page.locator("#board-pop button.action")
    assert buttons.all_inner_texts() == ["cheer at the horn", "boo at the horn"]
    assert page.locator("#board .changed").count() == len(changed)  # until the seat acts
    buttons.nth(1).click()
    wait_for_move(page, 3)
    assert table.match.record.actions[-1] == {"type": "Shout", "word": "boo"}
    page.wait_for_selector("#board-pop", state="hidden")
    assert page.locator("#board .changed").count() == 0  # acting clears them

    move_by_api(live, table, token_of(links["seats"]["2"]), "rest")
    wait_for_move(page, 4)
    wait_until_armed(page)
    assert page.evaluate("document.activeElement.id") == "actions-heading"  # the new question

    # one element, one amount question: its number field
    board(page, "bank").click()
    field = page.locator("#board-pop form.amount input")
    field.wait_for()
    assert "Bank: take 1 to 3 coins" in page.inner_text("#board-pop")
    field.fill("2")
    field.press("Enter")
    wait_for_move(page, 5)
    assert table.match.record.actions[-1] == {"type": "Take", "coins": 2}

    # one element, one action: a click plays it
    move_by_api(live, table, token_of(links["seats"]["2"]), "rest")
    wait_for_move(page, 6)
    wait_until_armed(page)
    board(page, "bell").click()
    wait_for_move(page, 7)
    assert table.match.record.actions[-1] == {"type": "Ring"}
    assert page.errors == []


def test_a_double_click_on_the_board_plays_one_move(browser: Any, live: LiveServer,
                                                    hop: None) -> None:
    # against a bot that answers at once: the bell is playable again, drawn under the
    # pointer, before the second click lands
    for seed in range(3):
        table, links = create_by_api(live, "hop_game", ["human", "easy"], seed=seed)
        page = open_page(browser, links["seats"]["1"], DESKTOP)
        wait_until_armed(page)
        box = board(page, "bell").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        page.wait_for_timeout(150)
        page.mouse.click(x, y)
        wait_for_move(page, 2)
        page.wait_for_timeout(600)
        settle(table)
        assert table.steps == 2, f"the double click played {table.steps // 2} moves"
        assert page.errors == []
        page.context.close()


def test_a_tap_on_a_card_shows_its_text_and_its_glossary_entry(
        browser: Any, live: LiveServer, hop: None) -> None:
    table, links = create_by_api(live, "hop_game", ["human", "human"], seed=2)
    page = open_page(browser, links["seats"]["2"], PHONE)  # not its turn: nothing to play
    wait_for_move(page, 0)
    page.locator("#board g.card", has_text="Rules card").tap()
    page.wait_for_selector("#board-pop .glossary")
    text = page.inner_text("#board-pop")
    assert "Rules card: how Hop goes" in text
    assert "The card that says how Hop goes: hop, take, shout or ring." in text
    page.keyboard.press("Escape")
    page.wait_for_selector("#board-pop", state="hidden")
    assert table.steps == 0 and page.errors == []


def test_zoom_and_pan(browser: Any, live: LiveServer, hop: None) -> None:
    table, links = create_by_api(live, "hop_game", ["human", "human"], seed=3)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_until_armed(page)

    def width() -> float:
        return float(page.evaluate(
            "document.querySelector('#board svg').getBoundingClientRect().width"))

    fit = width()
    assert page.get_by_role("button", name="Zoom in").is_enabled()
    assert page.get_by_role("button", name="Fit the table to the page").is_disabled()
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    assert width() == pytest.approx(fit * 1.25 ** 2, rel=0.02)
    height = page.evaluate("document.querySelector('#board').clientHeight")
    page.mouse.move(400, 300)
    page.mouse.down()  # drag to pan
    page.mouse.move(300, 250, steps=5)
    page.mouse.up()
    assert page.evaluate("document.querySelector('#board').scrollLeft") > 50
    assert page.evaluate("document.querySelector('#board').clientHeight") == height
    assert table.steps == 0  # a drag plays nothing
    box = page.locator("#board").bounding_box()
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -300)  # Ctrl + wheel (a pinch on a touchpad) zooms in
    page.keyboard.up("Control")
    assert width() > fit * 1.25 ** 2 * 1.5
    page.get_by_role("button", name="Fit the table to the page").click()
    assert width() == pytest.approx(fit, abs=1)
    no_sideways_scroll(page)
    assert page.errors == []


# -- the page around the board -----------------------------------------------------------
def test_the_layout_at_desktop_and_phone_size(browser: Any, live: LiveServer, shots: Path,
                                              hop: None) -> None:
    table, links = create_by_api(live, "hop_game", ["human", "easy"], seed=4)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_until_armed(page)
    picture = page.locator("#board svg").bounding_box()
    side = page.locator("#side").bounding_box()
    assert picture["width"] >= BOARD_PX, "the picture is drawn narrower than picture_fit.py measures"
    assert 380 <= side["width"] <= 420 and side["x"] >= picture["x"] + picture["width"]
    assert page.get_attribute("#board svg", "role") == "img"
    alt = page.get_attribute("#board svg", "aria-describedby")
    assert page.text_content(f"#{alt}") == table.payload(0)["alt"]
    assert page.get_attribute("header a.lobby-link", "href") == "/"
    assert page.is_hidden("#sheet-bar")
    no_sideways_scroll(page)
    assert_accessible(page)

    phone = open_page(browser, links["seats"]["1"], PHONE)
    wait_until_armed(phone)
    sheet = phone.locator("#side").bounding_box()
    picture = phone.locator("#board").bounding_box()  # the picture starts zoomed in it
    assert sheet["y"] + sheet["height"] == pytest.approx(PHONE["height"], abs=1)
    assert sheet["height"] <= PHONE["height"] * 0.46
    assert picture["y"] + picture["height"] <= sheet["y"], "the sheet hides the board"
    assert phone.is_visible("#menu") and phone.is_hidden("#feed")
    phone.get_by_role("button", name="What happened").tap()  # the feed, a tap away
    assert phone.is_visible("#feed") and phone.is_hidden("#menu")
    phone.get_by_role("button", name="Hide your options").tap()
    folded = phone.locator("#side").bounding_box()
    assert folded["height"] < 80 and phone.is_hidden("#feed")
    phone.get_by_role("button", name="Show your options").tap()
    phone.get_by_role("button", name="Your move").tap()
    no_sideways_scroll(phone)
    assert_accessible(phone)
    screenshot(phone, shots, "hop-phone")
    assert page.errors == [] and phone.errors == []


def test_the_feed_is_grouped_by_round_and_wrapped_by_the_browser(
        browser: Any, live: LiveServer) -> None:
    _, links = create_by_api(live, "chicago_diy", ["easy", "easy"], seed=3)
    page = open_page(browser, links["spectator"], PHONE)
    page.wait_for_selector("#ended:not([hidden])", timeout=60_000)
    page.get_by_role("button", name="What happened").tap()
    heads = page.locator("#lines li.round-head h3").all_inner_texts()
    assert "Round 1" in heads and "Round 3" in heads
    assert len(heads) == len(set(heads)), "a round is split in two"
    assert page.locator("#lines li.entry .event").count() > 10
    entry = page.locator("#lines li.entry .move").first
    assert "\n" not in entry.inner_text()
    lines = page.locator("#lines")
    at_end = page.evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight",
                           lines.element_handle())
    assert at_end < 5, "the newest entry is not in view"
    no_sideways_scroll(page)
    assert page.errors == []

    # the replay page: its feed grouped too, a way back to the lobby, nothing sideways
    page.get_by_role("button", name="The end").tap()
    page.click("#replay")
    page.wait_for_selector("#watch:not([hidden])")
    page.wait_for_selector("#board svg")
    assert page.locator("#lines li.round-head").count() > 3
    assert page.get_attribute("header a.lobby-link", "href") == "/"
    no_sideways_scroll(page)
    assert_accessible(page)
    replay = open_page(browser, page.url, DESKTOP)
    replay.wait_for_selector("#board svg")
    assert_accessible(replay)
    assert replay.errors == [] and page.errors == []


def test_the_header_and_the_pass_screen_agree_on_the_hot_seat(browser: Any,
                                                              live: LiveServer) -> None:
    table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=1)
    page = open_page(browser, links["hotseat"], PHONE)
    page.wait_for_selector("#pass:not([hidden])")
    names = table.payload(None)["names"]
    assert page.inner_text("#pass-text") == f"{names[0]}'s turn: hand the device to {names[0]}."
    assert "You are" not in page.inner_text("header")
    page.click("#pass-show")
    page.wait_for_selector("body[data-screen='table']")
    assert page.inner_text("#who") == f"You are {names[0]}"
    wait_until_armed(page)
    page.click("#menu button.action[data-action='4']")
    page.wait_for_selector("body[data-screen='pass']")
    header = page.inner_text("header")
    assert f"You are {names[0]}" not in header and f"{names[1]} to play" in header
    assert page.errors == []


def test_the_out_of_date_message_clears_when_the_page_is_current(
        browser: Any, live: LiveServer) -> None:
    table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=2)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_until_armed(page)
    page.evaluate("() => { window.before = window.Tabletop.payload(); }")
    other = open_page(browser, links["seats"]["1"], DESKTOP)  # the same seat, elsewhere
    wait_until_armed(other)
    other.click("#menu button.action[data-action='0']")
    wait_for_move(page, 1)
    # a click sent before this page heard of that move: refused, the page redrawn
    page.evaluate("() => window.Tabletop.play({action: 1}, window.before)")
    page.wait_for_function("() => document.querySelector('#error').textContent !== ''")
    settle(table)
    assert table.steps == 1
    move_by_api(live, table, token_of(links["seats"]["2"]), "O marks cell 2")
    wait_for_move(page, 2)
    page.wait_for_function("() => document.querySelector('#error').textContent === ''")
    assert page.errors == [] and other.errors == []


def test_the_guide_lists_the_glossary(browser: Any, live: LiveServer) -> None:
    _, links = create_by_api(live, "chicago_diy", ["human", "easy"], seed=1)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_for_move(page, 0)
    page.click("#guide summary")
    page.wait_for_selector("#guide[data-loaded]")
    page.click("#words summary")
    terms = page.locator("#glossary dt").all_inner_texts()
    assert set(terms) == set(registry.get("chicago_diy").glossary())
    assert page.errors == []


# -- every game, played from its board ------------------------------------------------------
#: where a player would click an element: a point of it (first its middle) that the page
#: hands to the element itself, not to something drawn over it nor to a playable piece on it
SPOT = """id => {
  const node = document.querySelector(`#board [id='${id}']`);
  node.scrollIntoView({block: "center", inline: "center"});
  const own = (hit) => {
    for (let at = hit; at; at = at.parentElement) {
      if (at === node) return true;
      if (at.id && (at.classList.contains("playable") || at.classList.contains("destination"))) return false;
    }
    return false;
  };
  for (const part of [node, ...node.querySelectorAll("*")]) {
    const box = part.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .7], [.3, .7], [.7, .3], [.5, .15]]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      if (own(document.elementFromPoint(x, y))) return [x, y];
    }
  }
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit ? "under " + hit.outerHTML.slice(0, 120) : "out of the window";
}"""


def click_element(page: Any, target: str) -> None:
    """Click (on a phone: tap) the board's element ``target`` where it shows."""
    spot = page.evaluate(SPOT, target)
    assert isinstance(spot, list), f"nowhere to click {target!r}: {spot}"
    if page.context.pages[0].viewport_size["width"] < 600:
        page.touchscreen.tap(*spot)
    else:
        page.mouse.click(*spot)


def click_choice(page: Any, table: Table, rng: random.Random) -> dict[str, Any] | None:
    """Play one of the seat's board choices by clicking the board (its element, then the
    place it goes to, then the small menu's button or number field): that choice, or
    ``None`` when the decision has none."""
    view = table.payload(0)
    quits = {line["action"] for line in menu_lines(view["menu"]) if line.get("concession")}
    choices = [c for c in view["choices"] if c["action"] not in quits]  # nobody gives up
    if not choices:
        return None
    choice = rng.choice(choices)
    first, rest = choice["targets"][0], choice["targets"][1:]
    click_element(page, first)
    if rest:
        page.wait_for_selector(f"#board [id='{rest[0]}'].destination", state="attached")
        click_element(page, rest[0])
    # several actions at the element: the small menu at it picks, or the strip above the
    # board when the element's other actions go on to places
    page.wait_for_timeout(50)
    where = ("#board-strip" if not rest and page.is_visible("#board-strip")
             else "#board-pop" if page.is_visible("#board-pop") else None)
    if where is not None:
        field = page.locator(f"{where} form.amount input")
        if field.count():
            value = next(v for v, i in amount_choices(view["menu"]) if i == choice["action"])
            field.fill(str(value))
            field.press("Enter")
        else:
            page.click(f"{where} button.action[data-action='{choice['action']}']")
    return choice


#: what the page shows of the board now, when a click played nothing
SHOWN = """() => ({selected: document.querySelector("#board").dataset.selected,
  pop: document.querySelector("#board-pop").hidden ? null
    : document.querySelector("#board-pop").innerText,
  error: document.querySelector("#error").textContent,
  choices: window.Tabletop.payload().choices.length})"""


def menu_lines(menu: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines of a menu, its groups opened."""
    out: list[dict[str, Any]] = []
    for line in menu["lines"]:
        out += menu_lines(line["group"]) if "group" in line else [line]
    return out


def amount_choices(menu: dict[str, Any]) -> list[tuple[int, int]]:
    """Every (value, legal index) of the menu's amount questions."""
    return [(v, i) for line in menu_lines(menu) if "amount" in line
            for v, i in line["amount"]["choices"]]


def click_a_button(page: Any, table: Table, rng: random.Random) -> None:
    """A decision with nothing on the board: one of its buttons (or amounts)."""
    menu = table.payload(0)["menu"]
    line = rng.choice(menu["lines"])
    if "group" in line:
        page.click(f"#menu summary:text-is('{line['text']}')")
        line = rng.choice(line["group"]["lines"])
    if "amount" in line:
        field = page.locator(f"#menu form.amount[data-question='{line['amount']['question']}'] input")
        field.fill(str(rng.choice(line["amount"]["choices"])[0]))
        field.press("Enter")
        return
    page.click(f"#menu button.action[data-action='{line['action']}']")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_played_from_its_board(browser: Any, live: LiveServer, shots: Path,
                                             name: str, size: str) -> None:
    game = registry.get(name)
    players = min(max(game.min_players, 3), game.max_players)
    table, links = create_by_api(live, name, ["human"] + ["easy"] * (players - 1), seed=7)
    page = open_page(browser, links["seats"]["1"], DESKTOP if size == "desktop" else PHONE)
    rng = random.Random(name + size)
    on_board = by_buttons = 0
    while on_board < BOARD_MOVES and not table.match.state.is_over and by_buttons < 200:
        settle(table)
        if table.match.state.to_act != 0:
            break
        move = table.steps
        wait_for_move(page, move)
        wait_until_armed(page)
        choice = click_choice(page, table, rng)
        if choice:
            on_board += 1
        else:
            click_a_button(page, table, rng)
            by_buttons += 1
        for _ in range(300):
            if table.steps > move:
                break
            threading.Event().wait(0.05)
        assert table.steps > move, f"{choice} played nothing: {page.evaluate(SHOWN)}"
        if choice:  # the move clicked, not another
            assert table.entries[move + 1].full == choice["text"]
        wait_for_move(page, move + 1)
        if on_board + by_buttons == 16:
            settle(table)
            wait_for_move(page, table.steps)
            screenshot(page, shots, f"{name}-{size}")
            no_sideways_scroll(page)
    assert page.errors == []
    no_sideways_scroll(page)
    assert_accessible(page)
    assert on_board >= BOARD_MOVES, (
        f"{name}: {on_board} moves played from the board ({by_buttons} by buttons) before "
        f"{'the end' if table.match.state.is_over else 'running out'}")


# -- what the usability test of the board found ----------------------------------------------
#: the ids of the board's elements marked "changed"
CHANGED = "() => Array.from(document.querySelectorAll('#board .changed'), n => n.id)"


def test_only_what_changed_is_marked_when_the_city_grows(browser: Any, live: LiveServer) -> None:
    # Crimopolis draws its city around the tiles laid: every street moves when one is added.
    # A spectator sees the last move marked: its tile or gangsters, not the whole city.
    table, links = create_by_api(live, "crimopolis", ["human", "easy", "easy"], seed=7)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    watcher = open_page(browser, links["spectator"], DESKTOP)
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(4):  # the seat plays from the board, the bots answer
        settle(table)
        wait_for_move(page, table.steps)
        wait_until_armed(page)
        assert click_choice(page, table, rng) is not None
        settle(table)
        wait_for_move(watcher, table.steps)
        wait_for_move(page, table.steps)
        watcher.wait_for_timeout(100)
        changed = watcher.evaluate(CHANGED)
        assert len(changed) <= 12, changed
        seen.update(changed)
        assert len(page.evaluate(CHANGED)) <= 40  # a round of bot moves, for the seat
    assert any(i.startswith(("cell-", "block-", "gangsters-")) for i in seen), seen
    assert "street-0-0-n" not in seen  # the first tile's streets only moved
    assert page.errors == [] and watcher.errors == []


#: whether the board's element ``id`` shows in the part of the board in the window
IN_VIEW = """id => {
  const board = document.querySelector('#board'), b = board.getBoundingClientRect();
  const main = document.querySelector('main').getBoundingClientRect();
  const n = document.querySelector(`#board [id='${id}']`).getBoundingClientRect();
  const top = Math.max(b.top, main.top, 0), bottom = Math.min(b.bottom, main.bottom, innerHeight);
  const left = Math.max(b.left, 0), right = Math.min(b.right, innerWidth);
  return n.right > left && n.left < right && n.bottom > top && n.top < bottom;
}"""


def test_a_phone_starts_zoomed_at_the_piece_to_play_and_zoom_keeps_a_pick(
        browser: Any, live: LiveServer) -> None:
    table, links = create_by_api(live, "crimopolis", ["human", "easy", "easy"], seed=7)
    phone = open_page(browser, links["seats"]["1"], PHONE)
    wait_until_armed(phone)
    phone.wait_for_timeout(100)
    font = phone.evaluate("""() => Math.min(...Array.from(document.querySelectorAll('#board svg text'),
      t => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)))""")
    assert font >= 10, f"the picture's text is drawn {font:.1f} px tall"
    first = table.payload(0)["choices"][0]["targets"][0]
    assert phone.evaluate(IN_VIEW, first)
    phone.get_by_role("button", name="Fit the table to the page").tap()
    assert phone.evaluate("document.querySelector('#board').dataset.zoom") == "1.00"

    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_until_armed(page)
    piece = table.payload(0)["choices"][-1]["targets"][0]
    click_element(page, piece)
    assert page.get_attribute("#board", "data-selected") == piece
    for _ in range(2):
        page.get_by_role("button", name="Zoom in").click()
    assert page.get_attribute("#board", "data-selected") == piece
    assert page.evaluate(IN_VIEW, piece), "zooming lost the piece picked"
    # a click on empty board space keeps the pick; Esc puts it down, and the page says so
    box = page.locator("#board").bounding_box()
    empty = page.evaluate("""([x0, y0, w, h]) => {
      for (let y = y0 + 5; y < y0 + h; y += 7) for (let x = x0 + 5; x < x0 + w; x += 7) {
        let at = document.elementFromPoint(x, y), hit = false;
        for (; at && at.id !== 'board'; at = at.parentElement) if (at.id || at.classList?.contains('card') || at.classList?.contains('tile')) hit = true;
        if (!hit && at) return [x, y];
      }
      return null;
    }""", [box["x"], box["y"], box["width"], min(box["height"], 700)])
    assert empty is not None, "no empty board space to click"
    page.mouse.click(*empty)
    assert page.get_attribute("#board", "data-selected") == piece
    page.keyboard.press("Escape")
    assert page.get_attribute("#board", "data-selected") is None
    assert page.text_content("#board-said") == "Pick cancelled"
    assert page.get_attribute("#board-said", "aria-live") == "polite"
    assert phone.errors == [] and page.errors == []


def test_the_feed_drops_the_human_tag_and_shows_its_newest_entry(
        browser: Any, live: LiveServer) -> None:
    table, links = create_by_api(live, "chicago_diy", ["human", "normal"], seed=5)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    rng = random.Random(2)
    while table.steps < 32 and not table.match.state.is_over:
        settle(table)
        wait_for_move(page, table.steps)
        wait_until_armed(page)
        if click_choice(page, table, rng) is None:
            click_a_button(page, table, rng)
        settle(table)
    wait_for_move(page, table.steps)
    moves = page.locator("#lines .move").all_inner_texts()
    assert not any("[human]" in m for m in moves), moves
    assert any("(Normal bot)" in m for m in moves) and not any("[Normal bot]" in m for m in moves)
    page.evaluate("scrollTo(0, 0)")
    newest = page.locator("#lines li.entry").last.bounding_box()
    info = page.evaluate("() => ['lines', 'side', 'feed'].map(i => { const n = document.getElementById(i), b = n.getBoundingClientRect(); return [i, b.top, b.bottom, n.scrollTop, n.scrollHeight, n.clientHeight]; })")
    assert newest["y"] + newest["height"] <= DESKTOP["height"], info
    assert page.errors == []


def test_the_replay_shows_the_current_entry_below_its_round_heading(
        browser: Any, live: LiveServer) -> None:
    _, links = create_by_api(live, "chicago_diy", ["easy", "easy"], seed=3)
    page = open_page(browser, links["spectator"], DESKTOP)
    page.wait_for_selector("#ended:not([hidden])", timeout=60_000)
    page.click("#replay")
    page.wait_for_selector("#board svg")
    for step in (40, 20, 9):  # stepping back scrolls the feed up: the heading sticks on top
        page.evaluate("s => { const r = document.querySelector('#step'); r.value = s;"
                      " r.dispatchEvent(new Event('input')); }", step)
        page.wait_for_timeout(300)
        hit = page.evaluate("""() => { const e = document.querySelector('#lines li.current');
          const b = e.getBoundingClientRect();
          const at = document.elementFromPoint(b.left + 30, b.top + 3);
          return e.contains(at); }""")
        assert hit, f"the entry of move {step} is under the round's heading"
    assert page.errors == []


def test_a_turn_before_the_first_round_gets_no_round_0_heading(browser: Any,
                                                                live: LiveServer) -> None:
    # Don Massivo counts its turns from 0 while the tokens are placed: no "Round 0" heading
    _, links = create_by_api(live, "don_massivo", ["easy", "easy"], seed=2)
    page = open_page(browser, links["spectator"], DESKTOP)
    page.wait_for_function("() => document.querySelectorAll('#lines li.entry').length > 6",
                           timeout=30_000)
    heads = page.locator("#lines li.round-head").all_inner_texts()
    assert heads and "Round 0" not in heads, heads
    assert page.errors == []
