"""The Don Massivo game object: who can play, options, how a game starts, its bound."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game

from .actions import ACTION_TYPES
from .cards import LOOT_VALUE
from .options import DonMassivoOptions
from .rules import WIN_AMOUNT
from .setup import new_game
from .state import DonMassivoState

DECISIONS_PER_TURN = 500
"""A bound on the decisions of one turn (the sum below is 483): every repeated choice moves a
card or at least $1,000 that cannot come back within the same step, and nobody holds $100,000
while the game goes on. Take-backs <= 99 + 36, move and deal 2, robbery <= 36 laid + strike,
defending <= 36 + 1, paying 1, phase 3 <= 3 uses + 2 alternatives + 37 for stealing + 47 for
selling + 1, Casino games <= 2 x 5 stakes, face-down additions 4, phase 4 <= 37 + 1 + 37 +
81."""


class DonMassivo(Game):
    """Don Massivo for 2-5 players."""

    name = "don_massivo"
    title = "Don Massivo"
    min_players = 2
    max_players = 5
    options_class = DonMassivoOptions
    state_class = DonMassivoState
    action_types = ACTION_TYPES
    has_hidden_information = True

    def variants(self) -> list[dict[str, Any]]:
        """The variants the conformance tests also run."""
        return [{"villa_cut": True}]

    def step_cap(self, players: int, options: Any = None) -> int:
        """True bound: setup placements plus the curfew (``max_turns`` turns) at the per-turn
        bound."""
        opts = options if isinstance(options, DonMassivoOptions) else self.make_options(options)
        return 2 * players + opts.max_turns * DECISIONS_PER_TURN

    def action_space(self, players: int, options: Any) -> int:
        """Every action value the game builds (``space.py``), the same at every table."""
        from .space import SPACE

        return len(SPACE)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        """A flat row of numbers: the table, then one row per seat (``space.py``)."""
        from .space import observation_length

        return (observation_length(players),)

    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        """Scores are money in thousands: at least 0, and at most $99,000 (the most anyone
        holds while play goes on) plus the largest single gain, a sale of every loot unit of
        the game at $3,000 a unit (more than any robbery, interest or Casino pot)."""
        return (0.0, float(WIN_AMOUNT - 1 + 3 * sum(LOOT_VALUE.values())))

    def glossary(self) -> dict[str, str]:
        """The game's terms and places, then every card, with what each is and does."""
        from .glossary import glossary

        return glossary()

    def agents(self) -> dict[str, Any]:
        from .agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> DonMassivoState:
        return new_game(players, seed, options)


GAME = DonMassivo()
