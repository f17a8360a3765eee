"""The heuristic agent of Don Massivo: plain rules of thumb, one per kind of decision.

It plans phase 2 by scoring every move with its best deal: paying (money, or a loot card when
money would hand the payee the win or a card fetches less) against robbing, whose risk it
weighs from the gangsters the victim holds in hand (one of them may be thrown into the
defence). It steals or recruits when there is room in hand, leans on a poor fence before
selling, sells to the best top fence, banks interest when its display is worth it, guards a
rich display with gangsters, and throws a hand gangster into its defence when that saves more
than he is worth. A :class:`~tabletop.agents.personality.Personality` sets how bold (risk and
eagerness to rob), careful (display guard, defending) and greedy (Casino stakes, selling
early) it is. It sees only a determinized copy of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tabletop.agents.personality import Personality, blend
from tabletop.rng import Rng

from .actions import (
    BANK,
    DISCARD,
    DONE,
    EAST,
    FACEDOWN,
    GIVE_LOOT,
    GUARD,
    LAY,
    LEAN,
    MOVES,
    PAY,
    PAY_CASH,
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
from .cards import FENCES, KINDS, LOOT_KIND, LOOT_VALUE, STOOGES, STRENGTH, price
from .rules import PAYMENT, WIN_AMOUNT

if TYPE_CHECKING:
    from .state import DonMassivoState

STEAL_WORTH = 7
"""What a steal is thought to be worth, in thousands (two loot cards sold well)."""
GANGSTER_WORTH = 1.5
"""What a point of gangster strength is thought to be worth, in thousands."""
BAIL_WORTH = 4
"""What a failed robbery is thought to cost beyond the gangsters: bail and a lost location."""


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


_SHARE = {1: 5 / 12, 2: 4 / 12, 3: 3 / 12}
"""How the 36 Gangster cards split by strength (the share of each strength)."""


def hand_reaches(cards: int, need: int) -> float:
    """The chance that ``cards`` unseen Gangster cards have a total strength of ``need`` or
    more (strengths drawn as in the full deck)."""
    if need <= 0:
        return 1.0
    if need > 3 * cards:
        return 0.0
    dist = {0: 1.0}
    for _ in range(cards):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for strength, share in _SHARE.items():
                nxt[total + strength] = nxt.get(total + strength, 0.0) + p * share
        dist = nxt
    return sum(p for total, p in dist.items() if total >= need)


def cheapest_win(cards: list[str], defence: int) -> list[str] | None:
    """The gangsters of ``cards`` with the least total strength that beats ``defence``: of
    the ten weakest, the fewest cards, the first such set in the order of the hand sorted by
    strength."""
    cards = sorted(cards, key=lambda c: STRENGTH[c])[:10]
    picked = _cheapest_win_at(tuple(STRENGTH[c] for c in cards), defence)
    return None if picked is None else [cards[i] for i in picked]


@cache
def _cheapest_win_at(strengths: tuple[int, ...], defence: int) -> tuple[int, ...] | None:
    """:func:`cheapest_win` by positions in a hand of ``strengths`` (sorted): the answer
    depends on the strengths alone, and a search asks it for the same few hands again and
    again (up to 1,023 sets each)."""
    best: tuple[int, ...] | None = None
    best_sum = 99
    for n in range(1, len(strengths) + 1):
        for combo in combinations(range(len(strengths)), n):
            total = sum(strengths[i] for i in combo)
            if defence < total < best_sum:
                best, best_sum = combo, total
        if best is not None and best_sum == defence + 1:
            break
    return best


class HeuristicAgent:
    """Rules of thumb for every decision of Don Massivo (see the module docstring)."""

    kind = "heuristic"
    view = "position"  # no other seat's hidden cards, no pile order: views.position

    def __init__(self, personality: Personality | None = None) -> None:
        p = personality or Personality.NEUTRAL
        self.personality = p
        self.fail_cost = BAIL_WORTH * blend(p.aggression, 1.6, 0.4)
        """What a failed robbery is thought to cost: bold bots fear Prison less."""
        self.rob_bonus = blend(p.aggression, -2.0, 2.0)
        """A bold bot likes robbing for itself; a peaceable one prefers to pay."""
        self.danger = 6 * blend(p.caution, 0.7, 1.3)
        """How much handing the next turn to a rich rival weighs."""
        self.guard_at = round(blend(p.caution, 3, 5))
        """The defence a display needs before money is kept in it."""
        self.defend_worth = GANGSTER_WORTH * blend(p.caution, 1.5, 0.5)
        """What a hand gangster thrown into the defence is thought to cost."""
        self.stake = round(blend(p.greed, 0, 4))
        """The usual Casino stake, in thousands."""
        self.sell_at = blend(p.greed, 11, 5)
        """The sale (in thousands) worth a trip to the East Side with fewer than 4 loot cards."""
        self._rng: Rng | None = None
        self._intent: tuple[int, Any] = (-1, None)
        """(turn, Pay/Rob) the move was chosen for."""

    def choose(self, view: DonMassivoState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal_actions``, chosen by the rule of thumb for the current step."""
        self._rng = rng
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
            danger = self.danger * s.total(t) / max(leader, 1)  # the paid player plays next
            out.append((both - 2 - danger, PAY[t]))
        power = [*s.hand_g[seat], *(s.show_g[seat] if s.step == "move" else [])]
        for t in here:
            gain = s.shown(t) // 2
            if gain <= 0:
                continue
            plan = self.attack_plan(s, seat, power, t)
            if plan is None:
                continue
            chance, win = plan
            cost = self.card_cost(s, seat, win)
            danger = self.danger * s.total(t) / max(leader, 1)
            after = 0.0 if two else self._location_value(s, seat, loc)
            value = chance * (gain + after) - (1 - chance) * self.fail_cost + self.rob_bonus
            out.append((value - cost - danger + (2 if s.total(t) == leader else 0), ROB[t]))
        return out

    def card_cost(self, s: DonMassivoState, seat: int, cards: list[str]) -> float:
        """What laying ``cards`` costs: each point of strength, and more for a gangster taken
        out of a display he guards (the richer the display, the dearer)."""
        guard = min(3.0, s.shown(seat) / max(4 * s.defence(seat), 1))
        return sum(STRENGTH[c] * (GANGSTER_WORTH + (guard if c in s.show_g[seat] else 0))
                   for c in cards)

    def attack_plan(self, s: DonMassivoState, seat: int, cards: list[str],
                    victim: int) -> tuple[float, list[str]] | None:
        """(chance of success, gangsters to lay) of the best robbery of ``victim`` with
        ``cards``: the victim may throw his unseen hand gangsters into the defence when
        the money at stake is worth them. None if ``cards`` cannot beat the display defence."""
        defence, gain = s.defence(victim), s.shown(victim) // 2
        best: tuple[float, float, list[str]] | None = None
        seen: set[int] = set()
        for extra in range(3 * len(s.hand_g[victim]) + 1):
            win = cheapest_win(cards, defence + extra)
            if win is None:
                break
            total = sum(STRENGTH[c] for c in win)
            if total in seen:
                continue
            seen.add(total)
            need = total - defence  # what the victim must throw in to stop it
            willing = 1.0 if gain >= GANGSTER_WORTH * need else 0.2
            chance = 1.0 - willing * hand_reaches(len(s.hand_g[victim]), need)
            value = chance * gain - (1 - chance) * self.fail_cost - self.card_cost(s, seat, win)
            if best is None or value > best[0]:
                best = (value, chance, win)
        return None if best is None else (best[1], best[2])

    def _move(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        scored: list[tuple[float, tuple[Any, Any]]] = []
        for action in legal:
            if action not in MOVES.values():
                continue
            for score, deal in self._deal_options(s, seat, action.token, action.location):
                # equal scores go to the next player clockwise, never to a lower seat number
                scored.append((score - 0.001 * ((deal.target - seat) % s.players),
                               (action, deal)))
        if not scored:
            return None
        rng = self._rng or Rng.from_seed(0, "don_massivo heuristic")
        move, deal = self.personality.pick(scored, rng)
        self._intent = (s.turn, deal)
        # robbing needs gangsters in hand: take them back before moving (phase 4 note)
        if deal in ROB and s.show_g[seat]:
            plan = self.attack_plan(s, seat, [*s.hand_g[seat], *s.show_g[seat]], deal.target)
            shown = [c for c in plan[1] if c in s.show_g[seat]] if plan else []
            if shown:
                return TAKE_G[max(shown, key=lambda c: STRENGTH[c])]
        return move

    def _deal(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        turn, deal = self._intent
        if turn == s.turn and deal in legal:
            return deal
        options = [o for o in self._deal_options(s, seat, s.moved, s.tokens[seat][s.moved])
                   if o[1] in legal]
        # equal scores go to the next player clockwise, never to a lower seat number
        return max(options, key=lambda o: (o[0], -((o[1].target - seat) % s.players)))[1] \
            if options else None

    def _rob(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.current
        plan = self.attack_plan(s, seat, [*s.hand_g[seat], *s.laid], s.target)
        todo = [c for c in plan[1] if c not in s.laid] if plan else []
        if todo:
            return LAY[max(todo, key=lambda c: STRENGTH[c])]
        if sum(STRENGTH[c] for c in s.laid) > s.defence(s.target) or not s.hand_g[seat]:
            return STRIKE
        return LAY[max(s.hand_g[seat], key=lambda c: STRENGTH[c])]

    def _defend(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        """Throw in the cheapest hand gangsters that stop the robbery, one by one, if the
        money saved is worth more than they are."""
        seat = s.target
        need = sum(STRENGTH[c] for c in s.laid) - s.defence(seat) - sum(
            STRENGTH[c] for c in s.guard)
        stop = cheapest_win(s.hand_g[seat], need - 1) if need > 0 else None
        if stop is None:
            return DONE
        spent = sum(STRENGTH[c] for c in [*stop, *s.guard])
        if s.shown(seat) // 2 < self.defend_worth * spent and not s.guard:
            return DONE
        return GUARD[max(stop, key=lambda c: STRENGTH[c])]

    def _payment(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        """Loot instead of money when money would make the payee rich enough to win, or when
        a loot card fetches less than the $2,000 anywhere."""
        seat, target = s.current, s.target
        cheapest = min(s.hand_s[seat], key=lambda c: best_fence_price(s, c))
        if s.total(target) + PAYMENT >= WIN_AMOUNT or best_fence_price(s, cheapest) < PAYMENT:
            return GIVE_LOOT[cheapest]
        return PAY_CASH

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
            if value >= self.sell_at or len(s.hand_s[seat]) >= 4:
                lean = self._lean(s, legal)
                return lean if lean is not None else USE[EAST]
        if USE[BANK] in legal:
            mine = s.shown(seat) // 5
            others = max((s.shown(t) // 5 for t in range(s.players)
                          if t != seat and BANK in s.tokens[t]), default=0)
            if mine >= 1 and mine >= others:
                return USE[BANK]
        return DONE

    def _lean(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        """Before selling, throw out the top fence that pays worst for the hand when even the
        best top pays less than $2,000 a unit: the next fence can only add to the choice. Not
        when it could turn up the third Casino while another player is richer (each lean
        brings the Casino cards nearer)."""
        seat = s.current
        units = sum(LOOT_VALUE[c] for c in s.hand_s[seat])
        value, _ = best_sale(s, seat)
        if not units or value >= 2 * units:
            return None
        if len(s.casinos_out) == 2 and s.total(seat) < max(s.total(t) for t in range(s.players)):
            return None
        options = [a for a in legal if a in LEAN]
        if not options:
            return None
        return min(options, key=lambda a: sale_value(s, seat, a.pile))

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
        amount = min(self.stake, s.pile(seat) // 3)
        if amount == 0:
            return STAKES[0]
        return next((a for a in legal if a.amount == amount and a.kind == kind), STAKES[0])

    def _facedown(self, s: DonMassivoState, legal: Sequence[Any]) -> Any:
        seat = s.facedown_queue[0]
        defence = s.defence(seat) + sum(STRENGTH[c] for c in s.down_g[seat])
        if s.shown(seat) >= 8 and defence <= self.guard_at and len(s.hand_g[seat]) >= 2:
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
        if BANK not in s.tokens[seat] or self._planned_defence(s, seat) < self.guard_at:
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
