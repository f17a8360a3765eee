"""The end of a round (after Phase 5): trucks and crates go back, the takings are told, the
end of the game is checked, Phase 6 comes in rounds 4 and 8, and the next round is set up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from . import muscle, setup, shipping, words

if TYPE_CHECKING:
    from .state import BootleggersState

#: the step the game ends in (the flow stops there)
OVER = "over"


def end_of_round(s: BootleggersState) -> None:
    """After Phase 5: return trucks and crates, check the end, Phase 6, next round."""
    shipping.return_trucks(s)
    s.log.add("takings", f"Round {s.round_no} takings (sales and profit): " + ", ".join(
        f"{seat_label(p)} {words.money(s.takings[p])}" for p in range(s.players)) + ".")
    # bl-game-end: after Phase 5 of the last round, or of a round that leaves someone rich
    if s.round_no >= s.last_round or any(
            s.cash(p) >= 100 for p in range(s.players)):
        end_game(s)
        return
    if s.round_no in (4, 8):
        muscle.phase_six(s)
    setup.start_round(s, s.round_no + 1)


def end_game(s: BootleggersState) -> None:
    """The game ends: its reason told, the money counted, the hands shown."""
    s.finished = True
    s.step = OVER
    s.queue = []
    rich = [p for p in range(s.players) if s.cash(p) >= 100]
    # One wording per way of ending (the round shows on the board), so that simulations
    # can count the endings.
    s.end_reason = ("a Mobster reached $100G before the last round"
                    if rich and s.round_no < s.last_round else "the last round was played")
    s.log.add("game end", f"The game ends after round {s.round_no}: {s.end_reason} "
              f"({words.seats(rich)} {'has' if len(rich) == 1 else 'have'} $100G or "
              "more)." if rich else
              f"The game ends after round {s.round_no}: {s.end_reason}.")
    # bl-hands-shown
    s.log.add("game end", "Money counted (most money wins): " + ", ".join(
        f"{seat_label(p)} {words.money(s.cash(p))}" for p in range(s.players)) + ".")
    s.log.add("hands shown", "Hands shown, now that they decide nothing: " + "; ".join(
        f"{seat_label(p)} {words.hand_left(s.hands[p], s.muscle_hands[p])}"
        for p in range(s.players)) + ".")
