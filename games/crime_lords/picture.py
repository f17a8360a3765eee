"""The table as a picture (SVG), drawn from the same state as the text view."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.crime_lords.state import CrimeLordsState


def picture(s: CrimeLordsState, seat: int | None) -> str | None:
    """Not drawn yet."""
    return None
