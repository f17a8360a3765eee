"""The end of phase 3 (other players add to their displays face down) and phase 4 (refresh
the own display, turn the face-down additions up, the hand limit), then the end of the turn.

Phase 4 is read from the rulebook page almost entirely: take out, then add; face-down notes
and gangsters are turned up; at most 7 cards in hand (10 with a token at the Villa); excess
Gangster cards go into the display or onto their discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PRISON, FaceDown
from .cards import GANGSTERS
from .money import DOWN, PILE, SHOW
from .words import count, gangster_text, listing, money_text, who

if TYPE_CHECKING:
    from .state import DonMassivoState


def end_phase3(state: DonMassivoState) -> None:
    """The current player is done with his locations; the others, clockwise, may now add to
    their displays face down."""
    # dm-face-down
    state.facedown_queue = [(state.current + i) % state.players for i in range(1, state.players)]
    state.log.add("face-down round", f"{who(state.current)} is done with phase 3: each other "
                  "player may now add notes and a Gangster card to his display face down")


def add_face_down(state: DonMassivoState, action: FaceDown) -> None:
    """The first seat of the face-down round adds a gangster and notes face down (or
    nothing)."""
    # dm-face-down
    seat = state.facedown_queue.pop(0)
    if action.card:
        state.hand_g[seat].remove(action.card)
        state.down_g[seat].append(action.card)
    if action.amount:
        state.money.transfer(PILE[seat], DOWN[seat], action.amount)


def set_display_money(state: DonMassivoState, amount: int) -> None:
    """Phase 4: the current player leaves ``amount`` face up in his display, the rest in his
    pile."""
    # dm-refresh
    seat = state.current
    change = amount - state.shown(seat)
    if change > 0:
        state.money.transfer(PILE[seat], SHOW[seat], change)
    elif change < 0:
        state.money.transfer(SHOW[seat], PILE[seat], -change)


def show_gangster(state: DonMassivoState, card: str) -> None:
    """Phase 4: the current player puts a gangster from his hand into his display."""
    # dm-refresh
    seat = state.current
    state.hand_g[seat].remove(card)
    state.show_g[seat].append(card)


def reveal(state: DonMassivoState) -> None:
    """Every face-down note and Gangster card in a display is turned face up."""
    # dm-reveal
    for s in range(state.players):
        notes = state.money[DOWN[s]]
        cards = state.down_g[s]
        if not notes and not cards:
            continue
        if notes:
            state.money.transfer(DOWN[s], SHOW[s], notes)
        state.show_g[s].extend(cards)
        state.down_g[s] = []
        found = ([money_text(notes)] if notes else []) + [gangster_text(c) for c in cards]
        state.log.add("reveal", f"{who(s)}'s face-down additions are turned up: "
                      f"{listing(found)}; his display now holds "
                      f"{money_text(state.shown(s))}, defence {state.defence(s)}")


def over_hand_limit(state: DonMassivoState) -> bool:
    """Whether the current player holds more cards than his hand limit."""
    # dm-hand-limit
    seat = state.current
    return state.hand_size(seat) > state.hand_limit(seat)


def announce_hand_limit(state: DonMassivoState) -> None:
    """Say how far the current player is over his hand limit."""
    seat = state.current
    size, limit = state.hand_size(seat), state.hand_limit(seat)
    where = " (with a token at the Villa)" if limit > 7 else ""
    state.log.add("hand limit", f"{who(seat)} holds {count(size, 'card')}, {size - limit} "
                  f"over the limit of {limit}{where}: he must discard them or put "
                  "gangsters into his display")


def discard(state: DonMassivoState, card: str) -> None:
    """At the hand limit, the current player discards a card onto its discard pile."""
    # dm-hand-limit
    seat = state.current
    if card in GANGSTERS:
        state.hand_g[seat].remove(card)
        state.gangsters.discard(card)
    else:
        state.hand_s[seat].remove(card)
        state.stooges.discard(card)


def end_turn(state: DonMassivoState) -> None:
    """The paid or robbed player is the next current player (rulebook: Don Massivo's Villa)."""
    # dm-next-player, dm-return-visit
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
