"""The picture of the table: the grid drawn as SVG."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.pictures import Svg, heading, seat_row, table_cloth, token
from tic_tac_toe.targets import cell_id
from tic_tac_toe.words import MARKS

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState


def picture(state: TicTacToeState, seat: int | None) -> str:
    """The grid drawn as SVG: each mark a token in its player's colour, the free cells
    numbered as the moves name them. Nothing is hidden in tic-tac-toe."""
    svg = Svg(300, 372, title="Tic-tac-toe")
    table_cloth(svg)
    heading(svg, 30, 28, "Tic-tac-toe" + (" - the game is over" if state.is_over else ""))
    size, left, top = 80, 30, 44
    for i in range(9):
        x, y = left + (i % 3) * size, top + (i // 3) * size
        # the cell is one group, so a click on its number or its mark finds its id
        svg.group(id=cell_id(i), class_="cell", data_cell=i + 1)
        svg.rect(x, y, size, size, fill="#fffdf6", stroke="#222222")
        mark = state.cells[i]
        if mark >= 0:
            token(svg, x + size / 2, y + size / 2, seat=mark, label=MARKS[mark], r=28)
        else:
            svg.label(x + size / 2, y + size / 2 + 6, str(i + 1), size=16,
                      anchor="middle", fill="#767676")
        svg.end()
    row_top: float = top + 3 * size + 16
    for player in range(state.players):
        row_top += seat_row(svg, left, row_top, 3 * size, player,
                            f"Player {player + 1} ({MARKS[player]})",
                            to_act=state.to_act == player, you=seat == player)
    return svg.text()
