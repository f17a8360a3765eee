"""What the actions and cards of Chicago DIY do: drawing, hiring, battles, hit men, jokers,
payments and bribes. Each effect kind of the card data (``eliminate_henchman``,
``police_raid``, ``mob_attack``) is implemented here once.

These functions change a :class:`~games.chicago_diy.state.ChicagoState` that ``apply`` has
already checked; they leave the turn in the right phase and write the public log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.chicago_diy import rules
from games.chicago_diy.actions import Decline, Pay
from games.chicago_diy.cards import COST, EFFECT, KIND, VALUE, label, money_in, most_money
from tabletop.components import d6

if TYPE_CHECKING:
    from games.chicago_diy.state import ChicagoState


def reinsert(state: ChicagoState, cards: list[str]) -> None:
    """Rulebook NOTE: a card going back into the deck is shuffled in together with the
    discards.

    Nobody knows the order of the draw pile, so slipping each returning card in at a random
    depth gives exactly the odds of shuffling the whole pile, for far fewer random draws.
    """
    deck, rng = state.deck, state.rng
    returning = cards + deck.discard_pile
    deck.discard_pile.clear()
    for card in returning:
        deck.insert_at_random(card, rng)


def draw(state: ChicagoState) -> None:
    """Rulebook "Draw and Play a Card": flip the top card and deal with it by its kind."""
    me = state.turn.current
    card = state.deck.draw_pile.pop()
    who = rules.seat_name(me)
    if KIND[card] != "territory":
        # money, hit men and jokers go into the hidden hand ([decided] only the drawer sees it)
        state.hands[me].append(card)
        state.log.add("draw", f"{who} draws a card into the hand")
        state.phase = rules.AFTER
        return
    cost = COST[card]
    if money_in(state.hands[me]) >= cost:
        state.pending = card
        state.phase = rules.PAY_TERRITORY
        state.log.add("territory drawn", f"{who} draws {label(card)} and must pay ${cost} for it")
    else:
        reinsert(state, [card])
        state.log.add("territory drawn",
            f"{who} draws {label(card)} but cannot pay ${cost}: it is shuffled back"
        )
        state.phase = rules.AFTER


def hire(state: ChicagoState) -> None:
    """Rulebook "Hire a Henchman": 4-6 hires free, 1-3 costs $5, and without $5 it fails."""
    me = state.turn.current
    who = rules.seat_name(me)
    roll = d6(state.rng)
    if roll >= 4:
        state.henchmen[me] += 1
        state.log.add("hire roll", f"{who} rolls {roll}: a henchman joins for free")
        state.phase = rules.AFTER
    else:
        # Always asked, whatever the hand: a player without $5 can only decline, and the
        # table hears the same "does not pay" as from one who will not pay.
        state.log.add("hire roll", f"{who} rolls {roll}: the henchman wants ${rules.HIRE_PRICE}")
        state.phase = rules.PAY_HIRE


def pay(state: ChicagoState, cards: tuple[str, ...]) -> None:
    """Pay for the drawn territory or the hired henchman; the money goes to the discards
    ([decided]: there is no bank, and no change is given)."""
    me = state.turn.current
    hand = state.hands[me]
    for c in cards:
        hand.remove(c)
    state.deck.discard_pile.extend(cards)
    paid = ", ".join(label(c) for c in cards)
    who = rules.seat_name(me)
    if state.phase == rules.PAY_TERRITORY:
        card, state.pending = state.pending, ""
        state.log.add("payment", f"{who} pays {paid} for {label(card)}")
        state.phase = rules.AFTER
        state.gain_territory(me, card)
    else:
        state.henchmen[me] += 1
        state.log.add("henchman hired", f"{who} pays {paid}: a henchman joins")
        state.phase = rules.AFTER


def battle(state: ChicagoState, territory: str) -> None:
    """Rulebook "Battles": one die per henchman each, highest single die wins, the defender
    wins ties; a losing defender loses the territory ([decided] to the attacker), a losing
    attacker loses a henchman. A defender without henchmen loses it without a battle."""
    me = state.turn.current
    owner = state.owner_of(territory)
    who, them = rules.seat_name(me), rules.seat_name(owner)
    rng = state.rng
    state.phase = rules.AFTER
    if not state.henchmen[owner]:
        state.territories[owner].remove(territory)
        state.log.add("territory taken", f"{who} walks into {label(territory)}: {them} has nobody to defend it")
        state.gain_territory(me, territory)
        return
    mine = max(d6(rng) for _ in range(state.henchmen[me]))
    theirs = max(d6(rng) for _ in range(state.henchmen[owner]))
    if mine > theirs:
        state.territories[owner].remove(territory)
        state.log.add("attack roll", f"{who} rolls {mine} against {theirs} and takes {label(territory)}")
        state.gain_territory(me, territory)
    else:
        state.henchmen[me] -= 1
        state.log.add("attack roll",
            f"{who} rolls {mine} against {theirs} for {label(territory)} and loses a henchman"
        )


def hit_man(state: ChicagoState, target: int) -> None:
    """Effect ``eliminate_henchman`` (an ace): the target loses one henchman; the ace is
    discarded."""
    me = state.turn.current
    hand = state.hands[me]
    ace = next(c for c in hand if EFFECT[c] == "eliminate_henchman")
    hand.remove(ace)
    state.deck.discard_pile.append(ace)
    state.henchmen[target] -= 1
    left = state.henchmen[target]
    state.log.add("hit man",
        f"{rules.seat_name(me)}'s hit man ({label(ace)}) eliminates a henchman of "
        f"{rules.seat_name(target)} ({left} left)"
    )


def play_joker(state: ChicagoState, card: str, territory: str) -> None:
    """Play a joker on a rival's territory; its owner may bribe the joker away if they can
    pay the bribe, else the effect happens at once. The joker is then set aside."""
    me = state.turn.current
    state.hands[me].remove(card)
    # [decided] a joker is a one-time event: once played it is set aside for the rest of
    # the game (else raids would recycle territories and refill the deck without end)
    state.set_aside.append(card)
    owner = state.owner_of(territory)
    state.log.add("police card", f"{rules.seat_name(me)} plays the {label(card)} on {label(territory)}")
    # The victim is asked whenever a hand of its size could hold the bribe (hand sizes are
    # public), never according to what it really holds: that would tell the table.
    if most_money(len(state.hands[owner])) >= state.options.bribe:
        state.decisions.push(owner, rules.BRIBE, effect=EFFECT[card], territory=territory,
                             attacker=me)
    else:
        _joker_effect(state, EFFECT[card], territory, owner, me)


def _joker_effect(
    state: ChicagoState, effect: str, territory: str, owner: int, attacker: int
) -> None:
    state.territories[owner].remove(territory)
    if effect == "police_raid":
        # rulebook "Red Joker": the territory goes back into the deck, shuffled
        reinsert(state, [territory])
        state.log.add("territory closed", f"the police close {label(territory)}: it goes back into the deck")
    else:
        # rulebook "Black Joker": the attacker takes it, no dice rolled
        state.log.add("territory taken", f"{rules.seat_name(attacker)}'s mob takes {label(territory)}")
        state.gain_territory(attacker, territory)


def answer_bribe(state: ChicagoState, action: Pay | Decline) -> None:
    """The joker's victim pays the bribe (``Pay``) or lets the joker work (``Decline``).

    A police bribe goes back into the deck (shuffled in); a mob bribe goes to the attacker's
    hand (who discards down to the limit at the end of the turn)."""
    prompt = state.decisions.pop()
    owner, territory = prompt.seat, prompt.get("territory")
    attacker, effect = prompt.get("attacker"), prompt.get("effect")
    if not isinstance(action, Pay):
        state.log.add("bribe refused", f"{rules.seat_name(owner)} does not pay the bribe")
        _joker_effect(state, effect, territory, owner, attacker)
        return
    cards = action.cards
    hand = state.hands[owner]
    for c in cards:
        hand.remove(c)
    # [decided] a bribe is handed over face down: the table learns the sum, not the cards
    paid = f"${sum(VALUE[c] for c in cards)} ({len(cards)} cards)"
    if effect == "police_raid":
        reinsert(state, list(cards))
        state.log.add("bribe paid", f"{rules.seat_name(owner)} bribes the police with {paid} and keeps "
                         f"{label(territory)}")
    else:
        state.hands[attacker].extend(cards)
        state.log.add("ransom paid", f"{rules.seat_name(owner)} pays {rules.seat_name(attacker)} {paid} and "
                         f"keeps {label(territory)}")
