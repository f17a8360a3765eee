"""A new game of Crime Lords: the Mobs dealt, the deck shuffled, the bidding opened
("Beginning the Game"); the auction, the Bosses and the layout that follow are steps of the
flow (rules in :mod:`auction`)."""

from __future__ import annotations

from tabletop.components.hierarchy import Hierarchy
from tabletop.rng import Rng

from .auction import BIDDING_MONEY, next_auction_card, roll_off
from .cards import MOBS, N_CARDS
from .options import CrimeLordsOptions
from .state import CrimeLordsState


def new_state(players: int, seed: int, options: CrimeLordsOptions) -> CrimeLordsState:
    """Deal Mobs, shuffle, and open the auction ("Beginning the Game")."""
    rng = Rng.from_seed(seed, "crime_lords")
    mob_ids = rng.sample(range(len(MOBS)), players)
    s = CrimeLordsState(players, rng, options, mob_ids)
    s.mobs = [Hierarchy() for _ in range(players)]
    s.rackets = [[] for _ in range(players)]
    s.specials = [[] for _ in range(players)]
    s.money = [0] * players
    s.alive = [True] * players
    s.bid_money = [BIDDING_MONEY] * players
    s.auc_in = [False] * players
    s.war_in = [False] * players
    s.war_retokened = [False] * players
    s.orphans = [[] for _ in range(players)]
    s.orphan_lts = [[] for _ in range(players)]
    s.draw_pile = list(range(N_CARDS))
    rng.shuffle(s.draw_pile)
    s.current = roll_off(s, list(range(players)))  # who starts the bidding
    next_auction_card(s)
    return s
