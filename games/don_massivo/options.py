"""The options (variants) of Don Massivo."""

from __future__ import annotations

import attrs

MAX_CURFEW = 400
"""The latest curfew (in turns) the options allow."""


@attrs.frozen
class DonMassivoOptions:
    """``villa_cut``: the rulebook's rule expansion for advanced players (the only Villa holder
    receives half of every robbery by others). ``max_turns``: the curfew, a decided end rule
    that stops a game in which nobody gets rich or sells (see RULES.md)."""

    villa_cut: bool = False
    max_turns: int = attrs.field(default=100, validator=[attrs.validators.ge(10),
                                                          attrs.validators.le(MAX_CURFEW)])
