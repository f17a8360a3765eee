"""What the actions and cards of Chicago DIY do: drawing, hiring, battles, hit men, jokers,
payments and bribes. Each effect kind of the card data (``eliminate_henchman``,
``police_raid``, ``mob_attack``) is implemented here once.

These functions change a :class:`~tabletop_games.chicago_diy.state.ChicagoState` that ``apply`` has
already checked and narrate every consequence in the log, with its numbers: public events
for what the table sees, events ``to`` one seat for the cards only that seat may see. They
never say what comes next: the flow (:mod:`tabletop_games.chicago_diy.flow`) reads the state they
leave (a territory ``pending``, a hire ``hire_due``, a bribe asked) and decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components import Prompt, d6

from .actions import Decline, PayCard
from .cards import (
    COST,
    EFFECT,
    KIND,
    VALUE,
    hit_men_back,
    label,
    labels,
    money_in,
    most_money,
    out_of_reach,
    role,
)
from .rules import BRIBE, HAND_LIMIT, HIRE_PRICE
from .turns import gain_territory
from .words import count, seat_name

if TYPE_CHECKING:
    from .state import ChicagoState


def reinsert(state: ChicagoState, cards: list[str], what: str, plural: bool = False) -> None:
    """Rulebook NOTE: a card going back into the deck is shuffled in together with the
    discards. ``what`` names the returning cards as the table may hear it ("Q♦ (Cicero)",
    "the bribe's 3 cards"; ``plural`` when it names more than one card).

    Nobody knows the order of the draw pile, so slipping each returning card in at a random
    depth gives exactly the odds of shuffling the whole pile, for far fewer random draws.
    """
    # ch-reinsert
    deck, rng = state.deck, state.rng
    discards = deck.discard_pile[:]
    deck.discard_pile.clear()
    for card in cards + discards:
        deck.insert_at_random(card, rng)
    size = len(deck.draw_pile)
    if discards:
        state.log.add("shuffle back",
                      f"{what} and the {count(len(discards), 'discard', 'discards')} are "
                      f"shuffled into the draw pile ({size} cards){hit_men_back(discards)}")
    else:
        verb = "are" if plural else "is"
        state.log.add("shuffle back", f"{what} {verb} shuffled into the draw pile ({size} cards)")


def draw(state: ChicagoState) -> None:
    """Rulebook "Draw and Play a Card": flip the top card and deal with it by its kind."""
    me = state.turn.current
    card = state.deck.draw_pile.pop()
    who = seat_name(me)
    if KIND[card] != "territory":
        # ch-draw-money, ch-draw-special: into the hidden hand; ch-drawn-card-private: only
        # the drawer is told the card
        hand = state.hands[me]
        hand.append(card)
        state.log.add("draw", f"{who} draws a card into the hand "
                              f"({count(len(hand), 'card', 'cards')} now)")
        name = f"the {label(card)}" if KIND[card] == "joker" else label(card)
        state.log.add("card drawn", f"you draw {name} ({role(card)})", to=me)
        return
    cost = COST[card]
    # ch-draw-territory; ch-buy-compulsory: an affordable territory is pending until paid
    if money_in(state.hands[me]) >= cost:
        state.pending = card
        state.log.add("territory drawn",
                      f"{who} draws the territory {label(card)}, price ${cost}, and must buy it")
    else:
        # the rulebook makes this public: a territory you cannot pay for goes back
        state.log.add("territory drawn",
                      f"{who} draws the territory {label(card)}, price ${cost}, and cannot "
                      "pay for it: it goes back into the deck")
        state.shown = card
        reinsert(state, [card], label(card))


def hire(state: ChicagoState) -> None:
    """Rulebook "Hire a Henchman": 4-6 hires free, 1-3 costs $5 (``hire_due`` until it is
    paid or declined), and without $5 it fails."""
    # ch-hire-roll
    me = state.turn.current
    who = seat_name(me)
    roll = d6(state.rng)
    if roll >= 4:
        state.henchmen[me] += 1
        state.log.add("hire roll",
                      f"{who} rolls {roll} to hire: a henchman joins for free "
                      f"({count(state.henchmen[me], 'henchman', 'henchmen')} now)")
    else:
        # ch-hire-always-asked: always asked, whatever the hand: a player without $5 can only
        # decline, and the table hears the same "does not pay" as from one who will not pay.
        state.log.add("hire roll",
                      f"{who} rolls {roll} to hire: on 1 to 3 the henchman wants "
                      f"${HIRE_PRICE}")
        state.hire_due = True


def decline_hire(state: ChicagoState) -> None:
    """The player does not pay the $5 a henchman asked for: nobody is hired."""
    # ch-hire-refuse
    me = state.turn.current
    state.offered.clear()
    state.hire_due = False
    state.log.add("no hire", f"{seat_name(me)} does not pay ${HIRE_PRICE}: nobody is "
                             f"hired (still {count(state.henchmen[me], 'henchman', 'henchmen')})")


def covers(state: ChicagoState, card: str, price: int) -> bool:
    """Whether ``card``, put with the money already put forward, covers ``price``."""
    return money_in(state.offered) + VALUE[card] >= price


def put_toward(state: ChicagoState, card: str, price: int) -> tuple[str, ...]:
    """Put ``card`` toward ``price``: once the cards put forward cover it, they are the
    payment (returned, and no longer put forward); until then, ``()``."""
    # ch-payment-steps
    state.offered.append(card)
    if money_in(state.offered) < price:
        return ()
    cards = tuple(state.offered)
    state.offered.clear()
    return cards


def pay_territory_card(state: ChicagoState, action: PayCard) -> None:
    """One money card toward the drawn territory; the last one buys it."""
    cards = put_toward(state, action.card, COST[state.pending])
    if cards:
        pay(state, cards)


def pay_hire_card(state: ChicagoState, action: PayCard | Decline) -> None:
    """One money card toward the henchman's $5 (the last one hires him), or no hire."""
    if isinstance(action, Decline):
        decline_hire(state)
        return
    cards = put_toward(state, action.card, HIRE_PRICE)
    if cards:
        pay(state, cards)


def pay(state: ChicagoState, cards: tuple[str, ...]) -> None:
    """Pay for the drawn territory or the hired henchman; the money goes to the discards
    ([decided]: there is no bank, and no change is given)."""
    # ch-money-to-discards
    me = state.turn.current
    hand = state.hands[me]
    for c in cards:
        hand.remove(c)
    state.deck.discard_pile.extend(cards)
    paid = f"${sum(VALUE[c] for c in cards)} ({labels(cards)})"
    who = seat_name(me)
    if state.pending:
        card, state.pending = state.pending, ""
        state.log.add("payment", f"{who} pays {paid} for {label(card)}, price ${COST[card]}, "
                                 "and lays it face up; the money goes to the discard pile")
        gain_territory(state, me, card)
    else:
        state.hire_due = False
        state.henchmen[me] += 1
        state.log.add("henchman hired",
                      f"{who} pays {paid} and a henchman joins "
                      f"({count(state.henchmen[me], 'henchman', 'henchmen')} now); the money "
                      "goes to the discard pile")


def _dice(rolls: list[int]) -> str:
    """A roll in words: "5", or "5, 3 and 1 (best 5)"."""
    if len(rolls) == 1:
        return str(rolls[0])
    shown = ", ".join(map(str, rolls[:-1])) + f" and {rolls[-1]}"
    return f"{shown} (best {max(rolls)})"


def battle(state: ChicagoState, territory: str) -> None:
    """Rulebook "Battles": one die per henchman each, highest single die wins, the defender
    wins ties; a losing defender loses the territory ([decided] to the attacker), a losing
    attacker loses a henchman. A defender without henchmen loses it without a battle."""
    # ch-battle-dice, ch-battle-winner-takes, ch-battle-attacker-loses, ch-undefended
    me = state.turn.current
    owner = state.owner_of(territory)
    who, them, name = seat_name(me), seat_name(owner), label(territory)
    rng = state.rng
    if not state.henchmen[owner]:
        state.territories[owner].remove(territory)
        state.log.add("territory taken",
                      f"{who} walks into {them}'s {name}: {them} has no henchman to defend it")
        gain_territory(state, me, territory)
        return
    mine = sorted((d6(rng) for _ in range(state.henchmen[me])), reverse=True)
    theirs = sorted((d6(rng) for _ in range(state.henchmen[owner])), reverse=True)
    rolled = f"{who} rolls {_dice(mine)} against {them}'s {_dice(theirs)} for {name}"
    if mine[0] > theirs[0]:
        state.territories[owner].remove(territory)
        state.log.add("battle", f"{rolled}: {who} takes it")
        gain_territory(state, me, territory)
    else:
        state.henchmen[me] -= 1
        tie = " (the defender wins ties)" if mine[0] == theirs[0] else ""
        state.log.add("battle", f"{rolled}: {them} holds it{tie}, and {who} loses a henchman "
                                f"({state.henchmen[me]} left)")


def hit_man(state: ChicagoState, target: int) -> None:
    """Effect ``eliminate_henchman`` (an ace): the target loses one henchman; the ace is
    discarded."""
    # ch-hit-man
    me = state.turn.current
    hand = state.hands[me]
    ace = next(c for c in hand if EFFECT[c] == "eliminate_henchman")
    hand.remove(ace)
    state.deck.discard_pile.append(ace)
    state.henchmen[target] -= 1
    left = state.henchmen[target]
    them = seat_name(target)
    whom = f"one of {them}'s henchmen ({left} left)" if left else f"{them}'s last henchman"
    state.log.add("hit man", f"{seat_name(me)}'s hit man ({label(ace)}) eliminates {whom}; "
                             "the ace goes to the discard pile")


def play_joker(state: ChicagoState, card: str, territory: str) -> None:
    """Play a joker on a rival's territory; its owner may bribe the joker away if a hand of
    their size could pay the bribe, else the effect happens at once. The joker is then set
    aside."""
    me = state.turn.current
    state.hands[me].remove(card)
    # ch-joker-set-aside: [decided] a joker is a one-time event: once played it is set aside
    # for the rest of the game (else raids would recycle territories and refill the deck
    # without end)
    state.set_aside.append(card)
    owner = state.owner_of(territory)
    them, bribe = seat_name(owner), state.options.bribe
    state.log.add("joker", f"{seat_name(me)} plays the {label(card)} on {them}'s "
                           f"{label(territory)}; the joker is set aside for the rest of the game")
    # ch-bribe-asked: the victim is asked whenever a hand of its size could hold the bribe
    # (hand sizes are public), never according to what it really holds: that would tell the
    # table.
    size = len(state.hands[owner])
    if most_money(size) >= bribe:
        to = "the police" if EFFECT[card] == "police_raid" else seat_name(me)
        state.log.add("bribe asked", f"{them} may pay {to} ${bribe} to keep {label(territory)}")
        state.decisions.push(owner, BRIBE, effect=EFFECT[card], territory=territory,
                             attacker=me)
    else:
        state.log.add("no bribe", f"{them} cannot bribe: {out_of_reach(size, bribe)}")
        _joker_effect(state, EFFECT[card], territory, owner, me)


def _joker_effect(
    state: ChicagoState, effect: str, territory: str, owner: int, attacker: int
) -> None:
    state.territories[owner].remove(territory)
    name, them = label(territory), seat_name(owner)
    if effect == "police_raid":
        # ch-police-raid: the territory goes back into the deck, shuffled
        state.log.add("territory closed",
                      f"the police close {them}'s {name}: it goes back into the deck")
        reinsert(state, [territory], name)
    else:
        # ch-mob-attack: the attacker takes it, no dice rolled
        state.log.add("territory taken",
                      f"{seat_name(attacker)}'s mob takes {name} from {them}, no dice rolled")
        gain_territory(state, attacker, territory)


def bribe_settled(state: ChicagoState, prompt: Prompt, action: PayCard | Decline) -> bool:
    """Whether ``action`` settles the bribe ``prompt`` asks: a refusal, or the card that
    makes the money put forward cover it."""
    return isinstance(action, Decline) or covers(state, action.card, state.options.bribe)


def answer_bribe(state: ChicagoState, prompt: Prompt, action: PayCard | Decline) -> None:
    """The joker's victim puts one more money card toward the bribe ``prompt`` asks (the
    last one pays it) or lets the joker work (``Decline``).

    A police bribe goes back into the deck (shuffled in); a mob bribe goes to the attacker's
    hand (who discards down to the limit at the end of the turn)."""
    # ch-police-raid, ch-mob-attack: the bribe that stops them
    owner, territory = prompt.seat, prompt.get("territory")
    attacker, effect = prompt.get("attacker"), prompt.get("effect")
    them = seat_name(owner)
    if isinstance(action, Decline):
        state.offered.clear()
        state.log.add("bribe refused", f"{them} does not pay the ${state.options.bribe} bribe")
        _joker_effect(state, effect, territory, owner, attacker)
        return
    cards = put_toward(state, action.card, state.options.bribe)
    if not cards:
        return
    hand = state.hands[owner]
    for c in cards:
        hand.remove(c)
    # ch-bribe-face-down: [decided] a bribe is handed over face down: the table learns the
    # sum, not the cards
    paid = f"${sum(VALUE[c] for c in cards)} ({count(len(cards), 'card', 'cards')}, face down)"
    if effect == "police_raid":
        state.log.add("bribe paid", f"{them} bribes the police with {paid} and keeps "
                                    f"{label(territory)}")
        reinsert(state, list(cards), f"the bribe's {count(len(cards), 'card', 'cards')}",
                 plural=len(cards) > 1)
    else:
        state.hands[attacker].extend(cards)
        state.log.add("ransom paid", f"{them} pays {seat_name(attacker)} {paid} and keeps "
                                     f"{label(territory)}")
        state.log.add("ransom received", f"you receive {labels(cards)} from {them}",
                      to=attacker)


def discard(state: ChicagoState, card: str) -> None:
    """Discard ``card`` toward the hand limit at the end of the turn."""
    me = state.turn.current
    hand = state.hands[me]
    hand.remove(card)
    state.deck.discard_pile.append(card)
    state.log.add("discard", f"{seat_name(me)} discards {label(card)} ({role(card)}) for the "
                             f"{HAND_LIMIT}-card limit: {count(len(hand), 'card', 'cards')} left "
                             "in hand")
