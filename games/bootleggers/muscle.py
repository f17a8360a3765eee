"""Setup, Phase 1 (Muscle: sealed picks, Driver Graft, offers), Phase 3 (production and the
Copper) and Phase 6 (the influence bonus of rounds 4 and 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers.actions import CHOOSE_REMOTE, PICKS, TAKE_OFFER
from games.bootleggers.board import (
    IMPROVEMENT_MARKERS,
    INFLUENCE_PER_COLOUR,
    REMOTE_BOARDS,
    STILL_SQUARES,
    Truck,
)
from games.bootleggers.cards import (
    ALL_CARD_IDS,
    CARDS,
    MUSCLE_COST,
    SPEAKEASIES,
    SUBDECKS,
    TRUCKS,
    key_of,
)
from tabletop.components import Deck, SealedChoice, Supply, ranked

if TYPE_CHECKING:
    from games.bootleggers.state import BootleggersState

TRUCK_BY_NAME = {t.id: t for t in TRUCKS.values()}


# -- setup -----------------------------------------------------------------------------------
def setup(s: BootleggersState) -> None:
    """Preparation: decks shuffled, Muscle dealt, Family Stills, a Small Truck, $10G, one
    influence marker in each Back Room."""
    n = s.players
    rng = s.rng
    per_deck = 2 if s.options.short_game else 3
    s.muscle_hands = [[] for _ in range(n)]
    for first, last in SUBDECKS:
        cards = list(range(first, last + 1))
        rng.shuffle(cards)
        for p in range(n):
            s.muscle_hands[p] += cards[p * per_deck:(p + 1) * per_deck]
    for h in s.muscle_hands:
        h.sort()
    s.muscle_played = [[] for _ in range(n)]
    s.deck = Deck(list(ALL_CARD_IDS), reshuffle=True)
    s.deck.shuffle(rng)
    s.truck_deck = Deck([f"{t.id}#{i}" for t in TRUCKS.values() for i in range(1, t.cards + 1)])
    s.truck_deck.shuffle(rng)
    s.money = Supply("dough")
    for p in range(n):
        s.money.mint(f"seat:{p}", 10)
    k = len(SPEAKEASIES)
    s.influence = [[0] * n for _ in range(k)]
    s.improvements = [0] * k
    s.back_influence = [1] * n
    s.locked = [0] * n
    s.back_dice = [0] * n
    s.back_impr = [0] * n
    s.family = [1] * n
    s.remote_owner = [-1] * REMOTE_BOARDS
    s.remote_dice = [0] * REMOTE_BOARDS
    s.crates = [0] * n
    s.warehouse = [0] * n
    s.warehouse_on = [False] * n
    s.trucks = [Truck(p, 4, p) for p in range(n)]
    s.next_truck = n
    s.hands = [[] for _ in range(n)]
    s.union = [""] * n
    s.last_rolls = [[] for _ in range(n)]
    s.announced = [-1] * n
    s.offers = [""] * n
    start_round(s, 1)


def start_round(s: BootleggersState, number: int) -> None:
    """A new round: reset this round's effects, turn the Truck card, fill the offer spaces and
    open the sealed Muscle choice."""
    n = s.players
    k = len(SPEAKEASIES)
    s.round_no = number
    s.step = "muscle"
    s.queue = []
    s.acted = False
    s.shown = [0] * n
    s.bonus = [0] * n
    s.order = list(range(n))
    s.paid = [False] * n
    s.locked = [0] * n
    s.proposals_left = [2] * n
    s.busted = [False] * k
    s.coppered = [False] * k
    s.profit_bonus = [0] * k
    s.extra_dice = [0] * k
    s.payoff = [-1] * k
    s.packing = [-1] * k
    s.idle_stills = []
    s.sell_queue = []
    s.selling_at = -1
    s.public_line = []
    s.demand_roll = []
    s.demand = 0
    s.sold = 0
    for p in range(n):
        # Warehouse (Thug card): crates saved last round come back for one round only.
        s.crates[p] += s.warehouse[p]
        s.warehouse[p] = 0
        s.warehouse_on[p] = False
    if not s.truck_offer and s.truck_deck.can_draw():
        s.truck_offer = s.truck_deck.draw()
    close_offers(s)
    for i in range(n):
        if s.deck.can_draw():
            s.offers[i] = s.deck.draw(s.rng)
    s.sealed = SealedChoice(list(range(n)))


# -- sealed picks and the reveal -------------------------------------------------------------
def pick_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Lay any Muscle card of your hand face down."""
    return [PICKS[c] for c in s.muscle_hands[seat]]


def pick(s: BootleggersState, seat: int, card: int) -> None:
    """Commit the sealed pick (the card stays in hand, hidden, until the reveal)."""
    s.sealed.commit(seat, card)


def reveal(s: BootleggersState) -> None:
    """All Muscle cards are turned up at once; they fix the order of the round."""
    for seat, card in s.sealed.reveal().items():
        s.muscle_hands[seat].remove(card)
        s.muscle_played[seat].append(card)
        s.shown[seat] = card
    reorder(s)


def reorder(s: BootleggersState) -> None:
    """Muscle order: highest shown Muscle (Big City Boys included) first."""
    s.order = ranked(range(s.players), key=s.muscle)


def pay_for_muscle(s: BootleggersState, seat: int) -> int:
    """Phase 1 step 5a: Driver Graft plus the Muscle card's cost, paying what he can."""
    s.paid[seat] = True
    return s.money.pay_what_you_can_to_bank(f"seat:{seat}", payroll(s, seat))


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


def new_truck(s: BootleggersState, owner: int, capacity: int, favor: bool = False) -> Truck:
    """Take a truck miniature from the supply."""
    truck = Truck(s.next_truck, capacity, owner, favor=favor)
    s.next_truck += 1
    s.trucks.append(truck)
    return truck


def take_offer(s: BootleggersState, seat: int, slot: int) -> None:
    """Take an offered card and redeem it."""
    s.acted = True
    if slot < 0:
        card = s.truck_offer
        s.truck_offer = ""
        size = TRUCK_BY_NAME[card.partition("#")[0]]
        s.truck_deck.discard(card)
        # A Mobster who cannot pay for the truck loses the card (Phase 1, Truck cards).
        if s.cash(seat) >= size.price and trucks_in_use(s, size.capacity) < size.miniatures:
            s.money.burn(f"seat:{seat}", size.price)
            new_truck(s, seat, size.capacity)
        return
    card = s.offers[slot]
    s.offers[slot] = ""
    redeem(s, seat, card)


def influence_supply(s: BootleggersState, seat: int) -> int:
    """Markers of ``seat``'s colour neither in the Back Room nor on a Speakeasy."""
    on_board = sum(row[seat] for row in s.influence)
    return INFLUENCE_PER_COLOUR - s.back_influence[seat] - on_board


def gain_influence(s: BootleggersState, seat: int, n: int) -> int:
    """Move up to ``n`` markers from the supply to the Back Room; returns how many."""
    got = min(n, influence_supply(s, seat))
    s.back_influence[seat] += got
    return got


def improvement_markers_left(s: BootleggersState) -> int:
    """Speakeasy Improvement markers still in the supply."""
    return IMPROVEMENT_MARKERS - sum(s.improvements) - sum(s.back_impr)


def redeem(s: BootleggersState, seat: int, card: str) -> None:
    """Redeem a Men of Action card: non-Thugs at once (then discarded), Thugs into the hand."""
    d = CARDS[key_of(card)]
    if d.kind == "thug":
        s.hands[seat].append(card)
        return
    s.deck.discard(card)
    if d.kind == "influence":
        gain_influence(s, seat, d.amount)
    elif d.kind == "still":
        s.decisions.push(seat, "die", left=d.amount)
    elif d.kind == "double_still":
        if REMOTE_BOARDS > sum(1 for o in s.remote_owner if o >= 0):
            s.decisions.push(seat, "double")
        else:
            s.decisions.push(seat, "die", left=d.amount)
    elif d.kind == "speakeasy_improvement" and improvement_markers_left(s) > 0:
        s.decisions.push(seat, "impr")


def double_actions(s: BootleggersState) -> list[Any]:
    """Two dice, or (while a Remote Still board is free) a new Remote Still."""
    return list(CHOOSE_REMOTE)


def choose_double(s: BootleggersState, seat: int, remote: bool) -> None:
    """Redeem a Double Still Improvement."""
    if remote:
        r = s.remote_owner.index(-1)
        s.remote_owner[r] = seat
        s.remote_dice[r] = 1
    else:
        s.decisions.push(seat, "die", left=2)


def die_targets(s: BootleggersState, seat: int, back_room: bool) -> list[int]:
    """Still codes where ``seat`` may put a die: 0 Family, 1 + r Remote, -1 Back Room."""
    out = [0] if s.family[seat] < STILL_SQUARES else []
    out += [1 + r for r, o in enumerate(s.remote_owner)
            if o == seat and s.remote_dice[r] < STILL_SQUARES]
    if back_room:
        out.append(-1)
    return out


def add_die(s: BootleggersState, seat: int, still: int) -> None:
    """Put a die on a still of ``seat`` (0 Family, 1 + r Remote) or in the Back Room (-1)."""
    if still < 0:
        s.back_dice[seat] += 1
    elif still == 0:
        s.family[seat] += 1
    else:
        s.remote_dice[still - 1] += 1


def close_offers(s: BootleggersState) -> None:
    """End of Phase 1: unchosen Men of Action are discarded; the Truck card stays."""
    for i, card in enumerate(s.offers):
        if card:
            s.deck.discard(card)
            s.offers[i] = ""


# -- Phase 3 ---------------------------------------------------------------------------------
def crates_in_play(s: BootleggersState) -> int:
    """Crates off the supply: Back Rooms, warehouses and trucks."""
    return sum(s.crates) + sum(s.warehouse) + sum(t.cargo for t in s.trucks)


def produce(s: BootleggersState) -> None:
    """Roll every still, then move the Copper (Phase 3)."""
    rng = s.rng
    family_output = [0] * s.players
    room = 70 - crates_in_play(s)
    for seat in s.order:
        rolls = [1 + rng.below(6) for _ in range(s.family[seat])]
        made = sum(rolls)
        # Phase 3.2: from round 5 a 5 on a Family Still die under the Copper stops it.
        if s.copper == seat and s.round_no >= 5 and 5 in rolls:
            made = 0
        if seat in s.idle_stills:
            made = 0
        family_output[seat] = made
        total = made
        all_rolls = rolls[:]
        for r, owner in enumerate(s.remote_owner):
            if owner != seat or s.remote_dice[r] == 0:
                continue
            rr = [1 + rng.below(6) for _ in range(s.remote_dice[r])]
            all_rolls += rr
            if 100 + r not in s.idle_stills:
                total += sum(rr)
        s.last_rolls[seat] = all_rolls
        # The box holds 70 crates; production beyond them is lost (our decision).
        got = min(total, room)
        room -= got
        s.crates[seat] += got
    move_copper(s, family_output)


def move_copper(s: BootleggersState, family_output: list[int]) -> None:
    """From round 4 the Copper goes to the biggest Family Still producer; on a tie the
    lowest Muscle among them gets him."""
    if s.round_no < 4:
        return
    best = max(family_output)
    tied = [p for p in range(s.players) if family_output[p] == best]
    s.copper = min(tied, key=s.muscle)


# -- Phase 6 ---------------------------------------------------------------------------------
def phase_six(s: BootleggersState) -> None:
    """End of rounds 4 and 8: everyone gains a marker, the poorest (lowest Muscle on a tie)
    one more; every Mobster's money is announced."""
    s.announced = [s.cash(p) for p in range(s.players)]
    s.announced_round = s.round_no
    for p in range(s.players):
        gain_influence(s, p, 1)
    poorest = min(range(s.players), key=lambda p: (s.cash(p), s.muscle(p)))
    gain_influence(s, poorest, 1)
