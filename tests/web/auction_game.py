"""A small game with an amount decision, for testing the browser's number field.

"Three Lots": three lots come up for auction one after the other (worth 5, 8 and 12
points). For each lot every seat in turn bids an amount from 1 to what is left in its purse,
or passes; the highest bid takes the lot (the earlier seat on a tie) and pays its bid.
Bids are public. The most points wins.

The bids of one turn are one amount decision (``State.amount``: "Your bid", 1 to 20 G), next
to an ordinary action (pass). With ``dollars=true`` purses hold $20,000 and bids go in steps
of $1,000 (a prefix, thousands and a step other than 1).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.amounts import Amount, written
from tabletop.engine import Game, Result, State, seat_label
from tabletop.rng import Rng

LOTS = (5, 8, 12)
PURSE = 20


@attrs.frozen
class Bid:
    """Bid ``value`` (G, or dollars) for the lot on offer."""

    value: int


@attrs.frozen
class Pass:
    """Bid nothing for the lot on offer."""


PASS = Pass()


@attrs.frozen
class AuctionOptions:
    """Purses in dollars (steps of $1,000) instead of G."""

    dollars: bool = False


@attrs.define(slots=True)
class AuctionState(State):
    """The lot on offer, each seat's purse, points and bid on this lot (-1: not yet)."""

    players: int
    rng: Rng
    options: AuctionOptions
    purses: list[int]
    points: list[int]
    bids: list[int]
    lot: int = 0
    turn: int = 0

    @property
    def unit(self) -> int:
        return 1000 if self.options.dollars else 1

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.lot >= len(LOTS)

    @property
    def round(self) -> int:
        return self.lot + 1

    def _legal_actions(self) -> list[Any]:
        top = self.purses[self.turn] // self.unit
        return [*(Bid(n * self.unit) for n in range(1, top + 1)), PASS]

    def amount(self, action: Any) -> Amount | None:
        if isinstance(action, Bid):
            if self.options.dollars:
                return Amount("Your bid", action.value, prefix="$")
            return Amount("Your bid", action.value, unit="G")
        return None

    def _money(self, value: int) -> str:
        return written(value, prefix="$") if self.options.dollars else written(value, "G")

    def _apply(self, action: Any) -> None:
        self.bids[self.turn] = action.value if isinstance(action, Bid) else 0
        if self.turn < self.players - 1:
            self.turn += 1
            return
        best = max(self.bids)
        if best > 0:
            winner = self.bids.index(best)
            self.purses[winner] -= best
            self.points[winner] += LOTS[self.lot]
        self.bids = [-1] * self.players
        self.lot += 1
        self.turn = 0

    def result(self) -> Result:
        return Result.by_scores([float(p) for p in self.points], "the three lots are sold")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"purses": list(self.purses), "points": list(self.points),
                "bids": list(self.bids), "lot": self.lot, "turn": self.turn}

    def clone(self) -> AuctionState:
        return AuctionState(self.players, self.rng.clone(), self.options, self.purses[:],
                            self.points[:], self.bids[:], self.lot, self.turn)

    def describe(self, action: Any) -> str:
        if isinstance(action, Bid):
            return f"bid {self._money(action.value)}"
        return "pass on this lot"

    def render(self, seat: int | None) -> str:
        lines = ([f"Lot {self.lot + 1} of {len(LOTS)}: worth {LOTS[self.lot]} points"]
                 if not self.is_over else ["Every lot is sold"])
        for s in range(self.players):
            bid = "" if self.bids[s] < 0 else f", bids {self._money(self.bids[s])}"
            lines.append(f"{seat_label(s)}: {self._money(self.purses[s])} left, "
                         f"{self.points[s]} points{bid}")
        return "\n".join(lines)


class AuctionGame(Game):
    """Three Lots: a small auction whose bids are typed."""

    name = "auction_game"
    title = "Three Lots"
    min_players = 2
    max_players = 3
    options_class = AuctionOptions
    state_class = AuctionState
    action_types = (Bid, Pass)
    has_hidden_information = False

    def step_cap(self, players: int, options: Any = None) -> int:
        return len(LOTS) * players

    def _new_state(self, players: int, seed: int, options: AuctionOptions) -> AuctionState:
        purse = PURSE * (1000 if options.dollars else 1)
        return AuctionState(players, Rng.from_seed(seed), options, [purse] * players,
                            [0] * players, [-1] * players)


GAME = AuctionGame()
