"""SETUP and START THE GAME: decks, tiles, jobs, and the homes placed one player at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.crimopolis.actions import PlaceHQ, PlaceTile
from games.crimopolis.cards import fortunes, jobs, newsflashes, tiles
from games.crimopolis.city import City
from games.crimopolis.options import CrimopolisOptions
from games.crimopolis.words import tile_words, who
from tabletop.components.deck import Deck
from tabletop.components.tiles import neighbour
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

HOURS_PER_TURN = 7  # TURNS: hours in a turn before time carried over


def new_state(players: int, seed: int, options: CrimopolisOptions) -> CrimopolisState:
    """Shuffle the decks and the tiles, reveal two tiles, deal two jobs each, and place the
    start player's HEADQUARTERS in the middle with its first recruit."""
    from games.crimopolis.state import JOBS, CrimopolisState

    rng = Rng.from_seed(seed)
    city = City.empty(players)
    decks = []
    for ids in (list(jobs()), list(newsflashes()), list(fortunes())):
        deck: Deck[str] = Deck(ids)
        deck.shuffle(rng)
        decks.append(deck)
    defs = tiles()
    if options.clock_first:
        # LUCKY SPEED GAME: the 15 clock tiles are shuffled and put on top of the stack.
        clocks = [t for t in defs if defs[t].clock]
        rest = [t for t in defs if not defs[t].clock]
        rng.shuffle(clocks)
        rng.shuffle(rest)
        stack = rest + clocks
    else:
        stack = list(defs)
        rng.shuffle(stack)
    state = CrimopolisState(
        players, rng, options, city, stack, [], decks, [0, 0, 0],
        [[] for _ in range(players)], [[] for _ in range(players)],
        [[] for _ in range(players)], [options.supply] * players, [0] * players,
        [0] * players,
    )
    state.reveal_tile()
    state.reveal_tile()
    for seat in range(players):
        state.hands[seat] = [c for c in (state.draw(JOBS), state.draw(JOBS)) if c is not None]
    # START THE GAME steps 1-2 for the start player: no choice in them.
    hq = city.place("HQ0", 0, 0, 0)
    state.supply[0] -= 1
    city.board.add(hq, 0)
    state.log.add("setup", f"{who(0)} starts: its HQ goes in the middle of the table (0,0) "
                  "with its first recruit in it")
    state.log.add("tile revealed", "The revealed tiles: "
                  + " and ".join(tile_words(t) for t in state.revealed))
    state.setup_step = 1
    advance_setup(state)
    return state


def setup_actions(state: CrimopolisState) -> list[Any]:
    """The HEADQUARTERS cells (next to any tile), or the revealed-tile placements next to the
    player's own HEADQUARTERS."""
    seat = state.setup_seat
    city = state.city
    if state.setup_step == 0:
        hq = f"HQ{seat}"
        frontier = city.grid.frontier()
        cells = [PlaceHQ(x, y) for x, y in frontier if city.rotations(hq, x, y)]
        if cells:
            return cells
        # [decided] The rulebook has no rule for a HEADQUARTERS that fits nowhere next to the
        # city: it then starts apart, on an empty cell one step beyond the frontier, and the
        # city joins it as tiles are explored.
        near = set(frontier)
        beyond = sorted({cell for x, y in frontier for side in range(4)
                         for cell in [neighbour(x, y, side)]
                         if cell not in near and city.grid.at(*cell) is None},
                        key=lambda c: (c[1], c[0]))
        return [PlaceHQ(x, y) for x, y in beyond]
    out = []
    for tile in dict.fromkeys(state.revealed):
        for x, y, r in city.fitting_cells(tile, city.hq[seat]):
            out.append(PlaceTile(tile, x, y, r))
    return out


def apply_setup(state: CrimopolisState, action: Any) -> None:
    """Place a HEADQUARTERS (with its first recruit) or a revealed tile, then move on."""
    seat = state.setup_seat
    if type(action) is PlaceHQ:
        apart = state.city.grid.at(action.x, action.y) is None and not any(
            state.city.grid.at(*neighbour(action.x, action.y, side)) for side in range(4))
        hq = state.city.place(f"HQ{seat}", action.x, action.y, 0, apart=apart)
        state.supply[seat] -= 1  # the first recruit
        state.city.board.add(hq, seat)
        state.log.add("setup", f"{who(seat)}'s HQ stands at {action.x},{action.y} with its "
                      "first recruit in it")
        state.setup_step = 1
    else:
        from games.crimopolis.moves import large_block, reveal

        state.revealed.remove(action.tile)
        block = state.city.place(action.tile, action.x, action.y, action.rotation)
        large_block(state, block)
        reveal(state)
        state.setup_step += 1
    asked = advance_setup(state)
    if asked is not None:  # the next question's legal actions, just worked out: keep them
        # ignore: the slot is the kernel State's, but mypy's attrs plugin leaves a base
        # class's slots out of this class's (a false positive; zyte-common-items#55)
        state._legal_cache = tuple(asked)  # type: ignore[misc]


def advance_setup(state: CrimopolisState) -> list[Any] | None:
    """Skip setup steps that cannot be done; start the game when everyone is placed. The
    legal actions of the tile placement then asked, if it had to work them out (else None)."""
    while state.phase == "setup":
        asked = setup_actions(state) if 0 < state.setup_step < 3 else None
        if state.setup_step == 3 or asked == []:
            # START THE GAME: a step that cannot be done is skipped with those after it.
            if state.setup_step < 3:
                state.log.add("setup", f"No revealed tile fits next to {who(state.setup_seat)}'s "
                              "HQ: its remaining setup placements are skipped")
            if state.setup_seat + 1 == state.players:
                state.phase = "play"
                state._start_turn(0, HOURS_PER_TURN)
                return None
            state.setup_seat += 1
            state.setup_step = 0
            continue
        return asked
    return None
