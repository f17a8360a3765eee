"""Bootleggers: make whiskey, run it to the Speakeasies, muscle in on the competition.

Exports :data:`GAME`, the object the ``tabletop.games`` entry point names.

Its own modules: muscle, backroom, shipping, selling, thugs, effects, rounds (the rule
areas: Phase 1 and the Muscle cards, Phase 3 production and Phase 6; what the Back Room
holds and a seat's free actions; Phase 4 deals, loading and the docks; Phase 5 selling;
playing Thug cards and the Investigation reaction; what each Thug card does; the end of a
round and of the game), board (the trucks in play and the influence standings).
"""

from .game import GAME, Bootleggers

__all__ = ["GAME", "Bootleggers"]
