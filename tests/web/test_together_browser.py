"""Playing together in real Chromium: two people on two devices (browser contexts) name
themselves, chat, see "(Your turn)" in the tab title and play again; the lobby (bounded
player count, options in words, bot kinds once, the hot-seat warning, QR codes, the tables
this browser knows) passes axe-core at desktop and phone size and never scrolls sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.browsing import (
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


def lobby_page(browser: Any, live: LiveServer, viewport: dict[str, int]) -> Any:
    page = open_page(browser, live.url + "/", viewport)
    page.wait_for_selector("#seats select[data-seat='1']")
    return page


def test_the_lobby_reads_in_words_and_fits_a_phone(browser: Any, live: LiveServer,
                                                    shots: Path) -> None:
    page = lobby_page(browser, live, PHONE)
    page.select_option("#game", "bootleggers")
    options = page.inner_text("#options")
    assert "Short game" in options and "short_game" not in options
    # the player count is bounded by the game, and so are the seat pickers
    page.select_option("#game", "chicago_diy")
    assert (page.get_attribute("#players", "min"), page.get_attribute("#players", "max")) == \
        ("2", "5")
    page.fill("#players", "9")
    page.dispatch_event("#players", "input")
    assert page.locator("#seats select").count() == 5
    page.click("button[type=submit]")
    assert "2 to 5 players" in page.inner_text("#error")
    # bot kinds once: the three levels, the game's other kinds under "More bots"
    labels = page.locator("#seats select[data-seat='2'] > option").all_inner_texts()
    assert [label.split(":")[0] for label in labels] == \
        ["a person", "Easy bot", "Normal bot", "Hard bot"]
    assert page.locator("#seats select[data-seat='2'] optgroup[label='More bots']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert_accessible(page)
    screenshot(page, shots, "lobby-phone")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    for seat in (1, 2, 3):
        page.select_option(f"#seats select[data-seat='{seat}']", "human")
    page.fill("#name-1", "Ann")
    page.click("button[type=submit]")
    page.wait_for_selector("#links:not([hidden])")
    assert "Player 1 (Ann)'s seat" in page.inner_text("#linklist")
    assert "Opens every hand: for one shared device only." in page.inner_text(
        "#linklist li:nth-child(4)")
    page.click("#linklist li:nth-child(1) button:has-text('QR code')")
    page.wait_for_selector("#linklist li:nth-child(1) img.qr")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert_accessible(page)
    screenshot(page, shots, "lobby-links-phone")
    # the table stays on this browser's shelf
    page.goto(live.url + "/")
    page.wait_for_selector("#shelf:not([hidden]) article")
    assert "Chicago DIY" in page.inner_text("#shelf") or "Chicago" in page.inner_text("#shelf")
    assert page.locator("#shelf article li").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []
    page.context.close()


def test_the_lobby_passes_axe_at_desktop_size(browser: Any, live: LiveServer) -> None:
    page = lobby_page(browser, live, DESKTOP)
    for game in ("crimopolis", "crime_lords"):
        page.select_option("#game", game)
        assert_accessible(page)
    assert page.errors == []
    page.context.close()


def test_two_people_name_themselves_chat_and_play_again(browser: Any, live: LiveServer,
                                                         shots: Path) -> None:
    table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=4,
                                 single=False)
    ann = open_page(browser, links["seats"]["1"], DESKTOP)
    bob = open_page(browser, links["seats"]["2"], PHONE)
    for page in (ann, bob):
        wait_for_move(page, 0)
    # the tab says whose turn it is
    ann.wait_for_function("() => document.title.startsWith('(Your turn)')")
    assert not bob.title().startswith("(Your turn)")
    # names: the first time, a form in the header; the other page shows it too
    ann.fill("#name-input", "<i>Ann</i>")
    ann.click("#name-slot button[type=submit]")
    ann.wait_for_function("() => Tabletop.payload().names[0] === '<i>Ann</i>'")
    bob.wait_for_function("() => Tabletop.payload().names[0] === '<i>Ann</i>'")
    bob.fill("#name-input", "Bob")
    bob.press("#name-input", "Enter")
    ann.wait_for_function("() => Tabletop.payload().names[1] === 'Bob'")
    # the name is text in the picture, never markup
    assert ann.locator("#board svg i").count() == 0
    assert "<i>Ann</i>" in ann.inner_text("#board") or "<i>Ann</i>" in ann.text_content(
        "#board")
    # chat, both ways, as text
    ann.fill("#chat-input", "<b>good luck</b>")
    ann.click("#chat-form button[type=submit]")
    bob.click("#sheet-bar button[data-tab='feed']")  # on a phone the chat is with the feed
    bob.wait_for_selector("#chat-lines li[data-n='1']")
    assert bob.inner_text("#chat-lines li[data-n='1']") == "<i>Ann</i>: <b>good luck</b>"
    assert bob.locator("#chat-lines b").count() == 0
    # play to the end: X takes the first free cell each time and wins
    bob.click("#sheet-bar button[data-tab='move']")
    while not table.match.state.is_over:
        seat = table.match.state.to_act
        page = ann if seat == 0 else bob
        page.wait_for_function("() => document.title.startsWith('(Your turn)')")
        wait_until_armed(page)
        step = table.steps
        page.locator("#menu button.action:visible").first.click()
        for other in (ann, bob):
            wait_for_move(other, step + 1)
    assert table.match.state.is_over
    screenshot(ann, shots, "together-ended")
    # play again: each page gets its own new link
    ann.click("#rematch")
    ann.wait_for_selector("#rematch-link")
    bob.wait_for_selector("#rematch-link")
    ann_link = ann.get_attribute("#rematch-link", "href")
    bob_link = bob.get_attribute("#rematch-link", "href")
    assert ann_link != bob_link and ann_link.split("#")[0] == bob_link.split("#")[0]
    assert ann_link.split("#")[1] not in str(bob.evaluate("JSON.stringify(Tabletop.payload())"))
    bob.click("#rematch-link")
    bob.wait_for_function("() => Tabletop.payload() && Tabletop.payload().you.seat === 2")
    assert bob.evaluate("Tabletop.payload().names") == ["<i>Ann</i>", "Bob"]
    assert bob.evaluate("Tabletop.payload().move") == 0
    for page in (ann, bob):
        assert page.errors == []
        page.context.close()


def test_a_player_takes_back_his_move(browser: Any, live: LiveServer) -> None:
    table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=5,
                                 single=False)
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    other = open_page(browser, links["seats"]["2"], DESKTOP)
    wait_for_move(page, 0)
    wait_until_armed(page)
    page.locator("#menu button.action:visible").first.click()
    wait_for_move(page, 1)
    wait_for_move(other, 1)
    assert other.locator("#lines li[data-step='1']").count() == 1
    page.wait_for_selector("#undo[data-armed='yes']")  # a fresh button ignores a double click
    page.click("#undo")
    for shown in (page, other):  # both pages go back without a reload: the move is gone
        shown.wait_for_function("() => Tabletop.payload() && Tabletop.payload().move === 0")
        shown.wait_for_function("() => !document.querySelector(\"#lines li[data-step='1']\")")
    assert table.steps == 0
    assert page.locator("#undo").count() == 0
    assert other.evaluate("document.title").startswith("Tic") and page.evaluate(
        "document.title").startswith("(Your turn)")
    # the game goes on from there: the next move is numbered 1 again on both pages
    wait_until_armed(page)
    page.locator("#menu button.action:visible").last.click()
    wait_for_move(other, 1)
    other.wait_for_selector("#lines li[data-step='1']")
    assert page.errors == [] and other.errors == []
    for shown in (page, other):
        shown.context.close()


def test_turn_alerts_are_for_players_and_chat_errors_stand_by_the_chat(
        browser: Any, live: LiveServer) -> None:
    _table, links = create_by_api(live, "tic_tac_toe", ["human", "human"], seed=6,
                                 single=False)
    # a spectator has no turn: no sound or notification is offered (nor a name)
    watcher = open_page(browser, links["spectator"], DESKTOP)
    wait_for_move(watcher, 0)
    assert watcher.evaluate("Tabletop.payload().you.role") == "spectator"
    assert not watcher.is_visible("#name-slot button.toggle")
    assert not watcher.is_visible("#personal")
    watcher.context.close()
    # the hot seat plays every hand: it keeps them
    hotseat = open_page(browser, links["hotseat"], DESKTOP)
    wait_for_move(hotseat, 0)
    assert hotseat.locator("#name-slot button.toggle:visible").all_inner_texts() == \
        ["Sound on my turn", "Notify me on my turn"]
    hotseat.context.close()
    page = open_page(browser, links["seats"]["1"], DESKTOP)
    wait_for_move(page, 0)
    assert page.locator("#name-slot button.toggle:visible").count() == 2
    # a refused message is said under the chat box, not in the page's error line
    assert page.get_attribute("#chat-error", "aria-live") == "polite"
    page.evaluate("document.getElementById('chat-input').removeAttribute('maxlength')")
    page.fill("#chat-input", "x" * 201)
    page.click("#chat-form button[type=submit]")
    page.wait_for_function("() => document.getElementById('chat-error').textContent !== ''")
    assert "at most 200" in page.inner_text("#chat-error")
    assert page.inner_text("#error") == ""
    # the next message that goes through clears it
    page.fill("#chat-input", "hello")
    page.click("#chat-form button[type=submit]")
    page.wait_for_selector("#chat-lines li[data-n='1']")
    assert page.text_content("#chat-error") == ""
    for n in range(2, 6):  # five messages in ten seconds: the sixth is refused
        page.fill("#chat-input", f"again {n}")
        page.click("#chat-form button[type=submit]")
        page.wait_for_selector(f"#chat-lines li[data-n='{n}']")
    page.fill("#chat-input", "one too many")
    page.click("#chat-form button[type=submit]")
    page.wait_for_function("() => document.getElementById('chat-error').textContent !== ''")
    assert "at most 5 messages in 10 seconds" in page.inner_text("#chat-error").lower()
    assert page.inner_text("#error") == ""
    box = page.locator("#chat-form").bounding_box()
    said = page.locator("#chat-error").bounding_box()
    assert 0 <= said["y"] - (box["y"] + box["height"]) < 40  # right under the chat box
    assert page.errors == []
    page.context.close()


#: for each select of the page: its id, the width of the text it shows (in its own font) and
#: the room for it (inside its padding, less the arrow), and its scroll and client widths
SELECT_FIT = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("select")].filter((s) => s.offsetParent).map((s) => {
    const style = getComputedStyle(s);
    canvas.font = style.font;
    const text = s.selectedOptions[0] ? s.selectedOptions[0].text : "";
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - 20;
    return [s.id, canvas.measureText(text).width, room, s.scrollWidth, s.clientWidth];
  });
}"""


def assert_nothing_cut(page: Any) -> None:
    """No select of ``page`` cuts the text it shows or overflows, and nothing on the page
    overflows its box sideways (the phone is 390 px wide)."""
    for name, text, room, scroll, client in page.evaluate(SELECT_FIT):
        assert text <= room, (name, text, room)
        assert scroll <= client + 1, name
    wide = page.evaluate("""() => [...document.querySelectorAll("input, select, button, label")]
        .filter((e) => e.offsetParent && e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => e.id || e.textContent)""")
    assert wide == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_lobby_says_each_choice_once_and_cuts_nothing_on_a_phone(
        browser: Any, live: LiveServer) -> None:
    page = lobby_page(browser, live, PHONE)
    for game in ("crimopolis", "bootleggers", "chicago_diy", "crime_lords", "tic_tac_toe"):
        page.select_option("#game", game)
        options = page.inner_text("#options")
        # a checkbox says it is true or false; a select shows its values
        assert "true or false" not in options and "one of" not in options, game
        for seat in (1, 2):
            for kind in ("human", "easy", "normal", "hard", "ismcts"):
                page.select_option(f"#seats select[data-seat='{seat}']", kind)
                assert_nothing_cut(page)
    # a number field still says what it takes
    page.select_option("#game", "chicago_diy")
    assert "(a whole number from 5 to 100)" in page.inner_text("#options")
    # the picker shows the level's label; what it is stands under it, and in the title
    picker = "#seats select[data-seat='2']"
    page.select_option(picker, "normal")
    assert page.evaluate(f"document.querySelector(\"{picker}\").selectedOptions[0].text") == \
        "Normal bot"
    assert page.inner_text("#seat-2-help") == \
        "the game's own bot, which plays by its rules of thumb"
    assert page.get_attribute(f"{picker} option[value='hard']", "title") == \
        "a search bot that tries moves out before choosing"
    # the other kinds read apart from the levels, and say that the levels are recommended
    more = page.locator(f"{picker} optgroup[label='More bots'] option").all_inner_texts()
    assert more == ["Search bot (untuned)"]
    page.select_option(picker, "ismcts")
    assert "recommended" in page.inner_text("#seat-2-help")
    assert_accessible(page)
    assert page.errors == []
    page.context.close()


def test_links_to_this_computer_say_other_devices_cannot_open_them(
        browser: Any, live: LiveServer) -> None:
    page = lobby_page(browser, live, PHONE)
    page.select_option("#game", "tic_tac_toe")
    page.click("button[type=submit]")
    page.wait_for_selector("#links:not([hidden])")
    assert live.url.startswith("http://127.0.0.1:")
    assert page.inner_text("#loopback-slot") == (
        "These links point at this computer (127.0.0.1): other devices cannot open them; "
        "start the server with --host ADDRESS to share the table on your network.")
    # it stands under the links
    links = page.locator("#linklist").bounding_box()
    note = page.locator("#loopback-slot").bounding_box()
    assert note["y"] >= links["y"] + links["height"]
    hosts = page.evaluate("""() => ["http://localhost:8000/t", "http://[::1]:8/t",
        "http://127.3.0.1/t", "http://192.168.1.20:8000/t", "https://games.example/t",
        "http://127.example/t"].map(loopbackHost)""")
    assert hosts == ["localhost", "::1", "127.3.0.1", None, None, None]
    assert_nothing_cut(page)
    assert page.errors == []
    page.context.close()
