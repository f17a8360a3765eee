"""How the table names its things and says its actions, in words.

Names: seats, Speakeasies, stills, trucks, cards, money. Every text a player reads
(narration, menus, the table view, the picture) names things through these helpers, so a
truck is "Player 2's Small Truck #3" everywhere: trucks are numbered from 1 in the order
they came into play, Remote Stills by their board (1-6), seats by ``seat_label``.

Actions and questions: what a move says at the table (``describe``), what the others see
of it (``describe_public``), the menu group it falls under, the amount it carries, and the
question a pending prompt asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.amounts import Amount
from tabletop.engine import seat_label

from . import actions as A
from . import odds
from .board import DOCK_NAMES, current_dock, holder, truck_by_id, wholesale
from .cards import (
    CARDS,
    MUSCLE_COST,
    SPEAKEASIES,
    TRUCK_BY_NAME,
    TRUCKS,
    key_of,
)

if TYPE_CHECKING:
    from .board import Truck
    from .state import BootleggersState


#: Truck sizes by capacity, as the rulebook names them.
TRUCK_NAME = {t.capacity: t.name.split()[0] for t in TRUCKS.values()}


def money(n: int) -> str:
    """An amount of dough: ``$3G``."""
    return f"${n}G"


def crates(n: int) -> str:
    """``1 crate``, ``3 crates``."""
    return f"{n} crate{'' if n == 1 else 's'}"


def men(n: int) -> str:
    """Influence markers, as the rulebook's mobsters call them: ``1 man``, ``2 men``."""
    return f"{n} {'man' if n == 1 else 'men'}"


def dice(n: int) -> str:
    """``1 die``, ``2 dice``."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def speakeasy(i: int) -> str:
    """A Speakeasy by its board index, or the Back Room for ``-1``."""
    return "the Back Room" if i < 0 else SPEAKEASIES[i].name


def still_place(code: int) -> str:
    """A still by its action code: ``0`` the Family Still, ``1 + r`` Remote Still ``r + 1``,
    ``-1`` the Back Room (where a die waits)."""
    if code < 0:
        return "Back Room"
    return "Family Still" if code == 0 else f"Remote Still {code}"


def still(owner: int, code: int) -> str:
    """``Player 1's Family Still`` (see :func:`still_place` for the codes)."""
    return f"{seat_label(owner)}'s {still_place(code)}"


def dock(code: int) -> str:
    """A dock by its code: ``Majority Dock``."""
    return f"{DOCK_NAMES[code]} Dock"


def truck(t: Truck) -> str:
    """``Small Truck #3`` (numbered from 1)."""
    return f"{TRUCK_NAME[t.capacity]} Truck #{t.id + 1}"


def owned_truck(t: Truck, with_cargo: bool = False) -> str:
    """``Player 2's Small Truck #3``, with ``(4 crates)`` when asked."""
    text = f"{seat_label(t.owner)}'s {truck(t)}"
    if t.renter >= 0:
        text += f" (rented by {seat_label(t.renter)})"
    if with_cargo:
        text += f" ({crates(t.cargo)})"
    return text


def card(card_id: str) -> str:
    """A Men of Action card's name, from its physical id (``hit#2``) or key (``hit``)."""
    return CARDS[key_of(card_id)].name


def card_with_brief(card_id: str) -> str:
    """A card's name and, in brackets, what it does in a few words (for menus)."""
    d = CARDS[key_of(card_id)]
    return f"{d.name} ({d.brief})" if d.brief else d.name


def muscle(n: int) -> str:
    """A Muscle card with its cost: ``Muscle 47 (costs $3G)``."""
    return f"Muscle {n} (costs {money(MUSCLE_COST[n])})"


def seats(who: list[int]) -> str:
    """``Player 1``, ``Player 1 and Player 3``, ``Player 1, Player 2 and Player 3``."""
    return listed([seat_label(p) for p in who]) if who else "nobody"


def listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hand_left(thugs: list[str], muscle: list[int]) -> str:
    """What a Mobster still holds, shown at the end: ``held the Thug cards Hit and Moll,
    and the Muscle cards 68 and 70``; ``held no cards``."""
    parts = []
    if thugs:
        parts.append(f"the Thug card{'s' if len(thugs) > 1 else ''} "
                     + listed([card(c) for c in thugs]))
    if muscle:
        parts.append(f"the Muscle card{'s' if len(muscle) > 1 else ''} "
                     + listed([str(n) for n in sorted(muscle)]))
    return "held " + (", and ".join(parts) if parts else "no cards")


# -- deals ---------------------------------------------------------------------------------
def deal_words(s: BootleggersState, what: str, n: int, price: int) -> str:
    """What a deal hands over and for what: ``3 crates for $2G``, ``his Small Truck #3 to
    rent this round for a Thug card``."""
    pay = price_words(price)
    if what == "crates":
        return f"{crates(n)} {pay}"
    named = truck(truck_by_id(s, n))
    return f"his {named} {'to buy' if what == 'sale' else 'to rent this round'} {pay}"


def price_words(price: int) -> str:
    """``for $2G``, ``for a Thug card``, ``for nothing``."""
    if price < 0:
        return "for a Thug card"
    return f"for {money(price)}" if price else "for nothing"


# -- actions and questions -------------------------------------------------------------------
def _truck(s: BootleggersState, truck_id: int) -> Truck:
    return truck_by_id(s, truck_id)


def _speakeasy_men(s: BootleggersState, i: int) -> str:
    return f"{sum(s.influence[i])} of {SPEAKEASIES[i].circles}"


def thug_target(s: BootleggersState, a: A.PlayThug) -> str:
    """The target of a Thug play in words (empty when it has none)."""
    d = CARDS[a.card]
    e, tg = d.effect, d.target
    speakeasy_target = tg in ("open_speakeasy", "open_speakeasy_no_omalley", "speakeasy",
                              "occupied_speakeasy", "rival_speakeasy", "improvement")
    where = speakeasy(a.target) if speakeasy_target else ""
    if e == "buy_influence":
        return f", buying {men(a.arg)} for {money(a.arg * d.price)}"
    if e == "big_payoff":
        return f" at {where}, paying {money(d.price)}{_against(s, a)}"
    if e == "destroy_influence":
        if a.arg2 < 0:
            return f" at {where}, removing a man of {seat_label(a.arg)}"
        who = (f"two men of {seat_label(a.arg)}" if a.arg == a.arg2
               else f"a man each of {seat_label(a.arg)} and {seat_label(a.arg2)}")
        return f" at {where}, removing {who}"
    if e == "double_cross":
        what = "adding one of his own" if a.arg < 0 else f"removing a man of {seat_label(a.arg)}"
        return f" at {where}, {what}"
    if e == "replace_influence":
        return f" at {where}, replacing a man of {seat_label(a.arg)}"
    if e == "hijack":
        return (f" on {owned_truck(_truck(s, a.target), True)}, loading his "
                f"{truck(_truck(s, a.arg))}")
    if e == "move_improvement":
        return f" from {where} to {speakeasy(a.arg)}"
    if e == "steal_die":
        return (f" on {seat_label(s.remote_owner[a.target])}'s Remote Still {a.target + 1}, "
                f"the die going to his {still_place(a.arg)}")
    if e in ("vigorish", "turf_war"):
        which = "Family Still" if a.arg < 0 else f"Remote Still {a.arg + 1}"
        extra = ""
        if e == "vigorish":
            count = s.family[a.target] if a.arg < 0 else s.remote_dice[a.arg]
            extra = f" ({money(d.price * count)} or it idles)"
        return f" on {seat_label(a.target)}'s {which}{extra}"
    if e == "moll":
        return (f" on {seat_label(a.target)} (one die: he pays the bank $1G to $6G, "
                "as much as he has; $3.5G on average)")
    if e == "recruiting" and s.to_act is not None:
        return f" (one die for 1 to 6 new men: {odds.recruits(s, s.to_act)})"
    if tg in ("open_speakeasy", "open_speakeasy_no_omalley", "speakeasy"):
        return f" at {where}{_against(s, a)}"
    if tg in ("seat", "rival", "union_boss"):
        return f" on {seat_label(a.target)}"
    if tg in ("empty_truck", "loaded_truck", "lined_truck"):
        return f" on {owned_truck(_truck(s, a.target), True)}"
    return ""


#: Speakeasy Thugs that take something from whoever holds the Speakeasy (its margin, its
#: sales or its control): said aloud, the way a player at the table would say it
AGAINST_HOLDER = ("copper_in_house", "bust_speakeasy", "big_payoff", "packing_heat")


def _against(s: BootleggersState, a: A.PlayThug) -> str:
    """", going after Player 2's hold there" when a Speakeasy Thug hurts a rival holder."""
    if CARDS[a.card].effect not in AGAINST_HOLDER or s.to_act is None:
        return ""
    who, ctl = holder(s, a.target)
    if who < 0 or who == s.to_act:
        return ""
    return f", going after {seat_label(who)}'s {'control' if ctl else 'majority'} there"


def _deal(s: BootleggersState) -> str:
    """The deal on the table (the top prompt), in words."""
    top = s.decisions.top
    assert top is not None
    return (f"{seat_label(top.get('seller'))}'s offer: "
            f"{deal_words(s, top.get('what'), top.get('n'), top.get('price'))}")


def _offered(s: BootleggersState) -> tuple[str, str]:
    """The offer whose price is asked (the top prompt): to whom, and what in words."""
    top = s.decisions.top
    if top is None or top.kind != "price":
        return "the buyer", "the offer"
    n, what = top.get("n"), top.get("what")
    if what == "crates":
        thing = "the crate" if n == 1 else f"the {crates(n)}"
    else:
        thing = (f"{'buying' if what == 'sale' else 'renting for this round'} his "
                 f"{truck(truck_by_id(s, n))}")
    return seat_label(top.get("partner")), thing


def _asking(s: BootleggersState, price: int) -> str:
    """A seller's price for the offer on the table, in words."""
    who, thing = _offered(s)
    if price < 0:
        return f"asks {who} for a Thug card of his choice for {thing}"
    if price == 0:
        return f"asks {who} nothing for {thing} (a favour, or a promise)"
    return f"asks {who} {money(price)} for {thing}"


def _pending_thug(s: BootleggersState) -> str:
    top = s.decisions.top
    if top is None or top.kind != "react":
        return "the Thug card"
    # a Thug card is played face up: where it aims is as public as the card itself
    aim = thug_target(s, s.pending_play) if s.pending_play is not None else ""
    return f"{seat_label(top.get('by'))}'s {CARDS[top.get('card')].name}{aim}"


def describe_public(s: BootleggersState, a: Any) -> str:
    """The action as the other Mobsters see it: a Muscle pick stays face down until all
    have chosen (Phase 1); a Thug card paid for a deal is seen by the seller alone."""
    who = s.to_act
    me = seat_label(who) if who is not None else "Nobody"
    if isinstance(a, A.PickMuscle):
        return f"{me} lays a Muscle card face down"
    if isinstance(a, A.AcceptDeal) and a.card:
        return f"{me} accepts {_deal(s)}, paying with a Thug card"
    return describe(s, a)


def describe(s: BootleggersState, a: Any) -> str:
    """The action as said at the table, with the money and the numbers involved."""
    who = s.to_act
    seat = who if who is not None else 0
    me = seat_label(who) if who is not None else "Nobody"
    if isinstance(a, A.PickMuscle):
        return f"{me} lays {muscle(a.card)} face down"
    if isinstance(a, A.TakeOffer):
        if a.slot < 0:
            size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
            return (f"{me} takes the {size.name} card (costs {money(size.price)}; "
                    f"{size.capacity} crates, graft {money(size.graft)} a round)")
        return (f"{me} takes {card_with_brief(s.offers[a.slot])} from offer space "
                f"{a.slot + 1}")
    if isinstance(a, A.ChooseRemote):
        return (f"{me} opens a new Remote Still with 1 die" if a.remote
                else f"{me} takes two still dice")
    if isinstance(a, A.PlaceDie):
        if a.still < 0:
            return f"{me} keeps a still die in his Back Room"
        now = s.family[seat] if a.still == 0 else s.remote_dice[a.still - 1]
        watched = ""
        if a.still == 0 and s.copper == seat:
            watched = (f"; the Copper watches it: a 5 on any of them shuts it "
                       f"{odds.copper_shuts(now + 1)} of rounds, against "
                       f"{odds.copper_shuts(now)} now")
        return (f"{me} puts a still die on his {still_place(a.still)} "
                f"({dice(now + 1)} then{watched})")
    if isinstance(a, A.PlaceImprovement):
        if a.speakeasy < 0:
            return f"{me} keeps a Speakeasy Improvement in his Back Room"
        place = SPEAKEASIES[a.speakeasy]
        return (f"{me} puts a Speakeasy Improvement at {place.name} (+1 on each of its "
                f"{dice(place.dice)}; {s.improvements[a.speakeasy] + 1}/{place.squares})")
    if isinstance(a, A.PlaceInfluence):
        i = a.speakeasy
        return (f"{me} sends a man to {speakeasy(i)} ({s.influence[i][seat] + 1} of his "
                f"there; {sum(s.influence[i]) + 1}/{SPEAKEASIES[i].circles}, opens at "
                f"{SPEAKEASIES[i].shaded})")
    if isinstance(a, A.PlayThug):
        d = CARDS[a.card]
        return f"{me} plays {d.name}{thug_target(s, a)} [{d.brief}]"
    if isinstance(a, A.React):
        if a.cancel:
            return f"{me} cancels {_pending_thug(s)} with G-Men: Investigation"
        return f"{me} lets {_pending_thug(s)} stand"
    if isinstance(a, A.PayVigorish):
        top = s.decisions.top
        cost = top.get("cost") if top else 0
        by = seat_label(top.get("by")) if top else "him"
        if a.pay:
            return f"{me} pays {by} {money(cost)} of Vigorish"
        return f"{me} refuses to pay {by} {money(cost)}: his still idles this round"
    if isinstance(a, A.TakeHome):
        left = s.influence[a.speakeasy][seat] - 1
        return (f"{me} brings a man home from {speakeasy(a.speakeasy)} "
                f"({left} of his left there)")
    if isinstance(a, A.OfferCrates):
        return (f"{me} offers {seat_label(a.partner)} {crates(a.crates)} (the price "
                "comes next)")
    if isinstance(a, A.OfferTruck):
        what = "to buy" if a.sale else "to rent this round"
        return (f"{me} offers {seat_label(a.partner)} his {truck(_truck(s, a.truck))} "
                f"{what} (the price comes next)")
    if isinstance(a, A.AskPrice):
        return f"{me} {_asking(s, a.price)}"
    if isinstance(a, A.AcceptDeal):
        how = (f", paying with {CARDS[a.card].name}" if a.card else "")
        return f"{me} accepts {_deal(s)}{how}"
    if isinstance(a, A.RefuseDeal):
        return f"{me} turns down {_deal(s)}"
    if isinstance(a, A.LoadTruck):
        t = _truck(s, a.truck)
        return (f"{me} loads {crates(a.crates)} on his {truck(t)} ({a.crates} of "
                f"{t.capacity}; {s.crates[seat] - a.crates} left in the Back Room)")
    if isinstance(a, A.SendTruck):
        t = _truck(s, a.truck)
        code = current_dock(s, seat, a.speakeasy)
        return (f"{me} sends his {truck(t)} ({crates(t.cargo)}) to the "
                f"{dock(code)} of {speakeasy(a.speakeasy)} "
                f"({money(wholesale(s, a.speakeasy, seat))} a crate): "
                f"{odds.sending(s, seat, t, a.speakeasy, code)}")
    if isinstance(a, A.AllowTruck):
        return f"{me} {'lets' if a.allow else 'turns away'} {_public_truck(s)}" + (
            "" if a.allow else ", closing the Public Dock")
    if isinstance(a, A.EndTurn):
        top = s.decisions.top
        if top is not None and top.kind == "home":
            return f"{me} brings no more men home"
        return f"{me} {DONE.get(s.step, 'is done')}"
    return f"{me}: {type(a).__name__}"


#: "Player 2 ..." ending his part of a step: each names the step it ends
DONE = {
    "offers": "ends his Phase 1 turn",
    "influence": "is done placing men (Phase 2)",
    "production": "is done before the stills are rolled (Phase 3)",
    "deals": "is done dealing",
    "loading": "is done loading",
    "loaded": "is done with the loaded trucks (Phase 4)",
    "lined_up": "is done with the trucks at the docks (Phase 4)",
}


def _public_truck(s: BootleggersState) -> str:
    top = s.decisions.top
    if top is None:
        return "the next Public Dock truck"
    t = _truck(s, top.get("truck"))
    return (f"{owned_truck(t, True)} sell at the Public Dock of "
            f"{speakeasy(top.get('speakeasy'))}")


def question(s: BootleggersState) -> str:
    """The pending out-of-turn question in words (empty when there is none)."""
    top = s.decisions.top
    if top is None:
        return ""
    who = seat_label(top.seat)
    kind = top.kind
    if kind == "deal":
        return f"{who} to answer {_deal(s)}"
    if kind == "price":
        buyer, thing = _offered(s)
        return f"{who} to name {buyer} his price for {thing}"
    if kind == "react":
        return f"{who} to let {_pending_thug(s)} stand or cancel it"
    if kind == "vig":
        return (f"{who} to pay {seat_label(top.get('by'))} {money(top.get('cost'))} "
                "of A Little Vigorish, or let that still idle this round")
    if kind == "allow":
        t = _truck(s, top.get("truck"))
        return (f"{who} to let {owned_truck(t, True)} sell at the Public Dock of "
                f"{speakeasy(top.get('speakeasy'))}, or close it")
    if kind == "die":
        return f"{who} to place {dice(top.get('left', 1))} from a Still Improvement"
    if kind == "double":
        return f"{who} to take two still dice or open a Remote Still"
    if kind == "impr":
        return f"{who} to place a Speakeasy Improvement marker"
    if kind == "home":
        return f"{who} to bring up to {men(top.get('left'))} home (Safe-house)"
    return f"{who} to answer"


def action_group(s: BootleggersState, a: Any) -> str:
    """The menu heading of an action, so that long menus come in short groups: deal offers
    by partner, Thug plays by card, trucks by truck, placements by kind."""
    if isinstance(a, A.OfferCrates):
        return f"Offer crates to {seat_label(a.partner)}"
    if isinstance(a, A.OfferTruck):
        return f"Offer a truck to {seat_label(a.partner)}"
    if isinstance(a, A.PlayThug):
        d = CARDS[a.card]
        return f"Play {d.name} [{d.brief}]"
    if isinstance(a, A.SendTruck):
        t = _truck(s, a.truck)
        return f"Send your {truck(t)} ({crates(t.cargo)})"
    if isinstance(a, A.LoadTruck):
        return f"Load your {truck(_truck(s, a.truck))}"
    if isinstance(a, A.PlaceInfluence):
        return "Send a man to a Speakeasy"
    if isinstance(a, A.PlaceImprovement) and s.decisions.top is None:
        return "Place a Speakeasy Improvement"
    if isinstance(a, A.PlaceDie) and s.decisions.top is None:
        return "Place a still die from your Back Room"
    return ""


def amount(s: BootleggersState, a: Any) -> Amount | None:
    """The actions that are one number in a range, typed at the table rather than picked
    from a list: the crates offered to a partner, the price asked, the crates loaded on a
    truck, the men bought with Politics."""
    if isinstance(a, A.OfferCrates):
        return Amount(f"Crates to offer {seat_label(a.partner)}", a.crates, unit="crates")
    if isinstance(a, A.AskPrice):
        if a.price < 0:
            return None
        who, thing = _offered(s)
        return Amount(f"Price asked of {who} for {thing}", a.price, unit="G", prefix="$")
    if isinstance(a, A.LoadTruck):
        return Amount(f"Crates to load on your {truck(_truck(s, a.truck))}", a.crates,
                      unit="crates")
    if isinstance(a, A.PlayThug) and CARDS[a.card].effect == "buy_influence":
        d = CARDS[a.card]
        return Amount(f"Men to buy with {d.name} ({money(d.price)} each)", a.arg,
                      unit="men")
    return None
