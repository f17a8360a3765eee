"""What each seat sees (observation, render), determinization, descriptions and invariants.

Hidden: Muscle hands and sealed picks, Thug cards in hand, the decks' order, and every
Mobster's money except one's own (all of it is announced at the end of rounds 4 and 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers import actions as A
from games.bootleggers import selling
from games.bootleggers.board import CRATES, DOCK_NAMES, INFLUENCE_PER_COLOUR, STILL_SQUARES
from games.bootleggers.cards import ALL_CARD_IDS, CARDS, SPEAKEASIES, SUBDECKS, key_of
from tabletop.engine import seat_label
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.bootleggers.state import BootleggersState

TRUCK_NAME = {4: "Small", 6: "Medium", 9: "Large"}
PHASE_OF_STEP = {
    "muscle": "Phase 1, Muscle: sealed picks", "offers": "Phase 1, Muscle: offers",
    "influence": "Phase 2, Send in the Boys", "production": "Phase 3, Fire up the Still",
    "deals": "Phase 4, Run the Whiskey: deals", "loading": "Phase 4, Run the Whiskey: loading",
    "loaded": "Phase 4, Run the Whiskey: loaded", "shipping": "Phase 4, Run the Whiskey: docks",
    "lined_up": "Phase 4, Run the Whiskey: lined up", "selling": "Phase 5, What's the Password?",
    "over": "game over",
}


def _speakeasy_name(i: int) -> str:
    return "the Back Room" if i < 0 else SPEAKEASIES[i].name


def _still_name(seat: int, code: int) -> str:
    if code < 0:
        return "the Back Room"
    return "the Family Still" if code == 0 else f"Remote Still {code}"


# -- observation -----------------------------------------------------------------------------
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
        "announced": list(s.announced), "announced_round": s.announced_round,
        "thugs": None if seat is None else list(s.hands[seat]),
        "thug_counts": [len(h) for h in s.hands],
        "union_boss": list(s.union),
        "pending_card": s.pending_card,
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
        "proposals_left": list(s.proposals_left),
        "effects": {"busted": list(s.busted), "coppered": list(s.coppered),
                    "profit_bonus": list(s.profit_bonus), "extra_dice": list(s.extra_dice),
                    "payoff": list(s.payoff), "packing": list(s.packing),
                    "idle_stills": list(s.idle_stills)},
        "selling": {"queue": list(s.sell_queue), "at": s.selling_at, "demand": s.demand,
                    "sold": s.sold, "public_line": list(s.public_line),
                    "roll": list(s.demand_roll)},
        "over": s.finished,
    }


# -- determinization -------------------------------------------------------------------------
_IS_THUG = {cid: CARDS[key_of(cid)].kind == "thug" for cid in ALL_CARD_IDS}


def determinize(s: BootleggersState, seat: int | None, rng: Rng) -> BootleggersState:
    """A copy with everything ``seat`` cannot see resampled: other Muscle hands (per
    sub-deck, keeping counts), unrevealed sealed picks, other Thug hands, deck orders and
    the dice to come. Money is not resampled: every change of it happens in the open."""
    c = s.clone()
    q = Rng(rng.next_u64())
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


# -- words -----------------------------------------------------------------------------------
def _card_name(card: str) -> str:
    return CARDS[key_of(card)].name


def _truck_words(s: BootleggersState, truck_id: int) -> str:
    from games.bootleggers.shipping import truck_by_id

    t = truck_by_id(s, truck_id)
    return (f"M{t.operator + 1}'s {TRUCK_NAME[t.capacity]} Truck #{t.id}"
            f" ({t.cargo} crate{'s' if t.cargo != 1 else ''})")


def _thug_target(s: BootleggersState, a: A.PlayThug) -> str:
    """The target of a Thug play in words."""
    d = CARDS[a.card]
    e, tg = d.effect, d.target
    if e == "buy_influence":
        return f", buying {a.arg} marker(s) for ${a.arg * d.price}G"
    if e == "big_payoff":
        return f" at {_speakeasy_name(a.target)}, paying ${d.price}G"
    if e == "destroy_influence":
        if a.arg2 < 0:
            return f" at {_speakeasy_name(a.target)}, removing a marker of M{a.arg + 1}"
        who = f"M{a.arg + 1}" if a.arg == a.arg2 else f"M{a.arg + 1} and M{a.arg2 + 1}"
        return f" at {_speakeasy_name(a.target)}, removing two markers of {who}"
    if e == "double_cross":
        what = "adding one of his own" if a.arg < 0 else f"removing a marker of M{a.arg + 1}"
        return f" at {_speakeasy_name(a.target)}, {what}"
    if e == "replace_influence":
        return f" at {_speakeasy_name(a.target)}, replacing a marker of M{a.arg + 1}"
    if e == "hijack":
        return f" on {_truck_words(s, a.target)}, loading Truck #{a.arg}"
    if e == "move_improvement":
        return f" from {_speakeasy_name(a.target)} to {_speakeasy_name(a.arg)}"
    if e == "steal_die":
        return (f" on Remote Still {a.target + 1} of M{s.remote_owner[a.target] + 1}, the die "
                f"going to {_still_name(0, a.arg)}")
    if e in ("vigorish", "turf_war"):
        still = "Family Still" if a.arg < 0 else f"Remote Still {a.arg + 1}"
        extra = ""
        if e == "vigorish":
            dice = s.family[a.target] if a.arg < 0 else s.remote_dice[a.arg]
            extra = f" (${d.price * dice}G or idle)"
        return f" on M{a.target + 1}'s {still}{extra}"
    if tg in ("open_speakeasy", "open_speakeasy_no_omalley", "speakeasy"):
        return f" at {_speakeasy_name(a.target)}"
    if tg in ("seat", "rival", "union_boss"):
        return f" on M{a.target + 1}"
    if tg in ("empty_truck", "loaded_truck", "lined_truck"):
        return f" on {_truck_words(s, a.target)}"
    return ""


def describe_public(s: BootleggersState, a: Any) -> str:
    """The action as the other Mobsters see it: a Muscle pick stays face down until all
    have chosen (Phase 1)."""
    if isinstance(a, A.PickMuscle):
        who = s.to_act
        return f"{seat_label(who) if who is not None else 'Nobody'} lays a Muscle card face down"
    return describe(s, a)


def describe(s: BootleggersState, a: Any) -> str:
    """The action as said at the table, with the money involved."""
    who = s.to_act
    me = seat_label(who) if who is not None else "Nobody"
    if isinstance(a, A.PickMuscle):
        return f"{me} lays Muscle card {a.card} face down"
    if isinstance(a, A.TakeOffer):
        if a.slot < 0:
            from games.bootleggers.muscle import TRUCK_BY_NAME
            size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
            return f"{me} takes the {size.name} card (price ${size.price}G)"
        return f"{me} takes {_card_name(s.offers[a.slot])} from offer space {a.slot + 1}"
    if isinstance(a, A.ChooseRemote):
        return f"{me} opens a new Remote Still" if a.remote else f"{me} takes two still dice"
    if isinstance(a, A.PlaceDie):
        return f"{me} puts a still die on {_still_name(who or 0, a.still)}"
    if isinstance(a, A.PlaceImprovement):
        return f"{me} puts a Speakeasy Improvement in {_speakeasy_name(a.speakeasy)}"
    if isinstance(a, A.PlaceInfluence):
        return f"{me} sends a man to {_speakeasy_name(a.speakeasy)}"
    if isinstance(a, A.PlayThug):
        return f"{me} plays {CARDS[a.card].name}{_thug_target(s, a)}"
    if isinstance(a, A.React):
        return f"{me} {'cancels it with G-Men: Investigation' if a.cancel else 'lets it stand'}"
    if isinstance(a, A.PayVigorish):
        top = s.decisions.top
        cost = top.get("cost") if top else 0
        return f"{me} {'pays' if a.pay else 'refuses to pay'} ${cost}G of Vigorish"
    if isinstance(a, A.TakeHome):
        return f"{me} brings a man home from {_speakeasy_name(a.speakeasy)}"
    if isinstance(a, A.OfferCrates):
        price = "a Thug card" if a.price < 0 else f"${a.price}G"
        return f"{me} offers {a.crates} crate(s) to {seat_label(a.partner)} for {price}"
    if isinstance(a, A.OfferTruck):
        price = "a Thug card" if a.price < 0 else f"${a.price}G"
        verb = "sell" if a.sale else "rent out"
        return f"{me} offers to {verb} truck {a.truck} to {seat_label(a.partner)} for {price}"
    if isinstance(a, A.AcceptDeal):
        top = s.decisions.top
        paid = top.get("price") if top else 0
        what = f"with {CARDS[a.card].name}" if a.card else f"paying ${paid}G"
        return f"{me} accepts the deal {what}"
    if isinstance(a, A.RefuseDeal):
        return f"{me} refuses the deal"
    if isinstance(a, A.LoadTruck):
        return f"{me} loads {a.crates} crate(s) on truck {a.truck}"
    if isinstance(a, A.SendTruck):
        from games.bootleggers.shipping import current_dock
        dock = DOCK_NAMES[current_dock(s, who or 0, a.speakeasy)]
        return f"{me} sends truck {a.truck} to the {dock} Dock of {_speakeasy_name(a.speakeasy)}"
    if isinstance(a, A.AllowTruck):
        return f"{me} {'lets the next Public Dock truck sell' if a.allow else 'turns it away'}"
    if isinstance(a, A.EndTurn):
        return f"{me} is done"
    return repr(a)


def render(s: BootleggersState, seat: int | None) -> str:
    """The table as ``seat`` sees it."""
    lines = [f"Bootleggers - round {s.round_no}/{s.last_round}, {PHASE_OF_STEP[s.step]}"
             + (f"; Copper at M{s.copper + 1}" if s.copper >= 0 else "")]
    lines.append("Speakeasies:")
    for i in range(s.speakeasy_count):
        d = SPEAKEASIES[i]
        status = "open" if selling.is_open(s, i) else "closed"
        if s.busted[i]:
            status += ", BUSTED"
        if s.coppered[i]:
            status += ", Copper in the House"
        who, ctl = selling.holder(s, i)
        infl = " ".join(f"M{p + 1}:{n}" for p, n in enumerate(s.influence[i]) if n) or "-"
        hold = "" if who < 0 else f", {'Controlling' if ctl else 'Majority'} M{who + 1}"
        waiting = [f"T{t.id}(M{t.operator + 1},{t.cargo},{DOCK_NAMES[t.dock]})"
                   for t in selling.line(s, i)]
        lines.append(
            f"  {i}. {d.name} [{status}] influence {infl} ({sum(s.influence[i])}/{d.circles},"
            f" opens at {d.shaded}){hold}; impr {s.improvements[i]}/{d.squares}; "
            f"${d.wholesale(s.players)}G+${d.profit(s.players)}G"
            + (f"; trucks {' '.join(waiting)}" if waiting else ""))
    offers = ", ".join(f"{k + 1}:{_card_name(c)}" for k, c in enumerate(s.offers) if c) or "-"
    truck = "-"
    if s.truck_offer:
        from games.bootleggers.muscle import TRUCK_BY_NAME
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        truck = f"{size.name} (${size.price}G, graft ${size.graft}G)"
    lines.append(f"Truck card: {truck}   Offers: {offers}")
    for p in range(s.players):
        remotes = [f"R{r + 1}:{s.remote_dice[r]}d" for r, o in enumerate(s.remote_owner)
                   if o == p]
        trucks = [f"{TRUCK_NAME[t.capacity]}#{t.id}" + (f"->M{t.renter + 1}" if t.renter >= 0
                                                          else "") + ("(favor)" if t.favor else "")
                  + (f"[{t.cargo}]" if t.cargo else "") for t in s.trucks if t.owner == p]
        money = (f"${s.cash(p)}G" if p == seat else
                 (f"announced ${s.announced[p]}G (round {s.announced_round})"
                  if s.announced[p] >= 0 else "$?"))
        muscle = s.shown[p] if s.shown[p] else ("sealed" if s.sealed.has_committed(p) else "-")
        bonus = f"+{s.bonus[p]}" if s.bonus[p] else ""
        thugs = (("Thugs: " + ", ".join(_card_name(c) for c in s.hands[p])) if p == seat
                 and s.hands[p] else f"{len(s.hands[p])} Thug card(s)")
        lines.append(
            f"M{p + 1}{' (you)' if p == seat else ''}: {money}, Muscle {muscle}{bonus}, Family "
            f"Still {s.family[p]}d{' +Copper' if s.copper == p else ''} {' '.join(remotes)}; "
            f"Back Room: {s.back_influence[p]} men, {s.crates[p]} crates, {s.back_dice[p]} dice,"
            f" {s.back_impr[p]} impr; trucks {' '.join(trucks) or '-'}; {thugs}"
            + ("; Friendly Union Boss" if s.union[p] else ""))
    if seat is not None:
        lines.append(f"Your Muscle hand: {s.muscle_hands[seat]}")
    if s.decisions.top is not None:
        top = s.decisions.top
        lines.append(f"Waiting for M{top.seat + 1}: {top.kind} {dict(top.data)}")
    return "\n".join(lines)


# -- invariants ------------------------------------------------------------------------------
def invariants(s: BootleggersState) -> list[str]:
    """Conservation of cards, crates, markers, trucks and money."""
    out: list[str] = []
    cards = (s.deck.draw_pile + s.deck.discard_pile + [c for c in s.offers if c]
             + [c for h in s.hands for c in h] + [c for c in s.union if c]
             + ([s.pending_card] if s.pending_card else []))
    if sorted(cards) != sorted(ALL_CARD_IDS):
        out.append(f"Men of Action cards: {len(cards)} in play, not the 80 distinct ones")
    tcards = s.truck_deck.draw_pile + s.truck_deck.discard_pile + (
        [s.truck_offer] if s.truck_offer else [])
    if len(tcards) != 14 or len(set(tcards)) != 14:
        out.append(f"Truck cards: {len(tcards)}, not 14")
    crates = sum(s.crates) + sum(s.warehouse) + sum(t.cargo for t in s.trucks)
    if not 0 <= crates <= CRATES or min(s.crates + s.warehouse) < 0:
        out.append(f"crates: {crates} in play")
    for p in range(s.players):
        used = s.back_influence[p] + sum(row[p] for row in s.influence)
        if used > INFLUENCE_PER_COLOUR or min(row[p] for row in s.influence) < 0:
            out.append(f"{seat_label(p)} uses {used} influence markers")
        muscles = s.muscle_hands[p] + s.muscle_played[p]
        if len(muscles) != len(set(muscles)) or len(muscles) != (8 if s.options.short_game
                                                                 else 12):
            out.append(f"{seat_label(p)} Muscle cards: {muscles}")
        if s.family[p] < 1 or s.family[p] > STILL_SQUARES:
            out.append(f"{seat_label(p)} Family Still has {s.family[p]} dice")
    for cap, name in TRUCK_NAME.items():
        from games.bootleggers.cards import TRUCKS
        if sum(1 for t in s.trucks if t.capacity == cap) > TRUCKS[cap].miniatures:
            out.append(f"too many {name} trucks")
    if sum(s.improvements) + sum(s.back_impr) > 12:
        out.append("more than 12 Speakeasy Improvements")
    out += s.money.check(0)
    return out
