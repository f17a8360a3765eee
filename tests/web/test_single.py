"""Issue 27, on the server: a move names the decision it answers (a fingerprint the view
gives the seat to act), and a decision with one possible answer is played for a human seat
that lets the table do so ("Play single choices for me", on by default), its own feed line
saying so while the others read the move as any other."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop.web import create_app
from tabletop.web.store import Store
from tests.web.conftest import Client, Made, auth, decision, make_table

#: a tic-tac-toe game with no winner after eight moves: X's ninth (cell 9) is its only choice
CELLS = [0, 1, 2, 4, 3, 5, 7, 6]
NOTE = "only one choice: "


def index_of(client: Client, made: Made, cell: int) -> int:
    """The legal index of marking ``cell`` (0-based) now."""
    legal = client.hub.tables[made.id].match.state.legal_actions()
    return next(i for i, action in enumerate(legal) if action.cell == cell)


def mark(client: Client, made: Made, cell: int) -> Any:
    """The seat to act marks ``cell``, naming the move and the decision its view gives."""
    table = client.hub.tables[made.id]
    seat = table.match.state.to_act + 1
    seen = client.get(made.url("view"), headers=auth(made.seats[seat])).json()
    assert seen["decision"] == decision(client, made)
    return client.post(made.url("act"), headers=auth(made.seats[seat]),
                       json={"move": seen["move"], "decision": seen["decision"],
                             "action": index_of(client, made, cell), "since": 0})


def feed_text(client: Client, made: Made, token: str) -> str:
    seen = client.get(made.url("view"), headers=auth(token)).json()
    return json.dumps(seen["feed"], ensure_ascii=False)


def stored_moves(client: Client) -> list[Any]:
    return [m for _, record in client.hub.store.records() for m in record.actions]


def test_only_the_seat_to_act_gets_the_fingerprint(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    one = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    two = client.get(made.url("view"), headers=auth(made.seats[2])).json()
    spy = client.get(made.url("view"), headers=auth(made.spectator)).json()
    assert isinstance(one["decision"], str) and len(one["decision"]) >= 12
    assert two["decision"] is None and spy["decision"] is None


def test_a_move_for_a_decision_no_longer_asked_is_refused_and_changes_nothing(
        client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    first = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    assert mark(client, made, 4).status_code == 200
    # the right move number, but the decision answered is Player 1's, not Player 2's (the
    # second click of a double click, its page drawn anew in between)
    stale = client.post(made.url("act"), headers=auth(made.hotseat or ""),
                        params={"seat": 2},
                        json={"move": 1, "decision": first["decision"], "action": 0})
    assert stale.status_code == 409
    assert "no longer the one asked" in stale.json()["error"]
    assert "\n" not in stale.json()["error"]
    table = client.hub.tables[made.id]
    assert table.steps == 1 and table.match.state.cells.count(-1) == 8
    assert len(stored_moves(client)) == 1


def test_a_move_without_its_fingerprint_is_refused(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    answer = client.post(made.url("act"), headers=auth(made.seats[1]),
                         json={"move": 0, "action": 0})
    assert answer.status_code == 400
    assert answer.json() == {"error": "a move must name the 'decision' it answers (the "
                                      "view's 'decision'): nothing was played"}
    for wrong in ("", 12, None, ["x"]):
        again = client.post(made.url("act"), headers=auth(made.seats[1]),
                            json={"move": 0, "decision": wrong, "action": 0})
        assert again.status_code == 400
    assert client.hub.tables[made.id].steps == 0 and stored_moves(client) == []


def test_a_decision_with_one_choice_is_played_for_the_seat(client: Client,
                                                           tmp_path: Path) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"], single=True)
    for cell in CELLS[:-1]:
        assert mark(client, made, cell).status_code == 200
    last = mark(client, made, CELLS[-1])  # Player 2's, and then X's only cell is played
    assert last.status_code == 200
    table = client.hub.tables[made.id]
    assert table.steps == 9 and table.match.state.is_over
    assert last.json()["over"] and last.json()["move"] == 9
    mine = feed_text(client, made, made.seats[1])
    assert NOTE + "X marks cell 9" in mine
    # the others read the move as any other: nothing says it was the only one
    for token in (made.seats[2], made.spectator):
        text = feed_text(client, made, token)
        assert "marks cell 9" in text and NOTE not in text
    assert NOTE not in json.dumps(last.json(), ensure_ascii=False)  # Player 2's answer
    assert client.hub.store.automatic() == {made.id: {9}}
    # a server started again over the same data tells it the same way
    with Client(create_app(tmp_path / "data", bot_delay=0)) as again:
        assert NOTE + "X marks cell 9" in feed_text(again, made, made.seats[1])
        assert NOTE not in feed_text(again, made, made.seats[2])


def test_with_the_setting_off_the_seat_plays_its_one_choice_itself(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"], single=False)
    for cell in CELLS:
        assert mark(client, made, cell).status_code == 200
    table = client.hub.tables[made.id]
    assert table.steps == 8 and not table.match.state.is_over
    seen = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    assert [line["text"] for line in seen["menu"]["lines"]] == ["X marks cell 9"]
    assert seen["you"]["single"] is False
    # switched on at that decision, the table plays it
    answer = client.post(made.url("settings"), headers=auth(made.seats[1]),
                         json={"single": True})
    assert answer.status_code == 200 and answer.json()["you"]["single"] is True
    assert table.steps == 9 and NOTE + "X marks cell 9" in feed_text(client, made,
                                                                     made.seats[1])


def test_a_seat_switches_the_setting_off_and_it_is_kept(client: Client,
                                                        tmp_path: Path) -> None:
    answer = client.post("/api/tables", json={"game": "tic_tac_toe", "players": 2,
                                              "seats": ["human", "human"], "seed": 1})
    made = Made(answer.json())  # created without saying: the setting is on
    seen = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    assert seen["you"]["single"] is True
    off = client.post(made.url("settings"), headers=auth(made.seats[1]),
                      json={"single": False})
    assert off.status_code == 200 and off.json()["you"]["single"] is False
    for cell in CELLS:
        assert mark(client, made, cell).status_code == 200
    assert client.hub.tables[made.id].steps == 8  # waiting for Player 1's own click
    assert Store(tmp_path / "data").settings()[made.id] == {0: False, 1: True}
    spy = client.post(made.url("settings"), headers=auth(made.spectator),
                      json={"single": False})
    assert spy.status_code == 403
    bad = client.post(made.url("settings"), headers=auth(made.seats[2]),
                      json={"single": "no"})
    assert bad.status_code == 400 and bad.json()["error"] == "'single' must be true or false"


def test_the_pages_are_shown_the_table_once_the_single_choice_is_played(client: Client
                                                                        ) -> None:
    # Player 2's move and X's one choice after it are shown together: a page woken between
    # the two would offer Player 1 a decision already answered for him (a 409 on the click)
    made = make_table(client, "tic_tac_toe", ["human", "human"], single=True)
    for cell in CELLS[:-1]:
        assert mark(client, made, cell).status_code == 200
    table = client.hub.tables[made.id]
    seen: list[int] = []
    wake = table.wake
    table.wake = lambda: (seen.append(table.steps), wake())  # type: ignore[method-assign]
    assert mark(client, made, CELLS[-1]).status_code == 200
    assert table.steps == 9
    assert seen == [9], f"the pages were woken at moves {seen}"
