"""The OpenSpiel adapter (tabletop/adapters/openspiel.py): OpenSpiel's own random simulation
test over the tutorial game and the built-in games, and what the module's docstring
promises: the declared numbers, each player's own tensor, concessions left out, seeded deals,
returns from the Result."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Game
from tests.adapters.conftest import INSTALL, game_of

pyspiel = pytest.importorskip("pyspiel", reason=INSTALL)
import numpy as np
from open_spiel.python.observation import make_observation
from tic_tac_toe.game import TicTacToe

from tabletop.adapters.openspiel import TabletopState, register
from tabletop.adapters.table import NotAdaptable
from tabletop.engine import step_cap_of

#: games whose random games are short enough for several simulations in every run
SMALL = ("tic_tac_toe", "menu_game")


def load(game: Game | str, **params: Any) -> Any:
    """``game`` registered at its smallest table, loaded with ``params``."""
    if isinstance(game, str):
        game = game_of(game)
    return pyspiel.load_game(register(game, game.min_players), params)


def play_randomly(state: Any, seed: int) -> list[int]:
    """Play ``state`` to its end, uniformly among OpenSpiel's legal actions; the actions."""
    rng = np.random.default_rng(seed)
    played = []
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        played.append(action)
        state.apply_action(action)
    return played


def test_openspiels_random_simulation_test_passes(game: Game) -> None:
    """OpenSpiel's own checks along random games (clones, legal masks, observations, returns
    at every step; serialization is off: Tabletop never pickles). One random game of a
    built-in game is enough here: they are long, and pyspiel deals a throwaway initial state
    to size every tensor it asks for."""
    sims = 5 if game.name in SMALL else 1
    pyspiel.random_sim_test(load(game), num_sims=sims, serialize=False, verbose=False)


@pytest.mark.slow
def test_openspiels_random_simulation_test_passes_at_the_largest_table(game: Game) -> None:
    spiel = pyspiel.load_game(register(game, game.max_players, name=f"tabletop_{game.name}_max"))
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=False, verbose=False)


def test_the_game_declares_the_tabletop_numbers(game: Game) -> None:
    players, options = game.min_players, game.make_options()
    spiel = load(game)
    kind = spiel.get_type()
    assert spiel.num_distinct_actions() == game.action_space(players, options)
    assert spiel.max_game_length() == step_cap_of(game, players, options)
    assert tuple(spiel.observation_tensor_shape()) == game.observation_shape(players, options)
    assert spiel.num_players() == players and spiel.max_chance_outcomes() == 0
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == (
        game.has_hidden_information)


def test_each_player_observes_its_own_tensor_and_the_public_view_the_spectators(
        game: Game) -> None:
    spiel = load(game)
    public = make_observation(spiel, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    state = spiel.new_initial_state()
    rng = np.random.default_rng(2)
    step = 0
    while not state.is_terminal():
        if step % 10 == 0:
            tabletop = state.tabletop
            for player in range(spiel.num_players()):
                assert state.observation_tensor(player) == pytest.approx(
                    tabletop.observation_tensor(player))
                assert state.observation_string(player) == tabletop.render(player)
                public.set_from(state, player)
                assert public.tensor.tolist() == pytest.approx(tabletop.observation_tensor(None))
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1


def test_random_players_never_concede_and_games_end_by_the_rules(game: Game) -> None:
    """Concessions are left out of the legal actions (unless they are all there is), so
    uniformly random players reach the game's own end; ``keep_concessions`` puts them back."""
    spiel = load(game)
    kept = load(game, keep_concessions=True)
    for seed in range(2):
        state = spiel.new_initial_state()
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            tabletop = state.tabletop
            legal = state.legal_actions()
            assert legal == sorted(legal)
            marked = {tabletop.action_index(a) for a in tabletop.legal_actions()
                      if tabletop.is_concession(a)}
            if len(marked) < len(tabletop.legal_actions()):
                assert not marked & set(legal)
            if marked:
                twin = kept.new_initial_state()
                twin.tabletop = tabletop
                assert marked <= set(twin.legal_actions())
            state.apply_action(int(rng.choice(legal)))
        assert state.tabletop.is_over, f"deal {seed}: cut at max_game_length"


def test_the_same_rng_seed_deals_the_same_episodes(game: Game) -> None:
    """``rng_seed`` deals the first initial state, the next seed the second; the same seed
    and the same choices give the same history and returns."""
    first = load(game, rng_seed=8)
    second = load(game, rng_seed=8)
    a, b = first.new_initial_state(), second.new_initial_state()
    assert play_randomly(a, 1) == play_randomly(b, 1) and a.returns() == b.returns()
    assert a.history() == b.history()
    assert first.new_initial_state().tabletop.observation(None) == game.new_state(
        game.min_players, 9).observation(None)


def test_a_clone_plays_on_alone() -> None:
    state = load("tic_tac_toe").new_initial_state()
    state.apply_action(4)
    copy = state.clone()
    assert isinstance(copy, TabletopState) and copy.history() == [4]
    copy.apply_action(0)
    assert state.history() == [4] and 0 in state.legal_actions()
    assert state.tabletop.cells[0] == -1 and copy.tabletop.cells[0] == 1


def test_a_clone_plays_on_like_its_original_chance_included(game: Game) -> None:
    """OpenSpiel's ``clone()`` carries the position and its seeded chance: the same actions
    after it give the same views and returns in both."""
    state = load(game).new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(10):
        if not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    assert copy.tabletop is not state.tabletop
    for action in play_randomly(state, 4):
        copy.apply_action(action)
    assert copy.is_terminal() and copy.returns() == state.returns()
    assert copy.tabletop.observation(None) == state.tabletop.observation(None)
    assert copy.observation_tensor(0) == state.observation_tensor(0)


def test_returns_follow_the_result_as_documented() -> None:
    """X takes the top row: +1 and -1 with reward='win', the scores 1 and 0 with 'score',
    whose utilities are the declared result bounds."""
    for reward, paid, bounds in (("win", [1.0, -1.0], (-1.0, 1.0)),
                                 ("score", [1.0, 0.0], (0.0, 1.0))):
        spiel = pyspiel.load_game(register("tic_tac_toe", 2, reward=reward,  # type: ignore[arg-type]
                                           name=f"tabletop_tic_tac_toe_{reward}"))
        assert (spiel.min_utility(), spiel.max_utility()) == bounds
        state = spiel.new_initial_state()
        for cell in (0, 3, 1, 4):
            state.apply_action(cell)
            assert state.returns() == [0.0, 0.0]
        state.apply_action(2)
        assert state.is_terminal() and state.returns() == paid


class _NoTensor(TicTacToe):
    def observation_shape(self, players: int, options: Any) -> None:  # type: ignore[override]
        return None


def test_a_game_without_a_tensor_is_refused_saying_what_is_missing() -> None:
    with pytest.raises(NotAdaptable, match=r"Tic-tac-toe declares no Game\.observation_shape"):
        register(_NoTensor(), 2)


class _ShortCap(TicTacToe):
    """Tic-tac-toe cut after three decisions: a game still running at its step cap."""

    def step_cap(self, players: int, options: Any = None) -> int:
        return 3


def test_a_game_reaching_max_game_length_ends_with_the_draw_value() -> None:
    spiel = pyspiel.load_game(register(_ShortCap(), 2, name="tabletop_short_tic_tac_toe"))
    state = spiel.new_initial_state()
    for cell in (0, 1, 2):
        state.apply_action(cell)
    assert spiel.max_game_length() == 3 and state.is_terminal()
    assert state.returns() == [0.0, 0.0] and not state.tabletop.is_over


def test_a_state_is_never_pickled() -> None:
    """OpenSpiel's ``serialize()`` pickles a Python state's attributes: Tabletop refuses,
    saying what to keep instead."""
    state = load("tic_tac_toe").new_initial_state()
    state.apply_action(4)
    with pytest.raises(TypeError, match="never pickled: keep its record"):
        state.serialize()
