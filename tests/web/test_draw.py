"""``tabletop draw``: a record's picture at any move, as any seat, to a file or stdout; bad
input is one line and exit code 2."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop import registry
from tabletop.cli import main
from tabletop.match import Match
from tabletop.record import Record, replay
from tests.fixtures.menu_game import GAME as MENU_GAME


def tokens(svg: str) -> list[str]:
    """The labels of the tokens drawn (tic-tac-toe's marks)."""
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter()
            if "token" in (t.get("class") or "").split()]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A finished tic-tac-toe game between bots (9 or fewer moves)."""
    match = Match(registry.get("tic_tac_toe"), 2, 1, seats=["heuristic", "random"])
    match.run()
    path = tmp_path / "game.json"
    match.record.save(path)
    return path


def draw(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["draw", *args])
    return result.exit_code, result.output


def test_draw_writes_the_end_of_the_game_by_default(record: Path) -> None:
    code, out = draw(str(record))
    state = replay(Record.load(record))
    assert code == 0 and out == state.picture(None)
    assert len(tokens(out)) == sum(c >= 0 for c in state.cells)


def test_draw_at_a_move_as_a_seat_into_a_file(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "move2.svg"
    code, printed = draw(str(record), "--move", "2", "--seat", "2", "-o", str(out))
    assert code == 0 and str(out) in printed  # it says what it wrote (issue 26), the path whole
    svg = out.read_text()
    assert sorted(tokens(svg)) == ["O", "X"]
    assert "Player 2 (O) (you)" in svg  # drawn as seat 2 sees it
    assert tokens(draw(str(record), "--move", "0")[1]) == []


@pytest.mark.parametrize(("args", "words"), [
    (["--move", "10"], "--move 10: "),
    (["--move", "-1"], "has moves 0 (the set-up) to"),
    (["--seat", "3"], "--seat 3: this game's seats are numbered 1 to 2"),
    (["--seat", "0"], "numbered 1 to 2"),
])
def test_draw_refuses_moves_and_seats_out_of_range(record: Path, args: list[str],
                                                   words: str) -> None:
    code, out = draw(str(record), *args)
    assert code == 2 and words in out and out.count("\n") == 1


def test_draw_refuses_a_corrupt_record(record: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(record.read_text().replace('"cell": ', '"cell": 1', 1))
    code, out = draw(str(broken))
    assert code == 2 and out.startswith("Error: action 1") and out.count("\n") == 1
    code, out = draw(str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in out and "Traceback" not in out


def test_draw_says_when_a_game_draws_no_picture(menu_game: None, tmp_path: Path) -> None:
    match = Match(MENU_GAME, 2, 1, seats=["random", "random"])
    match.run(max_steps=3)
    path = tmp_path / "racket.json"
    match.record.save(path)
    code, out = draw(str(path))
    assert code == 2 and "draws no picture" in out and "replay --show" in out


def test_draw_says_when_it_cannot_write(record: Path, tmp_path: Path) -> None:
    code, out = draw(str(record), "-o", str(tmp_path / "no" / "such" / "x.svg"))
    assert code == 2 and "cannot write" in out


def test_the_readme_shows_a_drawn_picture_of_every_game() -> None:
    """The README's pictures are `tabletop draw` SVGs, one per built-in game, each one well
    formed and naming its game in its title line."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    for name in ("bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"):
        assert f"(docs/pictures/{name}.svg)" in readme
        svg = ET.parse(root / "docs" / "pictures" / f"{name}.svg").getroot()
        assert svg.tag.endswith("svg")
        words = " ".join(svg.itertext())
        assert registry.get(name).title.split(":")[0].split(" ")[0] in words
