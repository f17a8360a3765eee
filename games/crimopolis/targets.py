"""Playing from the board: the ids the picture gives what a player acts on, and the elements
each action acts on (``State.targets``).

Ids (:func:`tabletop.pictures.targets.element_id`): ``cell-1-n2`` a cell of the map (a tile
or an empty cell waiting to be explored), ``block-1-0`` a city block (a large block by its
first tile), ``street-1-0-n`` a street section, ``gangsters-street-1-0-n`` the gangsters on
a place; ``revealed-t07`` a revealed tile; ``seat-2``, ``supply-2`` and ``safe-house-2``
(while unplaced) a gang's row, its supply and its SAFE HOUSE; ``job-j22`` and
``fortune-f03`` a card face up, ``hand-2-job-1`` one face down (named by its place, never
its face); ``destiny-n05`` a destiny lying before a gang, ``pending-n05`` a destiny on its
way to one; ``deck-jobs``, ``deck-news``, ``deck-fortunes``; and the markers ``end-turn``,
``leave-empty`` and ``redraw-jobs``.

What each decision targets: a move, the gangsters then where they go (1 to 3 of them: one
pair of targets, so the page asks how many); recruiting, the supply then the HQ or SAFE
HOUSE; a tile, the revealed tile (or SAFE HOUSE) then the cell (its rotations share them);
a HEADQUARTERS, its cell; an occupation or take-over, the block; a job, its card then the
block; aborting a job, its card then the job deck; investing, the fortune deck; a fortune,
its card (then the gang of a destiny or the block of a Bombing); a destiny to execute, its
card; a destiny newsflash, the card then the gang; ending the turn, the "End turn" marker;
letting a destiny lie, the gang's own row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components.tiles import SIDES
from tabletop.pictures.targets import element_id

from .actions import (
    AbortJob,
    Accept,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    Invest,
    KeepJob,
    LeaveEmpty,
    Move,
    Occupy,
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from .city import parse_street

if TYPE_CHECKING:
    from .state import CrimopolisState

END_TURN_ID, LEAVE_EMPTY_ID, REDRAW_ID = "end-turn", "leave-empty", "redraw-jobs"
JOB_DECK, NEWS_DECK, FORTUNE_DECK = "deck-jobs", "deck-news", "deck-fortunes"


def cell_id(x: int, y: int) -> str:
    """A cell of the map: the tile on it, or the empty cell."""
    return element_id("cell", x, y)


def place_id(node: str) -> str:
    """A place of the city graph: ``s1,0N`` -> ``street-1-0-n``, ``b-1,0`` -> ``block-n1-0``."""
    if node[0] == "s":
        x, y, side = parse_street(node)
        return element_id("street", x, y, SIDES[side])
    x, y = (int(c) for c in node[1:].split(","))
    return element_id("block", x, y)


def gangsters_id(node: str) -> str:
    """The gangsters on a place (one gang at most holds a place)."""
    return element_id("gangsters", place_id(node))


def seat_id(seat: int) -> str:
    """A gang's row."""
    return element_id("seat", seat + 1)


def supply_id(seat: int) -> str:
    """A gang's supply of gangsters."""
    return element_id("supply", seat + 1)


def safe_house_id(seat: int) -> str:
    """A gang's SAFE HOUSE before it is placed."""
    return element_id("safe-house", seat + 1)


def revealed_id(tile: str) -> str:
    """A revealed tile (public: named by its tile)."""
    return element_id("revealed", tile)


def card_id(card: str) -> str:
    """A job or fortune seen face up: ``job-j22``, ``fortune-f03``."""
    return element_id("job" if card[0] == "J" else "fortune", card)


def hidden_card_id(seat: int, kind: str, index: int) -> str:
    """A face-down card by its place: the ``index``-th job or fortune of ``seat``."""
    return element_id("hand", seat + 1, kind, index + 1)


def destiny_id(card: str) -> str:
    """A destiny lying before a gang (face up)."""
    return element_id("destiny", card)


def pending_id(card: str) -> str:
    """A destiny newsflash to place, or a destiny played on a gang awaiting its answer."""
    return element_id("pending", card)


def targets(state: CrimopolisState, action: Any) -> tuple[str, ...]:
    """The elements of the picture ``action`` acts on (see the module's docstring)."""
    kind = type(action)
    me = state.to_act if state.to_act is not None else state.active
    if kind is Move:
        return gangsters_id(action.src), place_id(action.dst)
    if kind is Occupy or kind is TakeOver:
        return (place_id(action.block),)
    if kind is DoJob:
        return card_id(action.job), place_id(action.block)
    if kind is PlaceTile:
        tile = action.tile
        piece = revealed_id(tile) if tile[0] == "T" else safe_house_id(int(tile[2:]))
        return piece, cell_id(action.x, action.y)
    if kind is PlaceHQ:
        return (cell_id(action.x, action.y),)
    if kind is Recruit:
        home = state.city.hq[me] if action.to == "hq" else state.city.safe[me]
        return supply_id(me), place_id(home)
    if kind is PlayFortune:
        extra = ((seat_id(action.seat),) if action.seat >= 0 else ()) + (
            (place_id(action.block),) if action.block else ())
        return (card_id(action.card), *extra)
    if kind is EndTurn:
        return (END_TURN_ID,)
    if kind is Invest:
        return (FORTUNE_DECK,)
    if kind is AbortJob:
        return card_id(action.job), JOB_DECK
    if kind is KeepJob:
        return (card_id(action.job),)
    if kind is RedrawJobs:
        return (REDRAW_ID,)
    if kind is ExecuteDestiny:
        return (destiny_id(action.card),)
    if kind is ChooseTarget:
        return pending_id(state.prompts[-1].card), seat_id(action.seat)
    if kind is Defend:
        return (card_id(action.card),)
    if kind is Accept:
        return (seat_id(me),)
    if kind is LeaveEmpty:
        return (LEAVE_EMPTY_ID,)
    return ()
