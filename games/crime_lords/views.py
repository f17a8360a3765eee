"""What each seat may know and see: the observation, determinization (the hidden parts
resampled), and the table as text (each Mob drawn as its card layout, the Rackets, the
uncontrolled area, and what the question on the table is). Actions in words are in
``words``."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label
from tabletop.rng import Rng

from . import actions as A
from . import attacks, mob, odds, trades, victory
from .auction import crook_cap, held_crooks, racket_cap
from .cards import (
    CARDS,
    DECK,
    DISTRICTS,
    FIRST_SPECIAL,
    MOBS,
    N_CROOKS,
    SPECIAL_CARDS,
    CrookDef,
    RacketDef,
    effects_of,
    is_crook,
    is_special,
)
from .names import he, him, his, name, who
from .words import power_words

if TYPE_CHECKING:
    from .state import CrimeLordsState


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


# -- the table as text ----------------------------------------------------------------------
WIDTH = 78  # lines are wrapped to this many columns: an 80-column terminal shows them whole
LEGEND = ["(* Boss; number = Power, bonuses included; p+n Power markers; u Unhappy;",
          " o Action Token)"]
#: when a Special may be played, by its timing (the card texts say only what it does)
WHEN = {"turn": "on your turn",
        "attack": "in the assistance stage of an attack you make or defend against",
        "any": "at any time, even on another player's turn"}


def wrap(head: str, items: list[str]) -> list[str]:
    """``head`` and a comma-separated list, wrapped and indented under the head."""
    text = head + (", ".join(items) if items else "none")
    return textwrap.wrap(text, WIDTH, subsequent_indent="      ")


# -- cards in a few words -------------------------------------------------------------------
def crook_words(c: int) -> str:
    """ "Power 4, Res 3, wage 4 G, likes Speakeasies" (a Crook wants his Power in pay each
    turn; Gimpy nothing)"""
    d = CARDS[c]
    assert isinstance(d, CrookDef)
    likes = f", likes {'/'.join(d.weakness)}" if d.weakness else ""
    wage = 0 if effects_of(c, "no_pay") else d.power
    return f"Power {d.power}, Res {d.resistance}, wage {wage} G{likes}"


def racket_words(r: int) -> str:
    """ "3 G, Res 3" (and its Power, if it has muscle)."""
    d = CARDS[r]
    assert isinstance(d, RacketDef)
    muscle = f", Power {d.power}" if d.power else ""
    return f"{d.income} G, Res {d.resistance}{muscle}"


def racket_list(s: CrimeLordsState, head: str, rackets: list[int]) -> list[str]:
    """Rackets grouped by district (the district and type bonuses read at a glance):
    "North: Numbers (3 G, Res 3), Casinos (4 G, Res 3); East: ..." """
    parts = []
    for district in DISTRICTS:
        here = [r for r in sorted(rackets) if getattr(CARDS[r], "district", "") == district]
        if here:
            parts.append(f"{district}: " + ", ".join(
                f"{getattr(CARDS[r], 'rtype', name(r))} ({racket_words(r)}"
                f"{', o' if s.tokens[r] else ''})" for r in here))
    if not parts:
        return wrap(f"{head}: ", [])
    return wrap(f"{head} ({len(rackets)}) - ", ["; ".join(parts)])


def tag(s: CrimeLordsState, c: int, width: int = 0) -> str:
    """A Crook as one grid cell: name, Power, markers, token."""
    n = name(c).replace('"', "")
    pw = mob.power(s, c) if s.loc[c] >= 0 else mob.base_power(s, c)
    boss = "*" if mob.is_boss(s, c) else ""
    plus = f" p+{s.pbonus[c]}" if s.pbonus[c] else ""
    marks = f" {'u' * s.unhappy[c]}" if s.unhappy[c] else ""
    token = " o" if s.tokens[c] else ""
    stats = f" {boss}{pw}{plus}{marks}{token}"
    if width and len(n) + len(stats) > width:
        n = n[:max(4, width - len(stats))]
    return n + stats


def mob_lines(s: CrimeLordsState, p: int) -> list[str]:
    """The Mob of seat ``p`` as its card layout, north at the top."""
    m = s.mobs[p]
    if not m.cell:
        return []
    xs = [c[0] for c in m.cell.values()]
    ys = [c[1] for c in m.cell.values()]
    cols = max(xs) - min(xs) + 1
    full = max(len(tag(s, c)) for c in m.cell) + 2
    cell = min(full, max(12, (WIDTH - 3) // cols))
    at = m.occupied()
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = "".join(f"{tag(s, at[(x, y)], cell - 2) if (x, y) in at else '.':<{cell}}"
                      for x in range(min(xs), max(xs) + 1))
        lines.append("   " + row.rstrip())
    return lines


def seat_lines(s: CrimeLordsState, p: int, seat: int | None) -> list[str]:
    """One player: money (one's own only: treasuries stay hidden), Specials, score, Mob,
    Rackets."""
    mob_card = MOBS[s.mob_of[p]]
    # hidden ("Money") until the end, when it decides nothing any more
    money = f"{s.money[p]} G" if seat == p or s.phase == "over" else "? G"
    if s.phase in ("auction", "boss", "layout"):
        money = f"{s.bid_money[p]} G bidding money"
    out = "" if s.alive[p] else " - OUT"
    specials = len(s.specials[p])
    lines = textwrap.wrap(f"{who(s, p)}{out}: {money}, {specials} Special"
                          f"{'s' * (specials != 1)}, {victory.score_words(s, p)}", WIDTH,
                          subsequent_indent="   ")
    lines.extend(textwrap.wrap(f"Boss token +{mob_card.boss_bonus}. {mob_card.text}", WIDTH,
                               initial_indent="   ", subsequent_indent="   "))
    lines.extend(mob_lines(s, p))
    if s.phase in ("auction", "boss", "layout"):
        held = held_crooks(s, p)
        if held:
            lines.extend(wrap("   Crooks bought: ",
                              [f"{name(c)} ({crook_words(c)})" for c in held]))
    if s.rackets[p]:
        lines.extend(racket_list(s, "   Rackets", s.rackets[p]))
    if s.phase == "over" and s.specials[p]:
        lines.extend(wrap("   Specials held: ", [name(c) for c in sorted(s.specials[p])]))
    return lines


def render(s: CrimeLordsState, seat: int | None) -> str:
    """Each Mob as its card layout, the uncontrolled area, the public counts and what the
    question on the table is."""
    head = f"Crime Lords - round {s.round}"
    if s.phase not in ("auction", "boss", "layout", "over"):
        head += f", {who(s, s.current)}'s turn"
    lines = [head + f" ({s.phase})"]
    if s.war:
        at_war = ", ".join(seat_label(p) for p in range(s.players) if s.war_in[p] and s.alive[p])
        lines.append(f"GANG WAR: {at_war} at war; one +5 Hit a war turn, or pass (a Hit on "
                     "another Mob draws it in)")
    lines.extend(LEGEND)
    for p in range(s.players):
        lines.extend(seat_lines(s, p, seat))
    crooks = [c for c in s.uncontrolled if is_crook(c)]
    rackets = [c for c in s.uncontrolled if not is_crook(c)]
    lines.extend(wrap("Uncontrolled Crooks: ", [
        f"{name(c)} ({crook_words(c)}{f', +{s.pbonus[c]} Power' if s.pbonus[c] else ''})"
        for c in crooks]))
    lines.extend(racket_list(s, "Uncontrolled Rackets", rackets))
    lines.append(f"Deck {len(s.draw_pile)} cards, discard {len(s.discard)}")
    if seat is not None and s.specials[seat]:
        lines.extend(wrap("Your Specials: ", [
            f"{name(c)} ({WHEN[SPECIAL_CARDS[c].timing]}: {CARDS[c].text})"
            for c in sorted(s.specials[seat])]))
    lines.extend(question_lines(s, seat))
    return "\n".join(fit(line) for line in lines)


def fit(line: str) -> str:
    """A line of the table wrapped at :data:`WIDTH` columns, its indent kept and the lines
    it continues on indented three more."""
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()))
    return "\n".join(textwrap.wrap(line, WIDTH, initial_indent="", subsequent_indent=indent
                                    + "   "))


def question_lines(s: CrimeLordsState, seat: int | None) -> list[str]:
    """What is being decided now, in words (the context of the menu)."""
    ph = s.phase
    out: list[str] = []
    if ph == "auction":
        c = s.auc_card
        what = (crook_words(c) if is_crook(c) else racket_words(c)
                if isinstance(CARDS[c], RacketDef) else "a Special")
        text = f" {CARDS[c].text}" if CARDS[c].text else ""
        out.append(f"Up for auction: {name(c)} ({what}).{text} High bid "
                   f"{max(s.auc_high, 0)} G by "
                   f"{who(s, s.auc_leader) if s.auc_leader >= 0 else 'nobody yet'}.")
        out.append(f"Auctioned so far: {s.auc_crooks} of {crook_cap(s)} Crooks, "
                   f"{s.auc_rackets} of {racket_cap(s)} Rackets.")
    elif ph == "place" and s.place_card >= 0:
        others = [name(c) for c in s.place_shape if c != s.place_card]
        out.append(f"To place: {power_words(s, s.place_card)}"
                   + (f" with {his(s.place_card)} people {', '.join(others)}" if others else "")
                   + (f", somewhere under {name(s.place_under)}" if s.place_under >= 0 else ""))
    elif ph == "newboss":
        out.append(f"{who(s, s.newboss_seat)} picks a new Boss among "
                   + ", ".join(name(c) for c in s.newboss_pool)
                   + "; the Mob is then laid out again around the new Boss")
    elif ph == "consent":
        c = s.offer_crook
        out.append(f"Offered to {who(s, s.actor)}: {power_words(s, c)} ({crook_words(c)})"
                   f" from {who(s, s.loc[c])}; {he(c)} and {his(c)} people join your Mob if "
                   "you accept")
    elif ph == "share":
        out.append(", ".join(who(s, p) for p in s.share_seats)
                   + f" are each one Racket short of {victory.target(s)}: they win together "
                   "if every one of them agrees, otherwise play goes on")
    elif ph == "spoils":
        out.append(f"{who(s, s.actor)} wiped out {who(s, s.spoils_from)}: one of its Rackets "
                   "free, then one more for each Action Token spent")
    elif ph == "pay":
        out.extend(wrap("Still owed this turn: ", [
            f"{name(c)} {d} G" + (f" (on two markers: short pay makes {him(c)} quit)"
                                  if s.unhappy[c] >= 2 else "")
            for c, d in s.pay_due.items() if d > 0]))
    if s.regroup:
        out.append(f"Waiting to be reassigned by {who(s, s.regroup_seat)}: "
                   + ", ".join(tag(s, c) for c in s.regroup))
    if s.window:
        out.append(f"Out of turn, before {who(s, s.current)} acts: "
                   + ", ".join(who(s, p) for p in s.window) + " may give or deal")
    if s.trade:
        tr = s.trade
        out.append(f"Offer: {who(s, tr[0])} gives {trades.words(tr[2], tr[3])} to "
                   f"{who(s, tr[1])}" + (f" for {trades.words(tr[4], tr[5])}"
                                         if tr[4] != -2 else ""))
    if s.attack is not None:
        out.extend(attack_lines(s, seat))
    if ph == "over":
        out.append(f"Game over: {s.end_reason}; won by "
                   + (", ".join(who(s, p) for p in s.winners) or "nobody"))
    return out


def attack_lines(s: CrimeLordsState, seat: int | None) -> list[str]:
    """The attack in progress: who, what, the help on each side and the number now."""
    a = s.attack
    assert a is not None
    verb = {"recruit": "recruit", "takeover": "take over", "hit": "Hit"}[a.kind]
    owner = f" of {who(s, a.defender)}" if a.defender >= 0 else " (uncontrolled)"
    lines = [f"Attack by {who(s, a.seat)}:",
             f"   {power_words(s, a.leader)} tries to {verb} {name(a.target)}{owner}"
             + (" (Gang War, +5)" if a.war else "")]
    if a.protector >= 0:
        lines.append(f"   protected by {power_words(s, a.protector)}")
    if a.helpers:
        lines.append("   for it: " + ", ".join(power_words(s, c) for c in a.helpers))
    if a.blockers:
        lines.append("   against it: " + ", ".join(power_words(s, c) for c in a.blockers))
    sealed = a.showdown is not None and not a.showdown.revealed
    money = ""
    if sealed and a.showdown is not None:
        mine = a.showdown.view(seat).get("own") if seat is not None else None
        if not isinstance(mine, int) and seat == s.actor and s.phase == "showdown" and (
                a.stake):
            money = f" (before the sealed showdown money; yours so far: {a.stake:+d} G)"
        else:
            money = " (before the sealed showdown money" + (
                f"; yours: {mine:+d} G)" if isinstance(mine, int) else ")")
    elif a.money:
        money = f" (with {a.money:+d} G of showdown money)"
    lines.append(f"   now{money}: {odds.needs_text(s, mover=seat == a.seat)}")
    return lines
