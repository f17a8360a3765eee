"""The Crime Lords game: registration data, the step cap, the agents.

The step cap is a true bound on the decisions of one game.

Every decision either spends something finite or advances a counter:
- the auction: at most 26 bids per card (bids rise by 1 G at least, 25 G each) plus one pass
  per player, for at most every card of the deck; then one Boss choice and one placement per
  Crook;
- a regular turn: each attack, move or ability spends an Action Token (at most one per card,
  at most 36 Crooks + 10 Rackets), free actions are capped at 4 per turn, each Special is
  played once; an attack takes at most 1 announcement + 1 protector + P showdown
  commitments of at most ``MAX_COMMIT_STEPS`` steps each + 1 reveal + 2 x (cards + Specials) assistance steps + 2 final declines + 1
  placement;
- paying the gang when short: each answer pays a Crook in full or his first 1 G, so at most
  two per Crook;
- reassigning Crooks: one placement per Crook per reassignment, and a reassignment follows
  the loss of a Crook or a change of Boss; Crooks join a Mob only by spending a token
  (recruiting, giving), so a turn loses at most every Crook plus one per token spent;
- a Gang War: every war Hit spends a token, tokens come back only once per Mob per war
  (joining, or its Boss attacked), and each pass round is at most P passes;
- the game stops after ``round_limit`` rounds at the latest.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Game

from . import agents, cards, glossary, setup, space
from .actions import ACTION_TYPES
from .attacks import MAX_COMMIT_STEPS
from .options import ROUND_LIMIT_MAX, CrimeLordsOptions
from .out_of_turn import PER_WINDOW
from .state import CrimeLordsState

# -- the step cap (see the module's docstring) ----------------------------------------------
TOKEN_CARDS = cards.N_CROOKS + 10
SPECIALS = 16


def attack_bound(players: int) -> int:
    """Most decisions one attack can take."""
    return 1 + 1 + players * MAX_COMMIT_STEPS + 1 + 2 * (TOKEN_CARDS + SPECIALS) + 2 + 1


def turn_bound(players: int) -> int:
    """Most decisions of one regular turn, Gang War and shared-victory question included."""
    per_token = attack_bound(players)
    # + one new-Boss choice per Crook lost (a Boss who quits or is Hit)
    # free actions: 4 a turn, a trade offer taking three decisions (offer, ask, answer)
    regular = TOKEN_CARDS * per_token + 4 * 3 + SPECIALS + 1 + players + cards.N_CROOKS
    # a war: every participant's tokens twice over (once more when drawn in / Boss hit),
    # plus a round of passes after each Hit
    war = players * 2 * TOKEN_CARDS * (per_token + players)
    spoils = players * (TOKEN_CARDS + 2)
    pay = 2 * cards.N_CROOKS
    # the out-of-turn window: each other player passes once after at most PER_WINDOW
    # actions, a trade offer taking three decisions
    window = players * (PER_WINDOW * 3 + 1)
    regroups = (cards.N_CROOKS + 2 * players * TOKEN_CARDS) * cards.N_CROOKS
    return regular + war + spoils + pay + regroups + window


def decision_bound(players: int, round_limit: int) -> int:
    """The step cap: auction and layout plus ``round_limit`` rounds of turns."""
    auction = cards.N_CARDS * (26 + players) + 2 * cards.N_CROOKS
    return auction + round_limit * players * turn_bound(players)


class CrimeLords(Game):
    """Crime Lords for 2-8 players: build a Mob, take the city's Rackets."""

    name = "crime_lords"
    title = "Crime Lords"
    min_players = 2
    # cl-eight-players
    max_players = 8
    options_class = CrimeLordsOptions
    state_class = CrimeLordsState
    action_types = ACTION_TYPES
    has_hidden_information = True

    def step_cap(self, players: int, options: Any = None) -> int:
        """A true bound (see RULES.md, "Bounded length"): the auction, plus the round limit
        in force times the most decisions one turn can take."""
        limit = options.round_limit if options is not None else ROUND_LIMIT_MAX
        return decision_bound(players, limit)

    def action_space(self, players: int, options: Any) -> int | None:
        """Every action numbered (``space``): cards by deck index, placements by superior
        and side, payments by Crook and kind."""
        return space.size(players)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...] | None:
        """A flat vector; its layout is in ``space``'s docstring."""
        return (space.tensor_length(players),)

    def result_bounds(self, players: int, options: Any) -> tuple[float, float] | None:
        """Scores are Racket scores: every Racket held plus the bonuses (at most one per
        regular type monopoly (nine types) and two per district dominated (five)), never
        below 0."""
        return (0.0, float(cards.N_RACKETS + 9 + 2 * 5))

    def variants(self) -> list[dict[str, Any]]:
        """The short game and the "more than all foes" victory (Optional Rules), the open
        table (gifts out of turn) and the designer's retoken-at-the-start variant; the
        last-man-standing variant always runs to the round limit, too slow for CI."""
        return [{"short_game": True}, {"victory": "more_than_all"}, {"open_table": True},
                {"retoken_at_start": True}]

    def glossary(self) -> dict[str, str]:
        """Every Mob and card by name, with what it is and does."""
        return glossary.glossary()

    def agents(self) -> dict[str, Any]:
        return {"heuristic": agents.HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> CrimeLordsState:
        return setup.new_state(players, seed, options)
