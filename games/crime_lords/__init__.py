"""Crime Lords: Mobs, Crooks and Rackets fighting for the city (see RULES.md)."""

from games.crime_lords.game import CrimeLords

GAME = CrimeLords()

__all__ = ["GAME", "CrimeLords"]
