"""ACTIONS that move gangsters and do jobs: move (with its ambush and exploring), occupy, take
over, execute a job, abort or redraw jobs; each narrated as it resolves.

Functions over a :class:`~games.crimopolis.state.CrimopolisState`; the state's ``_apply``
calls them. Card effects (newsflashes, fortunes, destinies) are in
:mod:`games.crimopolis.effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.crimopolis import effects
from games.crimopolis.actions import DoJob, Move, PlaceTile, Takes
from games.crimopolis.cards import jobs
from games.crimopolis.city import is_home_tile
from games.crimopolis.words import (
    block_words,
    job_words,
    plural,
    street_words,
    tile_words,
    who,
)

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

JOBS = 0  # the job deck's index in ``state.decks``


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
    options = state._explore_options(me, cell)
    if options:
        from games.crimopolis.state import Prompt  # here: most moves explore nothing

        state.prompts.append(Prompt("explore", me, cell=cell))
        # They are the legal actions of the question just asked: keep them for legal_actions
        # (nothing else changes in this move).
        # ignore: the slot is the kernel State's, but mypy's attrs plugin leaves a base
        # class's slots out of this class's (a false positive; zyte-common-items#55)
        state._legal_cache = tuple(options)  # type: ignore[misc]
        state.log.add("explore", f"{who(me)} steps onto {street_words(state.city, dst)}, "
                      f"which is missing a tile: {who(me)} explores the empty cell {x},{y}")
    else:
        state.log.add("explore", f"{who(me)} steps onto {street_words(state.city, dst)}, "
                      f"which is missing a tile, but no revealed tile fits on {x},{y}: "
                      "nothing is placed or revealed")


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


def occupy(state: CrimopolisState, me: int, block: str, takes: Takes) -> None:
    """OCCUPY A CITY BLOCK: gangsters enter an empty block."""
    n = enter(state, me, block, takes)
    worth = 3 if state.city.is_large(block) else 1
    state.log.add("occupy", f"{who(me)} holds {block_words(state.city, block)} with "
                  f"{plural(n, 'gangster')}: {worth} influence at the end while held")


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


def do_job(state: CrimopolisState, me: int, act: DoJob) -> None:
    """EXECUTE A JOB: spend its hours, enter (occupying or taking over), draw and play the
    newsflash, score the prestige, then draw a new job."""
    job = jobs()[act.job]
    cost, _ = state.job_cost(job)
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


def abort(state: CrimopolisState, me: int, job: str) -> None:
    """ABORT A JOB: discard it, draw two, keep one, put the other back on top."""
    from games.crimopolis.state import Prompt

    state.hours -= 3
    state.hands[me].remove(job)
    drawn = [c for c in (state.draw(JOBS), state.draw(JOBS)) if c is not None]
    state.discard(JOBS, job)
    if len(drawn) == 2:
        state.prompts.append(Prompt("keep", me, options=tuple(drawn)))
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

