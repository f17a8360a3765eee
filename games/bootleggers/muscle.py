"""Phase 1 (Muscle: sealed picks, Driver Graft, offers and the cards they redeem), Phase 3
(production and the Copper) and Phase 6 (the influence bonus of rounds 4 and 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components import ranked
from tabletop.engine import seat_label

from . import words
from .actions import (
    CHOOSE_REMOTE,
    PICKS,
    TAKE_OFFER,
    ChooseRemote,
    PlaceDie,
    PlaceImprovement,
)
from .board import (
    CRATES,
    IMPROVEMENT_MARKERS,
    INFLUENCE_PER_COLOUR,
    REMOTE_BOARDS,
    STILL_SQUARES,
    Truck,
)
from .cards import (
    CARDS,
    MUSCLE_COST,
    SPEAKEASIES,
    TRUCK_BY_NAME,
    TRUCKS,
    key_of,
)

if TYPE_CHECKING:
    from tabletop.components import Prompt

    from .state import BootleggersState

# -- sealed picks and the reveal -------------------------------------------------------------
def pick_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Lay any Muscle card of your hand face down."""
    return [PICKS[c] for c in s.muscle_hands[seat]]


def pick(s: BootleggersState, seat: int, card: int) -> None:
    """Commit the sealed pick (the card stays in hand, hidden, until the reveal)."""
    s.sealed.commit(seat, card)


# bl-sealed-muscle, bl-muscle-discard
def reveal(s: BootleggersState) -> None:
    """All Muscle cards are turned up at once; they fix the order of the round."""
    for seat, card in s.sealed.reveal().items():
        s.muscle_hands[seat].remove(card)
        s.muscle_played[seat].append(card)
        s.shown[seat] = card
    s.log.add("muscle reveal", "Muscle cards turned up: " + ", ".join(
        f"{seat_label(p)} {words.muscle(s.shown[p])}" for p in range(s.players)) + ".")
    reorder(s)


# bl-muscle-order
def reorder(s: BootleggersState, why: str = "highest Muscle first") -> None:
    """Muscle order: highest shown Muscle (Big City Boys included) first; narrated with
    ``why`` it was set."""
    s.order = ranked(range(s.players), key=s.muscle_rank)
    totals = [s.muscle(p) for p in range(s.players)]
    tie = ""
    if len(set(totals)) < len(totals):
        tie = "; equal Muscle: the higher printed card goes first"
    s.log.add("turn order", f"Order this round ({why}{tie}): " + ", ".join(
        f"{seat_label(p)} ({s.muscle(p)})" for p in s.order) + ".")


# bl-payroll
def pay_for_muscle(s: BootleggersState, seat: int) -> int:
    """Phase 1 step 5a: Driver Graft plus the Muscle card's cost, paying what he can."""
    s.paid[seat] = True
    due_graft, cost = graft(s, seat), MUSCLE_COST[s.shown[seat]]
    owed = due_graft + cost
    paid = s.money.pay_what_you_can_to_bank(f"seat:{seat}", owed)
    parts = [f"Driver Graft {words.money(due_graft)} ({graft_reason(s, seat)})",
             f"{words.money(cost)} for Muscle {s.shown[seat]}"]
    text = f"{seat_label(seat)} owes {words.money(owed)}: {' + '.join(parts)}"
    if paid < owed:
        text += f"; he has only {words.money(paid)}, pays it all and owes nothing more"
    else:
        text += f"; he pays {words.money(paid)} to the bank"
    s.log.add("payroll", text + ".")
    return paid


def graft_reason(s: BootleggersState, seat: int) -> str:
    """Why ``seat`` owes the graft he owes, in words: his trucks, or his Union Boss."""
    if s.union[seat]:
        return "waived by his Friendly Union Boss"
    owned = [t for t in s.trucks if t.owner == seat and not t.favor]
    if not owned:
        return "no trucks"
    counts = [(name, sum(1 for t in owned if TRUCKS[t.capacity].name == name))
              for name in (d.name for d in TRUCKS.values())]
    return ", ".join(f"{k} {name}{'s' if k > 1 else ''}" for name, k in counts if k)


def graft(s: BootleggersState, seat: int) -> int:
    """Driver Graft due from ``seat``: per owned truck, waived by a Friendly Union Boss."""
    if s.union[seat]:
        return 0
    return sum(TRUCKS[t.capacity].graft for t in s.trucks if t.owner == seat and not t.favor)


def payroll(s: BootleggersState, seat: int) -> int:
    """Graft plus the cost of the shown Muscle card."""
    return graft(s, seat) + MUSCLE_COST[s.shown[seat]]


# -- the offers ------------------------------------------------------------------------------
def offer_actions(s: BootleggersState) -> list[Any]:
    """Take the Truck card or any Men of Action card still on offer."""
    out = [TAKE_OFFER[-1]] if s.truck_offer else []
    out += [TAKE_OFFER[i] for i, c in enumerate(s.offers) if c]
    return out


def trucks_in_use(s: BootleggersState, capacity: int) -> int:
    """Miniatures of this size on the table (owned or lent by a Favor)."""
    return sum(1 for t in s.trucks if t.capacity == capacity)


def trucks_owned(s: BootleggersState, capacity: int) -> int:
    """Miniatures of this size owned by Mobsters (Favor trucks, lent for the round, not
    counted)."""
    return sum(1 for t in s.trucks if t.capacity == capacity and not t.favor)


def new_truck(s: BootleggersState, owner: int, capacity: int, favor: bool = False) -> Truck:
    """Take a truck miniature from the supply."""
    truck = Truck(s.next_truck, capacity, owner, favor=favor)
    s.next_truck += 1
    s.trucks.append(truck)
    return truck


# bl-card-truck, bl-favor-never-blocks-purchase, bl-new-truck-graft
def take_offer(s: BootleggersState, seat: int, slot: int) -> None:
    """Take an offered card and redeem it."""
    s.acted = True
    if slot < 0:
        card = s.truck_offer
        s.truck_offer = ""
        size = TRUCK_BY_NAME[card.partition("#")[0]]
        s.truck_deck.discard(card)
        # A Mobster who cannot pay for the truck loses the card (Phase 1, Truck cards).
        who = seat_label(seat)
        # A Favor truck is a loan for the round: it never costs a buyer his truck.
        if trucks_owned(s, size.capacity) >= size.miniatures:
            s.log.add("truck bought", f"No {size.name} miniature is left: the card is "
                      f"discarded and {who} pays nothing.")
        elif s.cash(seat) < size.price:
            s.log.add("truck bought", f"{who} cannot pay {words.money(size.price)} for the "
                      f"{size.name}: the card is discarded.")
        else:
            s.money.burn(f"seat:{seat}", size.price)
            t = new_truck(s, seat, size.capacity)
            s.log.add("truck bought", f"{who} pays {words.money(size.price)} to the bank for "
                      f"his new {words.truck(t)} (no graft for it this round).")
        return
    card = s.offers[slot]
    s.offers[slot] = ""
    redeem(s, seat, card)


# bl-influence-supply
def influence_supply(s: BootleggersState, seat: int) -> int:
    """Markers of ``seat``'s colour neither in the Back Room nor on a Speakeasy."""
    on_board = sum(row[seat] for row in s.influence)
    return INFLUENCE_PER_COLOUR - s.back_influence[seat] - on_board


def gain_influence(s: BootleggersState, seat: int, n: int) -> int:
    """Move up to ``n`` markers from the supply to the Back Room; returns how many."""
    got = min(max(0, n), influence_supply(s, seat))
    s.back_influence[seat] += got
    return got


def gain_words(s: BootleggersState, seat: int, wanted: int, got: int) -> str:
    """``Player 1 gains 2 men (Back Room now 3)``, saying when his 20 ran short."""
    text = (f"{seat_label(seat)} gains {words.men(got)} (Back Room now "
            f"{s.back_influence[seat]})")
    if got < wanted:
        text += f"; his supply of {INFLUENCE_PER_COLOUR} men ran short by {wanted - got}"
    return text


def improvement_markers_left(s: BootleggersState) -> int:
    """Speakeasy Improvement markers still in the supply."""
    return IMPROVEMENT_MARKERS - sum(s.improvements) - sum(s.back_impr)


# bl-card-influence, bl-card-still, bl-card-thug, bl-improvement-markers-out
def redeem(s: BootleggersState, seat: int, card: str) -> None:
    """Redeem a Men of Action card: non-Thugs at once (then discarded), Thugs into the hand.
    The narration never names the card (a Windfall draw need not be shown): only what it
    did."""
    d = CARDS[key_of(card)]
    who = seat_label(seat)
    if d.kind == "thug":
        s.hands[seat].append(card)
        k = len(s.hands[seat])
        s.log.add("thug kept", f"{who} keeps the Thug card in his hand ({k} Thug "
                  f"card{'s' if k > 1 else ''} now).")
        return
    s.deck.discard(card)
    if d.kind == "influence":
        got = gain_influence(s, seat, d.amount)
        s.log.add("recruits", gain_words(s, seat, d.amount, got) + ".")
    elif d.kind == "still":
        s.decisions.push(seat, "die", left=d.amount)
    elif d.kind == "double_still":
        if REMOTE_BOARDS > sum(1 for o in s.remote_owner if o >= 0):
            s.decisions.push(seat, "double")
        else:
            s.log.add("remote still", f"All {REMOTE_BOARDS} Remote Still boards are in use: "
                      f"{who} takes two still dice.")
            s.decisions.push(seat, "die", left=d.amount)
    elif d.kind == "speakeasy_improvement":
        if improvement_markers_left(s) > 0:
            s.decisions.push(seat, "impr")
        else:
            s.log.add("improvement", f"All {IMPROVEMENT_MARKERS} Speakeasy Improvement markers "
                      f"are out: the card gives {who} nothing.")


def double_actions(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Two dice, or (while a Remote Still board is free) a new Remote Still."""
    return list(CHOOSE_REMOTE)


# bl-card-double-still
def answer_double(s: BootleggersState, ask: Prompt, action: ChooseRemote) -> None:
    """Redeem a Double Still Improvement: a new Remote Still, or two dice to place."""
    seat = ask.seat
    if action.remote:
        r = s.remote_owner.index(-1)
        s.remote_owner[r] = seat
        s.remote_dice[r] = 1
        s.log.add("remote still", f"{seat_label(seat)} opens Remote Still {r + 1} with 1 die "
                  "(its owner's marker is free).")
    else:
        s.decisions.push(seat, "die", left=2)


# bl-still-squares
def die_targets(s: BootleggersState, seat: int, back_room: bool) -> list[int]:
    """Still codes where ``seat`` may put a die: 0 Family, 1 + r Remote, -1 Back Room."""
    out = [0] if s.family[seat] < STILL_SQUARES else []
    out += [1 + r for r, o in enumerate(s.remote_owner)
            if o == seat and s.remote_dice[r] < STILL_SQUARES]
    if back_room:
        out.append(-1)
    return out


# bl-faq-double-still
def answer_die(s: BootleggersState, ask: Prompt, action: PlaceDie) -> None:
    """A die from a Still Improvement placed; the next one is asked for while any is left."""
    add_die(s, ask.seat, action.still)
    left = ask.get("left", 1) - 1
    if left > 0:
        s.decisions.push(ask.seat, "die", left=left)


def add_die(s: BootleggersState, seat: int, still: int) -> None:
    """Put a die on a still of ``seat`` (0 Family, 1 + r Remote) or in the Back Room (-1)."""
    if still < 0:
        s.back_dice[seat] += 1
    elif still == 0:
        s.family[seat] += 1
    else:
        s.remote_dice[still - 1] += 1


def improvement_targets(s: BootleggersState, back_room: bool) -> list[int]:
    """Speakeasies with a free improvement square (O'Malley's has none), and -1 for the Back
    Room when ``back_room``."""
    out = [i for i in range(1, s.speakeasy_count) if s.improvements[i] < SPEAKEASIES[i].squares]
    if back_room:
        out.append(-1)
    return out


# bl-card-speakeasy-improvement
def answer_improvement(s: BootleggersState, ask: Prompt, action: PlaceImprovement) -> None:
    """A Speakeasy Improvement card's marker goes on a Speakeasy or into the Back Room."""
    if action.speakeasy < 0:
        s.back_impr[ask.seat] += 1
    else:
        s.improvements[action.speakeasy] += 1


# bl-offers-left
def close_offers(s: BootleggersState) -> None:
    """End of Phase 1: unchosen Men of Action are discarded; the Truck card stays."""
    left = [c for c in s.offers if c]
    for i, card in enumerate(s.offers):
        if card:
            s.deck.discard(card)
            s.offers[i] = ""
    if left and s.step == "offers":
        s.log.add("offers discarded", "Nobody took " + ", ".join(words.card(c) for c in left)
                  + ": discarded.")


# -- Phase 3 ---------------------------------------------------------------------------------
def crates_in_play(s: BootleggersState) -> int:
    """Crates off the supply: Back Rooms, warehouses and trucks."""
    return sum(s.crates) + sum(s.warehouse) + sum(t.cargo for t in s.trucks)


def _rolled(rolls: list[int]) -> str:
    return "+".join(map(str, rolls)) + (f" = {sum(rolls)}" if len(rolls) > 1 else "")


# bl-copper-bites, bl-crate-limit
def produce(s: BootleggersState) -> None:
    """Roll every still, then move the Copper (Phase 3)."""
    rng = s.rng
    family_output = [0] * s.players
    room = CRATES - crates_in_play(s)
    for seat in s.order:
        rolls = [1 + rng.below(6) for _ in range(s.family[seat])]
        made = sum(rolls)
        parts = [f"Family Still rolls {_rolled(rolls)}"]
        # Phase 3.2: from round 5 a 5 on a Family Still die under the Copper stops it.
        if s.copper == seat and s.round_no >= 5 and 5 in rolls:
            made = 0
            parts[0] = (f"Family Still rolls {'+'.join(map(str, rolls))}, shut by the Copper "
                        "(a 5 was rolled)")
        elif seat in s.idle_stills:
            made = 0
            parts[0] = (f"Family Still rolls {'+'.join(map(str, rolls))}, idle (A Little "
                        "Vigorish unpaid)")
        family_output[seat] = made
        total = made
        all_rolls = rolls[:]
        for r, owner in enumerate(s.remote_owner):
            if owner != seat or s.remote_dice[r] == 0:
                continue
            rr = [1 + rng.below(6) for _ in range(s.remote_dice[r])]
            all_rolls += rr
            part = f"Remote Still {r + 1} rolls {_rolled(rr)}"
            if 100 + r not in s.idle_stills:
                total += sum(rr)
            else:
                part = (f"Remote Still {r + 1} rolls {'+'.join(map(str, rr))}, idle (A Little "
                        "Vigorish unpaid)")
            parts.append(part)
        s.last_rolls[seat] = all_rolls
        # The box holds 70 crates; production beyond them is lost (our decision).
        got = min(total, room)
        room -= got
        s.crates[seat] += got
        text = (f"{seat_label(seat)}'s " + "; ".join(parts) + f": {words.crates(got)} to his "
                f"Back Room (now {s.crates[seat]})")
        if got < total:
            text += f"; the box of {CRATES} crates ran out, {total - got} lost"
        s.log.add("production", text + ".")
    move_copper(s, family_output)


# bl-copper-moves
def move_copper(s: BootleggersState, family_output: list[int]) -> None:
    """From round 4 the Copper goes to the biggest Family Still producer; on a tie the
    lowest Muscle among them gets him."""
    if s.round_no < 4:
        return
    best = max(family_output)
    tied = [p for p in range(s.players) if family_output[p] == best]
    before = s.copper
    s.copper = min(tied, key=s.muscle_rank)
    who = seat_label(s.copper)
    why = f", which made the most ({words.crates(best)})"
    if len(tied) > 1:
        why = (f": {words.seats(tied)} tied with {words.crates(best)} at their Family Stills "
               f"and {who} has the lowest Muscle ({s.muscle(s.copper)})")
    if before < 0:
        move = f"The Copper takes his post at {who}'s Family Still"
    elif before == s.copper:
        move = f"The Copper stays at {who}'s Family Still"
    else:
        move = f"The Copper moves from {seat_label(before)}'s Family Still to {who}'s"
    warn = "; from round 5 a 5 rolled there shuts it for the round" if s.round_no < 5 else ""
    s.log.add("copper", f"{move}{why}{warn}.")


# -- Phase 6 ---------------------------------------------------------------------------------
# bl-heat
def phase_six(s: BootleggersState) -> None:
    """End of rounds 4 and 8: everyone gains a marker, the poorest (lowest Muscle on a tie)
    one more; every Mobster's money is announced."""
    s.announced = [s.cash(p) for p in range(s.players)]
    s.announced_round = s.round_no
    s.log.add("heat", f"The Heat, end of round {s.round_no}: everyone announces his money: "
              + ", ".join(f"{seat_label(p)} {words.money(s.announced[p])}"
                          for p in range(s.players)) + ".")
    gains = [gain_influence(s, p, 1) for p in range(s.players)]
    poorest = min(range(s.players), key=lambda p: (s.cash(p), s.muscle_rank(p)))
    extra = gain_influence(s, poorest, 1)
    tied = [p for p in range(s.players) if s.cash(p) == s.cash(poorest)]
    why = "the least money" + (f", lowest Muscle of the {len(tied)} tied" if len(tied) > 1
                               else "")
    s.log.add("heat", "Every Mobster gains 1 man in his Back Room"
              + ("" if all(gains) else " (as his supply allows)")
              + f"; {seat_label(poorest)} has {why} and gains {words.men(extra)} more.")
