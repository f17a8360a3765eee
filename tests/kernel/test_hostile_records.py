"""Hostile records and snapshots (issue: records you can trust): every one is refused with one
short line naming what is wrong, at the API and at the command line (exit 2), quickly and
without a traceback; lenient conversions are gone; saves are atomic."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tic_tac_toe import GAME

from tabletop.cli import main
from tabletop.errors import CannotSave, CorruptRecord
from tabletop.match import Match
from tabletop.record import Record, replay
from tabletop.serialization import MAX_FILE_BYTES, load_snapshot, snapshot


def good() -> dict[str, Any]:
    match = Match(GAME, 2, 4, seats=["random", "heuristic"])
    match.run()
    return json.loads(match.record.to_json())


def changed(**fields: Any) -> dict[str, Any]:
    data = good()
    data.update(fields)
    return data


def with_cell(value: Any) -> dict[str, Any]:
    data = good()
    data["actions"][0]["cell"] = value
    return data


HOSTILE_TEXTS = {
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nests its JSON too deeply"),
    "a 5000-digit number": (json.dumps(good()).replace('"seed": 4', '"seed": ' + "9" * 5000),
                            "a number with 5000 digits"),
    "NaN": (json.dumps(good()).replace('"seed": 4', '"seed": NaN'), "NaN is not a number"),
    "a float cell": (json.dumps(with_cell(4.9)), "expected a whole number, got float 4.9"),
    "a string cell": (json.dumps(with_cell("4_0")), "got str '4_0'"),
    "a bool cell": (json.dumps(with_cell(True)), "got bool True"),
    "version true": (json.dumps(changed(version=True)), "record version True"),
    "version 1.0": (json.dumps(changed(version=1.0)), "record version 1.0"),
    "players as a bool": (json.dumps(changed(players=True)), "'players' must be a whole number"),
    "an escape code in a seat": (json.dumps(changed(seats=["\x1b[31mred", "random"])),
                                 "must list agent kinds"),
    "an unknown field": (json.dumps(changed(cheat=1)), "unknown field 'cheat'"),
    "a huge seed": (json.dumps(changed(seed=2**70)), "seed is out of range"),
    "too many actions": (json.dumps(changed(actions=[{"type": "Place", "cell": 0}] * 20,
                                            result=None)), "20 actions"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_TEXTS))
def test_a_hostile_record_is_refused_in_one_short_line(name: str, tmp_path: Path) -> None:
    text, message = HOSTILE_TEXTS[name]
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorruptRecord) as caught:
        replay(Record.load(path))
    assert message in str(caught.value)
    assert len(str(caught.value)) <= 200 and "\n" not in str(caught.value)
    result = CliRunner().invoke(main, ["replay", str(path), "--show"])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert "\x1b" not in result.output


def test_a_long_game_name_is_not_echoed_whole(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(changed(game="x" * 1_000_000)), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2 and len(result.output) < 250
    assert "unknown game 'xxx" in result.output


def test_only_regular_files_of_bounded_size_are_read(tmp_path: Path) -> None:
    with pytest.raises(CorruptRecord, match="is not a regular file"):
        Record.load("/dev/zero")
    with pytest.raises(CorruptRecord, match="is not a regular file"):
        Record.load(tmp_path)
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with pytest.raises(CorruptRecord, match="is not a regular file"):
        Record.load(pipe)  # never blocks waiting for a writer
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: no real disk used
    with pytest.raises(CorruptRecord, match="may be at most 16 MB"):
        Record.load(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CorruptRecord, match="not a UTF-8 text file"):
        Record.load(binary)


def test_the_exact_good_record_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good()), encoding="utf-8")
    assert replay(Record.load(path)).is_over


def test_a_snapshot_that_breaks_the_rules_is_refused() -> None:
    state = GAME.new_state(2, 1)
    state.apply(state.legal_actions()[0])
    data = snapshot(GAME, state)
    assert load_snapshot(GAME, json.loads(json.dumps(data))) is not None
    for field, value, message in [("players", 9, "9 players"),
                                  ("players", True, "expected a whole number"),
                                  ("board", [5] * 9, "extra fields found"),
                                  ("cells", [0] * 9, "impossible state")]:
        bad = json.loads(json.dumps(data))
        bad["state"][field] = value
        with pytest.raises(CorruptRecord, match=message):
            load_snapshot(GAME, bad)
    bad = json.loads(json.dumps(data))
    bad["version"] = True
    with pytest.raises(CorruptRecord, match="snapshot version True"):
        load_snapshot(GAME, bad)


def test_a_save_is_atomic_a_failed_write_keeps_the_old_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(GAME, 2, 4, seats=["random", "random"])
    path = tmp_path / "save.json"
    match.record.save(path)
    before = path.read_text()
    match.play(match.bot_action())

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(CannotSave, match="No space left on device"):
        match.record.save(path)
    assert path.read_text() == before  # the old save is intact
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary left behind
