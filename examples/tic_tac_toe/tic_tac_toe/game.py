"""The tic-tac-toe game module: options, state, actions and a heuristic bot in one file.

A real module splits these into ``game.py``, ``state.py``, ``actions.py`` and ``agents.py``;
tic-tac-toe is small enough to read in one sitting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop.action_space import ActionSpace
from tabletop.agents import Personality, blend
from tabletop.engine import Game, Result, State
from tabletop.options import NoOptions
from tabletop.pictures import Svg, element_id, heading, seat_row, table_cloth, token
from tabletop.rng import Rng

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ("X", "O")


@attrs.frozen
class Place:
    """Mark cell ``cell`` (0-8, left to right, top to bottom)."""

    cell: int


PLACES = tuple(Place(c) for c in range(9))  # actions are values: build each once

#: every action the game can ever offer, numbered for learning agents: Place(c) is number c
SPACE = ActionSpace(PLACES)

#: the observation tensor: three 3x3 planes (X's marks, O's marks, empty cells), each cell
#: 1.0 or 0.0, row-major; whose turn it is follows from the counts of marks
TENSOR_SHAPE = (3, 3, 3)


#: how a game can end, by ``winner`` (-1: a draw); a Result is a value, so built once
RESULTS = {
    **{winner: Result.by_scores([1.0 if seat == winner else 0.0 for seat in (0, 1)],
                                f"{MARKS[winner]} has three in a row") for winner in (0, 1)},
    -1: Result((), (0.5, 0.5), (0, 1), "the grid is full: a draw"),
}


@attrs.define(slots=True)
class TicTacToeState(State):
    """A position: the grid (-1 empty, else the seat's number), whose turn, who won."""

    players: int
    rng: Rng
    options: NoOptions = attrs.Factory(NoOptions)
    cells: list[int] = attrs.Factory(lambda: [-1] * 9)
    turn: int = 0
    winner: int = -1
    moves: int = 0

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.winner >= 0 or self.moves == 9

    @property
    def round(self) -> int:
        return self.moves // 2 + 1

    def _legal_actions(self) -> list[Place]:
        cells = self.cells
        return [PLACES[c] for c in range(9) if cells[c] < 0]

    def _apply(self, action: Place) -> None:
        cells = self.cells
        cells[action.cell] = self.turn
        self.moves += 1
        for a, b, c in LINES:
            if cells[a] == cells[b] == cells[c] == self.turn and action.cell in (a, b, c):
                self.winner = self.turn
                break
        self.turn = 1 - self.turn

    def result(self) -> Result:
        return RESULTS[self.winner]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"cells": list(self.cells), "to_act": self.to_act, "winner": self.winner}

    def action_index(self, action: Place) -> int:
        return SPACE.index(action)

    def action_from_index(self, index: int) -> Place:
        place: Place = SPACE.action(index)  # ValueError outside 0 to 8
        return place

    def observation_tensor(self, seat: int | None) -> list[float]:
        """The planes of ``TENSOR_SHAPE``, read from ``observation(seat)`` so that they hold
        nothing the seat is not shown."""
        cells = self.observation(seat)["cells"]
        return [1.0 if mark == plane else 0.0 for plane in (0, 1, -1) for mark in cells]

    def clone(self) -> TicTacToeState:
        return TicTacToeState(
            self.players, self.rng.clone(), self.options, self.cells[:], self.turn,
            self.winner, self.moves,
        )

    def targets(self, action: Place) -> tuple[str, ...]:
        """A mark is played by clicking its cell on the board (the cell's id in
        :meth:`picture`)."""
        return (element_id("cell", action.cell + 1),)

    def describe(self, action: Place) -> str:
        return f"{MARKS[self.turn]} marks cell {action.cell + 1}"

    def invariants(self) -> list[str]:
        marks = [self.cells.count(0), self.cells.count(1)]
        if sum(marks) != self.moves or not 0 <= marks[0] - marks[1] <= 1:
            return [f"mark counts {marks} do not fit {self.moves} moves"]
        return []

    def picture(self, seat: int | None) -> str:
        """The grid drawn as SVG: each mark a token in its player's colour, the free cells
        numbered as the moves name them. Nothing is hidden in tic-tac-toe."""
        svg = Svg(300, 372, title="Tic-tac-toe")
        table_cloth(svg)
        heading(svg, 30, 28, "Tic-tac-toe" + (" - the game is over" if self.is_over else ""))
        size, left, top = 80, 30, 44
        for i in range(9):
            x, y = left + (i % 3) * size, top + (i // 3) * size
            # the cell is one group, so a click on its number or its mark finds its id
            svg.group(id=element_id("cell", i + 1), class_="cell", data_cell=i + 1)
            svg.rect(x, y, size, size, fill="#fffdf6", stroke="#222222")
            mark = self.cells[i]
            if mark >= 0:
                token(svg, x + size / 2, y + size / 2, seat=mark, label=MARKS[mark], r=28)
            else:
                svg.label(x + size / 2, y + size / 2 + 6, str(i + 1), size=16,
                          anchor="middle", fill="#767676")
            svg.end()
        row_top: float = top + 3 * size + 16
        for player in range(self.players):
            row_top += seat_row(svg, left, row_top, 3 * size, player,
                                f"Player {player + 1} ({MARKS[player]})",
                                to_act=self.to_act == player, you=seat == player)
        return svg.text()

    def evaluate(self, seat: int) -> float:
        """Won 1, lost 0, drawn 0.5; before the end: the seat to move wins if it has a line
        to complete (0.95), and so does the other seat when it has two such lines (0.9: only
        one can be blocked); otherwise 0.5 moved by 0.04 per mark ahead on open lines (lines
        the other seat has not blocked: room to make three)."""
        if self.is_over:
            return super().evaluate(seat)
        cells = self.cells
        threats = [0, 0]
        room = [0, 0]
        for a, b, c in LINES:
            marks = (cells[a], cells[b], cells[c])
            for who in (0, 1):
                if 1 - who not in marks:
                    mine = marks.count(who)
                    room[who] += mine
                    threats[who] += mine == 2
        mover = self.turn
        if threats[mover]:
            return 0.95 if seat == mover else 0.05
        if threats[1 - mover] >= 2:
            return 0.9 if seat != mover else 0.1
        return 0.5 + 0.04 * max(-8, min(8, room[seat] - room[1 - seat]))

    def render(self, seat: int | None) -> str:
        def mark(c: int) -> str:
            return MARKS[self.cells[c]] if self.cells[c] >= 0 else str(c + 1)

        rows = [" " + " | ".join(mark(r * 3 + i) for i in range(3)) for r in range(3)]
        return "\n---+---+---\n".join(rows)


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


class TicTacToe(Game):
    """Three in a row on a 3x3 grid."""

    name = "tic_tac_toe"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    state_class = TicTacToeState
    action_types = (Place,)
    has_hidden_information = False

    def step_cap(self, players: int, options: Any = None) -> int:
        return 9

    def action_space(self, players: int, options: Any) -> int:
        return len(SPACE)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        return TENSOR_SHAPE

    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        return (0.0, 1.0)  # a loss, a draw (0.5 each) or a win

    def agents(self) -> dict[str, Any]:
        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> TicTacToeState:
        return TicTacToeState(players, Rng.from_seed(seed), options)


GAME = TicTacToe()
