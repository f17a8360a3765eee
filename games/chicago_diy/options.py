"""The variants a table may choose for Chicago DIY (defaults follow the rulebook)."""

from __future__ import annotations

import attrs

from tabletop.options import option

_INT = attrs.validators.instance_of(int)


@attrs.frozen
class ChicagoOptions:
    """``bribe``: dollars a joker's victim pays to escape it (rulebook: $50; under the 5-card
    hand limit a hand holds at most $49, so tables that want bribes in play lower it).
    ``reshuffles``: how many times the discards refill an empty draw pile before the deck
    has run out and the game ends ([decided], default once)."""

    # ch-bribe-option
    bribe: int = option(
        50,
        "Dollars the victim of a joker pays to keep the territory. The rulebook's $50 can "
        "never be held under the 5-card hand limit (at most $49): lower it to bring bribes "
        "into play.",
        min=5, max=100, validator=_INT,
    )
    reshuffles: int = option(
        1,
        "How many times the discard pile is shuffled into a new draw pile when the draw pile "
        "runs out; the next time it runs out, the deck is out and the game ends.",
        min=0, max=3, validator=_INT,
    )
