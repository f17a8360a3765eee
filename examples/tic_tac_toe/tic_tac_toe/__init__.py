"""Tic-tac-toe for Tabletop: the smallest complete game module, the template the README's
"Write your own game" follows. Exports :data:`GAME`, the object the ``tabletop.games``
entry point names.

Its own modules: grid (the rules: a mark placed, three in a row).
"""

from tic_tac_toe.actions import Place
from tic_tac_toe.game import GAME, TicTacToe
from tic_tac_toe.state import TicTacToeState

__all__ = ["GAME", "Place", "TicTacToe", "TicTacToeState"]
