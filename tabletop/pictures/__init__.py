"""Pictures of the table as SVG, drawn in Python from a seat's view of the state.

:class:`~tabletop.pictures.svg.Svg` builds well-formed documents; :mod:`.pieces` draws the
common parts (cards, tokens, counters, a seat's row). A game implements
``State.picture(seat)`` with them; ``tabletop draw`` and the web table show the result.
"""

from tabletop.pictures.pieces import card, counter, heading, seat_row, table_cloth, token
from tabletop.pictures.svg import FONT, SEAT_COLOURS, Svg, seat_colour
from tabletop.pictures.targets import element_id

__all__ = ["FONT", "SEAT_COLOURS", "Svg", "card", "counter", "element_id", "heading",
           "seat_colour", "seat_row", "table_cloth", "token"]
