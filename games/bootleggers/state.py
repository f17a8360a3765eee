"""A position of Bootleggers.

The order of play (the steps of a round, the out-of-turn questions) is declared in
:mod:`tabletop_games.bootleggers.flow` and run by the kernel's flow: the state gets ``to_act``, the
legal actions, ``apply`` and ``why_illegal`` from it (:class:`~tabletop.flow.Flowing`).
``step`` names the current step, ``queue`` the seats still to take their turn in it (the
first has it now), ``decisions`` the stack of questions asked. The rules live in the rule
modules named in the package's docstring; the views in :mod:`tabletop_games.bootleggers.views`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop.amounts import Amount
from tabletop.components import Decisions, Deck, SealedChoice, Supply
from tabletop.components.log import EventLog
from tabletop.engine import Result, State
from tabletop.flow import Flowing
from tabletop.rng import Rng

from . import evaluation, flow, invariants, space, targets, thugs, views, words
from .actions import END_TURN, REACT, PlayThug
from .board import Truck
from .cards import SPEAKEASIES, key_of
from .options import BootleggersOptions

#: Speakeasies in play by player count (a prefix of the board, smallest first)
SPEAKEASY_COUNT = tuple(sum(1 for d in SPEAKEASIES if d.min_players <= n) for n in range(7))


@attrs.define(slots=True)
class BootleggersState(Flowing, State):
    """One position of Bootleggers. Lists indexed by seat unless said otherwise."""

    FLOW = flow.FLOW

    players: int
    rng: Rng
    options: BootleggersOptions = attrs.Factory(BootleggersOptions)
    round_no: int = 1
    step: str = "muscle"
    queue: list[int] = attrs.Factory(list)
    acted: bool = False  # the seat now in its offers turn has taken its offer
    decisions: Decisions = attrs.Factory(Decisions)
    money: Supply = attrs.Factory(lambda: Supply("dough"))
    # Muscle
    muscle_hands: list[list[int]] = attrs.Factory(list)
    muscle_played: list[list[int]] = attrs.Factory(list)
    sealed: SealedChoice = attrs.Factory(lambda: SealedChoice([]))
    shown: list[int] = attrs.Factory(list)
    bonus: list[int] = attrs.Factory(list)
    order: list[int] = attrs.Factory(list)
    paid: list[bool] = attrs.Factory(list)
    # Cards
    deck: Deck[str] = attrs.Factory(Deck)
    truck_deck: Deck[str] = attrs.Factory(Deck)
    truck_offer: str = ""
    offers: list[str] = attrs.Factory(list)
    hands: list[list[str]] = attrs.Factory(list)
    union: list[str] = attrs.Factory(list)
    pending_card: str = ""
    pending_play: PlayThug | None = None
    pending_seat: int = -1
    # Influence and improvements: influence[speakeasy][seat]
    influence: list[list[int]] = attrs.Factory(list)
    improvements: list[int] = attrs.Factory(list)
    back_influence: list[int] = attrs.Factory(list)
    locked: list[int] = attrs.Factory(list)
    back_dice: list[int] = attrs.Factory(list)
    back_impr: list[int] = attrs.Factory(list)
    # Stills, crates, trucks
    family: list[int] = attrs.Factory(list)
    remote_owner: list[int] = attrs.Factory(list)
    remote_dice: list[int] = attrs.Factory(list)
    crates: list[int] = attrs.Factory(list)
    warehouse: list[int] = attrs.Factory(list)
    warehouse_on: list[bool] = attrs.Factory(list)
    trucks: list[Truck] = attrs.Factory(list)
    next_truck: int = 0
    next_seq: int = 0
    copper: int = -1
    last_rolls: list[list[int]] = attrs.Factory(list)
    # Deals
    proposals_left: list[int] = attrs.Factory(list)
    #: offers turned down this round, as "seller:partner:what:n:price" (bots do not repeat them)
    refused: list[str] = attrs.Factory(list)
    # This round's Speakeasy effects, by speakeasy
    busted: list[bool] = attrs.Factory(list)
    coppered: list[bool] = attrs.Factory(list)
    profit_bonus: list[int] = attrs.Factory(list)
    extra_dice: list[int] = attrs.Factory(list)
    payoff: list[int] = attrs.Factory(list)
    packing: list[int] = attrs.Factory(list)
    idle_stills: list[int] = attrs.Factory(list)  # seat (Family) or 100 + r (Remote)
    # Selling
    sell_queue: list[int] = attrs.Factory(list)
    selling_at: int = -1
    demand: int = 0
    sold: int = 0
    public_line: list[int] = attrs.Factory(list)
    demand_roll: list[int] = attrs.Factory(list)
    takings: list[int] = attrs.Factory(list)  # this round's sales and profit, by seat
    # Announcements (Phase 6) and the end
    announced: list[int] = attrs.Factory(list)
    announced_round: int = 0
    finished: bool = False
    end_reason: str = ""
    decisions_taken: int = 0
    #: what happened, in words: every public consequence, and private ones to their seat
    log: EventLog = attrs.Factory(EventLog)

    # -- the contract (to_act, the legal actions, apply, why_illegal: the flow's) ------------
    @property
    def is_over(self) -> bool:
        return self.finished

    @property
    def round(self) -> int:
        return self.round_no

    # bl-shared-win
    def result(self) -> Result:
        scores = [self.money[f"seat:{s}"] for s in range(self.players)]
        return Result.by_scores(scores, self.end_reason or "the game is over")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> BootleggersState:
        return views.determinize(self, seat, rng)

    def describe(self, action: Any) -> str:
        return words.describe(self, action)

    def describe_public(self, action: Any) -> str:
        return words.describe_public(self, action)

    def amount(self, action: Any) -> Amount | None:
        """Crates and prices in deals, crates loaded, men bought: typed numbers (words.py)."""
        return words.amount(self, action)

    def action_group(self, action: Any) -> str:
        return words.action_group(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        from . import table_talk
        return table_talk.talk(self, action, viewer)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def picture(self, seat: int | None) -> str | None:
        from .picture import picture
        return picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        """The picture's elements ``action`` acts on, to play it from the board (targets.py)."""
        return targets.targets(self, action)

    def evaluate(self, seat: int) -> float:
        """The seat's chances from its worth against the best rival's (evaluation.py)."""
        return evaluation.evaluate(self, seat)

    def action_index(self, action: Any) -> int:
        return space.action_index(self, action)

    def action_from_index(self, index: int) -> Any:
        return space.action_from_index(self, index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        """``observation(seat)`` as numbers (space.py documents the blocks)."""
        return space.tensor(self.observation(seat), self.players)

    def perturb(self, seat: int | None, rng: Rng) -> BootleggersState | None:
        """A copy with two cards of the Men of Action draw pile swapped: nobody sees the
        pile's order, so no view may change (None while the pile holds no two kinds)."""
        pile = self.deck.draw_pile
        kinds = {key_of(c) for c in pile}
        if len(kinds) < 2:
            return None
        c = self.clone()
        pile = c.deck.draw_pile
        i = rng.below(len(pile))
        others = [j for j, card in enumerate(pile) if key_of(card) != key_of(pile[i])]
        j = others[rng.below(len(others))]
        pile[i], pile[j] = pile[j], pile[i]
        return c

    def invariants(self) -> list[str]:
        return invariants.invariants(self)

    def event_log(self) -> EventLog:
        return self.log

    def counters(self, seat: int) -> Mapping[str, int]:
        """What everyone sees of ``seat``'s numbers. Money counts too: its total is hidden
        but every payment is made in the open (RULES.md, "Hidden information"), so each
        change of it is narrated."""
        return {
            "money": self.cash(seat), "thug cards": len(self.hands[seat]),
            "muscle cards": len(self.muscle_hands[seat]),
            "men in the back room": self.back_influence[seat],
            "men on speakeasies": sum(row[seat] for row in self.influence),
            "crates in the back room": self.crates[seat],
            "crates on trucks": sum(t.cargo for t in self.trucks if t.operator == seat),
            "dice in the back room": self.back_dice[seat],
            "improvements in the back room": self.back_impr[seat],
            "still dice": self.family[seat] + sum(
                d for r, d in enumerate(self.remote_dice) if self.remote_owner[r] == seat),
            "trucks": sum(1 for t in self.trucks if t.operator == seat),
        }

    def stay_out(self) -> Any | None:
        """A rival's Thug card asks whether to cancel it: a seat without G-Men:
        Investigation takes no part and lets it stand; so does a seat with nothing to play
        in a Thug window."""
        top = self.decisions.top
        if top is not None:
            if top.kind == "react" and not thugs.can_cancel(self, top.seat):
                return REACT[0]
            return None
        if self.step in flow.PURE_WINDOWS and list(self.legal_actions()) == [END_TURN]:
            return END_TURN
        return None

    # -- small queries used everywhere ------------------------------------------------------
    def cash(self, seat: int) -> int:
        """Dough held by ``seat`` (in $G)."""
        return self.money.holdings.get(f"seat:{seat}", 0)

    def muscle(self, seat: int) -> int:
        """The seat's shown Muscle this round, Big City Boys included (0 before the reveal)."""
        return self.shown[seat] + self.bonus[seat]

    # bl-big-city-boys-tie
    def muscle_rank(self, seat: int) -> tuple[int, int]:
        """What Muscle comparisons sort by: the Muscle, then the printed card. Printed cards
        are all different, so only Big City Boys can make two Muscles equal; the higher
        printed card then counts as more Muscle (RULES.md, Big City Boys)."""
        return (self.shown[seat] + self.bonus[seat], self.shown[seat])

    @property
    def speakeasy_count(self) -> int:
        """Speakeasies in play (Volstead Imports only with six Mobsters); the board lists
        them smallest first, so those in play are a prefix."""
        return SPEAKEASY_COUNT[self.players]

    # bl-short-game
    @property
    def last_round(self) -> int:
        """12, or 8 in the shorter game."""
        return 8 if self.options.short_game else 12
