"""The kernel's components: each small, tested on its own, shared by every game. (The order of
play is :mod:`tabletop.flow`: it replaced the unused ``Phases``; ``Zone``, which no game used,
went with it.)"""

from tabletop.components.decisions import Decisions, Prompt, Resume, SealedChoice, Window
from tabletop.components.deck import Deck, EmptyDeck
from tabletop.components.dice import Dice, d6
from tabletop.components.graph_board import GraphBoard, OverCapacity
from tabletop.components.hierarchy import Hierarchy
from tabletop.components.log import EventLog
from tabletop.components.supply import InsufficientFunds, Supply
from tabletop.components.tiles import PlacedTile, TileGrid, TilePlacementError
from tabletop.components.turns import TurnOrder, ranked

__all__ = [
    "Decisions", "Deck", "Dice", "EmptyDeck", "EventLog", "GraphBoard", "Hierarchy", "InsufficientFunds",
    "OverCapacity", "PlacedTile", "Prompt", "Resume", "SealedChoice", "Supply", "TileGrid",
    "TilePlacementError", "TurnOrder", "Window", "d6", "ranked",
]
