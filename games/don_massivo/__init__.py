"""Don Massivo: gangsters steal, fence their loot and rob each other on their way to $100,000.

Only one page of the rulebook survives; the rest is reconstructed (see RULES.md).

Exports :data:`GAME`, the object the ``tabletop.games`` entry point names. The order of play
is in ``flow.py``. Its own modules: turn (setup placement, phases 1 and 2), locations (phase
3), casino (the Casino game), refresh (the face-down round, phase 4 and the end of a turn),
money (money holders, the end of the game by wealth), draws (drawing from the decks), the rule
areas; rules (the numbers the rules are played with, the names of the steps and questions).
"""

from .game import GAME, DonMassivo

__all__ = ["GAME", "DonMassivo"]
