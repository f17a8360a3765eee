"""What each seat sees: the observation, determinization and the text view of the table.

Hidden: Muscle hands and sealed picks, Thug cards in hand, the decks' order, and every
Mobster's money except one's own (all of it is announced at the end of rounds 4 and 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label
from tabletop.narration import TABLE_WIDTH, wrap
from tabletop.rng import Rng

from . import board, selling, words
from .board import DOCK_NAMES
from .cards import (
    ALL_CARD_IDS,
    CARDS,
    MUSCLE_COST,
    SPEAKEASIES,
    SUBDECKS,
    TRUCK_BY_NAME,
    key_of,
)

if TYPE_CHECKING:
    from .state import BootleggersState

# -- observation -----------------------------------------------------------------------------
# bl-hidden
def observation(s: BootleggersState, seat: int | None) -> dict[str, Any]:
    """A JSON-safe view holding only what ``seat`` may see."""
    top = s.decisions.top
    return {
        "round": s.round_no,
        "step": s.step,
        "to_act": s.to_act,
        "queue": list(s.queue),
        "prompt": None if top is None else {"seat": top.seat, "kind": top.kind,
                                            "data": {k: v for k, v in top.data}},
        "sealed": s.sealed.view(seat),
        "shown": list(s.shown), "bonus": list(s.bonus), "order": list(s.order),
        "muscle_played": [list(h) for h in s.muscle_played],
        "muscle_hand": None if seat is None else list(s.muscle_hands[seat]),
        "muscle_hand_sizes": [len(h) for h in s.muscle_hands],
        "money": None if seat is None else s.cash(seat),
        "final_money": [s.cash(p) for p in range(s.players)] if s.finished else None,
        # at the end every hand is shown: it decides nothing any more
        "final_thugs": [list(h) for h in s.hands] if s.finished else None,
        "final_muscle": [sorted(h) for h in s.muscle_hands] if s.finished else None,
        "announced": list(s.announced), "announced_round": s.announced_round,
        "thugs": None if seat is None else list(s.hands[seat]),
        "thug_counts": [len(h) for h in s.hands],
        "union_boss": list(s.union),
        "pending_card": s.pending_card,
        "pending_play": None if s.pending_play is None else {
            "card": s.pending_play.card, "target": s.pending_play.target,
            "arg": s.pending_play.arg, "arg2": s.pending_play.arg2},
        "offers": list(s.offers), "truck_offer": s.truck_offer,
        "deck_size": len(s.deck.draw_pile), "discards": list(s.deck.discard_pile),
        "truck_deck_size": len(s.truck_deck.draw_pile),
        "truck_discards": list(s.truck_deck.discard_pile),
        "influence": [list(r) for r in s.influence], "improvements": list(s.improvements),
        "back_influence": list(s.back_influence), "locked": list(s.locked),
        "back_dice": list(s.back_dice), "back_impr": list(s.back_impr),
        "family": list(s.family), "remote_owner": list(s.remote_owner),
        "remote_dice": list(s.remote_dice), "crates": list(s.crates),
        "warehouse": list(s.warehouse), "warehouse_on": list(s.warehouse_on),
        "trucks": [[t.id, t.capacity, t.owner, t.renter, t.cargo, t.speakeasy, t.dock, t.seq,
                    t.favor, t.pigeon] for t in s.trucks],
        "copper": s.copper, "last_rolls": [list(r) for r in s.last_rolls],
        "proposals_left": list(s.proposals_left), "refused_deals": list(s.refused),
        "effects": {"busted": list(s.busted), "coppered": list(s.coppered),
                    "profit_bonus": list(s.profit_bonus), "extra_dice": list(s.extra_dice),
                    "payoff": list(s.payoff), "packing": list(s.packing),
                    "idle_stills": list(s.idle_stills)},
        "selling": {"queue": list(s.sell_queue), "at": s.selling_at, "demand": s.demand,
                    "sold": s.sold, "public_line": list(s.public_line),
                    "roll": list(s.demand_roll)},
        "over": s.finished,
        "events": s.log.view(seat),
    }


# -- determinization -------------------------------------------------------------------------
_IS_THUG = {cid: CARDS[key_of(cid)].kind == "thug" for cid in ALL_CARD_IDS}


# bl-determinize
def determinize(s: BootleggersState, seat: int | None, rng: Rng) -> BootleggersState:
    """A copy with everything ``seat`` cannot see resampled: other Muscle hands (per
    sub-deck, keeping counts), unrevealed sealed picks, other Thug hands, deck orders and
    the dice to come. Money is not resampled: every change of it happens in the open."""
    c = s.clone()
    q = Rng(rng.next_u64())
    if s.finished:  # every hand is shown at the end: nothing is left to guess
        c.rng = Rng(q.below(1 << 62))
        return c
    others = [p for p in range(s.players) if p != seat]
    mine = set(s.muscle_hands[seat]) if seat is not None else set()
    shown = {n for h in s.muscle_played for n in h}
    # Muscle hands: per sub-deck, from the cards nobody has shown and the seat does not hold
    # (cards dealt to nobody are out of the game, so they are candidates too).
    for first, last in SUBDECKS:
        need = [(p, sum(1 for n in s.muscle_hands[p] if first <= n <= last)) for p in others]
        pool = [n for n in range(first, last + 1) if n not in mine and n not in shown]
        total = sum(k for _, k in need)
        for i in range(total):  # partial Fisher-Yates: only the cards handed out
            j = i + q.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        pos = 0
        for p, k in need:
            c.muscle_hands[p] = [n for n in c.muscle_hands[p] if not first <= n <= last]
            c.muscle_hands[p] += pool[pos:pos + k]
            pos += k
    for p in others:
        c.muscle_hands[p].sort()
    if not c.sealed.revealed:
        for idx, p in enumerate(c.sealed.order):
            if p in others and c.sealed.commitments[idx] is not None:
                hand = c.muscle_hands[p]
                c.sealed.commitments[idx] = hand[q.below(len(hand))]
    # Thug hands and the Men of Action draw pile.
    hidden = list(c.deck.draw_pile)
    for p in others:
        hidden += c.hands[p]
    thug_pool = [x for x in hidden if _IS_THUG[x]]
    q.shuffle(thug_pool)
    pos = 0
    for p in others:
        k = len(c.hands[p])
        c.hands[p] = thug_pool[pos:pos + k]
        pos += k
    rest = [x for x in hidden if not _IS_THUG[x]] + thug_pool[pos:]
    q.shuffle(rest)
    c.deck.draw_pile = rest
    c.truck_deck.draw_pile = list(c.truck_deck.draw_pile)
    q.shuffle(c.truck_deck.draw_pile)
    c.rng = Rng(q.below(1 << 62))
    return c


# -- the table in words ------------------------------------------------------------------------
def _speakeasy_lines(s: BootleggersState, i: int) -> list[str]:
    """A Speakeasy: open or not, its men, prices, improvements, holder and the trucks there."""
    d = SPEAKEASIES[i]
    head = f"  {i + 1}. {d.name}"
    if d.unlimited:
        state = "busted by the G-Men this round" if s.busted[i] else "always open"
        lines = [f"{head}: {state}, buys every crate at $1G, no profit"]
    else:
        state = "open" if board.is_open(s, i) else "closed"
        if s.busted[i]:
            state += ", busted by the G-Men this round"
        lines = [(f"{head}: {state}, men {sum(s.influence[i])}/{d.circles} (opens at "
                 f"{d.shaded}), {words.money(d.wholesale(s.players))} + "
                 f"{words.money(d.profit(s.players))} profit, improvements "
                 f"{s.improvements[i]}/{d.squares}")]
        men = [f"{n} of {seat_label(p)}" for p, n in enumerate(s.influence[i]) if n]
        if men:
            who, ctl = board.holder(s, i)
            hold = ("nobody holds Majority" if who < 0 else
                    f"{seat_label(who)} {'controls it' if ctl else 'holds Majority'}")
            if s.payoff[i] >= 0:
                hold += " (Big Payoff)"
            # indented 6, not 7 (the hang of a wrapped "  4. " line): a detail line, which a
            # narrower screen must not take for the rest of the line above
            lines.append(f"      men: {', '.join(men)} - {hold}")
    effects = _speakeasy_effects(s, i)
    if effects:
        lines.append(f"      this round: {effects}")
    for dock in sorted(DOCK_NAMES, reverse=True):
        parked = [t for t in selling.line(s, i) if t.dock == dock]
        if dock and parked:
            lines.append(f"      {words.dock(dock)}: " + ", ".join(
                words.owned_truck(t, True) for t in parked))
    return lines


def _speakeasy_effects(s: BootleggersState, i: int) -> str:
    out = []
    if s.coppered[i]:
        out.append("Copper in the House (buys all at $1G, no profit)")
    if s.profit_bonus[i]:
        out.append(f"Word of Mouth (+{words.money(s.profit_bonus[i])} profit)")
    if s.extra_dice[i]:
        out.append(f"Thirsty (+{words.dice(s.extra_dice[i])} of demand)")
    if s.packing[i] >= 0:
        out.append(f"Packing Heat ($1G a crate for all but {seat_label(s.packing[i])})")
    if s.selling_at == i and s.demand_roll:
        out.append(f"demand {'+'.join(map(str, s.demand_roll))}, "
                   f"{words.crates(s.demand)} still wanted")
    return "; ".join(out)


def _money(s: BootleggersState, p: int, seat: int | None) -> str:
    if p == seat or s.finished:  # at the end the money is counted in the open
        return words.money(s.cash(p))
    if s.announced[p] >= 0:
        return (f"money hidden (announced {words.money(s.announced[p])} at the end of round "
                f"{s.announced_round})")
    return "money hidden"


def _muscle_shown(s: BootleggersState, p: int) -> str:
    if s.shown[p]:
        bonus = f" + {s.bonus[p]} Big City Boys" if s.bonus[p] else ""
        return f"Muscle {s.shown[p]}{bonus}"
    return "Muscle card laid face down" if s.sealed.has_committed(p) else "no Muscle card yet"


def _seat_lines(s: BootleggersState, p: int, seat: int | None) -> list[str]:
    """A Mobster: money, Muscle, Thug cards, stills, Back Room and trucks (a count of zero
    is left out: "Back Room: 2 men" holds no crates, dice nor improvements)."""
    hand = s.hands[p]
    if (p == seat or s.finished) and hand:  # at the end every hand is shown
        thugs = "Thug cards: " + ", ".join(words.card(c) for c in hand)
    else:
        thugs = f"{len(hand) or 'no'} Thug card{'' if len(hand) == 1 else 's'}"
    you = " (you)" if p == seat else ""
    muscle = s.muscle_hands[p]
    held = f"{len(muscle) or 'no'} Muscle card{'' if len(muscle) == 1 else 's'} in hand"
    if s.finished and muscle and p != seat:
        held += f" ({', '.join(map(str, sorted(muscle)))})"
    first = f"{seat_label(p)}{you}: {_money(s, p, seat)}; {_muscle_shown(s, p)}; {thugs}; {held}"
    stills = [f"Family Still with {words.dice(s.family[p])}"
              + (" (the Copper watches it)" if s.copper == p else "")]
    stills += [f"Remote Still {r + 1} with {words.dice(s.remote_dice[r])}"
               for r, o in enumerate(s.remote_owner) if o == p]
    idle = [c for c in s.idle_stills if c == p or (c >= 100 and s.remote_owner[c - 100] == p)]
    if idle:
        stills.append(f"{len(idle)} idle this round (Vigorish)")
    room = [words.men(s.back_influence[p])
            + (f" ({s.locked[p]} home until next round)" if s.locked[p] else "")
            if s.back_influence[p] else "",
            words.crates(s.crates[p]) if s.crates[p] else "",
            words.dice(s.back_dice[p]) if s.back_dice[p] else "",
            (f"{s.back_impr[p]} Speakeasy Improvement{'s' if s.back_impr[p] > 1 else ''}"
             if s.back_impr[p] else "")]
    back = "Back Room: " + (", ".join(part for part in room if part) or "empty")
    extras = []
    if s.union[p]:
        extras.append("Friendly Union Boss displayed (no graft)")
    if s.warehouse_on[p] or s.warehouse[p]:
        extras.append(f"Warehouse ({words.crates(s.warehouse[p])} kept)")
    trucks = [_truck_words(s, t) for t in s.trucks if t.owner == p]
    trucks += [f"{words.owned_truck(t)} ({words.crates(t.cargo)})" for t in s.trucks
               if t.renter == p]
    return [first, "    " + "; ".join([", ".join(stills), back, *extras,
                                           "trucks: " + (", ".join(trucks) or "none")])]


def _truck_words(s: BootleggersState, t: Any) -> str:
    text = words.truck(t)
    parts = [words.crates(t.cargo)] if t.cargo or t.speakeasy >= 0 else []
    if t.favor:
        parts.append("a Favor, this round only")
    if t.renter >= 0:
        parts.append(f"rented to {seat_label(t.renter)}")
    if t.speakeasy >= 0:
        parts.append(f"at the {words.dock(t.dock)} of {words.speakeasy(t.speakeasy)}")
    return text + (f" ({', '.join(parts)})" if parts else "")


def muscle_hand(hand: list[int]) -> str:
    """A Muscle hand grouped by what the cards cost: ``$0G: 2, 7; $3G: 46``."""
    costs = sorted({MUSCLE_COST[n] for n in hand})
    return "; ".join(f"{words.money(c)}: " + ", ".join(str(n) for n in hand
                                                      if MUSCLE_COST[n] == c) for c in costs)


PHASE_OF_STEP = {
    "muscle": "Phase 1, Muscle: everyone lays a Muscle card face down",
    "offers": "Phase 1, Muscle: payroll and offers, in Muscle order",
    "influence": "Phase 2, Send in the Boys: placing men",
    "production": "Phase 3, Fire up the Still: last Thug cards before the dice",
    "deals": "Phase 4, Run the Whiskey: deals", "loading": "Phase 4, Run the Whiskey: loading",
    "loaded": "Phase 4, Run the Whiskey: Thug cards on loaded trucks",
    "shipping": "Phase 4, Run the Whiskey: sending trucks to the docks",
    "lined_up": "Phase 4, Run the Whiskey: Thug cards with the trucks at the docks",
    "selling": "Phase 5, What's the Password?: selling", "over": "the game is over",
}


def render(s: BootleggersState, seat: int | None) -> str:
    """The table as ``seat`` sees it, every line at most 80 columns (:data:`TABLE_WIDTH`)."""
    lines = [f"Bootleggers - round {s.round_no} of {s.last_round} - {PHASE_OF_STEP[s.step]}"]
    notes = []
    if s.copper >= 0:
        notes.append(f"The Copper watches {seat_label(s.copper)}'s Family Still.")
    if s.sealed.revealed:
        notes.append("Muscle order: " + ", ".join(
            f"{seat_label(p)} ({s.muscle(p)})" for p in s.order) + ".")
    if notes:
        lines.append(" ".join(notes))
    lines.append("Speakeasies (price paid a crate + profit a crate to the Mobster in control; "
                 "improvements):")
    for i in range(s.speakeasy_count):
        lines += _speakeasy_lines(s, i)
    offers = ", ".join(f"{k + 1}. {words.card(c)}" for k, c in enumerate(s.offers) if c)
    truck = "no Truck card"
    if s.truck_offer:
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        truck = (f"the {size.name} card ({words.money(size.price)}, graft "
                 f"{words.money(size.graft)} a round)")
    lines.append(f"On offer: {truck}; Men of Action: {offers or 'none'} "
                 f"({len(s.deck.draw_pile)} in the deck)")
    for p in range(s.players):
        lines += _seat_lines(s, p, seat)
    if seat is not None:
        lines.append("Your Muscle hand, by cost: " + muscle_hand(s.muscle_hands[seat]))
    question = words.question(s)
    if question:
        lines.append(f"Waiting for {question}.")
    return "\n".join(part for line in lines for part in wrap(line, TABLE_WIDTH))
