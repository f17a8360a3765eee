"""What must always hold in a Chicago DIY position, checked on demand (the conformance suite
and the tests call it after every move, and on hand-tampered states).

:func:`problems` never raises: a state broken badly enough to trip a check is reported as a
problem, not a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARDS, DECK, KIND, label
from .rules import (
    ACTION,
    AFTER,
    HAND_LIMIT,
    MAX_HENCHMEN,
    OVER,
    PAY_HIRE,
    PAY_TERRITORY,
)
from .words import seat_name

if TYPE_CHECKING:
    from .state import ChicagoState

PHASES = (ACTION, PAY_TERRITORY, PAY_HIRE, AFTER, OVER)


def problems(state: ChicagoState) -> list[str]:
    """Every broken invariant of ``state`` in words; empty when all is well."""
    try:
        return _problems(state)
    except Exception as exc:  # noqa: BLE001 - a tampered state is reported, never a crash
        return [f"the position cannot be read: {type(exc).__name__}: {exc}"]


def _name(card: Any) -> str:
    return label(card) if isinstance(card, str) and card in CARDS else repr(card)


def _problems(state: ChicagoState) -> list[str]:
    out: list[str] = []
    players = state.players
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    lists = {"hands": state.hands, "territories": state.territories,
             "henchmen": state.henchmen}
    for what, seq in lists.items():
        if not isinstance(seq, list) or len(seq) != players:
            size = len(seq) if isinstance(seq, list) else type(seq).__name__
            out.append(f"{what}: {size} entries for {players} players")
    if out and any("entries" in p for p in out):
        return out  # per-seat checks need one entry per seat
    current = state.turn.current
    if not isinstance(current, int) or not 0 <= current < players:
        out.append(f"the seat to play, {current!r}, is not a seat of {players} players")
        current = -1
    for prompt in state.decisions.stack:
        if not isinstance(prompt.seat, int) or not 0 <= prompt.seat < players:
            out.append(f"a question is put to seat {prompt.seat!r}, which does not exist")
    out += _cards(state)
    for s in range(players):
        n = state.henchmen[s]
        if not isinstance(n, int) or not 0 <= n <= MAX_HENCHMEN:
            out.append(f"{seat_name(s)} has {n!r} henchmen (0 to {MAX_HENCHMEN})")
        if any(KIND.get(t) != "territory" for t in state.territories[s] if isinstance(t, str)):
            out.append(f"{seat_name(s)} has a card other than a territory face up")
        if any(KIND.get(c) == "territory" for c in state.hands[s] if isinstance(c, str)):
            out.append(f"{seat_name(s)} holds a territory in hand")
        if s != current and len(state.hands[s]) > HAND_LIMIT:
            out.append(f"{seat_name(s)} holds {len(state.hands[s])} cards between turns")
    if not 0 <= state.reshuffles_left <= state.options.reshuffles:
        out.append(f"{state.reshuffles_left} reshuffles left (0 to {state.options.reshuffles})")
    if (state.phase == PAY_TERRITORY) != bool(state.pending):
        out.append(f"a territory waits for payment ({_name(state.pending) or 'none'}) "
                   f"in phase {state.phase!r}")
    if state.hire_due != (state.phase == PAY_HIRE):
        out.append(f"a hire is{'' if state.hire_due else ' not'} waiting for its $5 in phase "
                   f"{state.phase!r}")
    # the seat to act comes from the flow, which cannot read a phase that is no step
    payer = state.to_act if state.phase in PHASES else None
    if state.offered and (payer is None or not set(state.offered) <= set(state.hands[payer])
                          or state.price_due() == 0):
        out.append("money is put toward a payment that is not under way, or is not in the "
                   "payer's hand")
    if any(KIND.get(c) != "joker" for c in state.set_aside if isinstance(c, str)):
        out.append("a card other than a joker is set aside")
    return out


def _cards(state: ChicagoState) -> list[str]:
    """Every card of the deck in exactly one place, and no card the deck does not have."""
    places: list[tuple[Any, str]] = [(c, "the draw pile") for c in state.deck.draw_pile]
    places += [(c, "the discard pile") for c in state.deck.discard_pile]
    places += [(c, "the face-up row") for c in state.deck.face_up]
    for s in range(state.players):
        places += [(c, f"{seat_name(s)}'s hand") for c in state.hands[s]]
        places += [(c, f"{seat_name(s)}'s territories") for c in state.territories[s]]
    places += [(c, "the cards set aside") for c in state.set_aside]
    if state.pending:
        places.append((state.pending, "the territory waiting for payment"))
    out = []
    seen: dict[Any, list[str]] = {}
    for card, where in places:
        try:
            seen.setdefault(card, []).append(where)
        except TypeError:  # an unhashable thing where a card should be
            out.append(f"{where} holds {card!r}, not a card")
    for card, wheres in seen.items():
        if card not in CARDS:
            out.append(f"{wheres[0]} holds {card!r}, not a card of the deck")
        elif len(wheres) > 1:
            out.append(f"{_name(card)} is in {len(wheres)} places: {', '.join(wheres)}")
    missing = [c for c in DECK if c not in seen]
    if missing:
        out.append(f"{len(missing)} cards are nowhere: {', '.join(map(_name, missing[:5]))}")
    return out
