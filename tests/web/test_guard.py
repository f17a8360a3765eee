"""The request guard and the server's limits on tables (issue 28 §1): another site's page
cannot change anything, a server answers only to its own host names (DNS rebinding), no
answer but a static file is cached, one address cannot make tables without end, and the live
tables are capped. Every refusal is one line and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.datastructures import Headers

from tabletop.web import create_app
from tabletop.web.guard import CreationRate, cross_site, same_origin, split_host
from tabletop.web.limits import Limits
from tabletop.web.refusals import Refused
from tests.web.conftest import Client, auth, make_table

TABLE = {"game": "tic_tac_toe", "players": 2, "seats": ["human", "human"], "seed": 1}
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Client]:
    """An app that answers to the loopback names only, as ``tabletop serve`` starts it."""
    app = create_app(tmp_path / "data", bot_delay=0, limits=Limits(allowed_hosts=LOOPBACK))
    with Client(app, base_url="http://127.0.0.1:8000") as c:
        yield c


def one_line(response: Any, status: int, words: str) -> str:
    """The refusal's one line (JSON for the API, a tiny page otherwise)."""
    assert response.status_code == status, response.text
    if response.headers["content-type"].startswith("application/json"):
        text = response.json()["error"]
    else:
        assert response.text.count("<p>") == 2 and "Back to the lobby" in response.text
        text = response.text.split("<p>")[1].split("</p>")[0]
    assert words in text and "\n" not in text, text
    return str(text)


# -- another site's pages ------------------------------------------------------------------
def test_a_cross_origin_text_plain_post_makes_no_table(client: Client) -> None:
    # what any web page can send without asking: a "simple" request, no preflight
    answer = client.post("/api/tables", content=json.dumps(TABLE),
                         headers={"Content-Type": "text/plain",
                                  "Origin": "http://evil.example"})
    one_line(answer, 403, "another site")
    assert client.hub.tables == {}
    assert answer.headers["x-frame-options"] == "DENY"  # the guard's answers keep them


def test_a_refusal_comes_before_the_body_is_read(client: Client) -> None:
    huge = b"x" * (3 * 1024 * 1024)  # the app itself would say 413 on reading it
    answer = client.post("/api/tables", content=huge, headers={"Origin": "null"})
    one_line(answer, 403, "another site")


def test_the_servers_own_pages_and_scripts_may_post(client: Client) -> None:
    for headers in ({"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
                    {"Origin": "http://TestServer:80"}, {"Sec-Fetch-Site": "none"}, {}):
        answer = client.post("/api/tables", json=TABLE, headers=headers)
        assert answer.status_code == 201, (headers, answer.text)
    assert len(client.hub.tables) == 4


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_sec_fetch_site_of_another_site_is_refused(client: Client, site: str) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    token = made.seats[1]
    answer = client.post(made.url("act"), headers={**auth(token), "Sec-Fetch-Site": site},
                         json={"move": 0, "decision": "x", "action": 0})
    one_line(answer, 403, f"Sec-Fetch-Site: {site}")
    assert client.hub.tables[made.id].steps == 0
    answer = client.post("/api/tables", json=TABLE, headers={"Sec-Fetch-Site": site})
    one_line(answer, 403, "another site")
    assert list(client.hub.tables) == [made.id]
    # reading is not changing: a GET from anywhere is answered as before
    seen = client.get(made.url("view"), headers={**auth(token), "Sec-Fetch-Site": site})
    assert seen.status_code == 200


@pytest.mark.parametrize(("origin", "host", "same"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://LOCALHOST:8000", "localhost:8000", True),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("https://play.example.org", "play.example.org", True),  # behind a TLS proxy
    ("https://play.example.org:443", "play.example.org", True),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),  # another program on this machine
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000.evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000/path", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    ("file://", "127.0.0.1:8000", False),
    ("http://127.0.0.1:99999", "127.0.0.1:8000", False),
])
def test_an_origin_is_the_servers_own_only_with_its_host_and_port(
        origin: str, host: str, same: bool) -> None:
    assert same_origin(origin, host) is same
    why = cross_site("POST", Headers({"origin": origin, "host": host}))
    assert (why is None) is same
    assert cross_site("GET", Headers({"origin": origin, "host": host})) is None


# -- the host names served ----------------------------------------------------------------
def test_a_request_for_another_host_is_refused(guarded: Client) -> None:
    page = guarded.get("/", headers={"Host": "evil.example"})
    assert "evil.example" in one_line(page, 400, "this server does not answer to")
    api = guarded.get("/api/games", headers={"Host": "evil.example:8000"})
    one_line(api, 400, "this server does not answer to evil.example:8000")
    made = guarded.post("/api/tables", json=TABLE, headers={"Host": "evil.example"})
    one_line(made, 400, "does not answer")
    assert guarded.hub.tables == {}
    # a rebinding page is same-origin with itself: its Origin matches its own Host
    rebound = guarded.post("/api/tables", json=TABLE, headers={
        "Host": "evil.example:8000", "Origin": "http://evil.example:8000"})
    one_line(rebound, 400, "does not answer")
    assert guarded.hub.tables == {}


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "LOCALHOST:1234", "localhost",
                                  "[::1]:8000", "localhost.:8000"])
def test_the_servers_own_names_are_served_on_any_port(guarded: Client, host: str) -> None:
    assert guarded.get("/api/games", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["::1", "[::1", "localhost:http", "localhost:123456",
                                  "127.0.0.1.evil.example", "local host", ""])
def test_malformed_hosts_are_refused(guarded: Client, host: str) -> None:
    one_line(guarded.get("/api/games", headers={"Host": host}), 400, "does not answer")


def test_split_host_reads_names_addresses_and_ports() -> None:
    assert split_host("Example.COM:8080") == ("example.com", 8080)
    assert split_host("[::1]") == ("::1", None)
    assert split_host("[fe80::1]:80") == ("fe80::1", 80)
    assert split_host("[::1]x") is None and split_host("a:b:c") is None


# -- caching ------------------------------------------------------------------------------
def test_no_page_view_or_api_answer_is_cached(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    answers = [client.get("/"), client.get(f"/table/{made.id}"), client.get("/replay"),
               client.get("/api/games"), client.get(made.url("view"),
                                                     headers=auth(made.seats[1])),
               client.get("/api/no-such-thing"), client.get(made.url("view"))]
    for answer in answers:
        assert answer.headers["cache-control"] == "no-store", answer.request.url
    assert client.get("/static/style.css").headers.get("cache-control") != "no-store"


# -- how many tables ----------------------------------------------------------------------
def test_one_address_makes_a_few_tables_a_minute_another_is_not_held_up(
        tmp_path: Path) -> None:
    app = create_app(tmp_path / "data", bot_delay=0,
                     limits=Limits(create_burst=3, create_window=60))
    with Client(app) as first:
        for _ in range(2):
            assert first.post("/api/tables", json=TABLE).status_code == 201
        # a table that is not made is not counted
        for _ in range(4):
            assert first.post("/api/tables", json={**TABLE, "game": "nope"}).status_code \
                == 400
        assert first.post("/api/tables", json=TABLE).status_code == 201
        refused = first.post("/api/tables", json=TABLE)
        text = one_line(refused, 429, "made 3 tables in the last 60 s")
        assert "wait " in text and text.endswith(" s before making another")
        assert len(first.hub.tables) == 3
        # the same app, reached from another address
        other = Client(app, client=("192.0.2.7", 40000))
        assert other.post("/api/tables", json=TABLE).status_code == 201
        assert len(first.hub.tables) == 4


def test_the_rate_frees_up_as_its_window_passes() -> None:
    now = [100.0]
    rate = CreationRate(2, 60, clock=lambda: now[0])
    rate.take("a")
    now[0] = 130.0
    rate.take("a")
    with pytest.raises(Refused, match="wait 30 s") as refused:
        rate.take("a")
    assert refused.value.status == 429
    rate.take("b")
    now[0] = 160.5
    rate.take("a")  # the first one is over a minute old
    with pytest.raises(ValueError), rate.slot("c"):  # a table not made: not counted
        raise ValueError("refused")
    rate.take("c")
    rate.take("c")


def test_live_tables_are_capped_and_finished_ones_do_not_count(tmp_path: Path) -> None:
    app = create_app(tmp_path / "data", bot_delay=0, limits=Limits(max_tables=2))
    with Client(app) as client:
        done = make_table(client, "tic_tac_toe", ["easy", "easy"])
        client.settle()
        assert client.hub.tables[done.id].match.state.is_over
        make_table(client, "tic_tac_toe", ["human", "human"])
        make_table(client, "tic_tac_toe", ["human", "human"])
        full = client.post("/api/tables", json=TABLE)
        one_line(full, 503, "games going on")
        assert len(client.hub.tables) == 3


# -- the web side of two records defects ----------------------------------------------------
def test_a_whole_number_option_like_minus_minus_5_is_one_line(client: Client) -> None:
    answer = client.post("/api/tables", json={"game": "chicago_diy", "players": 2,
                                              "seats": ["human", "human"],
                                              "options": {"bribe": "--5"}})
    one_line(answer, 400, "bribe")
    assert client.hub.tables == {}


def test_a_record_with_a_lone_surrogate_in_a_seat_label_is_one_line(client: Client) -> None:
    body = ('{"record": {"format": "tabletop-record", "version": 1, "game": "tic_tac_toe", '
            '"players": 2, "seed": 3, "options": {}, "seats": ["human", "hu\\ud800man"], '
            '"actions": [], "result": null}, "step": 0}')
    for path in ("/api/replays/open", "/api/replays/frame"):
        answer = client.post(path, content=body.encode(),
                             headers={"Content-Type": "application/json"})
        one_line(answer, 400, "surrogate")
