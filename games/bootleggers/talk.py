"""Actions and questions in words: what a move says at the table (``describe``), what the
others see of it (``describe_public``), the menu group it falls under, and the question a
pending prompt asks.

Every text names seats as "Player 1", trucks by their number from 1 and cards with what
they do, through :mod:`games.bootleggers.names`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers import actions as A
from games.bootleggers import names, odds
from games.bootleggers.cards import CARDS, SPEAKEASIES
from tabletop.amounts import Amount
from tabletop.engine import seat_label

if TYPE_CHECKING:
    from games.bootleggers.board import Truck
    from games.bootleggers.state import BootleggersState


def _truck(s: BootleggersState, truck_id: int) -> Truck:
    from games.bootleggers.shipping import truck_by_id

    return truck_by_id(s, truck_id)


def _speakeasy_men(s: BootleggersState, i: int) -> str:
    return f"{sum(s.influence[i])} of {SPEAKEASIES[i].circles}"


def thug_target(s: BootleggersState, a: A.PlayThug) -> str:
    """The target of a Thug play in words (empty when it has none)."""
    d = CARDS[a.card]
    e, tg = d.effect, d.target
    speakeasy_target = tg in ("open_speakeasy", "open_speakeasy_no_omalley", "speakeasy",
                              "occupied_speakeasy", "rival_speakeasy", "improvement")
    where = names.speakeasy(a.target) if speakeasy_target else ""
    if e == "buy_influence":
        return f", buying {names.men(a.arg)} for {names.money(a.arg * d.price)}"
    if e == "big_payoff":
        return f" at {where}, paying {names.money(d.price)}{_against(s, a)}"
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
        return (f" on {names.owned_truck(_truck(s, a.target), True)}, loading his "
                f"{names.truck(_truck(s, a.arg))}")
    if e == "move_improvement":
        return f" from {where} to {names.speakeasy(a.arg)}"
    if e == "steal_die":
        return (f" on {seat_label(s.remote_owner[a.target])}'s Remote Still {a.target + 1}, "
                f"the die going to his {names.still_place(a.arg)}")
    if e in ("vigorish", "turf_war"):
        still = "Family Still" if a.arg < 0 else f"Remote Still {a.arg + 1}"
        extra = ""
        if e == "vigorish":
            dice = s.family[a.target] if a.arg < 0 else s.remote_dice[a.arg]
            extra = f" ({names.money(d.price * dice)} or it idles)"
        return f" on {seat_label(a.target)}'s {still}{extra}"
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
        return f" on {names.owned_truck(_truck(s, a.target), True)}"
    return ""


#: Speakeasy Thugs that take something from whoever holds the Speakeasy (its margin, its
#: sales or its control): said aloud, the way a player at the table would say it
AGAINST_HOLDER = ("copper_in_house", "bust_speakeasy", "big_payoff", "packing_heat")


def _against(s: BootleggersState, a: A.PlayThug) -> str:
    """", going after Player 2's hold there" when a Speakeasy Thug hurts a rival holder."""
    from games.bootleggers.selling import holder

    if CARDS[a.card].effect not in AGAINST_HOLDER or s.to_act is None:
        return ""
    who, ctl = holder(s, a.target)
    if who < 0 or who == s.to_act:
        return ""
    return f", going after {seat_label(who)}'s {'control' if ctl else 'majority'} there"


def _deal(s: BootleggersState) -> str:
    """The deal on the table (the top prompt), in words."""
    from games.bootleggers.shipping import deal_words

    top = s.decisions.top
    assert top is not None
    return (f"{seat_label(top.get('seller'))}'s offer: "
            f"{deal_words(s, top.get('what'), top.get('n'), top.get('price'))}")


def _offered(s: BootleggersState) -> tuple[str, str]:
    """The offer whose price is asked (the top prompt): to whom, and what in words."""
    from games.bootleggers.shipping import truck_by_id

    top = s.decisions.top
    if top is None or top.kind != "price":
        return "the buyer", "the offer"
    n, what = top.get("n"), top.get("what")
    if what == "crates":
        thing = "the crate" if n == 1 else f"the {names.crates(n)}"
    else:
        thing = (f"{'buying' if what == 'sale' else 'renting for this round'} his "
                 f"{names.truck(truck_by_id(s, n))}")
    return seat_label(top.get("partner")), thing


def _asking(s: BootleggersState, price: int) -> str:
    """A seller's price for the offer on the table, in words."""
    who, thing = _offered(s)
    if price < 0:
        return f"asks {who} for a Thug card of his choice for {thing}"
    if price == 0:
        return f"asks {who} nothing for {thing} (a favour, or a promise)"
    return f"asks {who} {names.money(price)} for {thing}"


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
        return f"{me} lays {names.muscle(a.card)} face down"
    if isinstance(a, A.TakeOffer):
        if a.slot < 0:
            from games.bootleggers.muscle import TRUCK_BY_NAME
            size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
            return (f"{me} takes the {size.name} card (costs {names.money(size.price)}; "
                    f"{size.capacity} crates, graft {names.money(size.graft)} a round)")
        return (f"{me} takes {names.card_with_brief(s.offers[a.slot])} from offer space "
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
        return (f"{me} puts a still die on his {names.still_place(a.still)} "
                f"({names.dice(now + 1)} then{watched})")
    if isinstance(a, A.PlaceImprovement):
        if a.speakeasy < 0:
            return f"{me} keeps a Speakeasy Improvement in his Back Room"
        place = SPEAKEASIES[a.speakeasy]
        return (f"{me} puts a Speakeasy Improvement at {place.name} (+1 on each of its "
                f"{names.dice(place.dice)}; {s.improvements[a.speakeasy] + 1}/{place.squares})")
    if isinstance(a, A.PlaceInfluence):
        i = a.speakeasy
        return (f"{me} sends a man to {names.speakeasy(i)} ({s.influence[i][seat] + 1} of his "
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
            return f"{me} pays {by} {names.money(cost)} of Vigorish"
        return f"{me} refuses to pay {by} {names.money(cost)}: his still idles this round"
    if isinstance(a, A.TakeHome):
        left = s.influence[a.speakeasy][seat] - 1
        return (f"{me} brings a man home from {names.speakeasy(a.speakeasy)} "
                f"({left} of his left there)")
    if isinstance(a, A.OfferCrates):
        return (f"{me} offers {seat_label(a.partner)} {names.crates(a.crates)} (the price "
                "comes next)")
    if isinstance(a, A.OfferTruck):
        what = "to buy" if a.sale else "to rent this round"
        return (f"{me} offers {seat_label(a.partner)} his {names.truck(_truck(s, a.truck))} "
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
        return (f"{me} loads {names.crates(a.crates)} on his {names.truck(t)} ({a.crates} of "
                f"{t.capacity}; {s.crates[seat] - a.crates} left in the Back Room)")
    if isinstance(a, A.SendTruck):
        from games.bootleggers.selling import wholesale
        from games.bootleggers.shipping import current_dock
        t = _truck(s, a.truck)
        code = current_dock(s, seat, a.speakeasy)
        return (f"{me} sends his {names.truck(t)} ({names.crates(t.cargo)}) to the "
                f"{names.dock(code)} of {names.speakeasy(a.speakeasy)} "
                f"({names.money(wholesale(s, a.speakeasy, seat))} a crate): "
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
    return (f"{names.owned_truck(t, True)} sell at the Public Dock of "
            f"{names.speakeasy(top.get('speakeasy'))}")


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
        return (f"{who} to pay {seat_label(top.get('by'))} {names.money(top.get('cost'))} "
                "of A Little Vigorish, or let that still idle this round")
    if kind == "allow":
        t = _truck(s, top.get("truck"))
        return (f"{who} to let {names.owned_truck(t, True)} sell at the Public Dock of "
                f"{names.speakeasy(top.get('speakeasy'))}, or close it")
    if kind == "die":
        return f"{who} to place {names.dice(top.get('left', 1))} from a Still Improvement"
    if kind == "double":
        return f"{who} to take two still dice or open a Remote Still"
    if kind == "impr":
        return f"{who} to place a Speakeasy Improvement marker"
    if kind == "home":
        return f"{who} to bring up to {names.men(top.get('left'))} home (Safe-house)"
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
        return f"Send your {names.truck(t)} ({names.crates(t.cargo)})"
    if isinstance(a, A.LoadTruck):
        return f"Load your {names.truck(_truck(s, a.truck))}"
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
        return Amount(f"Crates to load on your {names.truck(_truck(s, a.truck))}", a.crates,
                      unit="crates")
    if isinstance(a, A.PlayThug) and CARDS[a.card].effect == "buy_influence":
        d = CARDS[a.card]
        return Amount(f"Men to buy with {d.name} ({names.money(d.price)} each)", a.arg,
                      unit="men")
    return None
