"""Bootleggers' options: the two optional rules of the rulebook."""

from __future__ import annotations

import attrs

from tabletop.options import option


@attrs.frozen
class BootleggersOptions:
    """``short_game``: eight rounds, two Muscle cards dealt from each sub-deck.
    ``advanced_influence``: no Phase 2; influence may be placed whenever Muscle is shown."""

    short_game: bool = option(
        False, "The shorter game: 8 rounds instead of 12, two Muscle cards dealt from each "
        "sub-deck (8 in all); the Heat comes only after round 4.",
        validator=attrs.validators.instance_of(bool))
    advanced_influence: bool = option(
        False, "Advanced influence: no Send in the Boys phase; you place men from your Back "
        "Room in any of your turns while Muscle cards are shown.",
        validator=attrs.validators.instance_of(bool))
