"""A new game of Chicago DIY: the deck shuffled and dealt, a henchman each, the first player
chosen, and the flow begun (:func:`new_state`)."""

from __future__ import annotations

from tabletop.components import Deck, TurnOrder
from tabletop.rng import Rng

from . import flow
from .cards import DECK, KIND, labels
from .options import ChicagoOptions
from .state import ChicagoState
from .words import count, seat_name


def new_state(players: int, seed: int, options: ChicagoOptions) -> ChicagoState:
    """Rulebook "Setup": shuffle, deal 3 each (face cards go face up, free), 1 henchman each,
    a random first player."""
    # ch-deal, ch-first-player
    rng = Rng.from_seed(seed)
    deck: Deck[str] = Deck(list(DECK), reshuffle=False)
    deck.shuffle(rng)
    hands: list[list[str]] = [[] for _ in range(players)]
    territories: list[list[str]] = [[] for _ in range(players)]
    for _ in range(3):
        for seat in range(players):
            card = deck.draw()
            # ch-dealt-not-replaced: [decided] dealt face cards are not replaced: that hand is
            # simply smaller
            (territories if KIND[card] == "territory" else hands)[seat].append(card)
    first = rng.below(players)
    state = ChicagoState(
        players, rng, options, deck, hands, territories, [1] * players,
        TurnOrder(players, current=first), reshuffles_left=options.reshuffles,
    )
    for seat in range(players):
        free = territories[seat]
        lands = f": {labels(free)} face up, free" if free else ""
        state.log.add("deal", f"{seat_name(seat)} is dealt 3 cards{lands}; "
                              f"{count(len(hands[seat]), 'card goes', 'cards go')} into the hand")
        if hands[seat]:
            state.log.add("hand dealt", f"your hand: {labels(hands[seat])}", to=seat)
    state.log.add("first player", f"{seat_name(first)} goes first")
    flow.FLOW.begin(state)
    return state
