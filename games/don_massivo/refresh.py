"""The end of phase 3 (other players add to their displays face down) and phase 4 (refresh
the own display, turn the face-down additions up, the hand limit), then the next turn.

Phase 4 is read from the rulebook page almost entirely: take out, then add; face-down notes
and gangsters are turned up; at most 7 cards in hand (10 with a token at the Villa); excess
Gangster cards go into the display or onto their discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.don_massivo import turn
from games.don_massivo.actions import (
    DISCARD,
    DONE,
    FACEDOWN,
    MONEY_MAX,
    PRISON,
    SET_MONEY,
    SHOW,
    TAKE_G,
    DiscardCard,
    FaceDown,
    SetDisplayMoney,
    ShowGangster,
)
from games.don_massivo.cards import GANGSTERS
from games.don_massivo.money import DOWN, PILE
from games.don_massivo.money import SHOW as SHOWN
from games.don_massivo.words import count, gangster_text, listing, money_text, who

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState


def end_phase3(state: DonMassivoState) -> None:
    """The current player is done with his locations; the others, clockwise, may now add to
    their displays face down."""
    state.facedown_queue = [(state.current + i) % state.players for i in range(1, state.players)]
    state.step = "facedown"
    state.log.add("face-down round", f"{who(state.current)} is done with phase 3: each other "
                  "player may now add notes and a Gangster card to his display face down")


def legal_facedown(state: DonMassivoState) -> list[Any]:
    """No gangster or one from the hand, each with any sum of notes from the pile (an amount
    decision per gangster choice; $0 with no gangster adds nothing)."""
    seat = state.facedown_queue[0]
    most = min(state.pile(seat), MONEY_MAX)
    return [FACEDOWN[(c, a)] for c in ("", *state.hand_g[seat]) for a in range(most + 1)]


def apply_facedown(state: DonMassivoState, action: FaceDown) -> None:
    seat = state.facedown_queue.pop(0)
    if action.card:
        state.hand_g[seat].remove(action.card)
        state.down_g[seat].append(action.card)
    if action.amount:
        state.money.transfer(PILE[seat], DOWN[seat], action.amount)
    if not state.facedown_queue:
        begin_phase4(state)


def begin_phase4(state: DonMassivoState) -> None:
    """Phase 4 starts with taking Gangster cards back out of the display."""
    state.facedown_queue = []
    state.step = "refresh_take"


def legal_refresh_take(state: DonMassivoState) -> list[Any]:
    out: list[Any] = [TAKE_G[c] for c in state.show_g[state.current]]
    out.append(DONE)
    return out


def apply_refresh_take(state: DonMassivoState, action: Any) -> None:
    if not turn.apply_takeback(state, action):
        state.step = "refresh_money"


def legal_refresh_money(state: DonMassivoState) -> list[Any]:
    seat = state.current
    most = min(state.pile(seat) + state.shown(seat), MONEY_MAX)
    return list(SET_MONEY[: most + 1])


def apply_refresh_money(state: DonMassivoState, action: SetDisplayMoney) -> None:
    seat = state.current
    change = action.amount - state.shown(seat)
    if change > 0:
        state.money.transfer(PILE[seat], SHOWN[seat], change)
    elif change < 0:
        state.money.transfer(SHOWN[seat], PILE[seat], -change)
    state.step = "refresh_add"


def legal_refresh_add(state: DonMassivoState) -> list[Any]:
    out: list[Any] = [SHOW[c] for c in state.hand_g[state.current]]
    out.append(DONE)
    return out


def apply_refresh_add(state: DonMassivoState, action: Any) -> None:
    seat = state.current
    if isinstance(action, ShowGangster):
        state.hand_g[seat].remove(action.card)
        state.show_g[seat].append(action.card)
        return
    reveal(state)
    size, limit = state.hand_size(seat), state.hand_limit(seat)
    if size > limit:
        state.step = "limit"
        where = " (with a token at the Villa)" if limit > 7 else ""
        state.log.add("hand limit", f"{who(seat)} holds {count(size, 'card')}, {size - limit} "
                      f"over the limit of {limit}{where}: he must discard them or put "
                      "gangsters into his display")
    else:
        end_turn(state)


def reveal(state: DonMassivoState) -> None:
    """Every face-down note and Gangster card in a display is turned face up."""
    for s in range(state.players):
        notes = state.money[DOWN[s]]
        cards = state.down_g[s]
        if not notes and not cards:
            continue
        if notes:
            state.money.transfer(DOWN[s], SHOWN[s], notes)
        state.show_g[s].extend(cards)
        state.down_g[s] = []
        found = ([money_text(notes)] if notes else []) + [gangster_text(c) for c in cards]
        state.log.add("reveal", f"{who(s)}'s face-down additions are turned up: "
                      f"{listing(found)}; his display now holds "
                      f"{money_text(state.shown(s))}, defence {state.defence(s)}")


def legal_limit(state: DonMassivoState) -> list[Any]:
    seat = state.current
    out: list[Any] = [DISCARD[c] for c in state.hand_g[seat]]
    out.extend(SHOW[c] for c in state.hand_g[seat])
    out.extend(DISCARD[c] for c in state.hand_s[seat])
    return out


def apply_limit(state: DonMassivoState, action: Any) -> None:
    seat = state.current
    card = action.card
    if isinstance(action, ShowGangster):
        state.hand_g[seat].remove(card)
        state.show_g[seat].append(card)
    else:
        assert isinstance(action, DiscardCard)
        if card in GANGSTERS:
            state.hand_g[seat].remove(card)
            state.gangsters.discard(card)
        else:
            state.hand_s[seat].remove(card)
            state.stooges.discard(card)
    if state.hand_size(seat) <= state.hand_limit(seat):
        end_turn(state)


def end_turn(state: DonMassivoState) -> None:
    """The paid or robbed player is the next current player (rulebook: Don Massivo's Villa)."""
    seat = state.current
    nxt = state.target
    # a return visit: he deals with the very player who gave him this turn (RULES.md)
    state.return_visit = state.last_dealer == nxt
    state.last_dealer = seat
    state.order.advance()
    assert state.current == nxt
    if state.deal == "pay":
        why = f"{who(seat)} paid him"
    elif state.tokens[seat][state.moved] == PRISON:
        why = f"{who(seat)} tried to rob him"
    else:
        why = f"{who(seat)} robbed him"
    back = (f"; it is a return visit, so {who(nxt)} may not deal with {who(seat)} in turn"
            if state.return_visit and state.players > 2 else "")
    state.log.add("next player", f"{who(nxt)} plays next: {why} (the paid or robbed player "
                  f"always plays next){back}")
    turn.start_turn(state)
