"""Tic-tac-toe for Tabletop: the smallest complete game module, used by the tutorial."""

from tic_tac_toe.game import GAME, Place, TicTacToe, TicTacToeState

__all__ = ["GAME", "Place", "TicTacToe", "TicTacToeState"]
