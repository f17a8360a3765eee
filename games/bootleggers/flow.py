"""The order of play of Bootleggers, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

A round (rulebook "Each round") runs through these steps (``state.step``):

=========== ============================================================================
muscle      Phase 1: everyone lays a Muscle card face down (a kernel SealedChoice)
offers      Phase 1: in Muscle order, pay Driver Graft and Muscle cost, take one offer
influence   Phase 2: in Muscle order, place influence from the Back Room
production  a Thug window before Phase 3; then the stills are rolled and the Copper moves
deals       Phase 4: offers of crates and idle trucks to other Mobsters
loading     Phase 4: in Muscle order, load crates onto empty trucks
loaded      a Thug window once everything is loaded (Hey, Free Truck, Hijack, ...)
shipping    Phase 4: in Muscle order, send every loaded truck to a Speakeasy dock
lined_up    a Thug window with the trucks at the docks (Move Over, Pigeon, ...)
selling     Phase 5: Speakeasies buy, smallest first; then the round ends
over        the game is over
=========== ============================================================================

In every step from ``offers`` to ``lined_up`` the seats take turns in Muscle order: ``queue``
lists the seats still to have theirs (the first has it now), filled as the step before
ends. A seat's turn lasts until he ends it, or ends by itself once nothing is left to do
(:func:`taking_turns`). The out-of-turn questions (a die to place, a Thug card to cancel,
A Little Vigorish, a deal, a truck at the Public Dock) are asks on ``decisions``, each
declared once below with its answers, what an answer does and the words of its refusal;
the step below stays current, and goes on once they are answered.

Each decision has its listing and its refusal side by side here; what an action does is in
the rule modules (:mod:`~tabletop_games.bootleggers.muscle`, :mod:`~tabletop_games.bootleggers.backroom`,
:mod:`~tabletop_games.bootleggers.thugs`, :mod:`~tabletop_games.bootleggers.effects`,
:mod:`~tabletop_games.bootleggers.shipping`, :mod:`~tabletop_games.bootleggers.selling`,
:mod:`~tabletop_games.bootleggers.rounds`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.components import Prompt
from tabletop.engine import seat_label
from tabletop.flow import Flow, Question, Step

from . import backroom, effects, muscle, rounds, selling, shipping, thugs
from .actions import (
    END_TURN,
    PLACE_DIE,
    PLACE_IMPR,
    PLACE_INF,
    EndTurn,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    PickMuscle,
    PlaceDie,
    PlaceImprovement,
    PlaceInfluence,
    PlayThug,
    SendTruck,
    TakeOffer,
)

if TYPE_CHECKING:
    from .state import BootleggersState

    Listing = Callable[[BootleggersState], list[Any]]
    Answers = Callable[[BootleggersState, Prompt], list[Any]]

MUSCLE, OFFERS, INFLUENCE, PRODUCTION = "muscle", "offers", "influence", "production"
DEALS, LOADING, LOADED, SHIPPING = "deals", "loading", "loaded", "shipping"
LINED_UP, SELLING, OVER = "lined_up", "selling", rounds.OVER
#: Steps that are pure Thug windows: only seats with something to do take a turn.
PURE_WINDOWS = (PRODUCTION, LOADED, LINED_UP)


# -- the seats' turns in a step ---------------------------------------------------------------
def first_in_queue(s: BootleggersState) -> int | None:
    """The seat whose turn it is in the current step."""
    queue = s.queue
    return queue[0] if queue else None


def next_pass(s: BootleggersState, step: str) -> str:
    """Play goes on to ``step``, where every seat takes a turn in Muscle order."""
    s.acted = False
    s.queue = s.order[:]
    return step


def end_turn(s: BootleggersState, seat: int, action: EndTurn | None = None) -> None:
    """The seat now acting (``seat``, first in the queue) is done with this step."""
    s.queue.pop(0)
    s.acted = False


#: what an action played in one's own turn does (the step's listing says when it may)
PLAYS: dict[type, Callable[[BootleggersState, int, Any], None]] = {
    TakeOffer: lambda s, seat, action: muscle.take_offer(s, seat, action.slot),
    PlaceDie: backroom.place_die,
    PlaceImprovement: backroom.place_improvement,
    PlaceInfluence: backroom.place_influence,
    PlayThug: thugs.play,
    OfferCrates: shipping.propose,
    OfferTruck: shipping.propose,
    LoadTruck: shipping.load,
    SendTruck: shipping.send,
    EndTurn: end_turn,
}


def taking_turns(keeps: Callable[[BootleggersState, int], bool],
                 close: Callable[[BootleggersState], str]
                 ) -> tuple[Callable[[BootleggersState], str | None],
                            Callable[[BootleggersState, Any], str | None]]:
    """A step in which the queued seats take turns: what starts or goes on with it (the first
    seat whom ``keeps`` keeps in his turn acts; the others' turns end by themselves; once
    everyone has had his turn, ``close`` wraps the step up and names the next), and what an
    action in it does (its rule, then the same, unless it asked a question)."""

    def pass_on(s: BootleggersState) -> str | None:
        queue = s.queue
        while queue:
            if keeps(s, queue[0]):
                return None
            end_turn(s, queue[0])
        return close(s)

    def play(s: BootleggersState, action: Any) -> str | None:
        PLAYS[type(action)](s, s.queue[0], action)
        return None if s.decisions.stack else pass_on(s)

    return pass_on, play


# -- when a seat is kept in his turn, and how each step ends ---------------------------------
def keeps_offers(s: BootleggersState, seat: int) -> bool:
    """Offers: a seat's turn begins with his payroll (once); he takes an offer (while any is
    left), then may go on with his free actions."""
    if not s.paid[seat]:
        muscle.pay_for_muscle(s, seat)
    return not ((s.acted or not muscle.offer_actions(s)) and not backroom.may_act(s, seat))


def keeps_influence(s: BootleggersState, seat: int) -> bool:
    """Influence: men to place where a circle is free, or free actions."""
    return bool(backroom.placeable_influence(s, seat) > 0 and backroom.influence_targets(s)
                ) or backroom.may_act(s, seat)


def keeps_deals(s: BootleggersState, seat: int) -> bool:
    """Deals: an offer left to make."""
    return shipping.can_deal(s, seat)


def keeps_loading(s: BootleggersState, seat: int) -> bool:
    """Loading: crates to load on an empty truck, or free actions."""
    return bool(shipping.load_actions(s, seat)) or backroom.may_act(s, seat)


def keeps_shipping(s: BootleggersState, seat: int) -> bool:
    """Shipping: a loaded truck still to send."""
    return bool(shipping.send_actions(s, seat))


def close_offers(s: BootleggersState) -> str:
    """The offers end (unchosen Men of Action discarded); influence next, or production when
    the men are placed in any turn (advanced influence)."""
    muscle.close_offers(s)
    return next_pass(s, PRODUCTION if s.options.advanced_influence else INFLUENCE)


def close_production(s: BootleggersState) -> str:
    """The window before Phase 3 ends: the stills roll, the Copper moves."""
    muscle.produce(s)
    return next_pass(s, DEALS)


def close_shipping(s: BootleggersState) -> str:
    """Phase 4 ends: crates left unloaded are lost (or warehoused)."""
    shipping.finish_shipping(s)
    return next_pass(s, LINED_UP)


def close_lined_up(s: BootleggersState) -> str:
    """The last window ends: selling begins (nobody takes turns in it)."""
    s.acted = False
    s.queue = []
    selling.start_selling(s)
    return SELLING


def going_to(step: str) -> Callable[[BootleggersState], str]:
    """A step that ends with nothing to wrap up: every seat takes a turn in ``step`` next."""
    return lambda s: next_pass(s, step)


# -- the muscle step and selling: no turns ---------------------------------------------------
def pick_choices(s: BootleggersState) -> list[Any]:
    """Step ``muscle``: any Muscle card of the hand, laid face down."""
    return muscle.pick_actions(s, s.sealed.waiting_for)  # type: ignore[arg-type]


def play_pick(s: BootleggersState, action: PickMuscle) -> str | None:
    """Step ``muscle``: a sealed pick; the last one turns them all up."""
    muscle.pick(s, s.sealed.waiting_for, action.card)  # type: ignore[arg-type]
    return reveal_when_ready(s)


def reveal_when_ready(s: BootleggersState) -> str | None:
    """Once everyone has picked, the Muscle cards are turned up and the offers begin."""
    if not s.sealed.complete:
        return None
    muscle.reveal(s)
    return next_pass(s, OFFERS)


def sell_on(s: BootleggersState) -> str | None:
    """Step ``selling``: the Speakeasies buy until a Public Dock question is asked; once all
    is sold the round ends (or the game: the flow stops in ``over``) and the next begins."""
    if selling.run_selling(s):
        return None
    rounds.end_of_round(s)
    return MUSCLE


# -- listings ---------------------------------------------------------------------------------
def offer_choices(s: BootleggersState) -> list[Any]:
    """Step ``offers``: an offer (until one is taken), the free actions; ending the turn only
    once no offer is to be taken."""
    seat = s.queue[0]
    offers = [] if s.acted else muscle.offer_actions(s)
    out = offers + backroom.free_actions(s, seat, OFFERS)
    if not offers:
        out.append(END_TURN)
    return out


def influence_choices(s: BootleggersState) -> list[Any]:
    """Step ``influence``: men placed on free circles, the free actions, ending the turn."""
    seat = s.queue[0]
    out: list[Any] = []
    if backroom.placeable_influence(s, seat) > 0:
        out += [PLACE_INF[t] for t in backroom.influence_targets(s)]
    out += backroom.free_actions(s, seat, INFLUENCE)
    out.append(END_TURN)
    return out


def window_choices(step: str) -> Listing:
    """A pure Thug window: the free actions, ending the turn."""
    def choices(s: BootleggersState) -> list[Any]:
        return [*backroom.free_actions(s, s.queue[0], step), END_TURN]
    choices.__doc__ = f"Step ``{step}``: the free actions, ending the turn."
    return choices


def deal_choices(s: BootleggersState) -> list[Any]:
    """Step ``deals``: offers to the other Mobsters, ending the turn."""
    return [*shipping.deal_actions(s, s.queue[0]), END_TURN]


def loading_choices(s: BootleggersState) -> list[Any]:
    """Step ``loading``: crates on an empty truck, the free actions, ending the turn."""
    seat = s.queue[0]
    return [*shipping.load_actions(s, seat), *backroom.free_actions(s, seat, LOADING), END_TURN]


def shipping_choices(s: BootleggersState) -> list[Any]:
    """Step ``shipping``: a loaded truck to a Speakeasy (no ending the turn: every loaded
    truck must go)."""
    return shipping.send_actions(s, s.queue[0])


def die_answers(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Question ``die``: a still of the seat's, or the Back Room."""
    return [PLACE_DIE[t] for t in muscle.die_targets(s, ask.seat, True)]


def improvement_answers(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Question ``impr``: a Speakeasy with a free square, or the Back Room."""
    return [PLACE_IMPR[t] for t in muscle.improvement_targets(s, True)]


# -- refusals: None for what the listing offers, else why not --------------------------------
#: the step each action of one's own turn belongs to
STEP_OF_ACTION: dict[type, str] = {
    PickMuscle: MUSCLE, TakeOffer: OFFERS, PlaceInfluence: INFLUENCE, OfferCrates: DEALS,
    OfferTruck: DEALS, LoadTruck: LOADING, SendTruck: SHIPPING,
}


def refusing(listing: Listing) -> Callable[[BootleggersState, Any], str | None]:
    """The refusal of a step whose choices ``listing`` lists: what it lists is never refused,
    anything else is with the reason of :func:`why_not_in_turn`."""
    def refuse(s: BootleggersState, action: Any) -> str | None:
        return None if action in listing(s) else why_not_in_turn(s, action)
    return refuse


def why_not_in_turn(s: BootleggersState, action: Any) -> str | None:
    """Why an action the step does not list may not be played now (None: no better reason
    than that)."""
    kind = type(action)
    want = STEP_OF_ACTION.get(kind)
    if want is not None and want != s.step and not (
            kind is PlaceInfluence and s.options.advanced_influence):
        return f"that belongs to the {want} step, and this is the {s.step} step"
    if kind is PickMuscle:
        return f"Muscle card {action.card} is not in your hand"
    if kind is PlayThug:
        return ("you hold no such Thug card, it cannot be played in this step, "
                "or its target is not valid")
    if kind is PlaceInfluence:
        return "you have no placeable influence, or that Speakeasy has no free circle"
    if kind is LoadTruck:
        return "that truck is not your empty truck, or you do not have that many crates"
    if kind is SendTruck:
        return "that truck is not your loaded truck, or that Speakeasy is not open"
    return None


def question(kind: str, answers: Answers, answer: Callable[[BootleggersState, Prompt, Any], None],
             words: str, final: Callable[[BootleggersState, Prompt, Any], bool] | None = None
             ) -> Question[BootleggersState]:
    """The question ``kind``: its ``answers``, what an answer does, and its refusal, naming
    who must first answer what (``words``)."""
    def refuse(s: BootleggersState, ask: Prompt, action: Any) -> str | None:
        if action in answers(s, ask):
            return None
        return f"{seat_label(ask.seat)} must first answer: {words}"
    return Question(kind, answers, answer, final=final, refuse=refuse)


def count_decision(s: BootleggersState, action: Any) -> None:
    """Every decision taken is counted (``decisions_taken``)."""
    s.decisions_taken += 1


def _window_stays(s: BootleggersState, ask: Prompt, action: Any) -> bool:
    """A Thug card's response window pops its own asks as it moves on (the kernel's
    :meth:`~tabletop.components.Decisions.respond`)."""
    return False


def _turn_step(name: str, listing: Listing, keeps: Callable[[BootleggersState, int], bool],
               close: Callable[[BootleggersState], str]) -> Step[BootleggersState]:
    """A step in which the queued seats take turns (see :func:`taking_turns`)."""
    pass_on, play = taking_turns(keeps, close)
    # the queue is empty only in a position set by hand, and then nobody is to act (None)
    return Step(name, actor=first_in_queue, actions=listing, play=play,
                refuse=refusing(listing), enter=pass_on, resume=pass_on)


FLOW: Flow[BootleggersState] = Flow(
    [Step(MUSCLE, actor="sealed.waiting_for", actions=pick_choices, play=play_pick,
          refuse=refusing(pick_choices), enter=reveal_when_ready, resume=reveal_when_ready),
     _turn_step(OFFERS, offer_choices, keeps_offers, close_offers),
     _turn_step(INFLUENCE, influence_choices, keeps_influence, going_to(PRODUCTION)),
     _turn_step(PRODUCTION, window_choices(PRODUCTION), backroom.may_act, close_production),
     _turn_step(DEALS, deal_choices, keeps_deals, going_to(LOADING)),
     _turn_step(LOADING, loading_choices, keeps_loading, going_to(LOADED)),
     _turn_step(LOADED, window_choices(LOADED), backroom.may_act, going_to(SHIPPING)),
     _turn_step(SHIPPING, shipping_choices, keeps_shipping, close_shipping),
     _turn_step(LINED_UP, window_choices(LINED_UP), backroom.may_act, close_lined_up),
     Step(SELLING, enter=sell_on, resume=sell_on),
     Step(OVER)],
    [question("die", die_answers, muscle.answer_die, "where to put a still die"),
     question("double", muscle.double_actions, muscle.answer_double,
              "two still dice or a Remote Still"),
     question("impr", improvement_answers, muscle.answer_improvement,
              "where to put a Speakeasy Improvement"),
     question("react", thugs.react_actions, thugs.answer_react,
              "whether to cancel a Thug card", final=_window_stays),
     question("vig", thugs.vig_actions, effects.answer_vig,
              "whether to pay A Little Vigorish"),
     question("home", thugs.home_actions, effects.answer_home, "which man to bring home"),
     question("deal", shipping.accept_actions, shipping.answer_deal,
              "whether to take a deal"),
     question("price", shipping.price_actions, shipping.name_price,
              "the price of his offer"),
     question("allow", selling.allow_actions, selling.answer_allow,
              "whether a Public Dock truck may sell")],
    step_field="step", stack="decisions.stack", over=OVER, before=count_decision)


def run(s: BootleggersState) -> None:
    """Play on from a position set by hand (a step and its queue): the current step goes on
    as if just entered, until someone must decide or the game is over."""
    FLOW.begin(s)
