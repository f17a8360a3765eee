"""The heuristic agent of Don Massivo: plain rules of thumb, one per kind of decision.

It plans phase 2 by scoring every move with its best deal (robbing is certain to succeed or
fail, because a display's defence lies face up), steals when there is room in hand, sells a
full hand to the best top fence, banks interest when its display is worth it and guards a rich
display with gangsters. It sees only a determinized copy of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from games.don_massivo.actions import (
    BANK,
    DISCARD,
    DONE,
    EAST,
    FACEDOWN,
    MOVES,
    PAY,
    PLACE,
    RECRUIT,
    ROB,
    SELL_TO,
    SET_MONEY,
    SHOW,
    SPECIALIST,
    STAKES,
    STEAL,
    STRIKE,
    TAKE_G,
    USE,
    VILLA,
    WEST,
)
from games.don_massivo.cards import FENCES, KINDS, LOOT_KIND, STOOGES, STRENGTH, price
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState

STEAL_WORTH = 7
"""What a steal is thought to be worth, in thousands (two loot cards sold well)."""
GANGSTER_WORTH = 1.5
"""What a point of gangster strength is thought to be worth, in thousands."""


def best_fence_price(state: DonMassivoState, card: str) -> int:
    """The best price any top fence pays for a loot card now (0 with no fence)."""
    best = 0
    for p in range(3):
        top = state.fence_top(p)
        if top is not None and not FENCES[top].is_casino:
            best = max(best, price(top, card))
    return best


def sale_value(state: DonMassivoState, seat: int, pile: int) -> int:
    """What selling every loot card in hand to the top fence of ``pile`` would bring."""
    top = state.fence_top(pile)
    if top is None or FENCES[top].is_casino:
        return 0
    return sum(price(top, c) for c in state.hand_s[seat])


def best_sale(state: DonMassivoState, seat: int) -> tuple[int, int]:
    """(value, pile) of the best whole-hand sale now."""
    return max((sale_value(state, seat, p), p) for p in range(3))


def cheapest_win(cards: list[str], defence: int) -> list[str] | None:
    """The gangsters of ``cards`` with the least total strength that beats ``defence``."""
    best: list[str] | None = None
    best_sum = 99
    cards = sorted(cards, key=lambda c: STRENGTH[c])[:10]
    for n in range(1, len(cards) + 1):
        for combo in combinations(cards, n):
            total = sum(STRENGTH[c] for c in combo)
            if defence < total < best_sum:
                best, best_sum = list(combo), total
        if best is not None and best_sum == defence + 1:
            break
    return best


class HeuristicAgent:
    """Rules of thumb for every decision of Don Massivo (see the module docstring)."""

    kind = "heuristic"
    view = "state"

    def choose(self, view: DonMassivoState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal_actions``, chosen by the rule of thumb for the current step."""
        if view.step == "place":
            return self._place(view, legal_actions, rng)
        handler = getattr(self, f"_{view.step}", None)
        choice = handler(view, legal_actions) if handler else None
        if choice is None or choice not in legal_actions:
            return self._fallback(legal_actions)
        return choice

    @staticmethod
    def _fallback(legal: Sequence[Any]) -> Any:
        return DONE if DONE in legal else legal[-1]

    # -- setup --------------------------------------------------------------------------
    def _place(self, s: DonMassivoState, legal: Sequence[Any], rng: Rng) -> Any:
        """A token on one of the least crowded locations it does not hold yet."""
        seat = s.to_act
        assert seat is not None
        crowd = {loc: sum(t.count(loc) for t in s.tokens) for loc in (WEST, EAST, BANK, VILLA)}
        wanted = [loc for loc in (WEST, EAST, BANK, VILLA) if loc not in s.tokens[seat]]
        least = min(crowd[loc] for loc in wanted)
        return PLACE[rng.choice([loc for loc in wanted if crowd[loc] == least])]

    # -- phase 2 ------------------------------------------------------------------------
    def _location_value(self, s: DonMassivoState, seat: int, loc: str) -> float:
        if loc == WEST:
            room = s.hand_limit(seat) - s.hand_size(seat)
            return STEAL_WORTH if room >= 2 else (2 if room > 0 else 0)
        if loc == EAST:
            value, _ = best_sale(s, seat)
            return value * (1.0 if len(s.hand_s[seat]) >= 3 else 0.4)
        if loc == BANK:
            mine = s.shown(seat) // 5
            return mine
        if loc == VILLA:
            return 1.5
        return 0.0

    def _deal_options(self, s: DonMassivoState, seat: int, token: int,
                      loc: str) -> list[tuple[float, Any]]:
        """(score, Pay/Rob action) for dealing at ``loc`` after moving ``token`` there."""
        out: list[tuple[float, Any]] = []
        other_loc = s.tokens[seat][1 - token]
        two = s.players == 2
        here = s.others_at(loc, seat)
        pay_targets = [1 - seat] if two else here
        both = self._location_value(s, seat, loc)
        if other_loc != loc and other_loc != "prison":
            both += self._location_value(s, seat, other_loc)
        leader = max(s.total(t) for t in range(s.players) if t != seat)
        for t in pay_targets:
            danger = 6 * s.total(t) / max(leader, 1)  # the paid player plays next
            out.append((both - 2 - danger, PAY[t]))
        power = [*s.hand_g[seat], *(s.show_g[seat] if s.step == "move" else [])]
        for t in here:
            win = cheapest_win(power, s.defence(t))
            if win is None:
                continue
            gain = s.shown(t) // 2
            if gain <= 0:
                continue
            cost = GANGSTER_WORTH * sum(STRENGTH[c] for c in win)
            danger = 6 * s.total(t) / max(leader, 1)
            after = 0.0 if two else self._location_value(s, seat, loc)
            out.append((gain + after - cost - danger + (2 if s.total(t) == leader else 0),
                        ROB[t]))
        return out

    def _move(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        best: tuple[tuple[float, int], Any, Any] | None = None
        for action in legal:
            if action not in MOVES.values():
                continue
            for score, deal in self._deal_options(s, seat, action.token, action.location):
                key = (score, -((deal.target - seat) % s.players))
                if best is None or key > best[0]:
                    best = (key, action, deal)
        if best is None:
            return None
        _, move, deal = best
        # robbing needs gangsters in hand: take them back before moving (phase 4 note)
        if (deal in ROB and s.show_g[seat]
                and cheapest_win(s.hand_g[seat], s.defence(deal.target)) is None):
            return TAKE_G[max(s.show_g[seat], key=lambda c: STRENGTH[c])]
        return move

    def _deal(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        options = [o for o in self._deal_options(s, seat, s.moved, s.tokens[seat][s.moved])
                   if o[1] in legal]
        # equal scores go to the next player clockwise, never to a lower seat number
        return max(options, key=lambda o: (o[0], -((o[1].target - seat) % s.players)))[1] \
            if options else None

    def _rob(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        need = s.defence(s.target) - sum(STRENGTH[c] for c in s.laid)
        if need < 0:
            return STRIKE
        win = cheapest_win(s.hand_g[seat], need)
        if win is not None:
            return next(a for a in legal if getattr(a, "card", None) == win[0])
        if s.hand_g[seat]:
            return next(a for a in legal if getattr(a, "card", None) == s.hand_g[seat][0])
        return STRIKE

    # -- phase 3 ------------------------------------------------------------------------
    def _locations(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        room = s.hand_limit(seat) - s.hand_size(seat)
        if RECRUIT in legal and room >= 4:
            return RECRUIT
        if USE[WEST] in legal and room >= 1:
            return USE[WEST]
        if USE[EAST] in legal:
            value, _ = best_sale(s, seat)
            if value >= 8 or len(s.hand_s[seat]) >= 4:
                return USE[EAST]
        if USE[BANK] in legal:
            mine = s.shown(seat) // 5
            others = max((s.shown(t) // 5 for t in range(s.players)
                          if t != seat and BANK in s.tokens[t]), default=0)
            if mine >= 1 and mine >= others:
                return USE[BANK]
        return DONE

    def _steal(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        room = s.hand_limit(seat) - s.hand_size(seat) - 2  # two cards come anyway
        if room > 0 and len(s.hand_g[seat]) >= 3:
            weak = min(s.hand_g[seat], key=lambda c: STRENGTH[c])
            if STRENGTH[weak] == 1 or len(s.hand_g[seat]) > 4:
                return SPECIALIST[weak]
        return STEAL

    def _sell_pick(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        _, pile = best_sale(s, s.current)
        return SELL_TO[pile]

    def _sell(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        top = s.fence_top(s.sell_pile)
        assert top is not None
        for action in legal:
            card = getattr(action, "card", None)
            if card is not None and price(top, card) >= best_fence_price(s, card):
                return action
        if not s.offered:
            return max((a for a in legal if a is not DONE),
                       key=lambda a: price(top, a.card))
        return DONE

    def _casino(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.to_act
        assert seat is not None
        seen = list(s.hand_s[seat]) + list(s.stooges.discard_pile)
        left = {k: sum(1 for c in STOOGES if LOOT_KIND[c] == k) for k in KINDS}
        for c in seen:
            left[LOOT_KIND[c]] -= 1
        kind = max(KINDS, key=lambda k: left[k])
        amount = 2 if s.pile(seat) >= 6 else (1 if s.pile(seat) >= 3 else 0)
        if amount == 0:
            return STAKES[0]
        return next((a for a in legal if a.amount == amount and a.kind == kind), STAKES[0])

    def _facedown(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.facedown_queue[0]
        defence = s.defence(seat) + sum(STRENGTH[c] for c in s.down_g[seat])
        if s.shown(seat) >= 8 and defence < 5 and len(s.hand_g[seat]) >= 2:
            card = min(s.hand_g[seat], key=lambda c: STRENGTH[c])
            return FACEDOWN[(card, 0)]
        return FACEDOWN[("", 0)]

    # -- phase 4 ------------------------------------------------------------------------
    def _planned_defence(self, s: DonMassivoState, seat: int) -> int:
        keep = sorted(s.hand_g[seat], key=lambda c: STRENGTH[c], reverse=True)[2:]
        return s.defence(seat) + sum(STRENGTH[c] for c in keep)

    def _refresh_take(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        return DONE

    def _refresh_money(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        total = s.pile(seat) + s.shown(seat)
        if BANK not in s.tokens[seat] or self._planned_defence(s, seat) < 4:
            return SET_MONEY[0]
        amount = max(0, (total - 4) // 5 * 5)
        return SET_MONEY[amount]

    def _refresh_add(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        if len(s.hand_g[seat]) > 3 or (s.shown(seat) and len(s.hand_g[seat]) > 2):
            card = min(s.hand_g[seat], key=lambda c: STRENGTH[c])
            return SHOW[card]
        return DONE

    def _limit(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        if len(s.hand_g[seat]) > 3:
            card = min(s.hand_g[seat], key=lambda c: STRENGTH[c])
            return SHOW[card]
        if s.hand_s[seat]:
            card = min(s.hand_s[seat], key=lambda c: best_fence_price(s, c))
            return DISCARD[card]
        card = min(s.hand_g[seat], key=lambda c: STRENGTH[c])
        return SHOW[card]
