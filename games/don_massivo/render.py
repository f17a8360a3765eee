"""The text view of the table as one seat sees it: the board, the Fence piles, the Casino, each
player's money, display and hand size, the seat's own hand, and what is being decided.

Every line fits in 80 columns (long ones are wrapped with a hanging indent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.don_massivo.actions import LOCATIONS
from games.don_massivo.cards import STRENGTH
from games.don_massivo.casino import decode
from games.don_massivo.describe import LOCATION_USE, STEP_TEXT
from games.don_massivo.words import (
    LOCATION_NAMES,
    LOCATION_SHORT,
    count,
    fence_text,
    gangster_short,
    listing,
    loot_short,
    money_text,
    who,
)
from tabletop.narration import TABLE_WIDTH, wrap

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState


def render(state: DonMassivoState, seat: int | None) -> str:
    """The table as ``seat`` sees it (None: a spectator)."""
    if state.step == "place":
        lines = [(f"Don Massivo: placing tokens, two each, {who(state.current)} first and last "
                 f"(he begins play). First to $100,000 wins.")]
    else:
        lines = [(f"Don Massivo, turn {state.turn} (curfew after turn "
                 f"{state.options.max_turns}): {who(state.current)}'s turn. First to $100,000 "
                 "wins.")]
    if state.over:
        lines.append(f"GAME OVER: {state.end_reason}")
    lines += board_lines(state)
    lines += fence_lines(state)
    lines += casino_lines(state, seat)
    lines.append("Players (\"off display\": the money pile plus any notes added face down):")
    for s in range(state.players):
        lines += seat_lines(state, s, seat)
    if seat is not None:
        lines.append("Your hand: " + hand_text(state, seat))
    lines += turn_lines(state)
    if not state.over:
        lines.append(f"Now: {STEP_TEXT[state.step]} ({who(state.to_act)})")
    return "\n".join(part for line in lines for part in wrap(line, TABLE_WIDTH))


def board_lines(state: DonMassivoState) -> list[str]:
    """One line per location with the tokens on it."""
    out = ["The board:"]
    for loc in LOCATIONS:
        here = [s for s in range(state.players) for t in state.tokens[s] if t == loc]
        names = [who(s) + (" (2 tokens)" if here.count(s) == 2 else "")
                 for s in sorted(set(here))]
        out.append(f"  {LOCATION_SHORT[loc]} ({LOCATION_USE[loc]}): "
                   f"{', '.join(names) or 'nobody'}")
    return out


def fence_lines(state: DonMassivoState) -> list[str]:
    """The top card of each Fence pile and the piles' sizes."""
    out = [(f"Fence piles (top card, price per loot unit); Casino cards played: "
           f"{len(state.casinos_out)} of 3:")]
    for p in range(3):
        size = len(state.fence_piles[p])
        top = state.fence_top(p)
        out.append(f"  {p + 1}: {fence_text(top)}, {count(size, 'card')}" if top else
                   f"  {p + 1}: empty")
    out.append(f"Draw piles: {count(len(state.gangsters.draw_pile), 'Gangster card')} "
               f"({len(state.gangsters.discard_pile)} discarded), "
               f"{count(len(state.stooges.draw_pile), 'Stooge card')} "
               f"({len(state.stooges.discard_pile)} discarded)")
    return out


def casino_lines(state: DonMassivoState, seat: int | None) -> list[str]:
    """The open Casino: who has staked, and the seat's own stake."""
    choice = state.casino
    if choice is None:
        return []
    staked = [s for s in choice.order if choice.has_committed(s)]
    line = (f"The Casino is open (Fence pile {state.casino_pile + 1}): staked in secret: "
            f"{listing([who(s) for s in staked]) or 'nobody yet'}")
    if seat is not None and choice.has_committed(seat):
        amount, kind = decode(choice.commitments[choice.order.index(seat)])
        line += f"; your stake: {money_text(amount)} on {kind}" if amount else \
            "; you stay out"
    return [line]


def seat_lines(state: DonMassivoState, s: int, seat: int | None) -> list[str]:
    """A player's money, display and hand size (his face-down additions as he may see them)."""
    mark = ">" if s == state.to_act else " "
    name = who(s) + (" (you)" if s == seat else "")
    shown = s == seat or state.over  # at the end every hand and face-down card is shown
    money = (f"pile {money_text(state.pile(s))}" if shown
             else f"{money_text(state.pile(s) + state.down(s))} off display")
    hand = f"hand {len(state.hand_g[s])} Gangster + {len(state.hand_s[s])} Stooge cards"
    out = [(f"{mark} {name}: {money}; display {money_text(state.shown(s))} face up, defence "
           f"{state.defence(s)}; {hand}")]
    if state.show_g[s]:
        out.append("    display gangsters: " + ", ".join(gangster_short(c)
                                                         for c in state.show_g[s]))
    if state.down_g[s] or state.down(s):
        if shown:
            parts = ([money_text(state.down(s))] if state.down(s) else []) + [
                gangster_short(c) for c in state.down_g[s]]
        else:
            parts = (["notes"] if state.down(s) else []) + (
                [count(len(state.down_g[s]), "Gangster card")] if state.down_g[s] else [])
        out.append(("    face down: " if state.over else "    face down until phase 4: ")
                   + listing(parts))
    if state.over and s != seat:
        out.append("    hand: " + hand_text(state, s))
    return out


def hand_text(state: DonMassivoState, s: int) -> str:
    """The cards of ``s``'s hand, Gangster cards then Stooge cards."""
    gangsters = [gangster_short(c) for c in state.hand_g[s]]
    loot = [loot_short(c) for c in state.hand_s[s]]
    return ("Gangster cards: " + (", ".join(gangsters) or "none") + "; Stooge cards: "
            + (", ".join(loot) or "none"))


def turn_lines(state: DonMassivoState) -> list[str]:
    """What the current player has under way: locations to use, a robbery, a job, a sale."""
    if state.over:
        return []
    out = []
    if (state.step in ("move", "deal") and state.players > 2 and state.last_dealer >= 0
            and state.return_visit):
        out.append(f"No second return visit: {who(state.current)} may not pay or rob "
                   f"{who(state.last_dealer)}, who gave him this turn by a return visit")
    if state.step in ("locations", "steal", "sell_pick", "sell"):
        open_ = [LOCATION_NAMES[loc] for loc in state.usable if loc not in state.used]
        used = [LOCATION_NAMES[loc] for loc in state.used]
        out.append(f"Locations left to use this turn: {listing(open_) or 'none'}"
                   + (f" (used: {listing(used)})" if used else ""))
    if state.step == "rob":
        attack = sum(STRENGTH[c] for c in state.laid)
        laid = ", ".join(gangster_short(c) for c in state.laid) or "none yet"
        out.append(f"Robbing {who(state.target)}: laid {laid}; attack {attack} against "
                   f"display defence {state.defence(state.target)}")
    if state.step == "defend":
        attack = sum(STRENGTH[c] for c in state.laid)
        guard = sum(STRENGTH[c] for c in state.guard)
        out.append(f"{who(state.current)} robs {who(state.target)}: attack {attack} against "
                   f"display defence {state.defence(state.target)} + {guard} from the hand")
    if state.step == "steal" and state.specialists:
        out.append("Specialists sent: " + ", ".join(gangster_short(c)
                                                    for c in state.specialists))
    if state.step == "sell":
        offered = ", ".join(loot_short(c) for c in state.offered) or "nothing yet"
        out.append(f"Selling to the {fence_text(state.fence_top(state.sell_pile))}: handed "
                   f"over {offered}")
    return out
