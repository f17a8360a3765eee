"""Finding games: the ``tabletop.games`` entry-point group, plus a registration hook.

Built-in and third-party games register the same way, with an entry point in their
``pyproject.toml``::

    [project.entry-points."tabletop.games"]
    tic_tac_toe = "tic_tac_toe:GAME"

:func:`register` is the documented hook for code that defines a game without installing a
package (tests, notebooks); it goes through the same loading and validation as an entry point.
The environment variable ``TABLETOP_GAMES`` does the same from the shell while a module is being
written: ``TABLETOP_GAMES="my_game=my_pkg.game:GAME,other=pkg:GAME" tabletop check my_game``.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from tabletop.engine import Game
from tabletop.errors import UnknownGame

GROUP = "tabletop.games"

_registered: dict[str, Any] = {}  # name -> Game or EntryPoint-like (has .load())
_cache: dict[str, Game] = {}


def register(name: str, target: Game | str) -> None:
    """Register a game object, or an ``"module:attribute"`` reference to one, under ``name``."""
    if isinstance(target, str):
        target_ep: Any = EntryPoint(name=name, value=target, group=GROUP)
        _registered[name] = target_ep
    else:
        _registered[name] = target
    _cache.pop(name, None)


def unregister(name: str) -> None:
    """Forget a game registered with :func:`register`."""
    _registered.pop(name, None)
    _cache.pop(name, None)


class _FromHere:
    """A ``TABLETOP_GAMES`` entry: loaded with the current folder importable, as a module
    being written there (not installed) expects."""

    def __init__(self, name: str, value: str) -> None:
        self.point = EntryPoint(name=name, value=value, group=GROUP)

    def load(self) -> Any:
        here = os.getcwd()
        if here in sys.path or "" in sys.path:
            return self.point.load()
        sys.path.insert(0, here)
        try:
            return self.point.load()
        finally:
            sys.path.remove(here)


def _sources() -> dict[str, Any]:
    found: dict[str, Any] = {ep.name: ep for ep in entry_points(group=GROUP)}
    for item in os.environ.get("TABLETOP_GAMES", "").split(","):
        name, sep, value = item.strip().partition("=")
        if sep and name and value:
            found[name] = _FromHere(name.strip(), value.strip())
    found.update(_registered)
    return found


def names() -> list[str]:
    """Every registered game name, sorted."""
    return sorted(_sources())


def _load(name: str, source: Any) -> Game:
    obj = source.load() if hasattr(source, "load") else source
    if not isinstance(obj, Game):
        raise UnknownGame(f"{name!r} is registered but is not a tabletop Game ({obj!r})")
    if obj.name != name:
        raise UnknownGame(f"{name!r} is registered but the game calls itself {obj.name!r}")
    return obj


def close_names(name: str, known: Sequence[str]) -> list[str]:
    """The known game names a mistyped ``name`` most likely meant, best first (at most three):
    those that contain it, then those spelled alike."""
    typed = name.strip().lower().replace("-", "_").replace(" ", "_")
    if not typed:
        return []
    found = [n for n in known if len(typed) >= 3 and typed in n]
    found += difflib.get_close_matches(typed, known, n=3, cutoff=0.6)
    return list(dict.fromkeys(found))[:3]


def get(name: str) -> Game:
    """The game registered as ``name``; UnknownGame otherwise, naming the closest known names
    ("did you mean chicago_diy?") and listing them all."""
    if name in _cache:
        return _cache[name]
    sources = _sources()
    if name not in sources:
        known = ", ".join(sorted(sources)) or "none installed"
        close = close_names(name, sorted(sources))
        meant = f": did you mean {' or '.join(close)}?" if close else ""
        raise UnknownGame(f"no game named {name!r}{meant} (known games: {known})")
    try:
        game = _load(name, sources[name])
    except UnknownGame:
        raise
    except Exception as exc:  # a broken third-party package must not crash the CLI
        raise UnknownGame(f"game {name!r} failed to load: {exc}") from exc
    _cache[name] = game
    return game


def all_games() -> list[Game]:
    """Every registered game that loads, sorted by name."""
    return [get(n) for n in names()]
