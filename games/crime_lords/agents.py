"""The heuristic Crime Lords agent: buys a sound Mob, keeps it paid, takes Rackets.

It plays from a determinized state (what its seat may know, the rest resampled) and judges
each attack by its chance on 2d6, the value of the target and what it can afford.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.crime_lords import actions as A
from games.crime_lords import attacks, mob, victory
from games.crime_lords.cards import CARDS, effects_of, is_crook, is_racket
from games.crime_lords.flow import income, pay_of
from games.crime_lords.state import Attack, CrimeLordsState
from tabletop.rng import Rng

#: chance (in 36ths) that 2d6 rolls ``n`` or less, with 11-12 always failing
CHANCE = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 33]


def chance(n: int) -> float:
    """Probability that an attack needing ``n`` or less succeeds."""
    return CHANCE[max(0, min(n, 11))] / 36


def crook_value(c: int) -> float:
    """What a Crook is worth to a Mob, in G of auction money."""
    d = CARDS[c]
    return {1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 10}[d.power] + 2 * bool(d.effects)  # type: ignore


def racket_value(r: int) -> float:
    """What a Racket is worth, in G of auction money."""
    return 2 * CARDS[r].income + 2  # type: ignore[union-attr]


class HeuristicAgent:
    """Greedy, rule-aware play; see the module docstring."""

    kind = "heuristic"
    view = "state"

    def choose(self, view: CrimeLordsState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        s = view
        ph = s.phase
        self._rng = rng  # breaks ties between equally good moves (see best_of)
        handler = getattr(self, f"_{ph}", None)
        choice = handler(s, legal_actions) if handler is not None else None
        if choice is None or choice not in legal_actions:
            return legal_actions[-1] if ph in ("assist", "spoils") else legal_actions[0]
        return choice

    # -- setup -----------------------------------------------------------------------------
    def _auction(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        me = s.actor
        card = s.auc_card
        mine = [c for c in range(36) if s.loc[c] == me]
        if is_crook(card):
            value = crook_value(card) + (6 if not mine else 0)
        elif is_racket(card):
            value = racket_value(card)
        else:
            value = 3
        bids = [a for a in legal if isinstance(a, A.Bid)]
        good = [a for a in bids if a.amount <= value]
        if good:
            return min(good, key=lambda a: a.amount)
        return A.PASS_BID if A.PASS_BID in legal else bids[0]

    def _boss(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return max(legal, key=lambda a: (CARDS[a.crook].power, bool(CARDS[a.crook].effects),
                                         -a.crook))

    def _newboss(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return self._boss(s, legal)

    def _layout(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return self._place(s, legal)

    def _regroup(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return self._place(s, legal)

    def _pay(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # keep everybody: first whoever would quit on short pay (full), then whoever would
        # quit unpaid (1 G), then full pay for the strongest
        def rank(a: Any) -> tuple:
            full = a.amount >= s.pay_due[a.crook]
            risk = s.unhappy[a.crook]
            return (not (full and risk >= 2), not (not full and risk == 1),
                    not full, -mob.base_power(s, a.crook), a.crook)
        return min(legal, key=rank)

    def _place(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # the tightest fit: the weakest superior still stronger, deepest first, so that the
        # sides near the Boss stay open for strong recruits ("Well-Organized Crime")
        m = s.mobs[s.actor]
        return min(legal, key=lambda a: (mob.power(s, a.superior), -m.depth(a.superior),
                                         a.superior, a.x, a.y))

    # -- the turn --------------------------------------------------------------------------
    def _actions(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        me = s.actor
        spare = s.money[me] + income(s, me) - upkeep(s, me)
        scored: list[tuple[float, Any]] = []
        for a in legal:
            t = type(a)
            v = 0.0
            if t is A.PlaySpecial:
                kinds = {e.kind for e in CARDS[a.card].effects}
                if "cash" in kinds:
                    v = 50
                elif "calm_all" in kinds:
                    v = 5 * sum(1 for c in s.mobs[me].cell if s.unhappy[c])
                elif "agitate" in kinds:
                    v = 3 + 4 * s.unhappy[a.target]
                elif "retoken" in kinds:
                    v = 3 if is_crook(a.target) and mob.power(s, a.target) >= 4 else 1
            elif t is A.Visit:
                v = 6 * s.unhappy[a.crook]
            elif t is A.UseAbility:
                v = 5 * s.unhappy[a.target] if s.loc[a.target] == me else 2 + 3 * s.unhappy[a.target]
            elif t is A.Takeover:
                n = estimate(s, "takeover", a.leader, a.target, spare)
                v = chance(n) * (racket_value(a.target) + 8)
                if s.loc[a.target] >= 0:
                    # it also weakens a rival; once the city's free Rackets are gone it is
                    # the only way to grow
                    free = any(is_racket(c) for c in s.uncontrolled)
                    v *= 1.2 if free else 2.0
            elif t is A.Recruit:
                cost = CARDS[a.target].power
                if income(s, me) - upkeep(s, me) - cost < -2 and s.money[me] < 40:
                    continue
                if len(s.mobs[me]) >= 7:
                    continue
                n = estimate(s, "recruit", a.leader, a.target, spare)
                v = chance(n) * crook_value(a.target) * 1.2
            elif t is A.Hit:
                owner = s.loc[a.target]
                if owner == me:
                    continue
                n = estimate(s, "hit", a.leader, a.target, spare)
                threat = 0.0
                if owner >= 0:
                    threat = 2 + 3 * max(0, victory.score(s, owner) - victory.score(s, me))
                    if s.mobs[owner].root == a.target:
                        threat -= 4  # starts a Gang War
                else:
                    threat = 1 if CARDS[a.target].power >= 5 else -5
                v = chance(n) * (crook_value(a.target) + threat)
            if v > 0:
                scored.append((v, a))
        best = best_of(scored, self._rng)
        if best is not None and best[0] >= 1.5:
            return best[1]
        return A.TAKE_TEN if A.TAKE_TEN in legal else A.END_TURN

    def _protect(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        crooks = [a for a in legal if a.crook >= 0]
        if not crooks:
            return legal[0]
        return max(crooks, key=lambda a: (mob.power(s, a.crook), -a.crook))

    def _showdown(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        atk = s.attack
        assert atk is not None
        me = s.actor
        n = attacks.success_number(s)
        spare = max(0, s.money[me] + income(s, me) - upkeep(s, me) - 5)
        amounts = [a.amount for a in legal]
        if me == atk.seat:
            want = max(0, 9 - n)
            ok = [x for x in amounts if 0 <= x <= min(spare, want + 2)]
            fit = [x for x in ok if x >= want]
            return A.Commit(min(fit) if fit else max(ok, default=0))
        if me == atk.defender:
            if n < 4:
                return A.Commit(0)
            want = n - 4
            ok = [x for x in amounts if -min(spare, want + 2) <= x <= 0]
            fit = [x for x in ok if -x >= want]
            return A.Commit(max(fit) if fit else min(ok, default=0))
        # a bystander works against whoever is closest to winning
        if (atk.kind == "takeover" and spare >= 5
                and victory.score(s, atk.seat) >= victory.target(s) - 1):
            return A.Commit(-5) if A.Commit(-5) in legal else A.Commit(0)
        return A.Commit(0)

    def _hitmoney(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        me = s.actor
        spare = s.money[me] + income(s, me) - upkeep(s, me) - 5
        n = attacks.success_number(s)
        if n >= 10 or spare <= 0:
            return A.Commit(0)
        amounts = [a.amount for a in legal if a.amount <= spare]
        return A.Commit(min(max(amounts, default=0), max(0, 10 - n)))

    def _reveal(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        atk = s.attack
        assert atk is not None
        sc = atk.showdown
        assert sc is not None
        own = sc.commitments[sc.order.index(atk.seat)] or 0
        n = attacks.success_number(s) + own
        return A.REVEAL if n + helper_power(s) >= 4 else A.BACK_OUT

    def _assist(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        atk = s.attack
        assert atk is not None
        n = attacks.success_number(s)
        if atk.side == 2:
            # a bystander only steps in against a Mob close to winning
            against = [a for a in legal if isinstance(a, A.Interfere) and a.side < 0]
            if against and victory.score(s, atk.seat) >= victory.target(s) - 1 and n >= 2:
                return against[0]
            return A.DONE
        cards = [a for a in legal if isinstance(a, A.Assist)]
        specials = [a for a in legal if isinstance(a, A.PlaySpecial)]
        if atk.side == 0:
            if atk.verdict == -1:
                sure = [a for a in specials if effects_of(a.card, "sure_shot")]
                if sure:
                    return sure[0]
            if n >= 10 or atk.verdict == 1:
                return A.DONE
            if cards:
                # the weakest card that does the job, else the strongest
                need = 10 - n
                enough = [a for a in cards if attacks.card_power(s, a.card) >= need]
                if enough:
                    return min(enough, key=lambda a: (attacks.card_power(s, a.card), a.card))
                return max(cards, key=lambda a: (attacks.card_power(s, a.card), -a.card))
            boosts = [a for a in specials if effects_of(a.card, "boost")]
            if boosts and 4 <= n <= 9:
                return boosts[0]
            return A.DONE
        if n < 2 or atk.verdict == -1:
            return A.DONE
        foil = [a for a in specials if effects_of(a.card, "foil")]
        if foil and n >= 6 and atk.verdict != 1:
            return foil[0]
        if cards:
            return max(cards, key=lambda a: (attacks.card_power(s, a.card), -a.card))
        boosts = [a for a in specials if effects_of(a.card, "boost")]
        if boosts and n >= 5:
            return boosts[0]
        return A.DONE

    def _consent(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        me = s.actor
        ok = income(s, me) - upkeep(s, me) >= pay_of(s, s.offer_crook)
        return A.ACCEPT if ok else A.REFUSE

    def _window(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # out of turn this bot only calms a Crook about to quit (Bentley Grimes)
        calm = [a for a in legal if isinstance(a, A.UseAbility) and s.unhappy[a.target] >= 2]
        return calm[0] if calm else A.DONE

    def _trade_ask(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return A.WITHDRAW  # this bot makes no offers; it only answers them

    def _trade(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # take a deal worth more than it costs, unless it helps a Mob close to winning
        tr = s.trade
        proposer = tr[0]

        def worth(card: int, money: int) -> float:
            if card < 0:
                return money
            return racket_value(card) if is_racket(card) else 3

        gain = worth(tr[2], tr[3]) - worth(tr[4], tr[5])
        close = victory.score(s, proposer) >= victory.target(s) - 3 and tr[4] >= 0
        return A.ACCEPT if A.ACCEPT in legal and gain > 0 and not close else A.REFUSE

    def _share(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return A.ACCEPT

    def _spoils(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, A.TakeSpoils)]
        if not takes:
            return A.DONE
        return max(takes, key=lambda a: (CARDS[a.card].income, -a.card))

    def _war(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        scored: list[tuple[float, Any]] = []
        for a in legal:
            if not isinstance(a, A.Hit):
                continue
            n = estimate(s, "hit", a.leader, a.target, 0)
            v = chance(n) * (crook_value(a.target) + (6 if mob.is_boss(s, a.target) else 0))
            scored.append((v, a))
        best = best_of(scored, self._rng)
        return best[1] if best is not None and best[0] >= 2 else A.END_TURN


def best_of(scored: list[tuple[float, Any]], rng: Rng) -> tuple[float, Any] | None:
    """The highest-valued (value, action), ties broken at random: the legal actions list
    rivals' cards in seat order, so taking the first of equals aimed every attack that
    tied at the lowest-numbered rival, and P1 won far less than his share."""
    if not scored:
        return None
    top = max(v for v, _ in scored)
    ties = [va for va in scored if va[0] == top]
    return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]


def upkeep(s: CrimeLordsState, seat: int) -> int:
    """What the seat's gang costs per turn."""
    return sum(pay_of(s, c) for c in s.mobs[seat].cell)


def helper_power(s: CrimeLordsState) -> int:
    """Power the attacker could still add in the assistance stage (a rough upper bound)."""
    atk = s.attack
    assert atk is not None
    m = s.mobs[atk.seat]
    helpers = [attacks.card_power(s, c) for c in m.nodes() if s.tokens[c] and c != atk.leader]
    if atk.kind == "takeover":
        return sum(helpers)
    return max(helpers, default=0)


def estimate(s: CrimeLordsState, kind: str, leader: int, target: int, spare: int) -> int:
    """The success number an attack could reach with this player's helpers and money."""
    owner = s.loc[target]
    saved = s.attack
    s.attack = Attack(kind, s.actor, leader, target, owner if owner >= 0 else -1, war=s.war)
    try:
        n = attacks.success_number(s)
        m = s.mobs[s.actor]
        boss_led = m.root == leader
        helpers = sorted((attacks.card_power(s, c) for c in m.nodes()
                          if s.tokens[c] and c != leader
                          and (boss_led or m.is_below(c, leader))), reverse=True)
        if kind == "takeover":
            n += sum(helpers[:2])
        elif helpers:
            n += helpers[0]
        cap = 5 if kind == "hit" else 10
        n += max(0, min(spare - 5, cap))
        if owner >= 0 and kind != "hit":
            n -= 6  # the defender will spend money and cards against it
    finally:
        s.attack = saved
    return n
