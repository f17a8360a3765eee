"""Where ``tabletop play`` keeps games that were not given a ``--record`` file: one file per
game in the user's data folder (``$XDG_DATA_HOME/tabletop``, else
``~/.local/share/tabletop``), written after every move (as a journal:
:mod:`tabletop.journal`), so no game is lost to Ctrl-C, a closed terminal or a kill.
``tabletop play --resume`` with no file lists the recent unfinished ones.

A file is named for when the game started, the game and its seed
(``2025-03-01-1412-crime_lords-seed-52117.json``), so a listing of the folder reads in order.
A finished game's file stays (``tabletop replay --show FILE`` tells it again) but holds a
result, and the list of games to resume leaves it out.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import attrs

from tabletop.errors import TabletopError
from tabletop.journal import clean_leftovers
from tabletop.record import Record

#: how many unfinished games ``--resume`` lists
RECENT = 9


def data_folder() -> Path:
    """The folder autosaved games go to: ``$XDG_DATA_HOME/tabletop`` when that variable is an
    absolute path (the XDG rule), else ``~/.local/share/tabletop``."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "tabletop"


def autosave_path(game: str, seed: int, when: dt.datetime | None = None) -> Path:
    """A new file in :func:`data_folder` for a game of ``game`` with ``seed`` started at
    ``when`` (now by default); never the name of a file already there."""
    when = when or dt.datetime.now()
    stem = f"{when:%Y-%m-%d-%H%M}-{game}-seed-{seed}"
    folder = data_folder()
    path, number = folder / f"{stem}.json", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.json"
    return path


@attrs.frozen
class SavedGame:
    """One unfinished game in the data folder: its file, its record and when it was last
    saved."""

    path: Path
    record: Record
    saved: dt.datetime


def unfinished(game: str | None = None, most: int = RECENT) -> list[SavedGame]:
    """The unfinished games in the data folder (of ``game`` only, if given), the most recently
    saved first, at most ``most``. A file that does not load as a record is skipped."""
    folder = data_folder()
    if not folder.is_dir():
        return []
    found: list[SavedGame] = []
    for path in folder.glob("*.json"):
        clean_leftovers(path)  # what a crash left beside it
        try:
            record = Record.load(path)
            saved = dt.datetime.fromtimestamp(path.stat().st_mtime)
        except (TabletopError, OSError):
            continue
        if record.result is None and game in (None, record.game):
            found.append(SavedGame(path, record, saved))
    found.sort(key=lambda s: s.saved, reverse=True)
    return found[:most]


def when_text(saved: dt.datetime, now: dt.datetime | None = None) -> str:
    """When a game was last saved, as a player says it: "today 14:12", "yesterday 09:05",
    "3 Mar 14:12" (with the year when it is not this year's)."""
    now = now or dt.datetime.now()
    clock = f"{saved:%H:%M}"
    if saved.date() == now.date():
        return f"today {clock}"
    if saved.date() == (now - dt.timedelta(days=1)).date():
        return f"yesterday {clock}"
    day = f"{saved.day} {saved:%b}"
    return f"{day} {clock}" if saved.year == now.year else f"{day} {saved.year} {clock}"
