"""What players see: observation, determinization, the text map and action descriptions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.crimopolis import scoring
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
from games.crimopolis.city import GANGS, SIDE_NAMES, STREET, street_id, tile_label
from tabletop.engine import seat_label
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

MARK = "YGRBP"


def gang(seat: int) -> str:
    """A seat's gang colour."""
    return GANGS[seat]


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
        "prompts": [
            [p.kind, p.seat, p.card, list(p.options) if p.seat == seat else len(p.options),
             list(p.cell), p.by]
            for p in state.prompts
        ],
    }
    if seat is not None:
        obs["my_jobs"] = state.hands[seat][:]
        obs["my_fortunes"] = state.fortune_hands[seat][:]
        top = decks[0].draw_pile[-1:] if state.job_top_known == seat else []
        obs["known_top_job"] = top
    return obs


def determinize(state: CrimopolisState, seat: int | None, rng: Rng) -> CrimopolisState:
    """Resample the other hands, the unseen parts of the decks and the tile stack."""
    copy = state.clone()
    others = [s for s in range(state.players) if s != seat]
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
    rng.shuffle(pool)
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
    rng.shuffle(pool)
    hi = len(fd.draw_pile)
    fd.draw_pile[lo:] = pool[: hi - lo]
    at = hi - lo
    for s in others:
        n = len(copy.fortune_hands[s])
        copy.fortune_hands[s] = pool[at: at + n]
        at += n
    nd = copy.decks[1]
    pool = nd.draw_pile[copy.pub_bottom[1]:]
    rng.shuffle(pool)
    nd.draw_pile[copy.pub_bottom[1]:] = pool
    rng.shuffle(copy.tile_stack)
    copy.rng = rng.fork("determinize")
    return copy


def invariants(state: CrimopolisState) -> list[str]:
    """Gangsters, cards, tiles and tombstones are all accounted for."""
    out = []
    board = state.city.board
    for s in range(state.players):
        on_board = board.pieces_of(s)
        if on_board + state.supply[s] != state.options.supply:
            out.append(f"seat {s}: {on_board} on board + {state.supply[s]} in supply")
    for node in board.pieces:
        occ = board.occupants(node)
        if len(occ) > 1:
            out.append(f"{node} holds several gangs {occ}")
        if node[0] == "s" and board.total(node) > 3:
            out.append(f"street {node} holds {board.total(node)}")
    if sum(state.bodies) + state.tombstones != 40:
        out.append("tombstones do not add up to 40")
    prompts = [c for p in state.prompts for c in p.options] + [
        p.card for p in state.prompts if p.kind in ("target", "defend")
    ]
    held = [c for h in state.hands for c in h] + [c for h in state.fortune_hands for c in h]
    held += [c for h in state.destinies for c in h] + prompts
    cards = held + [c for d in state.decks for c in d.all_cards()]
    if sorted(cards) != sorted(list(jobs()) + list(newsflashes()) + list(fortunes())):
        out.append("cards are missing or doubled")
    placed = [t.tile for t in state.city.grid.tiles() if t.tile[0] == "T"]
    if sorted(placed + state.tile_stack + state.revealed) != sorted(tiles()):
        out.append("tiles are missing or doubled")
    return out


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
        return f"{gang(p.seat)} must first decide {questions[p.kind]}"
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
        if action.dst not in board.links[action.src]:
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
        return f"no time, {state.hours} left"
    return f"{cost} hour{'s' if cost != 1 else ''}, {state.hours - cost} left"


def _takes(state: CrimopolisState, takes: tuple[tuple[str, int], ...]) -> str:
    n = sum(k for _, k in takes)
    return f"{n} gangster{'s' if n != 1 else ''}"


def describe_public(state: CrimopolisState, action: Any) -> str:
    """The action as the rivals see it: which of the two drawn jobs is kept stays secret."""
    if type(action) is KeepJob:
        me = state.to_act if state.to_act is not None else state.active
        return f"{gang(me)} keeps one of the two jobs drawn and puts the other back on top"
    return describe(state, action)


def describe(state: CrimopolisState, action: Any) -> str:
    """The action as said at the table, with its time."""
    city = state.city
    me = state.to_act if state.to_act is not None else state.active
    who = gang(me)
    kind = type(action)
    if kind is Move:
        cost = 0 if (
            action.dst[0] == "b" or city.board.count(action.dst, me)
        ) else 1
        extra = ""
        rivals = [o for o in city.board.occupants(action.dst) if o != me]
        if rivals:
            extra = f", ambushing {city.board.count(action.dst, rivals[0])} {gang(rivals[0])}"
        if action.dst in city.open_streets:
            extra += ", exploring"
        return (f"{who} moves {action.n} gangster{'s' if action.n != 1 else ''} from "
                f"{city.place_name(action.src)} to {city.place_name(action.dst)}{extra} "
                f"— {_hours(state, cost)}")
    if kind is Occupy:
        return (f"{who} occupies the {city.block_name(action.block)} with "
                f"{_takes(state, action.takes)} — {_hours(state, 3)}")
    if kind is TakeOver:
        d = city.board.total(action.block)
        return (f"{who} takes over the {city.block_name(action.block)} ({d} defending) with "
                f"{_takes(state, action.takes)} — {_hours(state, 3)}")
    if kind is DoJob:
        job = jobs()[action.job]
        cost, _ = state.job_cost(job)
        return (f"{who} does the job '{job.title}' at the {city.block_name(action.block)} "
                f"with {_takes(state, action.takes)} for {job.prestige} prestige — "
                f"{_hours(state, cost)}")
    if kind is Recruit:
        where = "HEADQUARTERS" if action.to == "hq" else "SAFE HOUSE"
        return f"{who} recruits a gangster into the {where} — {_hours(state, 2)}"
    if kind is Invest:
        return f"{who} invests in a fortune — {_hours(state, 2)}"
    if kind is AbortJob:
        return f"{who} aborts the job '{jobs()[action.job].title}' — {_hours(state, 3)}"
    if kind is KeepJob:
        return (f"{who} keeps the job '{jobs()[action.job].title}' and puts the other "
                "back on top")
    if kind is RedrawJobs:
        return f"{who} shows two jobs for the same block and draws two new ones — no time"
    if kind is PlayFortune:
        f = fortunes()[action.card]
        target = ""
        if action.seat >= 0:
            target = f" on {gang(action.seat)}"
        if action.block:
            target = f" on the {city.block_name(action.block)}"
        return f"{who} plays the fortune '{f.title}'{target} — no time"
    if kind is ExecuteDestiny:
        c = action.card
        title = newsflashes()[c].title if c[0] == "N" else fortunes()[c].title
        return f"{who} executes the destiny '{title}'"
    if kind is ChooseTarget:
        return f"{who} places the destiny newsflash in front of {gang(action.seat)}"
    if kind is Defend:
        return f"{who} defends with '{fortunes()[action.card].title}'"
    if kind is Accept:
        return f"{who} accepts the destiny"
    if kind is EndTurn:
        return f"{who} ends the turn, passing {state.hours} hour(s) on"
    if kind is PlaceHQ:
        return f"{who} places the HEADQUARTERS at {action.x},{action.y}"
    if kind is PlaceTile:
        name = tile_label(action.tile)
        edge = ""
        if action.tile[0] == "T":
            td = tiles()[action.tile]
            name = f"{name} ({td.colour})"
            if td.streets == 3:
                edge = f", block edge {SIDE_NAMES[(2 + action.rotation) % 4]}"
        return f"{who} places the {name} at {action.x},{action.y}{edge}"
    return repr(action)


# -- render -----------------------------------------------------------------------------
_W = 15  # characters per tile column


def _street_mark(state: CrimopolisState, x: int, y: int, side: int, kind: str) -> str:
    if kind != STREET:
        return "##"  # block edge (part of a large block)
    node = street_id(x, y, side)
    row = state.city.board.pieces.get(node)
    if row:
        s = next(i for i, n in enumerate(row) if n)
        return f"{MARK[s]}{row[s]}"
    if node in state.city.open_streets:
        return "??"
    return ".."


def render(state: CrimopolisState, seat: int | None) -> str:
    """The city map, the revealed tiles, clock, prestige and body counts."""
    city = state.city
    grid = city.grid
    x0, y0, x1, y1 = grid.bounds()
    lines: list[str] = []
    for y in range(y0, y1 + 1):
        rows = ["", "", ""]
        for x in range(x0, x1 + 1):
            t = grid.at(x, y)
            if t is None:
                rows[0] += " " * _W
                rows[1] += " " * _W
                rows[2] += " " * _W
                continue
            sm = [_street_mark(state, x, y, s, t.sides[s]) for s in range(4)]
            block = city.cell_block[f"{x},{y}"]
            name = tile_label(t.tile)
            if t.tile[:2] == "HQ":
                name = f"HQ-{MARK[int(t.tile[2:])]}"
            elif t.tile[:2] == "SH":
                name = f"SAFE-{MARK[int(t.tile[2:])]}"
            row = city.board.pieces.get(block)
            occ = ""
            if row:
                s = next(i for i, n in enumerate(row) if n)
                occ = f"{MARK[s]}{row[s]}"
            if t.tile[0] == "T":  # name, colour initial, clock mark
                d = tiles()[t.tile]
                name = f"{name[:6]}/{d.colour[0]}" + ("*" if d.clock else "")
            label = name.ljust(9)
            rows[0] += f"+-----{sm[0]}-----+"[:_W].ljust(_W)
            rows[1] += f"{sm[3]}{label}{occ:>2}{sm[1]}"[:_W].ljust(_W)
            rows[2] += f"+-----{sm[2]}-----+"[:_W].ljust(_W)
        lines.extend(r.rstrip() for r in rows)
    lines.append("")
    lines.append("Legend: Y2 = 2 Yellow gangsters; ?? = street missing a tile; ## = large block;"
                 " /p /t /o /g = pink teal orange grey; * = clock tile")
    colours = ", ".join(
        f"{tile_label(t)} ({tiles()[t].colour})" for t in state.revealed
    ) or "none"
    lines.append(f"Revealed tiles: {colours}; {len(state.tile_stack)} face down")
    lines.append(
        f"Clock: {gang(state.active)} has {state.hours} hour(s); time keeper "
        f"{gang((state.active - 1) % state.players)}; round {state.round}; phase {state.phase}"
    )
    for s in range(state.players):
        dest = ", ".join(
            (newsflashes()[c].title if c[0] == "N" else fortunes()[c].title)
            for c in state.destinies[s]
        )
        who = f"{gang(s)} ({seat_label(s)}{', you' if s == seat else ''})"
        lines.append(
            f"  {who:22} prestige {state.prestige[s]:2}  bodies {state.bodies[s]:2}  "
            f"supply {state.supply[s]}  jobs {len(state.hands[s])}  fortunes "
            f"{len(state.fortune_hands[s])}" + (f"  destinies: {dest}" if dest else "")
        )
    lines.append(f"Tombstones left: {state.tombstones}")
    if seat is not None:
        for j in state.hands[seat]:
            jd = jobs()[j]
            lines.append(
                f"Your job: {jd.title} — {jd.location} ({jd.colour}), {jd.gangsters} "
                f"gangsters, {jd.hours} h, {jd.prestige} prestige"
            )
        for c in state.fortune_hands[seat]:
            f = fortunes()[c]
            lines.append(f"Your fortune: {f.title} — {f.text}")
    if state.is_over:
        for s, parts in enumerate(scoring.breakdown(state)):
            lines.append(f"Final {gang(s)}: " + ", ".join(f"{k} {v}" for k, v in parts.items()))
    return "\n".join(lines)


__all__ = ["SIDE_NAMES", "describe", "determinize", "observation", "render"]
