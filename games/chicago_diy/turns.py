"""The edges of a turn and of the game: how a turn ends (by itself or when passed), what
happens between turns (the deck refilled or run out, the last call), and the game's end
(all twelve territories held, the deck out, the last call).

Rule functions on a :class:`~tabletop_games.chicago_diy.state.ChicagoState`: they change the state
and narrate it; the flow (:mod:`tabletop_games.chicago_diy.flow`) decides when they run. The game's
end is the one thing a rule decides by itself: :func:`finish` sets the phase ``over``,
and the flow stops there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import TERRITORY_COUNT, hit_men_back, labels, money_in
from .rules import HAND_LIMIT, LAST_CALL_ROUND, OVER
from .words import count, score_parts, seat_name

if TYPE_CHECKING:
    from .state import ChicagoState


def nothing_left(state: ChicagoState) -> str:
    """Why the current player's turn ends by itself, in words ("" while something is left
    to do).

    Only public facts decide it: an empty hand, or no rival a hit man or a joker could
    touch. Ending by itself whenever the hand holds nothing playable would tell the table
    that the hand holds no hit man and no joker.
    """
    # ch-turn-end
    me = state.turn.current
    hand = state.hands[me]
    if len(hand) > HAND_LIMIT:
        return ""
    if not hand:
        return "no card is left in the hand"
    henchmen, territories = state.henchmen, state.territories
    if not any(henchmen[s] or territories[s] for s in range(state.players) if s != me):
        return "no rival has a henchman or a territory to play a card on"
    return ""


def end_by_itself(state: ChicagoState, why: str) -> None:
    """Tell the table the turn ends by itself, and ``why`` (:func:`nothing_left`)."""
    state.log.add("turn ends", f"{seat_name(state.turn.current)}'s turn ends by itself: {why}")


def end_of_turn(state: ChicagoState) -> None:
    """Between turns: refill or run out the deck, pass play clockwise, stop at the last call."""
    deck = state.deck
    if not deck.draw_pile:
        # ch-reshuffle, ch-deck-out. Rulebook "Winning": the game ends when the deck runs
        # out; NOTE: discards are reshuffled when the draw pile runs out. [decided] both
        # hold: the discards refill the pile `reshuffles` times, the next time the pile runs
        # out the deck is out.
        if state.reshuffles_left and deck.discard_pile:
            state.reshuffles_left -= 1
            back = hit_men_back(deck.discard_pile)
            n = len(deck.discard_pile)
            deck.reshuffle_discards(state.rng)
            state.log.add("reshuffle",
                          f"the draw pile ran out: the {count(n, 'discard', 'discards')} "
                          f"are shuffled into a new draw pile{back} (reshuffles left: "
                          f"{state.reshuffles_left})")
        else:
            why = ("no reshuffle left" if deck.discard_pile
                   else "no discards to reshuffle")
            finish(state, f"the deck ran out, with {why}")
            return
    state.turn.advance()
    if state.turn.turns_taken >= LAST_CALL_ROUND * state.players:  # ch-last-call
        finish(state, f"last call after round {LAST_CALL_ROUND}")


def gain_territory(state: ChicagoState, seat: int, card: str) -> None:
    """``seat`` now holds territory ``card``; holding all of them ends the game."""
    # ch-all-twelve
    state.territories[seat].append(card)
    if len(state.territories[seat]) == TERRITORY_COUNT:
        finish(state, f"{seat_name(seat)} controls all {TERRITORY_COUNT} territories")


def finish(state: ChicagoState, reason: str) -> None:
    """The game is over for ``reason``: the hands are shown and scored."""
    state.phase = OVER
    state.end_reason = reason
    state.decisions.stack.clear()
    state.log.add("game over", f"game over: {reason}")
    # the hands are scored, so everyone now sees them: shown before the scores
    for seat, hand in enumerate(state.hands):
        shown = (f"{seat_name(seat)} shows the hand: {labels(hand)} "
                 f"(${money_in(hand)} in money)" if hand
                 else f"{seat_name(seat)}'s hand is empty")
        state.log.add("hand shown", shown)
    for seat in range(state.players):
        state.log.add("final score", f"{seat_name(seat)} scores {state.score(seat)} points: "
                                     f"{score_parts(state, seat)}")
