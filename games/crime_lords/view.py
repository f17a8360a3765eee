"""What each seat may know: the observation, and determinization (the hidden parts
resampled). Actions in words are in ``talk``, the table as text in ``table``."""

from __future__ import annotations

from typing import Any

from games.crime_lords import attacks, trades
from games.crime_lords.cards import CARDS, FIRST_SPECIAL, MOBS, N_CROOKS, is_crook, is_special
from games.crime_lords.state import DECK, CrimeLordsState
from tabletop.rng import Rng


# -- the public numbers -----------------------------------------------------------------------
def counters(s: CrimeLordsState, seat: int) -> dict[str, int]:
    """What everybody sees of a seat and sees change (treasuries are hidden, "Money"): its
    Crooks, Rackets and Specials (the count), the Unhappy and Power markers on its Crooks,
    its Lieutenants, and its bidding money during the auction."""
    crooks = [c for c in range(N_CROOKS) if s.loc[c] == seat]
    m = s.mobs[seat]
    return {
        "crooks": len(crooks),
        "rackets": len(s.rackets[seat]),
        "specials": len(s.specials[seat]),
        "unhappy markers": sum(s.unhappy[c] for c in crooks),
        "power markers": sum(s.pbonus[c] for c in crooks),
        "lieutenants": len(m.children(m.root)) if m.cell else 0,
        "bidding money": s.bid_money[seat],
    }


def stay_out(s: CrimeLordsState) -> Any | None:
    """The answer that keeps the seat to act out of a question it takes no part in: the
    showdown money of an attack it neither makes nor suffers (nothing under the hand), the
    out-of-turn window (gives nothing). None when the question is its own: the attacker's
    and the defender's showdown money, and a takeover the seat is asked to join with its
    district's muscle (it is asked because its cards may act: that is its stake). Whether a
    seat is asked never depends on its hand, so neither does this."""
    from games.crime_lords import actions as A

    atk = s.attack
    seat = s.actor
    if s.phase == "showdown" and atk is not None and seat not in (atk.seat, atk.defender):
        return A.Commit(0)
    if s.phase == "window":
        return A.DONE
    return None


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
            # at the end nothing is hidden any more: every treasury and hand is shown
            "money": s.money[p] if seat == p or s.phase == "over" else None,
            "shown_hand": sorted(s.specials[p]) if s.phase == "over" else None,
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
            "stake": atk.stake if seat == s.actor and s.phase == "showdown" else None,
            "place": atk.place,
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
                    s.place_before[:], sorted([c, p, o[0], o[1]] for c, (p, o) in s.place_shape.items())],
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
        "shown_money": s.shown_money[:],
        "events": s.log.view(seat),
    }


def determinize(s: CrimeLordsState, seat: int | None, rng: Rng) -> CrimeLordsState:
    """Resample what ``seat`` cannot see: the deck order, the other players' Specials (from
    the Specials not visible to the seat) and their sealed showdown money (:func:`resample`).
    """
    return resample(s, seat, rng, shuffle_deck=True)


def position(s: CrimeLordsState, seat: int | None, rng: Rng) -> CrimeLordsState:
    """:func:`determinize` for an agent that only reads the position: the deck, whose order
    such an agent never reads, is left sorted instead of shuffled (the shuffle of about 100
    cards was half the cost of a determinization), and ``rng`` is advanced as the shuffle
    would have advanced it, so everything else drawn is the same."""
    return resample(s, seat, rng, shuffle_deck=False)


def resample(s: CrimeLordsState, seat: int | None, rng: Rng,
             shuffle_deck: bool) -> CrimeLordsState:
    """A copy with what ``seat`` cannot see resampled: the other players' Specials (from the
    Specials not visible to the seat), the deck order (unless ``shuffle_deck`` is false: then
    the deck is sorted and ``rng`` skips the shuffle) and their sealed showdown money.

    Treasuries are kept. The table hides the pile of notes ("Your opponents don't get to see
    how much you have"), but every G that moves is told to everybody: the 50 G at the start,
    income Racket by Racket, wages Crook by Crook, the 10 G for taking no action, gifts,
    deals, Payday, Hit money, showdown money at the reveal, a retirement. A seat that keeps
    count knows every treasury to the G, and a wage payment that runs dry shows it (the
    Crooks get all there was), so a guessed treasury would make a world that pays where the
    real one fell short (issue 15)."""
    c = s.clone()
    # at the end every hand is shown: only the deck order is left unseen
    others = [p for p in range(s.players) if p != seat and s.phase != "over"]
    shown = trades.shown_special(s)  # a Special shown in an open offer stays where it is
    pool = [x for x in c.draw_pile if x >= FIRST_SPECIAL]  # the Specials (is_special)
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
    slots = [i for i, x in enumerate(c.draw_pile) if x >= FIRST_SPECIAL]
    for i, x in zip(slots, pool, strict=True):
        c.draw_pile[i] = x
        c.loc[x] = -1
    if shuffle_deck:
        rng.shuffle(c.draw_pile)
    else:
        rng.skip_shuffle(len(c.draw_pile))
        c.draw_pile.sort()
    atk = c.attack
    if atk is not None and atk.showdown is not None and not atk.showdown.revealed:
        sc = atk.showdown
        for i, p in enumerate(sc.order):
            if p != seat and sc.commitments[i] is not None:
                c.phase, c.actor = "showdown", p
                options = attacks.commit_totals(c, p)
                sc.commitments[i] = options[rng.below(len(options))]
        c.phase, c.actor = s.phase, s.actor
        if s.phase == "showdown" and s.actor != seat:
            atk.stake = guess_stake(c, rng)
    c.rng = rng.fork("determinized")
    return c


def guess_stake(c: CrimeLordsState, rng: Rng) -> int:
    """A guess at the money the seat to act has put under the hand so far in a showdown
    amount chosen in steps: any multiple of the parts already chosen that fits its cap."""
    atk = c.attack
    assert atk is not None
    cap = attacks.commit_cap(c, c.actor)
    if atk.place >= attacks.first_place(cap):
        return 0  # nothing chosen yet
    done = atk.place * 10
    sign = attacks.commit_signs(c, c.actor)[0]  # the attacker or the defender: one side
    return sign * done * rng.below(cap // done + 1)


def perturb(s: CrimeLordsState, seat: int | None, rng: Rng) -> CrimeLordsState | None:
    """A copy with one thing ``seat`` cannot see changed, without ``determinize``: a rival's
    face-down Special swapped with a different one from the deck, else two cards of the deck
    swapped (its order is hidden); None when nothing is hidden from the seat."""
    c = s.clone()
    shown = trades.shown_special(s)
    deck_specials = [i for i, x in enumerate(c.draw_pile) if is_special(x)]
    for p in range(s.players):
        if p == seat or s.phase == "over":  # at the end every hand is shown
            continue
        for x in c.specials[p]:
            if x == shown:
                continue
            for i in deck_specials:
                y = c.draw_pile[i]
                if CARDS[y].name != CARDS[x].name:
                    c.specials[p].remove(x)
                    c.specials[p].append(y)
                    c.specials[p].sort()
                    c.draw_pile[i] = x
                    c.loc[x], c.loc[y] = DECK, p
                    return c
    pile = c.draw_pile
    for i in range(len(pile) - 1):
        if CARDS[pile[i]].name != CARDS[pile[-1]].name:
            pile[i], pile[-1] = pile[-1], pile[i]
            return c
    return None
