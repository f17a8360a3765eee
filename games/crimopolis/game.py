"""The Crimopolis game: players, options, step cap and setup."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game
from tabletop.rng import Rng

from . import glossary as words_explained
from . import setup, space
from .actions import ACTION_TYPES
from .agents import HeuristicAgent
from .cards import fortunes, jobs, newsflashes
from .city import City
from .options import MAX_ROUNDS, CrimopolisOptions
from .rules import TOMBSTONES, TURN_STEP_CAP
from .state import CrimopolisState

# Per turn: at most TURN_STEP_CAP decisions (every decision of the turn counts, prompts and
# the destinies executed first included; there are only 20 destiny cards), then the prompts
# the last of them opened (at most 2: a job's destiny newsflash is targeted, then defended)
# and "end turn".
TURN_BOUND = TURN_STEP_CAP + 3


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
        # Setup is at most 3 placements a gang. Turns: the round limit ends the game only
        # before the last turns begin, so a gang reaching the target in the limit's last turn
        # still gives the others one turn each.
        limit = options.round_limit if isinstance(options, CrimopolisOptions) else MAX_ROUNDS
        return players * 3 + ((limit + 1) * players - 1) * TURN_BOUND

    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        """Scores are prestige, never below 0. Prestige is earned only in one's own turns,
        and every gang ends a turn below the target except in the turn that reaches it or its
        last turn: so at most the target - 1 plus one turn's gain (each of its decisions a
        job of the best card with the best newsflash and a take-over, plus every prestige
        fortune), then the end bonuses: influence (3 per block, one gangster each), body
        counts (1 per 2 of the 40 tombstones and the 2 for the most), every fortune's game-end
        prestige, and the variants' street (2) and Big Business (7 a name; a name needs two
        tiles, a gangster holds at most two) bonuses."""
        opts = options if isinstance(options, CrimopolisOptions) else CrimopolisOptions()
        job = max(j.prestige for j in jobs().values())
        news = max(n.amount for n in newsflashes().values() if n.effect == "prestige")
        boosts = sum(f.amount for f in fortunes().values()
                     if f.effect == "job_prestige" and f.amount > 0)
        turn = TURN_STEP_CAP * (job + news + 1) + boosts
        ends = (3 * opts.supply + TOMBSTONES // 2 + 2
                + sum(f.game_end for f in fortunes().values())
                + (2 if opts.influence_on_streets else 0)
                + (7 * opts.supply if opts.big_business else 0))
        return (0.0, float(opts.end_target - 1 + turn + ends))

    def action_space(self, players: int, options: Any) -> int:
        """Every action numbered (:mod:`.space`): cards and setup cells by value, places
        around the deciding gang's groups."""
        return space.size(players, options)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        """A flat vector; its layout is in :mod:`.space`'s docstring."""
        return (space.tensor_length(players),)

    def agents(self) -> dict[str, Any]:
        return {"heuristic": HeuristicAgent}

    def glossary(self) -> dict[str, str]:
        """The terms, locations, newsflashes and fortunes (see :mod:`.glossary`)."""
        return words_explained.glossary()

    # cp-supply
    def _new_state(self, players: int, seed: int, options: Any) -> CrimopolisState:
        """SETUP: the decks and the tile stack shuffled (in that order), two tiles revealed,
        two jobs dealt each, the start player's HEADQUARTERS placed; then the flow asks the
        first placement (:mod:`.setup`)."""
        rng = Rng.from_seed(seed)
        decks = setup.shuffled_decks(rng)
        stack = setup.tile_stack(rng, options)
        state = CrimopolisState(
            players, rng, options, City.empty(players), stack, [], decks, [0, 0, 0],
            [[] for _ in range(players)], [[] for _ in range(players)],
            [[] for _ in range(players)], [options.supply] * players, [0] * players,
            [0] * players,
        )
        setup.start(state)
        state.FLOW.begin(state)
        return state


GAME = Crimopolis()
