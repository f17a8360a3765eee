"""The game's own bot: :class:`HeuristicAgent`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.agents import Personality, blend
from tabletop.rng import Rng
from tic_tac_toe.actions import PLACES, Place
from tic_tac_toe.grid import LINES

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState

#: how much a cell is worth for its shape alone: the centre, then corners, then edges
SHAPE = (0.6, 0.3, 0.6, 0.3, 1.0, 0.3, 0.6, 0.3, 0.6)


class HeuristicAgent:
    """Wins if it can, blocks if it must, else weighs each empty cell: its shape (centre,
    corner, edge), the lines it builds on (more for an aggressive personality) and the
    rival lines it gets in the way of (more for a cautious one); near-ties are broken by the
    personality's temperature. On the empty grid a bold X (aggression above 0.73) opens in
    a corner, which sets more traps than the centre. Without a personality it is neutral."""

    kind = "heuristic"
    view = "state"

    def __init__(self, personality: Personality | None = None) -> None:
        self.personality = personality or Personality.NEUTRAL

    def choose(self, view: TicTacToeState, legal_actions: Sequence[Place], rng: Rng) -> Place:
        me = view.turn
        for who in (me, 1 - me):
            for a, b, c in LINES:
                marks = [view.cells[a], view.cells[b], view.cells[c]]
                if marks.count(who) == 2 and marks.count(-1) == 1:
                    return PLACES[(a, b, c)[marks.index(-1)]]
        attack = blend(self.personality.aggression, 0.5, 1.5)
        defence = blend(self.personality.caution, 0.5, 1.5)
        shape = list(SHAPE)
        if len(legal_actions) == 9:
            shape[4] = blend(self.personality.aggression, 1.0, 0.45)
        scored = []
        for place in legal_actions:
            builds = blocks = 0
            for line in LINES:
                if place.cell in line:
                    marks = [view.cells[i] for i in line]
                    builds += me in marks and 1 - me not in marks
                    blocks += 1 - me in marks and me not in marks
            scored.append((shape[place.cell] + attack * builds + defence * blocks, place))
        return self.personality.pick(scored, rng)
