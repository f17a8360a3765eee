"""Phase 3: using the locations (West Side: steal; East Side: sell loot to a fence; Bank:
interest), the Villa's two alternative actions, and the Fence piles.

Rulebook page: the West and East Side alternative actions of a Villa holder, once per turn,
before stealing / selling; after the East Side one he may sell to any of the topmost fences.
The location actions themselves are reconstructed (RULES.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.don_massivo import casino, refresh
from games.don_massivo.actions import (
    BANK,
    DONE,
    EAST,
    LEAN,
    RECRUIT,
    SELL,
    SELL_TO,
    SPECIALIST,
    STEAL,
    USE,
    WEST,
    LeanOnFence,
    Recruit,
    SellCard,
    SellTo,
    SendSpecialist,
    Use,
)
from games.don_massivo.cards import CASINO_IDS, FENCES, GANGSTER_KIND, LOOT_KIND, money_text, price
from games.don_massivo.money import PILE, SHOW, check_wealth

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState

ACTION_LOCATIONS = (WEST, EAST, BANK)
"""Locations with an action; the Villa works passively and the Prison does nothing."""
STEAL_DRAW = 2
"""Stooge cards drawn by every steal, before the specialists' finds."""
RECRUIT_DRAW = 2
"""Gangster cards drawn by the West Side alternative action."""
INTEREST_STEP = 4
"""The Bank pays $1,000 for each full $4,000 face up in a display (tuned, see RULES.md)."""


def legal_locations(state: DonMassivoState) -> list[Any]:
    seat = state.current
    out: list[Any] = []
    open_ = [loc for loc in state.usable if loc not in state.used]
    villa = state.villa_holder(seat)
    for loc in open_:
        if loc == EAST:
            if state.hand_s[seat] and any(state.fence_piles):
                out.append(USE[EAST])
            if villa and not state.east_alt:
                out.extend(LEAN[p] for p in range(3) if state.fence_piles[p])
        else:
            out.append(USE[loc])
            if loc == WEST and villa and not state.west_alt and state.gangsters.can_draw():
                out.append(RECRUIT)
    out.append(DONE)
    return out


def apply_locations(state: DonMassivoState, action: Any) -> None:
    seat = state.current
    if isinstance(action, Use):
        if action.location == WEST:
            state.step = "steal"
        elif action.location == EAST:
            state.step = "sell_pick"
        else:
            state.used.append(BANK)
            pay_interest(state)
    elif isinstance(action, Recruit):
        # West Side alternative action: stealing stays possible afterwards, but optional.
        state.west_alt = True
        for _ in range(RECRUIT_DRAW):
            if state.gangsters.can_draw():
                state.hand_g[seat].append(state.gangsters.draw(state.rng))
        state.log.add("recruit", f"Player {seat + 1} recruits at the West Side")
    elif isinstance(action, LeanOnFence):
        # East Side alternative action: the top fence is thrown out before selling.
        state.east_alt = True
        card = state.fence_piles[action.pile].pop()
        state.fence_discard.append(card)
        state.log.add("lean on fence", f"Player {seat + 1} leans on the {FENCES[card].name} of pile "
                          f"{action.pile + 1}")
        turn_up(state, action.pile)
    else:
        refresh.end_phase3(state)


# -- West Side: stealing -----------------------------------------------------------------------
def legal_steal(state: DonMassivoState) -> list[Any]:
    out: list[Any] = [SPECIALIST[c] for c in state.hand_g[state.current]]
    out.append(STEAL)
    return out


def apply_steal(state: DonMassivoState, action: Any) -> None:
    seat = state.current
    if isinstance(action, SendSpecialist):
        state.hand_g[seat].remove(action.card)
        state.specialists.append(action.card)
        return
    rng, deck, hand = state.rng, state.stooges, state.hand_s[seat]
    got = 0
    for _ in range(STEAL_DRAW):
        if deck.can_draw():
            hand.append(deck.draw(rng))
            got += 1
    for card in state.specialists:
        found = find_loot(state, GANGSTER_KIND[card])
        if found is not None:
            hand.append(found)
            got += 1
    state.gangsters.discard_all(state.specialists)
    state.log.add("theft", f"Player {seat + 1} steals {got} Stooge card(s) at the West Side"
                      + (f" with {len(state.specialists)} specialist(s)" if state.specialists
                         else ""))
    state.specialists = []
    state.used.append(WEST)
    state.step = "locations"


def find_loot(state: DonMassivoState, kind: str) -> str | None:
    """A specialist turns Stooge cards over until one of his kind shows; the others go to the
    discard pile. None if the piles hold none of that kind."""
    deck = state.stooges
    if not any(LOOT_KIND[c] == kind for c in deck.draw_pile) and not any(
        LOOT_KIND[c] == kind for c in deck.discard_pile
    ):
        return None
    while True:
        card = deck.draw(state.rng)
        if LOOT_KIND[card] == kind:
            return card
        deck.discard(card)


# -- East Side: selling to a fence --------------------------------------------------------------
def legal_sell_pick(state: DonMassivoState) -> list[Any]:
    return [SELL_TO[p] for p in range(3) if state.fence_piles[p]]


def apply_sell_pick(state: DonMassivoState, action: SellTo) -> None:
    state.sell_pile = action.pile
    state.step = "sell"


def legal_sell(state: DonMassivoState) -> list[Any]:
    offered = state.offered
    out: list[Any] = [SELL[c] for c in state.hand_s[state.current] if c not in offered]
    if offered:
        out.append(DONE)
    return out


def apply_sell(state: DonMassivoState, action: Any) -> None:
    if isinstance(action, SellCard):
        state.offered.append(action.card)
        return
    seat, pile = state.current, state.sell_pile
    fence = state.fence_piles[pile].pop()
    earned = sum(price(fence, c) for c in state.offered)
    for card in state.offered:
        state.hand_s[seat].remove(card)
    state.stooges.discard_all(state.offered)
    state.money.mint(PILE[seat], earned)
    state.fence_discard.append(fence)
    state.log.add("sale", f"Player {seat + 1} sells {len(state.offered)} loot card(s) to the "
                      f"{FENCES[fence].name} for {money_text(earned)}")
    state.offered = []
    state.sell_pile = -1
    state.used.append(EAST)
    state.step = "locations"
    if check_wealth(state):
        return
    turn_up(state, pile)


def turn_up(state: DonMassivoState, pile: int) -> None:
    """A new top card shows on a Fence pile: a Casino card starts a Casino game at once."""
    top = state.fence_top(pile)
    if top in CASINO_IDS:
        casino.begin(state, pile)


# -- the Bank ------------------------------------------------------------------------------------
def pay_interest(state: DonMassivoState) -> None:
    """Everybody with a token at the Bank is paid at the same moment, so several players may
    reach $100,000 together (rulebook: Game end and winner)."""
    for s in range(state.players):
        if BANK in state.tokens[s]:
            interest = state.money[SHOW[s]] // INTEREST_STEP
            if interest:
                state.money.mint(PILE[s], interest)
                state.log.add("interest", f"the Bank pays Player {s + 1} {money_text(interest)} interest")
    check_wealth(state)

