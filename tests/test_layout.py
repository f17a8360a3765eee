"""Every game folder follows the layout table of docs/game-modules.md ("Layout"): the files
listed for every game are there, and every other module is one the package's docstring
names on its `Its own modules:` line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"]
FOLDERS = {name: ROOT / "games" / name for name in SHIPPED} | {
    "tic_tac_toe (the example)": ROOT / "examples" / "tic_tac_toe" / "tic_tac_toe"}


def layout_table() -> dict[str, str]:
    """The table's files (``state.py``, ``data/``), each mapped to where it is required:
    ``"every game"``, ``"the five games"``, or a condition (required nowhere)."""
    text = (ROOT / "docs" / "game-modules.md").read_text(encoding="utf-8")
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    files: dict[str, str] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`([^`]+)`", cells[0]):
            files[name] = cells[2]
    return files


def own_modules(folder: Path) -> set[str]:
    """The modules the package's docstring names on its ``Its own modules:`` line."""
    doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
    text = " ".join((doc or "").split())
    if "Its own modules:" not in text:
        return set()
    listed = text.split("Its own modules:", 1)[1]
    return set(re.findall(r"`?\b([a-z_][a-z0-9_]*)\b`?(?:\.py)?", listed))


def test_the_table_is_read() -> None:
    table = layout_table()
    assert table["state.py"] == "every game" and table["setup.py"] == "the five games"
    assert table["data/"] == "the five games" and "<area>.py" in table


def layout_problems(folder: Path, shipped: bool) -> list[str]:
    """What in ``folder`` breaks the layout table, one line each (empty: all well)."""
    table = layout_table()
    required = [file for file, where in table.items()
                if where == "every game" or (shipped and where == "the five games")]
    problems = [f"the layout table wants {file}" for file in required
                if not ((folder / file).is_dir() if file.endswith("/")
                        else (folder / file).is_file())]
    listed = own_modules(folder)
    problems += [f"{path.name} is neither in the layout table nor named on the package "
                 "docstring's 'Its own modules:' line"
                 for path in sorted(folder.glob("*.py"))
                 if path.name not in table and path.stem not in listed]
    return problems


@pytest.mark.parametrize("name", list(FOLDERS))
def test_each_game_folder_follows_the_layout(name: str) -> None:
    problems = layout_problems(FOLDERS[name], name in SHIPPED)
    assert not problems, f"{name}: " + "; ".join(problems)


def test_a_folder_off_the_layout_is_caught(tmp_path: Path) -> None:
    for file in ("__init__.py", "game.py", "state.py", "flow.py", "actions.py", "views.py",
                 "words.py", "RULES.md", "GUIDE.txt"):
        (tmp_path / file).write_text("")
    (tmp_path / "__init__.py").write_text('"""A game.\n\nIts own modules: selling."""\n')
    (tmp_path / "selling.py").write_text("")
    assert layout_problems(tmp_path, shipped=False) == []
    (tmp_path / "talk.py").write_text("")
    (tmp_path / "words.py").unlink()
    assert layout_problems(tmp_path, shipped=False) == [
        "the layout table wants words.py",
        ("talk.py is neither in the layout table nor named on the package docstring's "
        "'Its own modules:' line")]
    assert "the layout table wants setup.py" in layout_problems(tmp_path, shipped=True)
