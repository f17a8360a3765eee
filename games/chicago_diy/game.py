"""The Chicago DIY game object: name, player range, options, agents, step cap."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.chicago_diy.actions import ACTION_TYPES
from games.chicago_diy.options import ChicagoOptions
from games.chicago_diy.rules import DECISIONS_PER_TURN, LAST_CALL_ROUND
from games.chicago_diy.state import ChicagoState, new_state
from tabletop.engine import Game


class ChicagoDIY(Game):
    """Take over 1920s Chicago with money cards, territories, henchmen and hit men."""

    name = "chicago_diy"
    title = "Chicago DIY"
    min_players = 2  # [decided] the rulebook gives no count; 5 x 3 cards still leave a deck
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
        return LAST_CALL_ROUND * players * DECISIONS_PER_TURN

    def agents(self) -> Mapping[str, Callable[[], Any]]:
        from games.chicago_diy.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def glossary(self) -> Mapping[str, str]:
        """Every card and term of the game, for ``i WORDS`` and ``tabletop rules``."""
        from games.chicago_diy.glossary import glossary

        return glossary()

    def _new_state(self, players: int, seed: int, options: Any) -> ChicagoState:
        return new_state(players, seed, options)


GAME = ChicagoDIY()
