"""The order of play of Chicago DIY, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

A turn (rulebook "Gameplay"): in the step ``action`` the player may play hit men and jokers
from hand and takes ONE of the three actions (hire, draw, attack); a drawn territory is paid
for in ``pay_territory``, a henchman who wants $5 in ``pay_hire``; in ``after`` the player
may play more cards, discards down to the hand limit and ends the turn, or the turn ends by
itself, with the reason said, when everyone can see nothing is left to do; ``end_turn``
passes play on. A joker's victim is asked whether to bribe it away: the question ``bribe``, answered
card by card, after which the step it interrupted goes on.

Each decision has its listing (what may be played, in the order the menus keep) and its
refusal (why something else may not, in words) side by side here; what an action does is
in :mod:`tabletop_games.chicago_diy.effects` and :mod:`tabletop_games.chicago_diy.turns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components import Prompt
from tabletop.flow import Flow, Question, Step

from . import effects, turns
from .actions import (
    ATTACKS,
    DECLINE,
    DISCARDS,
    DRAW,
    END_TURN,
    HIRE,
    HIT_MEN,
    JOKER_PLAYS,
    PAY_CARDS,
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
)
from .cards import CARDS, COST, KIND, SPECIALS, label, next_cards
from .rules import (
    ACTION,
    AFTER,
    BRIBE,
    HAND_LIMIT,
    HIRE_PRICE,
    MAX_HENCHMEN,
    OVER,
    PAY_HIRE,
    PAY_TERRITORY,
)
from .words import seat_name

if TYPE_CHECKING:
    from .state import ChicagoState

#: the automatic step between turns (never the phase of a position at rest)
END_TURN_STEP = "end_turn"
#: the actions of which a turn takes one
TURN_ACTIONS = (Hire, Draw, Attack)


# -- listings ---------------------------------------------------------------------------------
# Menus keep one order every turn: the turn's own choices first (the three actions, or ending
# the turn, or the discards), then the hit men and jokers the hand holds.
def action_choices(state: ChicagoState) -> list[Any]:
    """Step ``action``: hire (below the henchman limit), draw, attack a rival's territory
    (with a henchman), then the plays from hand."""
    # ch-max-henchmen, ch-attack-needs-henchman, ch-plays-around-action
    me = state.turn.current
    out: list[Any] = [HIRE] if state.henchmen[me] < MAX_HENCHMEN else []
    out.append(DRAW)
    if state.henchmen[me]:
        for seat in range(state.players):
            if seat != me:
                out.extend([ATTACKS[t] for t in state.territories[seat]])
    return out + plays(state, me)


def after_choices(state: ChicagoState) -> list[Any]:
    """Step ``after``: the discards while the hand is over the limit, else ending the turn;
    then the plays from hand."""
    # ch-hand-limit; ch-plays-around-action: the plays go on after the action
    me = state.turn.current
    hand = state.hands[me]
    out: list[Any] = [DISCARDS[c] for c in hand] if len(hand) > HAND_LIMIT else [END_TURN]
    return out + plays(state, me)


def plays(state: ChicagoState, me: int) -> list[Any]:
    """Hit men and jokers ``me`` may play from hand now: hit men (by seat), then the police
    raid and the mob attack (by territory)."""
    # ch-own-turn-only: only the player whose turn it is (every step's actor) plays cards
    hand = state.hands[me]
    out: list[Any] = []
    if SPECIALS.isdisjoint(hand):
        return out
    if any(KIND[card] == "hitman" for card in hand):
        henchmen = state.henchmen
        out.extend([HIT_MEN[s] for s in range(state.players) if s != me and henchmen[s]])
    for joker in ("RJ", "BJ"):
        if joker in hand:
            for seat in range(state.players):
                if seat != me:
                    out.extend([JOKER_PLAYS[joker, t] for t in state.territories[seat]])
    return out


def payments(state: ChicagoState, payer: int, price: int) -> list[Any]:
    """The money cards ``payer`` may put toward ``price`` next (see ``next_cards``)."""
    return [PAY_CARDS[c] for c in next_cards(state.hands[payer], state.offered, price)]


def territory_payments(state: ChicagoState) -> list[Any]:
    """Step ``pay_territory``: the next money card toward the drawn territory (no decline:
    a territory the player can afford must be bought)."""
    # ch-buy-compulsory
    return payments(state, state.turn.current, COST[state.pending])


def hire_payments(state: ChicagoState) -> list[Any]:
    """Step ``pay_hire``: the next money card toward the $5, or no hire."""
    # ch-hire-refuse: declining is offered even with $5 in hand
    return [*payments(state, state.turn.current, HIRE_PRICE), DECLINE]


def bribe_answers(state: ChicagoState, ask: Prompt) -> list[Any]:
    """Question ``bribe``: the victim's next money card toward the bribe, or no bribe."""
    return [*payments(state, ask.seat, state.options.bribe), DECLINE]


# -- refusals: None for what the listing above offers, else why not -------------------------
def _may_pay(state: ChicagoState, payer: int, price: int, action: Any) -> bool:
    """Whether ``action`` is a money card ``payer`` may put toward ``price`` next."""
    return (type(action) is PayCard
            and action.card in next_cards(state.hands[payer], state.offered, price))


def refuse_in_action(state: ChicagoState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``action``."""
    kind = type(action)
    me = state.turn.current
    if kind is Hire:
        return (f"you already have {MAX_HENCHMEN} henchmen"
                if state.henchmen[me] >= MAX_HENCHMEN else None)
    if kind is Draw:
        return None
    if kind is Attack:
        return _refuse_attack(state, me, action)
    if kind is EndTurn:
        return "take an action first: hire, draw or attack"
    if kind is Discard:
        return _refuse_discard(state, me, action)
    return _refuse_card(state, me, action)


def refuse_after(state: ChicagoState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``after``."""
    kind = type(action)
    me = state.turn.current
    hand = state.hands[me]
    if kind in TURN_ACTIONS:
        return "you have already taken this turn's action"
    if kind is EndTurn:
        if len(hand) > HAND_LIMIT:
            return f"you hold {len(hand)} cards: discard down to {HAND_LIMIT} first"
        return None
    if kind is Discard:
        return None if action.card in hand and len(hand) > HAND_LIMIT else _refuse_discard(
            state, me, action)
    return _refuse_card(state, me, action)


def _refuse_attack(state: ChicagoState, me: int, action: Attack) -> str | None:
    if not isinstance(action.territory, str) or action.territory not in CARDS:
        return f"{action.territory!r} is not a card"
    owner = state.owner_of(action.territory)
    if owner < 0:
        return f"nobody holds {label(action.territory)}"
    if owner == me:
        return f"{label(action.territory)} is already yours"
    return None if state.henchmen[me] else "you need at least one henchman to attack"


def _refuse_discard(state: ChicagoState, me: int, action: Discard) -> str:
    if action.card not in state.hands[me]:
        return "you do not hold that card"
    return f"discard only to get down to {HAND_LIMIT} cards at the end of your turn"


def _refuse_card(state: ChicagoState, me: int, action: Any) -> str | None:
    """Why a hit man or a joker may not be played now (any time in the turn), or a payment
    made when nothing is due."""
    kind = type(action)
    hand = state.hands[me]
    if kind is PayCard or kind is Decline:
        return "there is nothing to pay for now"
    if kind is HitMan:
        if not any(KIND[c] == "hitman" for c in hand):
            return "you hold no hit man"
        if not isinstance(action.target, int) or not 0 <= action.target < state.players:
            return f"there is no seat {action.target!r}"
        if action.target == me:
            return "a hit man works on rivals only"
        if not state.henchmen[action.target]:
            return f"{seat_name(action.target)} has no henchman left"
        return None
    if kind is PlayJoker:
        if action.card not in hand:
            return "you do not hold that joker"
        owner = state.owner_of(action.territory) if action.territory in CARDS else -1
        if owner < 0 or owner == me:
            return "play a joker on a territory a rival holds"
    return None  # the flow's own words: not one of the legal actions now


def refuse_territory_payment(state: ChicagoState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``pay_territory``."""
    if _may_pay(state, state.turn.current, COST[state.pending], action):
        return None
    return (f"pay ${COST[state.pending]} for {label(state.pending)} with money cards "
            "from your hand, one at a time, no card to spare")


def refuse_hire_payment(state: ChicagoState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``pay_hire``."""
    if type(action) is Decline or _may_pay(state, state.turn.current, HIRE_PRICE, action):
        return None
    return (f"pay ${HIRE_PRICE} for the henchman with your money cards, one at a time, "
            "or decline")


def refuse_bribe(state: ChicagoState, ask: Prompt, action: Any) -> str | None:
    """Why ``action`` is no answer to the bribe ``ask``."""
    bribe = state.options.bribe
    if type(action) is Decline or _may_pay(state, ask.seat, bribe, action):
        return None
    if type(action) is PayCard:
        return f"a bribe is ${bribe} from your own money cards, one at a time, no card to spare"
    return "first decide on the bribe: pay it or decline"


def refuse_over(state: ChicagoState, action: Any) -> str:
    """Nothing may be played once the game is over."""
    return "the game is over"


# -- what an action does, and where play goes -------------------------------------------------
def play_in_action(state: ChicagoState, action: Any) -> str | None:
    """Step ``action``: one of the three actions (the step is over: a henchman who wants $5
    is paid for, a drawn territory bought, else the turn goes on), or a hit man or a joker."""
    state.shown = ""
    kind = type(action)
    if kind is Draw:
        effects.draw(state)
    elif kind is Hire:
        effects.hire(state)
    elif kind is Attack:
        effects.battle(state, action.territory)
        return AFTER
    else:
        play_card(state, action)
        return None
    if state.hire_due:
        return PAY_HIRE
    return PAY_TERRITORY if state.pending else AFTER


def play_after(state: ChicagoState, action: Any) -> str | None:
    """Step ``after``: a discard, a hit man or a joker (the turn ends by itself once nothing
    is left to do), or the end of the turn."""
    state.shown = ""
    kind = type(action)
    if kind is EndTurn:
        return END_TURN_STEP
    if kind is Discard:
        effects.discard(state, action.card)
    else:
        play_card(state, action)
    return unless_left(state)


def pay_territory(state: ChicagoState, action: PayCard) -> str | None:
    """Step ``pay_territory``: one money card; the last one buys the territory."""
    state.shown = ""
    effects.pay_territory_card(state, action)
    return None if state.pending else AFTER


def pay_hire(state: ChicagoState, action: PayCard | Decline) -> str | None:
    """Step ``pay_hire``: one money card (the last one hires the henchman), or no hire."""
    state.shown = ""
    effects.pay_hire_card(state, action)
    return None if state.hire_due else AFTER


def play_card(state: ChicagoState, action: Any) -> None:
    """A hit man or a joker played from hand."""
    if type(action) is HitMan:
        effects.hit_man(state, action.target)
    else:
        effects.play_joker(state, action.card, action.territory)


def unless_left(state: ChicagoState) -> str | None:
    """Step ``after`` goes on while something is left to do; else the turn ends by itself
    (:func:`turns.nothing_left`), and the table hears why."""
    # ch-turn-end
    why = turns.nothing_left(state)
    if not why:
        return None
    turns.end_by_itself(state, why)
    return END_TURN_STEP


def answer_bribe(state: ChicagoState, ask: Prompt, action: PayCard | Decline) -> None:
    """Question ``bribe``: one card toward the bribe, or no bribe."""
    state.shown = ""
    effects.answer_bribe(state, ask, action)


def end_of_turn(state: ChicagoState) -> str:
    """Step ``end_turn``: between turns; the next player's turn begins (unless the game
    ended: the flow stops in ``over``)."""
    turns.end_of_turn(state)
    return ACTION


FLOW: Flow[ChicagoState] = Flow(
    [Step(ACTION, actor="turn.current", actions=action_choices, play=play_in_action,
          refuse=refuse_in_action),
     Step(PAY_TERRITORY, actor="turn.current", actions=territory_payments,
          play=pay_territory, refuse=refuse_territory_payment),
     Step(PAY_HIRE, actor="turn.current", actions=hire_payments, play=pay_hire,
          refuse=refuse_hire_payment),
     Step(AFTER, actor="turn.current", actions=after_choices, play=play_after,
          refuse=refuse_after, enter=unless_left, resume=unless_left),
     Step(END_TURN_STEP, enter=end_of_turn),
     # where turns.finish leaves the game: the flow stops there
     Step(OVER, refuse=refuse_over)],
    [Question(BRIBE, bribe_answers, answer_bribe, final=effects.bribe_settled,
              refuse=refuse_bribe)],
    step_field="phase", stack="decisions.stack", over=OVER)
