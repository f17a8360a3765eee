"""Setting up a game of Don Massivo (all reconstructed: see RULES.md, Setup)."""

from __future__ import annotations

from tabletop.components import Deck, Supply, TurnOrder
from tabletop.rng import Rng

from .cards import (
    CASINO_IDS,
    FENCE_IDS,
    FENCES_PER_PILE,
    GANGSTERS,
    SAFE_TOP,
    STOOGES,
)
from .money import PILE
from .options import DonMassivoOptions
from .state import DonMassivoState

START_MONEY = 10
"""Each player's starting money pile, in thousands."""
SECOND_PLAYER_BONUS = 5
"""In the 2-player game the player who does not begin takes $5,000 more (tuned: see RULES.md)."""
START_GANGSTERS = 3
START_STOOGES = 2


def new_game(players: int, seed: int, options: DonMassivoOptions) -> DonMassivoState:
    """The opening position: decks shuffled, hands dealt, tokens still to be placed."""
    rng = Rng.from_seed(seed, "don_massivo")
    gangsters = Deck(sorted(GANGSTERS), reshuffle=True)
    gangsters.shuffle(rng)
    stooges = Deck(sorted(STOOGES), reshuffle=True)
    stooges.shuffle(rng)
    fences = list(FENCE_IDS)
    rng.shuffle(fences)
    # dm-setup-fence-piles
    piles = []
    for p, casino in enumerate(CASINO_IDS):
        cards = fences[p * FENCES_PER_PILE:(p + 1) * FENCES_PER_PILE]  # last card is the top
        depth = rng.below(FENCES_PER_PILE + 1 - SAFE_TOP)  # 0..4 cards below the Casino
        cards.insert(depth, casino)
        piles.append(cards)
    start = rng.below(players)  # stands in for "who was last in prison" (see RULES.md)
    # dm-setup-hands, dm-thousands
    money = Supply("dollars (thousands)", {PILE[s]: START_MONEY for s in range(players)})
    if players == 2:  # dm-two-player-bonus
        money.holdings[PILE[1 - start]] += SECOND_PLAYER_BONUS
    state = DonMassivoState(
        players, rng, options, TurnOrder(players, current=start), money,
        money.total(),
        tokens=[[] for _ in range(players)],
        hand_g=[gangsters.draw_many(START_GANGSTERS) for _ in range(players)],
        hand_s=[stooges.draw_many(START_STOOGES) for _ in range(players)],
        show_g=[[] for _ in range(players)], down_g=[[] for _ in range(players)],
        gangsters=gangsters, stooges=stooges, fence_piles=piles,
    )
    seats = [(start + i) % players for i in range(players)]
    state.place_queue = seats + seats[::-1]
    return state
