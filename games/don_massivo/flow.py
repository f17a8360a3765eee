"""The order of play of Don Massivo, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

Setup: the tokens are placed in snake order (step ``place``). A turn: the current player
takes things back out of his display and moves a token (``move``), pays or robs a player
where it stands (``deal``), chooses how to pay (``payment``) or lays gangsters and strikes
(``rob``), while the robbed player may throw gangsters into the defence (``defend``, out of
turn). Phase 3 (``locations``) begins as who plays next is settled; a use of the West Side
asks which specialists to send (the question ``steal``), a use of the East Side which top
fence to sell to and what loot to hand over (``sell_pick``, then ``sell``); a Casino card
turning up asks every seat in turn for a sealed stake (``casino``). After the last answer
phase 3 goes on. Once the current player is done, the others add to their displays face down
(``facedown``); phase 4 (``refresh_take``, ``refresh_money``, ``refresh_add``, ``limit``)
ends the turn, and the paid or robbed player's turn begins at once.

The game ends in the middle of whatever rule made someone rich enough, or at the third
Casino or the curfew. The flow learns it from the state's ``over`` (``is_over``), not from an
end step, so the step the game ended in stays as the observation has always shown it: a sale
or a Casino game that ends it leaves ``locations`` (their questions are answered over it),
the curfew the step where the last turn ended (``next_turn`` starts the next turn within the
same decision). ``state.step`` reads the question asked, if any, else the step.

Each decision has its listing (what may be played, in the order the menus keep) and its
refusal (why something else may not, in words) side by side here; what an action does is in
the rule modules :mod:`~tabletop_games.don_massivo.turn`, :mod:`~tabletop_games.don_massivo.locations`,
:mod:`~tabletop_games.don_massivo.casino` and :mod:`~tabletop_games.don_massivo.refresh`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tabletop.flow import Flow, Question, Step

from . import casino, locations, refresh, rules, turn
from .actions import (
    BANK,
    DISCARD,
    DONE,
    EAST,
    FACEDOWN,
    GIVE_LOOT,
    GUARD,
    LAY,
    LEAN,
    MONEY_MAX,
    OPEN_LOCATIONS,
    PAY,
    PAY_CASH,
    PLACE,
    PRISON,
    RECRUIT,
    ROB,
    SELL,
    SELL_TO,
    SET_MONEY,
    SHOW,
    SPECIALIST,
    STEAL,
    STRIKE,
    TAKE_G,
    TAKE_MONEY,
    USE,
    WEST,
    DiscardCard,
    GiveLoot,
    Guard,
    LayGangster,
    LeanOnFence,
    Move,
    Pay,
    PlaceToken,
    Recruit,
    Rob,
    SellCard,
    SendSpecialist,
    ShowGangster,
    Stake,
    TakeBackGangster,
    TakeBackMoney,
    Use,
)
from .words import STEP_TEXT

if TYPE_CHECKING:
    from tabletop.components import Prompt

    from .state import DonMassivoState


# -- who acts ---------------------------------------------------------------------------------
def placing_seat(state: DonMassivoState) -> int:
    """Step ``place``: the first seat of the placing queue."""
    return state.place_queue[0]


def facedown_seat(state: DonMassivoState) -> int:
    """Step ``facedown``: the first seat of the face-down round."""
    return state.facedown_queue[0]


def staking_seat(state: DonMassivoState, ask: Prompt) -> int:
    """Question ``casino``: the seat whose sealed stake the Casino waits for."""
    return casino.staking_seat(state)


# -- listings ---------------------------------------------------------------------------------
def place_choices(state: DonMassivoState) -> list[Any]:
    """Step ``place``: any location but the Prison."""
    return list(PLACE.values())


def takeback_choices(state: DonMassivoState) -> list[Any]:
    """Any sum of money (one amount decision) and each gangster the current player may take
    out of his display."""
    seat = state.order.current
    shown = min(state.shown(seat), MONEY_MAX)
    out: list[Any] = [TAKE_MONEY[a] for a in range(1, shown + 1)]
    out.extend(TAKE_G[c] for c in state.show_g[seat])
    return out


def move_choices(state: DonMassivoState) -> list[Any]:
    """Step ``move``: the moves first, then the take-backs: the moves keep their places in the
    menu whether or not the display holds anything to take back."""
    return [*turn.move_options(state), *takeback_choices(state)]


def deal_choices(state: DonMassivoState) -> list[Any]:
    """Step ``deal``: the players to pay, then the players to rob."""
    pay, rob = turn.deal_targets(state)
    return [PAY[s] for s in pay] + [ROB[s] for s in rob]


def payment_choices(state: DonMassivoState) -> list[Any]:
    """Step ``payment``: $2,000 in money, or a loot card from the hand."""
    out: list[Any] = [PAY_CASH]
    out.extend(GIVE_LOOT[c] for c in state.hand_s[state.order.current])
    return out


def rob_choices(state: DonMassivoState) -> list[Any]:
    """Step ``rob``: a gangster from the hand laid into the robbery; striking once one is."""
    out: list[Any] = [LAY[c] for c in state.hand_g[state.order.current]]
    if state.laid:
        out.append(STRIKE)
    return out


def defend_choices(state: DonMassivoState) -> list[Any]:
    """Step ``defend``: another hand gangster while the attack still beats the defence;
    standing down (Done, which also ends the defence once it holds)."""
    out: list[Any] = []
    if turn.defence_of(state) < turn.attack_of(state):
        out.extend(GUARD[c] for c in state.hand_g[state.target])
    out.append(DONE)
    return out


def location_choices(state: DonMassivoState) -> list[Any]:
    """Step ``locations``: each location still to use (the East Side with loot in hand and a
    fence to sell to, the Bank when it pays anybody), the Villa's alternative actions, then
    Done."""
    # dm-use-once, dm-needs-cards, dm-recruit-needs-gangsters, dm-villa, dm-empty-fence-pile
    seat = state.order.current
    out: list[Any] = []
    villa = state.villa_holder(seat)
    for loc in state.usable:
        if loc in state.used:
            continue
        if loc == EAST:
            if state.hand_s[seat] and any(state.fence_piles):
                out.append(USE[EAST])
            if villa and not state.east_alt:
                out.extend(LEAN[p] for p in range(3) if state.fence_piles[p])
        elif loc == BANK:
            if locations.interest_due(state):
                out.append(USE[BANK])
        else:
            out.append(USE[loc])
            if villa and not state.west_alt and state.gangsters.can_draw():
                out.append(RECRUIT)
    out.append(DONE)
    return out


def steal_choices(state: DonMassivoState, ask: Prompt) -> list[Any]:
    """Question ``steal``: a gangster from the hand sent as a specialist, or the job."""
    out: list[Any] = [SPECIALIST[c] for c in state.hand_g[state.order.current]]
    out.append(STEAL)
    return out


def fence_choices(state: DonMassivoState, ask: Prompt) -> list[Any]:
    """Question ``sell_pick``: the Fence piles with a top card."""
    # dm-empty-fence-pile
    return [SELL_TO[p] for p in range(3) if state.fence_piles[p]]


def sale_choices(state: DonMassivoState, ask: Prompt) -> list[Any]:
    """Question ``sell``: a loot card not yet handed over; closing the sale once one is."""
    offered = state.offered
    out: list[Any] = [SELL[c] for c in state.hand_s[state.order.current] if c not in offered]
    if offered:
        out.append(DONE)
    return out


def stake_choices(state: DonMassivoState, ask: Prompt) -> list[Any]:
    """Question ``casino``: the stakes of the seat to stake."""
    return list(casino.stake_options(state, casino.staking_seat(state)))


def facedown_choices(state: DonMassivoState) -> list[Any]:
    """Step ``facedown``: no gangster or one from the hand, each with any sum of notes from
    the pile (an amount decision per gangster choice; $0 with no gangster adds nothing)."""
    seat = state.facedown_queue[0]
    most = min(state.pile(seat), MONEY_MAX)
    return [FACEDOWN[(c, a)] for c in ("", *state.hand_g[seat]) for a in range(most + 1)]


def refresh_take_choices(state: DonMassivoState) -> list[Any]:
    """Step ``refresh_take``: a gangster taken back out of the display, or Done."""
    out: list[Any] = [TAKE_G[c] for c in state.show_g[state.order.current]]
    out.append(DONE)
    return out


def refresh_money_choices(state: DonMassivoState) -> list[Any]:
    """Step ``refresh_money``: the money to leave in the display, $0 up to pile and display."""
    seat = state.order.current
    most = min(state.pile(seat) + state.shown(seat), MONEY_MAX)
    return list(SET_MONEY[: most + 1])


def refresh_add_choices(state: DonMassivoState) -> list[Any]:
    """Step ``refresh_add``: a gangster from the hand put into the display, or Done."""
    out: list[Any] = [SHOW[c] for c in state.hand_g[state.order.current]]
    out.append(DONE)
    return out


def limit_choices(state: DonMassivoState) -> list[Any]:
    """Step ``limit``: a Gangster card discarded or put into the display, or a Stooge card
    discarded."""
    seat = state.order.current
    out: list[Any] = [DISCARD[c] for c in state.hand_g[seat]]
    out.extend(SHOW[c] for c in state.hand_g[seat])
    out.extend(DISCARD[c] for c in state.hand_s[seat])
    return out


# -- refusals: None for what the listing above offers, else why not ---------------------------
def reason(state: DonMassivoState, action: Any) -> str:
    """Why ``action``, which the decision at hand does not list, may not be played: a reason
    a player understands."""
    if isinstance(action, (Move, PlaceToken)) and getattr(action, "location", None) == PRISON:
        return "nobody moves a token into the Prison"
    if isinstance(action, Move) and action.location not in OPEN_LOCATIONS:
        return "there is no such location"
    step = state.step
    if isinstance(action, Move) and step == rules.MOVE and PRISON in state.tokens[state.order.current]:
        return "the token in Prison must be the one that moves"
    if isinstance(action, Move) and step == rules.MOVE and state.players > 2:
        return "a token must move to another location where another player has a token"
    if isinstance(action, Rob) and step == rules.DEAL:
        return ("you can only rob a player whose token stands where your moved token is, "
                "and you need a gangster")
    if isinstance(action, Pay) and step == rules.DEAL:
        return "you can only pay a player whose token stands where your moved token is"
    if isinstance(action, (SellCard, ShowGangster, LayGangster, SendSpecialist,
                           DiscardCard)) and step in STEP_TEXT:
        return f"that card is not in the right hand now ({STEP_TEXT[step]})"
    if isinstance(action, (Recruit, LeanOnFence)):
        return ("only a player with a token at Don Massivo's Villa, using that Side this turn, "
                "may do this once, before stealing or selling")
    if isinstance(action, Stake):
        return "a stake is $0 (no kind) or $1,000-$5,000 on money, jewellery or art, from your pile"
    return f"now is the time for {STEP_TEXT.get(step, 'something else')}"


def refusing(listing: Callable[[DonMassivoState], Sequence[Any]]
             ) -> Callable[[DonMassivoState, Any], str | None]:
    """A step's refusal: nothing against what ``listing`` offers, else :func:`reason`."""
    def refuse(state: DonMassivoState, action: Any) -> str | None:
        return None if action in listing(state) else reason(state, action)
    return refuse


def refusing_answer(listing: Callable[[DonMassivoState, Prompt], Sequence[Any]]
                    ) -> Callable[[DonMassivoState, Prompt, Any], str | None]:
    """A question's refusal: nothing against what ``listing`` offers, else :func:`reason`."""
    def refuse(state: DonMassivoState, ask: Prompt, action: Any) -> str | None:
        return None if action in listing(state, ask) else reason(state, action)
    return refuse


# -- what an action does, and where play goes ---------------------------------------------------
def play_place(state: DonMassivoState, action: PlaceToken) -> str | None:
    """Step ``place``: a token placed; after the last one the start player's turn begins."""
    turn.place_token(state, action.location)
    if state.place_queue:
        return None
    turn.start_turn(state)
    return rules.MOVE


def play_move(state: DonMassivoState, action: Any) -> str | None:
    """Step ``move``: a take-back (the step goes on), or the move (then the deal)."""
    kind = type(action)
    if kind is Move:
        turn.move(state, action)
        return rules.DEAL
    if kind is TakeBackMoney:
        turn.take_back_money(state, action.amount)
    else:
        turn.take_back_gangster(state, action.card)
    return None


def play_deal(state: DonMassivoState, action: Pay | Rob) -> str:
    """Step ``deal``: paying (the payer chooses money or loot if he holds loot, else pays in
    money at once) or robbing."""
    if type(action) is Pay:
        turn.pay(state, action.target)
        if state.hand_s[state.order.current]:
            return rules.PAYING
        turn.pay_cash(state)
        return rules.LOCATIONS
    turn.rob(state, action.target)
    return rules.ROB


def play_payment(state: DonMassivoState, action: Any) -> str:
    """Step ``payment``: a loot card or the money handed over; phase 3 follows."""
    if type(action) is GiveLoot:
        turn.give_loot(state, action.card)
    else:
        turn.pay_cash(state)
    return rules.LOCATIONS


def play_rob(state: DonMassivoState, action: Any) -> str | None:
    """Step ``rob``: a gangster laid (the step goes on), or the strike: the robbed player
    defends while the robbery waits, else phase 3 follows."""
    if type(action) is LayGangster:
        turn.lay(state, action.card)
        return None
    turn.strike(state)
    return rules.DEFEND if state.laid else rules.LOCATIONS


def play_defend(state: DonMassivoState, action: Any) -> str | None:
    """Step ``defend``: a gangster thrown in (the defence goes on while the robbery waits), or
    standing down; phase 3 follows."""
    if type(action) is Guard:
        turn.guard(state, action.card)
        return None if state.laid else rules.LOCATIONS
    turn.resolve_robbery(state)
    return rules.LOCATIONS


def enter_locations(state: DonMassivoState) -> str | None:
    """Step ``locations`` begins: who plays next is settled, and phase 3 is skipped after a
    robbery in the 2-player game."""
    turn.begin_phase3(state)
    return rules.REFRESH_TAKE if turn.skips_phase3(state) else None


def play_locations(state: DonMassivoState, action: Any) -> str | None:
    """Step ``locations``: a location used (a steal or a sale asks its questions), an
    alternative action, or Done (the face-down round follows)."""
    # Cards turned face up by the last move are shown for one decision. Only a steal and a
    # Casino game turn cards up, and both are answered over this step, which is therefore the
    # next to play: clearing here is clearing before every action.
    state.turned_up.clear()
    kind = type(action)
    if kind is Use:
        where = action.location
        if where == WEST:
            locations.use_west(state)
        elif where == EAST:
            locations.use_east(state)
        else:
            locations.use_bank(state)
    elif kind is Recruit:
        locations.recruit(state)
    elif kind is LeanOnFence:
        locations.lean_on_fence(state, action.pile)
    else:
        return rules.FACEDOWN
    return None


def answer_steal(state: DonMassivoState, ask: Prompt, action: Any) -> None:
    """Question ``steal``: a specialist sent, or the job pulled off."""
    if type(action) is SendSpecialist:
        locations.send_specialist(state, action.card)
    else:
        locations.steal(state)


def steal_final(state: DonMassivoState, ask: Prompt, action: Any) -> bool:
    """The job closes the question ``steal``; sending a specialist does not."""
    return type(action) is not SendSpecialist


def answer_fence(state: DonMassivoState, ask: Prompt, action: Any) -> None:
    """Question ``sell_pick``: the fence picked; what to hand over is asked next."""
    locations.pick_fence(state, action.pile)


def answer_sale(state: DonMassivoState, ask: Prompt, action: Any) -> None:
    """Question ``sell``: a loot card handed over, or the sale closed."""
    if type(action) is SellCard:
        locations.offer(state, action.card)
    else:
        locations.sell(state)


def sale_final(state: DonMassivoState, ask: Prompt, action: Any) -> bool:
    """Closing the sale closes the question ``sell``; handing over a card does not."""
    return type(action) is not SellCard


def answer_stake(state: DonMassivoState, ask: Prompt, action: Stake) -> None:
    """Question ``casino``: a sealed stake (the last one plays the Casino game)."""
    casino.stake(state, action)


def last_stake(state: DonMassivoState, ask: Prompt, action: Any) -> bool:
    """The last seat's stake closes the question ``casino``."""
    return casino.last_to_stake(state)


def play_facedown(state: DonMassivoState, action: Any) -> str | None:
    """Step ``facedown``: one seat's face-down addition; after the last one, phase 4."""
    refresh.add_face_down(state, action)
    return None if state.facedown_queue else rules.REFRESH_TAKE


def play_refresh_take(state: DonMassivoState, action: Any) -> str | None:
    """Step ``refresh_take``: a gangster taken back (the step goes on), or Done."""
    if type(action) is TakeBackGangster:
        turn.take_back_gangster(state, action.card)
        return None
    return rules.REFRESH_MONEY


def play_refresh_money(state: DonMassivoState, action: Any) -> str:
    """Step ``refresh_money``: the money left in the display; gangsters are added next."""
    refresh.set_display_money(state, action.amount)
    return rules.REFRESH_ADD


def play_refresh_add(state: DonMassivoState, action: Any) -> str | None:
    """Step ``refresh_add``: a gangster put into the display (the step goes on), or Done: the
    face-down additions are turned up, then the hand limit or the next turn."""
    if type(action) is ShowGangster:
        refresh.show_gangster(state, action.card)
        return None
    refresh.reveal(state)
    return rules.LIMIT if refresh.over_hand_limit(state) else next_turn(state)


def play_limit(state: DonMassivoState, action: Any) -> str | None:
    """Step ``limit``: a card discarded or a gangster put into the display, until the hand
    is within its limit; then the next turn."""
    if type(action) is ShowGangster:
        refresh.show_gangster(state, action.card)
    else:
        refresh.discard(state, action.card)
    return None if refresh.over_hand_limit(state) else next_turn(state)


def next_turn(state: DonMassivoState) -> str:
    """The turn ends and the paid or robbed player's turn begins, in the same decision (so the
    game ending at the curfew leaves the step where the last turn ended)."""
    refresh.end_turn(state)
    turn.start_turn(state)
    return rules.MOVE


FLOW: Flow[DonMassivoState] = Flow(
    [Step(rules.PLACING, actor=placing_seat, actions=place_choices, play=play_place,
          refuse=refusing(place_choices)),
     Step(rules.MOVE, actor="order.current", actions=move_choices, play=play_move,
          refuse=refusing(move_choices)),
     Step(rules.DEAL, actor="order.current", actions=deal_choices, play=play_deal,
          refuse=refusing(deal_choices)),
     Step(rules.ROB, actor="order.current", actions=rob_choices, play=play_rob,
          refuse=refusing(rob_choices)),
     Step(rules.DEFEND, actor="target", actions=defend_choices, play=play_defend,
          refuse=refusing(defend_choices)),
     Step(rules.PAYING, actor="order.current", actions=payment_choices, play=play_payment,
          refuse=refusing(payment_choices)),
     Step(rules.LOCATIONS, actor="order.current", actions=location_choices,
          play=play_locations, refuse=refusing(location_choices), enter=enter_locations),
     Step(rules.FACEDOWN, actor=facedown_seat, actions=facedown_choices, play=play_facedown,
          refuse=refusing(facedown_choices), enter=refresh.end_phase3),
     Step(rules.REFRESH_TAKE, actor="order.current", actions=refresh_take_choices,
          play=play_refresh_take, refuse=refusing(refresh_take_choices)),
     Step(rules.REFRESH_MONEY, actor="order.current", actions=refresh_money_choices,
          play=play_refresh_money, refuse=refusing(refresh_money_choices)),
     Step(rules.REFRESH_ADD, actor="order.current", actions=refresh_add_choices,
          play=play_refresh_add, refuse=refusing(refresh_add_choices)),
     Step(rules.LIMIT, actor="order.current", actions=limit_choices, play=play_limit,
          refuse=refusing(limit_choices), enter=refresh.announce_hand_limit)],
    [Question(rules.STEAL, steal_choices, answer_steal, final=steal_final,
              refuse=refusing_answer(steal_choices)),
     Question(rules.SELL_PICK, fence_choices, answer_fence,
              refuse=refusing_answer(fence_choices)),
     Question(rules.SELL, sale_choices, answer_sale, final=sale_final,
              refuse=refusing_answer(sale_choices)),
     Question(rules.CASINO, stake_choices, answer_stake, final=last_stake, actor=staking_seat,
              refuse=refusing_answer(stake_choices))],
    step_field="flow_step", stack="asks", is_over=attrgetter("over"))
