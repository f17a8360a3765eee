"""Tools for ``determinize``: resampling what a seat cannot see, consistently with what it can.

The usual case: some zones (other players' hands, face-down cards) and a draw pile hold cards
the seat cannot tell apart. :func:`redeal` pools them, shuffles, and deals every zone back as
many cards as it held, so counts — which are public — stay the same.

For ``State.position`` (a determinization for an agent that only reads the position), both
take ``shuffle=False``: the cards are put in sorted order instead of shuffled, a fixed order
that tells nothing, and ``rng`` is advanced exactly as the shuffle would have advanced it
(:meth:`~tabletop.rng.Rng.skip_shuffle`), so every later draw is the same as after
``determinize``. Sorted order deals another seat's hidden hand too: only for a reader that
never reads another seat's hidden cards (their count is kept).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from tabletop.rng import Rng

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    from tabletop.engine import State

C = TypeVar("C", bound="SupportsRichComparison")


def mix(rng: Rng, cards: list[C], shuffle: bool = True) -> None:
    """Shuffle ``cards`` in place; with ``shuffle`` false, sort them instead and advance
    ``rng`` as the shuffle would have (see the module doc)."""
    if shuffle:
        rng.shuffle(cards)
    else:
        rng.skip_shuffle(len(cards))
        cards.sort()


def redeal(rng: Rng, zones: Sequence[list[C]], extra: Iterable[C] = (),
           shuffle: bool = True) -> list[C]:
    """Shuffle the cards of ``zones`` together with ``extra`` and refill each zone (in place)
    with as many cards as it held; return the cards left over, shuffled (typically the new
    draw pile). With ``shuffle`` false, sorted instead (:func:`mix`)."""
    pool = [card for zone in zones for card in zone]
    pool.extend(extra)
    mix(rng, pool, shuffle)
    at = 0
    for zone in zones:
        n = len(zone)
        zone[:] = pool[at:at + n]
        at += n
    return pool[at:]


#: how many other worlds :func:`only_choice_is_public` looks at
_WORLDS = 8


def only_choice_is_public(state: State) -> bool:
    """Whether the table can see that the seat to act has one legal action and no other: in
    every world a spectator cannot tell apart from this one (:meth:`State.determinize` for
    ``None``) it has exactly one too. Playing such a decision for a player at once tells the
    others nothing; where the one choice comes from a hidden hand (no card to react with),
    an instant answer would tell them what he holds, so he is asked like anyone else."""
    if len(state.legal_actions()) != 1:
        return False
    for world in range(_WORLDS):
        copy = state.determinize(None, Rng.from_seed(world, "only-choice"))
        if len(copy.legal_actions()) != 1:
            return False
    return True
