"""No import circle (issue 30): the checker, the kernel, the example and the games.

A circle counts whether Python meets it at import time or it is dodged by an import inside a
function; only ``if TYPE_CHECKING:`` imports, which never run, are left out.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tabletop.testing.imports import ImportLine, import_circles, import_graph, package_name

ROOT = Path(__file__).resolve().parent.parent.parent


def write_tree(root: Path, files: dict[str, str]) -> None:
    """Write each file (path relative to ``root``: its text, dedented) under ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def test_a_circle_dodged_inside_a_function_is_found_with_its_lines(tmp_path: Path) -> None:
    write_tree(tmp_path, {
        "outer/__init__.py": "",
        "outer/pkg/__init__.py": "",
        "outer/pkg/flow.py": """
            from outer.pkg.rules import pay
            import json
            """,
        "outer/pkg/rules.py": """
            def pay():
                from outer.pkg import flow
                return flow
            """,
        "outer/pkg/words.py": "from outer.pkg.rules import pay\n",
    })
    folder = tmp_path / "outer" / "pkg"
    assert package_name(folder) == "outer.pkg"
    [circle] = import_circles(folder)
    assert circle.modules == ("flow", "rules")
    assert circle.edges == (
        ImportLine("flow", "rules", folder / "flow.py", 1, in_function=False),
        ImportLine("rules", "flow", folder / "rules.py", 2, in_function=True))
    assert str(circle) == (
        "import circle of 2 modules in outer.pkg: flow, rules\n"
        f"  flow -> rules  {folder / 'flow.py'}:1\n"
        f"  rules -> flow  {folder / 'rules.py'}:2 (inside a function)")


def test_type_checking_imports_do_not_count_but_their_else_does(tmp_path: Path) -> None:
    write_tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/state.py": "from pkg.view import show\n",
        "pkg/view.py": """
            import typing
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from pkg.state import State
            if typing.TYPE_CHECKING:
                from pkg import state
            """,
        "pkg/talk.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                pass
            else:
                from pkg.words import line
            """,
        "pkg/words.py": """
            try:
                import pkg.talk
            except ImportError:
                pass
            """,
    })
    graph = import_graph(tmp_path / "pkg")
    assert graph.imported_by("view") == []
    assert [sorted(circle.modules) for circle in graph.circles()] == [["talk", "words"]]


def test_relative_imports_resolve_and_outside_imports_are_left_out(tmp_path: Path) -> None:
    write_tree(tmp_path, {
        "pkg/__init__.py": "from . import flow\n",
        "pkg/flow.py": """
            from .cards import CARDS
            from . import rules
            from .rules import sale
            import os.path
            """,
        "pkg/cards.py": "",
        "pkg/rules/__init__.py": "from .sale import price\n",
        "pkg/rules/sale.py": """
            from ..cards import CARDS
            from .. import flow
            from ...elsewhere import thing
            """,
        "pkg/data/script.py": "import pkg.flow\n",  # not a package: not a module of pkg
    })
    graph = import_graph(tmp_path / "pkg")
    assert sorted(graph.modules) == ["__init__", "cards", "flow", "rules", "rules.sale"]
    assert graph.imported_by("__init__") == ["flow"]
    assert graph.imported_by("flow") == ["cards", "rules", "rules.sale"]
    assert graph.imported_by("rules") == ["rules.sale"]
    assert graph.imported_by("rules.sale") == ["cards", "flow"]
    assert {circle.modules for circle in graph.circles()} == {("flow", "rules", "rules.sale")}


def test_a_module_importing_itself_is_a_circle(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/board.py": "from pkg import board\n",
                          "pkg/other.py": "from pkg.board import x\n"})
    [circle] = import_circles(tmp_path / "pkg")
    assert circle.modules == ("board",)
    assert str(circle).startswith("module importing itself in pkg: board\n  board -> board")


#: every game folder; none may have an import circle, at run time or through an import
#: inside a function (the checker counts both)
GAMES = ["bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"]


def test_the_kernel_has_no_circle() -> None:
    folder = ROOT / "tabletop"
    graph = import_graph(folder)
    assert len(graph.imports) > 50, "the checker saw too few of the kernel's modules"
    assert graph.circles() == [], str(graph)


def test_the_tutorial_example_has_no_circle() -> None:
    folder = ROOT / "examples" / "tic_tac_toe" / "tic_tac_toe"
    graph = import_graph(folder)
    assert graph.imports, "the checker saw none of the example's imports"
    assert graph.circles() == [], str(graph)


def test_every_game_folder_is_checked() -> None:
    assert sorted(p.name for p in (ROOT / "games").iterdir()
                  if (p / "__init__.py").is_file()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_no_game_has_an_import_circle(game: str) -> None:
    folder = ROOT / "games" / game
    graph = import_graph(folder)
    assert len(graph.imports) > 20, "the checker saw too few of the game's imports"
    assert graph.circles() == [], str(graph)
