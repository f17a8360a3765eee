"""The Bootleggers game: who plays, its options, and how a game starts."""

from __future__ import annotations

from typing import Any

from games.bootleggers.actions import ACTION_TYPES
from games.bootleggers.muscle import setup
from games.bootleggers.options import BootleggersOptions
from games.bootleggers.state import BootleggersState
from tabletop.engine import Game
from tabletop.rng import Rng

#: Decisions one seat can take in one round, at most (see RULES.md, "Step cap").
PER_SEAT_ROUND = 400


class Bootleggers(Game):
    """Bootleggers: 2-6 Mobsters make, ship and sell whiskey over 12 rounds."""

    name = "bootleggers"
    title = "Bootleggers"
    min_players = 2
    max_players = 6
    options_class = BootleggersOptions
    state_class = BootleggersState
    action_types = ACTION_TYPES
    has_hidden_information = True

    def variants(self) -> list[dict[str, Any]]:
        """The variants the conformance tests also run."""
        return [{"advanced_influence": True}, {"short_game": True}]

    def step_cap(self, players: int) -> int:
        """A true bound: 12 rounds of at most PER_SEAT_ROUND decisions per seat, plus one
        for every Thug card and marker that can be played (see RULES.md)."""
        return 12 * players * PER_SEAT_ROUND

    def glossary(self) -> dict[str, str]:
        """Every card and term by name, with what it is and does (``i WORDS``)."""
        from games.bootleggers.glossary import glossary
        return glossary()

    def agents(self) -> dict[str, Any]:
        from games.bootleggers.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> BootleggersState:
        state = BootleggersState(players, Rng.from_seed(seed), options)
        setup(state)
        return state


GAME = Bootleggers()
