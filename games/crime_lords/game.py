"""The Crime Lords game: registration data, the step cap, the agents."""

from __future__ import annotations

from typing import Any

from games.crime_lords.actions import ACTION_TYPES
from games.crime_lords.options import ROUND_LIMIT_MAX, CrimeLordsOptions
from games.crime_lords.state import CrimeLordsState
from tabletop.engine import Game


class CrimeLords(Game):
    """Crime Lords for 2-8 players: build a Mob, take the city's Rackets."""

    name = "crime_lords"
    title = "Crime Lords"
    min_players = 2
    max_players = 8
    options_class = CrimeLordsOptions
    state_class = CrimeLordsState
    action_types = ACTION_TYPES
    has_hidden_information = True

    def step_cap(self, players: int, options: Any = None) -> int:
        """A true bound (see RULES.md, "Bounded length"): the auction, plus the round limit
        in force times the most decisions one turn can take."""
        from games.crime_lords.bounds import decision_bound
        limit = options.round_limit if options is not None else ROUND_LIMIT_MAX
        return decision_bound(players, limit)

    def action_space(self, players: int, options: Any) -> int | None:
        """Every action numbered (``space``): cards by deck index, placements by superior
        and side, payments by Crook and kind."""
        from games.crime_lords import space
        return space.size(players)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...] | None:
        """A flat vector; its layout is in ``space``'s docstring."""
        from games.crime_lords import space
        return (space.tensor_length(players),)

    def result_bounds(self, players: int, options: Any) -> tuple[float, float] | None:
        """Scores are Racket scores: every Racket held plus the bonuses (at most one per
        regular type monopoly (nine types) and two per district dominated (five)), never
        below 0."""
        from games.crime_lords.cards import N_RACKETS
        return (0.0, float(N_RACKETS + 9 + 2 * 5))

    def variants(self) -> list[dict[str, Any]]:
        """The short game and the "more than all foes" victory (Optional Rules), the open
        table (gifts out of turn) and the designer's retoken-at-the-start variant; the
        last-man-standing variant always runs to the round limit, too slow for CI."""
        return [{"short_game": True}, {"victory": "more_than_all"}, {"open_table": True},
                {"retoken_at_start": True}]

    def glossary(self) -> dict[str, str]:
        """Every Mob and card by name, with what it is and does."""
        from games.crime_lords.glossary import glossary
        return glossary()

    def agents(self) -> dict[str, Any]:
        from games.crime_lords.agents import HeuristicAgent
        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> CrimeLordsState:
        from games.crime_lords import auction
        return auction.new_state(players, seed, options)
