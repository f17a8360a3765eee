"""What each Thug card does once it stands (nobody cancelled it), narrated with its numbers.

One function per effect of the vocabulary in ``cards.EFFECTS``, implemented once; the
follow-up answers some effects ask for (A Little Vigorish, Safe-house) are here too.
Rulebook: "Detailed Listing of Thug Cards" and "FAQ/Rule Clarifications". Each event's kind
is the card's name in lower case, so ``tabletop simulate`` counts the cards that took effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label

from . import muscle, selling, shipping, words
from .actions import PayVigorish, PlayThug, TakeHome
from .board import truck_by_id
from .cards import SPEAKEASIES, CardDef

if TYPE_CHECKING:
    from tabletop.components import Prompt

    from .state import BootleggersState


# bl-narration
def _say(s: BootleggersState, d: CardDef, text: str, to: int | None = None) -> None:
    s.log.add(d.name.lower(), text, to=to)


def _with_change(text: str, change: str) -> str:
    return f"{text}; {change}." if change else f"{text}."


def resolve(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    """Carry out effect ``d.effect`` of a Thug card played by ``seat``."""
    EFFECT_RULES[d.effect](s, seat, d, a)


# -- Speakeasies this round -------------------------------------------------------------------
# bl-thug-word-of-mouth
def _profit_bonus(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    s.profit_bonus[i] += d.amount
    margin = SPEAKEASIES[i].profit(s.players) + s.profit_bonus[i]
    _say(s, d, f"Word of Mouth: the profit margin at {words.speakeasy(i)} is "
         f"{words.money(margin)} a crate this round (+{words.money(d.amount)}).")


# bl-thug-copper-in-the-house
def _copper_in_house(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    s.coppered[a.target] = True
    _say(s, d, f"Copper in the House: this round {words.speakeasy(a.target)} buys every crate "
         "at $1G, from any dock, and nobody earns its profit.")


# bl-thug-thirsty
def _extra_demand_die(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    s.extra_dice[i] += d.amount
    total = SPEAKEASIES[i].dice + s.extra_dice[i]
    _say(s, d, f"Thirsty: {words.speakeasy(i)} rolls {words.dice(total)} for demand this "
         f"round (+{d.amount}).")


# bl-thug-packing-heat
def _packing_heat(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    s.packing[a.target] = seat
    _say(s, d, f"Packing Heat: this round {words.speakeasy(a.target)} pays everyone but "
         f"{seat_label(seat)} only $1G a crate.")


# bl-thug-big-payoff, bl-faq-big-payoff, bl-faq-paid-to-bank
def _big_payoff(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    before = selling.standing_now(s, i)
    s.money.burn(f"seat:{seat}", d.price)
    s.payoff[i] = seat
    change = selling.standing_change(s, i, before)
    _say(s, d, _with_change(f"{seat_label(seat)} pays the bank {words.money(d.price)}: he "
                            f"holds Controlling influence at {words.speakeasy(i)} this round",
                            change))
    shipping.redock(s, i)  # FAQ: the trucks there line up again


# bl-thug-bust-a-speakeasy
def _bust_speakeasy(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    s.busted[a.target] = True
    _say(s, d, f"The G-Men close {words.speakeasy(a.target)} this round: it buys nothing, "
         "and no truck may be sent there.")


# -- influence ----------------------------------------------------------------------------------
# bl-faq-destroyed-men
def _remove_men(s: BootleggersState, d: CardDef, i: int, victims: list[int], why: str) -> None:
    before = selling.standing_now(s, i)
    for p in victims:
        s.influence[i][p] -= 1
    lost = ", ".join(f"{seat_label(p)} loses a man" for p in victims)
    _say(s, d, _with_change(f"{lost} at {words.speakeasy(i)} ({why})",
                            selling.standing_change(s, i, before)))


# bl-thug-hit-and-mob-war
def _destroy_influence(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    # FAQ: destroyed markers go back to their owner's supply, not the Back Room.
    victims = [a.arg] + ([a.arg2] if a.arg2 >= 0 else [])
    _remove_men(s, d, a.target, victims, "back to the supply")


# bl-thug-you-dirty-rat
def _replace_influence(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    before = selling.standing_now(s, i)
    s.influence[i][a.arg] -= 1
    s.influence[i][seat] += 1
    _say(s, d, _with_change(
        f"At {words.speakeasy(i)} a man of {seat_label(a.arg)} (back to his supply) is "
        f"replaced by one of {seat_label(seat)}'s from his supply",
        selling.standing_change(s, i, before)))


# bl-thug-double-cross
def _double_cross(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    if a.arg >= 0:
        _remove_men(s, d, i, [a.arg], "back to the supply")
        return
    before = selling.standing_now(s, i)
    s.influence[i][seat] += 1
    _say(s, d, _with_change(f"{seat_label(seat)} adds a man from his supply at "
                            f"{words.speakeasy(i)}", selling.standing_change(s, i, before)))


# bl-thug-politics
def _buy_influence(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    cost = a.arg * d.price
    s.money.burn(f"seat:{seat}", cost)
    got = muscle.gain_influence(s, seat, a.arg)
    _say(s, d, f"{seat_label(seat)} pays the bank {words.money(cost)} ({a.arg} at "
         f"{words.money(d.price)}): " + muscle.gain_words(s, seat, a.arg, got) + ".")


# bl-thug-recruiting
def _recruiting(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    left = 1 + s.rng.below(6)
    takers = [seat]
    while len(takers) < left:
        takers += s.order
    got = [0] * s.players
    for p in takers[:left]:
        got[p] += muscle.gain_influence(s, p, 1)
    shares = ", ".join(f"{seat_label(p)} {got[p]}" for p in s.order if got[p])
    _say(s, d, f"Recruiting rolls {left}: {words.men(left)} to share, {seat_label(seat)} "
         f"first, then one each in Muscle order; new men in Back Rooms: {shares or 'none'}.")


# bl-thug-opportunity-knocks
def _move_improvement(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i, j = a.target, a.arg
    s.improvements[i] -= 1
    s.improvements[j] += 1
    _say(s, d, f"An improvement marker moves from {words.speakeasy(i)} (now "
         f"{s.improvements[i]}/{SPEAKEASIES[i].squares}) to {words.speakeasy(j)} (now "
         f"{s.improvements[j]}/{SPEAKEASIES[j].squares}).")


# bl-thug-safe-house
def _safe_house(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    _say(s, d, f"{seat_label(seat)} may bring up to {words.men(d.amount)} home from the "
         "Speakeasies (they wait in his Back Room until next round).")
    s.decisions.push(seat, "home", left=d.amount)


def answer_home(s: BootleggersState, prompt: Prompt, action: Any) -> None:
    """Safe-house: bring one marker home; it may not be placed again this round."""
    if not isinstance(action, TakeHome):
        return
    seat = prompt.seat
    i = action.speakeasy
    before = selling.standing_now(s, i)
    s.influence[i][seat] -= 1
    s.back_influence[seat] += 1
    s.locked[seat] += 1
    selling.say_change(s, i, before, "safe-house")
    left = prompt.get("left") - 1
    if left > 0 and any(s.influence[k][seat] for k in range(1, s.speakeasy_count)):
        s.decisions.push(seat, "home", left=left)


# -- Muscle and money -------------------------------------------------------------------------
# bl-thug-big-city-boys
def _muscle_bonus(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    p = a.target
    s.bonus[p] += d.amount
    _say(s, d, f"Big City Boys: {seat_label(p)}'s Muscle counts {s.muscle(p)} this round "
         f"({s.shown[p]} + {s.bonus[p]}).")
    muscle.reorder(s, f"Big City Boys on {seat_label(p)}")


# bl-thug-moll
def _moll(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    roll = 1 + s.rng.below(6)
    paid = s.money.pay_what_you_can_to_bank(f"seat:{a.target}", roll)  # FAQ: a free pass
    who = seat_label(a.target)
    text = f"The Moll rolls {roll}: {who} spends {words.money(paid)} (to the bank)"
    if paid < roll:
        text += f"; he had only {words.money(paid)} and gets a free pass on the rest"
    _say(s, d, text + ".")


# bl-thug-vigorish
def _vigorish(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    i = a.target
    dice = s.family[i] if a.arg < 0 else s.remote_dice[a.arg]
    code = i if a.arg < 0 else 100 + a.arg
    cost = d.price * dice
    _say(s, d, f"A Little Vigorish: {seat_label(i)} must pay {seat_label(seat)} "
         f"{words.money(cost)} ({words.dice(dice)} at {words.money(d.price)}) or his "
         f"{_vig_still(i, code)} stands idle this round.")
    s.decisions.push(i, "vig", by=seat, still=code, cost=cost)


def _vig_still(owner: int, code: int) -> str:
    return "Family Still" if code < 100 else f"Remote Still {code - 99}"


def answer_vig(s: BootleggersState, prompt: Prompt, action: PayVigorish) -> None:
    """Pay the Vigorish to its player, or idle the still this round."""
    pay = action.pay
    payer, taker, cost = prompt.seat, prompt.get("by"), prompt.get("cost")
    still = _vig_still(payer, prompt.get("still"))
    if pay:
        s.money.transfer(f"seat:{payer}", f"seat:{taker}", cost)
        text = (f"{seat_label(payer)} pays {seat_label(taker)} {words.money(cost)} of "
                f"Vigorish: his {still} works this round.")
    else:
        s.idle_stills.append(prompt.get("still"))
        text = (f"{seat_label(payer)} does not pay {seat_label(taker)}: his {still} stands "
                "idle this round.")
    s.log.add("a little vigorish", text)


# bl-thug-friendly-union-boss, bl-faq-union-boss
def _union_boss(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    _say(s, d, f"{seat_label(seat)} displays a Friendly Union Boss: he pays no Driver Graft "
         "while it lies in front of him.")


# bl-thug-investigation
def _investigation(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    s.deck.discard(s.union[a.target])
    s.union[a.target] = ""
    _say(s, d, f"{seat_label(a.target)}'s Friendly Union Boss is discarded: his Driver Graft "
         "is due again from next round.")


# bl-thug-windfall, bl-faq-windfall
def _windfall(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    card = s.deck.draw(s.rng)
    _say(s, d, f"{seat_label(seat)} draws a Men of Action card blind and redeems it.")
    _say(s, d, f"Your Windfall draws {words.card(card)}.", to=seat)
    muscle.redeem(s, seat, card)


# bl-thug-warehouse
def _warehouse(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    s.warehouse_on[seat] = True
    _say(s, d, f"{seat_label(seat)}'s crates left unloaded this round will be kept for the "
         "next round (not those shipped and unsold).")


# -- stills -----------------------------------------------------------------------------------
# bl-thug-muscling-in
def _steal_die(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    r = a.target
    s.remote_dice[r] -= 1  # the robbed Remote Still stays, even with no die left
    muscle.add_die(s, seat, a.arg)
    _say(s, d, f"{seat_label(seat)} takes a die from {seat_label(s.remote_owner[r])}'s Remote "
         f"Still {r + 1} (now {words.dice(s.remote_dice[r])}) to {words.still(seat, a.arg)}.")


# bl-thug-turf-war
def _turf_war(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    p = a.target
    if a.arg < 0:
        s.family[p] -= 1
        text = (f"{seat_label(p)}'s Family Still loses a die (now "
                f"{words.dice(s.family[p])}).")
    else:
        lost = s.remote_dice[a.arg]
        s.remote_owner[a.arg] = -1
        s.remote_dice[a.arg] = 0
        text = (f"{seat_label(p)}'s Remote Still {a.arg + 1} is wrecked with its "
                f"{words.dice(lost)}.")
    _say(s, d, text)


# -- trucks -----------------------------------------------------------------------------------
# bl-thug-hey-free-truck, bl-faq-free-truck
def _steal_truck(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    t = truck_by_id(s, a.target)
    was = words.owned_truck(t)
    t.owner, t.renter = seat, -1
    _say(s, d, f"{seat_label(seat)} takes {was} for good.")


# bl-thug-favors
def _borrow_truck(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    t = muscle.new_truck(s, seat, d.amount, favor=True)
    _say(s, d, f"{seat_label(seat)} drives {words.truck(t)} from the supply this round, free "
         "(no graft; it goes back after selling).")


# bl-thug-bust-a-shipment
def _bust_shipment(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    t = truck_by_id(s, a.target)
    lost = t.cargo
    t.cargo = 0
    _say(s, d, f"The G-Men seize the {words.crates(lost)} on {words.owned_truck(t)}; the "
         "empty truck stays with its driver.")


# bl-thug-move-over-pigeon, bl-faq-pigeon
def _steal_sale(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    t = truck_by_id(s, a.target)
    t.pigeon = seat
    _say(s, d, f"Move Over, Pigeon: what {words.owned_truck(t, True)} sells at "
         f"{words.speakeasy(t.speakeasy)} is paid to {seat_label(seat)}; the truck keeps its "
         "place in line.")


# bl-thug-hijack, bl-faq-hijack
def _hijack(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    target = truck_by_id(s, a.target)
    mine = truck_by_id(s, a.arg)
    moved = target.cargo
    mine.cargo, target.cargo = target.cargo, 0
    text = (f"{seat_label(seat)} moves the {words.crates(moved)} of {words.owned_truck(target)} "
            f"onto his {words.truck(mine)}")
    if target.speakeasy >= 0:
        # FAQ: the robbed truck stays in line, empty; ours joins the back of its dock.
        shipping.line_up(s, mine, target.speakeasy)
        text += (f", which lines up at the back of the {words.dock(mine.dock)} of "
                 f"{words.speakeasy(target.speakeasy)}")
    _say(s, d, text + ".")


EFFECT_RULES: dict[str, Callable[[BootleggersState, int, CardDef, PlayThug], None]] = {
    "profit_bonus": _profit_bonus, "copper_in_house": _copper_in_house,
    "extra_demand_die": _extra_demand_die, "packing_heat": _packing_heat,
    "big_payoff": _big_payoff, "bust_speakeasy": _bust_speakeasy,
    "destroy_influence": _destroy_influence, "replace_influence": _replace_influence,
    "double_cross": _double_cross, "buy_influence": _buy_influence, "recruiting": _recruiting,
    "move_improvement": _move_improvement, "safe_house": _safe_house,
    "muscle_bonus": _muscle_bonus, "moll": _moll, "vigorish": _vigorish,
    "union_boss": _union_boss, "investigation": _investigation, "windfall": _windfall,
    "warehouse": _warehouse, "steal_die": _steal_die, "turf_war": _turf_war,
    "steal_truck": _steal_truck, "borrow_truck": _borrow_truck,
    "bust_shipment": _bust_shipment, "steal_sale": _steal_sale, "hijack": _hijack,
}
