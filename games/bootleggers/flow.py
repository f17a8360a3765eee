"""The flow of play: which step comes next, who acts, what they may do, and dispatch.

Each step's own rules live in their modules (muscle.py, shipping.py, selling.py, thugs.py);
this module strings them together in the order of the rulebook's "Each round" summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers import effects, muscle, names, selling, shipping, thugs
from games.bootleggers.actions import (
    END_TURN,
    PLACE_DIE,
    PLACE_IMPR,
    PLACE_INF,
    AcceptDeal,
    AllowTruck,
    AskPrice,
    ChooseRemote,
    EndTurn,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    PayVigorish,
    PickMuscle,
    PlaceDie,
    PlaceImprovement,
    PlaceInfluence,
    PlayThug,
    React,
    RefuseDeal,
    SendTruck,
    TakeOffer,
)
from games.bootleggers.cards import SPEAKEASIES
from tabletop.engine import seat_label

if TYPE_CHECKING:
    from games.bootleggers.state import BootleggersState

#: Steps that are pure Thug windows: only seats with something to do take a turn.
PURE_WINDOWS = ("production", "loaded", "lined_up")


# -- free actions (whenever Muscle is shown, in one's own turn) -------------------------------
def placeable_influence(s: BootleggersState, seat: int) -> int:
    """Back Room markers ``seat`` may place now (Safe-house ones wait a round)."""
    return s.back_influence[seat] - s.locked[seat]


def influence_targets(s: BootleggersState) -> list[int]:
    """Speakeasies with a free influence circle."""
    return [i for i in range(1, s.speakeasy_count)
            if sum(s.influence[i]) < SPEAKEASIES[i].circles]


def improvement_targets(s: BootleggersState, back_room: bool, open_only: bool = False) -> list[int]:
    """Speakeasies with a free improvement square (O'Malley's has none)."""
    out = [i for i in range(1, s.speakeasy_count)
           if s.improvements[i] < SPEAKEASIES[i].squares
           and (not open_only or selling.is_open(s, i))]
    if back_room:
        out.append(-1)
    return out


def free_actions(s: BootleggersState, seat: int, window: str) -> list[Any]:
    """Thug plays and Back Room placements open to ``seat`` in ``window``."""
    out: list[Any] = []
    if s.back_dice[seat]:
        out += [PLACE_DIE[t] for t in muscle.die_targets(s, seat, False)]
    if s.back_impr[seat]:
        out += [PLACE_IMPR[t] for t in improvement_targets(s, False)]
    if s.options.advanced_influence and placeable_influence(s, seat) > 0:
        out += [PLACE_INF[t] for t in influence_targets(s)]
    out += thugs.plays(s, seat, window)
    return out


# -- legal actions ---------------------------------------------------------------------------
def legal_actions(s: BootleggersState) -> list[Any]:
    """Every legal action of the seat to act."""
    top = s.decisions.top
    if top is not None:
        return prompt_actions(s, top)
    seat = s.to_act
    if seat is None:
        return []
    step = s.step
    if step == "muscle":
        return muscle.pick_actions(s, seat)
    if step == "offers":
        offers = [] if s.acted else muscle.offer_actions(s)
        out = offers + free_actions(s, seat, "offers")
        if not offers:
            out.append(END_TURN)
        return out
    if step == "influence":
        out = []
        if placeable_influence(s, seat) > 0:
            out += [PLACE_INF[t] for t in influence_targets(s)]
        out += free_actions(s, seat, "influence")
        out.append(END_TURN)
        return out
    if step in PURE_WINDOWS:
        return free_actions(s, seat, step) + [END_TURN]
    if step == "deals":
        return shipping.deal_actions(s, seat) + [END_TURN]
    if step == "loading":
        return shipping.load_actions(s, seat) + free_actions(s, seat, "loading") + [END_TURN]
    if step == "shipping":
        return shipping.send_actions(s, seat)
    raise AssertionError(f"no actions in step {step}")


def prompt_actions(s: BootleggersState, prompt: Any) -> list[Any]:
    """The answers to a pending prompt."""
    kind = prompt.kind
    seat = prompt.seat
    if kind == "die":
        return [PLACE_DIE[t] for t in muscle.die_targets(s, seat, True)]
    if kind == "double":
        return muscle.double_actions(s)
    if kind == "impr":
        return [PLACE_IMPR[t] for t in improvement_targets(s, True)]
    if kind == "react":
        return list(thugs.react_actions(s, seat))
    if kind == "vig":
        return thugs.vig_actions(s, prompt)
    if kind == "home":
        return thugs.home_actions(s, seat)
    if kind == "deal":
        return shipping.accept_actions(s, prompt)
    if kind == "price":
        return shipping.price_actions()
    if kind == "allow":
        return list(selling.allow_actions())
    raise AssertionError(f"unknown prompt {kind}")


# -- applying --------------------------------------------------------------------------------
def apply(s: BootleggersState, action: Any) -> None:
    """Play a legal action, then run the game on until someone must decide."""
    top = s.decisions.top
    seat = s.to_act
    assert seat is not None
    if top is not None:
        apply_prompt(s, top, action)
    elif isinstance(action, PickMuscle):
        muscle.pick(s, seat, action.card)
    elif isinstance(action, TakeOffer):
        muscle.take_offer(s, seat, action.slot)
    elif isinstance(action, PlaceDie):
        s.back_dice[seat] -= 1
        muscle.add_die(s, seat, action.still)
    elif isinstance(action, PlaceImprovement):
        s.back_impr[seat] -= 1
        s.improvements[action.speakeasy] += 1
    elif isinstance(action, PlaceInfluence):
        before = selling.standing_now(s, action.speakeasy)
        s.back_influence[seat] -= 1
        s.influence[action.speakeasy][seat] += 1
        selling.say_change(s, action.speakeasy, before, "influence")
    elif isinstance(action, PlayThug):
        thugs.play(s, seat, action)
    elif isinstance(action, (OfferCrates, OfferTruck)):
        shipping.propose(s, seat, action)
    elif isinstance(action, LoadTruck):
        shipping.load(s, seat, action)
    elif isinstance(action, SendTruck):
        shipping.send(s, seat, action)
    elif isinstance(action, EndTurn):
        end_turn(s)
    else:
        raise AssertionError(f"cannot apply {action!r}")
    run(s)


def apply_prompt(s: BootleggersState, prompt: Any, action: Any) -> None:
    """Answer the prompt on top of the stack."""
    kind = prompt.kind
    seat = prompt.seat
    if kind == "react":  # a response window: answering moves it on
        assert isinstance(action, React)
        thugs.answer_react(s, seat, action.cancel)
        return
    s.decisions.pop()
    if kind == "die":
        muscle.add_die(s, seat, action.still)
        left = prompt.get("left", 1) - 1
        if left > 0:
            s.decisions.push(seat, "die", left=left)
    elif kind == "double":
        assert isinstance(action, ChooseRemote)
        muscle.choose_double(s, seat, action.remote)
    elif kind == "impr":
        assert isinstance(action, PlaceImprovement)
        if action.speakeasy < 0:
            s.back_impr[seat] += 1
        else:
            s.improvements[action.speakeasy] += 1
    elif kind == "vig":
        assert isinstance(action, PayVigorish)
        effects.answer_vig(s, prompt, action.pay)
    elif kind == "home":
        effects.answer_home(s, prompt, action)
    elif kind == "deal":
        assert isinstance(action, (AcceptDeal, RefuseDeal))
        shipping.answer_deal(s, prompt, action)
    elif kind == "price":
        assert isinstance(action, AskPrice)
        shipping.name_price(s, prompt, action.price)
    elif kind == "allow":
        assert isinstance(action, AllowTruck)
        selling.answer_allow(s, prompt, action.allow)
    else:
        raise AssertionError(f"unknown prompt {kind}")


def end_turn(s: BootleggersState) -> None:
    """The seat now acting is done with this step."""
    s.queue.pop(0)
    s.acted = False


# -- running the game on ---------------------------------------------------------------------
def may_act(s: BootleggersState, seat: int) -> bool:
    """Whether ``seat`` is given a turn in a Thug window (or kept in his own turn after his
    compulsory moves): when he holds a Thug card, a die or an improvement marker in his Back
    Room, or (advanced influence) men to place. All of these are public counts, so being
    asked tells the table nothing about the cards in his hand; whether one of them is
    playable now is seen only in his own menu."""
    return bool(s.hands[seat] or s.back_dice[seat] or s.back_impr[seat]
                or (s.options.advanced_influence and placeable_influence(s, seat) > 0))


def run(s: BootleggersState) -> None:
    """Advance through automatic steps until a decision is needed or the game is over."""
    while not s.finished:
        if s.decisions:
            return
        step = s.step
        if step == "muscle":
            if s.sealed.complete:
                muscle.reveal(s)
                start_step(s, "offers")
                continue
            return
        if step == "selling":
            if selling.run_selling(s):
                return  # a Public Dock question is pending
            end_of_round(s)
            continue
        if not s.queue:
            next_step(s)
            continue
        seat = s.queue[0]
        if step == "offers":
            if not s.paid[seat]:
                muscle.pay_for_muscle(s, seat)
            if (s.acted or not muscle.offer_actions(s)) and not may_act(s, seat):
                end_turn(s)
                continue
            return
        if step == "influence":
            if (placeable_influence(s, seat) > 0 and influence_targets(s)) or may_act(s, seat):
                return
            end_turn(s)
            continue
        if step in PURE_WINDOWS:
            if may_act(s, seat):
                return
            end_turn(s)
            continue
        if step == "deals":
            if shipping.can_deal(s, seat):
                return
            end_turn(s)
            continue
        if step == "loading":
            if shipping.load_actions(s, seat) or may_act(s, seat):
                return
            end_turn(s)
            continue
        if step == "shipping":
            if shipping.send_actions(s, seat):
                return
            end_turn(s)
            continue
        raise AssertionError(f"unknown step {step}")


def start_step(s: BootleggersState, step: str) -> None:
    """Enter ``step`` with every seat queued in Muscle order."""
    s.step = step
    s.acted = False
    s.queue = s.order[:]


NEXT = {
    "offers": "influence", "influence": "production", "production": "deals",
    "deals": "loading", "loading": "loaded", "loaded": "shipping", "shipping": "lined_up",
    "lined_up": "selling",
}


def next_step(s: BootleggersState) -> None:
    """The current step is over for everyone: wrap it up and enter the next one."""
    step = s.step
    if step == "offers":
        muscle.close_offers(s)
        start_step(s, "production" if s.options.advanced_influence else "influence")
        return
    if step == "production":
        muscle.produce(s)
    elif step == "shipping":
        shipping.finish_shipping(s)
    nxt = NEXT[step]
    start_step(s, nxt)
    if nxt == "selling":
        s.queue = []
        selling.start_selling(s)


def end_of_round(s: BootleggersState) -> None:
    """After Phase 5: return trucks and crates, check the end, Phase 6, next round."""
    shipping.return_trucks(s)
    s.log.add("takings", f"Round {s.round_no} takings (sales and profit): " + ", ".join(
        f"{seat_label(p)} {names.money(s.takings[p])}" for p in range(s.players)) + ".")
    if s.round_no >= s.last_round or any(
            s.cash(p) >= 100 for p in range(s.players)):
        s.finished = True
        s.step = "over"
        s.queue = []
        rich = [p for p in range(s.players) if s.cash(p) >= 100]
        # One wording per way of ending (the round shows on the board), so that simulations
        # can count the endings.
        s.end_reason = ("a Mobster reached $100G before the last round"
                        if rich and s.round_no < s.last_round else "the last round was played")
        s.log.add("game end", f"The game ends after round {s.round_no}: {s.end_reason} "
                  f"({names.seats(rich)} {'has' if len(rich) == 1 else 'have'} $100G or "
                  "more)." if rich else
                  f"The game ends after round {s.round_no}: {s.end_reason}.")
        s.log.add("game end", "Money counted (most money wins): " + ", ".join(
            f"{seat_label(p)} {names.money(s.cash(p))}" for p in range(s.players)) + ".")
        s.log.add("hands shown", "Hands shown, now that they decide nothing: " + "; ".join(
            f"{seat_label(p)} {names.hand_left(s.hands[p], s.muscle_hands[p])}"
            for p in range(s.players)) + ".")
        return
    if s.round_no in (4, 8):
        muscle.phase_six(s)
    muscle.start_round(s, s.round_no + 1)


#: Each out-of-turn question in words, for a refusal naming what must be answered first.
QUESTIONS = {
    "die": "where to put a still die", "double": "two still dice or a Remote Still",
    "impr": "where to put a Speakeasy Improvement", "react": "whether to cancel a Thug card",
    "vig": "whether to pay A Little Vigorish", "home": "which man to bring home",
    "deal": "whether to take a deal", "price": "the price of his offer",
    "allow": "whether a Public Dock truck may sell",
}


def why_illegal(s: BootleggersState, action: Any) -> str:
    """A reason a player understands for refusing ``action``."""
    if s.finished:
        return "the game is over"
    top = s.decisions.top
    if top is not None:
        return f"{seat_label(top.seat)} must first answer: {QUESTIONS[top.kind]}"
    steps = {
        PickMuscle: "muscle", TakeOffer: "offers", PlaceInfluence: "influence",
        OfferCrates: "deals", OfferTruck: "deals", LoadTruck: "loading", SendTruck: "shipping",
    }
    want = steps.get(type(action))
    if want is not None and want != s.step and not (
            isinstance(action, PlaceInfluence) and s.options.advanced_influence):
        return f"that belongs to the {want} step, and this is the {s.step} step"
    if isinstance(action, PickMuscle):
        return f"Muscle card {action.card} is not in your hand"
    if isinstance(action, PlayThug):
        return ("you hold no such Thug card, it cannot be played in this step, "
                "or its target is not valid")
    if isinstance(action, PlaceInfluence):
        return "you have no placeable influence, or that Speakeasy has no free circle"
    if isinstance(action, LoadTruck):
        return "that truck is not your empty truck, or you do not have that many crates"
    if isinstance(action, SendTruck):
        return "that truck is not your loaded truck, or that Speakeasy is not open"
    return "that is not one of the legal actions now"
