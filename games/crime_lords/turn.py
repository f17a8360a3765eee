"""The regular turn's own rules: the start of a turn (markers, income), the draw, the
actions of the action phase that are not attacks (Visit, Move, changing Bosses, abilities,
Specials, drops, gifts, offering a Crook), leaving the game, and the spoils of a Mob wiped
out. Each changes the state; where play goes next is the flow's (:mod:`flow`): a rule that
is done hands play back by leaving the step ``settle``, one that asks sets the question.

Rulebook sections: "Sequence of Play", "Actions", "Free Actions", "Changing Bosses",
"Special Ability", "Gifts and Trades", "Leaving the Game".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components.hierarchy import Hierarchy
from tabletop.engine import seat_label

from . import actions as A
from . import mob, pay, placing
from .cards import (
    CARDS,
    DISCARD,
    UNCONTROLLED,
    Effect,
    effects_of,
    is_racket,
    is_special,
)
from .names import he, his, name, plural, verb, who

if TYPE_CHECKING:
    from .state import CrimeLordsState

# cl-free-actions
FREE_ACTIONS_PER_TURN = 4  # [decided] bound on free actions (gifts, drops) per turn


# cl-retoken-at-start cl-wants-promotion
def open_turn(s: CrimeLordsState, seat: int) -> None:
    """Step 1 of the Sequence of Play and what comes with the start of a turn: the turn's
    counters reset, a Crook stronger than his superior wants a promotion, the designer's
    retoken-at-the-start variant, and the income."""
    s.current = seat
    s.actor = seat
    s.acted = False
    s.backouts = 0
    s.free_left = FREE_ACTIONS_PER_TURN
    # a Crook stronger than his superior wants a promotion ("Power increases for hits")
    for c in s.mobs[seat].nodes():
        m = s.mobs[seat]
        if c in m.cell and c != m.root and mob.power(s, c) > mob.power(s, m.parent[c]):
            sup = m.parent[c]
            mob.add_unhappy(s, c, f"stronger than {his(c)} superior {name(sup)} "
                                  f"({mob.power(s, c)} against {mob.power(s, sup)})")
    if s.options.retoken_at_start:
        mob.retoken(s, seat, rackets=True)  # the designer's notes: "try it the other way"
    parts = pay.income_parts(s, seat)
    gain = sum(g for _, g in parts)
    before = s.money[seat]
    s.money[seat] += gain
    each = ", ".join(f"{name(r)} {g} G" for r, g in parts)
    s.log.add("income", f"{who(s, seat)} collects {gain} G of income"
              + (f": {each}" if each else ": no Rackets"))
    if gain:
        s.log.add("treasury", f"Your treasury: {before} G + {gain} G income = {s.money[seat]} G",
                  to=seat)


# cl-draw cl-specials-hand
def draw_cards(s: CrimeLordsState, seat: int) -> None:
    """Step 3: draw one, then on until four cards lie in the uncontrolled area; then the
    Downtowners' extra card ("always draws one extra": one more than anybody else would).
    Specials go to the hand. No reshuffle when the deck runs out."""
    extra = sum(e.amount for e in mob.mob_effects(s, seat, "extra_draw"))
    must = 1
    shown: list[str] = []
    kept: list[str] = []
    while s.draw_pile and (must > 0 or len(s.uncontrolled) < 4 or extra > 0):
        if must <= 0 and len(s.uncontrolled) >= 4:
            extra -= 1
        must -= 1
        card = s.draw_pile.pop()
        if is_special(card):
            s.loc[card] = seat
            s.specials[seat].append(card)
            kept.append(name(card))
        else:
            s.loc[card] = UNCONTROLLED
            s.uncontrolled.append(card)
            shown.append(name(card))
    if not shown and not kept:
        s.log.add("draw", f"{who(s, seat)} draws nothing: the deck is out")
        return
    street = (f"{', '.join(shown)} to the uncontrolled area" if shown
              else "nothing for the uncontrolled area")
    hand = f"; keeps {plural(len(kept), 'Special')} face down" if kept else ""
    s.log.add("draw", f"{who(s, seat)} draws {plural(len(shown) + len(kept), 'card')}: "
              f"{street}{hand} ({len(s.draw_pile)} left in the deck)")
    if kept:
        s.log.add("special drawn", f"You keep {', '.join(kept)} (Special)", to=seat)


# cl-retoken
def end_turn(s: CrimeLordsState) -> None:
    """Step 5: retoken (unless the variant retokens at the start); the turn is over."""
    if not s.options.retoken_at_start:
        mob.retoken(s, s.current, rackets=True)
    s.phase = "turn_end"


# cl-passing
def take_ten(s: CrimeLordsState) -> None:
    """No action at all this turn: 10 G from the bank, and the turn is over."""
    s.money[s.actor] += 10
    end_turn(s)


# cl-move-with-people
def turn_action(s: CrimeLordsState, action: Any) -> None:
    """Regular, special and free actions of the action phase."""
    seat = s.actor
    t = type(action)
    if t is A.Visit:
        s.tokens[action.crook] = False
        mob.calm(s, action.crook, f"{he(action.crook)} visited a Racket "
                                  f"{he(action.crook)} {verb(action.crook, 'likes', 'like')}")
    elif t is A.Move:
        s.tokens[action.crook] = False
        before = mob.lieutenants(s, seat)
        shape = s.mobs[seat].detach(action.crook)
        placing.start_placing(s, seat, action.crook, shape, -1, moving=True, before=before)
        return
    elif t is A.DoubleCross or t is A.Retire:
        change_boss(s, action.crook, double_cross=t is A.DoubleCross)
    elif t is A.UseAbility:
        use_ability(s, action.card, action.target)
    elif t is A.GiveCrook:
        offer_crook(s, action)
        return
    elif t is A.PlaySpecial:
        play_special(s, action)
    elif t is A.Drop:
        s.free_left -= 1
        m = s.mobs[seat]
        before = mob.lieutenants(s, seat)
        mob.let_loose(s, seat, list(m.detach(action.crook)), "dropped from the Mob")
        mob.rank_changes(s, seat, before)
    elif t in (A.GiveMoney, A.GiveCard):
        s.free_left -= 1
        give(s, seat, action)
    s.phase = "settle"


def offer_crook(s: CrimeLordsState, action: A.GiveCrook) -> None:
    """Offer a Crook to another player, who must consent. [decided] the offer itself uses
    his token, accepted or not (a refused offer could otherwise be repeated forever)."""
    s.tokens[action.crook] = False
    s.offer_crook = action.crook
    s.phase = "consent"
    s.actor = action.to


def give(s: CrimeLordsState, seat: int, action: A.GiveMoney | A.GiveCard) -> None:
    """A gift of money, a Racket or a Special from ``seat``."""
    to = action.to
    if isinstance(action, A.GiveMoney):
        s.money[seat] -= action.amount
        s.money[to] += action.amount
        s.log.add("gift", f"{who(s, to)} receives {action.amount} G from {seat_label(seat)}")
    elif is_racket(action.card):
        mob.give_racket(s, seat, to, action.card)
        s.log.add("gift", f"{who(s, to)} receives {name(action.card)} from "
                  f"{seat_label(seat)} ({plural(len(s.rackets[to]), 'Racket')} now)")
    else:
        s.specials[seat].remove(action.card)
        s.specials[to].append(action.card)
        s.loc[action.card] = to
        s.log.add("gift", f"{who(s, to)} receives a Special card from {seat_label(seat)} "
                  f"({plural(len(s.specials[to]), 'Special')} now)")
        s.log.add("gift received", f"{seat_label(seat)} gives you {name(action.card)}", to=to)


# cl-double-cross cl-retirement cl-boss-swap-layout
def change_boss(s: CrimeLordsState, lt: int, double_cross: bool) -> None:
    """"Changing Bosses": the Lieutenant takes the Boss's place. Double-cross: the old Boss
    is hit (everyone gets a marker, the Lieutenant gains Power); retirement: he is paid twice
    his Power and nobody minds. The other Lieutenants keep their places while they stay
    weaker than the new Boss; the new Boss's own people, and any Lieutenant now too strong,
    are reassigned by the player ("reorganize any of the Lieutenant's subordinates that you
    have to")."""
    seat = s.actor
    m = s.mobs[seat]
    old = m.root
    s.tokens[lt] = False
    before = mob.lieutenants(s, seat)
    if double_cross and s.unhappy[lt] >= 2:
        # the Boss is Hit, so he too gets a marker, and "the Hit comes before the
        # promotion, so if the Hit gives him his third marker, he'll flee before he can be
        # promoted" ("Unhappy Crooks"): the Mob is left as after any Hit on its Boss
        s.log.add("double-cross", f"{name(lt)} {verb(lt, 'kills', 'kill')} the Boss {name(old)}"
                  f" of {seat_label(seat)}'s Mob but {verb(lt, 'flees', 'flee')} on "
                  f"{his(lt)} third Unhappy marker")
        mob.boss_hit(s, seat)
        return
    if double_cross:
        victim_power = mob.base_power(s, old)
        s.log.add("double-cross", f"{name(lt)} {verb(lt, 'double-crosses', 'double-cross')} "
                  f"the Boss {name(old)} and {verb(lt, 'takes', 'take')} over "
                  f"{seat_label(seat)}'s Mob: {name(old)} is discarded, every other Crook "
                  "gets an Unhappy marker")
    else:
        s.money[seat] -= 2 * mob.power(s, old)
        s.log.add("retirement", f"{who(s, seat)} retires the Boss {name(old)}, paying "
                  f"{2 * mob.power(s, old)} G (twice {his(old)} Power) to the bank; "
                  f"{name(lt)} {verb(lt, 'takes', 'take')} over, nobody minds")
    own = {c: m.detach(c) for c in m.children(lt)}
    cells = {c: m.cell[c] for c in m.children(old) if c != lt}
    others = {c: m.detach(c) for c in cells}
    new = Hierarchy()
    s.mobs[seat] = new
    mob.to_zone(s, old, DISCARD)
    new.set_root(lt)
    s.unhappy[lt] = 0
    for c, shape in others.items():
        if mob.power(s, lt) > mob.base_power(s, c) and new.is_open(lt, cells[c]):
            for x in new.graft(c, shape, lt, cells[c], mob.carried_rank(c, shape)):
                mob.release(s, x)
        else:
            own[c] = shape
    mob.fit_orphans(s, seat, own, before)
    if double_cross:
        lead = mob.base_power(s, lt)
        mob.gain_power(s, lt, 2 if victim_power > lead else 1, f"after killing {name(old)}")
        # everyone else gets his marker for the Boss's death; the new Boss got one too, but
        # "becomes Mob Boss" takes all his markers off
        for c in s.mobs[seat].nodes():
            if c != lt and s.loc[c] == seat and c in s.mobs[seat]:
                mob.add_unhappy(s, c, "the Boss was double-crossed")


def markers(e: Effect) -> int:
    """Unhappy markers a ``calm`` or ``agitate`` effect moves (one when the card names no
    amount)."""
    return e.amount or 1


def use_ability(s: CrimeLordsState, card: int, target: int) -> None:
    """A Crook spends his token on his ability against one Crook: ``calm`` takes markers
    off, ``agitate`` puts them on."""
    s.tokens[card] = False
    why = f"{name(card)}'s doing"
    for e in effects_of(card, "calm"):
        mob.calm(s, target, why, markers(e))
    for e in effects_of(card, "agitate"):
        mob.add_unhappy(s, target, why, markers(e))


# cl-unlimited-bank
def play_special(s: CrimeLordsState, action: A.PlaySpecial) -> None:
    """A Special played outside an attack's assistance stage (timing "turn" or "any"): its
    effects, then it is discarded."""
    seat = s.actor
    card = action.card
    s.specials[seat].remove(card)
    s.loc[card] = DISCARD
    s.discard.append(card)
    for e in CARDS[card].effects:
        if e.kind == "cash":
            s.money[seat] += e.amount
            s.log.add("special", f"{who(s, seat)} plays {name(card)}: takes {e.amount} G from "
                      "the bank")
        elif e.kind == "retoken":
            s.tokens[action.target] = True
            s.log.add("special", f"{who(s, seat)} plays {name(card)}: {name(action.target)} "
                      f"{verb(action.target, 'gets', 'get')} an Action Token back")
        elif e.kind == "calm_all":
            cheered = [name(c) for c in s.mobs[seat].nodes() if s.unhappy[c]]
            for c in s.mobs[seat].nodes():
                mob.calm(s, c, "")
            s.log.add("special", f"{who(s, seat)} plays {name(card)}: one Unhappy marker off "
                      f"each of {', '.join(cheered) or 'nobody'}")
        elif e.kind == "agitate":
            mob.add_unhappy(s, action.target, f"{seat_label(seat)}'s {name(card)}", markers(e))


# cl-elimination
def eliminate(s: CrimeLordsState, seat: int) -> None:
    """"Leaving the game" / elimination: Crooks and Rackets to the uncontrolled area,
    Specials to the discard pile, the Mob card out of play."""
    s.alive[seat] = False
    crooks, rackets, specials = (len(s.mobs[seat].nodes()), len(s.rackets[seat]),
                                 len(s.specials[seat]))
    s.log.add("eliminated", f"{who(s, seat)} is out of the game: "
              f"{plural(crooks, 'Crook')} and {plural(rackets, 'Racket')} go to the "
              f"uncontrolled area, {plural(specials, 'Special')} to the discard pile")
    for c in s.mobs[seat].nodes():
        mob.release(s, c)
    s.mobs[seat] = Hierarchy()
    for r in s.rackets[seat]:
        s.loc[r] = UNCONTROLLED
        s.tokens[r] = False
        s.uncontrolled.append(r)
    s.rackets[seat] = []
    for c in s.specials[seat]:
        s.loc[c] = DISCARD
        s.discard.append(c)
    s.specials[seat] = []
    s.war_in[seat] = False


# cl-leaving
def leave(s: CrimeLordsState) -> None:
    """"Leaving the Game": the player to act drops out. Nobody wiped him out, so nobody takes
    spoils; his Mob is disposed of at once and his turn is over (no retoken, no income for
    him again). Victory waits for the end of the turn as usual (except "all rivals
    eliminated")."""
    seat = s.actor
    s.log.add("leave", f"{who(s, seat)} leaves the game")
    eliminate(s, seat)
    s.phase = "settle"


def take_spoils(s: CrimeLordsState, card: int, token: int) -> None:
    """Take one Racket of the wiped-out Mob; after the first, each costs the token of
    ``token``."""
    cost = "free"
    if s.spoils_taken > 0:
        s.tokens[token] = False
        cost = f"for the token of {name(token)}"
    s.spoils_taken += 1
    s.log.add("spoils", f"{who(s, s.actor)} takes {name(card)} from the ruins of "
              f"{seat_label(s.spoils_from)}'s Mob ({cost})")
    mob.give_racket(s, s.spoils_from, s.actor, card)
    mob.cheer_weakness(s, s.actor, card)  # "may take over some of its Rackets"
    if not s.rackets[s.spoils_from]:
        done_spoils(s)


def done_spoils(s: CrimeLordsState) -> None:
    """Stop taking Rackets; the rest of the wiped-out Mob is disposed of."""
    seat = s.spoils_from
    del s.pending_wipe[:2]
    eliminate(s, seat)
    s.spoils_from = -1
    s.phase = "settle"


def answer_consent(s: CrimeLordsState, yes: bool) -> None:
    """The receiver of an offered Crook accepts him (and places him) or refuses."""
    crook, to = s.offer_crook, s.actor
    s.offer_crook = -1
    s.phase = "actions"
    s.actor = s.current
    if yes:
        placing.hand_over_crook(s, crook, to)
        return
    s.log.add("crook refused", f"{who(s, to)} turns down {name(crook)}, who "
              f"{verb(crook, 'stays', 'stay')} with {seat_label(s.loc[crook])} "
              f"({his(crook)} token is spent)")
    s.phase = "settle"
