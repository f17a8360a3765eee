"""Positions built by hand, the way a rulebook example describes them (for tests and puzzles)."""

from __future__ import annotations

from collections.abc import Sequence

from . import GAME, turns
from .cards import fortunes, jobs, newsflashes, tiles
from .city import City
from .rules import PLAY
from .state import CrimopolisState


def tile_of(name: str, colour: str | None = None, skip: int = 0) -> str:
    """The id of a city tile with that location (and colour); ``skip`` picks a later copy."""
    found = [t for t, d in tiles().items() if d.name == name and colour in (None, d.colour)]
    return found[skip]


def job_for(location: str | None = None, max_crew: int = 3, min_crew: int = 1) -> str:
    """A job card id for a location with a crew size in range."""
    for j, d in jobs().items():
        if location in (None, d.location) and min_crew <= d.gangsters <= max_crew:
            return j
    raise LookupError(location)


def card_with(effect: str, deck: str = "fortune", amount: int | None = None) -> str:
    """The first newsflash or fortune card id with that effect (and amount)."""
    defs = fortunes() if deck == "fortune" else newsflashes()
    return next(c for c, d in defs.items() if d.effect == effect and amount in (None, d.amount))


def build(
    layout: list[tuple[str, int, int, int]],
    pieces: Sequence[tuple[str, int, int]] = (),
    players: int = 2,
    active: int = 0,
    hours: int = 7,
    seed: int = 0,
) -> CrimopolisState:
    """A state in play with exactly ``layout`` (tile, x, y, rotation) on the table and
    ``pieces`` (node, seat, count) placed; supplies are what is left."""
    state = GAME.new_state(players, seed)
    assert isinstance(state, CrimopolisState)  # the kernel's Game.new_state says only State
    city = City.empty(players)
    for tile, x, y, r in layout:  # each tile must touch one listed before it
        city.place(tile, x, y, r)
    state.city = city
    placed = {t for t, *_ in layout}
    state.tile_stack = [t for t in state.tile_stack if t not in placed]
    state.revealed = [t for t in state.revealed if t not in placed]
    while len(state.revealed) < 2:
        state.reveal_tile()
    for node, seat, n in pieces:
        city.board.add(node, seat, n, force=True)
    state.supply = [state.options.supply - city.board.pieces_of(p) for p in range(players)]
    state.phase = PLAY
    state.prompts.clear()
    state.setup_seat = players - 1
    turns.start_turn(state, active, hours)
    refresh(state)
    return state


def put_on_top(state: CrimopolisState, deck: int, card: str) -> None:
    """Put ``card`` on top of deck ``deck`` (0 jobs, 1 newsflashes, 2 fortunes)."""
    pile = state.decks[deck].draw_pile
    pile.remove(card)
    pile.append(card)
    refresh(state)


def give_job(state: CrimopolisState, seat: int, job: str) -> None:
    """Put ``job`` into a seat's hand (its old cards go back under the deck)."""
    if job in state.decks[0].draw_pile:
        state.decks[0].draw_pile.remove(job)
    for other in state.hands:
        if job in other:
            other.remove(job)
    state.decks[0].draw_pile[0:0] = state.hands[seat]
    state.hands[seat] = [job]
    refresh(state)


def give_fortune(state: CrimopolisState, seat: int, card: str) -> None:
    """Move a fortune from the deck into a seat's hand."""
    state.decks[2].draw_pile.remove(card)
    state.fortune_hands[seat].append(card)
    refresh(state)


def refresh(state: CrimopolisState) -> None:
    """Forget the cached legal actions after editing a state by hand."""
    state.forget_legal_actions()
