"""Hostile input at the command line (issue 28 §2): an option value like ``--5``; a lone
surrogate, a bidi mark or a zero-width character in a record's seat labels, names or actions;
a result or options of the wrong JSON type (``[true, 0.0]`` for ``[1, 0]``, ``1e-400``,
``"no"``, ``" 100 "``); a record swapped for a named pipe after a check; a folder given as
FILE. Each is refused in one line (exit 2 at the command line), never a traceback or a hang.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.errors import CorruptRecord, InvalidOptions, TabletopError
from tabletop.match import Match
from tabletop.options import make_options
from tabletop.record import Record, replay
from tabletop.serialization import parse_json, same_json
from tabletop.text import clean
from tests.cli_runner import run_cli


def one_line_error(code: int, out: str, *words: str) -> None:
    """The command was refused with exit 2 and one line naming the problem."""
    assert code == 2, out
    assert out.startswith("Error: ") and out.count("\n") == 1 and "Usage:" not in out, out
    for word in words:
        assert word in out, out


def chicago_record(tmp_path: Path, **options: Any) -> Path:
    """An unfinished Chicago DIY record (three moves) whose options are ``options``."""
    match = Match(registry.get("chicago_diy"), 2, 5, seats=["random", "random"])
    for _ in range(3):
        match.play(match.bot_action())
    data = json.loads(match.record.to_json())
    data["options"] = options
    path = tmp_path / "chicago.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def won_game() -> dict[str, Any]:
    """A finished tic-tac-toe record that Player 1 won: result scores [1.0, 0.0]."""
    match = Match(registry.get("tic_tac_toe"), 2, 0, seats=["random", "random"])
    match.run()
    data: dict[str, Any] = json.loads(match.record.to_json())
    assert data["result"]["scores"] == [1.0, 0.0] and data["result"]["winners"] == [0]
    return data


# -- --5 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["--5", "-", "5-", "+5", "- 5", "--", "-0x5", "٥", "1_0"])
def test_a_whole_number_option_refuses_what_is_not_one(text: str) -> None:
    with pytest.raises(InvalidOptions, match="'bribe' must be a whole number, got"):
        registry.get("chicago_diy").make_options({"bribe": text})


def test_command_line_text_is_still_read_as_typed() -> None:
    options = registry.get("chicago_diy").make_options({"bribe": " 100 ", "reshuffles": "-0"})
    assert (options.bribe, options.reshuffles) == (100, 0)


def test_play_and_simulate_refuse_an_option_of_two_minus_signs() -> None:
    code, out = run_cli("play", "chicago_diy", "--bots", "--option", "bribe=--5")
    one_line_error(code, out, "option 'bribe' must be a whole number, got '--5'")
    code, out = run_cli("simulate", "chicago_diy", "-n", "1", "--option", "bribe=--5")
    one_line_error(code, out, "option 'bribe' must be a whole number, got '--5'")


@pytest.mark.parametrize("command", [["replay"], ["replay", "--show"], ["draw"],
                                     ["play", "--resume"]])
def test_commands_reading_a_record_refuse_an_option_of_two_minus_signs(
        tmp_path: Path, command: list[str]) -> None:
    path = chicago_record(tmp_path, bribe="--5")
    code, out = run_cli(*command, str(path))
    one_line_error(code, out, "record has bad options", "'bribe'", "'--5'")


# -- exact types in a record --------------------------------------------------------------
@pytest.mark.parametrize("game, options, words", [
    ("chicago_diy", {"bribe": " 100 "}, "'bribe' must be a whole number, got ' 100 '"),
    ("chicago_diy", {"bribe": "100"}, "'bribe' must be a whole number, got '100'"),
    ("chicago_diy", {"bribe": 100.0}, "'bribe' must be a whole number, got 100.0"),
    ("chicago_diy", {"bribe": True}, "'bribe' must be a whole number, got True"),
    ("bootleggers", {"short_game": "no"}, "'short_game' must be true or false, got 'no'"),
    ("bootleggers", {"short_game": 0}, "'short_game' must be true or false, got 0"),
    ("crime_lords", {"victory": 1}, "'victory' must be text, got 1"),
])
def test_a_record_s_options_must_have_their_exact_types(game: str, options: dict[str, Any],
                                                         words: str) -> None:
    record = Record(game, registry.get(game).min_players, 1, options)
    with pytest.raises(CorruptRecord, match="record has bad options: option " + words):
        replay(record)
    if all(isinstance(value, str) for value in options.values()):
        make_options(registry.get(game).options_class, options)  # typed text: read as typed


def test_a_record_with_options_of_their_own_types_replays() -> None:
    replay(Record("chicago_diy", 2, 1, {"bribe": 100, "reshuffles": 0}))
    replay(Record("bootleggers", 2, 1, {"short_game": True}))


@pytest.mark.parametrize("field, value", [
    ("scores", [True, 0.0]), ("scores", [1.0, False]), ("scores", [1.5, 0.0]),
    ("winners", [False]), ("winners", [0.0]), ("ranking", [0, 1.0]),
])
def test_a_result_must_match_with_its_exact_types(field: str, value: list[Any]) -> None:
    data = won_game()
    data["result"][field] = value
    record = Record.from_json(json.dumps(data))
    with pytest.raises(CorruptRecord, match="the stored result differs"):
        replay(record)
    replay(Record.from_json(json.dumps(won_game())))  # the real one matches


@pytest.mark.parametrize("number, words", [("1e-400", "too small"), ("-1E-999", "too small"),
                                           ("1e400", "too big"), ("-2.5e999", "too big")])
def test_a_number_a_float_cannot_hold_is_refused(tmp_path: Path, number: str,
                                                 words: str) -> None:
    text = json.dumps(won_game()).replace("[1.0, 0.0]", f"[1.0, {number}]")
    assert number in text
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code, out = run_cli("replay", str(path))
    one_line_error(code, out, words)
    for fine in ("0.0", "0e5", "-0.0", "5e-324"):
        assert parse_json(f"[{fine}]") == [float(fine)]


def test_a_record_through_a_browser_still_replays() -> None:
    # JavaScript writes the scores 1.0 and 0.0 as 1 and 0: the same record
    text = json.dumps(won_game()).replace("[1.0, 0.0]", "[1, 0]")
    replay(Record.from_json(text))


def test_same_json_tells_types_apart() -> None:
    assert same_json({"a": [1, 2.5, True, None, "x"]}, {"a": [1, 2.5, True, None, "x"]})
    assert not same_json([1], [True]) and not same_json([0], [0.0])
    assert same_json([1.0], [1]) and not same_json([1.0], [True]) and not same_json([1.5], [1])
    assert not same_json({"a": 1}, {"a": 1, "b": 2}) and not same_json([1], [1, 1])


# -- surrogates, bidi and zero-width characters -------------------------------------------
@pytest.mark.parametrize("where", ["seats", "names", "action"])
def test_a_lone_surrogate_in_a_record_is_refused_in_one_line(tmp_path: Path,
                                                             where: str) -> None:
    data = won_game()
    if where == "seats":
        data["seats"][0] = "\ud800"
    elif where == "names":
        data["names"] = ["Ann\udfff", "Bob"]
    else:
        data["actions"][0]["cell"] = "\ud800"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # escaped: "\ud800" in the file
    for command in (["replay", "--show"], ["replay", "--seat", "1"], ["draw"]):
        code, out = run_cli(*command, str(path))
        one_line_error(code, out, "lone surrogate")
    with pytest.raises(CorruptRecord, match="lone surrogate"):
        Record.from_json(json.dumps(data))  # as the browser table's replays read one


@pytest.mark.parametrize("mark", ["\u200e", "\u200f", "\u200b", "\u200d", "\u2060",
                                  "\ufeff", "\u061c", "\u202e", "\u00ad"])
def test_bidi_and_zero_width_characters_are_refused_in_seats_and_names(mark: str) -> None:
    data = won_game()
    data["seats"][1] = f"ran{mark}dom"
    with pytest.raises(CorruptRecord, match="'seats' must list agent kinds"):
        Record.from_json(json.dumps(data))
    data = won_game()
    data["names"] = ["Ann", f"B{mark}ob"]
    with pytest.raises(CorruptRecord, match="'names' must list names"):
        Record.from_json(json.dumps(data))


def test_clean_removes_every_unseen_character_and_keeps_text() -> None:
    unseen = [chr(c) for c in range(sys.maxunicode + 1)
              if unicodedata.category(chr(c)) in ("Cc", "Cf", "Cs", "Zl", "Zp")]
    assert clean("".join(unseen)) == ""
    text = "Ann Émile 7♣ $8,000 — «Ça va?» 日本 🎲 ١٢"
    assert clean(text) == text
    assert clean("A\u200eB\u200fC\u200bD\ud800E\x1b[31mF") == "ABCD[31mEF".replace("[31mE",
                                                                               "E[31m")


# -- a pipe swapped in, a folder as FILE --------------------------------------------------
def test_a_record_swapped_for_a_named_pipe_after_a_check_does_not_hang(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader that checks the path and then opens it can be given a named pipe in between
    (the check saw a regular file): opening the pipe then waits for a writer forever. The
    check is made to see the regular file here; the read must still come back at once."""
    monkeypatch.chdir(tmp_path)
    regular = Path("good.json")
    regular.write_text(json.dumps(won_game()), encoding="utf-8")
    pipe = Path("pipe.json")
    os.mkfifo(pipe)
    real_stat = os.stat

    def stat_before_the_swap(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        return real_stat(regular if str(path) == str(pipe) else path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat_before_the_swap)
    outcome: list[str] = []

    def read() -> None:
        try:
            Record.load(pipe)
            outcome.append("read")
        except TabletopError as exc:
            outcome.append(str(exc))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # let the stuck reader go before failing
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
        pytest.fail("reading a named pipe hung")
    assert outcome == [f"{pipe} is not a regular file"]


@pytest.mark.parametrize("command", [["replay", "FOLDER"], ["replay", "FOLDER", "--show"],
                                     ["draw", "FOLDER"], ["play", "--resume", "FOLDER"]])
def test_a_folder_given_as_file_is_one_line(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    code, out = run_cli(*[str(folder) if word == "FOLDER" else word for word in command])
    one_line_error(code, out, f"{folder} is not a regular file but a folder")


def test_a_folder_given_to_write_is_one_line(tmp_path: Path) -> None:
    code, out = run_cli("play", "tic_tac_toe", "--bots", "--record", str(tmp_path))
    one_line_error(code, out, "that is a folder, not a file")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(won_game()), encoding="utf-8")
    code, out = run_cli("draw", str(record), "-o", str(tmp_path))
    one_line_error(code, out, f"cannot write {tmp_path}")
