"""A new game (the rulebook's "Preparation") and the set-up of every round: decks shuffled,
Muscle dealt, stills, trucks and money handed out; each round the Truck card turned, the
Men of Action offered and the sealed Muscle choice opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components import Deck, SealedChoice, Supply
from tabletop.engine import seat_label

from . import muscle, words
from .board import REMOTE_BOARDS, Truck
from .cards import ALL_CARD_IDS, SPEAKEASIES, SUBDECKS, TRUCK_BY_NAME, TRUCKS

if TYPE_CHECKING:
    from .state import BootleggersState


# bl-setup-muscle, bl-setup-holdings, bl-deck-reshuffle
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
    s.log.add("setup", f"Each of the {n} Mobsters starts with $10G, a Family Still with 1 die, "
              f"a Small Truck, 1 man in his Back Room and {len(s.muscle_hands[0])} Muscle "
              "cards in hand.")
    start_round(s, 1)


# bl-offers-dealt
def start_round(s: BootleggersState, number: int) -> None:
    """A new round: reset this round's effects, turn the Truck card, fill the offer spaces and
    open the sealed Muscle choice."""
    n = s.players
    k = len(SPEAKEASIES)
    s.round_no = number
    s.shown = [0] * n
    s.bonus = [0] * n
    s.order = list(range(n))
    s.paid = [False] * n
    s.locked = [0] * n
    s.proposals_left = [2] * n
    s.refused = []
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
    s.takings = [0] * n
    s.demand = 0
    s.sold = 0
    s.log.add("round", f"Round {number} of {s.last_round} begins.")
    for p in range(n):
        # Warehouse (Thug card): crates saved last round come back for one round only.
        if s.warehouse[p]:
            s.log.add("warehouse", f"{seat_label(p)}'s Warehouse gives back "
                      f"{words.crates(s.warehouse[p])} to his Back Room.")
        s.crates[p] += s.warehouse[p]
        s.warehouse[p] = 0
        s.warehouse_on[p] = False
    fresh = not s.truck_offer
    if fresh and s.truck_deck.can_draw():
        s.truck_offer = s.truck_deck.draw()
    muscle.close_offers(s)
    for i in range(n):
        if s.deck.can_draw():
            s.offers[i] = s.deck.draw(s.rng)
    on_offer = ", ".join(f"{i + 1}. {words.card(c)}" for i, c in enumerate(s.offers) if c)
    if s.truck_offer:
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        truck = (f"{'a new' if fresh else 'still'} {size.name} card "
                 f"({words.money(size.price)}, graft {words.money(size.graft)})")
    else:
        truck = "no Truck card (the Truck deck is empty)"
    s.log.add("offers", f"On offer: {truck}; Men of Action: {on_offer or 'none'}.")
    s.sealed = SealedChoice(list(range(n)))
