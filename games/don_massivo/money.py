"""Money on the table and the end of the game by wealth.

Amounts are thousands of dollars. Holders of the money :class:`~tabletop.components.Supply`:
``pile:<seat>``, ``show:<seat>`` (face up in the display), ``down:<seat>`` (face down in the
display until phase 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import WIN_AMOUNT
from .words import gangster_short, listing, loot_short, money_text, who

if TYPE_CHECKING:
    from .state import DonMassivoState

# dm-display, dm-thousands: a pile, and a display face up and face down, in thousands
PILE = tuple(f"pile:{s}" for s in range(5))
SHOW = tuple(f"show:{s}" for s in range(5))
DOWN = tuple(f"down:{s}" for s in range(5))


SCORES_ARE = "scores: each player's money in thousands of dollars, display included"
"""What the numbers of a result are (said in every end reason)."""


def end_game(state: DonMassivoState, winners: list[int], reason: str, detail: str = "") -> None:
    """Stop the game with ``winners`` sharing the victory. ``reason`` is the same words for
    every game that ends this way (statistics count endings by it); ``detail`` adds this
    game's numbers to the narration."""
    # dm-win-several
    state.over = True
    state.winners = sorted(winners)
    state.end_reason = f"{reason}; {SCORES_ARE}"
    totals = "; ".join(f"{who(s)} {money_text(state.total(s))}" for s in range(state.players))
    state.log.add("game over", f"The game is over: {detail or reason}. Money, pile and display "
                  f"together: {totals}")
    show_hidden(state)


def show_hidden(state: DonMassivoState) -> None:
    """Once the game is over nothing hidden decides anything: every player shows his hand,
    what lay face down in his display and what his money pile holds (one public event each)."""
    # dm-end-shown
    for s in range(state.players):
        gangsters = ", ".join(gangster_short(c) for c in state.hand_g[s]) or "none"
        loot = ", ".join(loot_short(c) for c in state.hand_s[s]) or "none"
        down = ([money_text(state.down(s))] if state.down(s) else []) + [
            gangster_short(c) for c in state.down_g[s]]
        state.log.add("hidden shown", f"{who(s)} shows what was hidden: in his hand Gangster "
                      f"cards {gangsters} and Stooge cards {loot}; face down in his display "
                      f"{listing(down) or 'nothing'}; his money pile {money_text(state.pile(s))}")


def richest(state: DonMassivoState, seats: list[int]) -> list[int]:
    """The seats of ``seats`` possessing the most money (all of them on a tie)."""
    best = max(state.total(s) for s in seats)
    return [s for s in seats if state.total(s) == best]


def check_wealth(state: DonMassivoState) -> bool:
    """End the game if anyone possesses $100,000 or more, display included; with several at
    once the one with most money wins (rulebook: Game end and winner). True if it ended."""
    # dm-win-100000, dm-win-several
    if state.over:
        return True
    rich = [s for s in range(state.players) if state.total(s) >= WIN_AMOUNT]
    if not rich:
        return False
    winners = richest(state, rich)
    named = listing([f"{who(s)} {money_text(state.total(s))}" for s in rich])
    if len(rich) == 1:
        end_game(state, winners, "a player reaches $100,000",
                 f"{who(rich[0])} reaches $100,000 (he possesses "
                 f"{money_text(state.total(rich[0]))})")
    else:
        end_game(state, winners, "several players reach $100,000 at once: the richest wins",
                 f"several players reach $100,000 at once ({named}), so the richest wins")
    return True


def end_by_most_money(state: DonMassivoState, reason: str, detail: str = "") -> None:
    """End the game; whoever holds the most money, display included, wins."""
    end_game(state, richest(state, list(range(state.players))), reason, detail)
