"""The fixed action space and the numeric observation of Crimopolis, for learning agents.

**Why most numbers are read relative to the decision.** Crimopolis' actions name places on a
city that grows tile by tile (``Move("s0,1E", "s1,1N", 2)``) and list where every gangster
entering a block comes from (``Occupy("b1,1", (("s1,1N", 2), ("s1,1W", 1)))``). Numbered by
their absolute fields, the space would not stay small: the 48 tiles and the homes can run in
a line, so a place may lie up to 61 cells from the middle (7,565 cells at 5 players); moves
alone would take over a million numbers and the entries (a block times every split of up to
9 gangsters over its 6 street sections, times the job) billions. So, as Crime Lords numbers a
placement by the superior it goes next to, the actions that name places are numbered by
their shape around the deciding gang (``seat`` is the seat to act):

- **groups**: the places where ``seat`` has gangsters, sorted by node id (at most one per
  gangster: ``groups(players, options)``, the supply's size);
- **near blocks**: the blocks next to ``seat``'s street groups, in the order of those groups
  (a street section touches one block);
- ``Move(src, dst, n)``: the group ``src`` is, where ``dst`` lies from ``src``'s cell
  (``RELATIVE``: a cell step of -1..1 each way and the block or a side; every link of the
  city joins nodes of cells at most one step apart) and ``n``;
- ``Occupy``/``TakeOver(block, takes)``: one number per near block and split, the split
  read as 0-3 gangsters from each of the block's street sections in id order (at most 6),
  1 to the gang's size in all (``splits``: 1,211 for 7 gangsters);
  only one of the two can be legal for a block, so they share their numbers ("enter this
  block"); ``DoJob(job, block, takes)`` the same, once per job in hand (in id order);
- ``PlaceTile(tile, x, y, rotation)``: the tile and rotation, and the cell: the cell being
  explored, or one of the four beside ``seat``'s HEADQUARTERS (setup);
- ``PlayFortune(card, block=...)`` (Bombing): the card and the near block.

Everything else is listed once (:class:`ActionSpace`): the single actions, each job, fortune
and destiny card, ``PlaceHQ`` on every cell within ``3 x (players - 1)`` steps of the middle
(in setup every tile goes next to a tile or one cell beyond the frontier, three per gang).
A number is the same action in every position in which the deciding gang's groups, near
blocks and hand read alike; ``action_from_index`` raises ``ValueError`` for a number whose
group, block or job does not exist now (as Crime Lords does for a placement).

**The tensor** (``tensor``) is built from ``observation(seat)`` alone, so it holds nothing the
seat may not see. Seats are counted from the viewer (0 is the viewer; seat 1 for the
spectator ``None``). Its shape is ``(tensor_length(players),)``, row-major:

- per tile (``TILE_IDS``: the 48 city tiles, then each gang's HEADQUARTERS, then each SAFE
  HOUSE), ``18 + 5 x players`` numbers: placed, revealed, x / 10, y / 10, rotation one-hot
  (4), part of a large block, touched this turn (no job there), the block's gangsters per
  seat / 3; then per side N, E, S, W: a street section there, missing a tile across, its
  gangsters per seat / 3;
- per card (the 48 jobs, 42 newsflashes, 48 fortunes), ``6 + 2 x players`` numbers: in the
  viewer's hand, seen going under its deck, the job the viewer put back on top, to execute
  this turn, offered to the viewer in a prompt, the prompt's card; lying as a destiny in
  front of a seat (one-hot over seats); shown at the end in a seat's hand (one-hot);
- per seat, 6 numbers: prestige / target, body count / 40, supply / 9, jobs held / 2,
  fortunes held / 10, destinies in front / 5;
- the phase one-hot (setup, play, over); whose decision (one-hot over seats, then "none");
  whose turn (one-hot); hours / 10, round / round limit, tiles in the stack / 48, tombstones
  / 40, each deck's size / 48, the armed fortunes (hours, crew, prestige, shield), the last
  turns left / players, the setup seat (one-hot) and step / 3, decisions this turn / 60,
  prompts waiting / 3; the top prompt: its kind one-hot (explore, keep, target, defend), its
  seat one-hot, its cell x / 10, y / 10, who played its destiny (one-hot, then "nobody").
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

from tabletop.action_space import ActionSpace
from tabletop.components.tiles import DELTAS, SIDES, rotate

from . import actions as A
from .cards import fortunes, jobs, newsflashes, tiles
from .city import CAPACITY, tile_sides
from .options import CrimopolisOptions
from .words import cell_of

if TYPE_CHECKING:
    from .state import CrimopolisState

#: where a move's destination lies from its source's cell: (dx, dy, part), part "b" or a side
RELATIVE = tuple((dx, dy, part) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 for part in ("b", *SIDES))
BLOCK_STREETS = 6  # a large block has 6 street sections, a small one 3 or 4
JOB_SLOTS = 2  # a hand holds two jobs (drawing one for each one used, aborted or redrawn)
CELLS_TO_PLACE = 5  # the cell being explored, or N / E / S / W of the HEADQUARTERS
PROMPTS = ("explore", "keep", "target", "defend")
PHASES = ("setup", "play", "over")
TILE_FEATURES = 10  # placed, revealed, x, y, rotation (4), large, touched
CARD_FEATURES = 6
SEAT_FEATURES = 6


def groups(options: CrimopolisOptions) -> int:
    """The most places a gang can stand on at once: one per gangster of its supply."""
    return options.supply


@cache
def splits(group_count: int) -> ActionSpace:
    """Every split of an entry: 0-3 gangsters from each of a block's street sections (in id
    order), 1 to ``group_count`` in all (a gang has no more)."""
    return ActionSpace(c for c in product(range(CAPACITY + 1), repeat=BLOCK_STREETS)
                       if 1 <= sum(c) <= group_count)


@cache
def listed(players: int) -> ActionSpace:
    """Every action numbered by its value alone."""
    radius = 3 * (players - 1)
    job_ids, fortune_ids = list(jobs()), list(fortunes())
    out: list[Any] = [A.END_TURN, A.INVEST, A.REDRAW, A.ACCEPT, A.LEAVE_EMPTY, A.RECRUIT_HQ,
                      A.RECRUIT_SAFE]
    out += [A.AbortJob(j) for j in job_ids]
    out += [A.KeepJob(j) for j in job_ids]
    out += [A.ExecuteDestiny(c) for c in (*newsflashes(), *fortune_ids)]
    out += [A.Defend(c) for c in fortune_ids]
    out += [A.ChooseTarget(s) for s in range(players)]
    out += [A.PlayFortune(c) for c in fortune_ids]
    out += [A.PlayFortune(c, seat=s) for c in fortune_ids for s in range(players)]
    out += [A.PlaceHQ(x, y) for x in range(-radius, radius + 1)
            for y in range(-radius, radius + 1) if abs(x) + abs(y) <= radius]
    return ActionSpace(out)


def placeable(players: int) -> tuple[str, ...]:
    """The tiles a ``PlaceTile`` may name: the city tiles and every SAFE HOUSE."""
    return (*tiles(), *(f"SH{s}" for s in range(players)))


@cache
def _layout(players: int, group_count: int) -> tuple[int, ...]:
    """Where each part of the space starts: listed, tiles, bombings, moves, entries, jobs,
    and the end."""
    fortune_count = len(fortunes())
    sizes = (len(listed(players)), len(placeable(players)) * CELLS_TO_PLACE * 4,
             fortune_count * group_count, group_count * len(RELATIVE) * CAPACITY,
             group_count * len(splits(group_count)),
             JOB_SLOTS * group_count * len(splits(group_count)))
    starts = [0]
    for n in sizes:
        starts.append(starts[-1] + n)
    return tuple(starts)


def size(players: int, options: CrimopolisOptions) -> int:
    """How many numbers the space holds at this player count with these options."""
    return _layout(players, groups(options))[-1]


# -- the deciding gang's places ------------------------------------------------------------
def _groups(s: CrimopolisState) -> list[str]:
    seat = s.to_act
    if seat is None:
        return []
    return sorted(node for node, _ in s.city.board.held_by(seat))


def _near_blocks(s: CrimopolisState) -> list[str]:
    board = s.city.board
    out: list[str] = []
    for node in _groups(s):
        if node[0] == "s":
            for block in board.neighbours(node):
                if block[0] == "b" and block not in out:
                    out.append(block)
    return out


def _block_streets(s: CrimopolisState, block: str) -> list[str]:
    streets = sorted(n for n in s.city.board.neighbours(block) if n[0] == "s")
    if len(streets) > BLOCK_STREETS:  # pragma: no cover - a block spans at most two tiles
        raise AssertionError(f"block {block} has {len(streets)} street sections")
    return streets


def _place_cells(s: CrimopolisState) -> list[tuple[int, int] | None]:
    """The cells ``PlaceTile`` numbers: the cell being explored, then the four beside the
    deciding gang's HEADQUARTERS (None where there is none)."""
    seat = s.to_act
    explored = s.prompts[-1].cell if s.prompts and s.prompts[-1].kind == "explore" else None
    hq = s.city.hq[seat] if seat is not None else ""
    if not hq:
        return [explored, None, None, None, None]
    x, y = cell_of(hq)
    return [explored, *((x + dx, y + dy) for dx, dy in DELTAS)]


def _outside(action: object) -> ValueError:
    return ValueError(f"{action!r} is not in the action space in this position")


# -- numbering -------------------------------------------------------------------------------
def index(s: CrimopolisState, action: object) -> int:
    """``action``'s number in this position (ValueError for one outside the space)."""
    starts = _layout(s.players, groups(s.options))
    if type(action) is A.PlaceTile:
        try:
            tile = placeable(s.players).index(action.tile)
            cell = _place_cells(s).index((action.x, action.y))
        except ValueError:
            raise _outside(action) from None
        if not 0 <= action.rotation < 4:
            raise _outside(action)
        return starts[1] + (tile * CELLS_TO_PLACE + cell) * 4 + action.rotation
    if type(action) is A.PlayFortune and action.block:
        near = _near_blocks(s)
        if action.card not in fortunes() or action.block not in near or action.seat != -1:
            raise _outside(action)
        card = list(fortunes()).index(action.card)
        return starts[2] + card * groups(s.options) + near.index(action.block)
    if type(action) is A.Move:
        mine = _groups(s)
        if action.src not in mine or not 1 <= action.n <= CAPACITY:
            raise _outside(action)
        x, y = cell_of(action.src)
        dx, dy = cell_of(action.dst)
        part = "b" if action.dst[0] == "b" else action.dst[-1]
        try:
            rel = RELATIVE.index((dx - x, dy - y, part))
        except ValueError:
            raise _outside(action) from None
        return starts[3] + (mine.index(action.src) * len(RELATIVE) + rel) * CAPACITY + (
            action.n - 1)
    if type(action) in (A.Occupy, A.TakeOver, A.DoJob):
        split = _split_number(s, action)
        if type(action) is not A.DoJob:
            return starts[4] + split
        hand = sorted(s.hands[s.to_act]) if s.to_act is not None else []
        if action.job not in hand:
            raise _outside(action)
        return starts[5] + hand.index(action.job) * (starts[5] - starts[4]) + split
    return int(listed(s.players).index(action))


def _split_number(s: CrimopolisState, action: Any) -> int:
    """The near block and the split of an entry, as one number below ``groups x
    len(splits)``."""
    near = _near_blocks(s)
    if action.block not in near:
        raise _outside(action)
    streets = _block_streets(s, action.block)
    counts = [0] * BLOCK_STREETS
    for street, n in action.takes:
        if street not in streets or not 1 <= n <= CAPACITY or counts[streets.index(street)]:
            raise _outside(action)
        counts[streets.index(street)] = n
    table = splits(groups(s.options))
    return near.index(action.block) * len(table) + table.index(tuple(counts))


def from_index(s: CrimopolisState, number: int) -> Any:
    """The action numbered ``number`` in this position."""
    starts = _layout(s.players, groups(s.options))
    if type(number) is not int or not 0 <= number < starts[-1]:
        raise ValueError(f"action number {number!r} is outside 0 to {starts[-1] - 1}")
    if number < starts[1]:
        return listed(s.players).action(number)
    if number < starts[2]:
        code, rotation = divmod(number - starts[1], 4)
        tile, which = divmod(code, CELLS_TO_PLACE)
        cell = _place_cells(s)[which]
        if cell is None:
            raise ValueError(f"action number {number} places a tile on no cell now")
        return A.PlaceTile(placeable(s.players)[tile], cell[0], cell[1], rotation)
    if number < starts[3]:
        card, block = divmod(number - starts[2], groups(s.options))
        return A.PlayFortune(list(fortunes())[card], block=_nth(_near_blocks(s), block, number))
    if number < starts[4]:
        code, n = divmod(number - starts[3], CAPACITY)
        group, rel = divmod(code, len(RELATIVE))
        src = _nth(_groups(s), group, number)
        x, y = cell_of(src)
        dx, dy, part = RELATIVE[rel]
        dst = f"b{x + dx},{y + dy}" if part == "b" else f"s{x + dx},{y + dy}{part}"
        return A.Move(src, dst, n + 1)
    if number < starts[5]:
        target, takes = _split(s, number - starts[4], number)
        defended = s.city.board.total(target) if s.city.board.has(target) else 0
        return (A.TakeOver if defended else A.Occupy)(target, takes)
    slot, split = divmod(number - starts[5], starts[5] - starts[4])
    hand = sorted(s.hands[s.to_act]) if s.to_act is not None else []
    target, takes = _split(s, split, number)
    return A.DoJob(_nth(hand, slot, number), target, takes)


def _nth(items: list[str], i: int, number: int) -> str:
    if i >= len(items):
        raise ValueError(f"action number {number} names a place or card the deciding gang "
                         "does not have now")
    return items[i]


def _split(s: CrimopolisState, code: int, number: int) -> tuple[str, A.Takes]:
    """The block and the takes of an entry's number, the takes in the order the legal
    actions list them (the order of the block's links)."""
    table = splits(groups(s.options))
    near, split = divmod(code, len(table))
    block = _nth(_near_blocks(s), near, number)
    streets = _block_streets(s, block)
    counts: dict[str, int] = {}
    for i, n in enumerate(table.action(split)):
        if n:
            if i >= len(streets):
                raise ValueError(f"action number {number} takes gangsters from a street "
                                 "section the block does not have")
            counts[streets[i]] = n
    takes = tuple((street, counts[street]) for street in s.city.board.neighbours(block)
                  if street in counts)
    return block, takes


# -- the observation tensor ------------------------------------------------------------------
TILE_IDS_CITY = tuple(tiles())


def tile_ids(players: int) -> tuple[str, ...]:
    """The tiles in tensor order: city tiles, HEADQUARTERS, SAFE HOUSES."""
    return (*TILE_IDS_CITY, *(f"HQ{s}" for s in range(players)),
            *(f"SH{s}" for s in range(players)))


def card_ids() -> tuple[str, ...]:
    """The cards in tensor order: jobs, newsflashes, fortunes."""
    return (*jobs(), *newsflashes(), *fortunes())


def tensor_length(players: int) -> int:
    """The length of ``tensor`` at this player count."""
    per_tile = TILE_FEATURES + players + 4 * (2 + players)
    per_card = CARD_FEATURES + 2 * players
    return (len(tile_ids(players)) * per_tile + len(card_ids()) * per_card
            + players * SEAT_FEATURES + len(PHASES) + (players + 1) + players + 12
            + players + 3 + len(PROMPTS) + players + 2 + players + 1)


def tensor(s: CrimopolisState, seat: int | None) -> list[float]:
    """``observation(seat)`` as numbers (see the module docstring)."""
    obs = s.observation(seat)
    players = s.players
    viewer = seat if seat is not None else 0
    options = s.options

    def rel(p: int) -> int:
        return (p - viewer) % players

    def one_hot(p: int | None, width: int) -> list[float]:
        row = [0.0] * width
        if p is not None and 0 <= p < players:
            row[rel(p)] = 1.0
        elif p is None and width > players:
            row[players] = 1.0  # "none": the last slot
        return row

    def seats_row(pieces: list[int] | None) -> list[float]:
        row = [0.0] * players
        for p, n in enumerate(pieces or ()):
            row[rel(p)] = n / CAPACITY
        return row

    pieces: dict[str, list[int]] = obs["pieces"]
    placed = {t[0]: t for t in obs["tiles"]}
    cells = {(t[1], t[2]): t for t in obs["tiles"]}
    touched = set(obs["touched"])
    out: list[float] = []
    for tile in tile_ids(players):
        width = TILE_FEATURES + players + 4 * (2 + players)
        at = placed.get(tile)
        if at is None:
            out += [0.0, float(tile in obs["revealed"])] + [0.0] * (width - 2)
            continue
        _, x, y, rotation = at
        sides = rotate(tile_sides(tile), rotation)
        partner = next(((x + dx, y + dy) for side, (dx, dy) in enumerate(DELTAS)
                        if sides[side] != "street" and (x + dx, y + dy) in cells), None)
        blocks = [f"b{x},{y}"] + ([f"b{partner[0]},{partner[1]}"] if partner else [])
        block = next((b for b in blocks if b in pieces), None)
        out += [1.0, 0.0, x / 10, y / 10, *(float(r == rotation) for r in range(4)),
                float(partner is not None), float(any(b in touched for b in blocks)),
                *seats_row(pieces.get(block) if block else None)]
        for side, (dx, dy) in enumerate(DELTAS):
            street = sides[side] == "street"
            out += [float(street), float(street and (x + dx, y + dy) not in cells),
                    *seats_row(pieces.get(f"s{x},{y}{SIDES[side]}"))]
    mine = set(obs.get("my_jobs", [])) | set(obs.get("my_fortunes", []))
    seen = {c for pile in obs["discarded"] for c in pile}
    top = set(obs.get("known_top_job", []))
    due = set(obs["due"])
    offered = {c for p in obs["prompts"] if isinstance(p[3], list) for c in p[3]}
    prompt_cards = {p[2] for p in obs["prompts"]}
    in_front = {c: p for p, cards in enumerate(obs["destinies"]) for c in cards}
    shown = {c: p for key in ("jobs_shown", "fortunes_shown")
             for p, cards in enumerate(obs.get(key, [])) for c in cards}
    for card in card_ids():
        out += [float(card in mine), float(card in seen), float(card in top),
                float(card in due), float(card in offered), float(card in prompt_cards),
                *one_hot(in_front.get(card, -1), players), *one_hot(shown.get(card, -1), players)]
    target = options.end_target
    for p in sorted(range(players), key=rel):
        out += [obs["prestige"][p] / target, obs["bodies"][p] / 40, obs["supply"][p] / 9,
                obs["jobs_held"][p] / JOB_SLOTS, obs["fortunes_held"][p] / 10,
                len(obs["destinies"][p]) / 5]
    armed = obs["armed"]
    out += [float(obs["phase"] == ph) for ph in PHASES]
    out += one_hot(obs["to_act"], players + 1)
    out += one_hot(obs["active"], players)
    out += [obs["hours"] / 10, obs["round"] / options.round_limit, obs["tile_stack"] / 48,
            obs["tombstones"] / 40, *(n / 48 for n in obs["deck_sizes"]),
            armed[0] / 3, armed[1] / 3, armed[2] / 3, float(armed[3]),
            (obs["final_left"] + 1) / players]
    out += one_hot(obs["setup"][0], players)
    out += [obs["setup"][1] / 3, obs["turn_steps"] / 60, len(obs["prompts"]) / 3]
    prompt = obs["prompts"][-1] if obs["prompts"] else None
    out += [float(prompt is not None and prompt[0] == k) for k in PROMPTS]
    out += one_hot(prompt[1] if prompt else -1, players)
    out += [prompt[4][0] / 10, prompt[4][1] / 10] if prompt else [0.0, 0.0]
    by = prompt[5] if prompt else -1
    out += one_hot(by if by >= 0 else None, players + 1)
    return out


__all__ = ["from_index", "groups", "index", "listed", "size", "tensor", "tensor_length"]
