"""What must always hold of a Crime Lords position, checked after every move by the
conformance suite and by hand on a tampered save: every card in exactly one place and
``loc`` agreeing; legal Mob layouts; no negative money, bidding money or markers; a known
phase; a seat to act that exists; per-seat lists as long as the table is large.

``invariants`` never raises: a state too broken to examine is reported as such.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from .cards import (
    ASIDE,
    AUCTION,
    CARDS,
    DECK,
    DISCARD,
    N_CARDS,
    UNCONTROLLED,
    has_token_space,
    is_crook,
    is_racket,
)

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: every phase of play (the question being asked), and "over"
PHASES = frozenset((
    "auction", "boss", "layout", "actions", "place", "regroup", "newboss", "pay", "protect",
    "showdown", "hitmoney", "reveal", "assist", "consent", "trade_ask", "trade", "window",
    "share", "spoils", "war", "over",
))

#: the state's lists that hold one entry per seat
PER_SEAT = ("mob_of", "mobs", "rackets", "specials", "money", "alive", "bid_money", "auc_in",
            "war_in", "war_retokened", "orphans", "orphan_lts")

#: per-card lists, one entry per card of the deck
PER_CARD = ("loc", "tokens", "unhappy", "pbonus")

_ZONES = {"deck": DECK, "uncontrolled": UNCONTROLLED, "discard": DISCARD, "aside": ASIDE,
          "auction": AUCTION}


def invariants(s: CrimeLordsState) -> list[str]:
    """The problems of the position (empty when it is sound)."""
    try:
        out = shape_problems(s)
        if out:
            return out  # the rest would index lists of the wrong length
        return [*flow_problems(s), *card_problems(s), *seat_problems(s)]
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as exc:
        # a hand-tampered state may break any assumption the checks make
        return [f"the position cannot be examined: {type(exc).__name__}: {exc}"]


def shape_problems(s: CrimeLordsState) -> list[str]:
    """Lists of the wrong length for the number of players or of cards."""
    out = []
    for field in PER_SEAT:
        n = len(getattr(s, field))
        if n != s.players:
            out.append(f"{field} has {n} entries for {s.players} players")
    for field in PER_CARD:
        n = len(getattr(s, field))
        if n != N_CARDS:
            out.append(f"{field} has {n} entries for {N_CARDS} cards")
    return out


def flow_problems(s: CrimeLordsState) -> list[str]:
    """An unknown phase, or a seat to act (or whose turn it is) that does not exist."""
    out = []
    if s.phase not in PHASES:
        out.append(f"unknown phase {s.phase!r}")
    if s.phase != "over" and not 0 <= s.actor < s.players:
        out.append(f"the seat to act ({s.actor}) is not one of the {s.players} seats")
    if not 0 <= s.current < s.players:
        out.append(f"the seat whose turn it is ({s.current}) is not one of the "
                   f"{s.players} seats")
    if s.mob_of and len(set(s.mob_of)) != len(s.mob_of):
        out.append("two players hold the same Mob card")
    return out


def card_problems(s: CrimeLordsState) -> list[str]:
    """Every card in exactly one place, consistent with ``loc``; tokens only on a card with
    a space, in play; no negative markers."""
    out = []
    where: dict[int, list[str]] = {c: [] for c in range(N_CARDS)}
    for zone, cards in (("deck", s.draw_pile), ("uncontrolled", s.uncontrolled),
                        ("discard", s.discard), ("aside", s.aside)):
        for c in cards:
            where[c].append(zone)
    for p in range(s.players):
        for c in s.mobs[p].cell:
            where[c].append(f"mob{p}")
        for c in s.rackets[p]:
            where[c].append(f"rackets{p}")
        for c in s.specials[p]:
            where[c].append(f"hand{p}")
    if s.auc_card >= 0:
        where[s.auc_card].append("auction")
    limbo = set(s.place_shape) | set(s.newboss_pool)
    limbo.update(c for shape in s.regroup_shapes.values() for c in shape)
    for c, places in where.items():
        if len(places) > 1:
            out.append(f"{CARDS[c].name} is in two places: {', '.join(places)}")
            continue
        if not places:
            setup = s.phase in ("auction", "boss", "layout") and is_crook(c) and s.loc[c] >= 0
            if c not in limbo and not setup:
                out.append(f"{CARDS[c].name} is nowhere (loc {s.loc[c]})")
            continue
        place = places[0]
        want = _ZONES.get(place)
        if want is None:
            want = int(place[len(place.rstrip("0123456789")):])  # "mob2": seat 2
        if s.loc[c] != want:
            out.append(f"{CARDS[c].name} is in {place} but loc says {s.loc[c]}")
        if s.tokens[c] and not (has_token_space(c) and s.loc[c] >= 0):
            out.append(f"{CARDS[c].name} holds a token it cannot have")
        if is_racket(c) and place.startswith("mob"):
            out.append(f"{CARDS[c].name} is a Racket inside a Mob layout")
    for c in range(N_CARDS):
        if s.unhappy[c] < 0 or s.pbonus[c] < 0:
            out.append(f"{CARDS[c].name} has a negative number of markers")
    return out


def seat_problems(s: CrimeLordsState) -> list[str]:
    """Per seat: a legal layout, no Crook kept on three markers, no negative money."""
    out: list[str] = []
    for p in range(s.players):
        who = seat_label(p)
        # Power rises from Hits may leave a Crook stronger than his superior (allowed)
        out.extend(f"{who}: {problem}" for problem in s.mobs[p].problems())
        if s.money[p] < 0:
            out.append(f"{who} has negative money ({s.money[p]} G)")
        if s.bid_money[p] < 0:
            out.append(f"{who} has negative bidding money ({s.bid_money[p]} G)")
        if any(s.unhappy[c] >= 3 for c in s.mobs[p].cell):
            out.append(f"{who} keeps a Crook with three Unhappy markers")
    if (s.phase == "auction" and s.auc_leader >= 0
            and s.auc_high > s.bid_money[s.auc_leader]):
        out.append(f"the high bid ({s.auc_high} G) is more than {seat_label(s.auc_leader)}'s "
                   "bidding money")
    return out
