"""What the wheel installs: the kernel as `tabletop` and the games as `tabletop_games` (the
repository keeps them in games/), so that no other distribution's top-level `games` collides
with ours; with every game's rules, guide and data."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"]


def package_folders() -> set[str]:
    """Every package of the repository by the name it installs under."""
    names = {".".join(folder.relative_to(ROOT).parts)
             for folder in (ROOT / "tabletop").rglob("*") if (folder / "__init__.py").is_file()}
    names |= {".".join(("tabletop_games", *folder.relative_to(ROOT / "games").parts))
              for folder in (ROOT / "games").rglob("*") if (folder / "__init__.py").is_file()}
    return names | {"tabletop", "tabletop_games"}


def test_every_package_folder_is_listed_in_pyproject() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert set(setuptools["packages"]) == package_folders()
    assert setuptools["package-dir"] == {"tabletop_games": "games"}
    points = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert points["tabletop.games"] == {game: f"tabletop_games.{game}:GAME" for game in GAMES}


def test_no_code_imports_the_games_by_their_folder_name() -> None:
    """`games.<name>` would import a second copy from a checkout (or nothing, installed)."""
    by_folder_name = re.compile(rf"(?<![\w.])games\.({'|'.join(GAMES)})\b")
    offenders = [f"{path.relative_to(ROOT)}: {line.strip()}"
                 for folder in ("tabletop", "games", "tests", "examples", "scripts")
                 for path in (ROOT / folder).rglob("*.py")
                 for line in path.read_text(encoding="utf-8").splitlines()
                 if "import" in line and by_folder_name.search(line)]
    assert not offenders, "\n".join(offenders)


@pytest.mark.slow  # a wheel built in an isolated environment: half a minute or more
def test_the_wheel_holds_tabletop_and_tabletop_games_only(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
         str(ROOT)], capture_output=True, text=True, check=False, timeout=600)
    if built.returncode != 0:
        pytest.fail(f"pip wheel failed: {built.stderr.strip()[-1500:]}")
    [wheel] = tmp_path.glob("tabletop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {
        "tabletop", "tabletop_games"}
    for game in GAMES:
        assert f"tabletop_games/{game}/RULES.md" in names
        assert f"tabletop_games/{game}/GUIDE.txt" in names
        assert any(name.startswith(f"tabletop_games/{game}/data/") for name in names)
