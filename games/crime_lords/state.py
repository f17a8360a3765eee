"""The Crime Lords state: every card's place, the Mobs, money, the phase of play.

Cards are integers (their index in ``cards.CARDS``); ``loc[card]`` says where each one is:
a seat number (in that player's Mob, Rackets or hand of Specials) or one of the zones of
``cards`` (re-exported here). The rules live in their own modules, the order of play in
``flow`` (its ``FLOW`` gives the state its seat to act, legal actions, apply and refusals);
this module holds the data and takes the rest of the engine contract from the modules that
implement it.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.components.hierarchy import Hierarchy
from tabletop.components.log import EventLog
from tabletop.engine import Result, State, seat_label
from tabletop.flow import Flowing
from tabletop.rng import Rng

from . import actions as A
from . import (
    evaluation,
    flow,
    invariants,
    picture,
    space,
    table_talk,
    targets,
    victory,
    views,
    words,
)
from .attacks import Attack
from .cards import (
    ASIDE,
    AUCTION,
    BOX,
    DECK,
    DISCARD,
    N_CARDS,
    UNCONTROLLED,
    ZONE_NAMES,
)
from .options import CrimeLordsOptions


@attrs.define(slots=True)
class CrimeLordsState(Flowing, State):
    """One position of a game of Crime Lords."""

    players: int
    rng: Rng
    options: CrimeLordsOptions
    mob_of: list[int]
    phase: str = "auction"
    current: int = 0          # whose regular turn (or who opens the current auction card)
    actor: int = 0            # who must decide now
    turn_no: int = 0          # regular turns played
    loc: list[int] = attrs.Factory(lambda: [DECK] * N_CARDS)
    tokens: list[bool] = attrs.Factory(lambda: [False] * N_CARDS)
    unhappy: list[int] = attrs.Factory(lambda: [0] * N_CARDS)
    pbonus: list[int] = attrs.Factory(lambda: [0] * N_CARDS)
    draw_pile: list[int] = attrs.Factory(list)   # top is the end
    uncontrolled: list[int] = attrs.Factory(list)
    discard: list[int] = attrs.Factory(list)
    aside: list[int] = attrs.Factory(list)
    mobs: list[Hierarchy] = attrs.Factory(list)
    rackets: list[list[int]] = attrs.Factory(list)
    specials: list[list[int]] = attrs.Factory(list)
    money: list[int] = attrs.Factory(list)
    alive: list[bool] = attrs.Factory(list)
    # the auction
    bid_money: list[int] = attrs.Factory(list)
    auc_card: int = -1
    auc_high: int = -1        # highest bid so far (-1: none yet)
    auc_leader: int = -1      # who holds it
    auc_in: list[bool] = attrs.Factory(list)
    auc_crooks: int = 0
    auc_rackets: int = 0
    # laying out / placing a Crook
    layout_queue: list[int] = attrs.Factory(list)
    place_card: int = -1
    place_under: int = -1
    place_shape: dict[int, tuple[int, tuple[int, int]]] = attrs.Factory(dict)
    place_move: bool = False  # the card placed is being moved (the old place is allowed)
    place_gift: bool = False  # the card placed was given: old cards may make room for his
    place_before: list[int] = attrs.Factory(list)  # the Lieutenants before the placing began
    # the action phase
    acted: bool = False
    free_left: int = 0
    offer_crook: int = -1
    attack: Attack | None = None
    last_roll: int = 0
    # Gang War
    war: bool = False
    war_in: list[bool] = attrs.Factory(list)
    war_retokened: list[bool] = attrs.Factory(list)
    war_starter: int = -1
    war_passes: int = 0
    war_turn: int = -1        # whose Gang War turn it is (or was last)
    # wiping out, sharing, the end
    spoils_from: int = -1
    spoils_taken: int = 0
    share_seats: list[int] = attrs.Factory(list)
    share_yes: int = 0
    winners: list[int] = attrs.Factory(list)
    end_reason: str = ""
    pending_wipe: list[int] = attrs.Factory(list)  # [eliminated seat, responsible seat]
    share_after: int = -1     # whose turn just ended when a shared victory is asked
    backouts: int = 0         # attacks backed out of this turn ([decided] at most one)
    newboss_seat: int = -1    # a Mob whose Boss was Hit and must pick a new one
    newboss_pool: list[int] = attrs.Factory(list)  # its surviving Crooks, awaiting layout
    # reassigning Crooks ("The dead Crook's owner may immediately reassign his subordinates";
    # after a change of Boss "the whole gang can be rearranged as the player chooses")
    orphans: list[list[int]] = attrs.Factory(list)     # per seat: units he may re-place
    orphan_lts: list[list[int]] = attrs.Factory(list)  # per seat: Lieutenants before that
    regroup_seat: int = -1    # the seat placing its queued Crooks now
    regroup: list[int] = attrs.Factory(list)           # units waiting, strongest first
    regroup_shapes: dict[int, dict[int, tuple[int, tuple[int, int]]]] = attrs.Factory(dict)
    regroup_before: list[int] = attrs.Factory(list)    # Lieutenants before the regroup
    regroup_sup: dict[int, int] = attrs.Factory(dict)  # unit -> the superior it must keep
    regroup_new: list[int] = attrs.Factory(list)       # cards just given (old ones may go)
    # paying the gang when the money does not reach ("Sequence of Play", step 2)
    pay_due: dict[int, int] = attrs.Factory(dict)      # Crook -> G he still wants
    pay_got: list[int] = attrs.Factory(list)           # Crooks that got something
    trade: list[int] = attrs.Factory(list)  # an open offer (see trades.py), else empty
    window: list[int] = attrs.Factory(list)  # seats still to act out of turn (out_of_turn.py)
    window_left: int = 0      # out-of-turn actions left to the first of them
    log: EventLog = attrs.Factory(EventLog)         # public events, for narration
    # the showdown money revealed at the last "Now!", per seat (+ for, - against): it lies
    # on the table for all to see until the next attack is announced
    shown_money: list[int] = attrs.Factory(list)

    FLOW = flow.FLOW

    # -- engine contract (to_act, the legal actions, apply and why_illegal: the flow's) ----
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        return self.turn_no // self.players + 1

    def result(self) -> Result:
        return victory.result(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def describe(self, action: Any) -> str:
        return words.describe(self, action)

    def amount(self, action: Any) -> Any | None:
        return words.amount(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        return table_talk.talk(self, action, viewer)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def action_group(self, action: Any) -> str:
        return words.action_group(self, action)

    def determinize(self, seat: int | None, rng: Rng) -> CrimeLordsState:
        return views.determinize(self, seat, rng)

    def position(self, seat: int | None, rng: Rng) -> CrimeLordsState:
        return views.position(self, seat, rng)

    def invariants(self) -> list[str]:
        return invariants.invariants(self)

    def graphs(self) -> dict[str, Any]:
        """Each Mob's hierarchy ("Player 1 mob": its ``graph`` is the live DiGraph, superior
        -> subordinate, the Boss at the root), for the conformance check that every graph
        agrees with the layout after every move."""
        return {f"{seat_label(p)} mob": m for p, m in enumerate(self.mobs)}

    def event_log(self) -> EventLog:
        return self.log

    def counters(self, seat: int) -> dict[str, int]:
        return views.counters(self, seat)

    def stay_out(self) -> Any | None:
        return views.stay_out(self)

    def evaluate(self, seat: int) -> float:
        return evaluation.evaluate(self, seat)

    def is_concession(self, action: Any) -> bool:
        return type(action) is A.Leave  # "Leaving the Game"

    def action_index(self, action: Any) -> int:
        return space.index(self, action)

    def action_from_index(self, index: int) -> Any:
        return space.from_index(self, index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return space.tensor(self, seat)

    def perturb(self, seat: int | None, rng: Rng) -> CrimeLordsState | None:
        return views.perturb(self, seat, rng)

    def picture(self, seat: int | None) -> str | None:
        return picture.picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        return targets.targets(self, action)

    def describe_public(self, action: Any) -> str:
        return words.describe_public(self, action)  # sealed money never shows its amount

    def note_elimination(self, seat: int) -> None:
        """Called when ``seat`` loses its last Crook; the flow disposes of the Mob."""
        if self.alive[seat] and seat not in self.pending_wipe[0::2]:
            by = self.attack.seat if self.attack is not None else -1
            self.pending_wipe.extend([seat, by if by != seat else -1])


__all__ = [
    "ASIDE",
    "AUCTION",
    "BOX",
    "DECK",
    "DISCARD",
    "UNCONTROLLED",
    "ZONE_NAMES",
    "A",
    "Attack",
    "CrimeLordsState",
]
