"""What the board may play (the view's ``choices``): the actions a game gives targets,
except one that gives the game up, which stays a button with its question."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.agents import is_concession
from tabletop.web.views import seat_view
from tests.fixtures.menu_game import GAME as MENU_GAME


def test_an_action_that_gives_the_game_up_is_never_played_from_the_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = MENU_GAME.new_state(2, 1)
    # a game that (wrongly) names a target for every action, its concession included
    monkeypatch.setattr(type(state), "targets", lambda self, action: ("seat-1",))
    legal = state.legal_actions()
    view: dict[str, Any] = seat_view(state, state.to_act)
    offered = {choice["action"] for choice in view["choices"]}
    leave = [i for i, action in enumerate(legal) if is_concession(action)]
    assert leave and not offered & set(leave)
    assert offered == set(range(len(legal))) - set(leave)
    assert all(choice["targets"] == ["seat-1"] for choice in view["choices"])
