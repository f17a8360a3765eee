"""The Bootleggers game: who plays, its options, and how a game starts."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game
from tabletop.rng import Rng

from . import space
from .actions import ACTION_TYPES
from .options import BootleggersOptions
from .setup import setup
from .state import BootleggersState

#: Decisions one seat can take in one round, at most (see RULES.md, "Step cap").
PER_SEAT_ROUND = 400


# bl-two-players
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
    snapshot_version = 3  # 2: Investigation as a kernel response window; 3: deals priced apart

    def variants(self) -> list[dict[str, Any]]:
        """The variants the conformance tests also run."""
        return [{"advanced_influence": True}, {"short_game": True}]

    # bl-step-cap
    def step_cap(self, players: int, options: Any = None) -> int:
        """A true bound: each round at most PER_SEAT_ROUND decisions per seat (RULES.md, "End
        of the game"), over 12 rounds or 8 in the shorter game."""
        short = options is not None and getattr(options, "short_game", False)
        return (8 if short else 12) * players * PER_SEAT_ROUND

    def action_space(self, players: int, options: Any) -> int:
        """Every action numbered, the same grid at every player count (space.py)."""
        return space.space_size()

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        return (space.tensor_length(players),)

    # bl-result-bounds
    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        """Scores are money. The game ends after the first round that leaves someone with
        $100G, so everyone entered the last round with less: at most 100 x players between
        them (money only changes hands between Mobsters or comes from the bank), plus what
        one round's sales can pay: 70 crates at $3G wholesale and $3G margin at most."""
        return (0.0, 100.0 * players + 70 * 6)

    def glossary(self) -> dict[str, str]:
        """Every card and term by name, with what it is and does (``i WORDS``)."""
        from .glossary import glossary
        return glossary()

    def agents(self) -> dict[str, Any]:
        from .agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> BootleggersState:
        state = BootleggersState(players, Rng.from_seed(seed), options)
        setup(state)
        return state


GAME = Bootleggers()
