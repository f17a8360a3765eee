"""What players see and hear: observations, the table as text, actions in words, and the
reasons an action is refused. Nothing here changes a state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.chicago_diy.actions import (
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    Pay,
    PlayJoker,
)
from games.chicago_diy.cards import CARDS, COST, KIND, POINTS, VALUE, label, money_in
from games.chicago_diy.rules import (
    ACTION,
    AFTER,
    HAND_LIMIT,
    HIRE_PRICE,
    MAX_HENCHMEN,
    OVER,
    PAY_HIRE,
    PAY_TERRITORY,
    seat_name,
)

if TYPE_CHECKING:
    from games.chicago_diy.state import ChicagoState


def _prompt(state: ChicagoState) -> dict[str, Any] | None:
    top = state.decisions.top
    if top is None:
        return None
    return {"seat": top.seat, "kind": top.kind, "effect": top.get("effect"),
            "territory": top.get("territory"), "attacker": top.get("attacker")}


def observation(state: ChicagoState, seat: int | None) -> dict[str, Any]:
    """All that is public, plus ``seat``'s own hand."""
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
        "prompt": _prompt(state),
        "bribe": state.options.bribe,
        "events": state.log.view(seat),
        "end_reason": state.end_reason,
    }
    if seat is not None:
        obs["seat"] = seat
        obs["hand"] = list(state.hands[seat])
    return obs


def _cards(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(label(c) for c in cards) or "-"


def describe_public(state: ChicagoState, action: Any) -> str:
    """The action as the rest of the table sees it: a bribe is handed over face down, so
    they learn the sum but not which money cards paid it (a decision in RULES.md)."""
    top = state.decisions.top
    if top is not None and type(action) is Pay:
        what = "the police" if top.get("effect") == "police_raid" else seat_name(top.get("attacker"))
        return f"bribes {what} with ${sum(VALUE[c] for c in action.cards)}"
    return describe(state, action)


def describe(state: ChicagoState, action: Any) -> str:
    """The action as said at the table by the player taking it ("draws a card"), with the
    numbers involved; the narrator puts the player's name in front."""
    actor = state.to_act
    kind = type(action)
    top = state.decisions.top
    if top is not None and kind in (Pay, Decline):
        what = "the police" if top.get("effect") == "police_raid" else seat_name(top.get("attacker"))
        if kind is Decline:
            return f"refuses to bribe {what} and gives up {label(top.get('territory'))}"
        total = sum(VALUE[c] for c in action.cards)
        return f"bribes {what} with ${total} ({_cards(action.cards)})"
    if kind is Hire:
        return f"tries to hire a henchman (4-6 free, 1-3 costs ${HIRE_PRICE})"
    if kind is Draw:
        return "draws a card"
    if kind is Attack:
        owner = state.owner_of(action.territory)
        if owner >= 0 and not state.henchmen[owner]:
            return (f"takes {label(action.territory)} from {seat_name(owner)}, "
                    "who has no henchman to defend it")
        dice = state.henchmen[actor] if actor is not None else 0
        theirs = state.henchmen[owner] if owner >= 0 else 0
        return (f"attacks {label(action.territory)} held by {seat_name(owner)} "
                f"({_count(dice, 'die', 'dice')} against {theirs})")
    if kind is HitMan:
        return f"sends a hit man after one of {seat_name(action.target)}'s henchmen"
    if kind is PlayJoker:
        owner = state.owner_of(action.territory)
        return (f"plays the {label(action.card)} on {label(action.territory)} "
                f"of {seat_name(owner)}")
    if kind is Pay:
        total = sum(VALUE[c] for c in action.cards)
        what = label(state.pending) if state.phase == PAY_TERRITORY else "a henchman"
        return f"pays ${total} for {what} ({_cards(action.cards)})"
    if kind is Decline:
        return f"will not pay ${HIRE_PRICE}: no henchman is hired"
    if kind is Discard:
        return f"discards {label(action.card)}"
    if kind is EndTurn:
        return "ends the turn"
    return repr(action)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def why_illegal(state: ChicagoState, action: Any) -> str:
    """A reason a player understands for refusing ``action`` now."""
    kind = type(action)
    me = state.to_act
    if me is None:
        return "the game is over"
    if state.decisions.top is not None:
        if kind is Pay:
            return f"a bribe is ${state.options.bribe} from your own money cards, no card to spare"
        return "first decide on the bribe: pay it or decline"
    hand = state.hands[me]
    if state.phase == PAY_TERRITORY:
        return (f"pay ${COST[state.pending]} for {label(state.pending)} with money cards "
                "from your hand, no card to spare")
    if state.phase == PAY_HIRE:
        return f"pay ${HIRE_PRICE} for the henchman with your money cards, or decline"
    if kind in (Pay, Decline):
        return "there is nothing to pay for now"
    if kind in (Hire, Draw, Attack) and state.phase != ACTION:
        return "you have already taken this turn's action"
    if kind is Hire:
        return f"you already have {MAX_HENCHMEN} henchmen"
    if kind is Attack:
        if not isinstance(action.territory, str) or action.territory not in CARDS:
            return f"{action.territory!r} is not a card"
        owner = state.owner_of(action.territory)
        if owner < 0:
            return f"nobody holds {label(action.territory)}"
        if owner == me:
            return f"{label(action.territory)} is already yours"
        return "you need at least one henchman to attack"
    if kind is HitMan:
        if not any(KIND[c] == "hitman" for c in hand):
            return "you hold no hit man"
        if not isinstance(action.target, int) or not 0 <= action.target < state.players:
            return f"there is no seat {action.target!r}"
        if action.target == me:
            return "a hit man works on rivals only"
        return f"{seat_name(action.target)} has no henchman left"
    if kind is PlayJoker:
        if action.card not in hand:
            return "you do not hold that joker"
        owner = state.owner_of(action.territory) if action.territory in CARDS else -1
        if owner < 0 or owner == me:
            return "play a joker on a territory a rival holds"
    if kind is Discard:
        if action.card not in hand:
            return "you do not hold that card"
        return f"discard only to get down to {HAND_LIMIT} cards at the end of your turn"
    if kind is EndTurn:
        if state.phase == ACTION:
            return "take an action first: hire, draw or attack"
        return f"you hold {len(hand)} cards: discard down to {HAND_LIMIT} first"
    return "that is not one of the legal actions now"


def public_score(state: ChicagoState, seat: int) -> int:
    """Points everyone can count: territories and henchmen (money is hidden)."""
    return sum(POINTS[t] for t in state.territories[seat]) + 2 * state.henchmen[seat]


def render(state: ChicagoState, seat: int | None) -> str:
    """The table as ``seat`` sees it: everyone's henchmen and territories, its own hand."""
    deck = state.deck
    head = f"Chicago DIY, round {state.round}"
    if state.phase == OVER:
        head += f": game over ({state.end_reason})"
    else:
        head += f", {seat_name(state.turn.current)}'s turn"
    lines = [
        head,
        (f"Draw pile {len(deck.draw_pile)} cards, discards {len(deck.discard_pile)}, "
         f"reshuffles left {state.reshuffles_left}"),
    ]
    for s in range(state.players):
        mark = ">" if s == state.turn.current and state.phase != OVER else " "
        you = " (you)" if s == seat else ""
        terr = ", ".join(label(t) for t in state.territories[s]) or "no territory"
        lines.append(
            f"{mark} {seat_name(s)}{you}: {_count(state.henchmen[s], 'henchman', 'henchmen')}, "
            f"{_count(len(state.hands[s]), 'card', 'cards')} in hand, {terr}; "
            f"{public_score(state, s)} points on the table"
        )
        if s == seat or state.phase == OVER:
            hand = state.hands[s]
            lines.append(f"    hand: {_cards(hand)} (${money_in(hand)})")
    if state.pending:
        lines.append(f"Waiting for payment: {label(state.pending)} (${COST[state.pending]})")
    top = state.decisions.top
    if top is not None:
        lines.append(f"{seat_name(top.seat)} may bribe ${state.options.bribe} to keep "
                     f"{label(top.get('territory'))}")
    if state.phase == AFTER and seat == state.turn.current and len(state.hands[seat]) > HAND_LIMIT:
        lines.append(f"You hold more than {HAND_LIMIT} cards: discard before passing.")
    if state.log.view(seat):
        lines.append("Lately:")
        lines.extend(f"  - {event}" for event in state.log.recent(state.players + 3, seat))
    if state.phase == OVER:
        lines.append("Scores: " + ", ".join(
            f"{seat_name(s)} {state.score(s)}" for s in range(state.players)))
    return "\n".join(lines)

