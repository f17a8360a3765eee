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
from games.don_massivo.cards import FENCES, GANGSTER_KIND, LOOT_KIND, LOOT_VALUE, STOOGES, price
from games.don_massivo.draws import draw
from games.don_massivo.money import PILE, SHOW, check_wealth
from games.don_massivo.words import (
    a_kind,
    count,
    gangster_short,
    gangster_text,
    listing,
    loot_short,
    loot_text,
    money_text,
    who,
)

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
        elif loc == BANK:
            if interest_due(state):
                out.append(USE[BANK])
        else:
            out.append(USE[loc])
            if villa and not state.west_alt and state.gangsters.can_draw():
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
        drawn = []
        for _ in range(RECRUIT_DRAW):
            card = draw(state, state.gangsters, "Gangster")
            if card is not None:
                drawn.append(card)
        state.hand_g[seat].extend(drawn)
        state.log.add("recruit", f"{who(seat)} recruits {count(len(drawn), 'Gangster card')} at "
                      "the West Side (the Villa's West Side alternative action)")
        if drawn:
            state.log.add("own draw", f"You recruit {listing([gangster_text(c) for c in drawn])}",
                          to=seat)
    elif isinstance(action, LeanOnFence):
        # East Side alternative action: the top fence is thrown out before selling.
        state.east_alt = True
        card = state.fence_piles[action.pile].pop()
        state.fence_discard.append(card)
        state.log.add("lean on fence", f"{who(seat)} leans on the {FENCES[card].name} of Fence "
                      f"pile {action.pile + 1} (the Villa's East Side alternative action): it "
                      "goes to the fence discard")
        casino.turn_up(state, action.pile)
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
    hand = state.hand_s[seat]
    drawn = []
    for _ in range(STEAL_DRAW):
        card = draw(state, state.stooges, "Stooge")
        if card is not None:
            drawn.append(card)
    hand.extend(drawn)
    found = []
    for specialist in state.specialists:
        card = find_loot(state, GANGSTER_KIND[specialist], gangster_short(specialist))
        if card is not None:
            hand.append(card)
            found.append(card)
    state.gangsters.discard_all(state.specialists)
    got = len(drawn) + len(found)
    text = (f"{who(seat)} steals at the West Side: {count(len(drawn), 'Stooge card')} drawn")
    sent = len(state.specialists)
    if sent:
        text += (f" and {len(found)} found by his " + ("specialist, who is" if sent == 1 else
                 f"{sent} specialists, who are") + " discarded")
    state.log.add("theft", text + f"; he holds {count(len(hand), 'Stooge card')} now")
    if got:
        state.log.add("own draw", "You steal " + listing([loot_text(c) for c in drawn + found]),
                      to=seat)
    state.specialists = []
    state.used.append(WEST)
    state.step = "locations"


def find_loot(state: DonMassivoState, kind: str, name: str = "") -> str | None:
    """A specialist (``name``) turns Stooge cards over until one of his ``kind`` shows; the
    others go face up to the discard pile (narrated). None if the piles hold none of it."""
    deck = state.stooges
    if not any(LOOT_KIND[c] == kind for c in deck.draw_pile) and not any(
        LOOT_KIND[c] == kind for c in deck.discard_pile
    ):
        state.log.add("specialist", f"The specialist {name} finds nothing: no {kind} Stooge "
                      "card is left in the Stooge piles")
        return None
    passed = []
    while True:
        card = draw(state, deck, "Stooge")
        assert card is not None  # a card of his kind is still in the piles
        if LOOT_KIND[card] == kind:
            break
        deck.discard(card)
        passed.append(card)
        state.turned_up.append(card)  # face up for all, even if reshuffled away in this move
    turned = (f"turns over {listing([loot_short(c) for c in passed])} onto the discard pile, "
              "then " if passed else "")
    state.log.add("specialist", f"The specialist {name} {turned}finds {a_kind(kind)} Stooge "
                  "card")
    return card


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
    items = [f"{STOOGES[c].name} ({LOOT_KIND[c]}, {LOOT_VALUE[c]} loot) "
             f"{money_text(price(fence, c))}" for c in state.offered]
    state.log.add("sale", f"{who(seat)} sells {count(len(state.offered), 'loot card')} to the "
                  f"{FENCES[fence].name} of Fence pile {pile + 1} for {money_text(earned)}: "
                  f"{listing(items)}; the fence card is discarded")
    state.offered = []
    state.sell_pile = -1
    state.used.append(EAST)
    state.step = "locations"
    if check_wealth(state):
        return
    casino.turn_up(state, pile)


# -- the Bank ------------------------------------------------------------------------------------
def interest_due(state: DonMassivoState) -> bool:
    """Whether using the Bank would pay anybody: a use that pays nobody changes nothing, so
    it is not offered (RULES.md, the Bank)."""
    return any(BANK in state.tokens[s] and state.shown(s) >= INTEREST_STEP
               for s in range(state.players))


def pay_interest(state: DonMassivoState) -> None:
    """Everybody with a token at the Bank is paid at the same moment, so several players may
    reach $100,000 together (rulebook: Game end and winner)."""
    paid, unpaid = [], []
    for s in range(state.players):
        if BANK in state.tokens[s]:
            shown = state.money[SHOW[s]]
            interest = shown // INTEREST_STEP
            state.money.mint(PILE[s], interest)
            if interest:
                paid.append(f"{who(s)} {money_text(interest)} (on {money_text(shown)})")
            else:
                unpaid.append(f"{who(s)} (only {money_text(shown)})")
    nothing = f"; nothing to {listing(unpaid)}" if unpaid else ""
    state.log.add("interest", f"The Bank pays $1,000 for each full {money_text(INTEREST_STEP)} "
                  f"face up in a display: {listing(paid) or 'nothing to anybody'}{nothing}")
    check_wealth(state)
