"""The Chicago DIY game object: name, player range, options, agents, step cap."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine import Game

from . import space
from .actions import ACTION_TYPES
from .cards import DECK, KIND, POINTS, money_in
from .options import ChicagoOptions
from .rules import DECISIONS_PER_TURN, LAST_CALL_ROUND, MAX_HENCHMEN
from .setup import new_state
from .state import ChicagoState


class ChicagoDIY(Game):
    """Take over 1920s Chicago with money cards, territories, henchmen and hit men."""

    name = "chicago_diy"
    title = "Chicago DIY"
    # ch-players: [decided] the rulebook gives no count; 5 x 3 cards still leave a deck
    min_players = 2
    max_players = 5
    options_class = ChicagoOptions
    state_class = ChicagoState
    action_types = ACTION_TYPES
    has_hidden_information = True

    def variants(self) -> list[dict[str, Any]]:
        """The variants the conformance tests also run."""
        return [{"bribe": 20, "reshuffles": 0}, {"bribe": 30, "reshuffles": 3}]

    def step_cap(self, players: int, options: Any = None) -> int:
        """A true bound, whatever the options: the last call ends every game after
        LAST_CALL_ROUND rounds, and no turn takes more than DECISIONS_PER_TURN decisions (see
        RULES.md, "Length of a game")."""
        # ch-step-cap
        return LAST_CALL_ROUND * players * DECISIONS_PER_TURN

    def action_space(self, players: int, options: Any) -> int:
        """Every action a table of ``players`` can offer (see
        :func:`tabletop_games.chicago_diy.space.listed`): payments are made one money card at a time,
        so the space never grows with play."""
        return len(space.listed(players))

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        """One flat list of numbers (layout in :mod:`tabletop_games.chicago_diy.space`)."""
        return (space.length(players),)

    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        """Scores run from 0 to all twelve territories, five henchmen and every money card
        of the deck in one hand."""
        return (0.0, float(sum(POINTS[c] for c in DECK if KIND[c] == "territory")
                     + 2 * MAX_HENCHMEN + money_in(list(DECK))))

    def agents(self) -> Mapping[str, Callable[[], Any]]:
        from .agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def glossary(self) -> Mapping[str, str]:
        """Every card and term of the game, for ``i WORDS`` and ``tabletop rules``."""
        from .glossary import glossary

        return glossary()

    def _new_state(self, players: int, seed: int, options: Any) -> ChicagoState:
        return new_state(players, seed, options)


GAME = ChicagoDIY()
