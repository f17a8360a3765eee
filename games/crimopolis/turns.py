"""The edges of a turn and of the game: a turn begins (the clock set, the destinies due),
ends (unused time carried on, the last turns called or counted down, the round limit), and
the game ends with the end scoring narrated seat by seat.

Rule functions on a :class:`~tabletop_games.crimopolis.state.CrimopolisState`: they change the state
and narrate it; the flow (:mod:`tabletop_games.crimopolis.flow`) decides when they run. The game's end
is the one thing a rule decides by itself: :func:`game_over` sets the phase ``over``, and
the flow stops there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .rules import HOURS_PER_TURN, OVER
from .words import card_title, destiny_effect, hand_words, hours, who

if TYPE_CHECKING:
    from .state import CrimopolisState


# cp-seven-hours cp-destiny-waits cp-job-fresh-block cp-armed-before-job
def start_turn(state: CrimopolisState, seat: int, clock: int, carried: int = 0) -> None:
    """TURNS: ``seat``'s turn begins with ``clock`` hours (``carried`` of them handed on by
    the player before); armed fortunes and redraws start afresh."""
    state.active = seat
    state.hours = clock
    state.turn_steps = 0
    state.redraws = 0
    state.boost_hours = state.boost_crew = state.boost_prestige = 0
    state.shield = False
    # JOBS IN THE SAME CITY BLOCK: blocks held at the start of the turn are barred.
    state.touched = [n for n, _ in state.city.board.held_by(seat) if n[0] == "b"]
    # DESTINY CARDS: those lying in front of the player now are executed first; one
    # placed during this turn waits for the next.
    state.due = state.destinies[seat][:]
    extra = (f" ({clock - carried} + {carried} carried over from {who(state.turn_before())})"
             if carried else "")
    state.log.add("turn", f"Round {state.round}: {who(seat)}'s turn, {hours(clock)} on the "
                  f"clock{extra}")
    if state.due:
        state.log.add("destiny", f"{who(seat)} must first execute its destinies: " + "; ".join(
            f"{card_title(c)} ({destiny_effect(c, now=True)})" for c in state.due))


# cp-unused-time cp-last-turn cp-round-limit
def end_turn(state: CrimopolisState) -> None:
    """FINISH YOUR TURN: unused time goes to the next player, whose turn begins, unless the
    last turns are over or the round limit is reached (then the game ends)."""
    carry = state.hours
    nxt = (state.active + 1) % state.players
    state.turns_played += 1
    target = state.options.end_target
    if state.final_left >= 0:
        state.final_left -= 1
    elif max(state.prestige) >= target:
        state.final_left = state.players - 1
        leaders = [s for s in range(state.players) if state.prestige[s] >= target]
        state.log.add("last turns", ", ".join(
            f"{who(s)} has {state.prestige[s]} prestige" for s in leaders)
            + f" (the target is {target}): every other gang plays one last turn")
    if state.final_left == 0:
        game_over(state, f"a gang reached {target} prestige and everyone played a last turn")
        return
    limit = state.options.round_limit
    if state.final_left < 0 and state.turns_played >= limit * state.players:
        game_over(state, f"the city slept after {limit} rounds")
        return
    start_turn(state, nxt, HOURS_PER_TURN + carry, carry)


# cp-end-shown
def game_over(state: CrimopolisState, reason: str) -> None:
    """GAME END: the end scoring, narrated seat by seat."""
    state.phase = OVER
    state.end_reason = reason
    state.log.add("game over", f"The game ends: {reason}. End scoring:")
    for seat in range(state.players):  # what was hidden decides nothing now: shown
        shown = hand_words(state.hands[seat], state.fortune_hands[seat])
        if shown:
            state.log.add("hands shown", f"{who(seat)} shows its hand: {shown}")
    for seat, parts in enumerate(scoring.breakdown(state)):
        state.log.add("final score", f"{who(seat)}: {scoring.breakdown_words(parts)} = "
                      f"{sum(parts.values())} prestige")
