"""Playing together through the API: names (checked, put in place of "Player N" everywhere
a page reads, escaped in the picture), chat (stored, limited, spectators only where the host
allows), "Play again" (each link gets its own new link, never another's), taking a move back
(gone from the store too), the QR code of a link, and all of it kept across a restart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.web import create_app
from tabletop.web.hub import CHAT_BURST, rematch_token
from tabletop.web.views import with_names
from tests.web.conftest import Client, Made, auth, decision, make_table


def post(client: Client, made: Made, what: str, token: str, body: Any = None,
         **query: Any) -> Any:
    return client.post(made.url(what), headers=auth(token), params=query, json=body or {})


def view(client: Client, made: Made, token: str, **query: Any) -> dict[str, Any]:
    answer = client.get(made.url("view"), headers=auth(token), params=query)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def play(client: Client, made: Made, token: str, action: int = 0) -> Any:
    table = client.hub.tables[made.id]
    return post(client, made, "act", token, {"move": table.steps,
                                              "decision": decision(client, made),
                                              "action": action})


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    assert words in response.json()["error"], response.json()


def finish_tic_tac_toe(client: Client, made: Made) -> None:
    """Play the first free cell for each seat in turn: X takes 1, 3, 5, 7 and wins."""
    table = client.hub.tables[made.id]
    while not table.match.state.is_over:
        seat = table.match.state.to_act
        assert seat is not None
        assert play(client, made, made.seats[seat + 1]).status_code == 200


# -- names -------------------------------------------------------------------------------
def test_with_names_replaces_whole_seat_labels_only() -> None:
    names = ["Ann"] + [None] * 8 + ["Ten"]
    assert with_names("Player 1 and Player 10, Player 1's turn", names) == \
        "Ann and Ten, Ann's turn"
    assert with_names("Player 2 XPlayer 1 Player 11", names) == "Player 2 XPlayer 1 Player 11"
    assert with_names("<text>Player 1</text>", ["<b>&'\""], markup=True) == \
        "<text>&lt;b&gt;&amp;&#x27;&quot;</text>"


def test_a_name_replaces_player_n_in_every_text_a_page_reads(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    nasty = '<b>A & "C"'  # short enough to stand whole in the picture
    answer = post(client, made, "name", made.seats[1], {"name": f"  {nasty}  "})
    assert answer.status_code == 200, answer.text
    got = answer.json()
    assert got["names"] == [nasty, "Player 2"]
    assert got["to_act_label"] == nasty
    # in the SVG the name is text, escaped, never markup
    assert "&lt;b&gt;A &amp; &quot;C&quot;" in got["picture"]
    assert "<b>" not in got["picture"] and "Player 1" not in got["picture"]
    assert "Player 1" not in (got["alt"] or "")
    assert play(client, made, made.seats[1]).status_code == 200
    for token in (made.seats[2], made.spectator):
        seen = view(client, made, token)
        assert seen["names"][0] == nasty
        moves = [line for entry in seen["feed"] for line in entry["lines"]]
        assert any(line.startswith(f"1. {nasty}") for line in moves), moves
        assert not any("Player 1" in line for line in moves)
    second = view(client, made, made.seats[2])
    assert all("Player 1" not in choice["text"] for choice in second["choices"])
    assert "Player 1" not in json.dumps(second["menu"])


@pytest.mark.parametrize(("name", "words"), [
    ("", "at least one"), ("   ", "at least one"), ("x" * 25, "at most 24"),
    ("Ann\x07", "control"), ("Ann\u200b", "control"), ("Player 2", "seat's label"),
    ("ANN", "already taken"), (7, "'name'"),
])
def test_a_name_that_cannot_be_taken_is_refused_clearly(client: Client, name: Any,
                                                        words: str) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert post(client, made, "name", made.seats[2], {"name": "Ann"}).status_code == 200
    refused(post(client, made, "name", made.seats[1], {"name": name}), 400, words)
    assert view(client, made, made.seats[1])["names"] == ["Player 1", "Ann"]


def test_only_a_seat_names_itself_and_may_change_its_name(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    refused(post(client, made, "name", made.spectator, {"name": "Eve"}), 403, "spectator")
    refused(post(client, made, "name", made.seats[1], {"name": "Eve"}, seat=2), 403,
            "Player 1's")
    assert post(client, made, "name", made.seats[1], {"name": "Ann"}).status_code == 200
    assert post(client, made, "name", made.seats[1], {"name": "Anna"}).status_code == 200
    assert view(client, made, made.spectator)["names"] == ["Anna", "Player 2"]


def test_names_given_in_the_lobby_are_checked(client: Client) -> None:
    answer = client.post("/api/tables", json={
        "game": "tic_tac_toe", "players": 2, "seats": ["human", "human"],
        "names": ["Ann", ""]})
    assert answer.status_code == 201
    token = answer.json()["seats"]["1"].split("#")[1]
    got = client.get(f"/api/tables/{answer.json()['table']}/view", headers=auth(token))
    assert got.json()["names"] == ["Ann", "Player 2"]
    same = client.post("/api/tables", json={
        "game": "tic_tac_toe", "players": 2, "seats": ["human", "human"],
        "names": ["Ann", "ann"]})
    refused(same, 400, "already taken")


def test_a_page_knows_whether_it_has_a_turn(client: Client) -> None:
    """The page offers turn alerts by ``you``: a seat and the hot seat have turns, a
    spectator (no seat, role "spectator") has none."""
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert made.hotseat is not None
    watcher = view(client, made, made.spectator)["you"]
    assert (watcher["role"], watcher["seat"]) == ("spectator", None)
    assert view(client, made, made.seats[2])["you"]["seat"] == 2
    hotseat = view(client, made, made.hotseat)["you"]
    assert (hotseat["role"], hotseat["humans"]) == ("hotseat", [1, 2])


# -- chat --------------------------------------------------------------------------------
def test_chat_reaches_every_viewer_as_plain_text(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert post(client, made, "name", made.seats[2], {"name": "Bo"}).status_code == 200
    said = post(client, made, "chat", made.seats[2], {"text": "  <script>hi</script>  "})
    assert said.status_code == 200, said.text
    for token in (made.seats[1], made.spectator):
        chat = view(client, made, token)["chat"]
        assert [(m["n"], m["seat"], m["text"]) for m in chat] == \
            [(1, 2, "<script>hi</script>")]


def test_chat_is_limited_in_length_and_rate(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    refused(post(client, made, "chat", made.seats[1], {"text": "x" * 201}), 400,
            "at most 200")
    refused(post(client, made, "chat", made.seats[1], {"text": "  "}), 400, "empty")
    assert post(client, made, "chat", made.seats[1], {"text": "y" * 200}).status_code == 200
    for n in range(CHAT_BURST - 1):
        assert post(client, made, "chat", made.seats[1], {"text": f"m{n}"}).status_code == 200
    refused(post(client, made, "chat", made.seats[1], {"text": "one more"}), 429,
            "messages in 10 seconds")
    # the limit is per seat
    assert post(client, made, "chat", made.seats[2], {"text": "me"}).status_code == 200
    assert len(view(client, made, made.seats[2])["chat"]) == CHAT_BURST + 1


def test_spectators_chat_only_where_the_host_allows_it(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    refused(post(client, made, "chat", made.spectator, {"text": "hello"}), 403, "spectators")
    answer = client.post("/api/tables", json={
        "game": "tic_tac_toe", "players": 2, "seats": ["human", "human"],
        "spectator_chat": True})
    open_ = Made(answer.json())
    assert post(client, open_, "chat", open_.spectator, {"text": "hello"}).status_code == 200
    chat = view(client, open_, open_.seats[1])["chat"]
    assert [(m["seat"], m["text"]) for m in chat] == [(None, "hello")]
    assert view(client, open_, open_.seats[1])["spectator_chat"] is True


# -- rematch -----------------------------------------------------------------------------
def test_play_again_gives_each_link_its_own_place_at_the_new_table(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert post(client, made, "name", made.seats[1], {"name": "Ann"}).status_code == 200
    refused(post(client, made, "rematch", made.seats[1]), 409, "not over")
    finish_tic_tac_toe(client, made)
    refused(post(client, made, "rematch", made.spectator), 403, "only a player")
    first = post(client, made, "rematch", made.seats[2])
    assert first.status_code == 200, first.text
    assert post(client, made, "rematch", made.seats[1]).status_code == 200  # the same table
    links = {}
    for who, token in [(1, made.seats[1]), (2, made.seats[2]), (None, made.spectator),
                       ("hot", made.hotseat)]:
        assert token is not None
        link = view(client, made, token)["rematch"]
        assert link is not None and link.startswith("/table/")
        links[who] = link
        # a page receives its own link only: no other link's token is in its payload
        others = [rematch_token(t, link.split("/")[2].split("#")[0])
                  for t in (made.seats[1], made.seats[2], made.spectator, made.hotseat)
                  if t != token and t is not None]
        payload = json.dumps(view(client, made, token))
        assert not any(other in payload for other in others)
    new_id = links[1].split("/")[2].split("#")[0]
    assert len({link.split("#")[0] for link in links.values()}) == 1
    new = client.hub.tables[new_id]
    old = client.hub.tables[made.id]
    assert new.match.record.seats == old.match.record.seats
    assert new.match.record.options == old.match.record.options
    assert new.given == ["Ann", None]
    # each new link opens its own place
    for who, link in links.items():
        token = link.split("#")[1]
        got = client.get(f"/api/tables/{new_id}/view", headers=auth(token)).json()
        assert got["you"]["seat"] == (who if isinstance(who, int) else None)
        assert got["you"]["role"] == {None: "spectator", "hot": "hotseat"}.get(
            who, "seat")  # type: ignore[arg-type]
    refused(client.get(f"/api/tables/{new_id}/view", headers=auth(made.seats[1])), 403,
            "does not open")


# -- undo --------------------------------------------------------------------------------
def test_a_seat_takes_back_its_move_and_the_store_forgets_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Client(create_app(data, bot_delay=0)) as client:
        made = make_table(client, "tic_tac_toe", ["human", "human"])
        refused(post(client, made, "undo", made.seats[1]), 409, "nothing to take back")
        assert play(client, made, made.seats[1], 4).status_code == 200
        assert view(client, made, made.seats[1])["undo"] == {"can": True}
        assert view(client, made, made.seats[2])["undo"]["can"] is False
        refused(post(client, made, "undo", made.seats[2]), 409, "Nothing taken back")
        refused(post(client, made, "undo", made.spectator), 403, "spectator")
        answer = post(client, made, "undo", made.seats[1])
        assert answer.status_code == 200, answer.text
        assert answer.json()["move"] == 0 and answer.json()["to_act"] == 1
        assert all(e["step"] == 0 for e in answer.json()["feed"])
        assert len(client.hub.tables[made.id].entries) == 1  # the set-up only
        assert play(client, made, made.seats[1], 0).status_code == 200
        assert play(client, made, made.seats[2], 0).status_code == 200
        refused(post(client, made, "undo", made.seats[1]), 409, "another player has moved")
        actions = list(client.hub.tables[made.id].match.record.actions)
    with Client(create_app(data, bot_delay=0)) as client:
        table = client.hub.tables[made.id]
        assert table.steps == 2 and table.match.record.actions == actions


# -- the QR code, restart ----------------------------------------------------------------
def test_the_qr_code_of_a_link_is_svg(client: Client) -> None:
    answer = client.post("/api/qr", json={"text": "http://127.0.0.1:8000/table/abc#SECRET"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg") and "<path" in answer.text
    assert "SECRET" not in answer.text
    refused(client.post("/api/qr", json={"text": ""}), 400, "'text'")
    refused(client.post("/api/qr", json={"text": "x" * 1001}), 400, "'text'")


def test_names_chat_and_rematch_survive_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Client(create_app(data, bot_delay=0)) as client:
        answer = client.post("/api/tables", json={
            "game": "tic_tac_toe", "players": 2, "seats": ["human", "human"], "seed": 3,
            "spectator_chat": True, "single": False})
        made = Made(answer.json())
        assert post(client, made, "name", made.seats[1], {"name": "Ann"}).status_code == 200
        assert post(client, made, "chat", made.seats[2], {"text": "good luck"}
                    ).status_code == 200
        finish_tic_tac_toe(client, made)
        assert post(client, made, "rematch", made.seats[1]).status_code == 200
        link = view(client, made, made.seats[2])["rematch"]
    with Client(create_app(data, bot_delay=0)) as client:
        got = view(client, made, made.seats[2])
        assert got["names"] == ["Ann", "Player 2"]
        assert [m["text"] for m in got["chat"]] == ["good luck"]
        assert got["spectator_chat"] is True
        assert got["rematch"] == link
        new_id, token = link.split("/")[2].split("#")
        again = client.get(f"/api/tables/{new_id}/view", headers=auth(token)).json()
        assert again["you"]["seat"] == 2 and again["names"] == ["Ann", "Player 2"]


def test_the_stream_wakes_on_a_chat_message(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    table = client.hub.tables[made.id]
    version = table.version
    assert post(client, made, "chat", made.seats[1], {"text": "hi"}).status_code == 200
    assert table.version > version


def test_the_record_of_a_named_table_keeps_the_names(client: Client) -> None:
    from tabletop.record import Record

    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert post(client, made, "name", made.seats[2], {"name": "Bo"}).status_code == 200
    finish_tic_tac_toe(client, made)
    answer = client.get(made.url("record"), headers=auth(made.spectator))
    assert answer.status_code == 200, answer.text
    assert Record.from_json(answer.text).names == ["Player 1", "Bo"]


def test_a_long_name_is_cut_in_the_picture_only() -> None:
    names = ["Wolfgang Amadeus M."]
    assert with_names("<text>Player 1 (you)</text>", names, markup=True) == \
        "<text>Wolfgang\u2026 (you)</text>"
    assert with_names("Player 1 bids", names) == "Wolfgang Amadeus M. bids"
    assert with_names("<text>Player 1</text>", ["Ann Smith"], markup=True) == \
        "<text>Ann Smith</text>"
