"""Bootleggers: make whiskey, run it to the Speakeasies, muscle in on the competition."""

from games.bootleggers.game import GAME, Bootleggers

__all__ = ["GAME", "Bootleggers"]
