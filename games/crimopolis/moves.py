"""ACTIONS that move gangsters and do jobs: move (with its ambush and exploring), occupy, take
over, execute a job, abort or redraw jobs; each narrated as it resolves, with its numbers and
cause (cp-narration).

Functions over a :class:`~tabletop_games.crimopolis.state.CrimopolisState`; the flow
(:mod:`tabletop_games.crimopolis.flow`) calls them, and lists the moves and entries of a turn with
:func:`move_actions` and :func:`entry_actions` (the route tables they read are made once and
kept by the city). Card effects (newsflashes, fortunes, destinies) are in
:mod:`tabletop_games.crimopolis.effects`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import effects
from .actions import LEAVE_EMPTY, DoJob, Move, Occupy, PlaceTile, TakeOver, Takes
from .cards import JobDef, jobs, tiles
from .city import City, is_home_tile
from .rules import EXPLORE, JOBS, KEEP, Prompt
from .words import (
    block_words,
    distinct,
    job_words,
    plural,
    street_words,
    tile_face,
    tile_words,
    who,
)

if TYPE_CHECKING:
    from .state import CrimopolisState

# cp-move cp-free-moves cp-explore cp-explore-nothing-fits cp-explore-after-ambush
def move(state: CrimopolisState, me: int, m: Move) -> None:
    """MOVE GANGSTERS; onto rivals it is an AMBUSH, onto a street missing a tile it is
    EXPLORE THE CITY."""
    board = state.city.board
    dst = m.dst
    if dst[0] == "b":
        board.move(m.src, dst, me, m.n)
        if dst not in state.touched:
            state.touched.append(dst)
        return
    row = board.pieces.get(dst)  # the gangsters on the street before the move
    if not row or not row[me]:
        state.hours -= 1
    rivals = [o for o, n in enumerate(row) if n and o != me] if row else []
    board.remove(m.src, me, m.n)
    left = m.n
    if rivals:
        left -= ambush(state, me, rivals[0], dst, m.n)
    if not left:
        return
    board.add(dst, me, left)
    cell = state.city.open_streets.get(dst)
    if cell is None:
        return
    x, y = cell
    if explore_answers(state, me, cell):
        state.prompts.append(Prompt(EXPLORE, me, cell=cell))
        state.log.add("explore", f"{who(me)} steps onto {street_words(state.city, dst)}, "
                      f"which is missing a tile: {who(me)} explores the empty cell {x},{y}")
    else:
        state.log.add("explore", f"{who(me)} steps onto {street_words(state.city, dst)}, "
                      f"which is missing a tile, but no revealed tile fits on {x},{y}: "
                      "nothing is placed or revealed")


# cp-ambush cp-no-sharing
def ambush(state: CrimopolisState, me: int, rival: int, street: str, movers: int) -> int:
    """AMBUSH A GANGSTER: both sides lose gangsters one for one; only the ambusher counts
    bodies. Returns how many of each side were removed."""
    board = state.city.board
    there = board.count(street, rival)
    killed = min(movers, there)
    board.remove(street, rival, killed)
    state.supply[rival] += killed
    state.supply[me] += killed
    added = state.add_bodies(me, killed)
    left = movers - killed
    stands = (f"{plural(left, 'gangster')} of {who(me)} now {_stand(left)} there" if left
              else f"{plural(there - killed, 'gangster')} of {who(rival)} still "
              f"{_stand(there - killed)} there" if there > killed else "the street is empty again")
    state.log.add("ambush", f"Ambush on {street_words(state.city, street)}: {who(me)}'s "
                  f"{movers} against {who(rival)}'s {there}; {killed} of each "
                  f"{'goes' if killed == 1 else 'go'} back to their supplies; {stands}. {bodies_words(state, me, added)}")
    return killed


def _stand(n: int) -> str:
    return "stands" if n == 1 else "stand"


def bodies_words(state: CrimopolisState, seat: int, added: int) -> str:
    """``Body count of Player 1 (Yellow) +2, now 5.`` (or why it stays)."""
    if added:
        return f"Body count of {who(seat)} +{added}, now {state.bodies[seat]}."
    return "No tombstone is left in the church: body counts are locked."


# cp-explore-safe-house
def place_explored(state: CrimopolisState, seat: int, action: PlaceTile) -> None:
    """EXPLORE THE CITY: the chosen tile goes on the empty cell; a revealed tile is replaced
    from the stack (a SAFE HOUSE is not)."""
    tile = action.tile
    block = state.city.place(tile, action.x, action.y, action.rotation)
    if is_home_tile(tile):
        owner = int(tile[2:])
        state.log.add("safe house", f"{who(owner)}'s Safe House now stands at {action.x},"
                      f"{action.y}: {who(owner)} may recruit into it and move in for free")
        return
    state.revealed.remove(tile)
    large_block(state, block)
    reveal(state)


def leave_empty(state: CrimopolisState, seat: int, cell: tuple[int, int]) -> None:
    """EXPLORE THE CITY: only a SAFE HOUSE fits and the explorer places none."""
    state.log.add("explore", f"{who(seat)} places no Safe House: the cell {cell[0]},{cell[1]} "
                  "stays empty and nothing is revealed")


def large_block(state: CrimopolisState, block: str) -> None:
    """Narrate a tile that joined another into a large city block."""
    if state.city.is_large(block):
        state.log.add("large block", f"Block edge meets block edge: {block_words(state.city, block)} "
                      "is one large city block now, with 6 streets (3 influence at the end)")


def reveal(state: CrimopolisState) -> None:
    """Turn the top tile of the stack face up, saying which it is."""
    if not state.tile_stack:
        state.log.add("tile revealed", "The tile stack is empty: no tile is revealed")
        return
    state.reveal_tile()
    state.log.add("tile revealed", f"The stack reveals {tile_words(state.revealed[-1])}; "
                  f"{plural(len(state.tile_stack), 'tile')} left face down")


# cp-over-occupation
def enter(state: CrimopolisState, me: int, block: str, takes: Takes) -> int:
    """Move gangsters from street sections into a block; returns how many entered."""
    board = state.city.board
    n = 0
    for street, k in takes:
        board.remove(street, me, k)
        n += k
    board.add(block, me, n, force=True)
    if block not in state.touched:
        state.touched.append(block)
    return n


# cp-occupy
def occupy(state: CrimopolisState, me: int, block: str, takes: Takes) -> None:
    """OCCUPY A CITY BLOCK: gangsters enter an empty block."""
    n = enter(state, me, block, takes)
    worth = 3 if state.city.is_large(block) else 1
    state.log.add("occupy", f"{who(me)} holds {block_words(state.city, block)} with "
                  f"{plural(n, 'gangster')}: {worth} influence at the end while held")


# cp-take-over
def take_over(state: CrimopolisState, me: int, block: str, takes: Takes) -> None:
    """TAKE OVER A CITY BLOCK: d defenders and d attackers go back to their supplies; the
    attacker's body count rises by d and its prestige by 1."""
    board = state.city.board
    rival = board.occupants(block)[0]
    d = board.count(block, rival)
    board.remove(block, rival, d)
    state.supply[rival] += d
    n = enter(state, me, block, takes)
    board.remove(block, me, d)
    state.supply[me] += d
    added = state.add_bodies(me, d)
    state.gain_prestige(me, 1)
    state.log.add("take-over", f"{who(me)} takes over {block_words(state.city, block)} from "
                  f"{who(rival)}: {who(rival)}'s {d} defending and {d} of the {n} attackers go "
                  f"back to their supplies; {plural(n - d, 'gangster')} of {who(me)} hold it. "
                  f"{bodies_words(state, me, added)} Prestige of {who(me)} +1 for the "
                  f"take-over, now {state.prestige[me]}.")


# cp-job-steps
def do_job(state: CrimopolisState, me: int, act: DoJob) -> None:
    """EXECUTE A JOB: spend its hours, enter (occupying or taking over), draw and play the
    newsflash, score the prestige, then draw a new job."""
    job = jobs()[act.job]
    cost, _ = job_cost(job, state.boost_hours, state.boost_crew)
    state.hours -= cost
    armed = effects.armed_words(state)
    state.log.add("job", f"{who(me)} shows the job {job_words(act.job)}{armed}")
    if state.city.board.total(act.block):
        take_over(state, me, act.block, act.takes)
    else:
        occupy(state, me, act.block, act.takes)
    delta, cause = effects.newsflash(state, me, act.block)
    boost = state.boost_prestige
    earned = max(0, job.prestige + boost + delta)
    state.gain_prestige(me, earned)
    parts = [f"{job.prestige} for the job"]
    if boost:
        parts.append(f"{boost} more for the armed fortune")
    if delta:
        parts.append(f"{abs(delta)} {'more' if delta > 0 else 'less'} for {cause}")
    floor = " (never below 0)" if job.prestige + boost + delta < 0 else ""
    state.log.add("prestige", f"{who(me)} earns {earned} prestige for '{job.title}'"
                  f"{floor}: {', '.join(parts)}; prestige now {state.prestige[me]}")
    state.boost_hours = state.boost_crew = state.boost_prestige = 0
    state.hands[me].remove(job.id)
    state.discard(JOBS, job.id)
    draw_jobs(state, me, 1)


def draw_jobs(state: CrimopolisState, me: int, n: int) -> list[str]:
    """Draw ``n`` jobs into ``me``'s hand: the table hears how many, ``me`` which."""
    drawn = [c for c in (state.draw(JOBS) for _ in range(n)) if c is not None]
    state.hands[me].extend(drawn)
    if not drawn:
        state.log.add("job drawn", f"The job deck is empty: {who(me)} draws no job")
        return drawn
    state.log.add("job drawn", f"{who(me)} draws {plural(len(drawn), 'new job')} "
                  f"({len(state.hands[me])} in hand)")
    state.log.add("job drawn", "Your new job: " + " and ".join(job_words(c) for c in drawn),
                  to=me)
    return drawn


# cp-abort
def abort(state: CrimopolisState, me: int, job: str) -> None:
    """ABORT A JOB: discard it, draw two, keep one, put the other back on top."""
    state.hours -= 3
    state.hands[me].remove(job)
    drawn = [c for c in (state.draw(JOBS), state.draw(JOBS)) if c is not None]
    state.discard(JOBS, job)
    if len(drawn) == 2:
        state.prompts.append(Prompt(KEEP, me, options=tuple(drawn)))
        state.log.add("abort", f"{who(me)} puts the job '{jobs()[job].title}' face up under "
                      "the deck and draws 2 jobs: it keeps one and puts the other back on top")
        state.log.add("abort", "You draw " + " and ".join(job_words(c) for c in drawn)
                      + ": keep one; the other goes back on top of the job deck", to=me)
        return
    state.hands[me].extend(drawn)
    state.log.add("abort", f"{who(me)} puts the job '{jobs()[job].title}' face up under the "
                  f"deck; only {plural(len(drawn), 'job')} left to draw, kept")
    if drawn:
        state.log.add("abort", f"You draw {job_words(drawn[0])}", to=me)


def keep(state: CrimopolisState, seat: int, options: tuple[str, ...], chosen: str) -> None:
    """After aborting: keep ``chosen``; the other card goes back on top of the job deck."""
    other = list(options)
    other.remove(chosen)
    state.hands[seat].append(chosen)
    for card in other:
        state.decks[JOBS].draw_pile.append(card)
        state.job_top_known = seat
    state.log.add("keep", f"You keep '{jobs()[chosen].title}'; '"
                  + "', '".join(jobs()[c].title for c in other)
                  + "' lies on top of the job deck", to=seat)


# cp-recruit
def recruit(state: CrimopolisState, me: int, to: str) -> None:
    """RECRUIT: 2 hours, a gangster from the supply into the HEADQUARTERS (``to`` "hq") or
    the SAFE HOUSE."""
    state.hours -= 2
    state.supply[me] -= 1
    dest = state.city.hq[me] if to == "hq" else state.city.safe[me]
    state.city.board.add(dest, me)


# cp-identical-jobs
def redraw(state: CrimopolisState, me: int) -> None:
    """IDENTICAL JOB CARDS: show both, discard them and draw two new ones."""
    shown = state.hands[me][:]
    state.redraws += 1
    d = jobs()[shown[0]]
    for j in shown:
        state.discard(JOBS, j)
    state.hands[me] = []
    state.log.add("jobs redrawn", f"{who(me)} shows " + " and ".join(
        f"'{jobs()[j].title}'" for j in shown) + f", both for a {d.location} ({d.colour}); "
        "both go face up under the job deck")
    draw_jobs(state, me, 2)


# -- the legal moves and entries of a turn ------------------------------------------------
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



# cp-street-limit cp-free-moves cp-no-plain-entry cp-hq-safe
def move_actions(state: CrimopolisState, me: int, hours: int,
                 held: list[tuple[str, int]] | None = None,
                 out: list[Any] | None = None) -> list[Any]:
    """MOVE GANGSTERS: 1-3 of mine from a place to a linked one with room, through the
    city graph's neighbours; onto a block only into my own home or a block I hold.
    The moves are added to ``out`` (a new list if None), which is returned."""
    city = state.city
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

# cp-job-preconditions cp-job-fresh-block cp-hq-safe
def entry_actions(state: CrimopolisState, me: int, hours: int,
                  held: list[tuple[str, int]] | None = None,
                  out: list[Any] | None = None) -> list[Any]:
    """Occupations, take-overs and jobs into blocks next to my street sections, added to
    ``out`` (a new list if None), which is returned."""
    city = state.city
    home = city.home_owner
    pieces = city.board.pieces
    if out is None:
        out = []
    seen: set[str] = set()
    # The jobs I can afford now, each once: (id, the (location, colour) it needs, crew).
    hand = [j for j in _job_needs(tuple(state.hands[me]), state.boost_hours, state.boost_crew)
            if j[3] <= hours]
    if hours < 3 and not hand:
        return out  # no time to occupy or take over, and no job I can afford
    touched = state.touched
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
                shown = block_signature(city.block_tiles[block])
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


# cp-safe-house-optional cp-explore-must
def explore_answers(state: CrimopolisState, seat: int, cell: tuple[int, int]) -> list[Any]:
    """The tiles that may go on an explored cell. When only SAFE HOUSES fit, placing one
    is a "can" (EXPLORE THE CITY, RUNNING OUT OF TILES): leaving the cell empty is
    offered too."""
    out: list[Any] = _explore_tiles(state, seat, cell)
    if out and all(a.tile.startswith("SH") for a in out):
        out.append(LEAVE_EMPTY)
    return out

# cp-explore-safe-house cp-out-of-tiles
def _explore_tiles(state: CrimopolisState, seat: int,
                   cell: tuple[int, int]) -> list[PlaceTile]:
    city = state.city
    x, y = cell
    out = []
    candidates = distinct(list(dict.fromkeys(state.revealed)), tile_face)
    if not city.safe[seat] and city.hq[seat]:
        candidates.append(f"SH{seat}")
    if not state.revealed:
        # RUNNING OUT OF TILES: anyone's unplaced SAFE HOUSE may be placed.
        candidates.extend(
            f"SH{s}" for s in range(state.players) if not city.safe[s] and s != seat
        )
    for tile in candidates:
        for r in city.rotations(tile, x, y):
            out.append(PlaceTile(tile, x, y, r))
    return out


_SIGNATURES: dict[tuple[str, ...], frozenset[tuple[str, str]]] = {}


def block_signature(block_tiles: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """The (location, colour) pairs a block shows (cached: tile definitions never change)."""
    sig = _SIGNATURES.get(block_tiles)
    if sig is None:
        defs = tiles()
        sig = _SIGNATURES[block_tiles] = frozenset(
            (defs[t].name, defs[t].colour) for t in block_tiles if not is_home_tile(t)
        )
    return sig


@functools.lru_cache(maxsize=1 << 14)
def _job_needs(hand: tuple[str, ...], boost_hours: int,
               boost_crew: int) -> tuple[tuple[str, tuple[str, str], int, int], ...]:
    """The jobs of a hand, each once: (id, the (location, colour) it needs, gangsters,
    hours), with armed fortunes applied as :func:`job_cost` does."""
    out = []
    for j in dict.fromkeys(hand):
        job = jobs()[j]
        hours, gangsters = job_cost(job, boost_hours, boost_crew)
        out.append((j, (job.location, job.colour), gangsters, hours))
    return tuple(out)


def job_cost(job: JobDef, boost_hours: int, boost_crew: int) -> tuple[int, int]:
    """(hours, gangsters) a job takes with the armed fortunes' boosts (at least 1 each)."""
    return max(1, job.hours - boost_hours), max(1, job.gangsters - boost_crew)
