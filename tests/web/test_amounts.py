"""Amount decisions at the web table (issue 26): the menu JSON of a number in a range, a move
given as an amount, and the refusal of any amount that is not one of the choices (a forged
request changes nothing: not the table, not its record, not the store)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.web.store import FILENAME
from tests.web.auction_game import GAME, PASS, AuctionState, Bid
from tests.web.conftest import Client, Made, auth, decision, make_table
from tests.web.test_api import refused, view


@pytest.fixture
def auction() -> Iterator[None]:
    """Three Lots: bids typed as amounts (1 to 20 G, or $1,000 to $20,000)."""
    registry.register("auction_game", GAME)
    yield
    registry.unregister("auction_game")


def post(client: Client, made: Made, seat: int, body: dict[str, Any]) -> Any:
    return client.post(made.url("act"), headers=auth(made.seats[seat]),
                       json={"decision": decision(client, made), **body})


def bid(client: Client, made: Made, seat: int, move: int, value: Any,
        question: Any = "Your bid") -> Any:
    return post(client, made, seat, {"move": move, "question": question, "amount": value})


def amount_line(menu: dict[str, Any]) -> dict[str, Any]:
    """The one amount line of a menu."""
    found = [line["amount"] for line in menu["lines"] if "amount" in line]
    assert len(found) == 1, menu
    return found[0]


def stored_moves(client: Client, made: Made) -> int:
    with sqlite3.connect(Path(client.hub.data) / FILENAME) as db:
        count: int = db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?",
                                (made.id,)).fetchone()[0]
    return count


def test_an_amount_decision_is_one_line_mapping_each_value_to_its_legal_index(
        client: Client, auction: None) -> None:
    made = make_table(client, "auction_game", ["human", "human"])
    menu = view(client, made, made.seats[1]).json()["menu"]
    assert [line["text"] for line in menu["lines"]] == ["Your bid (1 to 20 G)",
                                                        "pass on this lot"]
    amount = amount_line(menu)
    assert {k: amount[k] for k in ("question", "unit", "prefix", "range")} == {
        "question": "Your bid", "unit": "G", "prefix": "", "range": "1 to 20 G"}
    legal = client.hub.tables[made.id].match.state.legal_actions()
    assert [value for value, _ in amount["choices"]] == list(range(1, 21))
    for value, index in amount["choices"]:
        assert legal[index] == Bid(value)
    assert "stay_out" not in amount
    assert legal[menu["lines"][1]["action"]] == PASS


def test_dollar_amounts_carry_their_prefix_and_step(client: Client, auction: None) -> None:
    made = make_table(client, "auction_game", ["human", "human"], options={"dollars": True})
    amount = amount_line(view(client, made, made.seats[1]).json()["menu"])
    assert (amount["prefix"], amount["unit"]) == ("$", "")
    assert amount["range"] == "$1,000 to $20,000 in steps of $1,000"
    assert amount["choices"][:2] == [[1000, 0], [2000, 1]]


def test_a_typed_amount_plays_exactly_its_action(client: Client, auction: None) -> None:
    made = make_table(client, "auction_game", ["human", "human"])
    table = client.hub.tables[made.id]
    answer = bid(client, made, 1, 0, 7)
    assert answer.status_code == 200, answer.text
    assert answer.json()["move"] == 1 and table.match.record.actions == [
        {"type": "Bid", "value": 7}]
    assert "Player 1 [human]: bid 7 G" in answer.json()["feed"][-1]["lines"][0]
    assert table.match.state.bids[0] == 7 and stored_moves(client, made) == 1


@pytest.mark.parametrize(("body", "words"), [
    ({"question": "Your bid", "amount": 21},
     "21 G is not an amount you can choose now: 1 to 20 G (nothing was played)"),
    ({"question": "Your bid", "amount": 0}, "0 G is not an amount you can choose now"),
    ({"question": "Your bid", "amount": -3}, "-3 G is not an amount you can choose now"),
    ({"question": "Your bid", "amount": 10**30}, "that amount is not an amount you can"),
    ({"question": "Your stake", "amount": 5},
     "'Your stake' is not asked now: the amount asked is Your bid (1 to 20 G)"),
    ({"question": "Your bid", "amount": "7"}, "'amount' must be a whole number"),
    ({"question": "Your bid", "amount": 7.0}, "'amount' must be a whole number"),
    ({"question": "Your bid", "amount": True}, "'amount' must be a whole number"),
    ({"amount": 7}, "an 'amount' needs the 'question' it answers"),
    ({"question": ["Your bid"], "amount": 7}, "an 'amount' needs the 'question'"),
    ({"question": "Your bid", "amount": 7, "action": 6}, "an 'action' or an 'amount', not both"),
])
def test_an_amount_not_in_the_choices_is_refused_and_changes_nothing(
        client: Client, auction: None, body: dict[str, Any], words: str) -> None:
    made = make_table(client, "auction_game", ["human", "human"])
    table = client.hub.tables[made.id]
    before = view(client, made, made.seats[1]).json()
    refused(post(client, made, 1, {"move": 0, **body}), 400, words)
    assert table.steps == 0 and table.match.record.actions == []
    assert table.match.state.bids == [-1, -1] and stored_moves(client, made) == 0
    assert view(client, made, made.seats[1]).json() == before


def test_a_dollar_amount_off_the_step_is_refused(client: Client, auction: None) -> None:
    made = make_table(client, "auction_game", ["human", "human"], options={"dollars": True})
    refused(bid(client, made, 1, 0, 1500), 400, "$1,500 is not an amount you can choose now: "
                                                "$1,000 to $20,000 in steps of $1,000")
    assert client.hub.tables[made.id].steps == 0
    assert bid(client, made, 1, 0, 2000).status_code == 200
    assert client.hub.tables[made.id].match.state.bids[0] == 2000


def test_an_amount_is_refused_when_no_amount_is_asked_and_out_of_turn(
        client: Client, auction: None) -> None:
    made = make_table(client, "auction_game", ["human", "human"])
    refused(bid(client, made, 2, 0, 5), 409, "it is Player 1's turn")
    assert bid(client, made, 1, 0, 20).status_code == 200  # the whole purse
    refused(bid(client, made, 1, 0, 5), 409, "answers move 0, but the table is at move 1")
    assert post(client, made, 2, {"move": 1, "action": 20}).status_code == 200  # passes
    # Player 1 took the lot and has nothing left: a pass is all he can do
    menu = view(client, made, made.seats[1]).json()["menu"]
    assert menu["lines"] == [{"text": "pass on this lot", "action": 0}]
    refused(bid(client, made, 1, 2, 1), 400,
            "'Your bid' is not asked now: no amount is asked now, choose an action")
    assert client.hub.tables[made.id].steps == 2


def test_the_stay_out_line_shows_only_when_the_seat_takes_no_part(
        client: Client, auction: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint follows ``State.stay_out()`` exactly: none where it is ``None``; where the
    choice that stays out is an amount, it says which amount and marks it."""
    made = make_table(client, "auction_game", ["human", "human"])
    seen = view(client, made, made.seats[1]).json()
    assert seen["stay_out"] is None and seen["stay_out_hint"] is None
    monkeypatch.setattr(AuctionState, "stay_out", lambda self: PASS)
    client.hub.tables[made.id]._views.clear()
    seen = view(client, made, made.seats[1]).json()
    assert seen["stay_out"] == 20 and seen["stay_out_hint"] == (
        "You take no part in this question: the marked choice (pass on this lot) stays out "
        "of it.")
    monkeypatch.setattr(AuctionState, "stay_out", lambda self: Bid(1))
    client.hub.tables[made.id]._views.clear()
    seen = view(client, made, made.seats[1]).json()
    assert seen["stay_out_hint"] == "You take no part in this question: answer 1 G to stay " \
                                    "out of it."
    assert amount_line(seen["menu"])["stay_out"] == 1


def test_the_stay_out_line_follows_the_game_through_a_whole_game(
        client: Client, menu_game: None) -> None:
    """Racket Row asks the others whether they object to a take-over (a question they take
    no part in): the line is there exactly then, for the seat asked, and never otherwise."""
    made = make_table(client, "menu_game", ["human", "human"], options={"questions": True})
    table = client.hub.tables[made.id]
    hinted = 0
    for _ in range(12):
        state = table.match.state
        seat = state.to_act
        assert seat is not None
        seen = view(client, made, made.seats[seat + 1]).json()
        assert (seen["stay_out_hint"] is not None) == (state.stay_out() is not None)
        assert view(client, made, made.seats[2 - seat]).json()["stay_out_hint"] is None
        hinted += seen["stay_out_hint"] is not None
        legal = state.legal_actions()
        take = next((i for i, a in enumerate(legal) if type(a).__name__ == "TakeOver"), 0)
        answer = post(client, made, seat + 1, {"move": table.steps, "action": take})
        assert answer.status_code == 200, answer.text
    assert hinted >= 5
