"""What players see: observation, determinization, the text map and action descriptions."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from games.crimopolis import effects, scoring
from games.crimopolis.actions import (
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
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from games.crimopolis.cards import fortunes, jobs, newsflashes, tiles
from games.crimopolis.city import SIDE_NAMES
from games.crimopolis.citymap import city_map, legend
from games.crimopolis.words import (
    block_words,
    card_title,
    card_words,
    cell_of,
    destiny_effect,
    game_end_words,
    hours,
    job_words,
    place_words,
    plural,
    side_of,
    tile_name,
    tile_words,
    who,
)
from tabletop.amounts import Amount
from tabletop.components.log import Event, EventLog
from tabletop.hidden import mix
from tabletop.narration import TABLE_WIDTH, wrap
from tabletop.odds import percent
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.crimopolis.city import City
    from games.crimopolis.state import CrimopolisState

# -- observation / determinize ----------------------------------------------------------
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


def why_illegal(state: CrimopolisState, action: Any) -> str:
    """A reason a player understands."""
    if state.prompts:
        p = state.prompts[-1]
        if p.kind == "explore" and isinstance(action, PlaceTile):
            if (action.x, action.y) != p.cell:
                return f"the explored cell is {p.cell[0]},{p.cell[1]}"
            if action.tile not in state.revealed and not action.tile.startswith("SH"):
                return "only a revealed tile (or a SAFE HOUSE) can be placed"
            return "it does not fit: street must meet street, block edge block edge"
        questions = {
            "explore": "which tile to place on the street missing one",
            "keep": "which of the two drawn jobs to keep",
            "target": "which gang gets the destiny newsflash",
            "defend": "whether to defend against the destiny",
        }
        return f"{who(p.seat)} must first decide {questions[p.kind]}"
    if state.phase == "setup":
        return "during setup only HEADQUARTERS and tile placements next to your own HQ"
    if state.due:
        return "you must execute your destinies first"
    from games.crimopolis.state import TURN_STEP_CAP

    timed = (Move, Occupy, TakeOver, Recruit, Invest, AbortJob, DoJob)
    if isinstance(action, timed) and state.turn_steps >= TURN_STEP_CAP:
        return "this turn has run long: only ending the turn is left"
    if isinstance(action, Move):
        board = state.city.board
        if not board.has(action.dst) or not board.has(action.src):
            return "there is no such place in the city"
        if action.dst not in board.neighbours(action.src):
            return "gangsters move only to an adjacent place"
        if board.count(action.src, state.active) < action.n:
            return "you do not have that many gangsters there"
        if board.total(action.dst) + action.n > 3:
            return "at most 3 gangsters may stand there, not even for a moment"
        if state.hours < 1:
            return "no time left for that move"
    if isinstance(action, Recruit) and state.hours < 2:
        return "recruiting takes 2 hours"
    if isinstance(action, Recruit) and not state.supply[state.active]:
        return "your gangster supply is empty"
    if isinstance(action, (Occupy, TakeOver)) and state.hours < 3:
        return "occupying or taking over takes 3 hours"
    if isinstance(action, DoJob):
        if action.job not in state.hands[state.active]:
            return "that job is not in your hand"
        if action.block in state.touched:
            return "you had gangsters in that block this turn"
        return "the job's location, crew or hours do not fit"
    return "that is not one of the legal actions now"


# -- describe ---------------------------------------------------------------------------
def _hours(state: CrimopolisState, cost: int) -> str:
    if cost == 0:
        return f"no time, {hours(state.hours)} left"
    return f"{hours(cost)}, {state.hours - cost} left"


def takes_words(state: CrimopolisState, block: str, takes: tuple[tuple[str, int], ...]) -> str:
    """``3 gangsters (2 from north, 1 from west)``: how many enter and from which street."""
    n = sum(k for _, k in takes)
    parts = ", ".join(f"{k} from {side_of(state.city, block, street)}" for street, k in takes)
    return f"{plural(n, 'gangster')} ({parts})"


def describe_public(state: CrimopolisState, action: Any) -> str:
    """The action as the rivals see it: which of the two drawn jobs is kept stays secret."""
    if type(action) is KeepJob:
        return "keeps one of the two jobs drawn and puts the other back on top"
    return describe(state, action)


def describe(state: CrimopolisState, action: Any) -> str:
    """The action as said at the table, with its time and what it does; the CLI and the
    transcripts put the seat's name ("Player 2") before it."""
    city = state.city
    me = state.to_act if state.to_act is not None else state.active
    kind = type(action)
    if kind is Move:
        return _describe_move(state, me, action)
    if kind is Occupy:
        worth = 3 if city.is_large(action.block) else 1
        return (f"occupies {block_words(city, action.block)} with "
                f"{takes_words(state, action.block, action.takes)}, {worth} influence "
                f"— {_hours(state, 3)}")
    if kind is TakeOver:
        d = city.board.total(action.block)
        rival = who(city.board.occupants(action.block)[0])
        return (f"takes over {block_words(city, action.block)} from {rival} ({d} "
                f"defending) with {takes_words(state, action.block, action.takes)}: +1 "
                f"prestige, +{d} bodies — {_hours(state, 3)}")
    if kind is DoJob:
        job = jobs()[action.job]
        cost, _ = state.job_cost(job)
        holders = city.board.occupants(action.block)
        d = city.board.total(action.block)
        over = (f", taking it over from {who(holders[0])} (+1 prestige, +{d} bodies)"
                if holders else "")
        boost = f" + {state.boost_prestige} armed" if state.boost_prestige else ""
        return (f"does the job '{job.title}' at {_block_short(city, action.block)}"
                f"{over} with {takes_words(state, action.block, action.takes)}: "
                f"{job.prestige}{boost} prestige, {news_odds(state)} — {_hours(state, cost)}")
    if kind is Recruit:
        home = city.hq[me] if action.to == "hq" else city.safe[me]
        where = "HQ" if action.to == "hq" else "Safe House"
        return (f"recruits a gangster into its {where} ({city.board.total(home) + 1} "
                f"there, {state.supply[me] - 1} left in supply) — {_hours(state, 2)}")
    if kind is Invest:
        return f"invests in a fortune (draws the top fortune card) — {_hours(state, 2)}"
    if kind is AbortJob:
        return (f"aborts the job '{jobs()[action.job].title}' (draws 2 jobs, keeps 1)"
                f" — {_hours(state, 3)}")
    if kind is KeepJob:
        p = state.prompts[-1] if state.prompts else None
        other = [j for j in (p.options if p else ()) if j != action.job][:1]
        back = f" and puts '{jobs()[other[0]].title}' back on top" if other else ""
        return f"keeps the job {job_words(action.job)}{back}"
    if kind is RedrawJobs:
        shown = jobs()[state.hands[me][0]] if state.hands[me] else None
        target = f" for the {shown.location} ({shown.colour})" if shown else ""
        return (f"shows its two jobs{target}, discards them and draws two new ones "
                "— no time")
    if kind is PlayFortune:
        return f"{_describe_fortune(state, me, action)} — no time"
    if kind is ExecuteDestiny:
        return (f"executes its destiny {card_title(action.card)} "
                f"({destiny_effect(action.card, now=True)})")
    if kind is ChooseTarget:
        p = state.prompts[-1]
        whom = "itself" if action.seat == me else who(action.seat)
        return (f"places the destiny newsflash {card_title(p.card)} in front of "
                f"{whom}: {destiny_effect(p.card)}")
    if kind is Defend:
        p = state.prompts[-1]
        return f"cancels the destiny {card_title(p.card)} with {card_title(action.card)}"
    if kind is Accept:
        p = state.prompts[-1]
        return (f"lets the destiny {card_title(p.card)} lie in front of it "
                f"({destiny_effect(p.card)})")
    if kind is EndTurn:
        nxt = who((state.active + 1) % state.players)
        if not state.hours:
            return "ends its turn"
        return f"ends its turn, passing {hours(state.hours)} on to {nxt}"
    if kind is PlaceHQ:
        return f"places its HQ at {action.x},{action.y}, with its first recruit"
    if kind is PlaceTile:
        return _describe_tile(state, me, action)
    if kind is LeaveEmpty:
        x, y = state.prompts[-1].cell if state.prompts else (0, 0)
        return f"places no Safe House and leaves the cell {x},{y} empty"
    return "an action this game does not know"


def news_odds(state: CrimopolisState) -> str:
    """What the newsflash drawn after a job may do to its prestige, with the chances as the
    table can count them: the unseen newsflashes (those not seen going under the deck), or
    the top card when every card of the pile was seen. ``then the newsflash: 21% 1 to 3 more,
    17% 1 or 2 less``."""
    if state.shield:
        return "its newsflash ignored (the armed fortune)"
    pile = state.decks[1].draw_pile
    if not pile:
        return "no newsflash left to draw"
    unseen = pile[state.pub_bottom[1]:] or pile[-1:]
    defs = newsflashes()
    changes = [defs[c].amount for c in unseen if defs[c].effect == "prestige"]
    parts = []
    for amounts, word in (([a for a in changes if a > 0], "more"),
                          ([-a for a in changes if a < 0], "less")):
        if amounts:
            share = percent(Fraction(len(amounts), len(unseen)))
            parts.append(f"{share} {_span(sorted(set(amounts)))} {word}")
    if not parts:
        return "then the newsflash, which changes no prestige"
    return "then the newsflash: " + ", ".join(parts)


def _span(values: list[int]) -> str:
    """``2``, ``1 or 2``, ``1 to 3``."""
    if len(values) == 1:
        return str(values[0])
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    return f"{values[0]} to {values[-1]}"


def _describe_move(state: CrimopolisState, me: int, action: Move) -> str:
    path, extra = _route(state, me, action)
    return (f"moves {plural(action.n, 'gangster')} {path}{extra} "
            f"— {_hours(state, _move_cost(state, me, action))}")


def _move_cost(state: CrimopolisState, me: int, action: Move) -> int:
    """1 hour, or none onto a place where the mover already stands or into a block."""
    return 0 if action.dst[0] == "b" or state.city.board.count(action.dst, me) else 1


def _route(state: CrimopolisState, me: int, action: Move) -> tuple[str, str]:
    """Where a move goes, short (``from BANK 1,-1 south street to HOTEL 1,0 west street``,
    ``round BANK 1,-1 from its south to its east street``, ``from its HQ 0,0 to its north
    street``), and what stepping there does (``, ambushing ...``, ``, exploring``)."""
    city = state.city
    src, dst = action.src, action.dst
    extra = ""
    rivals = [o for o in city.board.occupants(dst) if o != me]
    if rivals:
        extra = f", ambushing {plural(city.board.count(dst, rivals[0]), 'gangster')} of " \
                f"{who(rivals[0])} one for one"
    if dst in city.open_streets:
        extra += ", exploring"
    if src[0] == "s" and dst[0] == "s" and cell_of(src) == cell_of(dst):
        x, y = cell_of(src)
        path = (f"round {_tile_at(city, x, y)} {x},{y} from its {SIDE_NAMES[_side(src)]} to "
                f"its {SIDE_NAMES[_side(dst)]} street")
        return path, extra
    if src[0] == "b" and city.board.has(dst) and src in city.board.neighbours(dst):
        to = f"its {side_of(city, src, dst)} street"  # out of a block onto its own street
    else:
        to = _short_place(city, me, dst)
    return f"from {_short_place(city, me, src)} to {to}", extra


def _side(street: str) -> int:
    return "NESW".index(street[-1])


def _tile_at(city: City, x: int, y: int) -> str:
    t = city.grid.at(x, y)
    return tile_name(t.tile) if t is not None else "the empty cell"


def _short_place(city: City, me: int, node: str) -> str:
    """``its HQ 0,0``, ``BANK 1,-1``, ``BANK 1,-1 south street``: a place as the map shows
    it."""
    if node == city.hq[me]:
        return f"its HQ {node[1:]}"
    if node == city.safe[me]:
        return f"its Safe House {node[1:]}"
    if node[0] == "b":
        return _block_short(city, node)
    x, y = cell_of(node)
    return f"{_tile_at(city, x, y)} {x},{y} {SIDE_NAMES[_side(node)]} street"


def amount(state: CrimopolisState, action: Any) -> Amount | None:
    """MOVE GANGSTERS: 1, 2 or 3 gangsters move together, a number typed rather than three
    lines of the menu; the question names the route and its time."""
    if type(action) is not Move:
        return None
    me = state.to_act if state.to_act is not None else state.active
    cost = _move_cost(state, me, action)
    when = f"for {hours(cost)}" if cost else "for no time"
    path, extra = _route(state, me, action)
    return Amount(f"Move gangsters {path} {when}{extra}", action.n, unit="gangsters")


def _describe_fortune(state: CrimopolisState, me: int, action: PlayFortune) -> str:
    f = fortunes()[action.card]
    worth = game_end_words(action.card)
    if f.destiny:
        whom = "itself" if action.seat == me else who(action.seat)
        return (f"plays the destiny {card_title(action.card)}{worth} on {whom}: "
                f"{destiny_effect(action.card)}")
    if action.block:
        board = state.city.board
        rival = board.occupants(action.block)[0]
        k = min(f.amount, board.count(action.block, rival))
        return (f"plays {card_title(action.card)}{worth} on "
                f"{block_words(state.city, action.block)}: {plural(k, 'gangster')} of "
                f"{who(rival)} blown out")
    return f"plays {card_words(action.card)}"


def _describe_tile(state: CrimopolisState, me: int, action: PlaceTile) -> str:
    tile = action.tile
    if tile[0] == "T":
        d = tiles()[tile]
        if d.streets == 4:
            return f"places {tile_words(tile)} at {action.x},{action.y}"
        clock = ", clock" if d.clock else ""
        return (f"places the {d.name} ({d.colour}{clock}) at {action.x},{action.y}, "
                f"its block edge facing {SIDE_NAMES[(2 + action.rotation) % 4]}")
    owner = int(tile[2:])
    whose = "its" if owner == me else f"{who(owner)}'s"
    return f"places {whose} Safe House at {action.x},{action.y}"


def action_group(state: CrimopolisState, action: Any) -> str:
    """The menu heading of an action in a long list: moves by where they start, entries by
    block, fortunes by card, tiles by tile."""
    kind = type(action)
    city = state.city
    if kind is Move:
        return f"Move from {place_words(city, action.src)}"
    if kind is Occupy:
        return f"Occupy {block_words(city, action.block)}"
    if kind is TakeOver:
        return f"Take over {block_words(city, action.block)}"
    if kind is DoJob:
        return f"Do the job '{jobs()[action.job].title}' at {block_words(city, action.block)}"
    if kind is PlayFortune:
        return f"Play the fortune {card_title(action.card)}"
    if kind is AbortJob:
        return "Abort a job"
    if kind is PlaceTile:
        return f"Place {tile_words(action.tile)}"
    if kind is PlaceHQ:
        return "Place your HQ"
    return ""


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
        where = [_block_short(city, b) for b in city.block_tiles
                 if b not in city.home_owner and state.job_matches(job, b)]
        at = "at " + ", ".join(where) if where else "none in the city yet"
        lines.append(f"Job '{job.title}' ({job.prestige} prestige): {job.location} "
                     f"{job.colour}, {plural(job.gangsters, 'gangster')}, {hours(job.hours)}; "
                     f"{at}")
    if state.fortune_hands[seat]:
        lines.append("Fortunes: " + ", ".join(
            card_title(c) + game_end_words(c) for c in state.fortune_hands[seat]))
    return lines


def _block_short(city: City, block: str) -> str:
    """``BANK 1,0``: a block as the map shows it."""
    x, y = cell_of(block)
    return f"{' & '.join(tile_name(t) for t in city.block_tiles[block])} {x},{y}"


__all__ = ["action_group", "describe", "determinize", "observation", "render"]
