"""The Don Massivo game object: who can play, options, how a game starts, its bound."""

from __future__ import annotations

from typing import Any

from games.don_massivo.actions import ACTION_TYPES
from games.don_massivo.options import MAX_CURFEW, DonMassivoOptions
from games.don_massivo.setup import new_game
from games.don_massivo.state import DonMassivoState
from tabletop.engine import Game

DECISIONS_PER_TURN = 1_000
"""A generous bound on the decisions of one turn (the sum is about 440): every repeated choice
moves a card or at least $1,000 that cannot come back within the same step, and nobody holds
$100,000 while the game goes on. Take-backs <= 99 + 36, move and deal 2, robbery <= 37,
phase 3 <= 3 uses + 2 alternatives + 37 for stealing + 47 for selling + 1, Casino games <= 2 x 5
stakes, face-down additions 4, phase 4 <= 37 + 1 + 37 + 81."""


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

    def step_cap(self, players: int) -> int:
        """True bound for any options: setup placements plus the latest curfew allowed
        (``max_turns`` <= 400) at the per-turn bound."""
        return 2 * players + MAX_CURFEW * DECISIONS_PER_TURN

    def glossary(self) -> dict[str, str]:
        """The game's terms and places, then every card, with what each is and does."""
        from games.don_massivo.glossary import glossary

        return glossary()

    def agents(self) -> dict[str, Any]:
        from games.don_massivo.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> DonMassivoState:
        return new_game(players, seed, options)


GAME = DonMassivo()
