"""Chicago DIY: a small gangster game for a standard 54-card deck and dice.

Exports :data:`GAME`, the object the ``tabletop.games`` entry point names.

Its own modules: effects, turns (the rule areas: card effects, battles, payments and bribes;
the ends of a turn and of the game), rules (the fixed numbers and the names of the steps).
"""

from .game import GAME, ChicagoDIY

__all__ = ["GAME", "ChicagoDIY"]
