"""Thug cards: which plays are open to a Mobster, G-Men: Investigation as a reaction, and
each effect of the vocabulary in cards.EFFECTS, implemented once.

Rulebook: "Thug Card Usage", "Detailed Listing of Thug Cards" and "FAQ/Rule Clarifications".
A Thug card may be played only while Muscle cards are shown; in this implementation that is
during one's own turn in the steps named by the card's ``windows`` (see cards.WINDOWS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label

from . import board, effects, muscle, words
from .actions import (
    END_TURN,
    PAY_VIG,
    REACT,
    TAKE_HOME,
    PlayThug,
    React,
)
from .cards import CARDS, SPEAKEASIES, TRUCKS, CardDef, key_of

if TYPE_CHECKING:
    from tabletop.components import Prompt, Resume

    from .state import BootleggersState

_CACHE: dict[tuple[str, int, int, int], PlayThug] = {}


def _play(key: str, target: int = -1, arg: int = -1, arg2: int = -1) -> PlayThug:
    k = (key, target, arg, arg2)
    a = _CACHE.get(k)
    if a is None:
        a = _CACHE[k] = PlayThug(key, target, arg, arg2)
    return a


# -- what may be played ----------------------------------------------------------------------
def plays(s: BootleggersState, seat: int, window: str) -> list[PlayThug]:
    """Every Thug play open to ``seat`` in ``window``."""
    hand = s.hands[seat]
    if not hand:
        return []
    out: list[PlayThug] = []
    seen: list[str] = []
    for card in hand:
        key = key_of(card)
        if key in seen:
            continue
        seen.append(key)
        d = CARDS[key]
        if window in d.windows:
            out += targets(s, seat, d)
    return out


def _open_speakeasies(s: BootleggersState, with_omalleys: bool) -> list[int]:
    first = 0 if with_omalleys else 1
    return [i for i in range(first, s.speakeasy_count) if board.is_open(s, i)]


def targets(s: BootleggersState, seat: int, d: CardDef) -> list[PlayThug]:
    """The plays of card ``d`` by ``seat`` with every valid target."""
    e = d.effect
    key = d.id
    n = s.players
    rivals = [p for p in range(n) if p != seat]
    if e in ("profit_bonus", "copper_in_house", "extra_demand_die", "packing_heat"):
        return [_play(key, i) for i in _open_speakeasies(s, False) if not s.busted[i]]
    if e == "big_payoff":
        if s.cash(seat) < d.price:
            return []
        return [_play(key, i) for i in _open_speakeasies(s, False) if s.payoff[i] != seat]
    if e == "bust_speakeasy":
        return [_play(key, i) for i in _open_speakeasies(s, True) if not s.busted[i]]
    if e == "steal_die":
        dests = muscle.die_targets(s, seat, True)
        return [_play(key, r, dest) for r, o in enumerate(s.remote_owner)
                if o >= 0 and o != seat and s.remote_dice[r] > 0 for dest in dests]
    if e == "steal_truck":
        return [_play(key, t.id) for t in s.trucks
                if t.cargo == 0 and t.owner != seat and not t.favor]
    if e == "investigation":
        return [_play(key, p) for p in rivals if s.union[p]]
    if e == "windfall":
        return [_play(key)] if s.deck.can_draw() else []
    if e == "buy_influence":
        room = muscle.influence_supply(s, seat)
        return [_play(key, -1, k) for k in range(1, d.amount + 1)
                if k <= room and s.cash(seat) >= k * d.price]
    if e == "bust_shipment":
        return [_play(key, t.id) for t in s.trucks if t.cargo > 0 and t.operator != seat]
    if e == "vigorish":
        out = []
        for p in rivals:
            if s.family[p] > 0 and p not in s.idle_stills:
                out.append(_play(key, p, -1))
            out += [_play(key, p, r) for r, o in enumerate(s.remote_owner)
                    if o == p and s.remote_dice[r] > 0 and 100 + r not in s.idle_stills]
        return out
    if e == "warehouse":
        return [] if s.warehouse_on[seat] else [_play(key)]
    if e == "safe_house":
        return [_play(key)] if any(row[seat] for row in s.influence) else []
    if e == "destroy_influence":
        out = []
        for i in range(1, s.speakeasy_count):
            row = s.influence[i]
            owners = [p for p in range(n) if row[p] > 0]
            if d.amount == 1:
                out += [_play(key, i, p) for p in owners]
            elif sum(row) == 1:
                out.append(_play(key, i, owners[0]))
            else:
                out += [_play(key, i, a, b) for a in owners for b in owners
                        if a < b or (a == b and row[a] >= 2)]
        return out
    if e == "borrow_truck":
        size = TRUCKS[d.amount]
        used = muscle.trucks_in_use(s, d.amount)
        return [_play(key)] if used < size.miniatures else []
    if e == "steal_sale":
        return [_play(key, t.id) for t in s.trucks
                if t.speakeasy >= 0 and t.cargo > 0 and t.operator != seat and t.pigeon < 0]
    if e == "hijack":
        mine = [t for t in s.trucks if t.operator == seat and t.cargo == 0 and t.speakeasy < 0]
        return [_play(key, t.id, m.id) for t in s.trucks if t.cargo > 0 and t.operator != seat
                for m in mine if m.capacity >= t.cargo]
    if e == "turf_war":
        out = [_play(key, p, -1) for p in rivals if s.family[p] >= 2]
        out += [_play(key, o, r) for r, o in enumerate(s.remote_owner) if o >= 0 and o != seat]
        return out
    if e == "muscle_bonus":
        return [_play(key, p) for p in range(n)]
    if e == "moll":
        return [_play(key, p) for p in rivals]
    if e == "move_improvement":
        dests = [j for j in range(1, s.speakeasy_count)
                 if board.is_open(s, j) and s.improvements[j] < SPEAKEASIES[j].squares]
        return [_play(key, i, j) for i in range(1, s.speakeasy_count) if s.improvements[i]
                for j in dests if j != i]
    if e == "recruiting":
        return [_play(key)]
    if e == "union_boss":
        return [] if s.union[seat] else [_play(key)]
    if e == "replace_influence":
        if muscle.influence_supply(s, seat) <= 0:
            return []
        return [_play(key, i, p) for i in range(1, s.speakeasy_count) for p in rivals
                if s.influence[i][p] > 0]
    if e == "double_cross":
        out = []
        room = muscle.influence_supply(s, seat) > 0
        for i in range(1, s.speakeasy_count):
            row = s.influence[i]
            out += [_play(key, i, p) for p in range(n) if row[p] > 0]
            if room and sum(row) < SPEAKEASIES[i].circles:
                out.append(_play(key, i, -1))
        return out
    raise AssertionError(f"no targets for effect {e}")


# -- playing and the Investigation reaction --------------------------------------------------
# bl-investigation-reaction
def play(s: BootleggersState, seat: int, action: PlayThug) -> None:
    """Play a Thug card: the rivals may cancel it with G-Men: Investigation (in Muscle order)
    before it takes effect.

    Every rival holding any Thug card is asked, whether or not one of his is an
    Investigation: asking only the holders would tell the table who holds one. A rival
    with no Thug card at all cannot cancel, and everyone sees that he holds none."""
    hand = s.hands[seat]
    card = next(c for c in hand if key_of(c) == action.card)
    hand.remove(card)
    d = CARDS[action.card]
    s.pending_card, s.pending_play, s.pending_seat = card, action, seat
    # our decision: an Investigation cannot itself be cancelled
    asked = [] if d.effect == "investigation" else [
        p for p in s.order if p != seat and s.hands[p]]
    resume = s.decisions.open_window("react", asked, "thug", card=action.card, by=seat)
    if resume is not None:
        _carry_on(s, resume)


def can_cancel(s: BootleggersState, seat: int) -> bool:
    """Whether ``seat`` holds a G-Men: Investigation."""
    return any(CARDS[key_of(c)].effect == "investigation" for c in s.hands[seat])


def react_actions(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Let it stand, or (holding an Investigation) cancel it."""
    return list(REACT if can_cancel(s, ask.seat) else REACT[:1])


def answer_react(s: BootleggersState, ask: Prompt, action: React) -> None:
    """A rival answers the Thug card just played (the window's question on top): the
    window asks the next rival, or closes."""
    resume = s.decisions.respond(ask.seat, action.cancel)
    if resume is not None:
        _carry_on(s, resume)


def _carry_on(s: BootleggersState, resume: Resume) -> None:
    """The window on a Thug card has closed: cancelled by its responder, or it takes effect."""
    assert resume.key == "thug"
    seat = resume.responder
    if seat is None:
        _resolve_pending(s)
        return
    hand = s.hands[seat]
    inv = next(c for c in hand if CARDS[key_of(c)].effect == "investigation")
    hand.remove(inv)
    s.deck.discard(inv)
    s.deck.discard(s.pending_card)
    s.log.add("g-men: investigation", f"{seat_label(seat)} cancels "
              f"{seat_label(s.pending_seat)}'s {words.card(s.pending_card)} with G-Men: "
              "Investigation: both cards are discarded and nothing happens.")
    s.pending_card, s.pending_play, s.pending_seat = "", None, -1


def _resolve_pending(s: BootleggersState) -> None:
    card, action, seat = s.pending_card, s.pending_play, s.pending_seat
    s.pending_card, s.pending_play, s.pending_seat = "", None, -1
    assert action is not None
    d = CARDS[action.card]
    if d.effect == "union_boss":
        s.union[seat] = card  # stays displayed until an Investigation ends it
    else:
        s.deck.discard(card)
    effects.resolve(s, seat, d, action)


# -- answers to Thug prompts -----------------------------------------------------------------
def vig_actions(s: BootleggersState, prompt: Prompt) -> list[Any]:
    """Refuse (the still stands idle), or pay when you can."""
    if s.cash(prompt.seat) >= prompt.get("cost"):
        return list(PAY_VIG)
    return [PAY_VIG[0]]


def home_actions(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Safe-house: bring a marker home from a Speakeasy, or stop."""
    seat = ask.seat
    return [TAKE_HOME[i] for i in range(1, s.speakeasy_count) if s.influence[i][seat]] + [
        END_TURN]
