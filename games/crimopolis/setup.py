"""SETUP and START THE GAME: decks, tiles, jobs, and the homes placed one player at a time.

The state itself is made in :mod:`tabletop_games.crimopolis.game`; the flow
(:mod:`tabletop_games.crimopolis.flow`) asks the placements in the order :func:`next_placement` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.components.deck import Deck
from tabletop.components.tiles import neighbour
from tabletop.rng import Rng

from .actions import PlaceHQ, PlaceTile
from .cards import fortunes, jobs, newsflashes, tiles
from .moves import large_block, reveal
from .options import CrimopolisOptions
from .rules import JOBS
from .words import tile_words, who

if TYPE_CHECKING:
    from .state import CrimopolisState

def shuffled_decks(rng: Rng) -> list[Deck[str]]:
    """SETUP step 1: the job, newsflash and fortune decks, each shuffled face down (in this
    order: the seed's games depend on it)."""
    decks = []
    for ids in (list(jobs()), list(newsflashes()), list(fortunes())):
        deck: Deck[str] = Deck(ids)
        deck.shuffle(rng)
        decks.append(deck)
    return decks


# cp-revealed-tiles
def tile_stack(rng: Rng, options: CrimopolisOptions) -> list[str]:
    """SETUP step 3: the city tiles shuffled into a face-down stack (its top is the end)."""
    defs = tiles()
    if options.clock_first:
        # LUCKY SPEED GAME: the 15 clock tiles are shuffled and put on top of the stack.
        clocks = [t for t in defs if defs[t].clock]
        rest = [t for t in defs if not defs[t].clock]
        rng.shuffle(clocks)
        rng.shuffle(rest)
        return rest + clocks
    stack = list(defs)
    rng.shuffle(stack)
    return stack


# cp-deal cp-first-auto cp-start-game
def start(state: CrimopolisState) -> None:
    """Reveal two tiles, deal two jobs each, and place the start player's HEADQUARTERS in
    the middle with its first recruit; its first tile placement is asked next."""
    city = state.city
    state.reveal_tile()
    state.reveal_tile()
    for seat in range(state.players):
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


# cp-hq-apart
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


def place(state: CrimopolisState, action: PlaceHQ | PlaceTile) -> None:
    """Place a HEADQUARTERS (with its first recruit) or a revealed tile."""
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
        return
    assert type(action) is PlaceTile
    state.revealed.remove(action.tile)
    block = state.city.place(action.tile, action.x, action.y, action.rotation)
    large_block(state, block)
    reveal(state)
    state.setup_step += 1


# cp-setup-skip
def next_placement(state: CrimopolisState) -> bool:
    """Move on to the next placement that can be done, skipping those that cannot; False
    once every gang has placed its home and tiles."""
    while True:
        if state.setup_step == 0:
            return True
        if state.setup_step < 3:
            if setup_actions(state):
                return True
            # START THE GAME: a step that cannot be done is skipped with those after it.
            state.log.add("setup", f"No revealed tile fits next to {who(state.setup_seat)}'s "
                          "HQ: its remaining setup placements are skipped")
        if state.setup_seat + 1 == state.players:
            return False
        state.setup_seat += 1
        state.setup_step = 0
