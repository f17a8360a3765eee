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

from typing import Any

from games.crime_lords import actions as A
from games.crime_lords.state import CrimeLordsState

PER_WINDOW = 2  # [decided] out-of-turn gifts, offers and abilities per player and window


def open_window(s: CrimeLordsState) -> None:
    """Queue the other living players, counterclockwise from the player whose turn it is."""
    seats = [(s.current + k) % s.players for k in range(1, s.players)]
    s.window = [p for p in seats if s.alive[p]]
    s.window_left = PER_WINDOW


def actions(s: CrimeLordsState, seat: int) -> list[Any]:
    """Gifts, trade offers and any-time abilities while some are left, and passing. A Crook
    may be given to the player whose turn it is ("only ... if it is the turn of one of the
    players involved"); he spends his token, as on one's own turn."""
    from games.crime_lords import legal, trades, victory

    out = legal.gift_actions(s, seat) + legal.any_time_abilities(s, seat)
    to = s.current
    # a Crook given away can hand a rival the win only under "more than all foes"
    check = s.options.victory == "more_than_all"
    out.extend(legal.act(A.GiveCrook, to, c) for c in trades.tradable_crooks(s, seat)
               if not check or not victory.gift_throws_game(s, to, c))
    return [*out, A.DONE]


def apply(s: CrimeLordsState, action: Any) -> None:
    """Play one out-of-turn action, or pass to the next player of the window."""
    from games.crime_lords import flow, trades

    seat = s.actor
    t = type(action)
    if t is A.Done:
        close_seat(s)
    else:
        s.window_left -= 1
        if t is A.UseAbility:
            flow.use_ability(s, action.card, action.target)
        elif t is A.OfferTrade:
            trades.offer(s, action)
            return  # the offer is completed first; it comes back to the window
        elif t is A.GiveCrook:
            if s.window_left == 0:
                close_seat(s)
            flow.offer_crook(s, action)
            return  # the receiver answers; then the window goes on
        else:
            flow.give(s, seat, action)
        if s.window_left == 0:
            close_seat(s)
    flow.settle(s)


def close_seat(s: CrimeLordsState) -> None:
    """This player is done; the next one of the window gets his chance."""
    s.window.pop(0)
    s.window_left = PER_WINDOW


def after_trade(s: CrimeLordsState) -> None:
    """A trade offered from the window is over: its proposer may go on while he has
    actions left."""
    if s.window and s.window_left == 0:
        close_seat(s)
