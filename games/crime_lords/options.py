"""Crime Lords options: game length, victory rule, auction size, the open table, the round
limit. ``tabletop rules crime_lords`` prints each with its meaning, values and default."""

from __future__ import annotations

import attrs
from attrs import validators as v

from tabletop.options import option

ROUND_LIMIT_MAX = 200


@attrs.frozen
class CrimeLordsOptions:
    """Variants from the rulebook's "Optional Rules", plus the open table and the round
    limit we added (see RULES.md)."""

    short_game: bool = option(
        False, "Play the short game: fewer Rackets needed to win (2-3 players 11, 4: 10, "
        "5: 9, 6: 8, 7-8: 7 instead of 14/13/12/11/9).", validator=v.instance_of(bool))
    victory: str = option(
        "rackets", "How to win: the Racket table (the rulebook's game), more Crooks and "
        "Rackets than all foes together, or as the last Mob standing.",
        choices=("rackets", "more_than_all", "last_man"))
    extra_crooks: int = option(
        0, "More Crooks per player in the opening auction (3 each without it).", min=0, max=3,
        validator=v.instance_of(int))
    extra_rackets: int = option(
        0, "More Rackets per player in the opening auction (2 each without it).", min=0,
        max=3, validator=v.instance_of(int))
    open_table: bool = option(
        False, "Gifts, trade offers and abilities usable at any time also out of turn, in one "
        "window each turn before the player acts (every other player is asked).",
        validator=v.instance_of(bool))
    racket_target: int = option(
        0, "Rackets (score) needed to win, instead of the rulebook's table for the number of "
        "players (0: the table; the rulebook's shorter and longer games change this "
        "number).", min=0, max=60, validator=v.instance_of(int))
    retoken_at_start: bool = option(
        False, "Designer's notes variant: each player retokens his cards at the start of his "
        "turn instead of at its end (the designers invite players to try it).",
        validator=v.instance_of(bool))
    round_limit: int = option(
        40, "The game stops after this many rounds (each player one turn) and the best "
        "Racket score wins; the rulebook has no limit.", min=5, max=ROUND_LIMIT_MAX,
        validator=v.instance_of(int))
