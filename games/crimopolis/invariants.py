"""What a sound Crimopolis position holds: every gangster, card, tile and tombstone in
exactly one place, no negative count, lists as long as the player count, a known phase and a
real seat to act. Used by the conformance suite and by anyone loading a saved game."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from .cards import fortunes, jobs, newsflashes, tiles
from .city import CAPACITY

if TYPE_CHECKING:
    from .state import CrimopolisState

PHASES = ("setup", "play", "over")
PROMPTS = ("explore", "keep", "target", "defend")
TOMBSTONES = 40


def invariants(state: CrimopolisState) -> list[str]:
    """The problems found (empty when the position is sound); never raises: a position too
    broken to inspect is reported as such."""
    try:
        out = _shape(state)
        if out:  # counting over lists of the wrong length would only add noise
            return out
        return _counts(state) + _pieces(state) + _cards(state) + _tiles(state)
    except Exception as exc:  # noqa: BLE001 - a tampered state may break anything
        return [f"the position cannot be inspected: {type(exc).__name__}: {exc}"]


def _shape(state: CrimopolisState) -> list[str]:
    """Per-seat lists of the right length, a known phase and prompts, a real seat to act."""
    out = []
    n = state.players
    per_seat: dict[str, list[int] | list[list[str]] | list[str]] = {
        "supplies": state.supply, "prestige": state.prestige, "body counts": state.bodies,
        "job hands": state.hands, "fortune hands": state.fortune_hands,
        "destiny rows": state.destinies, "HQ list": state.city.hq,
        "Safe House list": state.city.safe,
    }
    for name, values in per_seat.items():
        if len(values) != n:
            out.append(f"{len(values)} {name} for {n} players")
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    seats = [("the active seat", state.active), ("the setup seat", state.setup_seat)]
    seats += [(f"a {p.kind} question", p.seat) for p in state.prompts]
    for what, seat in seats:
        if not 0 <= seat < n:
            out.append(f"{what} is seat {seat + 1}, not one of the {n} players")
    for p in state.prompts:
        if p.kind not in PROMPTS:
            out.append(f"unknown question {p.kind!r}")
    rows = [node for node, row in state.city.board.pieces.items() if len(row) != n]
    if rows:
        out.append(f"{len(rows)} places count gangsters for the wrong number of gangs")
    return out


def _counts(state: CrimopolisState) -> list[str]:
    """No count below zero."""
    out = []
    for s in range(state.players):
        for name, value in (("prestige", state.prestige[s]), ("body count", state.bodies[s]),
                            ("supply", state.supply[s])):
            if value < 0:
                out.append(f"{seat_label(s)}'s {name} is {value}")
    for name, value in (("hours", state.hours), ("tombstones", state.tombstones)):
        if value < 0:
            out.append(f"{name} is {value}")
    return out


def _pieces(state: CrimopolisState) -> list[str]:
    """Gangsters add up to each supply, one gang per place, at most 3 on a street."""
    out = []
    board = state.city.board
    for s in range(state.players):
        on_board = board.pieces_of(s)
        if on_board + state.supply[s] != state.options.supply:
            out.append(f"{seat_label(s)}: {on_board} on the board + {state.supply[s]} in "
                       f"supply, not {state.options.supply}")
    for node, row in board.pieces.items():
        if any(k < 0 for k in row):
            out.append(f"{node} holds a negative number of gangsters")
        if sum(1 for k in row if k) > 1:
            out.append(f"{node} holds several gangs")
        if node[0] == "s" and sum(row) > CAPACITY:
            out.append(f"street {node} holds {sum(row)}")
    if sum(state.bodies) + state.tombstones != TOMBSTONES:
        out.append(f"tombstones do not add up to {TOMBSTONES}")
    return out


def _cards(state: CrimopolisState) -> list[str]:
    """Every job, newsflash and fortune in exactly one place."""
    places: list[str] = [c for p in state.prompts for c in p.options]
    places += [p.card for p in state.prompts if p.kind in ("target", "defend")]
    for hand in (*state.hands, *state.fortune_hands, *state.destinies):
        places += hand
    for deck in state.decks:
        places += deck.all_cards()
    seen = Counter(places)
    out = [f"card {c} is in {k} places" for c, k in seen.items() if k > 1]
    every = [*jobs(), *newsflashes(), *fortunes()]
    missing = [c for c in every if c not in seen]
    if missing:
        out.append(f"{len(missing)} cards are missing (first {missing[0]})")
    known = set(every)
    unknown = [c for c in seen if c not in known]
    if unknown:
        out.append(f"unknown card {unknown[0]}")
    return out


def _tiles(state: CrimopolisState) -> list[str]:
    """Every city tile on the table, revealed or in the stack, once."""
    placed = [t.tile for t in state.city.grid.tiles() if t.tile[0] == "T"]
    seen = Counter(placed + state.tile_stack + state.revealed)
    out = [f"tile {t} is in {k} places" for t, k in seen.items() if k > 1]
    if set(seen) != set(tiles()):
        out.append("tiles are missing or unknown")
    return out
