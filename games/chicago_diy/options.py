"""The variants a table may choose for Chicago DIY (defaults follow the rulebook)."""

from __future__ import annotations

import attrs
from attrs import validators as v


@attrs.frozen
class ChicagoOptions:
    """``bribe``: dollars a joker's victim pays to escape it (rulebook: $50; under the 5-card
    hand limit a hand holds at most $49, so tables that want bribes in play lower it).
    ``reshuffles``: how many times the discards refill an empty draw pile before the deck
    has run out and the game ends ([decided], default once)."""

    bribe: int = attrs.field(default=50, validator=[v.instance_of(int), v.ge(5), v.le(100)])
    reshuffles: int = attrs.field(default=1, validator=[v.instance_of(int), v.ge(0), v.le(3)])
