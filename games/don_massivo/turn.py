"""Setup placement, the start of a turn, phase 1 (recruit) and phase 2 (take things back out
of the display, move, pay or rob, defend), and who plays next.

Rulebook page: the next player is the one paid or robbed in phase 2; in the 2-player game a
robbery skips phase 3 and paying needs no meeting. The rest is reconstructed (RULES.md).
What may be chosen, and what comes next, is in :mod:`tabletop_games.don_massivo.flow`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MOVES, OPEN_LOCATIONS, PRISON, VILLA, Move
from .cards import LOOT_KIND, LOOT_VALUE, STRENGTH
from .draws import draw
from .locations import ACTION_LOCATIONS
from .money import PILE, SHOW, check_wealth, end_by_most_money
from .rules import BAIL, PAYMENT
from .words import (
    LOCATION_NAMES,
    count,
    gangster_strength,
    gangster_text,
    listing,
    loot_text,
    money_text,
    who,
)

if TYPE_CHECKING:
    from .state import DonMassivoState


# -- setup: placing the tokens -----------------------------------------------------------------
def place_token(state: DonMassivoState, location: str) -> None:
    """The seat first in the placing queue puts a token on ``location``; after the last one,
    the start player is announced."""
    # dm-placement, dm-two-tokens
    seat = state.place_queue.pop(0)
    state.tokens[seat].append(location)
    if not state.place_queue:
        # dm-start-player
        state.log.add("start player", f"All tokens are placed. {who(state.current)} begins "
                      "(the start player is drawn at random)")


# -- the start of a turn ----------------------------------------------------------------------
def start_turn(state: DonMassivoState) -> None:
    """Begin the current player's turn: the curfew check, then phase 1 (draw a gangster)."""
    # dm-curfew
    if state.turn >= state.options.max_turns:
        end_by_most_money(state, "the curfew: the richest player wins",
                          f"the curfew: {state.options.max_turns} turns have been played, so "
                          "the richest player wins")
        return
    state.turn += 1
    state.moved = state.target = state.sell_pile = -1
    state.deal = ""
    state.usable, state.used, state.laid, state.specialists, state.offered = [], [], [], [], []
    state.west_alt = state.east_alt = False
    seat = state.current
    card = draw(state, state.gangsters, "Gangster")  # dm-recruit-draw
    if card is None:
        state.log.add("gangster drawn", f"Phase 1: {who(seat)} draws no Gangster card: both "
                      "Gangster piles are empty")
    else:
        state.hand_g[seat].append(card)
        state.log.add("gangster drawn", f"Phase 1: {who(seat)} draws a Gangster card "
                      f"({count(len(state.hand_g[seat]), 'Gangster card')} in hand now)")
        state.log.add("own draw", f"You draw {gangster_text(card)}", to=seat)


# -- taking things back out of the display during the own turn (rulebook: phase 4, note) ------
# Decided: this is done at the start of phase 2, before the move (RULES.md 3, phase 2).
def take_back_money(state: DonMassivoState, amount: int) -> None:
    """The current player takes ``amount`` out of his display into his pile."""
    # dm-take-back
    seat = state.current
    state.money.transfer(SHOW[seat], PILE[seat], amount)


def take_back_gangster(state: DonMassivoState, card: str) -> None:
    """The current player takes a gangster out of his display into his hand (during phase 2,
    or at the start of phase 4)."""
    # dm-take-back, dm-refresh
    seat = state.current
    state.show_g[seat].remove(card)
    state.hand_g[seat].append(card)


# -- phase 2: moving ---------------------------------------------------------------------------
def move(state: DonMassivoState, action: Move) -> None:
    """Move a token (paying bail to bring it out of the Prison)."""
    seat = state.current
    if state.tokens[seat][action.token] == PRISON:
        # dm-bail, dm-pay-what-you-can
        paid = state.money.pay_what_you_can_to_bank(PILE[seat], BAIL)
        state.log.add("bail", f"{who(seat)} pays {money_text(paid)} bail to bring his token "
                      "out of Prison" + (" (all he had)" if paid < BAIL else ""))
    state.moved_from = state.tokens[seat][action.token]
    state.tokens[seat][action.token] = action.location
    state.moved = action.token


def move_options(state: DonMassivoState) -> list[Move]:
    """Where the current player may move a token.

    A token in Prison must be the one moved. With 3-5 players the token must go to another
    location holding another player's token; if there is none, a token that already shares a
    location with another player stays there. With 2 players any other location will do, or
    staying put.
    """
    # dm-move-to-meet, dm-stay-put, dm-two-pay-anywhere, dm-prison-no-deal
    seat = state.order.current
    mine = state.tokens[seat]
    two = state.players == 2
    jailed = [t for t in (0, 1) if mine[t] == PRISON]
    tokens = jailed or [0, 1]
    out = []
    if len(tokens) == 2 and mine[0] == mine[1]:
        tokens = [0]  # two tokens on one location: moving either is the same choice
    meeting = state.meeting_places(seat)
    for t in tokens:
        for loc in OPEN_LOCATIONS:
            if loc != mine[t] and (two or loc in meeting):
                out.append(MOVES[(t, loc)])
    if two and not jailed:
        out.append(MOVES[(0, mine[0])])
        if mine[1] != mine[0]:
            out.append(MOVES[(1, mine[1])])
    if not out:
        for t in tokens:
            if mine[t] in meeting and not (t == 1 and mine[1] == mine[0]):
                out.append(MOVES[(t, mine[t])])
    return out


# -- phase 2: paying or robbing ----------------------------------------------------------------
def deal_targets(state: DonMassivoState) -> tuple[list[int], list[int]]:
    """(players the current player may pay, players he may rob)."""
    # dm-needs-cards, dm-two-pay-anywhere, dm-two-rob-needs-meeting
    seat = state.order.current
    here = state.others_at(state.tokens[seat][state.moved], seat)
    can_rob = bool(state.hand_g[seat])
    if state.players == 2:
        # 2-player game: paying needs no meeting; robbing still needs a token moved to where
        # the other player stands (rulebook: 2 players).
        moved_in = state.moved_from != state.tokens[seat][state.moved]
        return [1 - seat], (here if can_rob and moved_in else [])
    return here, (here if can_rob else [])


def pay(state: DonMassivoState, target: int) -> None:
    """The current player will pay ``target`` (money or, if he holds any, a loot card)."""
    state.target = target
    state.deal = "pay"


def rob(state: DonMassivoState, target: int) -> None:
    """The current player will rob ``target``: he lays gangsters, then strikes."""
    state.target = target
    state.deal = "rob"


def pay_cash(state: DonMassivoState) -> None:
    """The payer hands over $2,000 (all his pile if less); the payee may reach $100,000."""
    # dm-pay, dm-pay-what-you-can, dm-next-player
    seat, target = state.current, state.target
    paid = state.money.pay_what_you_can(PILE[seat], PILE[target], PAYMENT)
    state.log.add("payment", f"{who(seat)} pays {who(target)} {money_text(paid)}"
                  + (" (all he had)" if paid < PAYMENT else "")
                  + f"; {who(target)} will play next")
    give_way(state)
    check_wealth(state)


def give_loot(state: DonMassivoState, card: str) -> None:
    """The payer hands over one Stooge card instead of money; its kind stays between the
    two of them (rulebook: Hints, the kinds in a hand are private)."""
    # dm-pay-loot
    seat, target = state.current, state.target
    state.hand_s[seat].remove(card)
    state.hand_s[target].append(card)
    state.log.add("payment in loot", f"{who(seat)} pays {who(target)} with a loot card from his "
                  f"hand instead of money ({who(target)} holds "
                  f"{count(len(state.hand_s[target]), 'Stooge card')} now); {who(target)} "
                  "will play next")
    state.log.add("own payment", f"You receive {loot_text(card)} from {who(seat)}", to=target)
    state.log.add("own payment", f"You hand {who(target)} {loot_text(card)} "
                  f"({LOOT_VALUE[card]} {LOOT_KIND[card]} loot)", to=seat)
    give_way(state)


def lay(state: DonMassivoState, card: str) -> None:
    """The robber lays a gangster from his hand into the robbery."""
    seat = state.current
    state.hand_g[seat].remove(card)
    state.laid.append(card)


def strike(state: DonMassivoState) -> None:
    """The robber strikes: if the attack beats the display defence and the robbed player holds
    gangsters, he may throw them in (the robbery waits, ``laid`` still set); else the robbery
    is resolved at once."""
    # dm-rob-hand-defence
    seat = state.current
    victim = state.target
    attack = attack_of(state)
    defence = state.defence(victim)
    if attack > defence and state.hand_g[victim]:
        state.log.add("robbery strikes", f"{who(seat)} strikes at {who(victim)} with attack "
                      f"{attack} against display defence {defence}: {who(victim)} may throw "
                      f"Gangster cards from his hand ({len(state.hand_g[victim])}) into the "
                      "defence")
        return
    resolve_robbery(state)


# -- defending: the robbed player's hand gangsters (reconstructed, RULES.md phase 2) ----------
def attack_of(state: DonMassivoState) -> int:
    """The strength of the gangsters laid into the robbery."""
    return sum(STRENGTH[c] for c in state.laid)


def defence_of(state: DonMassivoState) -> int:
    """The robbed player's display defence plus the gangsters he threw in from his hand."""
    return state.defence(state.target) + sum(STRENGTH[c] for c in state.guard)


def guard(state: DonMassivoState, card: str) -> None:
    """The robbed player throws a gangster from his hand into the defence; once the defence
    holds, or his hand is empty, the robbery is resolved."""
    state.hand_g[state.target].remove(card)
    state.guard.append(card)
    if defence_of(state) >= attack_of(state) or not state.hand_g[state.target]:
        resolve_robbery(state)


def resolve_robbery(state: DonMassivoState) -> None:
    """The laid gangsters against the target's display gangsters and those he threw in from
    his hand: more attack wins half of the target's display money; otherwise the moved token
    goes to the Prison. All gangsters laid or thrown in are discarded."""
    # dm-rob, dm-rob-fail-prison
    seat, victim = state.current, state.target
    attack = attack_of(state)
    shown_defence = state.defence(victim)
    defence = defence_of(state)
    gang = listing([gangster_strength(c) for c in state.laid])
    guards = (f" (display {shown_defence} and "
              f"{listing([gangster_strength(c) for c in state.guard])} from his hand)"
              if state.guard else "")
    state.gangsters.discard_all(state.laid)
    state.gangsters.discard_all(state.guard)
    state.laid, state.guard = [], []
    if attack > defence:
        shown = state.shown(victim)
        amount = shown // 2  # whole thousands: rounded down
        cut = 0
        holder = villa_cut_holder(state)
        if holder is not None:
            cut = amount // 2  # half of the robbed money, rounded down (advanced rule)
            state.money.transfer(SHOW[victim], PILE[holder], cut)
        state.money.transfer(SHOW[victim], PILE[seat], amount - cut)
        text = (f"{who(seat)} robs {who(victim)}: attack {attack} ({gang}) beats defence "
                f"{defence}{guards}, so he takes half of the {money_text(shown)} in "
                f"{who(victim)}'s display, rounded down: {money_text(amount)}")
        if holder is not None:
            text += (f"; {who(holder)}, alone at the Villa, receives half of it, "
                     f"{money_text(cut)}, and {who(seat)} keeps {money_text(amount - cut)}")
        state.log.add("robbery", text + "; the gangsters of both sides are discarded"
                      if guards else text + "; the laid gangsters are discarded")
        give_way(state)
        check_wealth(state)
    else:
        here = state.tokens[seat][state.moved]
        state.tokens[seat][state.moved] = PRISON
        state.log.add("robbery failed", f"{who(seat)}'s robbery of {who(victim)} fails: attack "
                      f"{attack} ({gang}) does not beat defence {defence}{guards}; the "
                      "gangsters are discarded and his token goes from "
                      f"{LOCATION_NAMES[here]} to Prison")


def give_way(state: DonMassivoState) -> None:
    """A paid or successfully robbed player gives way: his token at the meeting place moves
    to where the current player's token came from (not out of the Prison; see RULES.md)."""
    # dm-give-way
    seat, victim = state.current, state.target
    here = state.tokens[seat][state.moved]
    came_from = state.moved_from
    if came_from in (here, PRISON) or here not in state.tokens[victim]:
        return
    state.tokens[victim][state.tokens[victim].index(here)] = came_from
    done = "paid" if state.deal == "pay" else "robbed"
    state.log.add("give way", f"{who(victim)}'s token gives way from {LOCATION_NAMES[here]} to "
                  f"{LOCATION_NAMES[came_from]}, where {who(seat)}'s token came from (a "
                  f"{done} player gives way)")


def villa_cut_holder(state: DonMassivoState) -> int | None:
    """The advanced rule: the only player with a token at the Villa, if he is neither the
    robber nor the robbed (rulebook: Rules expansion for advanced players)."""
    # dm-villa-cut
    if not state.options.villa_cut:
        return None
    holders = [s for s in range(state.players) if state.villa_holder(s)]
    if len(holders) != 1 or holders[0] in (state.current, state.target):
        return None
    return holders[0]


def begin_phase3(state: DonMassivoState) -> None:
    """Who plays next is settled; phase 3 lists the locations the current player may use (in
    the 2-player game a robbery skips phase 3: :func:`skips_phase3`)."""
    # dm-next-player, dm-next-after-failure
    seat = state.current
    state.order.set_next(state.target)
    if skips_phase3(state):
        state.log.add("phase 3", f"{who(seat)} robbed: in the 2-player game he skips phase 3 "
                      "and uses no location this turn")
        return
    mine = state.tokens[seat]
    if state.players == 2 or state.deal == "pay":
        # dm-pay-both-locations
        spots = [mine[0], mine[1]]
        why = "2 players: both his tokens count" if state.players == 2 \
            else "he paid, so both his tokens count"
    else:
        # dm-rob-one-location
        spots = [mine[state.moved]]
        why = ("his moved token is in Prison" if mine[state.moved] == PRISON
               else "he robbed, so only his moved token counts")
    state.usable = [loc for loc in ACTION_LOCATIONS if loc in spots]
    names = listing([LOCATION_NAMES[loc] for loc in state.usable]) or "no location"
    if VILLA in spots:
        why += "; Don Massivo's Villa has no action of its own"
    state.log.add("phase 3", f"Phase 3: {who(seat)} may use {names} ({why})")


def skips_phase3(state: DonMassivoState) -> bool:
    """Whether the current player skips phase 3: a robbery in the 2-player game (rulebook)."""
    # dm-two-rob-skips
    return state.players == 2 and state.deal == "rob"
