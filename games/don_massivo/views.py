"""What each seat may know and see: its observation, determinization (everything it cannot
see drawn anew), perturbation, and the text view of the table (every line fits in 80
columns; long ones are wrapped with a hanging indent). The words are in ``words.py``.

Hidden (rulebook: Hints and further rules): the kinds of the cards in a hand (their numbers
are public), the Stooge and Fence piles, and what lies face down in a display until phase 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.hidden import mix, redeal
from tabletop.narration import TABLE_WIDTH, wrap
from tabletop.rng import Rng

from . import casino
from .actions import LOCATIONS
from .cards import CASINO_IDS, FENCES_PER_PILE, SAFE_TOP, STRENGTH
from .money import DOWN, PILE
from .words import (
    LOCATION_NAMES,
    LOCATION_SHORT,
    LOCATION_USE,
    STEP_TEXT,
    count,
    fence_text,
    gangster_short,
    listing,
    loot_short,
    money_text,
    who,
)

if TYPE_CHECKING:
    from .state import DonMassivoState


# -- observation -----------------------------------------------------------------------------
def observation(state: DonMassivoState, seat: int | None) -> dict[str, Any]:
    """Public table plus the seat's own hand and money pile."""
    seats = []
    for s in range(state.players):
        entry: dict[str, Any] = {
            "tokens": list(state.tokens[s]),
            "display_money": state.shown(s),
            "display_gangsters": list(state.show_g[s]),
            # dm-face-down-hidden, dm-hand-counts-public: what lies face down and what a hand
            # holds, counted, not shown
            "facedown_gangsters": len(state.down_g[s]),
            "facedown_notes": state.down(s) > 0,
            "hand_gangsters": len(state.hand_g[s]),
            "hand_stooges": len(state.hand_s[s]),
        }
        if s == seat or state.over:  # at the end everything is shown
            entry["pile"] = state.pile(s)
            entry["facedown_money"] = state.down(s)
            entry["facedown_cards"] = list(state.down_g[s])
        if s != seat:
            entry["money_off_display"] = state.pile(s) + state.down(s)
        if s != seat and state.over:
            entry["hand"] = {"gangsters": list(state.hand_g[s]), "stooges": list(state.hand_s[s])}
        seats.append(entry)
    out: dict[str, Any] = {
        "seat": seat, "step": state.step, "turn": state.turn, "current": state.current,
        "to_act": state.to_act, "seats": seats,
        "fence_tops": [state.fence_top(p) for p in range(3)],
        "fence_sizes": [len(p) for p in state.fence_piles],
        "fence_discard": list(state.fence_discard), "casinos_out": list(state.casinos_out),
        "gangster_deck": len(state.gangsters.draw_pile),  # dm-piles-hidden
        "gangster_discard": list(state.gangsters.discard_pile),
        "stooge_deck": len(state.stooges.draw_pile),
        "stooge_discard": list(state.stooges.discard_pile),
        "place_queue": list(state.place_queue), "moved": state.moved, "target": state.target,
        "deal": state.deal, "usable": list(state.usable), "used": list(state.used),
        "west_alt": state.west_alt, "east_alt": state.east_alt, "laid": list(state.laid),
        "guard": list(state.guard), "return_visit": state.return_visit,
        "specialists": list(state.specialists), "sell_pile": state.sell_pile,
        "offered": list(state.offered),
        "turned_up": list(state.turned_up),
        "casino": None if state.casino is None else state.casino.view(seat),
        "facedown_queue": list(state.facedown_queue), "over": state.over,
        "winners": list(state.winners), "end_reason": state.end_reason,
        "events": state.log.view(seat),
    }
    if seat is not None:
        out["hand"] = {"gangsters": list(state.hand_g[seat]),
                       "stooges": list(state.hand_s[seat])}
    return out


# -- determinization -----------------------------------------------------------------------------
def determinize(state: DonMassivoState, seat: int | None, rng: Rng) -> DonMassivoState:
    """A copy in which the others' hands and face-down cards, the draw piles, the hidden part
    of the Fence piles, others' face-down amounts and sealed stakes are drawn anew."""
    return resample(state, seat, rng, shuffle=True)


def position(state: DonMassivoState, seat: int | None, rng: Rng) -> DonMassivoState:
    """:func:`determinize` for an agent that only reads the position (the heuristic bot):
    the Gangster and Stooge cards the seat cannot see and the hidden part of the Fence piles
    are put in sorted order instead of shuffled, and ``rng`` skips as the shuffles would, so
    it is left where :func:`determinize` leaves it. The others' hidden cards are dealt from
    the sorted pools: a fixed order that tells nothing, but not a fair draw, so this is only
    for a reader that never reads another seat's hidden cards (the heuristic reads their
    counts, what lies face up and their money totals) nor a pile's order (it reads the Fence
    tops, which are face up). Face-down amounts and sealed stakes are drawn as in
    :func:`determinize`."""
    return resample(state, seat, rng, shuffle=False)


def resample(state: DonMassivoState, seat: int | None, rng: Rng,
             shuffle: bool) -> DonMassivoState:
    """A copy with what ``seat`` cannot see drawn anew, the cards shuffled (``shuffle``) or
    put in sorted order (:func:`tabletop.hidden.redeal`)."""
    copy = state.clone()
    # at the end every hand and face-down card is shown: only the piles' order stays hidden
    others = [] if state.over else [s for s in range(state.players) if s != seat]
    # Gangster cards the seat cannot see, then Stooge cards.
    zones = [zone for s in others for zone in (copy.hand_g[s], copy.down_g[s])]
    copy.gangsters.draw_pile[:] = redeal(rng, zones, copy.gangsters.draw_pile, shuffle)
    # Loot laid on the table for a sale is seen by all: it stays in its seller's hand.
    offered = set(copy.offered)
    unseen = [[c for c in copy.hand_s[s] if c not in offered] for s in others]
    copy.stooges.draw_pile[:] = redeal(rng, unseen, copy.stooges.draw_pile, shuffle)
    for s, cards in zip(others, unseen, strict=True):
        copy.hand_s[s][:] = [c for c in copy.hand_s[s] if c in offered] + cards
    # The Fence piles below their face-up tops; each unplayed Casino stays in its own pile,
    # never among the top four cards the pile started with.
    hidden = [p[:-1] for p in copy.fence_piles]
    pool = [c for h in hidden for c in h if c not in CASINO_IDS]
    mix(rng, pool, shuffle)
    at = 0
    for p, cards in enumerate(copy.fence_piles):
        if not cards:
            continue
        casinos = [c for c in hidden[p] if c in CASINO_IDS]
        n = len(hidden[p]) - len(casinos)
        part = pool[at:at + n]
        at += n
        if casinos:
            size = len(cards)
            removed = FENCES_PER_PILE + 1 - size
            lowest = max(1, SAFE_TOP - removed)  # depth below the top card
            depth = lowest + rng.below(size - lowest)
            part.insert(size - 1 - depth, casinos[0])
        cards[:-1] = part
    # Face-down notes of the others: only the total off the display is known.
    for s in others:
        notes = copy.down(s)
        if notes:
            total = notes + copy.pile(s)
            new = 1 + rng.below(total)
            copy.money.holdings[DOWN[s]] = new
            copy.money.holdings[PILE[s]] = total - new
    # Sealed Casino stakes of the others.
    choice = copy.casino
    if choice is not None and not choice.revealed:
        for i, s in enumerate(choice.order):
            if s != seat and choice.commitments[i] is not None:
                choice.commitments[i] = casino.encode(rng.choice(casino.stake_options(copy, s)))
    copy.rng = rng.fork("determinize")
    return copy


# -- perturbation ----------------------------------------------------------------------------------
def perturb(state: DonMassivoState, seat: int | None, rng: Rng) -> DonMassivoState | None:
    """One hidden card swapped with one of a draw pile (see ``DonMassivoState.perturb``);
    None at the end, when no hand or display hides anything."""
    if state.over:
        return None
    copy = state.clone()
    others = [s for s in range(state.players) if s != seat]
    zones = [z for s in others for z in (copy.hand_g[s], copy.down_g[s]) if z]
    if zones and copy.gangsters.draw_pile:
        zone = zones[rng.below(len(zones))]
        pile = copy.gangsters.draw_pile
    else:
        offered = set(copy.offered)
        zones = [h for s in others for h in (copy.hand_s[s],)
                 if any(c not in offered for c in h)]
        if not zones or not copy.stooges.draw_pile:
            return None
        zone = zones[rng.below(len(zones))]
        pile = copy.stooges.draw_pile
        i = rng.choice([n for n, c in enumerate(zone) if c not in offered])
        j = rng.below(len(pile))
        zone[i], pile[j] = pile[j], zone[i]
        return copy
    i, j = rng.below(len(zone)), rng.below(len(pile))
    zone[i], pile[j] = pile[j], zone[i]
    return copy


# -- the table as text ----------------------------------------------------------------------------
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
        amount, kind = casino.decode(choice.commitments[choice.order.index(seat)])
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
