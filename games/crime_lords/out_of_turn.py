"""Out of turn: gifts, trade offers and abilities usable "at any time" (option
``open_table``).

Rulebook: gifts may be made "at any time (except during attacks), not just during your
turn" ("Free Actions", "Gifts and Trades"); "special abilities can only be used during the
player's turn unless the card specifies otherwise; for instance, Bentley Grimes has a power
that can be used at any time" ("Special Ability").

With the option on, every regular turn has one window for the other players: once the
player whose turn it is has drawn, and before his first action, each other player in turn
(counterclockwise from him) may make up to :data:`PER_WINDOW` gifts, trade offers and
any-time abilities, then passes (``Done``). [decided] one window a turn at that moment: a
computer table cannot let everybody interrupt at every step, and that is when the player
about to act can still be bribed or a Crook calmed before an attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CrimeLordsState

PER_WINDOW = 2  # [decided] out-of-turn gifts, offers and abilities per player and window


# cl-open-table
def open_window(s: CrimeLordsState) -> None:
    """Queue the other living players, counterclockwise from the player whose turn it is."""
    seats = [(s.current + k) % s.players for k in range(1, s.players)]
    s.window = [p for p in seats if s.alive[p]]
    s.window_left = PER_WINDOW


def close_seat(s: CrimeLordsState) -> None:
    """This player is done; the next one of the window gets his chance."""
    s.window.pop(0)
    s.window_left = PER_WINDOW


def after_trade(s: CrimeLordsState) -> None:
    """A trade offered from the window is over: its proposer may go on while he has
    actions left."""
    if s.window and s.window_left == 0:
        close_seat(s)
