"""The fixed numbers and names of Crimopolis's rules, shared by the state, the flow and the
rule modules: the clock, the caps, the deck indexes, the steps of play and the questions
asked (:class:`Prompt`, the game's own ask record on the flow's stack)."""

from __future__ import annotations

import attrs

TOMBSTONES = 40  # all of them start in the church
HOURS_PER_TURN = 7  # TURNS: hours in a turn before time carried over
TURN_STEP_CAP = 60  # [decided] decisions per turn before only "end turn" is left
REDRAW_CAP = 3  # [decided] identical-job redraws per turn
JOBS, NEWS, FORTUNES = 0, 1, 2  # the deck indexes in ``state.decks``

# the steps of play (the state's ``phase``): a position at rest is in one of the first three
SETUP = "setup"  # the homes and the first tiles, placed one player at a time
PLAY = "play"  # a turn: the destinies due, then the actions until "end turn"
OVER = "over"
TURN_END = "turn_end"  # automatic: the clock passes on, the last turns, the game's end

# the questions (the kinds of :class:`Prompt`)
EXPLORE = "explore"
KEEP = "keep"
TARGET = "target"
DEFEND = "defend"


@attrs.frozen
class Prompt:
    """A decision owed before play goes on: ``explore`` (place a tile on ``cell``),
    ``keep`` (keep one of ``options`` after aborting), ``target`` (place the destiny
    newsflash ``card``), ``defend`` (answer destiny ``card`` played by ``by``)."""

    kind: str
    seat: int
    card: str = ""
    options: tuple[str, ...] = ()
    cell: tuple[int, int] = (0, 0)
    by: int = -1
