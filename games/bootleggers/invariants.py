"""The invariants of a Bootleggers position: what a correct game can never break.

Every card in exactly one place (Men of Action, Truck cards, Muscle cards across all hands),
no negative counter, no more pieces than the box holds, a known step, seats that exist, and
lists as long as the player count says. ``invariants`` never raises: a state too broken to
inspect is reported as such.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from .board import (
    CRATES,
    IMPROVEMENT_MARKERS,
    INFLUENCE_PER_COLOUR,
    REMOTE_BOARDS,
    STILL_SQUARES,
)
from .cards import ALL_CARD_IDS, SPEAKEASIES, SUBDECKS, TRUCKS

if TYPE_CHECKING:
    from .state import BootleggersState

#: Every step a round passes through, and the end.
STEPS = ("muscle", "offers", "influence", "production", "deals", "loading", "loaded",
         "shipping", "lined_up", "selling", "over")
#: Lists with one entry per seat.
PER_SEAT = ("muscle_hands", "muscle_played", "shown", "bonus", "paid", "hands", "union",
            "back_influence", "locked", "back_dice", "back_impr", "family", "crates",
            "warehouse", "warehouse_on", "last_rolls", "announced", "proposals_left",
            "takings", "offers")
#: Lists with one entry per Speakeasy of the board.
PER_SPEAKEASY = ("influence", "improvements", "busted", "coppered", "profit_bonus",
                 "extra_dice", "payoff", "packing")
#: Per-seat counts that can never be negative.
COUNTS = ("back_influence", "locked", "back_dice", "back_impr", "crates", "warehouse",
          "takings")


def invariants(s: BootleggersState) -> list[str]:
    """Every problem found in ``s`` (empty: none); never raises."""
    try:
        out = _shapes(s)
        if out:
            return out  # the other checks index these lists
        return (_places(s) + _muscle(s) + _counts(s) + _seats(s) + _pieces(s)
                + s.money.check(0))
    except Exception as exc:  # noqa: BLE001 - a tampered state may break any lookup
        return [f"the position cannot be checked: {type(exc).__name__}: {exc}"]


def _shapes(s: BootleggersState) -> list[str]:
    """A known step, and lists as long as the seats, Speakeasies and Remote boards."""
    out = []
    if s.step not in STEPS:
        out.append(f"unknown step {s.step!r}")
    for name in PER_SEAT:
        if len(getattr(s, name)) != s.players:
            out.append(f"{name} has {len(getattr(s, name))} entries for {s.players} seats")
    for name in PER_SPEAKEASY:
        if len(getattr(s, name)) != len(SPEAKEASIES):
            out.append(f"{name} has {len(getattr(s, name))} entries for "
                       f"{len(SPEAKEASIES)} Speakeasies")
    if any(len(row) != s.players for row in s.influence):
        out.append(f"an influence row is not {s.players} seats long")
    for name in ("remote_owner", "remote_dice"):
        if len(getattr(s, name)) != REMOTE_BOARDS:
            out.append(f"{name} has {len(getattr(s, name))} entries for {REMOTE_BOARDS} "
                       "Remote Still boards")
    return out


def _places(s: BootleggersState) -> list[str]:
    """Every Men of Action card and Truck card in exactly one place."""
    out = []
    cards = (s.deck.draw_pile + s.deck.discard_pile + [c for c in s.offers if c]
             + [c for h in s.hands for c in h] + [c for c in s.union if c]
             + ([s.pending_card] if s.pending_card else []))
    twice = sorted(c for c, k in Counter(cards).items() if k > 1)
    if twice:
        out.append(f"Men of Action card {twice[0]} is in {Counter(cards)[twice[0]]} places")
    if sorted(set(cards)) != sorted(ALL_CARD_IDS):
        out.append(f"Men of Action cards: {len(set(cards))} distinct in play, not the 80")
    tcards = s.truck_deck.draw_pile + s.truck_deck.discard_pile + (
        [s.truck_offer] if s.truck_offer else [])
    total = sum(t.cards for t in TRUCKS.values())
    if len(tcards) != total or len(set(tcards)) != total:
        out.append(f"Truck cards: {len(tcards)} ({len(set(tcards))} distinct), not {total}")
    return out


def _muscle(s: BootleggersState) -> list[str]:
    """Each seat holds its dealt Muscle cards (in hand or played), no card in two hands,
    a sealed pick comes from the picker's hand and a shown card was played."""
    out = []
    per_deck = 2 if s.options.short_game else 3
    owners: dict[int, int] = {}
    for p in range(s.players):
        mine = s.muscle_hands[p] + s.muscle_played[p]
        if len(mine) != per_deck * len(SUBDECKS):
            out.append(f"{seat_label(p)} has {len(mine)} Muscle cards, not "
                       f"{per_deck * len(SUBDECKS)}")
        for n in mine:
            if not 1 <= n <= SUBDECKS[-1][1]:
                out.append(f"{seat_label(p)} holds Muscle card {n}, which does not exist")
            elif n in owners:
                other = "twice" if owners[n] == p else f"and {seat_label(owners[n])} too"
                out.append(f"Muscle card {n} is held by {seat_label(p)} {other}")
            owners[n] = p
        if s.shown[p] and s.shown[p] not in s.muscle_played[p]:
            out.append(f"{seat_label(p)} shows Muscle {s.shown[p]}, which he never played")
    if not s.sealed.revealed:
        for idx, p in enumerate(s.sealed.order):
            pick = s.sealed.commitments[idx]
            if pick is not None and pick not in s.muscle_hands[p]:
                out.append(f"{seat_label(p)}'s face-down Muscle {pick} is not in his hand")
    return out


def _counts(s: BootleggersState) -> list[str]:
    """No negative counter; markers, dice and crates within what the box holds."""
    out = []
    for name in COUNTS:
        for p, n in enumerate(getattr(s, name)):
            if n < 0:
                out.append(f"{seat_label(p)} has {n} {name.replace('_', ' ')}")
    for i, row in enumerate(s.influence):
        if min(row, default=0) < 0:
            out.append(f"{SPEAKEASIES[i].name} has a negative count of men")
        if sum(row) > SPEAKEASIES[i].circles:
            out.append(f"{SPEAKEASIES[i].name} has {sum(row)} men on "
                       f"{SPEAKEASIES[i].circles} circles")
        if not 0 <= s.improvements[i] <= SPEAKEASIES[i].squares:
            out.append(f"{SPEAKEASIES[i].name} has {s.improvements[i]} improvements")
    for p in range(s.players):
        used = s.back_influence[p] + sum(row[p] for row in s.influence)
        if used > INFLUENCE_PER_COLOUR:
            out.append(f"{seat_label(p)} uses {used} influence markers")
        if s.locked[p] > s.back_influence[p]:
            out.append(f"{seat_label(p)} has more men held home than in his Back Room")
        if not 1 <= s.family[p] <= STILL_SQUARES:
            out.append(f"{seat_label(p)} Family Still has {s.family[p]} dice")
    if any(not 0 <= d <= STILL_SQUARES for d in s.remote_dice):
        out.append(f"a Remote Still has a die count outside 0-{STILL_SQUARES}")
    crates = sum(s.crates) + sum(s.warehouse) + sum(t.cargo for t in s.trucks)
    if crates > CRATES:
        out.append(f"{crates} crates in play, the box holds {CRATES}")
    if sum(s.improvements) + sum(s.back_impr) > IMPROVEMENT_MARKERS:
        out.append(f"more than {IMPROVEMENT_MARKERS} Speakeasy Improvements")
    return out


def _seat_ok(s: BootleggersState, p: int, none_ok: bool = False) -> bool:
    return (none_ok and p == -1) or 0 <= p < s.players


def _seats(s: BootleggersState) -> list[str]:
    """Every seat named anywhere exists; the order is every seat once."""
    out = []
    named = [("queue", p) for p in s.queue]
    named += [("a pending question", prompt.seat) for prompt in s.decisions.stack]
    named += [("a response window", p) for prompt in s.decisions.stack if prompt.window
              for p in prompt.window.seats]
    named += [("the sealed Muscle choice", p) for p in s.sealed.order]
    for what, p in named:
        if not _seat_ok(s, p):
            out.append(f"{what} names seat {p + 1}, which does not exist")
    if sorted(s.order) != list(range(s.players)):
        out.append(f"the Muscle order {s.order} is not every seat once")
    to_act = s.to_act
    if to_act is not None and not _seat_ok(s, to_act):
        out.append(f"seat {to_act + 1} is to act and does not exist")
    for what, p in [("the Copper", s.copper), ("the pending Thug card", s.pending_seat),
                    *[("a Remote Still", o) for o in s.remote_owner],
                    *[("a Big Payoff", o) for o in s.payoff],
                    *[("a Packing Heat", o) for o in s.packing]]:
        if not _seat_ok(s, p, none_ok=True):
            out.append(f"{what} belongs to seat {p + 1}, which does not exist")
    return out


def _pieces(s: BootleggersState) -> list[str]:
    """Trucks: known sizes, no more miniatures than the box, cargo within capacity, owners
    and renters that exist, unique numbers."""
    out = []
    ids = [t.id for t in s.trucks]
    if len(ids) != len(set(ids)):
        out.append("two trucks share a number")
    for t in s.trucks:
        if t.capacity not in TRUCKS:
            out.append(f"a truck carries {t.capacity} crates, which no truck size does")
            continue
        if not 0 <= t.cargo <= t.capacity:
            out.append(f"truck #{t.id + 1} carries {t.cargo} of {t.capacity} crates")
        if not _seat_ok(s, t.owner) or not _seat_ok(s, t.renter, True) or not _seat_ok(
                s, t.pigeon, True):
            out.append(f"truck #{t.id + 1} names a seat that does not exist")
    for cap, size in TRUCKS.items():
        if sum(1 for t in s.trucks if t.capacity == cap) > size.miniatures:
            out.append(f"more than {size.miniatures} {size.name}s")
    return out
