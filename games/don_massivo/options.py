"""The options (variants) of Don Massivo."""

from __future__ import annotations

import attrs

from tabletop.options import option

MAX_CURFEW = 400
"""The latest curfew (in turns) the options allow."""


@attrs.frozen
class DonMassivoOptions:
    """``villa_cut``: the rulebook's rule expansion for advanced players (the only Villa holder
    receives half of every robbery by others). ``max_turns``: the curfew, a decided end rule
    that stops a game in which nobody gets rich or sells (see RULES.md)."""

    villa_cut: bool = option(
        False, "The rulebook's expansion for advanced players: if exactly one player has a "
        "token at Don Massivo's Villa, he receives half of every robbery between two other "
        "players (rounded down to $1,000).")
    max_turns: int = option(
        100, "The curfew: if a turn would start after this many turns, the game ends and the "
        "richest player wins (a decided rule; bots' games end long before).",
        min=10, max=MAX_CURFEW)
