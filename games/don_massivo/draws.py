"""Drawing from the Gangster and Stooge piles, saying so when an empty draw pile is made again
from its discard pile (RULES.md 2: an empty draw pile is made again by shuffling its discards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components import Deck

from .words import count

if TYPE_CHECKING:
    from .state import DonMassivoState


def draw(state: DonMassivoState, deck: Deck[str], what: str) -> str | None:
    """The top card of ``deck`` (``what``: "Gangster", "Stooge"), or None when both its piles
    are empty; a reshuffle of the discards is narrated."""
    # dm-reshuffle
    if not deck.can_draw():
        return None
    if not deck.draw_pile:
        state.log.add("reshuffle", f"The {what} draw pile is empty: its discard pile "
                      f"({count(len(deck.discard_pile), 'card')}) is shuffled into a new draw "
                      "pile")
    return deck.draw(state.rng)
