"""Tools for ``determinize``: resampling what a seat cannot see, consistently with what it can.

The usual case: some zones (other players' hands, face-down cards) and a draw pile hold cards
the seat cannot tell apart. :func:`redeal` pools them, shuffles, and deals every zone back as
many cards as it held, so counts — which are public — stay the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from tabletop.rng import Rng

C = TypeVar("C")


def redeal(rng: Rng, zones: Sequence[list[C]], extra: Iterable[C] = ()) -> list[C]:
    """Shuffle the cards of ``zones`` together with ``extra`` and refill each zone (in place)
    with as many cards as it held; return the cards left over, shuffled (typically the new
    draw pile)."""
    pool = [card for zone in zones for card in zone]
    pool.extend(extra)
    rng.shuffle(pool)
    at = 0
    for zone in zones:
        n = len(zone)
        zone[:] = pool[at:at + n]
        at += n
    return pool[at:]
