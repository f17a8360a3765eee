"""The actions of Crimopolis: frozen values, one class per kind of decision.

Node ids name the city's places: ``s{x},{y}{side}`` is a street section (side N, E, S or W of
the tile on cell x,y) and ``b{x},{y}`` a city block (a large block keeps the id of its first
tile). ``takes`` lists ``(street section, gangsters)`` pairs: where the gangsters entering a
city block come from (they may come from several adjacent street sections at once).
"""

from __future__ import annotations

import attrs

Takes = tuple[tuple[str, int], ...]


@attrs.frozen
class PlaceHQ:
    """Setup: put your HEADQUARTERS on cell (x, y), next to a tile already placed."""

    x: int
    y: int


@attrs.frozen
class PlaceTile:
    """Put a tile (a revealed tile or a SAFE HOUSE ``SH<seat>``) on cell (x, y), turned
    ``rotation`` quarter turns clockwise: in setup, or when exploring."""

    tile: str
    x: int
    y: int
    rotation: int = 0


@attrs.frozen
class LeaveEmpty:
    """When exploring and only a SAFE HOUSE fits: place none, the cell stays empty (placing a
    SAFE HOUSE is a "can")."""


@attrs.frozen
class Recruit:
    """Recruit a gangster from your supply into your HEADQUARTERS (``hq``) or SAFE HOUSE
    (``safe``): 2 hours."""

    to: str


@attrs.frozen
class Move:
    """Move 1-3 gangsters together from one place to an adjacent one (1 hour unless free)."""

    src: str
    dst: str
    n: int


@attrs.frozen
class Occupy:
    """Occupy an empty city block with 1-3 gangsters from adjacent street sections: 3 hours."""

    block: str
    takes: Takes


@attrs.frozen
class TakeOver:
    """Take over a rival's city block with 1-3 more gangsters than defend it: 3 hours."""

    block: str
    takes: Takes


@attrs.frozen
class DoJob:
    """Execute a job card in a matching city block, entering from adjacent street sections."""

    job: str
    block: str
    takes: Takes


@attrs.frozen
class AbortJob:
    """Abort a job: discard it, draw two, keep one (3 hours)."""

    job: str


@attrs.frozen
class KeepJob:
    """After aborting: the job card to keep (the other goes back on top of the deck)."""

    job: str


@attrs.frozen
class RedrawJobs:
    """Show two job cards that target the same city block, discard both, draw two (free)."""


@attrs.frozen
class Invest:
    """Invest in a fortune: draw the top fortune card (2 hours)."""


@attrs.frozen
class PlayFortune:
    """Play a fortune card; ``seat`` is the target gang of a destiny, ``block`` the target
    of a Bombing (``-1`` / empty when not needed)."""

    card: str
    seat: int = -1
    block: str = ""


@attrs.frozen
class ExecuteDestiny:
    """At the start of your turn: execute one of the destinies in front of you."""

    card: str


@attrs.frozen
class ChooseTarget:
    """Place the destiny newsflash you just drew in front of gang ``seat``."""

    seat: int


@attrs.frozen
class Defend:
    """Answer a destiny played on you with a defence fortune: the destiny is cancelled."""

    card: str


@attrs.frozen
class Accept:
    """Let a destiny played on you become your destiny."""


@attrs.frozen
class EndTurn:
    """Announce the end of your turn; the time left goes to the next player's clock."""


ACTION_TYPES = (
    PlaceHQ, PlaceTile, LeaveEmpty, Recruit, Move, Occupy, TakeOver, DoJob, AbortJob, KeepJob, RedrawJobs,
    Invest, PlayFortune, ExecuteDestiny, ChooseTarget, Defend, Accept, EndTurn,
)

END_TURN = EndTurn()
INVEST = Invest()
REDRAW = RedrawJobs()
ACCEPT = Accept()
LEAVE_EMPTY = LeaveEmpty()
RECRUIT_HQ = Recruit("hq")
RECRUIT_SAFE = Recruit("safe")
