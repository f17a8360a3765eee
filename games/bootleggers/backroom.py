"""What a Mobster keeps in his Back Room and may put on the table in his own turns: still
dice, Speakeasy Improvement markers and (advanced influence) men, besides his Thug cards;
and whether a seat with nothing left to do is kept in a turn.

Rulebook: "Back Room", "Thug Card Usage" (RULES.md bl-thug-windows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import muscle, selling, thugs
from .actions import (
    PLACE_DIE,
    PLACE_IMPR,
    PLACE_INF,
    PlaceDie,
    PlaceImprovement,
    PlaceInfluence,
)
from .cards import SPEAKEASIES

if TYPE_CHECKING:
    from .state import BootleggersState


def placeable_influence(s: BootleggersState, seat: int) -> int:
    """Back Room markers ``seat`` may place now (Safe-house ones wait a round)."""
    return s.back_influence[seat] - s.locked[seat]


def influence_targets(s: BootleggersState) -> list[int]:
    """Speakeasies with a free influence circle."""
    return [i for i in range(1, s.speakeasy_count)
            if sum(s.influence[i]) < SPEAKEASIES[i].circles]


# bl-back-room-placement, bl-advanced-influence
def free_actions(s: BootleggersState, seat: int, window: str) -> list[Any]:
    """Thug plays and Back Room placements open to ``seat`` in ``window`` (a step's name)."""
    out: list[Any] = []
    if s.back_dice[seat]:
        out += [PLACE_DIE[t] for t in muscle.die_targets(s, seat, False)]
    if s.back_impr[seat]:
        out += [PLACE_IMPR[t] for t in muscle.improvement_targets(s, False)]
    if s.options.advanced_influence and placeable_influence(s, seat) > 0:
        out += [PLACE_INF[t] for t in influence_targets(s)]
    out += thugs.plays(s, seat, window)
    return out


def may_act(s: BootleggersState, seat: int) -> bool:
    """Whether ``seat`` is given a turn in a Thug window (or kept in his own turn after his
    compulsory moves): when he holds a Thug card, a die or an improvement marker in his Back
    Room, or (advanced influence) men to place. All of these are public counts, so being
    asked tells the table nothing about the cards in his hand; whether one of them is
    playable now is seen only in his own menu."""
    # bl-thug-windows
    return bool(s.hands[seat] or s.back_dice[seat] or s.back_impr[seat]
                or (s.options.advanced_influence and placeable_influence(s, seat) > 0))


def place_die(s: BootleggersState, seat: int, action: PlaceDie) -> None:
    """A die from the Back Room goes on one of the seat's stills."""
    s.back_dice[seat] -= 1
    muscle.add_die(s, seat, action.still)


def place_improvement(s: BootleggersState, seat: int, action: PlaceImprovement) -> None:
    """An improvement marker from the Back Room goes on a Speakeasy."""
    s.back_impr[seat] -= 1
    s.improvements[action.speakeasy] += 1


# bl-send-in-the-boys
def place_influence(s: BootleggersState, seat: int, action: PlaceInfluence) -> None:
    """A man from the Back Room goes on a Speakeasy's free circle (the table hears when the
    standing there changes)."""
    before = selling.standing_now(s, action.speakeasy)
    s.back_influence[seat] -= 1
    s.influence[action.speakeasy][seat] += 1
    selling.say_change(s, action.speakeasy, before, "influence")
