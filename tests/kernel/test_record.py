"""Records: save, load, replay with every action checked; corrupt records are refused whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tic_tac_toe import GAME

from tabletop.errors import CorruptRecord
from tabletop.match import Match
from tabletop.record import Record, replay
from tabletop.serialization import snapshot_json


def finished_record(seed: int = 4) -> tuple[Match, Record]:
    match = Match(GAME, 2, seed, seats=["random", "heuristic"])
    match.run()
    return match, Record.from_json(match.record.to_json())


def test_replay_reproduces_the_game(tmp_path: Path) -> None:
    match, _ = finished_record()
    path = tmp_path / "game.json"
    match.record.save(path)
    state = replay(Record.load(path))
    assert snapshot_json(GAME, state) == snapshot_json(GAME, match.state)
    data = json.loads(path.read_text())
    assert data["format"] == "tabletop-record" and data["version"] == 1
    assert data["seats"] == ["random", "heuristic"] and data["result"]["winners"] is not None


def edit(record: Record, **changes: object) -> Record:
    data = json.loads(record.to_json())
    data.update(changes)
    return Record.from_json(json.dumps(data))


@pytest.mark.parametrize("change, message", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"options": {"speed": 3}}, "bad options"),
    ({"players": 3}, "seats for 3 players"),
])
def test_wrong_headers_are_refused(change: dict[str, object], message: str) -> None:
    _, record = finished_record()
    with pytest.raises(CorruptRecord, match=message):
        replay(edit(record, **change))


def test_an_illegal_or_malformed_action_names_its_step() -> None:
    _, record = finished_record()
    actions = record.actions[:]
    actions[2] = dict(actions[1])  # the same cell twice
    with pytest.raises(CorruptRecord, match="action 3 is not legal"):
        replay(edit(record, actions=actions, result=None))
    actions[2] = {"type": "Jump"}
    with pytest.raises(CorruptRecord, match="action 3"):
        replay(edit(record, actions=actions, result=None))


def test_a_changed_result_or_a_truncated_game_is_refused() -> None:
    _, record = finished_record()
    assert record.result is not None
    with pytest.raises(CorruptRecord, match="result differs"):
        replay(edit(record, result={**record.result, "reason": "luck"}))
    with pytest.raises(CorruptRecord, match="do not finish"):
        replay(edit(record, actions=record.actions[:2]))


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "other"}', "not a Tabletop record"),
    ('{"format": "tabletop-record", "version": 7}', "version 7"),
    ('{"format": "tabletop-record", "version": 1, "game": "x"}', "no 'players'"),
    (('{"format": "tabletop-record", "version": 1, "game": "x", "players": "2", "seed": 1, '
      '"options": {}, "seats": [], "actions": []}'), "'players' must be a whole number"),
])
def test_unreadable_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(CorruptRecord, match=message):
        Record.from_json(text)


def test_missing_file_is_a_corrupt_record(tmp_path: Path) -> None:
    with pytest.raises(CorruptRecord, match="cannot read"):
        Record.load(tmp_path / "absent.json")


def test_a_saved_unfinished_game_replays_to_where_it_stopped() -> None:
    match = Match(GAME, 2, 3, seats=["random", "random"])
    for _ in range(3):
        match.play(match.bot_action())
    record = Record.from_json(match.record.to_json())
    assert record.result is None
    assert replay(record).cells == match.state.cells


def test_a_record_keeps_the_names_its_seats_were_given() -> None:
    from tabletop.record import Record

    record = Record("tic_tac_toe", 2, 1, names=["Ann", "Bo <b>"])
    again = Record.from_json(record.to_json())
    assert again.names == ["Ann", "Bo <b>"]
    assert "names" not in Record("tic_tac_toe", 2, 1).to_json()  # unnamed: as before


@pytest.mark.parametrize("names", [["Ann"], "Ann", [""], ["A\x07"], ["x" * 41, "B"], [1, 2]])
def test_a_record_with_bad_names_is_refused(names: object) -> None:
    import json

    from tabletop.record import Record

    data = json.loads(Record("tic_tac_toe", 2, 1).to_json())
    data["names"] = names
    with pytest.raises(CorruptRecord, match="names"):
        Record.from_data(data)
