"""The web server's HTTP API, endpoint by endpoint, with every refusal: a refused request
gets its 4xx and one line, shows nothing of the table and changes nothing. (Every answer
is also checked for tracebacks by the ``client`` fixture.)"""

from __future__ import annotations

import json
import sqlite3
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop import registry
from tabletop.cli import main
from tabletop.record import Record, replay
from tabletop.web.store import FILENAME
from tests.web.conftest import Client, Made, auth, decision, make_table


def view(client: Client, made: Made, token: str | None, **query: Any) -> Any:
    headers = auth(token) if token else {}
    return client.get(made.url("view"), headers=headers, params=query)


def act(client: Client, made: Made, token: str, move: int, action: int = 0,
        **query: Any) -> Any:
    return client.post(made.url("act"), headers=auth(token), params=query,
                       json={"move": move, "decision": decision(client, made),
                             "action": action})


def refused(response: Any, status: int, words: str) -> None:
    """A refusal: the status, one line naming the problem, and nothing else."""
    assert response.status_code == status, response.text
    body = response.json()
    assert list(body) == ["error"]
    assert words in body["error"] and "\n" not in body["error"]


# -- the lobby -------------------------------------------------------------------------
def test_games_lists_every_game_with_its_options_and_seat_kinds(client: Client) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(registry.names())
    crimopolis = games["crimopolis"]
    variant = next(o for o in crimopolis["options"] if o["name"] == "variant")
    assert variant["choices"][0] == "standard" and variant["default"] == "standard"
    assert crimopolis["agents"][0] == "random" and "heuristic" in crimopolis["agents"]
    assert (crimopolis["min_players"], crimopolis["max_players"]) == (2, 5)


def test_creating_a_table_gives_a_link_per_human_seat_a_hot_seat_and_a_spectator(
        client: Client) -> None:
    answer = client.post("/api/tables", json={
        "game": "chicago_diy", "players": 3, "seats": ["human", "heuristic", "human"],
        "options": {"reshuffles": "2"}, "seed": 5})
    assert answer.status_code == 201
    links = answer.json()
    assert set(links["seats"]) == {"1", "3"}
    urls = [*links["seats"].values(), links["hotseat"], links["spectator"]]
    assert len({u.split("#")[1] for u in urls}) == 4
    assert all(u.startswith(f"http://testserver/table/{links['table']}#") for u in urls)
    assert all(len(u.split("#")[1]) >= 32 for u in urls)
    table = client.hub.tables[links["table"]]
    assert table.match.state.options.reshuffles == 2 and table.match.seed == 5


def test_a_table_of_bots_only_has_just_a_spectator_link(client: Client) -> None:
    answer = client.post("/api/tables", json={"game": "tic_tac_toe", "players": 2,
                                              "seats": ["heuristic", "random"]}).json()
    assert answer["seats"] == {} and answer["hotseat"] is None and answer["spectator"]
    client.settle()
    assert client.hub.tables[answer["table"]].match.state.is_over


def test_a_seat_takes_a_level_or_a_search_budget(client: Client) -> None:
    """The lobby offers levels (easy, normal, hard) besides the agent kinds; a level stands for
    its agent kind, and a kind may carry its settings."""
    game = next(g for g in client.get("/api/games").json() if g["name"] == "chicago_diy")
    assert [level["name"] for level in game["levels"]] == ["easy", "normal", "hard"]
    answer = client.post("/api/tables", json={
        "game": "chicago_diy", "players": 4, "seats": ["human", "Hard", "easy", "ismcts:20"],
        "seed": 3})
    assert answer.status_code == 201
    match = client.hub.tables[answer.json()["table"]].match
    # a search given only iterations also stops at the server's time cap (--max-bot-ms)
    assert match.seats == ["human", "ismcts:200ms:guide=heuristic", "random",
                           "ismcts:20:2000ms"]


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess", "players": 2, "seats": ["human", "human"]}, "no game named 'chess'"),
    ({"game": "chicago_diy", "players": 9, "seats": ["human"] * 9}, "for 2-5 players, not 9"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "human"],
      "options": {"bribe": "lots"}}, "option 'bribe' must be a whole number"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "human"],
      "options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human"]}, "need 2 seat kinds"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "genius"]},
     "Player 2: chicago_diy has no agent 'genius' (agents: random, heuristic, ismcts)"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "ismcts:lots"]},
     "Player 2: agent 'ismcts:lots'"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", 7]},
     "'seats' must list each seat's kind (human, easy, normal, hard"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", " "]},
     "Player 2: a seat is 'human', a level (easy, normal, hard) or an agent kind"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "human"], "seed": -1},
     "the seed must be a whole number"),
    ({"game": "chicago_diy", "players": "two", "seats": ["human", "human"]},
     "'players' must be a whole number"),
    ({"game": "chicago_diy", "seats": ["human", "human"]}, "no 'players'"),
    ({"players": 2, "seats": ["human", "human"]}, "must name a 'game'"),
    ({"game": "chicago_diy", "players": 2, "seats": "human"}, "'seats' must list"),
    ({"game": "chicago_diy", "players": 2, "seats": ["human", "human"], "options": [1]},
     "'options' must map"),
])
def test_bad_tables_are_refused_with_one_line_and_nothing_created(
        client: Client, body: dict[str, Any], words: str) -> None:
    refused(client.post("/api/tables", json=body), 400, words)
    assert client.hub.tables == {}


@pytest.mark.parametrize(("content", "status", "words"), [
    (b"{not json", 400, "not JSON"),
    (b"[1, 2]", 400, "must be a JSON object"),
    (b"\xff\xfe", 400, "not JSON"),
    (b"[" * 100_000, 400, "not JSON"),
    (b" " * (1024 * 1024 + 1), 413, "over 1024 KiB"),
])
def test_malformed_and_huge_bodies_are_refused(client: Client, content: bytes, status: int,
                                               words: str) -> None:
    refused(client.post("/api/tables", content=content,
                        headers={"Content-Type": "application/json"}), status, words)


def test_a_huge_body_without_a_length_is_cut_off_too(client: Client) -> None:
    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 65536

    refused(client.post("/api/tables", content=chunks()), 413, "over 1024 KiB")


# -- opening a table -------------------------------------------------------------------
def test_a_seat_sees_its_own_view_and_a_spectator_the_public_one(client: Client) -> None:
    made = make_table(client, "chicago_diy", ["human", "human"], seed=3)
    state = client.hub.tables[made.id].match.state
    mine = view(client, made, made.seats[1]).json()
    assert mine["you"] == {"role": "seat", "seat": 1, "single": False}
    assert mine["picture"] == state.picture(0)
    # the text view stands in for a game that draws no picture
    assert mine["text"] == (state.render(0) if state.picture(0) is None else None)
    watcher = view(client, made, made.spectator).json()
    assert watcher["you"] == {"role": "spectator", "seat": None, "single": None}
    assert watcher["picture"] == state.picture(None) and watcher["menu"] is None
    assert watcher["text"] == (state.render(None) if state.picture(None) is None else None)
    to_act = state.to_act + 1
    assert view(client, made, made.seats[to_act]).json()["menu"]["lines"]
    assert view(client, made, made.seats[3 - to_act]).json()["menu"] is None


def test_refused_links_see_nothing(client: Client) -> None:
    made = make_table(client, "chicago_diy", ["human", "human", "heuristic"])
    other = make_table(client, "chicago_diy", ["human", "human"])
    refused(view(client, made, None), 403, "does not open this table")
    refused(view(client, made, "forged-" + made.seats[1][7:]), 403, "does not open")
    refused(view(client, made, other.seats[1]), 403, "does not open")
    refused(client.get(made.url("view"), headers={"Authorization": made.seats[1]}), 403,
            "does not open")  # no "Bearer"
    refused(view(client, made, made.seats[2], seat=1), 403, "Player 2's, not Player 1's")
    refused(view(client, made, made.spectator, seat=1), 403, "cannot show Player 1's hand")
    refused(view(client, made, made.hotseat, seat=3), 403, "cannot show Player 3's hand")
    refused(view(client, made, made.seats[1], seat=4), 400, "numbered 1 to 3")
    refused(view(client, made, made.seats[1], seat="x"), 400, "'seat' must be")
    refused(view(client, made, made.seats[1], since="-1"), 400, "'since' must be")
    refused(client.get("/api/tables/nosuch/view", headers=auth(made.seats[1])), 404,
            "no table 'nosuch'")
    for what in ("stream", "record"):
        refused(client.get(made.url(what)), 403, "does not open")


def test_the_hot_seat_link_shows_every_human_seat_and_the_public_view(client: Client) -> None:
    made = make_table(client, "chicago_diy", ["human", "human", "heuristic"], seed=2)
    client.settle()  # the bot has moved if it was first: the table waits for a person
    public = view(client, made, made.hotseat).json()
    assert public["you"] == {"role": "hotseat", "seat": None, "single": None,
                             "humans": [1, 2]}
    state = client.hub.tables[made.id].match.state
    for seat in (1, 2):
        shown = view(client, made, made.hotseat, seat=seat).json()
        assert shown["picture"] == state.picture(seat - 1)
        assert shown["text"] == (state.render(seat - 1) if shown["picture"] is None else None)
        assert shown["you"]["seat"] == seat


def test_the_feed_is_narrated_for_its_reader(client: Client, menu_game: None) -> None:
    """Racket Row tells a recruiter which Crook he got; the others read that he recruited."""
    made = make_table(client, "menu_game", ["human", "human"])
    table = client.hub.tables[made.id]
    legal = table.match.state.legal_actions()
    recruit = next(i for i, a in enumerate(legal) if type(a).__name__ == "Recruit")
    assert act(client, made, made.seats[1], 0, recruit).status_code == 200
    mine = view(client, made, made.seats[1], since=1).json()["feed"]
    theirs = view(client, made, made.seats[2], since=1).json()["feed"]
    secret = [e.text for e in table.entries[1].events if e.to == 0]
    assert secret and any(secret[0] in line for line in mine[0]["lines"])
    assert not any(secret[0] in line for line in theirs[0]["lines"])
    assert mine[0]["step"] == theirs[0]["step"] == 1


def test_long_menus_come_in_groups_with_the_concession_marked(client: Client,
                                                              menu_game: None) -> None:
    made = make_table(client, "menu_game", ["human", "human"])
    menu = view(client, made, made.seats[1]).json()["menu"]
    groups = [line for line in menu["lines"] if "group" in line]
    assert any(line["text"].startswith("Take over a Racket (24 choices)") for line in groups)
    leave = [line for line in menu["lines"] if line.get("concession")]
    assert len(leave) == 1 and "leave" in leave[0]["text"].lower()
    assert view(client, made, made.seats[1]).json()["text"]  # no picture: the text view


# -- moving ----------------------------------------------------------------------------
def test_a_move_is_played_once_and_a_second_click_is_refused(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    first = act(client, made, made.seats[1], 0, 4)
    assert first.status_code == 200 and first.json()["move"] == 1
    again = act(client, made, made.seats[1], 0, 4)
    refused(again, 409, "answers move 0, but the table is at move 1")
    refused(act(client, made, made.seats[1], 1, 0), 409, "it is Player 2's turn")
    assert client.hub.tables[made.id].match.state.cells.count(-1) == 8
    refused(act(client, made, made.seats[2], 1, 8), 400, "there is no action 8")
    refused(act(client, made, made.spectator, 1, 0), 403, "a spectator cannot play")
    refused(act(client, made, "forged", 1, 0), 403, "does not open")
    refused(client.post(made.url("act"), headers=auth(made.seats[2]),
                        json={"move": "1", "action": 0}), 400, "'move' must be")
    refused(client.post(made.url("act"), headers=auth(made.seats[2]),
                        json={"move": 1, "decision": decision(client, made)}), 400, "no 'action'")
    assert client.hub.tables[made.id].steps == 1


def test_the_hot_seat_plays_each_human_seat_in_turn(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    refused(act(client, made, made.hotseat, 0, 0), 403, "a spectator cannot play")
    refused(act(client, made, made.hotseat, 0, 0, seat=2), 409, "it is Player 1's turn")
    assert act(client, made, made.hotseat, 0, 0, seat=1).status_code == 200
    assert act(client, made, made.hotseat, 1, 0, seat=2).status_code == 200


def test_moves_are_stored_before_they_are_answered(client: Client, tmp_path: Path) -> None:
    made = make_table(client, "chicago_diy", ["human", "heuristic"], seed=4)
    client.settle()
    table = client.hub.tables[made.id]
    seat = table.match.state.to_act + 1
    act(client, made, made.seats[seat], table.steps, 0)
    with sqlite3.connect(tmp_path / "data" / FILENAME) as db:
        stored = [json.loads(a) for (a,) in db.execute(
            "SELECT action FROM moves WHERE table_id = ? ORDER BY step", (made.id,))]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert stored[:table.steps] == table.match.record.actions[:len(stored)]
    assert len(stored) >= table.steps - 1  # a bot may be storing its move right now


def test_bots_move_on_the_server(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "heuristic"])
    act(client, made, made.seats[1], 0, 0)
    client.settle()
    seen = view(client, made, made.seats[1]).json()
    assert seen["move"] == 2 and seen["to_act"] == 1 and seen["menu"]
    assert "[Normal bot]" in seen["feed"][-1]["lines"][0]  # its level, not "heuristic"


# -- the end: the record and replays ---------------------------------------------------
def finish_tic_tac_toe(client: Client) -> Made:
    made = make_table(client, "tic_tac_toe", ["human", "human"], seed=9)
    refused(client.get(made.url("record"), headers=auth(made.seats[1])), 409,
            "once the game is over")
    for move, cell in enumerate([0, 3, 1, 4, 2]):  # X wins on the top row
        legal = client.hub.tables[made.id].match.state.legal_actions()
        index = [a.cell for a in legal].index(cell)
        assert act(client, made, made.seats[move % 2 + 1], move, index).status_code == 200
    return made


def test_a_finished_game_downloads_the_record_tabletop_replay_reads(
        client: Client, tmp_path: Path) -> None:
    made = finish_tic_tac_toe(client)
    final = view(client, made, made.spectator).json()
    assert final["over"] and "Player 1 wins" in final["result"]
    refused(act(client, made, made.seats[2], 5, 0), 409, "the game is over")
    answer = client.get(made.url("record"), headers=auth(made.spectator))
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    path = tmp_path / "game.json"
    path.write_text(answer.text)
    record = Record.load(path)
    assert replay(record).is_over and record.seats == ["human", "human"]
    result = CliRunner().invoke(main, ["replay", str(path)])
    # the words, however the terminal's width wraps them
    assert result.exit_code == 0 and "the result matches" in " ".join(result.output.split())


def test_a_replay_narrates_everything_and_draws_any_step_for_any_viewer(
        client: Client) -> None:
    made = finish_tic_tac_toe(client)
    record = client.get(made.url("record"), headers=auth(made.seats[1])).json()
    summary = client.post("/api/replays/open", json={"record": record}).json()
    assert summary["steps"] == 5 and "Player 1 wins" in summary["result"]
    assert [e["step"] for e in summary["feed"]] == [1, 2, 3, 4, 5]
    assert "X marks cell 1" in summary["feed"][0]["lines"][0]
    start = client.post("/api/replays/frame", json={"record": record, "step": 0}).json()
    end = client.post("/api/replays/frame",
                      json={"record": record, "step": 5, "seat": 2}).json()
    assert start["viewer"] == "Spectator" and end["viewer"] == "Player 2"
    tokens = [ET.fromstring(p) for p in (start["picture"], end["picture"])]
    count = [sum("token" in (e.get("class") or "") for e in t.iter()) for t in tokens]
    assert count == [0, 5] and end["menu"] is None and end["over"]


def test_bad_replays_are_refused_with_one_line(client: Client) -> None:
    made = finish_tic_tac_toe(client)
    record = client.get(made.url("record"), headers=auth(made.seats[1])).json()
    frame = "/api/replays/frame"
    refused(client.post(frame, json={"record": record, "step": 6}), 400, "0 to 5")
    refused(client.post(frame, json={"record": record, "step": 1, "seat": 3}), 400,
            "numbered 1 to 2")
    refused(client.post(frame, json={"step": 1}), 400, "must carry a 'record'")
    tampered = {**record, "actions": [*record["actions"][:2], {"type": "Place", "cell": 0}]}
    refused(client.post("/api/replays/open", json={"record": tampered}), 400,
            "action 3 is not legal there")
    refused(client.post("/api/replays/open", json={"record": {**record, "format": "x"}}),
            400, "not a Tabletop record")
    refused(client.post("/api/replays/open", json={"record": {**record, "game": "go"}}),
            400, "no game named 'go'")


# -- pages and errors ------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/", "/table/abc", "/replay"])
def test_pages_are_served_with_a_strict_content_policy(client: Client, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200 and page.text.startswith("<!doctype html>")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    for script in ("lobby.js", "table.js", "replay.js", "style.css"):
        assert client.get(f"/static/{script}").status_code == 200


def test_unknown_addresses_and_methods_get_one_line(client: Client) -> None:
    refused(client.get("/api/nothing"), 404, "no such page")
    refused(client.delete("/api/tables"), 405, "not allowed")
    page = client.get("/nothing")
    assert page.status_code == 404 and "no such page" in page.text


def test_a_server_fault_answers_one_line_and_no_traceback(tmp_path: Path,
                                                           monkeypatch: Any) -> None:
    from tabletop.web import create_app

    def broken(*args: Any) -> None:
        raise RuntimeError("a bug deep inside")

    with Client(create_app(tmp_path / "data", 0), raise_server_exceptions=False) as client:
        made = make_table(client, "tic_tac_toe", ["human", "human"])
        monkeypatch.setattr("tabletop.web.tables.seat_view", broken)
        answer = view(client, made, made.seats[1])
        refused(answer, 500, "the server failed on this request")
        assert "a bug deep inside" not in answer.text


def test_simultaneous_answers_to_one_move_play_it_once(client: Client) -> None:
    """Twelve requests answer the same move at once (a double click, two tabs, a retry):
    the table's lock lets exactly one through, the others are refused and change nothing."""
    made = make_table(client, "chicago_diy", ["human", "human"], seed=6)
    table = client.hub.tables[made.id]
    seat = table.match.state.to_act + 1
    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(lambda i: act(client, made, made.seats[seat], 0, i % 2),
                                range(12)))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 11
    assert table.steps == 1 and len(table.match.record.actions) == 1
    with sqlite3.connect(Path(client.hub.data) / FILENAME) as db:
        assert db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?",
                          (made.id,)).fetchone()[0] == 1
