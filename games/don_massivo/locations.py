"""Phase 3: using the locations (West Side: steal; East Side: sell loot to a fence; Bank:
interest), the Villa's two alternative actions, and the Fence piles.

Rulebook page: the West and East Side alternative actions of a Villa holder, once per turn,
before stealing / selling; after the East Side one he may sell to any of the topmost fences.
The location actions themselves are reconstructed (RULES.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components import Prompt

from . import casino, rules
from .actions import BANK, EAST, WEST
from .cards import FENCES, GANGSTER_KIND, LOOT_KIND, LOOT_VALUE, STOOGES, price
from .draws import draw
from .money import PILE, SHOW, check_wealth
from .rules import INTEREST_STEP, RECRUIT_DRAW, STEAL_DRAW
from .words import (
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
    from .state import DonMassivoState

ACTION_LOCATIONS = (WEST, EAST, BANK)
"""Locations with an action; the Villa works passively and the Prison does nothing."""


def use_west(state: DonMassivoState) -> None:
    """The current player steals at the West Side: he is asked which specialists to send."""
    # dm-steal, dm-use-once
    state.asks.append(Prompt(state.current, rules.STEAL))


def use_east(state: DonMassivoState) -> None:
    """The current player sells at the East Side: he is asked which top fence to sell to."""
    # dm-sell, dm-use-once
    state.asks.append(Prompt(state.current, rules.SELL_PICK))


def use_bank(state: DonMassivoState) -> None:
    """The current player uses the Bank: everybody there is paid interest."""
    # dm-use-once
    state.used.append(BANK)
    pay_interest(state)


def recruit(state: DonMassivoState) -> None:
    """The West Side alternative action of a Villa holder: two Gangster cards drawn; stealing
    stays possible afterwards, but optional."""
    # dm-west-alternative, dm-villa
    seat = state.current
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


def lean_on_fence(state: DonMassivoState, pile: int) -> None:
    """The East Side alternative action of a Villa holder: the top fence of ``pile`` is thrown
    out before selling, and the next card turns up."""
    # dm-east-alternative, dm-villa
    seat = state.current
    state.east_alt = True
    card = state.fence_piles[pile].pop()
    state.fence_discard.append(card)
    state.log.add("lean on fence", f"{who(seat)} leans on the {FENCES[card].name} of Fence "
                  f"pile {pile + 1} (the Villa's East Side alternative action): it "
                  "goes to the fence discard")
    casino.turn_up(state, pile)


# -- West Side: stealing -----------------------------------------------------------------------
def send_specialist(state: DonMassivoState, card: str) -> None:
    """Before the job, a gangster from the hand goes along as a specialist."""
    # dm-specialist
    seat = state.current
    state.hand_g[seat].remove(card)
    state.specialists.append(card)


def steal(state: DonMassivoState) -> None:
    """The job: two Stooge cards drawn, then each specialist finds one of his kind; the
    specialists are discarded."""
    # dm-steal, dm-specialist
    seat = state.current
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


def find_loot(state: DonMassivoState, kind: str, name: str = "") -> str | None:
    """A specialist (``name``) turns Stooge cards over until one of his ``kind`` shows; the
    others go face up to the discard pile (narrated). None if the piles hold none of it."""
    # dm-specialist, dm-specialist-nothing
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
def pick_fence(state: DonMassivoState, pile: int) -> None:
    """The seller deals with the top fence of ``pile``: he is asked what loot to hand over."""
    # dm-sell
    state.sell_pile = pile
    state.asks.append(Prompt(state.current, rules.SELL))


def offer(state: DonMassivoState, card: str) -> None:
    """The seller lays a loot card before the fence."""
    state.offered.append(card)


def sell(state: DonMassivoState) -> None:
    """The sale: the loot laid before the fence is paid at its prices, the loot and the fence
    card are discarded, and the next card of the pile turns up (a Casino opens at once)."""
    # dm-sell, dm-casino-turns-up
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
    if check_wealth(state):
        return
    casino.turn_up(state, pile)


# -- the Bank ------------------------------------------------------------------------------------
def interest_due(state: DonMassivoState) -> bool:
    """Whether using the Bank would pay anybody: a use that pays nobody changes nothing, so
    it is not offered (RULES.md, the Bank)."""
    # dm-bank-nothing
    return any(BANK in state.tokens[s] and state.shown(s) >= INTEREST_STEP
               for s in range(state.players))


def pay_interest(state: DonMassivoState) -> None:
    """Everybody with a token at the Bank is paid at the same moment, so several players may
    reach $100,000 together (rulebook: Game end and winner)."""
    # dm-interest
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
