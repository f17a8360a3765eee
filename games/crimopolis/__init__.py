"""Crimopolis: recruit, explore a growing city, do jobs, ambush and take over."""

from games.crimopolis.game import GAME, Crimopolis

__all__ = ["GAME", "Crimopolis"]
