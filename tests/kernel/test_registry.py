"""Finding games: entry points (a third party's included), the register hook, bad entries."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from tic_tac_toe import GAME as TIC_TAC_TOE

from tabletop import registry
from tabletop.cli import main
from tabletop.errors import UnknownGame
from tabletop.testing import CHECKS

TINY_GAME = '''
import attrs
from tabletop.engine import Game, Result, State
from tabletop.options import NoOptions
from tabletop.rng import Rng

@attrs.frozen
class Stop:
    pass

@attrs.define(slots=True)
class CoinState(State):
    players: int
    rng: Rng
    options: NoOptions = attrs.Factory(NoOptions)
    done: bool = False

    to_act = property(lambda self: None if self.done else 0)
    is_over = property(lambda self: self.done)
    def _legal_actions(self): return [Stop()]
    def _apply(self, action): self.done = True
    def result(self): return Result.by_scores([1.0], "stopped")
    def observation(self, seat): return {"done": self.done}
    def clone(self): return CoinState(self.players, self.rng.clone(), self.options, self.done)
    def describe(self, action): return "stop"
    def render(self, seat): return "a coin"

class Coin(Game):
    name = "coin"
    title = "Third-Party Coin"
    min_players = 1
    max_players = 1
    state_class = CoinState
    action_types = (Stop,)
    has_hidden_information = False
    def _new_state(self, players, seed, options):
        return CoinState(players, Rng.from_seed(seed))

GAME = Coin()
'''


@pytest.fixture
def third_party(tmp_path: Path) -> Iterator[Path]:
    """A package that declares the entry point in its metadata, found on sys.path exactly as
    an installed distribution would be — nothing is installed."""
    (tmp_path / "coin_game.py").write_text(TINY_GAME)
    dist = tmp_path / "coin_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [tabletop.games]
        coin = coin_game:GAME
    """))
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("coin_game", None)
        registry._cache.pop("coin", None)
        importlib.invalidate_caches()


def test_a_third_party_entry_point_shows_up_in_tabletop_list(third_party: Path) -> None:
    assert "coin" in registry.names()
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 0
    assert any(line.split() == ["coin", "Third-Party", "Coin", "(1", "player)"]
               for line in result.output.splitlines()), result.output
    assert "tic_tac_toe" in result.output


def test_a_third_party_game_passes_through_the_whole_cli(third_party: Path) -> None:
    result = CliRunner().invoke(main, ["check", "coin", "--games", "5"])
    assert result.exit_code == 0, result.output
    assert f"{len(CHECKS)} of {len(CHECKS)} checks passed" in result.output


def test_register_hook_and_unknown_names() -> None:
    registry.register("ttt_again", "tic_tac_toe:GAME")
    try:
        with pytest.raises(UnknownGame, match="calls itself 'tic_tac_toe'"):
            registry.get("ttt_again")
    finally:
        registry.unregister("ttt_again")
    registry.register("tic_tac_toe", TIC_TAC_TOE)
    assert registry.get("tic_tac_toe") is TIC_TAC_TOE
    registry.unregister("tic_tac_toe")  # the entry point is still there
    assert registry.get("tic_tac_toe").title == "Tic-tac-toe"
    with pytest.raises(UnknownGame, match="no game named 'go'.*tic_tac_toe"):
        registry.get("go")


def test_environment_variable_registers_and_broken_entries_fail_cleanly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TABLETOP_GAMES", "missing=no_such_module:GAME,notagame=json:dumps")
    assert {"missing", "notagame"} <= set(registry.names())
    with pytest.raises(UnknownGame, match="failed to load"):
        registry.get("missing")
    with pytest.raises(UnknownGame, match="not a tabletop Game"):
        registry.get("notagame")


def test_tabletop_games_loads_a_module_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs promise `TABLETOP_GAMES="name=my_module:GAME" tabletop check name` works for a
    module being written in the current folder, with no PYTHONPATH and no install."""
    (tmp_path / "coin_here.py").write_text(
        "from tic_tac_toe import GAME\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABLETOP_GAMES", "tic_tac_toe=coin_here:GAME")
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    registry._cache.pop("tic_tac_toe", None)
    try:
        assert registry.get("tic_tac_toe").name == "tic_tac_toe"
        assert str(tmp_path) not in sys.path  # the folder was importable only while loading
    finally:
        registry._cache.pop("tic_tac_toe", None)
        sys.modules.pop("coin_here", None)


def test_an_unknown_name_suggests_the_closest_games() -> None:
    """Every reader of the registry (the CLI, the web lobby) gets the suggestion."""
    with pytest.raises(UnknownGame, match=r"no game named 'tictactoe': did you mean tic_tac_toe\?"):
        registry.get("tictactoe")
    with pytest.raises(UnknownGame) as refused:
        registry.get("chess")
    assert "did you mean" not in str(refused.value)
