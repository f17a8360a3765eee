"""What each seat sees: the observation, determinization (and the heuristic bot's cheaper
``position``), the perturbation conformance checks hidden information with, and the table as
text (the map, the clock, the gangs). How actions are said is in :mod:`.words`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components.log import Event, EventLog
from tabletop.hidden import mix
from tabletop.narration import TABLE_WIDTH, wrap
from tabletop.rng import Rng

from . import effects, scoring
from .cards import jobs, tiles
from .citymap import city_map, legend
from .words import (
    block_short,
    card_title,
    destiny_effect,
    game_end_words,
    hours,
    plural,
    who,
)

if TYPE_CHECKING:
    from .state import CrimopolisState

# -- observation / determinize ----------------------------------------------------------
# cp-public
def observation(state: CrimopolisState, seat: int | None) -> dict[str, Any]:
    """Everything public, plus the seat's own jobs and fortunes."""
    city = state.city
    decks = state.decks
    obs: dict[str, Any] = {
        "phase": state.phase,
        "to_act": state.to_act,
        "active": state.active,
        "hours": state.hours,
        "round": state.round,
        "tiles": [[t.tile, t.x, t.y, t.rotation] for t in city.grid.tiles()],
        "pieces": {n: row[:] for n, row in city.board.pieces.items()},
        "revealed": state.revealed[:],
        "tile_stack": len(state.tile_stack),
        "prestige": state.prestige[:],
        "bodies": state.bodies[:],
        "tombstones": state.tombstones,
        "supply": state.supply[:],
        "destinies": [d[:] for d in state.destinies],
        "jobs_held": [len(h) for h in state.hands],
        "fortunes_held": [len(h) for h in state.fortune_hands],
        "deck_sizes": [len(d.draw_pile) for d in decks],
        "discarded": [d.draw_pile[: state.pub_bottom[i]] for i, d in enumerate(decks)],
        "touched": state.touched[:],
        "due": state.due[:],
        "armed": [state.boost_hours, state.boost_crew, state.boost_prestige, state.shield],
        "final_left": state.final_left,
        "setup": [state.setup_seat, state.setup_step],
        "turn_steps": state.turn_steps,
        "events": state.log.view(seat),
        "prompts": [
            [p.kind, p.seat, p.card, list(p.options) if p.seat == seat else len(p.options),
             list(p.cell), p.by]
            for p in state.prompts
        ],
    }
    if state.is_over:  # at the end every hand is shown: it decides nothing any more
        obs["jobs_shown"] = [h[:] for h in state.hands]
        obs["fortunes_shown"] = [h[:] for h in state.fortune_hands]
    if seat is not None:
        obs["my_jobs"] = state.hands[seat][:]
        obs["my_fortunes"] = state.fortune_hands[seat][:]
        top = decks[0].draw_pile[-1:] if state.job_top_known == seat else []
        obs["known_top_job"] = top
    return obs


def determinize(state: CrimopolisState, seat: int | None, rng: Rng) -> CrimopolisState:
    """Resample the other hands, the unseen parts of the decks and the tile stack."""
    return resample(state, seat, rng, shuffle=True)


def position(state: CrimopolisState, seat: int | None, rng: Rng) -> CrimopolisState:
    """:func:`determinize` for an agent that only reads the position (the heuristic bot):
    the four shuffles (the unseen jobs with the other hands, the unseen fortunes with the
    other hands, the news pile, the tile stack) were a third of a guided search's time.
    Here each is a sort instead, and ``rng`` skips as the shuffle would, so it is left where
    :func:`determinize` leaves it. The other gangs' hidden jobs, fortunes and pending keep
    choices are dealt from the sorted pool: a fixed order that tells nothing, but not a fair
    draw, so this is only for a reader that never reads another gang's hidden cards (their
    counts are kept), nor the order of a face-down pile or the tile stack; the heuristic reads
    its own hand, and plays a fortune on a copy only to see whether a job becomes possible,
    which draws nothing."""
    return resample(state, seat, rng, shuffle=False)


# cp-hidden cp-end-shown
def resample(state: CrimopolisState, seat: int | None, rng: Rng,
             shuffle: bool) -> CrimopolisState:
    """A copy with what ``seat`` cannot see shuffled anew (``shuffle``) or put in sorted order
    (:func:`tabletop.hidden.mix`), and the other seats' private events blanked."""
    copy = state.clone()
    # At the end every hand is shown (cp-end-shown): only the piles stay unseen then.
    others = [] if state.is_over else [s for s in range(state.players) if s != seat]
    # Jobs: others' hands, others' pending keep choices and the unseen job pile.
    jd = copy.decks[0]
    keep_top = 1 if (state.job_top_known == seat and seat is not None and jd.draw_pile) else 0
    lo = copy.pub_bottom[0]
    hi = len(jd.draw_pile) - keep_top
    pool = jd.draw_pile[lo:hi]
    for s in others:
        pool.extend(copy.hands[s])
    hidden_prompts = [i for i, p in enumerate(copy.prompts) if p.kind == "keep" and p.seat != seat]
    for i in hidden_prompts:
        pool.extend(copy.prompts[i].options)
    mix(rng, pool, shuffle)
    jd.draw_pile[lo:hi] = pool[: hi - lo]
    at = hi - lo
    for s in others:
        n = len(copy.hands[s])
        copy.hands[s] = pool[at: at + n]
        at += n
    for i in hidden_prompts:
        p = copy.prompts[i]
        n = len(p.options)
        copy.prompts[i] = type(p)(p.kind, p.seat, p.card, tuple(pool[at: at + n]), p.cell, p.by)
        at += n
    # Fortunes: others' hands and the unseen fortune pile.
    fd = copy.decks[2]
    lo = copy.pub_bottom[2]
    pool = fd.draw_pile[lo:]
    for s in others:
        pool.extend(copy.fortune_hands[s])
    mix(rng, pool, shuffle)
    hi = len(fd.draw_pile)
    fd.draw_pile[lo:] = pool[: hi - lo]
    at = hi - lo
    for s in others:
        n = len(copy.fortune_hands[s])
        copy.fortune_hands[s] = pool[at: at + n]
        at += n
    nd = copy.decks[1]
    pool = nd.draw_pile[copy.pub_bottom[1]:]
    mix(rng, pool, shuffle)
    nd.draw_pile[copy.pub_bottom[1]:] = pool
    mix(rng, copy.tile_stack, shuffle)
    # The others' private events (the jobs and fortunes they drew) are not the seat's to
    # read: their texts are blanked, their places kept, so that a mark into the log
    # (``since``) points at the same events in the copy as in the real game.
    log = copy.log
    copy.log = EventLog([e if e.visible_to(seat) else Event(e.kind, "", e.to)
                         for e in log.entries], log.total, log.keep)
    copy.rng = rng.fork("determinize")
    return copy


def perturb(state: CrimopolisState, seat: int | None, rng: Rng) -> CrimopolisState | None:
    """A copy with one card ``seat`` cannot see swapped, without :func:`determinize`: a job in
    another gang's hand with one of the unseen job pile, else a fortune in another gang's hand
    with one of the unseen fortune pile. None when no such swap exists (at the end every hand
    is shown)."""
    if state.is_over:
        return None
    copy = state.clone()
    others = [s for s in range(state.players) if s != seat]
    jd = copy.decks[0]
    keep_top = 1 if (state.job_top_known == seat and seat is not None and jd.draw_pile) else 0
    swaps = [(copy.hands[s], jd.draw_pile, copy.pub_bottom[0], len(jd.draw_pile) - keep_top)
             for s in others if copy.hands[s]]
    fd = copy.decks[2]
    swaps += [(copy.fortune_hands[s], fd.draw_pile, copy.pub_bottom[2], len(fd.draw_pile))
              for s in others if copy.fortune_hands[s]]
    swaps = [swap for swap in swaps if swap[3] > swap[2]]
    if not swaps:
        return None
    hand, pile, lo, hi = swaps[rng.below(len(swaps))]
    i, j = rng.below(len(hand)), lo + rng.below(hi - lo)
    hand[i], pile[j] = pile[j], hand[i]
    return copy


# -- render -----------------------------------------------------------------------------
RENDER_WIDTH = TABLE_WIDTH  # the table fits an 80-column terminal


def render(state: CrimopolisState, seat: int | None) -> str:
    """The table in at most 80 columns: the compact city map (its legend in the first round
    only; the glossary's "the map" keeps it), the clock, the revealed tiles, each gang's
    numbers and the seat's own cards (their texts: the glossary)."""
    lines = city_map(state)
    if state.phase == "setup" or state.round == 1 and not state.is_over:
        lines.extend(legend(state))
    lines.append("")
    for line in _status(state):
        lines.extend(wrap(line, RENDER_WIDTH))
    lines.extend(_gang_table(state, seat))
    if seat is not None:
        for line in _own_cards(state, seat):
            lines.extend(wrap(line, RENDER_WIDTH))
    if state.is_over:
        lines.append("End scoring:")
        for s, parts in enumerate(scoring.breakdown(state)):
            lines.extend(wrap(f"  {who(s)}: {scoring.breakdown_words(parts)} = "
                              f"{sum(parts.values())}", RENDER_WIDTH))
    return "\n".join(lines)


def _status(state: CrimopolisState) -> list[str]:
    """Whose turn and the clock, the last turns, armed fortunes, the revealed tiles."""
    target = state.options.end_target
    if state.phase == "setup":
        head = (f"Setup: {who(state.setup_seat)} places its HQ and two tiles next to it "
                f"(the game: {target} prestige starts the last turns)")
    elif state.is_over:
        head = f"The game is over: {state.end_reason}"
    else:
        head = (f"Round {state.round}: {who(state.active)} to play, {hours(state.hours)} left; "
                f"time keeper {who(state.turn_before())}")
    out = [head]
    if state.final_left >= 0 and not state.is_over:
        out.append(f"Last turns: {plural(state.final_left, 'turn')} to play after this one")
    armed = effects.armed_words(state)
    if armed:
        out.append(f"Armed for {who(state.active)}'s next job this turn:{armed}")
    revealed = ", ".join(_tile_short(t) for t in state.revealed) or "none"
    out.append(f"Revealed: {revealed}; {len(state.tile_stack)} face down; "
               f"{state.tombstones} tombstones left")
    return out


def _tile_short(tile: str) -> str:
    """``CASINO (orange)``, ``HOUSE (teal, 3 streets, clock)``: a revealed tile."""
    d = tiles()[tile]
    extra = (", 3 streets" if d.streets == 3 else "") + (", clock" if d.clock else "")
    return f"{d.name} ({d.colour}{extra})"


def _gang_table(state: CrimopolisState, seat: int | None) -> list[str]:
    """Each gang's numbers in a table (gangsters on the board and in the supply, jobs and
    fortunes held), then the destinies lying in front of a gang."""
    target = state.options.end_target
    head = f"Gang ({target} prestige ends)"
    lines = [f"{head:<24}Prestige  Bodies  Board  Supply  Jobs  Fortunes"]
    for s in range(state.players):
        name = who(s) + (", you" if s == seat else "")
        lines.append(f"{name:<24}{state.prestige[s]:>8}{state.bodies[s]:>8}"
                     f"{state.city.board.pieces_of(s):>7}{state.supply[s]:>8}"
                     f"{len(state.hands[s]):>6}{len(state.fortune_hands[s]):>10}")
    for s in range(state.players):
        for c in state.destinies[s]:
            lines.extend(wrap(f"Destiny before {who(s)}: {card_title(c)} "
                              f"({destiny_effect(c)})", RENDER_WIDTH))
    return lines


def _own_cards(state: CrimopolisState, seat: int) -> list[str]:
    """The seat's jobs (with where they can be done) and fortunes (titles: ``i TITLE``
    tells what one does)."""
    city = state.city
    lines = []
    for j in state.hands[seat]:
        job = jobs()[j]
        where = [block_short(city, b) for b in city.block_tiles
                 if b not in city.home_owner and state.job_matches(job, b)]
        at = "at " + ", ".join(where) if where else "none in the city yet"
        lines.append(f"Job '{job.title}' ({job.prestige} prestige): {job.location} "
                     f"{job.colour}, {plural(job.gangsters, 'gangster')}, {hours(job.hours)}; "
                     f"{at}")
    if state.fortune_hands[seat]:
        lines.append("Fortunes: " + ", ".join(
            card_title(c) + game_end_words(c) for c in state.fortune_hands[seat]))
    return lines


__all__ = ["determinize", "observation", "perturb", "position", "render"]
