"""Draw the README's pictures of the five games with ``tabletop draw``.

Each picture is a game the bots played (``tabletop play GAME --bots``, seed 1, 3 players),
drawn as Player 1 saw it part-way through: what a person at the table would see. Run it
after a change to a game's picture and look at the results before committing them::

    .venv/bin/python scripts/readme_pictures.py      # writes docs/pictures/GAME.svg
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
GAMES = {"bootleggers": 60, "chicago_diy": 40, "crime_lords": 80, "crimopolis": 60,
         "don_massivo": 40}  # the move each picture shows: a table with something on it


def main() -> None:
    tabletop = Path(sys.executable).with_name("tabletop")
    with tempfile.TemporaryDirectory() as scratch:
        for game, move in GAMES.items():
            record = Path(scratch) / f"{game}.json"
            subprocess.run([str(tabletop), "play", game, "--bots", "--players", "3", "--seed",
                            "1", "--record", str(record), "--pause", "0"], check=True,
                           stdout=subprocess.DEVNULL)
            target = OUT / f"{game}.svg"
            subprocess.run([str(tabletop), "draw", str(record), "--move", str(move),
                            "--seat", "1", "-o", str(target)], check=True)
            print(f"{target.relative_to(ROOT)}: {game} after {move} moves, as Player 1 saw it")


if __name__ == "__main__":
    main()
