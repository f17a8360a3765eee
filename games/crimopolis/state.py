"""The flow of play: setup, the 7-hour turn with its actions, prompts and the end.

Card effects live in :mod:`games.crimopolis.effects`, end scoring in
:mod:`games.crimopolis.scoring`, views (observation, render, describe) in
:mod:`games.crimopolis.view`.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from games.crimopolis import effects, moves, scoring, setup, space, targets, view
from games.crimopolis.actions import (
    ACCEPT,
    END_TURN,
    INVEST,
    LEAVE_EMPTY,
    RECRUIT_HQ,
    RECRUIT_SAFE,
    REDRAW,
    AbortJob,
    Accept,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    Invest,
    KeepJob,
    LeaveEmpty,
    Move,
    Occupy,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
    Takes,
)
from games.crimopolis.cards import JobDef, fortunes, jobs, tiles
from games.crimopolis.city import STREET, City, is_home_tile
from games.crimopolis.options import CrimopolisOptions
from games.crimopolis.setup import HOURS_PER_TURN
from games.crimopolis.words import (
    card_title,
    destiny_effect,
    distinct,
    hand_words,
    hours,
    tile_face,
    who,
)
from tabletop.components.deck import Deck
from tabletop.components.log import EventLog
from tabletop.engine import Result, State
from tabletop.rng import Rng

TOMBSTONES = 40
TURN_STEP_CAP = 60  # [decided] decisions per turn before only "end turn" is left
REDRAW_CAP = 3  # [decided] identical-job redraws per turn
JOBS, NEWS, FORTUNES = 0, 1, 2


#: what the legal moves need of one link: the place linked to, whether it is a street
#: section, and for k = 0..3 the moves of 1 to k gangsters onto it (ready-made tuples, so
#: listing the moves allocates nothing)
Route = tuple[str, bool, tuple[tuple[Move, ...], ...]]
_LINKS: dict[tuple[str, str], Route] = {}


def _link(src: str, dst: str) -> Route:
    """The route from ``src`` to ``dst``, made once (node ids are the same in every game, so
    the table stays small)."""
    moves = (Move(src, dst, 1), Move(src, dst, 2), Move(src, dst, 3))
    route = _LINKS[src, dst] = (dst, dst[0] == "s", ((), moves[:1], moves[:2], moves))
    return route


#: the links of a place: all of them in the city graph's order, and those to city blocks
Links = tuple[tuple[Route, ...], tuple[Route, ...]]


def routes(city: City, node: str) -> Links:
    """The links of ``node`` in the city graph (its neighbours, in order), each with what the
    legal moves need, and the same links to city blocks alone (what entries look for: a
    street section has one); kept by the city until a tile is placed next to it."""
    found: Links | None = city.routes.get(node)
    if found is None:
        get = _LINKS.get
        every = tuple([get((node, dst)) or _link(node, dst) for dst in city.board.neighbours(node)])
        found = city.routes[node] = (every, tuple([r for r in every if not r[1]]))
    return found


@functools.lru_cache(maxsize=1 << 14)
def _entries(kind: type, block: str, groups: tuple[tuple[str, int], ...], lo: int, hi: int,
             job: str = "") -> tuple[Any, ...]:
    """The Occupy, TakeOver or DoJob actions into ``block`` taking ``lo`` to ``hi`` gangsters
    from the ``(street, available)`` groups: the same situations recur all game, so they are
    made once."""
    if kind is DoJob:
        return tuple(DoJob(job, block, takes) for takes in splits(list(groups), lo, hi))
    return tuple(kind(block, takes) for takes in splits(list(groups), lo, hi))


def splits(groups: list[tuple[str, int]], lo: int, hi: int) -> list[Takes]:
    """Every way to take between ``lo`` and ``hi`` gangsters from ``(street, available)``
    groups, each listed as ``((street, n), ...)`` with n > 0."""
    out: list[Takes] = []

    def walk(i: int, acc: tuple[tuple[str, int], ...], total: int) -> None:
        if i == len(groups):
            if lo <= total <= hi:
                out.append(acc)
            return
        street, have = groups[i]
        walk(i + 1, acc, total)
        for k in range(1, min(have, hi - total) + 1):
            walk(i + 1, (*acc, (street, k)), total + k)

    walk(0, (), 0)
    return out


@attrs.frozen
class Prompt:
    """A decision owed before play goes on: ``explore`` (place a tile on ``cell``),
    ``keep`` (keep one of ``options`` after aborting), ``target`` (place the destiny
    newsflash ``card``), ``defend`` (answer destiny ``card`` played by ``by``)."""

    kind: str
    seat: int
    card: str = ""
    options: tuple[str, ...] = ()
    cell: tuple[int, int] = (0, 0)
    by: int = -1


@attrs.define(slots=True)
class CrimopolisState(State):
    """A position of Crimopolis."""

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
    phase: str = "setup"  # setup, play, over
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
    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        if self.prompts:
            return self.prompts[-1].seat
        if self.phase == "setup":
            return self.setup_seat
        return self.active

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        return self.turns_played // self.players + 1

    def clone(self) -> CrimopolisState:
        return CrimopolisState(
            self.players, self.rng.clone(), self.options, self.city.clone(),
            self.tile_stack[:], self.revealed[:], [d.clone() for d in self.decks],
            self.pub_bottom[:], [h[:] for h in self.hands],
            [h[:] for h in self.fortune_hands], [h[:] for h in self.destinies],
            self.supply[:], self.prestige[:], self.bodies[:], self.tombstones, self.phase,
            self.setup_seat, self.setup_step, self.active, self.hours, self.turn_steps,
            self.redraws, self.touched[:], self.due[:], self.boost_hours, self.boost_crew,
            self.boost_prestige, self.shield, self.prompts[:], self.job_top_known,
            self.turns_played, self.final_left, self.end_reason, self.steps,
            self.log.clone(),
        )

    def result(self) -> Result:
        totals = scoring.final_scores(self)
        return Result.by_scores(totals, self.end_reason, tiebreak=self.bodies)

    def evaluate(self, seat: int) -> float:
        return scoring.evaluate(self, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observation(self, seat)

    def describe(self, action: Any) -> str:
        return view.describe(self, action)

    def describe_public(self, action: Any) -> str:
        return view.describe_public(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        from games.crimopolis import table_talk
        return table_talk.talk(self, action, viewer)

    def render(self, seat: int | None) -> str:
        return view.render(self, seat)

    def amount(self, action: Any) -> Any | None:
        """A move's gangster count is typed (1 to 3): :func:`.view.amount`."""
        return view.amount(self, action)

    def determinize(self, seat: int | None, rng: Rng) -> CrimopolisState:
        return view.determinize(self, seat, rng)

    def position(self, seat: int | None, rng: Rng) -> CrimopolisState:
        """:meth:`determinize` for the heuristic bot, without the shuffles it never reads."""
        return view.position(self, seat, rng)

    def perturb(self, seat: int | None, rng: Rng) -> CrimopolisState | None:
        """A copy with one card ``seat`` cannot see swapped (a rival's job or fortune with one
        of the unseen pile): conformance's check of hidden information that does not trust
        :meth:`determinize`."""
        return view.perturb(self, seat, rng)

    def invariants(self) -> list[str]:
        from games.crimopolis.invariants import invariants

        return invariants(self)

    def why_illegal(self, action: Any) -> str:
        return view.why_illegal(self, action)

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
        return view.action_group(self, action)

    def graphs(self) -> dict[str, Any]:
        """The city's blocks and street sections, the graph movement and entry follow."""
        return {"city": self.city.board}

    def picture(self, seat: int | None) -> str:
        from games.crimopolis.picture import picture

        return picture(self, seat)

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

    def discard(self, which: int, card: str) -> None:
        """Discarded cards go face up under their deck (SETUP step 2)."""
        self.decks[which].draw_pile.insert(0, card)
        self.pub_bottom[which] += 1

    def reveal_tile(self) -> None:
        """Turn the top tile of the stack face up (if any is left)."""
        if self.tile_stack:
            self.revealed.append(self.tile_stack.pop())

    def add_bodies(self, seat: int, n: int) -> int:
        """Add tombstones to a seat's graveyard; once the church is empty counts are locked.
        Returns how many were added."""
        n = min(n, self.tombstones)
        self.bodies[seat] += n
        self.tombstones -= n
        return n

    def gain_prestige(self, seat: int, n: int) -> None:
        """Prestige only ever goes up."""
        if n > 0:
            self.prestige[seat] += n

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
        return (job.location, job.colour) in _signature(self.city.block_tiles[block])

    def job_cost(self, job: JobDef) -> tuple[int, int]:
        """(hours, gangsters) a job takes now, with armed fortunes applied."""
        return _cost(job, self.boost_hours, self.boost_crew)

    # -- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[Any]:
        if self.prompts:
            return self._prompt_actions(self.prompts[-1])
        if self.phase == "setup":
            return setup.setup_actions(self)
        me = self.active
        if self.due:  # two identical destinies are one choice
            return [ExecuteDestiny(c) for c in distinct(list(dict.fromkeys(self.due)))]
        acts: list[Any] = [END_TURN]
        if self.turn_steps >= TURN_STEP_CAP:
            return acts
        acts.extend(effects.fortune_plays(self))
        hand = self.hands[me]
        if (
            len(hand) == 2 and self.redraws < REDRAW_CAP
            and len(self.decks[JOBS].draw_pile) >= 2 and _same_target(hand[0], hand[1])
        ):
            acts.append(REDRAW)
        hours = self.hours
        city = self.city
        board = city.board
        if hours >= 2 and self.supply[me]:
            if board.room(city.hq[me]):
                acts.append(RECRUIT_HQ)
            if city.safe[me] and board.room(city.safe[me]):
                acts.append(RECRUIT_SAFE)
        if hours >= 2 and self.decks[FORTUNES].draw_pile:
            acts.append(INVEST)
        if hours >= 3 and self.decks[JOBS].draw_pile:
            acts.extend(map(_abort, hand))
        held = board.held_by(me)
        self._move_actions(me, hours, held, acts)
        self._entry_actions(me, hours, held, acts)
        return acts

    def _move_actions(self, me: int, hours: int, held: list[tuple[str, int]] | None = None,
                      out: list[Any] | None = None) -> list[Any]:
        """MOVE GANGSTERS: 1-3 of mine from a place to a linked one with room, through the
        city graph's neighbours; onto a block only into my own home or a block I hold.
        The moves are added to ``out`` (a new list if None), which is returned."""
        city = self.city
        home = city.home_owner.get
        get = city.board.pieces.get
        if out is None:
            out = []
        extend = out.extend
        known = city.routes.get  # the links already worked out (routes() on a miss)
        for node, have in held if held is not None else city.board.held_by(me):
            from_street = node[0] == "s"
            top = min(have, 3)
            for dst, to_street, upto in (known(node) or routes(city, node))[0]:
                row = get(dst)
                if row is None:  # nobody there: room for 3
                    if to_street:
                        if hours:  # 1 hour onto a street where none of mine stand
                            extend(upto[top])
                    elif from_street and home(dst) == me:  # into my own empty home
                        extend(upto[top])
                    continue
                room = 3 - sum(row)
                if room <= 0:
                    continue
                if to_street:
                    if not hours and not row[me]:
                        continue
                elif not from_street:
                    continue
                else:
                    owner = home(dst)
                    if owner is None and not row[me] or owner is not None and owner != me:
                        continue  # entering an empty or rival block is an occupation
                extend(upto[min(room, top)])
        return out

    def _entry_actions(self, me: int, hours: int, held: list[tuple[str, int]] | None = None,
                       out: list[Any] | None = None) -> list[Any]:
        """Occupations, take-overs and jobs into blocks next to my street sections, added to
        ``out`` (a new list if None), which is returned."""
        city = self.city
        home = city.home_owner
        pieces = city.board.pieces
        if out is None:
            out = []
        seen: set[str] = set()
        # The jobs I can afford now, each once: (id, the (location, colour) it needs, crew).
        hand = [j for j in _job_needs(tuple(self.hands[me]), self.boost_hours, self.boost_crew)
                if j[3] <= hours]
        if hours < 3 and not hand:
            return out  # no time to occupy or take over, and no job I can afford
        touched = self.touched
        known = city.routes.get  # the links already worked out (routes() on a miss)
        if held is None:
            held = city.board.held_by(me)
        mine = dict(held)  # my gangsters per place
        for node, _ in held:
            if node[0] != "s":
                continue
            for block, _, _steps in (known(node) or routes(city, node))[1]:
                if block in seen or block in home:
                    continue
                seen.add(block)
                row = pieces.get(block)
                if row:
                    if row[me]:
                        continue
                    defenders = sum(row)
                else:
                    defenders = 0
                jobs_here: list[tuple[str, tuple[str, str], int, int]] | None
                if hand and block not in touched:
                    shown = _signature(city.block_tiles[block])
                    jobs_here = [j for j in hand if j[1] in shown]
                else:
                    jobs_here = None
                if hours < 3 and not jobs_here:
                    continue
                # my gangsters on the block's street sections, in link order
                crews = tuple([(street, mine[street]) for street, street_link, _
                               in (known(block) or routes(city, block))[0]
                               if street_link and street in mine])
                if hours >= 3:
                    kind = TakeOver if defenders else Occupy
                    out.extend(_entries(kind, block, crews, defenders + 1, defenders + 3))
                if jobs_here:
                    for job_id, _target, need, _cost in jobs_here:
                        out.extend(_entries(DoJob, block, crews, defenders + need,
                                            defenders + max(3, need), job_id))
        return out

    def _prompt_actions(self, p: Prompt) -> list[Any]:
        if p.kind == "explore":
            return self._explore_options(p.seat, p.cell)
        if p.kind == "keep":
            return [KeepJob(j) for j in dict.fromkeys(p.options)]
        if p.kind == "target":
            return [ChooseTarget(s) for s in range(self.players)]
        # defend
        return [ACCEPT, *(
            Defend(c) for c in distinct(list(dict.fromkeys(self.fortune_hands[p.seat])))
            if fortunes()[c].effect == "defence"
        )]

    def _explore_options(self, seat: int, cell: tuple[int, int]) -> list[Any]:
        """The tiles that may go on an explored cell. When only SAFE HOUSES fit, placing one
        is a "can" (EXPLORE THE CITY, RUNNING OUT OF TILES): leaving the cell empty is
        offered too."""
        out: list[Any] = self._explore_tiles(seat, cell)
        if out and all(a.tile.startswith("SH") for a in out):
            out.append(LEAVE_EMPTY)
        return out

    def _explore_tiles(self, seat: int, cell: tuple[int, int]) -> list[PlaceTile]:
        city = self.city
        x, y = cell
        out = []
        candidates = distinct(list(dict.fromkeys(self.revealed)), tile_face)
        if not city.safe[seat] and self.setup_done_for(seat):
            candidates.append(f"SH{seat}")
        if not self.revealed:
            # RUNNING OUT OF TILES: anyone's unplaced SAFE HOUSE may be placed.
            candidates.extend(
                f"SH{s}" for s in range(self.players) if not city.safe[s] and s != seat
            )
        for tile in candidates:
            for r in city.rotations(tile, x, y):
                out.append(PlaceTile(tile, x, y, r))
        return out

    def setup_done_for(self, seat: int) -> bool:
        """Whether ``seat`` has an HQ (a SAFE HOUSE may only be placed in a turn)."""
        return bool(self.city.hq[seat])

    # -- applying -----------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        self.steps += 1
        if self.phase == "play":
            self.turn_steps += 1
        if self.prompts:
            self._apply_prompt(self.prompts.pop(), action)
            return
        if self.phase == "setup":
            setup.apply_setup(self, action)
            return
        me = self.active
        kind = type(action)
        if kind is Move:
            moves.move(self, me, action)
        elif kind is EndTurn:
            self._end_turn()
        elif kind is Occupy:
            self.hours -= 3
            moves.occupy(self, me, action.block, action.takes)
        elif kind is TakeOver:
            self.hours -= 3
            moves.take_over(self, me, action.block, action.takes)
        elif kind is DoJob:
            moves.do_job(self, me, action)
        elif kind is Recruit:
            self.hours -= 2
            self.supply[me] -= 1
            dest = self.city.hq[me] if action.to == "hq" else self.city.safe[me]
            self.city.board.add(dest, me)
        elif kind is Invest:
            self.hours -= 2
            effects.draw_fortunes(self, me, 1, "Investing")
        elif kind is AbortJob:
            moves.abort(self, me, action.job)
        elif kind is RedrawJobs:
            moves.redraw(self, me)
        elif kind is PlayFortune:
            effects.play_fortune(self, me, action)
        elif kind is ExecuteDestiny:
            self.due.remove(action.card)
            self.destinies[me].remove(action.card)
            effects.execute_destiny(self, me, action.card)
        else:  # pragma: no cover - legal_actions lists nothing else
            raise AssertionError(f"unexpected action {action!r}")

    def _apply_prompt(self, p: Prompt, action: Any) -> None:
        kind = type(action)
        if kind is PlaceTile:
            moves.place_explored(self, p.seat, action)
        elif kind is LeaveEmpty:
            moves.leave_empty(self, p.seat, p.cell)
        elif kind is KeepJob:  # ABORT A JOB: the other card goes back on top
            moves.keep(self, p.seat, p.options, action.job)
        elif kind is ChooseTarget:
            effects.place_destiny(self, p.card, action.seat, p.seat)
        elif kind is Defend:
            effects.defend_destiny(self, p.seat, p.card, action.card)
        elif kind is Accept:
            effects.accept_destiny(self, p.seat, p.card)

    def _advance_setup(self) -> None:
        setup.advance_setup(self)

    def _start_turn(self, seat: int, clock: int, carried: int = 0) -> None:
        self.active = seat
        self.hours = clock
        self.turn_steps = 0
        self.redraws = 0
        self.boost_hours = self.boost_crew = self.boost_prestige = 0
        self.shield = False
        # JOBS IN THE SAME CITY BLOCK: blocks held at the start of the turn are barred.
        self.touched = [n for n, _ in self.city.board.held_by(seat) if n[0] == "b"]
        # DESTINY CARDS: those lying in front of the player now are executed first; one
        # placed during this turn waits for the next.
        self.due = self.destinies[seat][:]
        extra = (f" ({clock - carried} + {carried} carried over from {who(self.turn_before())})"
                 if carried else "")
        self.log.add("turn", f"Round {self.round}: {who(seat)}'s turn, {hours(clock)} on the "
                     f"clock{extra}")
        if self.due:
            self.log.add("destiny", f"{who(seat)} must first execute its destinies: " + "; ".join(
                f"{card_title(c)} ({destiny_effect(c, now=True)})" for c in self.due))

    def turn_before(self) -> int:
        """The seat whose turn came before the active one (the time keeper)."""
        return (self.active - 1) % self.players

    def _end_turn(self) -> None:
        carry = self.hours  # FINISH YOUR TURN: unused time goes to the next player
        me = self.active
        nxt = (me + 1) % self.players
        self.turns_played += 1
        target = self.options.end_target
        if self.final_left >= 0:
            self.final_left -= 1
        elif max(self.prestige) >= target:
            self.final_left = self.players - 1
            leaders = [s for s in range(self.players) if self.prestige[s] >= target]
            self.log.add("last turns", ", ".join(
                f"{who(s)} has {self.prestige[s]} prestige" for s in leaders)
                + f" (the target is {target}): every other gang plays one last turn")
        if self.final_left == 0:
            self._game_over(f"a gang reached {target} prestige and everyone played a last turn")
            return
        limit = self.options.round_limit
        if self.final_left < 0 and self.turns_played >= limit * self.players:
            self._game_over(f"the city slept after {limit} rounds")
            return
        self._start_turn(nxt, HOURS_PER_TURN + carry, carry)

    def _game_over(self, reason: str) -> None:
        """GAME END: the end scoring, narrated seat by seat."""
        self.phase = "over"
        self.end_reason = reason
        self.log.add("game over", f"The game ends: {reason}. End scoring:")
        for seat in range(self.players):  # what was hidden decides nothing now: shown
            shown = hand_words(self.hands[seat], self.fortune_hands[seat])
            if shown:
                self.log.add("hands shown", f"{who(seat)} shows its hand: {shown}")
        for seat, parts in enumerate(scoring.breakdown(self)):
            self.log.add("final score", f"{who(seat)}: {scoring.breakdown_words(parts)} = "
                         f"{sum(parts.values())} prestige")


_SIGNATURES: dict[tuple[str, ...], frozenset[tuple[str, str]]] = {}


def _signature(block_tiles: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """The (location, colour) pairs a block shows (cached: tile definitions never change)."""
    sig = _SIGNATURES.get(block_tiles)
    if sig is None:
        defs = tiles()
        sig = _SIGNATURES[block_tiles] = frozenset(
            (defs[t].name, defs[t].colour) for t in block_tiles if not is_home_tile(t)
        )
    return sig


@functools.lru_cache(maxsize=1 << 12)
def _abort(job: str) -> AbortJob:
    """The AbortJob action for a job card, made once."""
    return AbortJob(job)


@functools.lru_cache(maxsize=1 << 14)
def _job_needs(hand: tuple[str, ...], boost_hours: int,
               boost_crew: int) -> tuple[tuple[str, tuple[str, str], int, int], ...]:
    """The jobs of a hand, each once: (id, the (location, colour) it needs, gangsters,
    hours), with armed fortunes applied as ``job_cost`` does."""
    out = []
    for j in dict.fromkeys(hand):
        job = jobs()[j]
        hours, gangsters = _cost(job, boost_hours, boost_crew)
        out.append((j, (job.location, job.colour), gangsters, hours))
    return tuple(out)


def _cost(job: JobDef, boost_hours: int, boost_crew: int) -> tuple[int, int]:
    """(hours, gangsters) a job takes with the armed fortunes' boosts (at least 1 each)."""
    return max(1, job.hours - boost_hours), max(1, job.gangsters - boost_crew)


@functools.lru_cache(maxsize=1 << 12)
def _same_target(a: str, b: str) -> bool:
    """Whether two job cards need the same location and colour (REDRAW JOBS), made once."""
    job_a, job_b = jobs()[a], jobs()[b]
    return job_a.location == job_b.location and job_a.colour == job_b.colour


__all__ = ["STREET", "CrimopolisState", "Prompt", "splits"]
