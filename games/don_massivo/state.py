"""The state of a Don Massivo game: the table and where play is.

The order of play (the steps of a turn, the questions asked over phase 3) is declared in
:mod:`tabletop_games.don_massivo.flow` and run by the kernel's flow: the state gets ``to_act``, the
legal actions, ``apply`` and ``why_illegal`` from it (:class:`~tabletop.flow.Flowing`). The
rules are in ``turn.py`` (setup, phases 1-2), ``locations.py`` (phase 3), ``casino.py`` and
``refresh.py`` (the face-down round, phase 4).

Money is held in a :class:`~tabletop.components.Supply` in thousands of dollars, under the
holders ``pile:<seat>`` (the money pile), ``show:<seat>`` (face-up notes in the display) and
``down:<seat>`` (notes added face down during another player's phase 3). The bank is an
unlimited supply: what it pays is minted, what it takes is burned.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop.amounts import Amount
from tabletop.components import Deck, Prompt, SealedChoice, Supply, TurnOrder
from tabletop.components.log import EventLog
from tabletop.engine import Result, State
from tabletop.flow import Flowing
from tabletop.rng import Rng

from . import (
    evaluation,
    flow,
    invariants,
    picture,
    space,
    table_talk,
    targets,
    views,
    words,
)
from .actions import PRISON, VILLA, WEST
from .cards import STRENGTH
from .money import DOWN, PILE, SHOW
from .options import DonMassivoOptions
from .rules import PLACING, STEPS

__all__ = ["STEPS", "DonMassivoState"]


@attrs.define(slots=True)
class DonMassivoState(Flowing, State):
    """One position of Don Massivo.

    ``flow_step`` is the flow's current step and ``asks`` its questions (:mod:`flow`);
    ``step`` names the decision being taken, the question asked or else the step (see
    ``STEPS``); ``order.current`` is the current player; ``fence_piles[p]`` lists a Fence
    pile bottom first (its last card is the face-up top). Per-turn fields (``moved``, ``target``, ``deal``, ``usable``, ``used`` ...) are reset when a
    turn starts.
    """

    FLOW = flow.FLOW

    players: int
    rng: Rng
    options: DonMassivoOptions
    order: TurnOrder
    money: Supply
    start_money: int
    flow_step: str = PLACING
    asks: list[Prompt] = attrs.Factory(list)
    turn: int = 0
    tokens: list[list[str]] = attrs.Factory(list)
    hand_g: list[list[str]] = attrs.Factory(list)
    hand_s: list[list[str]] = attrs.Factory(list)
    show_g: list[list[str]] = attrs.Factory(list)
    down_g: list[list[str]] = attrs.Factory(list)
    gangsters: Deck[str] = attrs.Factory(Deck)
    stooges: Deck[str] = attrs.Factory(Deck)
    fence_piles: list[list[str]] = attrs.Factory(list)
    fence_discard: list[str] = attrs.Factory(list)
    casinos_out: list[str] = attrs.Factory(list)
    place_queue: list[int] = attrs.Factory(list)
    moved: int = -1
    moved_from: str = ""
    target: int = -1
    last_dealer: int = -1
    return_visit: bool = False
    deal: str = ""
    usable: list[str] = attrs.Factory(list)
    used: list[str] = attrs.Factory(list)
    west_alt: bool = False
    east_alt: bool = False
    laid: list[str] = attrs.Factory(list)
    guard: list[str] = attrs.Factory(list)
    specialists: list[str] = attrs.Factory(list)
    sell_pile: int = -1
    offered: list[str] = attrs.Factory(list)
    casino: SealedChoice | None = None
    casino_pile: int = -1
    facedown_queue: list[int] = attrs.Factory(list)
    over: bool = False
    winners: list[int] = attrs.Factory(list)
    end_reason: str = ""
    log: EventLog = attrs.Factory(EventLog)
    turned_up: list[str] = attrs.Factory(list)  # cards the last move turned face up for all

    # -- the contract ------------------------------------------------------------------
    @property
    def current(self) -> int:
        """The current player (whose turn it is)."""
        return self.order.current

    @property
    def step(self) -> str:
        """The decision being taken: the question asked, if any, else the flow's step."""
        asks = self.asks
        return asks[-1].kind if asks else self.flow_step

    @step.setter
    def step(self, name: str) -> None:
        """Put the flow at step ``name`` (a scenario laid out by hand)."""
        self.flow_step = name

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def round(self) -> int:
        """The number of turns started (turns do not go round the table in order here)."""
        return self.turn

    def event_log(self) -> EventLog:
        """The public events: payments, robberies, steals, sales, Casino games, the end."""
        return self.log

    def describe(self, action: Any) -> str:
        return words.describe(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        return table_talk.talk(self, action, viewer)

    def describe_public(self, action: Any) -> str:
        return words.describe_public(self, action)

    def action_group(self, action: Any) -> str:
        return words.action_group(self, action)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def picture(self, seat: int | None) -> str:
        return picture.picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        """The picture's elements ``action`` acts on, to play it from the board
        (``targets.py``)."""
        return targets.targets(self, action)

    def counters(self, seat: int) -> Mapping[str, int]:
        """What everybody sees of ``seat``: money off the display (the pile and face-down
        notes, one sum), money face up in the display, its defence, and how many Gangster and
        Stooge cards the hand holds (rulebook: Hints)."""
        return {"money off display": self.pile(seat) + self.down(seat),
                "display money": self.shown(seat), "defence": self.defence(seat),
                "Gangster cards in hand": len(self.hand_g[seat]),
                "Stooge cards in hand": len(self.hand_s[seat])}

    def stay_out(self) -> Any | None:
        """Never: every question Don Massivo asks a seat is about its own money and cards
        (adding to its own display face down, its own Casino stake), so the seat takes part
        in it, and every other player is asked it whatever his hand holds."""
        return None

    def amount(self, action: Any) -> Amount | None:
        """Money typed as a sum of dollars: taking money out of the display, notes added face
        down, the money left in the display in phase 4, a Casino stake (``words.amount``)."""
        return words.amount(self, action)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def evaluate(self, seat: int) -> float:
        """1 or 0 (a shared win split) at the end; before it, the seat's chance of winning by
        a logistic standing fitted to heuristic games (``evaluation``). It reads only what every
        seat sees, so it is the same in any determinization of the seat's view."""
        return evaluation.evaluate(self, seat)

    def result(self) -> Result:
        totals = [self.total(s) for s in range(self.players)]
        if self.winners:
            ranking = sorted(range(self.players),
                             key=lambda s: (s in self.winners, totals[s]), reverse=True)
            return Result(tuple(sorted(self.winners)), tuple(float(t) for t in totals),
                          tuple(ranking), self.end_reason)
        return Result.by_scores([float(t) for t in totals], self.end_reason)

    # -- the fixed action space and the numeric observation (``space.py``) -------------
    def action_index(self, action: Any) -> int:
        return space.SPACE.index(action)

    def action_from_index(self, index: int) -> Any:
        return space.SPACE.action(index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return space.observation_tensor(self, seat)

    def perturb(self, seat: int | None, rng: Rng) -> DonMassivoState | None:
        """A copy with one card ``seat`` cannot see swapped: a Gangster card of another
        player's hand (or face-down display) with one of the Gangster draw pile, else a Stooge
        card of another player's hand (not one laid before a fence) with one of the Stooge
        draw pile. None when no such swap exists."""
        return views.perturb(self, seat, rng)

    # -- money and cards ---------------------------------------------------------------
    def pile(self, seat: int) -> int:
        """Thousands in ``seat``'s money pile."""
        return self.money[PILE[seat]]

    def shown(self, seat: int) -> int:
        """Thousands face up in ``seat``'s display."""
        return self.money[SHOW[seat]]

    def down(self, seat: int) -> int:
        """Thousands face down in ``seat``'s display (until the reveal in phase 4)."""
        return self.money[DOWN[seat]]

    def total(self, seat: int) -> int:
        """Everything ``seat`` possesses: the pile and the whole display (rulebook: Game end)."""
        h = self.money.holdings
        return h.get(PILE[seat], 0) + h.get(SHOW[seat], 0) + h.get(DOWN[seat], 0)

    def defence(self, seat: int) -> int:
        """The strength of the face-up gangsters in ``seat``'s display."""
        return sum(STRENGTH[c] for c in self.show_g[seat])

    def hand_size(self, seat: int) -> int:
        """Cards in hand (Gangster and Stooge cards together; the count is public)."""
        return len(self.hand_g[seat]) + len(self.hand_s[seat])

    def villa_holder(self, seat: int) -> bool:
        """Whether ``seat`` has a token at Don Massivo's Villa."""
        return VILLA in self.tokens[seat]

    def hand_limit(self, seat: int) -> int:
        """7 cards, or 10 with a token at the Villa (rulebook: Don Massivo's Villa)."""
        return 10 if self.villa_holder(seat) else 7

    def others_at(self, location: str, seat: int) -> list[int]:
        """Other players with a token at ``location`` whom ``seat`` may deal with: never in
        the Prison, and with 3-5 players, when this turn is itself a return visit, not the one
        who dealt with ``seat`` to give him this turn (no second return visit, see RULES.md)."""
        if location == PRISON:  # dm-prison-no-deal
            return []
        barred = self.barred(seat)
        return [s for s in range(self.players)
                if s != seat and s != barred and location in self.tokens[s]]

    def meeting_places(self, seat: int) -> set[str]:
        """The locations where :meth:`others_at` finds somebody for ``seat`` to deal with."""
        barred = self.barred(seat)
        tokens = self.tokens
        places = {location for s in range(self.players) if s != seat and s != barred
                  for location in tokens[s]}
        places.discard(PRISON)  # dm-prison-no-deal
        return places

    def barred(self, seat: int) -> int:
        """The player ``seat`` may not deal with this turn (-1: nobody): with 3-5 players, in
        a turn that is itself a return visit, the one who gave him this turn."""
        # dm-return-visit
        return (self.last_dealer if self.players > 2 and seat == self.order.current
                and self.return_visit else -1)

    def fence_top(self, pile: int) -> str | None:
        """The face-up top card of a Fence pile (None when the pile is empty)."""
        cards = self.fence_piles[pile]
        return cards[-1] if cards else None

    def can_use_west(self) -> bool:
        """Whether stealing is still open to the current player this turn."""
        return WEST in self.usable and WEST not in self.used

    # -- cloning, hidden information, invariants ---------------------------------------
    def determinize(self, seat: int | None, rng: Rng) -> DonMassivoState:
        return views.determinize(self, seat, rng)

    def position(self, seat: int | None, rng: Rng) -> DonMassivoState:
        """:meth:`determinize` for the heuristic bot, without the shuffles it never reads."""
        return views.position(self, seat, rng)

    def invariants(self) -> list[str]:
        """Cards each in one place, money sound, step and seats known (``invariants.py``)."""
        return invariants.problems(self, STEPS)
