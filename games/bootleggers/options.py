"""Bootleggers' options: the two optional rules of the rulebook."""

from __future__ import annotations

import attrs


@attrs.frozen
class BootleggersOptions:
    """``short_game``: eight rounds, two Muscle cards dealt from each sub-deck.
    ``advanced_influence``: no Phase 2; influence may be placed whenever Muscle is shown."""

    short_game: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    advanced_influence: bool = attrs.field(
        default=False, validator=attrs.validators.instance_of(bool)
    )
