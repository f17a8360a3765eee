"""The Casino game, played whenever a Casino card shows on top of a Fence pile; the third one
ends the game after it is played (rulebook: Game end and winner). How the Casino game itself
is played is reconstructed (RULES.md, The Casino)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.don_massivo.actions import STAKES, Stake
from games.don_massivo.cards import LOOT_KIND, STOOGES, money_text
from games.don_massivo.money import PILE, check_wealth, end_by_most_money
from tabletop.components import SealedChoice

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState

MAX_STAKE = 5
"""The highest stake, in thousands."""
HOUSE_MONEY = 5
"""What the bank adds to every Casino pot, in thousands."""


def begin(state: DonMassivoState, pile: int) -> None:
    """Start a Casino game: every player, from the current one clockwise, stakes in secret."""
    seats = [(state.current + i) % state.players for i in range(state.players)]
    state.casino = SealedChoice(seats)
    state.casino_pile = pile
    state.step = "casino"
    state.log.add("casino opens", f"a Casino card shows on Fence pile {pile + 1}: the Casino opens")


def stake_options(state: DonMassivoState, seat: int) -> tuple[Stake, ...]:
    """Stay out, or stake $1,000-$5,000 (no more than the pile holds) on a kind of loot."""
    top = min(MAX_STAKE, state.pile(seat))
    return STAKES[: 1 + 3 * top]


def legal_stake(state: DonMassivoState) -> list[Any]:
    assert state.casino is not None
    seat = state.casino.waiting_for
    assert seat is not None
    return list(stake_options(state, seat))


def encode(stake: Stake) -> str:
    """A stake as a sealed commitment (a plain string, so snapshots stay exact)."""
    return f"{stake.amount}:{stake.kind}"


def decode(value: str) -> tuple[int, str]:
    """(amount, kind) of a sealed commitment."""
    amount, _, kind = value.partition(":")
    return int(amount), kind


def apply_stake(state: DonMassivoState, action: Stake) -> None:
    choice = state.casino
    assert choice is not None
    seat = choice.waiting_for
    assert seat is not None
    choice.commit(seat, encode(action))
    if choice.complete:
        resolve(state)


def resolve(state: DonMassivoState) -> None:
    """Open the stakes, turn over a Stooge card, pay those who named its kind."""
    assert state.casino is not None
    stakes = {s: decode(v) for s, v in state.casino.reveal().items()}
    pot = HOUSE_MONEY
    for seat, (amount, _kind) in stakes.items():
        state.money.burn(PILE[seat], amount)
        pot += amount
    kind = ""
    if state.stooges.can_draw():
        card = state.stooges.draw(state.rng)
        state.stooges.discard(card)
        kind = LOOT_KIND[card]
        state.log.add("casino card", f"the Casino turns over the {STOOGES[card].name} ({kind})")
    winners = {s: a for s, (a, k) in stakes.items() if a and k == kind}
    staked = sum(winners.values())
    for seat in sorted(winners):
        share = pot * winners[seat] // staked  # in proportion, rounded down to $1,000
        state.money.mint(PILE[seat], share)
        state.log.add("casino win", f"Player {seat + 1} wins {money_text(share)} at the Casino")
    if not winners:
        state.log.add("casino pot", f"nobody named {kind or 'the card'}: the pot of {money_text(pot)} "
                          "goes to the bank")
    pile = state.casino_pile
    state.casinos_out.append(state.fence_piles[pile].pop())
    state.casino = None
    state.casino_pile = -1
    state.step = "locations"
    if len(state.casinos_out) == 3:
        end_by_most_money(state, "the third Casino card has been played: the richest wins")
        return
    check_wealth(state)
