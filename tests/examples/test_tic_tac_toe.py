"""The tutorial game: its rules, its bot, and that it is found as a third party would be."""

from __future__ import annotations

from tic_tac_toe import GAME, Place
from tic_tac_toe.game import HeuristicAgent

from tabletop import registry
from tabletop.rng import Rng


def play(cells: list[int]) -> object:
    state = GAME.new_state(2, 0)
    for cell in cells:
        state.apply(Place(cell - 1))
    return state


def test_three_in_a_row_wins_and_a_full_grid_draws() -> None:
    won = play([1, 4, 2, 5, 3])
    assert won.is_over and won.result().winners == (0,)
    assert won.result().reason == "X has three in a row"
    drawn = play([1, 2, 3, 5, 4, 6, 8, 7, 9])
    assert drawn.is_over and drawn.result().winners == ()
    assert drawn.result().scores == (0.5, 0.5)


def test_heuristic_wins_when_it_can_and_blocks_when_it_must() -> None:
    agent = HeuristicAgent()
    state = play([1, 4, 2])  # O to move; X threatens 3
    assert agent.choose(state, state.legal_actions(), Rng.from_seed(0)) == Place(2)
    state = play([1, 4, 2, 5, 9])  # O can win at 6
    assert agent.choose(state, state.legal_actions(), Rng.from_seed(0)) == Place(5)


def test_it_is_registered_through_its_own_entry_point() -> None:
    from importlib.metadata import entry_points

    points = {ep.name: ep.value for ep in entry_points(group="tabletop.games")}
    assert points["tic_tac_toe"] == "tic_tac_toe:GAME"
    assert registry.get("tic_tac_toe") is GAME


def test_render_shows_the_grid() -> None:
    assert play([5]).render(None).splitlines()[2] == " 4 | X | 6"
