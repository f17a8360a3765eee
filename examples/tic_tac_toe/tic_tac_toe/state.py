"""A position of tic-tac-toe: :class:`TicTacToeState`.

The state holds the data and the kernel's contract. Its order of play (``to_act``, the legal
actions, ``apply``, ``why_illegal``) comes from :mod:`tic_tac_toe.flow` through the kernel's
:class:`~tabletop.flow.Flowing`; the rest of the contract from the modules that implement
it (the views, the words, the evaluation, the picture).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.engine import Result, State
from tabletop.flow import Flowing
from tabletop.options import NoOptions
from tabletop.rng import Rng
from tic_tac_toe import evaluation, flow, invariants, picture, space, targets, views, words
from tic_tac_toe.actions import Place
from tic_tac_toe.words import MARKS

#: how a game can end, by ``winner`` (-1: a draw); a Result is a value, so built once
#: (tt-scores: 1 for the winner, 0 for the loser, 0.5 each for a draw)
RESULTS = {
    **{winner: Result.by_scores([1.0 if seat == winner else 0.0 for seat in (0, 1)],
                                f"{MARKS[winner]} has three in a row") for winner in (0, 1)},
    -1: Result((), (0.5, 0.5), (0, 1), "the grid is full: a draw"),
}


@attrs.define(slots=True)
class TicTacToeState(Flowing, State):
    """A position: the grid (-1 empty, else the seat's number), whose turn, who won, and
    how many marks have been made."""

    FLOW = flow.FLOW

    players: int
    rng: Rng
    options: NoOptions = attrs.Factory(NoOptions)
    cells: list[int] = attrs.Factory(lambda: [-1] * 9)
    turn: int = 0  # the seat to move: X (seat 0) goes first (tt-turns)
    winner: int = -1
    moves: int = 0

    # -- the contract (to_act, the legal actions, apply, why_illegal: the flow's; clone: the
    # kernel's, from the fields' types) --------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Three in a row (tt-line) or a full grid (tt-draw)."""
        return self.winner >= 0 or self.moves == 9

    @property
    def round(self) -> int:
        return self.moves // 2 + 1

    def result(self) -> Result:
        return RESULTS[self.winner]

    def invariants(self) -> list[str]:
        return invariants.problems(self)

    def evaluate(self, seat: int) -> float:
        """See :func:`tic_tac_toe.evaluation.evaluate`."""
        return evaluation.evaluate(self, seat)

    # -- what the seats see ------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def describe(self, action: Place) -> str:
        return words.describe(self, action)

    def picture(self, seat: int | None) -> str:
        return picture.picture(self, seat)

    def targets(self, action: Place) -> tuple[str, ...]:
        return targets.targets(action)

    # -- numbers for learning agents ---------------------------------------------------
    def action_index(self, action: Place) -> int:
        return space.SPACE.index(action)

    def action_from_index(self, index: int) -> Place:
        place: Place = space.SPACE.action(index)  # ValueError outside 0 to 8
        return place

    def observation_tensor(self, seat: int | None) -> list[float]:
        return space.tensor(self, seat)
