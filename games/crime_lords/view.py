"""What players see: the observation, determinization, the table-talk description of each
action, and the text rendering of the table."""

from __future__ import annotations

from typing import Any

from games.crime_lords import actions as A
from games.crime_lords import attacks, mob, trades
from games.crime_lords.cards import CARDS, MOBS, is_crook, is_special
from games.crime_lords.state import Attack, CrimeLordsState
from tabletop.components.hierarchy import side_name
from tabletop.rng import Rng


def name(card: int) -> str:
    """A card's name (or "nobody")."""
    return CARDS[card].name if 0 <= card < len(CARDS) else "nobody"


def who(s: CrimeLordsState, seat: int) -> str:
    """A seat as players call it, numbered from 1 like the CLI: "P2 (The Old Family)"."""
    return f"P{seat + 1} ({MOBS[s.mob_of[seat]].name})"


# -- observation ------------------------------------------------------------------------------
def card_state(s: CrimeLordsState, c: int) -> list[int]:
    """[card, token, unhappy markers, power markers] of a visible card."""
    return [c, int(s.tokens[c]), s.unhappy[c], s.pbonus[c]]


def observation(s: CrimeLordsState, seat: int | None) -> dict[str, Any]:
    """Everything public, plus the seat's own money and Specials."""
    mobs = []
    for p in range(s.players):
        m = s.mobs[p]
        mobs.append({
            "mob": MOBS[s.mob_of[p]].id,
            "alive": s.alive[p],
            "boss": m.root,
            "layout": [[c, m.parent.get(c, -1), m.cell[c][0], m.cell[c][1]] for c in m.nodes()],
            "cards": [card_state(s, c) for c in m.nodes()]
                     + [card_state(s, r) for r in sorted(s.rackets[p])],
            "rackets": sorted(s.rackets[p]),
            "specials": len(s.specials[p]),
            "money": s.money[p] if seat == p else None,
            "bid_money": s.bid_money[p],
            "held": [c for c in range(len(CARDS)) if is_crook(c) and s.loc[c] == p
                     and c not in m.cell] if s.phase in ("auction", "boss", "layout") else [],
        })
    atk = s.attack
    attack = None
    if atk is not None:
        attack = {
            "kind": atk.kind, "seat": atk.seat, "leader": atk.leader, "target": atk.target,
            "defender": atk.defender, "protector": atk.protector, "helpers": atk.helpers[:],
            "blockers": atk.blockers[:], "money": atk.money, "boost": atk.boost,
            "verdict": atk.verdict, "side": atk.side, "passes": atk.passes, "war": atk.war,
            "showdown": atk.showdown.view(seat) if atk.showdown is not None else None,
            "third": atk.third, "declined": atk.declined[:],
        }
    return {
        "phase": s.phase, "to_act": s.to_act, "current": s.current, "turn": s.turn_no,
        "mobs": mobs,
        "uncontrolled": [card_state(s, c) for c in s.uncontrolled],
        "discard": s.discard[:], "aside": s.aside[:], "deck": len(s.draw_pile),
        "hand": sorted(s.specials[seat]) if seat is not None else [],
        "auction": [s.auc_card, s.auc_high, s.auc_leader, [int(x) for x in s.auc_in],
                    s.auc_crooks, s.auc_rackets],
        "placing": [s.place_card, s.place_under, s.layout_queue[:], s.place_move, s.place_gift,
                    sorted([c, p, o[0], o[1]] for c, (p, o) in s.place_shape.items())],
        "regroup": [s.regroup_seat, s.regroup[:], s.regroup_before[:],
                    sorted([u, c] for u, c in s.regroup_sup.items()), s.regroup_new[:],
                    sorted([u, c, p, o[0], o[1]] for u, shape in s.regroup_shapes.items()
                           for c, (p, o) in shape.items())],
        "orphans": [o[:] for o in s.orphans],
        "pay": [sorted([c, d] for c, d in s.pay_due.items()), s.pay_got[:]],
        "trade": s.trade[:],
        "window": [s.window[:], s.window_left],
        "attack": attack, "last_roll": s.last_roll,
        "war": [int(s.war), [int(x) for x in s.war_in], s.war_starter, s.war_passes,
                s.war_turn],
        "misc": [s.acted, s.free_left, s.offer_crook, s.spoils_from, s.spoils_taken,
                 s.share_seats[:], s.share_yes, s.pending_wipe[:], s.newboss_seat,
                 sorted(s.newboss_pool)],
        "winners": s.winners[:], "end": s.end_reason,
    }


def determinize(s: CrimeLordsState, seat: int | None, rng: Rng) -> CrimeLordsState:
    """Resample what ``seat`` cannot see: the deck order, the other players' Specials (from
    the Specials not visible to the seat), their treasuries, and their sealed showdown money."""
    c = s.clone()
    others = [p for p in range(s.players) if p != seat]
    shown = trades.shown_special(s)  # a Special shown in an open offer stays where it is
    pool = [x for x in c.draw_pile if is_special(x)]
    for p in others:
        pool.extend(x for x in c.specials[p] if x != shown)
    rng.shuffle(pool)
    for p in others:
        keep = [x for x in c.specials[p] if x == shown]
        k = len(c.specials[p]) - len(keep)
        c.specials[p] = sorted(pool[:k] + keep)
        pool = pool[k:]
        for x in c.specials[p]:
            c.loc[x] = p
    slots = [i for i, x in enumerate(c.draw_pile) if is_special(x)]
    for i, x in zip(slots, pool, strict=True):
        c.draw_pile[i] = x
        c.loc[x] = -1
    rng.shuffle(c.draw_pile)
    for p in others:
        c.money[p] = rng.below(101)  # treasuries are hidden ("Money")
    atk = c.attack
    if atk is not None and atk.showdown is not None and not atk.showdown.revealed:
        sc = atk.showdown
        for i, p in enumerate(sc.order):
            if p != seat and sc.commitments[i] is not None:
                c.phase, c.actor = "showdown", p
                options = attacks.commit_options(c, p)
                sc.commitments[i] = options[rng.below(len(options))]
        c.phase, c.actor = s.phase, s.actor
    c.rng = rng.fork("determinized")
    return c


# -- describing actions -----------------------------------------------------------------------
def power_words(s: CrimeLordsState, c: int) -> str:
    """ "Mom Parker (Power 9 as Boss)" """
    if mob.is_boss(s, c):
        return f"{name(c)} (Power {mob.power(s, c)} as Boss)"
    return f"{name(c)} (Power {mob.power(s, c)})"


def needs(s: CrimeLordsState, kind: str, leader: int, target: int) -> str:
    """The success number of an attack as announced, before showdown and assistance."""
    saved = s.attack
    owner = s.loc[target]
    s.attack = Attack(kind, s.actor, leader, target, owner if owner >= 0 else -1, war=s.war)
    try:
        n = attacks.success_number(s)
    finally:
        s.attack = saved
    if kind == "hit" and n < 2:
        return "no real chance (a warning shot only)"
    if n < 2:
        return "no chance as it stands"
    return f"needs {min(n, 10)} or less" + (f" (exceeds 10 by {n - 10})" if n > 10 else "")


def describe_public(s: CrimeLordsState, action: Any) -> str:
    """The action as the other players see it: a Special given away stays face down."""
    if type(action) is A.GiveCard and is_special(action.card):
        return f"{who(s, s.actor)} gives a Special card to {who(s, action.to)}"
    return describe(s, action)


def describe(s: CrimeLordsState, action: Any) -> str:
    """The action as said at the table."""
    p = who(s, s.actor) if s.actor is not None and 0 <= s.actor < s.players else "?"
    t = type(action)
    if t is A.Bid:
        return f"{p} bids {action.amount} G for {name(s.auc_card)}"
    if t is A.PassBid:
        return f"{p} passes on {name(s.auc_card)}"
    if t is A.ChooseBoss:
        return f"{p} makes {name(action.crook)} the Boss"
    if t is A.Pay:
        due = s.pay_due.get(action.crook, 0)
        how = "in full" if action.amount >= due else "short (one Unhappy marker, not two)"
        return f"{p} pays {name(action.crook)} {action.amount} G, {how}"
    if t is A.Place:
        verb = "reassigns" if s.phase == "regroup" else "puts"
        return f"{p} {verb} {name(action.crook)} {where(s, action)}"
    if t is A.Recruit:
        return (f"{power_words(s, action.leader)} attempts to recruit {name(action.target)}: "
                f"{needs(s, 'recruit', action.leader, action.target)}")
    if t is A.Takeover:
        return (f"{power_words(s, action.leader)} tries to take over {name(action.target)}: "
                f"{needs(s, 'takeover', action.leader, action.target)}")
    if t is A.Hit:
        war = " (Gang War, +5)" if s.war else ""
        return (f"{power_words(s, action.leader)} goes after {name(action.target)}{war}: "
                f"{needs(s, 'hit', action.leader, action.target)}")
    if t is A.Visit:
        return f"{name(action.crook)} visits a Racket he likes and cheers up"
    if t is A.Move:
        return f"{p} moves {name(action.crook)} to a new place"
    if t is A.DoubleCross:
        return f"{name(action.crook)} double-crosses the Boss and takes over the Mob"
    if t is A.Retire:
        return f"{p} retires the Boss; {name(action.crook)} takes over"
    if t is A.UseAbility:
        return f"{name(action.card)} uses his ability on {name(action.target)}"
    if t is A.GiveCrook:
        return f"{p} offers to give {name(action.crook)} to {who(s, action.to)} (if he accepts)"
    if t is A.PlaySpecial:
        tgt = f" on {name(action.target)}" if action.target >= 0 else ""
        return f"{p} plays {name(action.card)}{tgt}"
    if t is A.Drop and s.phase == "regroup":
        return (f"{p} lets {name(action.crook)} go uncontrolled to make room for "
                f"{name(s.regroup[0])}")
    if t is A.Done and s.phase == "regroup":
        return f"{p} lets {name(s.regroup[0])} go uncontrolled instead"
    if t is A.Drop:
        return f"{p} drops {name(action.crook)} into the uncontrolled area"
    if t is A.GiveMoney:
        return f"{p} gives {action.amount} G to {who(s, action.to)}"
    if t is A.GiveCard:
        return f"{p} gives {name(action.card)} to {who(s, action.to)}"
    if t is A.OfferTrade:
        shown = " (shows it)" if action.card >= 0 and is_special(action.card) else ""
        return (f"{p} proposes a deal to {who(s, action.to)}: "
                f"{trades.words(action.card, action.money)}{shown} for something of his")
    if t is A.AskFor:
        return f"{p} asks for {trades.words(action.card, action.money)} in return"
    if t is A.Withdraw:
        return f"{p} withdraws the offer"
    if t is A.TakeTen:
        return f"{p} takes no action and collects 10 G"
    if t is A.EndTurn:
        return f"{p} passes in the Gang War" if s.phase == "war" else f"{p} ends the turn"
    if t is A.Leave:
        return f"{p} leaves the game"
    if t is A.Accept and s.phase == "trade":
        return f"{p} takes the deal"
    if t is A.Accept:
        return f"{p} agrees"
    if t is A.Refuse:
        return f"{p} refuses"
    if t is A.Commit:
        if s.phase == "hitmoney":
            return f"{p} puts {action.amount} G into the Hit"
        return f"{p} commits money under the hand"
    if t is A.Reveal:
        return f"{p} says \"Now!\""
    if t is A.BackOut:
        return f"{p} backs out of the attack"
    if t is A.Protect:
        return (f"{p} names {name(action.crook)} to protect the Racket" if action.crook >= 0
                else f"{p} names no protector")
    if t is A.Assist:
        atk = s.attack
        if atk is not None and atk.kind == "hit" and action.card == atk.target:
            return f"{name(action.card)} hides out (+3 to the defence)"
        side = "attack" if atk is None or atk.side == 0 else "defence"
        return (f"{name(action.card)} spends its token for the {side} "
                f"(Power {attacks.card_power(s, action.card)})")
    if t is A.Interfere:
        return (f"{p} sends {name(action.card)} "
                f"{'for' if action.side > 0 else 'against'} the takeover "
                f"(Power {attacks.card_power(s, action.card)})")
    if t is A.Done and s.phase == "window":
        return f"{p} lets the turn go on (nothing out of turn)"
    if t is A.Done:
        return f"{p} adds nothing more"
    if t is A.TakeSpoils:
        return f"{p} takes {name(action.card)} from the ruins"
    return repr(action)


def where(s: CrimeLordsState, action: A.Place) -> str:
    """ "under Big Sal Marino, on his west side (-1,0)" """
    seat = s.actor if s.actor is not None else -1
    m = s.mobs[seat] if 0 <= seat < s.players else None
    cell = (action.x, action.y)
    if m is not None and action.superior in m.cell:
        side = side_name(m.cell[action.superior], cell)
        return f"under {name(action.superior)}, on his {side} side ({action.x},{action.y})"
    return f"under {name(action.superior)} at ({action.x},{action.y})"


# -- rendering --------------------------------------------------------------------------------
def tag(s: CrimeLordsState, c: int) -> str:
    """A Crook as one short cell: name, Power, markers, token."""
    n = name(c).replace('"', "")[:11]
    pw = mob.power(s, c) if s.loc[c] >= 0 else mob.base_power(s, c)
    boss = "*" if mob.is_boss(s, c) else ""
    plus = f"+{s.pbonus[c]}" if s.pbonus[c] else ""
    return f"{n} {boss}{pw}{plus}{'u' * s.unhappy[c]}{'o' if s.tokens[c] else ''}"


def render(s: CrimeLordsState, seat: int | None) -> str:
    """Each Mob as its card layout, the uncontrolled area and the public counts."""
    lines = [f"Crime Lords - turn {s.turn_no + 1}, phase {s.phase}"
             + (" - GANG WAR" if s.war else "")]
    lines.append("(* Boss, number = Power, +n Power markers, u Unhappy marker, o token)")
    for p in range(s.players):
        m = s.mobs[p]
        money = f"{s.money[p]} G" if seat == p else "? G"
        lines.append(f"{who(s, p)}{'' if s.alive[p] else ' - OUT'}: {money}, "
                     f"{len(s.specials[p])} Specials, score {_score(s, p)}")
        if m.cell:
            xs = [c[0] for c in m.cell.values()]
            ys = [c[1] for c in m.cell.values()]
            at = m.occupied()
            for y in range(max(ys), min(ys) - 1, -1):
                row = "".join(
                    f"{tag(s, at[(x, y)]) if (x, y) in at else '.':<20}"
                    for x in range(min(xs), max(xs) + 1))
                lines.append("   " + row.rstrip())
        if s.rackets[p]:
            lines.append("   Rackets: " + ", ".join(
                f"{name(r)} ({CARDS[r].income} G{' o' if s.tokens[r] else ''})"  # type: ignore
                for r in sorted(s.rackets[p])))
    lines.append("Uncontrolled: " + (", ".join(
        tag(s, c) if is_crook(c) else f"{name(c)} (res {CARDS[c].resistance})"  # type: ignore
        for c in s.uncontrolled) or "none"))
    lines.append(f"Deck {len(s.draw_pile)} cards, discard {len(s.discard)}")
    if seat is not None and s.specials[seat]:
        lines.append("Your Specials: " + ", ".join(name(c) for c in sorted(s.specials[seat])))
    if s.phase == "auction":
        lines.append(f"Up for auction: {name(s.auc_card)}, high bid {max(s.auc_high, 0)} "
                     f"by {who(s, s.auc_leader) if s.auc_leader >= 0 else 'nobody'}")
    if s.regroup:
        lines.append(f"Waiting to be reassigned by {who(s, s.regroup_seat)}: "
                     + ", ".join(tag(s, c) for c in s.regroup))
    if s.phase == "pay":
        lines.append("Still owed this turn: " + ", ".join(
            f"{name(c)} {d} G" for c, d in s.pay_due.items() if d > 0))
    if s.window:
        lines.append(f"Out of turn, before {who(s, s.current)} acts: "
                     + ", ".join(who(s, p) for p in s.window) + " may give or deal")
    if s.trade:
        tr = s.trade
        lines.append(f"Offer: {who(s, tr[0])} gives {trades.words(tr[2], tr[3])} to "
                     f"{who(s, tr[1])}" + (f" for {trades.words(tr[4], tr[5])}"
                                           if tr[4] != -2 else ""))
    if s.attack is not None:
        a = s.attack
        lines.append(f"Attack: {name(a.leader)} -> {name(a.target)} ({a.kind})")
    if s.phase == "over":
        lines.append(f"Game over: {s.end_reason}; won by "
                     + (", ".join(who(s, p) for p in s.winners) or "nobody"))
    return "\n".join(lines)


def _score(s: CrimeLordsState, p: int) -> int:
    from games.crime_lords import victory
    return victory.score(s, p)
