"""The Crime Lords state: every card's place, the Mobs, money, the phase of play.

Cards are integers (their index in ``cards.CARDS``); ``loc[card]`` says where each one is:
a seat number (in that player's Mob, Rackets or hand of Specials) or one of the zones below.
The rules of each stage live in their own modules (auction, turn, attacks, war, view); this
module holds the data, dispatches actions to them and keeps the engine contract.
"""

from __future__ import annotations

from typing import Any

import attrs

from games.crime_lords import actions as A
from games.crime_lords.cards import N_CARDS
from games.crime_lords.options import CrimeLordsOptions
from tabletop.components.decisions import SealedChoice
from tabletop.components.hierarchy import Hierarchy
from tabletop.components.log import EventLog
from tabletop.engine import Result, State, seat_label
from tabletop.rng import Rng

# where a card can be besides a seat
DECK, UNCONTROLLED, DISCARD, ASIDE, AUCTION, BOX = -1, -2, -3, -4, -5, -6
ZONE_NAMES = {DECK: "deck", UNCONTROLLED: "uncontrolled", DISCARD: "discard",
              ASIDE: "set aside", AUCTION: "up for auction", BOX: "out of play"}


@attrs.define(slots=True)
class Attack:
    """An attack in progress, from its announcement to the roll."""

    kind: str                 # "recruit", "takeover" or "hit"
    seat: int                 # the attacking player
    leader: int               # the Crook who leads it
    target: int               # the Crook or Racket attacked
    defender: int = -1        # the seat that controls the target (-1: uncontrolled)
    protector: int = -1       # takeover of a controlled Racket: the Crook protecting it
    helpers: list[int] = attrs.Factory(list)   # attacker's cards that spent a token
    blockers: list[int] = attrs.Factory(list)  # defender's cards that spent a token
    money: int = 0            # net showdown money (+ for the attack) once revealed
    boost: int = 0            # net Special-card bonus (+ for the attack)
    verdict: int = 0          # last Special played governs: +1 sure shot, -1 foiled
    side: int = 0             # assistance: 0 attacker, 1 defender, 2 a third party adds
    passes: int = 0           # sides that declined in succession
    war: bool = False         # a Gang War Hit (+5)
    showdown: SealedChoice | None = None
    third: int = -1           # side 2: the third party deciding whether to interfere
    declined: list[int] = attrs.Factory(list)  # third parties who declined since the last add
    acted_before: bool = False  # whether the turn had seen an action before this attack
    stake: int = 0            # showdown: the sealed money put under the hand so far (hidden)
    place: int = 0            # showdown: the place value of the next part of the amount

    def clone(self) -> Attack:
        """An independent copy."""
        return Attack(
            self.kind, self.seat, self.leader, self.target, self.defender, self.protector,
            self.helpers[:], self.blockers[:], self.money, self.boost, self.verdict,
            self.side, self.passes, self.war,
            self.showdown.clone() if self.showdown is not None else None,
            self.third, self.declined[:], self.acted_before, self.stake, self.place,
        )


@attrs.define(slots=True)
class CrimeLordsState(State):
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

    # -- engine contract --------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.actor

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        return self.turn_no // self.players + 1

    def _legal_actions(self) -> list[Any]:
        return _legal.legal_actions(self)

    def _apply(self, action: Any) -> None:
        _flow.apply(self, action)

    def why_illegal(self, action: Any) -> str:
        from games.crime_lords import legal
        return legal.why_illegal(self, action)

    def result(self) -> Result:
        from games.crime_lords import victory
        return victory.result(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from games.crime_lords import view
        return view.observation(self, seat)

    def describe(self, action: Any) -> str:
        from games.crime_lords import talk
        return talk.describe(self, action)

    def amount(self, action: Any) -> Any | None:
        from games.crime_lords import talk
        return talk.amount(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        from games.crime_lords import table_talk
        return table_talk.talk(self, action, viewer)

    def render(self, seat: int | None) -> str:
        from games.crime_lords import table
        return table.render(self, seat)

    def action_group(self, action: Any) -> str:
        from games.crime_lords import talk
        return talk.action_group(self, action)

    def determinize(self, seat: int | None, rng: Rng) -> CrimeLordsState:
        from games.crime_lords import view
        return view.determinize(self, seat, rng)

    def position(self, seat: int | None, rng: Rng) -> CrimeLordsState:
        from games.crime_lords import view
        return view.position(self, seat, rng)

    def invariants(self) -> list[str]:
        from games.crime_lords import invariants
        return invariants.invariants(self)

    def graphs(self) -> dict[str, Any]:
        """Each Mob's hierarchy ("Player 1 mob": its ``graph`` is the live DiGraph, superior
        -> subordinate, the Boss at the root), for the conformance check that every graph
        agrees with the layout after every move."""
        return {f"{seat_label(p)} mob": m for p, m in enumerate(self.mobs)}

    def event_log(self) -> EventLog:
        return self.log

    def counters(self, seat: int) -> dict[str, int]:
        from games.crime_lords import view
        return view.counters(self, seat)

    def stay_out(self) -> Any | None:
        from games.crime_lords import view
        return view.stay_out(self)

    def evaluate(self, seat: int) -> float:
        from games.crime_lords import standing
        return standing.evaluate(self, seat)

    def is_concession(self, action: Any) -> bool:
        return type(action) is A.Leave  # "Leaving the Game"

    def action_index(self, action: Any) -> int:
        from games.crime_lords import space
        return space.index(self, action)

    def action_from_index(self, index: int) -> Any:
        from games.crime_lords import space
        return space.from_index(self, index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        from games.crime_lords import space
        return space.tensor(self, seat)

    def perturb(self, seat: int | None, rng: Rng) -> CrimeLordsState | None:
        from games.crime_lords import view
        return view.perturb(self, seat, rng)

    def picture(self, seat: int | None) -> str | None:
        from games.crime_lords import picture
        return picture.picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        from games.crime_lords import targets
        return targets.targets(self, action)

    def describe_public(self, action: Any) -> str:
        from games.crime_lords import talk
        return talk.describe_public(self, action)  # sealed money never shows its amount

    def note_elimination(self, seat: int) -> None:
        """Called when ``seat`` loses its last Crook; the flow disposes of the Mob."""
        if self.alive[seat] and seat not in self.pending_wipe[0::2]:
            by = self.attack.seat if self.attack is not None else -1
            self.pending_wipe.extend([seat, by if by != seat else -1])

    def clone(self) -> CrimeLordsState:
        return CrimeLordsState(
            self.players, self.rng.clone(), self.options, self.mob_of[:], self.phase,
            self.current, self.actor, self.turn_no, self.loc[:], self.tokens[:],
            self.unhappy[:], self.pbonus[:], self.draw_pile[:], self.uncontrolled[:],
            self.discard[:], self.aside[:], [m.clone() for m in self.mobs],
            [r[:] for r in self.rackets], [h[:] for h in self.specials], self.money[:],
            self.alive[:], self.bid_money[:], self.auc_card, self.auc_high, self.auc_leader,
            self.auc_in[:], self.auc_crooks, self.auc_rackets, self.layout_queue[:],
            self.place_card, self.place_under, dict(self.place_shape), self.place_move,
            self.place_gift, self.place_before[:],
            self.acted, self.free_left, self.offer_crook,
            self.attack.clone() if self.attack is not None else None, self.last_roll,
            self.war, self.war_in[:], self.war_retokened[:], self.war_starter,
            self.war_passes, self.war_turn, self.spoils_from, self.spoils_taken, self.share_seats[:],
            self.share_yes, self.winners[:], self.end_reason, self.pending_wipe[:],
            self.share_after, self.backouts, self.newboss_seat, self.newboss_pool[:],
            [o[:] for o in self.orphans], [o[:] for o in self.orphan_lts], self.regroup_seat,
            self.regroup[:], {k: dict(v) for k, v in self.regroup_shapes.items()},
            self.regroup_before[:], dict(self.regroup_sup), self.regroup_new[:],
            dict(self.pay_due), self.pay_got[:], self.trade[:],
            self.window[:], self.window_left, self.log.clone(), self.shown_money[:],
        )


# the rule modules import this one: imported last, once, not on every call (issue 17)
from games.crime_lords import flow as _flow
from games.crime_lords import legal as _legal

__all__ = ["A", "Attack", "CrimeLordsState"]
