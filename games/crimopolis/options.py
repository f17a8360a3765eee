"""The options of Crimopolis: the rulebook's variations as switches."""

from __future__ import annotations

import attrs
from attrs import validators as v

MAX_ROUNDS = 200  # the largest round limit a table may choose
VARIANTS = ("standard", "lucky_speed", "timed", "deeper_strategy")
TARGETS = {"standard": 21, "lucky_speed": 13, "timed": 21, "deeper_strategy": 42}
GANGSTERS = {"standard": 7, "lucky_speed": 6, "timed": 7, "deeper_strategy": 9}
# [decided] The round limit (0 = the variant's own): far beyond what good play needs.
ROUNDS = {"standard": 20, "lucky_speed": 20, "timed": 20, "deeper_strategy": 40}


def _round_limit_ok(instance: object, attribute: attrs.Attribute, value: int) -> None:
    if value != 0 and not 5 <= value <= MAX_ROUNDS:
        raise ValueError(f"max_rounds must be 0 (the variant's own) or 5 to {MAX_ROUNDS}")


@attrs.frozen
class CrimopolisOptions:
    """Variant, gangster supply, end-of-game bonuses and the round limit.

    ``max_rounds`` is our end rule for games that would never end: after that many rounds
    with nobody at the target prestige, the game is scored as it stands (0: the variant's
    own limit, 20 rounds; 40 for the Deeper Strategy Game).

    ``gangsters`` 0 means the variant's own number (7; Lucky Speed 6; Deeper Strategy 9);
    the Timed Game lets the table choose any number from 5 to 9. ``team_mode`` changes no
    rule: two people share one seat, its jobs and its fortunes.
    """

    variant: str = attrs.field(default="standard", validator=v.in_(VARIANTS))
    gangsters: int = attrs.field(default=0, validator=v.in_((0, 5, 6, 7, 8, 9)))
    clock_tiles_first: bool = False
    influence_on_streets: bool = False
    big_business: bool = False
    team_mode: bool = False
    max_rounds: int = attrs.field(default=0, validator=_round_limit_ok)

    @property
    def target(self) -> int:
        """The prestige that starts the last round."""
        return TARGETS[self.variant]

    @property
    def supply(self) -> int:
        """Gangsters each player starts with in the supply (the prestige marker excluded)."""
        return self.gangsters or GANGSTERS[self.variant]

    @property
    def round_limit(self) -> int:
        """Rounds after which a game with nobody at the target ends anyway."""
        return self.max_rounds or ROUNDS[self.variant]

    @property
    def clock_first(self) -> bool:
        """Whether the 15 clock tiles go on top of the tile stack."""
        return self.clock_tiles_first or self.variant == "lucky_speed"
