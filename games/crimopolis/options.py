"""The options of Crimopolis: the rulebook's variations as switches."""

from __future__ import annotations

import attrs

from tabletop.options import option

MAX_ROUNDS = 200  # the largest round limit a table may choose
VARIANTS = ("standard", "lucky_speed", "timed", "deeper_strategy")
TARGETS = {"standard": 21, "lucky_speed": 13, "timed": 21, "deeper_strategy": 42}
GANGSTERS = {"standard": 7, "lucky_speed": 6, "timed": 7, "deeper_strategy": 9}
MAX_TARGET = 99  # [decided] the highest custom end threshold (Deeper Strategy's 42 and more)
# [decided] The round limit (0 = the variant's own): far beyond what good play needs.
ROUNDS = {"standard": 20, "lucky_speed": 20, "timed": 20, "deeper_strategy": 40}


def _round_limit_ok(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value != 0 and not 5 <= value <= MAX_ROUNDS:
        raise ValueError(f"max_rounds must be 0 (the variant's own) or 5 to {MAX_ROUNDS}")


def _target_ok(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value != 0 and not 5 <= value <= MAX_TARGET:
        raise ValueError(f"target must be 0 (the variant's own) or 5 to {MAX_TARGET}")


@attrs.frozen
class CrimopolisOptions:
    """Variant, gangster supply, end-of-game bonuses and the round limit (each option says
    what it means in ``tabletop rules crimopolis``)."""

    # cp-lucky-speed cp-timed cp-deeper-strategy
    variant: str = option(
        "standard", "Which game of the rulebook: the standard game (21 prestige, 7 "
        "gangsters), Lucky Speed (13 prestige, 6 gangsters, clock tiles first), the Timed "
        "Game (choose the gangsters) or Deeper Strategy (42 prestige, 9 gangsters).",
        choices=VARIANTS)
    gangsters: int = option(
        0, "Gangsters in each supply; 0 means the variant's own number (7, Lucky Speed 6, "
        "Deeper Strategy 9). The Timed Game takes any number from 1 to 9 (the rulebook "
        "recommends at least 5).", choices=tuple(range(10)))
    clock_tiles_first: bool = option(
        False, "Put the 15 clock tiles on top of the tile stack (the Lucky Speed shuffle).")
    influence_on_streets: bool = option(
        False, "Influence on the streets: at the end, the most gangsters on streets earn 2.")
    big_business: bool = option(
        False, "Big Business: at the end, 2 / 4 / 7 prestige for holding 2 / 3 / 4 or more "
        "tiles of one name.")
    # cp-team-mode
    team_mode: bool = option(
        False, "Team mode: two people share one seat, its jobs and fortunes (no rule "
        "changes).")
    target: int = option(
        0, "The prestige that starts the last turns (the rulebook's variations let you "
        "change it); 0 means the variant's own (21, Lucky Speed 13, Deeper Strategy 42), else 5 "
        f"to {MAX_TARGET}.", validator=_target_ok)
    max_rounds: int = option(
        0, "Our end rule: with nobody at the target after this many rounds, the game is "
        f"scored as it stands; 0 means the variant's own (20, Deeper Strategy 40), else 5 "
        f"to {MAX_ROUNDS}.", validator=_round_limit_ok)

    # cp-custom-target
    @property
    def end_target(self) -> int:
        """The prestige that starts the last round."""
        return self.target or TARGETS[self.variant]

    @property
    def supply(self) -> int:
        """Gangsters each player starts with in the supply (the prestige marker excluded)."""
        return self.gangsters or GANGSTERS[self.variant]

    # cp-round-limit cp-round-limit-variants
    @property
    def round_limit(self) -> int:
        """Rounds after which a game with nobody at the target ends anyway."""
        return self.max_rounds or ROUNDS[self.variant]

    @property
    def clock_first(self) -> bool:
        """Whether the 15 clock tiles go on top of the tile stack."""
        return self.clock_tiles_first or self.variant == "lucky_speed"
