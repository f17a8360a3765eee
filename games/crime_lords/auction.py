"""Setup: dealing Mobs, the opening auction, choosing Bosses and laying out the Mobs,
and preparing for battle.

Rulebook sections: "Beginning the Game", "Starting your Mob", "Bidding for Crooks",
"Choosing your Boss", "Preparing for Battle".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components.dice import Dice

from . import mob
from .cards import (
    ASIDE,
    AUCTION,
    CARDS,
    DECK,
    UNCONTROLLED,
    is_crook,
    is_racket,
    is_special,
)
from .names import name, plural, who

if TYPE_CHECKING:
    from .state import CrimeLordsState

TWO_D6 = Dice(2, 6)
# cl-bidding-money
BIDDING_MONEY = 25
TREASURY = 50


def roll_off(s: CrimeLordsState, seats: list[int]) -> int:
    """Everyone rolls 2d6, highest wins; the tied highest roll again."""
    while len(seats) > 1:
        rolls = [TWO_D6.roll_sum(s.rng) for _ in seats]
        top = max(rolls)
        seats = [seat for seat, r in zip(seats, rolls, strict=True) if r == top]
    return seats[0]


# cl-auction-caps cl-extra-cards
def crook_cap(s: CrimeLordsState) -> int:
    """Crooks auctioned: 3 per player (more with the optional rule)."""
    return (3 + s.options.extra_crooks) * s.players


def racket_cap(s: CrimeLordsState) -> int:
    """Rackets auctioned: 2 per player (more with the optional rule)."""
    return (2 + s.options.extra_rackets) * s.players


def next_auction_card(s: CrimeLordsState) -> None:
    """Turn cards for the auction; capped kinds are set aside and the same player turns
    another. When both caps are reached (or the deck is out) the auction ends."""
    while s.draw_pile:
        if s.auc_crooks >= crook_cap(s) and s.auc_rackets >= racket_cap(s):
            break
        card = s.draw_pile.pop()
        if (is_crook(card) and s.auc_crooks >= crook_cap(s)) or (
            is_racket(card) and s.auc_rackets >= racket_cap(s)
        ):
            s.loc[card] = ASIDE
            s.aside.append(card)
            continue
        s.loc[card] = AUCTION
        s.auc_card = card
        s.auc_high = -1
        s.auc_leader = -1
        s.auc_in = [True] * s.players
        s.phase = "auction"
        s.actor = s.current
        return
    end_auction(s)


def bid(s: CrimeLordsState, amount: int) -> None:
    """Raise (or open) the bidding."""
    s.auc_high = amount
    s.auc_leader = s.actor
    next_bidder(s)


def pass_bid(s: CrimeLordsState) -> None:
    """Drop out of the bidding on this card."""
    s.auc_in[s.actor] = False
    next_bidder(s)


# cl-auction-bidding
def next_bidder(s: CrimeLordsState) -> None:
    """Counterclockwise (increasing seat numbers) to the next bidder still in; when only the
    high bidder is left, he wins the card. A player without the money to raise passes
    without being asked (his only answer)."""
    for p in range(s.players):
        if s.auc_in[p] and p != s.auc_leader and s.bid_money[p] <= s.auc_high:
            s.auc_in[p] = False
    still = [p for p in range(s.players) if s.auc_in[p] and p != s.auc_leader]
    if not still:
        win_auction(s)
        return
    p = s.actor
    for _ in range(s.players):
        p = (p + 1) % s.players
        if s.auc_in[p] and p != s.auc_leader:
            s.actor = p
            return


# cl-next-opener
def win_auction(s: CrimeLordsState) -> None:
    """The high bidder pays from his bidding money and takes the card."""
    card, seat = s.auc_card, s.auc_leader
    s.bid_money[seat] -= s.auc_high
    s.log.add("auction won", f"{who(s, seat)} buys {name(card)} for {s.auc_high} G of "
              f"bidding money ({s.bid_money[seat]} G left)")
    s.loc[card] = seat
    if is_crook(card):
        s.auc_crooks += 1
    elif is_racket(card):
        s.auc_rackets += 1
        s.rackets[seat].append(card)
    else:
        s.specials[seat].append(card)
    s.auc_card = -1
    s.current = (s.current + 1) % s.players  # [decided] the next player opens the next card
    next_auction_card(s)


# cl-free-crook
def end_auction(s: CrimeLordsState) -> None:
    """Bidding money is lost; set-aside cards are shuffled back; every player gets a Crook;
    then the Bosses are chosen."""
    s.auc_card = -1
    s.bid_money = [0] * s.players
    s.log.add("auction over", f"The auction is over: unspent bidding money is lost; "
              f"{plural(len(s.aside), 'card')} set aside go back into the deck")
    for c in s.aside:
        s.loc[c] = DECK
    s.draw_pile.extend(s.aside)
    s.aside = []
    s.rng.shuffle(s.draw_pile)
    for seat in range(s.players):
        if not held_crooks(s, seat):
            # [decided] a player who bought no Crook takes a random one from the deck
            crooks = [c for c in s.draw_pile if is_crook(c)]
            if crooks:
                c = crooks[s.rng.below(len(crooks))]
                s.draw_pile.remove(c)
                s.loc[c] = seat
                s.log.add("free crook", f"{who(s, seat)} bought no Crook and takes "
                          f"{name(c)} from the deck")
    s.current = 0
    start_boss_choice(s, 0)


def held_crooks(s: CrimeLordsState, seat: int) -> list[int]:
    """Crooks a seat owns but has not yet laid out (during setup)."""
    return [c for c in range(len(CARDS)) if is_crook(c) and s.loc[c] == seat
            and c not in s.mobs[seat]]


def start_boss_choice(s: CrimeLordsState, seat: int) -> None:
    """``seat`` picks his Boss (seats in order); after the last, the game starts."""
    while seat < s.players and not held_crooks(s, seat):
        s.alive[seat] = False  # no Crook at all: out before the start (cannot happen in
        seat += 1              # practice: there are more Crooks than players)
    if seat >= s.players:
        start_play(s)
        return
    s.phase = "boss"
    s.actor = seat


def choose_boss(s: CrimeLordsState, crook: int) -> None:
    """Place the Boss token; the other Crooks queue up to be laid out, strongest first."""
    seat = s.actor
    s.mobs[seat].set_root(crook)
    s.layout_queue = sorted(held_crooks(s, seat), key=lambda c: (-mob.base_power(s, c), c))
    next_layout(s)


def lay_out(s: CrimeLordsState, crook: int, superior: int, cell: tuple[int, int]) -> None:
    """The player lays his next queued Crook where he chose; then the next one."""
    s.layout_queue.pop(0)
    s.mobs[s.actor].attach(crook, superior, cell)
    next_layout(s)


# cl-layout
def next_layout(s: CrimeLordsState) -> None:
    """Ask where the next queued Crook goes; one that fits nowhere goes uncontrolled."""
    seat = s.actor
    while s.layout_queue:
        c = s.layout_queue[0]
        if mob.placements_for(s, seat, c):
            s.phase = "layout"
            s.place_card = c
            s.place_under = -1
            return
        s.layout_queue.pop(0)
        mob.release(s, c)  # [decided] a Crook too strong for every open side goes uncontrolled
        s.log.add("crook uncontrolled", f"{name(c)} fits nowhere in {who(s, seat)}'s Mob "
                  "and goes uncontrolled")
    s.place_card = -1
    start_boss_choice(s, seat + 1)


# cl-preparing
def start_play(s: CrimeLordsState) -> None:
    """"Preparing for Battle": 50 G each, tokens on every card, two uncontrolled cards
    (Specials buried), and the start roll."""
    for seat in range(s.players):
        s.money[seat] = TREASURY
        mob.retoken(s, seat, rackets=True)
    turn_up_two(s)
    first = roll_off(s, [p for p in range(s.players) if s.alive[p]])
    street = ", ".join(name(c) for c in s.uncontrolled)
    s.log.add("setup", f"Every Mob gets {TREASURY} G and Action Tokens; in the uncontrolled "
              f"area: {street or 'nothing'}; {who(s, first)} rolls highest and plays first")
    s.current = first
    s.phase = "turn_start"


def turn_up_two(s: CrimeLordsState) -> None:
    """The top two Crooks or Rackets of the deck go face up to the uncontrolled area
    (Specials are buried and replaced), whatever the layout already left there."""
    turned = 0
    while turned < 2 and s.draw_pile:
        card = s.draw_pile.pop()
        if is_special(card):
            s.draw_pile.insert(0, card)  # buried
            if all(is_special(c) for c in s.draw_pile):
                break
            continue
        s.loc[card] = UNCONTROLLED
        s.uncontrolled.append(card)
        turned += 1
