"""A position of Crimopolis.

The order of play (setup, the turn with its destinies and actions, the questions that
interrupt it) is declared in :mod:`tabletop_games.crimopolis.flow` and run by the kernel's flow: the
state gets ``to_act``, the legal actions, ``apply`` and ``why_illegal`` from it
(:class:`~tabletop.flow.Flowing`). The rules live in :mod:`.setup`, :mod:`.moves`,
:mod:`.effects`, :mod:`.turns` and :mod:`.scoring`; the views in :mod:`.views`, the words
in :mod:`.words`, the evaluation in :mod:`.evaluation`.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.components.deck import Deck
from tabletop.components.log import EventLog
from tabletop.engine import Result, State
from tabletop.flow import Flowing
from tabletop.rng import Rng

from . import (
    evaluation,
    flow,
    invariants,
    picture,
    scoring,
    space,
    table_talk,
    targets,
    turns,
    views,
    words,
)
from .cards import JobDef
from .city import STREET, City
from .moves import block_signature, job_cost, splits
from .options import CrimopolisOptions
from .rules import (
    HOURS_PER_TURN,
    JOBS,
    OVER,
    REDRAW_CAP,
    SETUP,
    TOMBSTONES,
    TURN_STEP_CAP,
    Prompt,
)


@attrs.define(slots=True)
class CrimopolisState(Flowing, State):
    """A position of Crimopolis.

    ``phase`` is the flow's current step (``setup``, ``play`` or ``over`` at rest) and
    ``prompts`` its stack of questions; ``setup_seat`` and ``setup_step`` say which setup
    placement is asked; ``active``, ``hours``, ``turn_steps`` (decisions so far),
    ``redraws``, ``touched``, ``due`` and the armed fortunes belong to the turn under way;
    ``steps`` counts every decision of the game.
    """

    FLOW = flow.FLOW

    players: int
    rng: Rng
    options: CrimopolisOptions
    city: City
    tile_stack: list[str]
    revealed: list[str]
    decks: list[Deck[str]]  # jobs, newsflashes, fortunes
    pub_bottom: list[int]  # per deck: how many bottom cards everyone saw being discarded
    hands: list[list[str]]  # job cards per seat
    fortune_hands: list[list[str]]
    destinies: list[list[str]]  # destiny cards lying in front of each seat
    supply: list[int]
    prestige: list[int]
    bodies: list[int]
    tombstones: int = TOMBSTONES
    phase: str = SETUP  # setup, play, over
    setup_seat: int = 0
    setup_step: int = 0  # 0 place HQ, 1 and 2 place a revealed tile
    active: int = 0
    hours: int = HOURS_PER_TURN
    turn_steps: int = 0
    redraws: int = 0
    touched: list[str] = attrs.Factory(list)  # blocks held at / entered during this turn
    due: list[str] = attrs.Factory(list)  # destinies to execute before acting this turn
    boost_hours: int = 0
    boost_crew: int = 0
    boost_prestige: int = 0
    shield: bool = False
    prompts: list[Prompt] = attrs.Factory(list)
    job_top_known: int = -1  # seat who put the top job card back (it knows that card)
    turns_played: int = 0
    final_left: int = -1  # turns still to play once someone reached the target
    end_reason: str = ""
    steps: int = 0
    log: EventLog = attrs.Factory(EventLog)  # what happened, for narration

    # -- engine contract ----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def round(self) -> int:
        return self.turns_played // self.players + 1

    # cp-winner
    def result(self) -> Result:
        totals = scoring.final_scores(self)
        return Result.by_scores(totals, self.end_reason, tiebreak=self.bodies)

    def evaluate(self, seat: int) -> float:
        return evaluation.evaluate(self, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def describe(self, action: Any) -> str:
        return words.describe(self, action)

    def describe_public(self, action: Any) -> str:
        return words.describe_public(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        return table_talk.talk(self, action, viewer)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def amount(self, action: Any) -> Any | None:
        """A move's gangster count is typed (1 to 3): :func:`.words.amount`."""
        return words.amount(self, action)

    def determinize(self, seat: int | None, rng: Rng) -> CrimopolisState:
        return views.determinize(self, seat, rng)

    def position(self, seat: int | None, rng: Rng) -> CrimopolisState:
        """:meth:`determinize` for the heuristic bot, without the shuffles it never reads."""
        return views.position(self, seat, rng)

    def perturb(self, seat: int | None, rng: Rng) -> CrimopolisState | None:
        """A copy with one card ``seat`` cannot see swapped (a rival's job or fortune with one
        of the unseen pile): conformance's check of hidden information that does not trust
        :meth:`determinize`."""
        return views.perturb(self, seat, rng)

    def invariants(self) -> list[str]:
        return invariants.invariants(self)

    def event_log(self) -> EventLog:
        return self.log

    def counters(self, seat: int) -> dict[str, int]:
        """What everyone sees of a seat: prestige, body count, gangsters on the board and in
        the supply, how many jobs and fortunes it holds, destinies in front of it."""
        return {
            "prestige": self.prestige[seat], "bodies": self.bodies[seat],
            "gangsters": self.city.board.pieces_of(seat), "supply": self.supply[seat],
            "jobs": len(self.hands[seat]), "fortunes": len(self.fortune_hands[seat]),
            "destinies": len(self.destinies[seat]),
        }

    def action_index(self, action: Any) -> int:
        """The action's number (:mod:`.space`: places are read around the deciding gang)."""
        return space.index(self, action)

    def action_from_index(self, index: int) -> Any:
        return space.from_index(self, index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        """``observation(seat)`` as numbers; the layout is in :mod:`.space`'s docstring."""
        return space.tensor(self, seat)

    def action_group(self, action: Any) -> str:
        return words.action_group(self, action)

    def graphs(self) -> dict[str, Any]:
        """The city's blocks and street sections, the graph movement and entry follow."""
        return {"city": self.city.board}

    def picture(self, seat: int | None) -> str:
        return picture.picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        """The picture's elements ``action`` acts on: :func:`.targets.targets`."""
        return targets.targets(self, action)

    # -- small helpers --------------------------------------------------------------------
    def draw(self, which: int) -> str | None:
        """The top card of a deck (None when it is empty)."""
        deck = self.decks[which]
        if not deck.draw_pile:
            return None
        card = deck.draw_pile.pop()
        self.pub_bottom[which] = min(self.pub_bottom[which], len(deck.draw_pile))
        if which == JOBS:
            self.job_top_known = -1
        return card

    # cp-discard-under
    def discard(self, which: int, card: str) -> None:
        """Discarded cards go face up under their deck (SETUP step 2)."""
        self.decks[which].draw_pile.insert(0, card)
        self.pub_bottom[which] += 1

    def reveal_tile(self) -> None:
        """Turn the top tile of the stack face up (if any is left)."""
        if self.tile_stack:
            self.revealed.append(self.tile_stack.pop())

    # cp-tombstones
    def add_bodies(self, seat: int, n: int) -> int:
        """Add tombstones to a seat's graveyard; once the church is empty counts are locked.
        Returns how many were added."""
        n = min(n, self.tombstones)
        self.bodies[seat] += n
        self.tombstones -= n
        return n

    # cp-never-down
    def gain_prestige(self, seat: int, n: int) -> None:
        """Prestige only ever goes up."""
        if n > 0:
            self.prestige[seat] += n

    # cp-full-hq
    def send_home(self, seat: int, n: int) -> None:
        """Put ``n`` gangsters of ``seat`` from the supply-bound limbo into its HQ, as many as
        fit; the rest go back to the supply (OCCUPATION LIMITS)."""
        hq = self.city.hq[seat]
        fit = min(n, self.city.board.room(hq)) if hq else 0
        if fit:
            self.city.board.add(hq, seat, fit)
        self.supply[seat] += n - fit

    def job_matches(self, job: JobDef, block: str) -> bool:
        """Whether a block shows the job's location name and colour."""
        return (job.location, job.colour) in block_signature(self.city.block_tiles[block])

    def job_cost(self, job: JobDef) -> tuple[int, int]:
        """(hours, gangsters) a job takes now, with armed fortunes applied."""
        return job_cost(job, self.boost_hours, self.boost_crew)

    def turn_before(self) -> int:
        """The seat whose turn came before the active one (the time keeper)."""
        return (self.active - 1) % self.players

    # -- for tests that build a position by hand -------------------------------------------
    def _start_turn(self, seat: int, clock: int, carried: int = 0) -> None:
        """Begin ``seat``'s turn (:func:`.turns.start_turn`)."""
        turns.start_turn(self, seat, clock, carried)

    def _advance_setup(self) -> None:
        """Move setup on past the placements that cannot be done (the flow's step begins
        again: :func:`.flow.next_in_setup`)."""
        self.FLOW.begin(self)


__all__ = ["HOURS_PER_TURN", "JOBS", "REDRAW_CAP", "STREET", "TOMBSTONES", "TURN_STEP_CAP",
           "CrimopolisState", "Prompt", "splits"]
