"""What must always hold on a Don Massivo table, checked on any state, even a tampered one:
every card in exactly one place, no negative money and the books balanced, a known step, seats
in range, one entry per player in every per-player list, tokens where tokens may stand.

``problems`` never raises: a state too broken to examine is itself reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from .actions import LOCATIONS, PRISON
from .cards import CASINO_IDS, FENCE_IDS, GANGSTERS, STOOGES
from .money import DOWN, PILE, SHOW

if TYPE_CHECKING:
    from .state import DonMassivoState

PER_PLAYER = ("tokens", "hand_g", "hand_s", "show_g", "down_g")
"""The state's lists that hold one entry per player."""
_PLACE_NAMES = {"hand_g": "hand", "hand_s": "hand", "show_g": "display",
                "down_g": "face-down display"}


def problems(state: DonMassivoState, steps: Iterable[str]) -> list[str]:
    """Everything wrong with ``state`` (``steps``: the known step names); [] when sound."""
    try:
        out = _shape(state, steps)
        if out:
            return out  # the rest assumes lists of the right length
        return _seats(state) + _money(state) + _cards(state) + _tokens(state) + _casino(state)
    except Exception as exc:  # noqa: BLE001 - a tampered state may break anything: report it
        return [f"the state cannot be examined ({type(exc).__name__}: {exc})"]


def _shape(state: DonMassivoState, steps: Iterable[str]) -> list[str]:
    out = []
    if not 2 <= state.players <= 5:
        return [f"{state.players} players, but the game is for 2 to 5"]
    for name in PER_PLAYER:
        size = len(getattr(state, name))
        if size != state.players:
            out.append(f"'{name}' has {size} entries for {state.players} players")
    if len(state.fence_piles) != 3:
        out.append(f"{len(state.fence_piles)} Fence piles, not 3")
    if state.step not in tuple(steps):
        out.append(f"unknown step {state.step!r}")
    return out


def _seats(state: DonMassivoState) -> list[str]:
    out = []
    seats = range(state.players)
    if state.order.current not in seats:
        out.append(f"the current player is seat number {state.order.current}, out of range")
    queues = {"token placement": state.place_queue, "face-down additions":
              state.facedown_queue, "Casino stakes": state.casino.order if state.casino else []}
    for what, queue in queues.items():
        if any(s not in seats for s in queue):
            out.append(f"the {what} queue names a seat out of range: {queue}")
    for what, seat in (("target", state.target), ("last dealer", state.last_dealer)):
        if seat != -1 and seat not in seats:
            out.append(f"the {what} is seat number {seat}, out of range")
    if not out and not state.over and state.to_act not in seats:
        out.append(f"the seat to act ({state.to_act}) is out of range")
    if state.step == "place" and not state.place_queue and not state.over:
        out.append("placing tokens, but nobody is left to place one")
    if state.step == "facedown" and not state.facedown_queue:
        out.append("adding face down, but nobody is left to add")
    return out


def _money(state: DonMassivoState) -> list[str]:
    out = []
    for s in range(state.players):
        for holders, what in ((PILE, "money pile"), (SHOW, "face-up display"),
                              (DOWN, "face-down notes")):
            if state.money[holders[s]] < 0:
                out.append(f"{seat_label(s)}'s {what} holds {state.money[holders[s]]} thousand")
    expected = state.start_money + state.money.minted - state.money.burned
    if state.money.total() != expected:
        out.append(f"the money on the table is {state.money.total()} thousand, but the bank's "
                   f"books say {expected}")
    return out


def _card_places(state: DonMassivoState) -> list[tuple[str, list[str]]]:
    """Every place a card can be, by a name a reader understands."""
    places = [("the Gangster draw pile", state.gangsters.draw_pile),
              ("the Gangster discard pile", state.gangsters.discard_pile),
              ("the Stooge draw pile", state.stooges.draw_pile),
              ("the Stooge discard pile", state.stooges.discard_pile),
              ("the robbery", state.laid), ("the defence", state.guard),
              ("the specialists", state.specialists),
              ("the fence discard", state.fence_discard),
              ("the played Casino cards", state.casinos_out)]
    for s in range(state.players):
        for field in ("hand_g", "hand_s", "show_g", "down_g"):
            places.append((f"{seat_label(s)}'s {_PLACE_NAMES[field]}", getattr(state, field)[s]))
    places += [(f"Fence pile {p + 1}", pile) for p, pile in enumerate(state.fence_piles)]
    return places


def _cards(state: DonMassivoState) -> list[str]:
    out = []
    where: dict[str, list[str]] = {}
    for name, cards in _card_places(state):
        for card in cards:
            where.setdefault(card, []).append(name)
    known = {*GANGSTERS, *STOOGES, *FENCE_IDS, *CASINO_IDS}
    for card, names in where.items():
        if card not in known:
            out.append(f"an unknown card {card!r} lies in {names[0]}")
        elif len(names) > 1:
            out.append(f"card {card} is in {len(names)} places: {', '.join(names)}")
    missing = sorted(known - set(where))
    if missing:
        out.append(f"{len(missing)} cards are nowhere, e.g. {missing[0]}")
    if any(c not in GANGSTERS for c in _gangster_cards(state)):
        out.append("a card that is no gangster lies among the Gangster cards")
    if any(c not in STOOGES for c in state.stooges.all_cards() + [c for h in state.hand_s for c in h]):
        out.append("a card that is no stooge lies among the Stooge cards")
    return out


def _gangster_cards(state: DonMassivoState) -> list[str]:
    hands = [c for zone in (*state.hand_g, *state.show_g, *state.down_g) for c in zone]
    return state.gangsters.all_cards() + state.laid + state.guard + state.specialists + hands


def _tokens(state: DonMassivoState) -> list[str]:
    out = []
    for s in range(state.players):
        tokens = state.tokens[s]
        label = seat_label(s)
        if len(tokens) > 2 or (len(tokens) != 2 and state.step != "place"):
            out.append(f"{label} has {len(tokens)} tokens on the board")
        if any(t not in LOCATIONS for t in tokens):
            out.append(f"{label} has a token on an unknown location")
        if Counter(tokens)[PRISON] > 1:
            out.append(f"{label} has both tokens in Prison")
    return out


def _casino(state: DonMassivoState) -> list[str]:
    out = []
    if (state.step == "casino") != (state.casino is not None):
        out.append("the Casino game and the step disagree")
    for p, cards in enumerate(state.fence_piles):
        if cards and cards[-1] in CASINO_IDS and state.step != "casino" and not state.over:
            out.append(f"a Casino card lies unplayed on top of Fence pile {p + 1}")
    if len(state.casinos_out) > 3:
        out.append(f"{len(state.casinos_out)} Casino cards played, but there are 3")
    return out
