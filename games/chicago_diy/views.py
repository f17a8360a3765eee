"""What each seat sees: the observation, a determinized copy (the cards a seat cannot see
dealt afresh), and the table as text. Nothing here changes a state; the actions in words
are in :mod:`tabletop_games.chicago_diy.words`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.hidden import redeal
from tabletop.narration import TABLE_WIDTH, wrap

from .cards import COST, KIND, POINTS, label, money_in
from .rules import AFTER, HAND_LIMIT, HIRE_PRICE, OVER, PAY_HIRE, PAY_TERRITORY
from .words import (
    bribe_to,
    card_row,
    count,
    henchmen_count,
    score_parts,
    seat_name,
)

if TYPE_CHECKING:
    from tabletop.rng import Rng

    from .state import ChicagoState


def _prompt(state: ChicagoState) -> dict[str, Any] | None:
    top = state.decisions.top
    if top is None:
        return None
    return {"seat": top.seat, "kind": top.kind, "effect": top.get("effect"),
            "territory": top.get("territory"), "attacker": top.get("attacker")}


def observation(state: ChicagoState, seat: int | None) -> dict[str, Any]:
    """All that is public, plus ``seat``'s own hand."""
    # ch-hidden-hands: hands are seen by their holders until the game is over
    obs: dict[str, Any] = {
        "players": state.players,
        "to_act": state.to_act,
        "current": state.turn.current,
        "phase": state.phase,
        "round": state.round,
        "henchmen": list(state.henchmen),
        "territories": [list(t) for t in state.territories],
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile": len(state.deck.draw_pile),
        "discards": list(state.deck.discard_pile),
        "set_aside": list(state.set_aside),
        "reshuffles_left": state.reshuffles_left,
        "pending": state.pending,
        "shown": state.shown,
        "offered_count": len(state.offered),
        "offered": list(state.offered) if offered_seen(state, seat) else [],
        "prompt": _prompt(state),
        "bribe": state.options.bribe,
        "events": state.log.view(seat),
        "end_reason": state.end_reason,
    }
    if seat is not None:
        obs["seat"] = seat
        obs["hand"] = list(state.hands[seat])
    if state.phase == OVER:  # the hands are scored, so everyone sees them
        obs["hands"] = [list(h) for h in state.hands]
    return obs


def offered_seen(state: ChicagoState, seat: int | None) -> bool:
    """Whether ``seat`` sees the money put toward the payment due: its payer does, and all
    do for a territory or a henchman (laid down in sight); a bribe goes over face down."""
    return state.decisions.top is None or seat == state.to_act or state.phase == OVER


def determinize(state: ChicagoState, seat: int | None, rng: Rng) -> ChicagoState:
    """Others' hands and the draw pile dealt afresh from the cards ``seat`` cannot see.

    Public facts are kept: hand sizes, and that hands never hold a territory (territories
    are bought face up or go back into the deck), so territories stay in the pile.
    """
    # ch-determinize
    copy = state.clone()
    pile = copy.deck.draw_pile
    unseen = [c for c in pile if KIND[c] != "territory"]
    territories = [c for c in pile if KIND[c] == "territory"]
    # at the end every hand is shown (it is scored), so none is dealt afresh
    others = [] if state.phase == OVER else [
        hand for s, hand in enumerate(copy.hands) if s != seat]
    # Money put toward a payment stays put: it is laid down in sight (a territory, a
    # henchman) or, for a bribe, face down while only its payer acts until it is made.
    for card in copy.offered:
        for hand in others:
            if card in hand:
                hand.remove(card)
    pile[:] = redeal(rng, others, unseen) + territories
    payer = state.to_act
    if copy.offered and payer is not None and payer != seat:
        copy.hands[payer].extend(copy.offered)
    rng.shuffle(pile)
    copy.rng = rng.fork("determinize")  # future chance is unknown too
    return copy


def perturb(state: ChicagoState, seat: int | None, rng: Rng) -> ChicagoState | None:
    """One hidden card changed: a card of another seat's hand (not one put toward a
    payment) swapped with a money, hit man or joker card of the draw pile; else two cards
    of the draw pile swapped (None once the game is over: nothing is hidden)."""
    if state.phase == OVER:
        return None
    copy = state.clone()
    pile = copy.deck.draw_pile
    spare = [i for i, c in enumerate(pile) if KIND[c] != "territory"]
    hands = [(s, i) for s, hand in enumerate(copy.hands) if s != seat
             for i, c in enumerate(hand) if c not in copy.offered]
    if hands and spare:
        s, i = hands[rng.below(len(hands))]
        j = spare[rng.below(len(spare))]
        copy.hands[s][i], pile[j] = pile[j], copy.hands[s][i]
        return copy
    if len(pile) < 2 or len(set(pile)) < 2:
        return None
    i, j = rng.below(len(pile)), rng.below(len(pile) - 1)
    j += j >= i
    pile[i], pile[j] = pile[j], pile[i]
    return copy


def public_score(state: ChicagoState, seat: int) -> int:
    """Points everyone can count: territories and henchmen (money is hidden)."""
    return sum(POINTS[t] for t in state.territories[seat]) + 2 * state.henchmen[seat]


#: what "points showing" means, said under the table in two lines (one in the picture)
POINTS_LINES = ("Points showing: 5 / 10 / 15 a Jack / Queen / King territory, 2 a henchman;",
                "at the end, each $1 of money in hand adds 1 point.")
POINTS_NOTE = " ".join(POINTS_LINES)
#: the width the table is laid out for: a terminal of 80 columns shows it unbroken (the
#: terminal wraps each line again only when it is narrower)
RENDER_WIDTH = TABLE_WIDTH


def waiting(state: ChicagoState) -> str:
    """The question the table is waiting on, in words ("" when it is a plain turn)."""
    top = state.decisions.top
    if top is not None:
        return (f"{seat_name(top.seat)} may pay {bribe_to(top)} ${state.options.bribe} to keep "
                f"{label(top.get('territory'))}, or let it go.")
    me = seat_name(state.turn.current)
    if state.phase == PAY_TERRITORY:
        return f"{me} must pay ${COST[state.pending]} for {label(state.pending)}.{_so_far(state)}"
    if state.phase == PAY_HIRE:
        return f"{me} may pay ${HIRE_PRICE} for the henchman, or hire nobody.{_so_far(state)}"
    if state.phase == AFTER and len(state.hands[state.turn.current]) > HAND_LIMIT:
        return (f"{me} holds more than {HAND_LIMIT} cards and discards down to {HAND_LIMIT} "
                "before the turn ends.")
    return ""


def _so_far(state: ChicagoState) -> str:
    """The money put toward a territory or a henchman so far (laid down in sight)."""
    if not state.offered:
        return ""
    return f" Put down so far: {card_row(state.offered)} (${money_in(state.offered)})."


def render(state: ChicagoState, seat: int | None) -> str:
    """The table as ``seat`` sees it: everyone's henchmen and territories, its own hand."""
    deck = state.deck
    head = f"Chicago DIY, round {state.round}"
    if state.phase == OVER:
        head += f": game over, {state.end_reason}"
    else:
        head += f": {seat_name(state.turn.current)}'s turn"
    lines = [
        head,
        (f"Draw pile {count(len(deck.draw_pile), 'card', 'cards')}, discard pile "
         f"{len(deck.discard_pile)}, reshuffles left {state.reshuffles_left}"),
    ]
    for s in range(state.players):
        mark = ">" if s == state.turn.current and state.phase != OVER else " "
        you = " (you)" if s == seat else ""
        lines.append(
            f"{mark} {seat_name(s)}{you}: {henchmen_count(state.henchmen[s])}, "
            f"{count(len(state.hands[s]), 'card', 'cards')} in hand, "
            f"{public_score(state, s)} points showing"
        )
        terr = ", ".join(label(t) for t in state.territories[s]) or "none"
        lines.append(f"    territories: {terr}")
        if s == seat or state.phase == OVER:
            hand = state.hands[s]
            whose = "your hand" if s == seat else "hand"
            lines.append(f"    {whose}: {card_row(hand)} (${money_in(hand)} in money)")
    lines.extend(POINTS_LINES)
    question = waiting(state)
    if question and state.phase != OVER:
        lines.append(question)
    if state.log.view(seat):
        lines.append("Lately:")
        lines.extend(f"  - {event}" for event in state.log.recent(state.players + 3, seat))
    if state.phase == OVER:
        lines.append("Scores:")
        lines.extend(f"  {seat_name(s)} {state.score(s)}: {score_parts(state, s)}"
                     for s in range(state.players))
    return "\n".join(part for line in lines for part in wrap(line, RENDER_WIDTH))
