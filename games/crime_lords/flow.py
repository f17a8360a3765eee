"""The flow of play: setup and the auction, laying out the Mobs, the turn (income, pay,
draw, actions, retoken), free actions, and what happens between actions.

Rulebook sections: "Beginning the Game", "Bidding for Crooks", "Choosing your Boss",
"Preparing for Battle", "Sequence of Play", "Actions", "Free Actions", "Gifts and Trades".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from games.crime_lords import actions as A
from games.crime_lords import attacks, auction, mob, out_of_turn, regroup, trades, victory, war
from games.crime_lords.cards import (
    CARDS,
    MOBS,
    RACKET_CARDS,
    Effect,
    effects_of,
    has_token_space,
    is_racket,
    is_special,
)
from games.crime_lords.legal import ANY_TIME_PHASES
from games.crime_lords.state import (
    DISCARD,
    UNCONTROLLED,
    CrimeLordsState,
)
from games.crime_lords.words import he, his, name, plural, verb, who
from tabletop.components.hierarchy import Hierarchy
from tabletop.engine import seat_label

FREE_ACTIONS_PER_TURN = 4  # [decided] bound on free actions (gifts, drops) per turn


def retoken(s: CrimeLordsState, seat: int, rackets: bool) -> None:
    """Put a token on every card of ``seat`` that has an empty space."""
    for c in s.mobs[seat].cell:
        s.tokens[c] = True
    if rackets:
        for r in s.rackets[seat]:
            if has_token_space(r):
                s.tokens[r] = True


# -- the turn -------------------------------------------------------------------------------
def begin_turn(s: CrimeLordsState, seat: int) -> None:
    """Steps 1-3 of the Sequence of Play, then the action phase."""
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
        retoken(s, seat, rackets=True)  # the designer's notes: "try it the other way"
    parts = income_parts(s, seat)
    gain = sum(g for _, g in parts)
    before = s.money[seat]
    s.money[seat] += gain
    each = ", ".join(f"{name(r)} {g} G" for r, g in parts)
    s.log.add("income", f"{who(s, seat)} collects {gain} G of income"
              + (f": {each}" if each else ": no Rackets"))
    if gain:
        s.log.add("treasury", f"Your treasury: {before} G + {gain} G income = {s.money[seat]} G",
                  to=seat)
    start_pay(s, seat)


def after_pay(s: CrimeLordsState, seat: int) -> None:
    """Step 3 (drawing) once the gang is paid, then the action phase."""
    if not s.alive[seat] or not s.mobs[seat].cell:
        settle(s)
        return
    draw_cards(s, seat)
    s.phase = "actions"
    if s.options.open_table:
        out_of_turn.open_window(s)
    settle(s)


def income(s: CrimeLordsState, seat: int) -> int:
    """Printed income of the seat's Rackets plus every income effect that applies."""
    return sum(g for _, g in income_parts(s, seat))


def income_parts(s: CrimeLordsState, seat: int) -> list[tuple[int, int]]:
    """(Racket, what it pays this turn) for each of the seat's Rackets, in the order held:
    its printed income plus every income effect that applies to it."""
    out = []
    effects = mob.mob_effects(s, seat, "income")
    for r in s.rackets[seat]:
        effects.extend(effects_of(r, "income"))
    for r in s.rackets[seat]:
        d = RACKET_CARDS[r]
        gain = d.income
        for e in effects:
            if (not e.district or e.district == d.district) and (
                not e.rtype or e.rtype == d.rtype
            ):
                gain += e.amount
        out.append((r, gain))
    return out


def pay_order(s: CrimeLordsState, seat: int) -> list[int]:
    """The Boss first, then down the Mob level by level ([decided] the order of the rest)."""
    m = s.mobs[seat]
    return m.subtree(m.root) if m.cell else []


def pay_of(s: CrimeLordsState, crook: int) -> int:
    """What a Crook wants each turn: his Power (Boss bonus included); nothing for Gimpy."""
    if effects_of(crook, "no_pay"):
        return 0
    return mob.power(s, crook)


def start_pay(s: CrimeLordsState, seat: int) -> None:
    """Step 2, "Pay off the gang": the Boss is paid first and in full ("Until the Boss gets
    his full pay, no other Crook gets anything"). If the money left covers everybody else,
    they are paid; if it covers nobody, nobody is; otherwise the player says who gets what
    (``pay`` phase), one Crook at a time."""
    order = [c for c in pay_order(s, seat) if pay_of(s, c) > 0]
    s.pay_due = {c: pay_of(s, c) for c in order}
    s.pay_got = []
    if order and order[0] == s.mobs[seat].root:
        boss = order[0]
        pay(s, seat, boss, min(s.pay_due[boss], s.money[seat]))
        if s.pay_due[boss] > 0:
            s.money[seat] = 0  # the Boss takes everything there is, the others nothing
    rest = [c for c in order if s.pay_due[c] > 0]
    if sum(s.pay_due[c] for c in rest) <= s.money[seat]:
        for c in rest:
            pay(s, seat, c, s.pay_due[c])
    elif pay_question(s, seat):
        s.phase = "pay"
        s.actor = seat
        return
    finish_pay(s, seat)


def pay_question(s: CrimeLordsState, seat: int) -> bool:
    """Whether the player has a real choice left: two or more Crooks still owed, and answers
    that end differently (see :func:`pay_options`)."""
    return _owed(s.pay_due.values()) > 1 and len(pay_options(s, seat)) > 1


def _owed(amounts: Iterable[int]) -> int:
    """How many Crooks are still owed something, of the amounts they are owed."""
    return sum(1 for due in amounts if due > 0)


Dues = tuple[tuple[int, int], ...]  # (Crook, G still owed), in pay order
Ending = tuple[Dues, frozenset[int]]  # what each is still owed, and who had something


@functools.lru_cache(maxsize=4096)
def _endings(due: Dues, got: frozenset[int], have: int) -> frozenset[Ending]:
    """Every way the payment can end from here, as :func:`pay_chosen` and
    :func:`finish_pay` play it out."""
    options = _options(due, got, have)
    if _asks(due, options):
        return frozenset().union(*(_endings(*_after(due, got, have, c, a)) for c, a in options))
    while len(options) == 1:  # as finish_pay: the only way left to pay someone
        due, got, have = _after(due, got, have, *options[0])
        options = _options(due, got, have)
    for c, d in due:  # as finish_pay: what is left goes to those still owed, in pay order
        if d > 0 and have > 0:
            due, got, have = _after(due, got, have, c, min(have, d))
    return frozenset({(due, got)})


def _asks(due: Dues, options: list[tuple[int, int]]) -> bool:
    """Whether the player still chooses: two or more Crooks owed and two or more answers."""
    return len(options) > 1 and _owed(d for _, d in due) > 1


def _after(due: Dues, got: frozenset[int], have: int, crook: int,
           amount: int) -> tuple[Dues, frozenset[int], int]:
    return (tuple((c, d - amount if c == crook else d) for c, d in due), got | {crook},
            have - amount)


def _options(due: Dues, got: frozenset[int], have: int) -> list[tuple[int, int]]:
    """Full pay for a Crook the money reaches, 1 G for one who has had nothing yet."""
    out = []
    for c, d in due:
        if d <= 0:
            continue
        if d <= have:
            out.append((c, d))
        if d > 1 and c not in got and have >= 1:
            out.append((c, 1))
    return out


def pay(s: CrimeLordsState, seat: int, crook: int, amount: int) -> None:
    """Pay ``crook`` ``amount`` G of what he is still owed this turn."""
    if amount <= 0:
        return
    s.money[seat] -= amount
    s.pay_due[crook] -= amount
    if crook not in s.pay_got:
        s.pay_got.append(crook)


#: The most Crooks still owed for which answers are compared by every way the payment can
#: end: those ways grow exponentially with the Crooks owed (ten Crooks owed 25 G with 21 G
#: in hand took over three minutes to compare), so with more owed, answers are compared as
#: :func:`_likeness` says.
EXACT_OWED = 6


def _likeness(due: Dues, got: frozenset[int], have: int) -> object:
    """What the answer that led here is compared by when many Crooks are owed: the one way
    the payment ends when no question is left, else the dues as they stand. Answers alike by
    it end alike (the same set of endings); answers that end alike by other ways are both
    offered."""
    if _asks(due, _options(due, got, have)):
        return due, got, have
    return _endings(due, got, have)  # no question left: one ending, found without a search


def pay_options(s: CrimeLordsState, seat: int) -> list[tuple[int, int]]:
    """(Crook, amount) choices while short of money: his full wage if it can be paid, or
    1 G to a Crook who has had nothing yet (short pay costs one marker, no pay two). Of
    answers that end alike, only the first is offered: with 2 G for two Crooks owed 3 and
    4 G, paying either 1 G first ends the same (both get 1 G), and a second answer would only
    tell the table, through its words, an order that changes nothing. With more than
    :data:`EXACT_OWED` Crooks owed, answers are compared by :func:`_likeness`, which finds
    the example's likeness too without searching every order."""
    due, got, have = tuple(s.pay_due.items()), frozenset(s.pay_got), s.money[seat]
    exact = _owed(s.pay_due.values()) <= EXACT_OWED
    seen: set[object] = set()
    out = []
    for crook, amount in _options(due, got, have):
        after = _after(due, got, have, crook, amount)
        ends = _endings(*after) if exact else _likeness(*after)
        if ends not in seen:
            seen.add(ends)
            out.append((crook, amount))
    return out


def pay_chosen(s: CrimeLordsState, crook: int, amount: int) -> None:
    """The player's choice in the ``pay`` phase; the phase ends when no choice is left."""
    seat = s.actor
    pay(s, seat, crook, amount)
    if not pay_question(s, seat):
        finish_pay(s, seat)


def finish_pay(s: CrimeLordsState, seat: int) -> None:
    """Whatever money is left goes to those still owed (short pay); then the markers: one
    for short pay, two for none, in pay order (a third marker makes a Crook quit at once,
    "he goes uncontrolled"). Then the turn goes on."""
    while len(options := pay_options(s, seat)) == 1:
        pay(s, seat, *options[0])  # the only way left to pay someone
    short = [c for c, due in s.pay_due.items() if due > 0]
    if short:
        for c in short:
            pay(s, seat, c, min(s.money[seat], s.pay_due[c]))
    tell_wages(s, seat, short)
    for c in short:
        if s.loc[c] == seat and c in s.mobs[seat].cell:
            got = c in s.pay_got
            mob.add_unhappy(s, c, "short pay" if got else "no pay", 1 if got else 2,
                            unpaid=True)
    s.pay_due, s.pay_got = {}, []
    after_pay(s, seat)


def tell_wages(s: CrimeLordsState, seat: int, short: list[int]) -> None:
    """The wages as the table sees them paid, Crook by Crook (public: the notes go back to
    the bank in front of everybody), and the treasury they leave (private: treasuries are
    hidden, "Money")."""
    parts = []
    total = 0
    for c in pay_order(s, seat):
        want = pay_of(s, c)
        if want <= 0:
            parts.append(f"{name(c)} wants nothing")
            continue
        got = want - s.pay_due.get(c, 0)
        total += got
        boss = " as Boss" if c == s.mobs[seat].root else ""
        if c not in short:
            parts.append(f"{name(c)} {got} G{boss}")
        elif got:
            parts.append(f"{name(c)} {got} of {want} G{boss} (short pay: 1 Unhappy marker)")
        else:
            parts.append(f"{name(c)} nothing of {want} G{boss} (no pay: 2 Unhappy markers)")
    if not parts:
        return
    head = f"{who(s, seat)} pays {total} G of wages"
    if short:
        head += f", short for {plural(len(short), 'Crook')} (the treasury ran dry)"
    s.log.add("wages", f"{head}: {'; '.join(parts)}")
    s.log.add("treasury", f"Your treasury: {s.money[seat] + total} G - {total} G wages = "
              f"{s.money[seat]} G", to=seat)


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


def end_turn(s: CrimeLordsState) -> None:
    """Step 5: retoken (unless the variant retokens at the start), then the end-of-turn
    victory check, then the next player."""
    if not s.options.retoken_at_start:
        retoken(s, s.current, rackets=True)
    finish_turn(s, s.current)


def finish_turn(s: CrimeLordsState, seat: int) -> None:
    """Victory check at the end of a turn, then the next alive player counterclockwise."""
    s.turn_no += 1
    if victory.check_end(s):
        return
    next_turn(s, seat)


def next_turn(s: CrimeLordsState, after: int) -> None:
    """The next alive seat after ``after`` begins a regular turn."""
    p = after
    for _ in range(s.players):
        p = (p + 1) % s.players
        if s.alive[p]:
            begin_turn(s, p)
            return


def settle(s: CrimeLordsState) -> None:
    """After anything that may remove Crooks: dispose of wiped-out Mobs (asking the player
    who wiped one out which Rackets he takes), then hand the decision back to whoever
    plays now. A Mob whose Boss was Hit (or quit) first picks its new Boss."""
    if s.newboss_seat >= 0:
        seat = s.newboss_seat
        m = s.mobs[seat]
        # a quit Boss's stand-in Mob as it stands now (recruits included); a Hit Boss's
        # survivors wait outside the layout
        pool = m.nodes() if m.cell else [c for c in s.newboss_pool if s.loc[c] == seat]
        if s.phase == "over" or not s.alive[seat] or not pool:
            s.newboss_seat, s.newboss_pool = -1, []
        elif len(pool) == 1 and m.cell:
            s.newboss_seat, s.newboss_pool = -1, []  # a lone stand-in is Boss already
            s.unhappy[pool[0]] = 0
        else:
            s.newboss_pool = pool
    if s.newboss_seat >= 0 and s.phase != "over":
        s.phase = "newboss"
        s.actor = s.newboss_seat
        return
    seat = regroup.pending_seat(s) if s.phase != "over" else -1
    if seat >= 0:
        regroup.start_orphans(s, seat)
        return
    while s.pending_wipe:
        seat, by = s.pending_wipe[0], s.pending_wipe[1]
        if by >= 0 and s.alive[by] and s.rackets[seat]:
            s.phase = "spoils"
            s.actor = by
            s.spoils_from = seat
            s.spoils_taken = 0
            return
        del s.pending_wipe[:2]
        eliminate(s, seat)
    if victory.last_survivor(s):
        return
    if s.war:
        war.next_war_turn(s)
        return
    if not s.alive[s.current]:
        finish_turn(s, s.current)
        return
    if s.window and s.phase != "over":
        s.phase = "window"
        s.actor = s.window[0]
        return
    if s.phase not in ("over",):
        s.phase = "actions"
        s.actor = s.current


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


def leave(s: CrimeLordsState) -> None:
    """"Leaving the Game": the player to act drops out. Nobody wiped him out, so nobody takes
    spoils; his Mob is disposed of at once and his turn is over (no retoken, no income for
    him again). Victory waits for the end of the turn as usual (except "all rivals
    eliminated")."""
    seat = s.actor
    s.log.add("leave", f"{who(s, seat)} leaves the game")
    eliminate(s, seat)
    settle(s)


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
    give_racket(s, s.spoils_from, s.actor, card)
    mob.cheer_weakness(s, s.actor, card)  # "may take over some of its Rackets"
    if not s.rackets[s.spoils_from]:
        done_spoils(s)


def done_spoils(s: CrimeLordsState) -> None:
    """Stop taking Rackets; the rest of the wiped-out Mob is disposed of."""
    seat = s.spoils_from
    del s.pending_wipe[:2]
    eliminate(s, seat)
    s.spoils_from = -1
    s.phase = "actions"
    settle(s)


def give_racket(s: CrimeLordsState, frm: int, to: int, card: int) -> None:
    """Move a Racket between seats (or from the uncontrolled area when ``frm`` < 0)."""
    if frm >= 0:
        s.rackets[frm].remove(card)
    else:
        s.uncontrolled.remove(card)
    s.rackets[to].append(card)
    s.loc[card] = to
    s.tokens[card] = False


# -- applying an action ---------------------------------------------------------------------
def apply(s: CrimeLordsState, action: Any) -> None:
    """Dispatch a legal action to the rule that plays it."""
    t = type(action)
    if s.phase in ANY_TIME_PHASES and s.phase != "window" and t is A.UseAbility:
        use_ability(s, action.card, action.target)  # the question stays open
    elif t is A.PlaySpecial and s.phase != "actions" and CARDS[action.card].timing == "any":
        play_special(s, action)  # the question stays open
    elif s.phase == "window":
        out_of_turn.apply(s, action)
    elif t is A.Bid:
        auction.bid(s, action.amount)
    elif t is A.PassBid:
        auction.pass_bid(s)
    elif t is A.ChooseBoss and s.phase == "newboss":
        seat, pool = s.newboss_seat, s.newboss_pool
        s.newboss_seat, s.newboss_pool = -1, []
        s.log.add("new boss", f"{who(s, seat)} makes {name(action.crook)} the new Boss "
                  f"(Power {mob.base_power(s, action.crook) + MOBS[s.mob_of[seat]].boss_bonus}"
                  " as Boss); the Mob is laid out again around the new Boss")
        regroup.start_new_boss(s, seat, pool, action.crook)
    elif t is A.ChooseBoss:
        auction.choose_boss(s, action.crook)
    elif t is A.Pay:
        pay_chosen(s, action.crook, action.amount)
    elif s.phase == "regroup" and t is A.Drop:
        regroup.make_room(s, action.crook)
    elif s.phase == "regroup" and t is A.Done:
        regroup.give_up(s)
    elif t is A.Place and s.phase == "regroup":
        regroup.place(s, action.superior, (action.x, action.y))
    elif t is A.Place:
        place(s, action)
    elif t in (A.Recruit, A.Takeover, A.Hit):
        attacks.announce(s, action)
    elif t in (A.Commit, A.Reveal, A.BackOut, A.Protect, A.Assist, A.Interfere, A.Done) or (
        t is A.PlaySpecial and s.phase == "assist"
    ):
        if s.phase == "spoils":
            done_spoils(s)
        else:
            attacks.step(s, action)
    elif t is A.TakeSpoils:
        take_spoils(s, action.card, action.token)
    elif t is A.EndTurn:
        if s.phase == "war":
            war.war_pass(s)
        else:
            end_turn(s)
    elif t is A.TakeTen:
        s.money[s.actor] += 10
        end_turn(s)
    elif t is A.Leave:
        leave(s)
    elif t is A.OfferTrade:
        s.acted = True
        s.free_left -= 1
        trades.offer(s, action)
    elif t is A.AskFor:
        trades.ask(s, action)
    elif t is A.Withdraw:
        trades.close(s, accepted=False)
    elif t in (A.Accept, A.Refuse) and s.phase == "trade":
        trades.close(s, accepted=t is A.Accept)
    elif t in (A.Accept, A.Refuse):
        answer(s, t is A.Accept)
    else:
        s.acted = True
        turn_action(s, action)


def place(s: CrimeLordsState, action: A.Place) -> None:
    """Lay a Crook at a chosen place (setup layout, a recruit, a moved Crook)."""
    seat = s.actor
    if s.phase == "layout":
        s.layout_queue.pop(0)
        s.mobs[seat].attach(action.crook, action.superior, (action.x, action.y))
        auction.next_layout(s)
        return
    shape = s.place_shape
    gift = s.place_gift
    before = s.place_before
    for c in shape:
        s.loc[c] = seat
    # subordinates that cannot keep their places are placed by the player under the same
    # superior ("he may rearrange any new cards that overlap, as long as they are still
    # controlled by the same Crook")
    displaced: list[tuple[int, regroup.Shape]] = []
    lost = s.mobs[seat].graft(action.crook, shape, action.superior, (action.x, action.y),
                              mob.carried_rank(action.crook, shape), displaced)
    mob.let_loose(s, seat, lost, "fits nowhere in the Mob")
    s.place_card = -1
    s.place_shape = {}
    s.place_move = s.place_gift = False
    s.place_before = []
    if displaced:
        regroup.begin(s, seat, dict(displaced), before,
                      keep_superior={c: sub[c][0] for c, sub in displaced},
                      new=list(shape) if gift else None)
        return
    rank_changes(s, seat, before)
    settle(s)


lieutenants = mob.lieutenants


def rank_changes(s: CrimeLordsState, seat: int, before: list[int]) -> None:
    """"Unhappy Crooks": a demoted Lieutenant gets a marker, a new Lieutenant loses one."""
    after = lieutenants(s, seat)
    boss = name(s.mobs[seat].root) if s.mobs[seat].cell else "the Boss"
    for c in after:
        if c not in before:
            s.log.add("lieutenant", f"{name(c)} {verb(c, 'becomes', 'become')} a Lieutenant of"
                      f" {seat_label(seat)}'s Mob, right under {boss}")
            mob.calm(s, c, "promoted to Lieutenant")
    for c in before:
        if c not in after and c in s.mobs[seat].cell and s.mobs[seat].root != c:
            s.log.add("lieutenant", f"{name(c)} {verb(c, 'is', 'are')} no longer a Lieutenant "
                      f"of {seat_label(seat)}'s Mob")
            mob.add_unhappy(s, c, "demoted from Lieutenant")


def start_placing(s: CrimeLordsState, seat: int, crook: int, shape: regroup.Shape, under: int,
                  moving: bool = False, gift: bool = False,
                  before: list[int] | None = None) -> None:
    """Ask ``seat`` where ``crook`` (detached, with ``shape``) goes; if nowhere, he and his
    subordinates go uncontrolled (a failed fit: "the actions you spent are lost").
    ``before``: the seat's Lieutenants before ``crook`` was taken out (a moved Lieutenant
    is demoted, or stays one, by where he goes); by default, its Lieutenants now."""
    if before is None:
        before = lieutenants(s, seat)
    s.place_before = before
    s.place_card = crook
    s.place_shape = shape
    s.place_under = under
    s.place_move = moving
    s.place_gift = gift
    for c in shape:
        s.loc[c] = seat
    if not mob.placements_for(s, seat, crook, under):
        mob.let_loose(s, seat, list(shape), "can find no place in the Mob")
        s.place_card = -1
        s.place_shape = {}
        s.place_move = s.place_gift = False
        rank_changes(s, seat, before)
        s.place_before = []
        settle(s)
        return
    s.phase = "place"
    s.actor = seat


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
        before = lieutenants(s, seat)
        shape = s.mobs[seat].detach(action.crook)
        start_placing(s, seat, action.crook, shape, -1, moving=True, before=before)
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
        before = lieutenants(s, seat)
        mob.let_loose(s, seat, list(m.detach(action.crook)), "dropped from the Mob")
        rank_changes(s, seat, before)
    elif t in (A.GiveMoney, A.GiveCard):
        s.free_left -= 1
        give(s, seat, action)
    settle(s)


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
        give_racket(s, seat, to, action.card)
        s.log.add("gift", f"{who(s, to)} receives {name(action.card)} from "
                  f"{seat_label(seat)} ({plural(len(s.rackets[to]), 'Racket')} now)")
    else:
        s.specials[seat].remove(action.card)
        s.specials[to].append(action.card)
        s.loc[action.card] = to
        s.log.add("gift", f"{who(s, to)} receives a Special card from {seat_label(seat)} "
                  f"({plural(len(s.specials[to]), 'Special')} now)")
        s.log.add("gift received", f"{seat_label(seat)} gives you {name(action.card)}", to=to)


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
    before = lieutenants(s, seat)
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
        raise_power(s, lt, 2 if victim_power > lead else 1, f"after killing {name(old)}")
        # everyone else gets his marker for the Boss's death; the new Boss got one too, but
        # "becomes Mob Boss" takes all his markers off
        for c in s.mobs[seat].nodes():
            if c != lt and s.loc[c] == seat and c in s.mobs[seat]:
                mob.add_unhappy(s, c, "the Boss was double-crossed")


def raise_power(s: CrimeLordsState, crook: int, amount: int, why: str) -> None:
    """A Hit (or a double-cross) makes ``crook`` feared: + Power markers, never above 6;
    the table is told from what to what, and why."""
    before = mob.base_power(s, crook)
    mob.raise_power(s, crook, amount)
    after = mob.base_power(s, crook)
    owner = s.loc[crook]
    at = f" ({seat_label(owner)})" if owner >= 0 else ""
    if after > before:
        s.log.add("power", f"{name(crook)}{at} rises from Power {before} to {after} {why} "
                  f"(+{plural(after - before, 'Power marker')})")
    else:
        s.log.add("power", f"{name(crook)}{at} {verb(crook, 'stays', 'stay')} at Power "
                  f"{after} {why}: 6 is the most")


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


def hand_over_crook(s: CrimeLordsState, crook: int, to: int) -> None:
    """A Crook given or traded leaves his Mob with his people (each loses a marker: they move
    to another Mob); the receiver places him (then play goes back to where it was)."""
    giver = s.loc[crook]
    before = lieutenants(s, giver)
    shape = s.mobs[giver].detach(crook)
    people = [name(c) for c in shape if c != crook]
    s.log.add("crook changes mobs", f"{name(crook)}"
              + (f" (with {', '.join(people)})" if people else "")
              + f" {'leave' if people else verb(crook, 'leaves', 'leave')} "
              f"{seat_label(giver)}'s Mob for {seat_label(to)}'s")
    rank_changes(s, giver, before)
    for c in shape:
        mob.calm(s, c, "moved to another Mob")
    start_placing(s, to, crook, shape, -1, gift=True)


def answer(s: CrimeLordsState, yes: bool) -> None:
    """Accept or refuse: a Crook offered, or a shared victory one card short."""
    if s.phase == "consent":
        crook, to = s.offer_crook, s.actor
        s.offer_crook = -1
        s.phase = "actions"
        s.actor = s.current
        if yes:
            hand_over_crook(s, crook, to)
            return
        s.log.add("crook refused", f"{who(s, to)} turns down {name(crook)}, who "
                  f"{verb(crook, 'stays', 'stay')} with {seat_label(s.loc[crook])} "
                  f"({his(crook)} token is spent)")
        settle(s)
        return
    victory.answer_share(s, yes)
