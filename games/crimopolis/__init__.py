"""Crimopolis: recruit, explore a growing city, do jobs, ambush and take over.

Exports :data:`GAME`, the object the ``tabletop.games`` entry point names.

Its own modules: moves, effects, turns, scoring (the rule areas: moving, entering and jobs;
card effects; the edges of a turn and the game's end; the end scoring), rules (the fixed
numbers, the names of the steps and the questions, the ask record), city (the city of tiles
as a graph of places), citymap (the city drawn as text).
"""

from .game import GAME, Crimopolis

__all__ = ["GAME", "Crimopolis"]
