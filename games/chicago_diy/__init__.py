"""Chicago DIY: a small gangster game for a standard 54-card deck and dice.

Exports :data:`GAME`, the object the ``tabletop.games`` entry point names.
"""

from games.chicago_diy.game import GAME, ChicagoDIY

__all__ = ["GAME", "ChicagoDIY"]
