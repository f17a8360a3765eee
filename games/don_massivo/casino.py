"""The Casino game, played whenever a Casino card shows on top of a Fence pile; the third one
ends the game after it is played (rulebook: Game end and winner). How the Casino game itself
is played is reconstructed (RULES.md, The Casino)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components import Prompt, SealedChoice

from . import rules
from .actions import STAKES, Stake
from .cards import CASINO_IDS, LOOT_KIND
from .draws import draw
from .money import PILE, check_wealth, end_by_most_money
from .rules import HOUSE_MONEY, MAX_STAKE
from .words import count, fence_text, listing, loot_text, money_text, who

if TYPE_CHECKING:
    from .state import DonMassivoState

def turn_up(state: DonMassivoState, pile: int) -> None:
    """A new top card shows on a Fence pile: a Casino card starts a Casino game at once."""
    # dm-casino-turns-up
    if state.fence_top(pile) in CASINO_IDS:
        begin(state, pile)
    else:
        announce_top(state, pile)


def announce_top(state: DonMassivoState, pile: int) -> None:
    """Say which fence now lies on top of ``pile``."""
    top = state.fence_top(pile)
    if top is None:
        state.log.add("fence turned up", f"Fence pile {pile + 1} is empty now")
    else:
        state.log.add("fence turned up", f"Fence pile {pile + 1} now shows the "
                      f"{fence_text(top)}, {count(len(state.fence_piles[pile]), 'card')} in it")


def begin(state: DonMassivoState, pile: int) -> None:
    """Start a Casino game: every player, from the current one clockwise, stakes in secret
    (one question, asked of each seat in turn)."""
    # dm-casino-game, dm-stakes-sealed
    seats = [(state.current + i) % state.players for i in range(state.players)]
    state.casino = SealedChoice(seats)
    state.casino_pile = pile
    state.asks.append(Prompt(state.current, rules.CASINO))
    number = len(state.casinos_out) + 1
    last = "; it is the third, so the game ends after it" if number == 3 else ""
    state.log.add("casino opens", f"A Casino card shows on top of Fence pile {pile + 1}: the "
                  f"Casino opens (Casino card {number} of 3{last}). Every player stakes $0 to "
                  f"{money_text(MAX_STAKE)} in secret on a kind of loot; the bank adds "
                  f"{money_text(HOUSE_MONEY)} to the pot")


def stake_options(state: DonMassivoState, seat: int) -> tuple[Stake, ...]:
    """Stay out, or stake $1,000-$5,000 (no more than the pile holds) on a kind of loot."""
    # dm-casino-game
    top = min(MAX_STAKE, state.pile(seat))
    return STAKES[: 1 + 3 * top]


def staking_seat(state: DonMassivoState) -> int:
    """The seat whose sealed stake the Casino waits for."""
    assert state.casino is not None
    seat = state.casino.waiting_for
    assert seat is not None
    return seat


def last_to_stake(state: DonMassivoState) -> bool:
    """Whether the seat to stake now is the last one of the Casino game."""
    assert state.casino is not None
    return state.casino.commitments.count(None) == 1


def encode(stake: Stake) -> str:
    """A stake as a sealed commitment (a plain string, so snapshots stay exact)."""
    return f"{stake.amount}:{stake.kind}"


def decode(value: str) -> tuple[int, str]:
    """(amount, kind) of a sealed commitment."""
    amount, _, kind = value.partition(":")
    return int(amount), kind


def stake(state: DonMassivoState, action: Stake) -> None:
    """A sealed stake; the last one opens them all and the Casino game is played."""
    choice = state.casino
    assert choice is not None
    seat = choice.waiting_for
    assert seat is not None
    choice.commit(seat, encode(action))
    if choice.complete:
        resolve(state)


def resolve(state: DonMassivoState) -> None:
    """Open the stakes, turn over a Stooge card, pay those who named its kind."""
    # dm-casino-game, dm-casino-pot, dm-third-casino
    assert state.casino is not None
    stakes = {s: decode(v) for s, v in state.casino.reveal().items()}
    pot = HOUSE_MONEY
    said = []
    for seat, (amount, kind) in stakes.items():
        state.money.burn(PILE[seat], amount)
        pot += amount
        said.append(f"{who(seat)} {money_text(amount)} on {kind}" if amount
                    else f"{who(seat)} stays out")
    state.log.add("casino stakes", f"The Casino stakes open: {'; '.join(said)}. The pot is "
                  f"{money_text(pot)}, the bank's {money_text(HOUSE_MONEY)} included")
    kind = ""
    card = draw(state, state.stooges, "Stooge")
    if card is None:
        state.log.add("casino card", "No Stooge card is left to turn over: nobody wins")
    else:
        state.stooges.discard(card)
        state.turned_up.append(card)
        kind = LOOT_KIND[card]
        state.log.add("casino card", f"The Casino turns over the top Stooge card: "
                      f"{loot_text(card)}, so {kind} wins")
    winners = {s: a for s, (a, k) in stakes.items() if a and k == kind}
    staked = sum(winners.values())
    paid = 0
    shares = []
    for seat in sorted(winners):
        share = pot * winners[seat] // staked  # in proportion, rounded down to $1,000
        paid += share
        state.money.mint(PILE[seat], share)
        shares.append(f"{who(seat)} {money_text(share)} (staked {money_text(winners[seat])})")
    if not winners:
        state.log.add("casino pot", f"Nobody staked on {kind or 'a kind'}: the pot of "
                      f"{money_text(pot)} goes to the bank")
    else:
        state.log.add("casino win", f"The {money_text(pot)} pot is shared in proportion to the "
                      f"{money_text(staked)} staked on {kind}: {listing(shares)}")
    if winners and pot > paid:
        state.log.add("casino pot", f"{money_text(pot - paid)} of the pot, left by rounding "
                      "the shares down, goes to the bank")
    pile = state.casino_pile
    state.casinos_out.append(state.fence_piles[pile].pop())
    state.casino = None
    state.casino_pile = -1
    if len(state.casinos_out) == 3:
        end_by_most_money(state, "the third Casino card has been played, so the richest player "
                          "wins")
        return
    if check_wealth(state):
        return
    state.log.add("casino closes", f"The Casino card is set aside ({len(state.casinos_out)} of "
                  "3 played)")
    announce_top(state, pile)
