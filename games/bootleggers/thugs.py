"""Thug cards: which plays are open to a Mobster, G-Men: Investigation as a reaction, and
each effect of the vocabulary in cards.EFFECTS, implemented once.

Rulebook: "Thug Card Usage", "Detailed Listing of Thug Cards" and "FAQ/Rule Clarifications".
A Thug card may be played only while Muscle cards are shown; in this implementation that is
during one's own turn in the steps named by the card's ``windows`` (see cards.WINDOWS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers import muscle, selling, shipping
from games.bootleggers.actions import (
    END_TURN,
    PAY_VIG,
    REACT,
    TAKE_HOME,
    EndTurn,
    PlayThug,
    TakeHome,
)
from games.bootleggers.cards import CARDS, SPEAKEASIES, TRUCKS, CardDef, key_of

if TYPE_CHECKING:
    from games.bootleggers.state import BootleggersState

_CACHE: dict[tuple, PlayThug] = {}


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
    return [i for i in range(first, s.speakeasy_count) if selling.is_open(s, i)]


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
                 if selling.is_open(s, j) and s.improvements[j] < SPEAKEASIES[j].squares]
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
def play(s: BootleggersState, seat: int, action: PlayThug) -> None:
    """Play a Thug card: rivals holding G-Men: Investigation may cancel it (in Muscle order)
    before it takes effect."""
    hand = s.hands[seat]
    card = next(c for c in hand if key_of(c) == action.card)
    hand.remove(card)
    d = CARDS[action.card]
    s.pending_card, s.pending_play, s.pending_seat = card, action, seat
    if d.effect == "investigation":
        s.react_queue = []  # our decision: an Investigation cannot itself be cancelled
    else:
        s.react_queue = [p for p in s.order if p != seat and any(
            CARDS[key_of(c)].effect == "investigation" for c in s.hands[p])]
    _ask_next(s)


def _ask_next(s: BootleggersState) -> None:
    if s.react_queue and s.pending_play is not None:
        s.decisions.push(s.react_queue[0], "react", card=s.pending_play.card,
                         by=s.pending_seat)
    else:
        _resolve_pending(s)


def react_actions() -> tuple[Any, ...]:
    """Let it stand, or cancel it."""
    return REACT


def answer_react(s: BootleggersState, seat: int, cancel: bool) -> None:
    """A rival answers the Thug card just played."""
    if cancel:
        hand = s.hands[seat]
        inv = next(c for c in hand if CARDS[key_of(c)].effect == "investigation")
        hand.remove(inv)
        s.deck.discard(inv)
        s.deck.discard(s.pending_card)
        s.pending_card, s.pending_play, s.pending_seat = "", None, -1
        s.react_queue = []
        return
    s.react_queue.pop(0)
    _ask_next(s)


def _resolve_pending(s: BootleggersState) -> None:
    card, action, seat = s.pending_card, s.pending_play, s.pending_seat
    s.pending_card, s.pending_play, s.pending_seat = "", None, -1
    assert action is not None
    d = CARDS[action.card]
    if d.effect == "union_boss":
        s.union[seat] = card  # stays displayed until an Investigation ends it
    else:
        s.deck.discard(card)
    resolve(s, seat, d, action)


def resolve(s: BootleggersState, seat: int, d: CardDef, a: PlayThug) -> None:
    """Carry out effect ``d.effect`` of a Thug card played by ``seat``."""
    e = d.effect
    i = a.target
    if e == "profit_bonus":
        s.profit_bonus[i] += d.amount
    elif e == "copper_in_house":
        s.coppered[i] = True
    elif e == "extra_demand_die":
        s.extra_dice[i] += d.amount
    elif e == "packing_heat":
        s.packing[i] = seat
    elif e == "big_payoff":
        s.money.burn(f"seat:{seat}", d.price)
        s.payoff[i] = seat
        shipping.redock(s, i)  # FAQ: the trucks there line up again
    elif e == "bust_speakeasy":
        s.busted[i] = True
    elif e == "steal_die":
        s.remote_dice[i] -= 1  # the robbed Remote Still stays, even with no die left
        muscle.add_die(s, seat, a.arg)
    elif e == "steal_truck":
        t = shipping.truck_by_id(s, i)
        t.owner, t.renter = seat, -1
    elif e == "investigation":
        s.deck.discard(s.union[i])
        s.union[i] = ""
    elif e == "windfall":
        muscle.redeem(s, seat, s.deck.draw(s.rng))
    elif e == "buy_influence":
        s.money.burn(f"seat:{seat}", a.arg * d.price)
        muscle.gain_influence(s, seat, a.arg)
    elif e == "bust_shipment":
        shipping.truck_by_id(s, i).cargo = 0
    elif e == "vigorish":
        dice = s.family[i] if a.arg < 0 else s.remote_dice[a.arg]
        code = i if a.arg < 0 else 100 + a.arg
        s.decisions.push(i, "vig", by=seat, still=code, cost=d.price * dice)
    elif e == "warehouse":
        s.warehouse_on[seat] = True
    elif e == "safe_house":
        s.decisions.push(seat, "home", left=d.amount)
    elif e == "destroy_influence":
        # FAQ: destroyed markers go back to their owner's supply, not the Back Room.
        s.influence[i][a.arg] -= 1
        if a.arg2 >= 0:
            s.influence[i][a.arg2] -= 1
    elif e == "borrow_truck":
        muscle.new_truck(s, seat, d.amount, favor=True)
    elif e == "steal_sale":
        shipping.truck_by_id(s, i).pigeon = seat
    elif e == "hijack":
        target = shipping.truck_by_id(s, i)
        mine = shipping.truck_by_id(s, a.arg)
        mine.cargo, target.cargo = target.cargo, 0
        if target.speakeasy >= 0:
            # FAQ: the robbed truck stays in line, empty; ours joins the back of its dock.
            shipping.line_up(s, mine, target.speakeasy)
    elif e == "turf_war":
        if a.arg < 0:
            s.family[i] -= 1
        else:
            s.remote_owner[a.arg] = -1
            s.remote_dice[a.arg] = 0
    elif e == "muscle_bonus":
        s.bonus[i] += d.amount
        muscle.reorder(s)
    elif e == "moll":
        roll = 1 + s.rng.below(6)
        s.money.pay_what_you_can_to_bank(f"seat:{i}", roll)  # FAQ: a free pass on the rest
    elif e == "move_improvement":
        s.improvements[i] -= 1
        s.improvements[a.arg] += 1
    elif e == "recruiting":
        left = 1 + s.rng.below(6)
        takers = [seat]
        while len(takers) < left:
            takers += s.order
        for p in takers[:left]:
            muscle.gain_influence(s, p, 1)
    elif e == "union_boss":
        pass
    elif e == "replace_influence":
        s.influence[i][a.arg] -= 1
        s.influence[i][seat] += 1
    elif e == "double_cross":
        if a.arg >= 0:
            s.influence[i][a.arg] -= 1
        else:
            s.influence[i][seat] += 1
    else:
        raise AssertionError(f"unknown effect {e}")


# -- answers to Thug prompts -----------------------------------------------------------------
def vig_actions(s: BootleggersState, prompt: Any) -> list[Any]:
    """Refuse (the still stands idle), or pay when you can."""
    if s.cash(prompt.seat) >= prompt.get("cost"):
        return list(PAY_VIG)
    return [PAY_VIG[0]]


def answer_vig(s: BootleggersState, prompt: Any, pay: bool) -> None:
    """Pay the Vigorish to its player, or idle the still this round."""
    if pay:
        s.money.transfer(f"seat:{prompt.seat}", f"seat:{prompt.get('by')}", prompt.get("cost"))
    else:
        s.idle_stills.append(prompt.get("still"))


def home_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Safe-house: bring a marker home from a Speakeasy, or stop."""
    return [TAKE_HOME[i] for i in range(1, s.speakeasy_count) if s.influence[i][seat]] + [
        END_TURN]


def answer_home(s: BootleggersState, prompt: Any, action: TakeHome | EndTurn) -> None:
    """Bring one marker home; it may not be placed again this round."""
    if not isinstance(action, TakeHome):
        return
    seat = prompt.seat
    s.influence[action.speakeasy][seat] -= 1
    s.back_influence[seat] += 1
    s.locked[seat] += 1
    left = prompt.get("left") - 1
    if left > 0 and any(s.influence[i][seat] for i in range(1, s.speakeasy_count)):
        s.decisions.push(seat, "home", left=left)
