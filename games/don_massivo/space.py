"""The fixed action space and the numeric observation of Don Massivo, for learning agents.

**Action space.** Every decision of the game is one small step (one card, one location, one
sum of money), so the space is the list of every action value ``actions.py`` builds, the same
for every player count and option. A sum of money is one action per value of $1,000 up to
``MONEY_MAX`` ($99,000: nobody holds more while the game goes on), which the menus ask for as
one typed amount (``State.amount``): placing (4), taking money (1 to 99 thousand: 99) and
gangsters (36) back, moves (8), paying (5) and robbing (5) a seat, laying a robber (36),
striking, throwing in a defender (36), paying in money or with a loot card (1 + 45), using a
location (3), recruiting, leaning on a fence (3), specialists (36), the job, choosing a fence
(3), handing over loot (45), done, stakes (16), face-down additions (no gangster or one of 36,
each with 0 to 99 thousand: 3,700), the display money (0 to 99 thousand: 100), gangsters into
the display (36) and discards (81): 4,302 in all.

**Observation tensor** (``OBS_GLOBAL + players * OBS_SEAT`` numbers, seat rows in seat
order), derived from ``observation(seat)`` only:

- global (``OBS_GLOBAL``): the viewing seat, the current player and the seat to act (one-hot
  over 5 seats each, all 0 for none), the turn, the step (one-hot over ``STEPS``), for each
  Fence pile its size and the top fence's price per unit of money, jewellery and art (0 when
  empty), Casino cards played, the sizes of the Gangster and Stooge draw piles, the Gangster
  discard pile by strength (3) and the Stooge discard pile by kind and value (9), the own hand
  by kind and strength (9) and by kind and value (9), the own face-down gangsters' strength
  and notes, the moved token (0/1, -1 none), the target seat (one-hot), paid/robbed flags,
  usable and used locations (West, East, Bank: 6), the alternative actions taken (2), the
  attack laid, the defence thrown in, whether this turn is a return visit, the loot offered
  to a fence (units) and the chosen Fence pile (one-hot);
- per seat (``OBS_SEAT``): tokens at each of the five locations (0-2), money face up,
  defence, display gangsters, face-down gangsters, face-down notes (0/1), hand gangsters,
  hand stooges, and money off the display (pile plus face-down notes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.action_space import ActionSpace

from .actions import (
    DISCARD,
    DONE,
    FACEDOWN,
    GIVE_LOOT,
    GUARD,
    LAY,
    LEAN,
    LOCATIONS,
    MOVES,
    PAY,
    PAY_CASH,
    PLACE,
    RECRUIT,
    ROB,
    SELL,
    SELL_TO,
    SET_MONEY,
    SHOW,
    SPECIALIST,
    STAKES,
    STEAL,
    STRIKE,
    TAKE_G,
    TAKE_MONEY,
    USE,
)
from .cards import (
    FENCES,
    GANGSTER_KIND,
    KINDS,
    LOOT_KIND,
    LOOT_VALUE,
    STRENGTH,
)

if TYPE_CHECKING:
    from .state import DonMassivoState

SPACE = ActionSpace([
    *PLACE.values(), *TAKE_MONEY.values(), *TAKE_G.values(), *MOVES.values(), *PAY, *ROB,
    *LAY.values(), STRIKE, *GUARD.values(), PAY_CASH, *GIVE_LOOT.values(), *USE.values(),
    RECRUIT, *LEAN, *SPECIALIST.values(), STEAL, *SELL_TO, *SELL.values(), DONE, *STAKES,
    *FACEDOWN.values(), *SET_MONEY, *SHOW.values(), *DISCARD.values(),
])
"""Every action Don Massivo can offer, numbered (the same for every player count)."""

SEATS = 5
"""One-hot seat fields have room for the largest table."""
_STEPS = ("place", "move", "deal", "rob", "defend", "payment", "locations", "steal",
          "sell_pick", "sell", "casino", "facedown", "refresh_take", "refresh_money",
          "refresh_add", "limit")
_PLACES = ("west", "east", "bank")
OBS_SEAT = len(LOCATIONS) + 8
"""Numbers per seat row."""
OBS_GLOBAL = 3 * SEATS + 1 + len(_STEPS) + 3 * 4 + 1 + 2 + 3 + 9 + 9 + 9 + 2 + 1 + SEATS + 2 \
    + 6 + 2 + 2 + 1 + 1 + 3
"""Numbers before the seat rows."""


def observation_length(players: int) -> int:
    """The length of the observation tensor at ``players`` seats."""
    return OBS_GLOBAL + players * OBS_SEAT


def _one_hot(value: Any, values: tuple[Any, ...] | range) -> list[float]:
    return [1.0 if value == v else 0.0 for v in values]


def _counts(cards: list[str], key: dict[str, Any], values: list[Any]) -> list[float]:
    return [float(sum(1 for c in cards if key[c] == v)) for v in values]


_G_KEY = {c: (GANGSTER_KIND[c], STRENGTH[c]) for c in GANGSTER_KIND}
_S_KEY = {c: (LOOT_KIND[c], LOOT_VALUE[c]) for c in LOOT_KIND}
_PAIRS = [(k, n) for k in KINDS for n in (1, 2, 3)]


def observation_tensor(state: DonMassivoState, seat: int | None) -> list[float]:
    """``observation(seat)`` as numbers (the layout is in the module docstring)."""
    obs = state.observation(seat)
    out: list[float] = []
    out += _one_hot(seat, range(SEATS))
    out += _one_hot(obs["current"], range(SEATS))
    out += _one_hot(obs["to_act"], range(SEATS))
    out.append(float(obs["turn"]))
    out += _one_hot(obs["step"], _STEPS)
    for top, size in zip(obs["fence_tops"], obs["fence_sizes"], strict=True):
        prices = FENCES[top].prices if top is not None else {}
        out += [float(size), *(float(prices.get(k, 0)) for k in KINDS)]
    out.append(float(len(obs["casinos_out"])))
    out += [float(obs["gangster_deck"]), float(obs["stooge_deck"])]
    out += _counts(obs["gangster_discard"], STRENGTH, [1, 2, 3])
    out += _counts(obs["stooge_discard"], _S_KEY, _PAIRS)
    hand = obs.get("hand", {"gangsters": [], "stooges": []})
    out += _counts(hand["gangsters"], _G_KEY, _PAIRS)
    out += _counts(hand["stooges"], _S_KEY, _PAIRS)
    own = obs["seats"][seat] if seat is not None else {}
    out += [float(sum(STRENGTH[c] for c in own.get("facedown_cards", []))),
            float(own.get("facedown_money", 0))]
    out.append(float(obs["moved"]))
    out += _one_hot(obs["target"], range(SEATS))
    out += [1.0 if obs["deal"] == "pay" else 0.0, 1.0 if obs["deal"] == "rob" else 0.0]
    out += [1.0 if loc in obs["usable"] else 0.0 for loc in _PLACES]
    out += [1.0 if loc in obs["used"] else 0.0 for loc in _PLACES]
    out += [float(obs["west_alt"]), float(obs["east_alt"])]
    out += [float(sum(STRENGTH[c] for c in obs["laid"])),
            float(sum(STRENGTH[c] for c in obs["guard"]))]
    out.append(float(obs["return_visit"]))
    out.append(float(sum(LOOT_VALUE[c] for c in obs["offered"])))
    out += _one_hot(obs["sell_pile"], range(3))
    for entry in obs["seats"]:
        out += [float(entry["tokens"].count(loc)) for loc in LOCATIONS]
        off = entry.get("money_off_display", entry.get("pile", 0) + entry.get("facedown_money", 0))
        out += [float(entry["display_money"]),
                float(sum(STRENGTH[c] for c in entry["display_gangsters"])),
                float(len(entry["display_gangsters"])), float(entry["facedown_gangsters"]),
                float(entry["facedown_notes"]), float(entry["hand_gangsters"]),
                float(entry["hand_stooges"]), float(off)]
    return out
