"""Crime Lords options: game length, victory rule, auction size, the round limit."""

from __future__ import annotations

import attrs
from attrs import validators as v

ROUND_LIMIT_MAX = 200


@attrs.frozen
class CrimeLordsOptions:
    """Variants from the rulebook's "Optional Rules", plus the round limit we added.

    ``short_game``: use the short-game Racket targets. ``victory``: ``rackets`` (the table),
    ``more_than_all`` (more Crooks and Rackets than all foes together) or ``last_man``.
    ``extra_crooks``, ``extra_rackets``: more Crooks, Rackets or both per player in the
    opening auction.
    ``open_table``: other players may give, offer trades and use abilities usable "at any
    time" out of turn, in one window each turn (see ``out_of_turn.py``).
    ``round_limit``: the game stops after this many rounds (see RULES.md, [decided]).
    """

    short_game: bool = attrs.field(default=False, validator=v.instance_of(bool))
    victory: str = attrs.field(
        default="rackets", validator=v.in_(("rackets", "more_than_all", "last_man"))
    )
    extra_crooks: int = attrs.field(default=0, validator=[v.instance_of(int), v.ge(0), v.le(3)])
    extra_rackets: int = attrs.field(default=0, validator=[v.instance_of(int), v.ge(0), v.le(3)])
    open_table: bool = attrs.field(default=False, validator=v.instance_of(bool))
    round_limit: int = attrs.field(default=40, validator=[v.instance_of(int), v.ge(5), v.le(ROUND_LIMIT_MAX)])
