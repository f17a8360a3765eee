"""Don Massivo: gangsters steal, fence their loot and rob each other on their way to $100,000.

Only one page of the rulebook survives; the rest is reconstructed (see RULES.md).
"""

from games.don_massivo.game import GAME, DonMassivo

__all__ = ["GAME", "DonMassivo"]
