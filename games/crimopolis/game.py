"""The Crimopolis game: players, options, step cap and setup."""

from __future__ import annotations

from typing import Any

from games.crimopolis.actions import ACTION_TYPES
from games.crimopolis.options import MAX_ROUNDS, CrimopolisOptions
from games.crimopolis.setup import new_state
from games.crimopolis.state import TURN_STEP_CAP, CrimopolisState
from tabletop.engine import Game

# Per turn: at most TURN_STEP_CAP decisions before only "end turn" is left, then at most a
# few prompts (explore, keep, target, defend) and the end itself; destinies are cards, of
# which there are 20 in all.
TURN_BOUND = TURN_STEP_CAP + 30


class Crimopolis(Game):
    """Sven Obermaier's Crimopolis: gangs grow a city of tiles and race to 21 prestige."""

    name = "crimopolis"
    title = "Crimopolis"
    min_players = 2
    max_players = 5
    options_class = CrimopolisOptions
    state_class = CrimopolisState
    action_types = ACTION_TYPES
    has_hidden_information = True
    snapshot_version = 2  # 2: the city is stored as its placed tiles and gangsters only

    def variants(self) -> list[dict[str, Any]]:
        """The variants the conformance tests also run."""
        return [{"variant": "lucky_speed"}, {"variant": "deeper_strategy"},
                {"variant": "timed", "gangsters": 5},
                {"influence_on_streets": True, "big_business": True, "clock_tiles_first": True}]

    def step_cap(self, players: int, options: Any = None) -> int:
        # A true bound from the round limit of these options (the largest a table may choose
        # when none are given): setup plus every turn's bound.
        limit = options.round_limit if isinstance(options, CrimopolisOptions) else MAX_ROUNDS
        return players * 3 + limit * players * TURN_BOUND

    def agents(self) -> dict[str, Any]:
        from games.crimopolis.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def glossary(self) -> dict[str, str]:
        """The terms, locations, newsflashes and fortunes (see :mod:`.glossary`)."""
        from games.crimopolis.glossary import glossary

        return glossary()

    def _new_state(self, players: int, seed: int, options: Any) -> CrimopolisState:
        return new_state(players, seed, options)


GAME = Crimopolis()
