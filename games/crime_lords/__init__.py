"""Crime Lords: Mobs, Crooks and Rackets fighting for the city (see RULES.md).

Its own modules: auction (the bidding, the Bosses and the layout of the set-up), turn (the
regular turn's own rules: income, draw, actions, leaving, spoils), pay (paying the gang),
attacks (the six stages of an attack and what success does), war (the Gang War), mob (Power,
the layout of a Mob, Unhappiness, tokens), placing (a Crook placed in a Mob), regroup
(Crooks placed again), trades (deals between players), out_of_turn (the open-table window),
victory (the end of the game and the score), names (how the table names seats, cards and
characters), worth (the heuristic's values).
"""

from .game import CrimeLords

GAME = CrimeLords()

__all__ = ["GAME", "CrimeLords"]
