"""The heuristic Crime Lords agent: buys a sound Mob, keeps it paid, takes Rackets.

It plays from a determinized state (what its seat may know, the rest resampled; the deck left
in order, which it never reads: ``view.position``) and judges each attack by its chance on
2d6, the value of the target and what it can afford.

What things are worth, in points, is in ``worth``: the bot protects and blocks only where
the Power it adds changes the odds enough to pay for the token (tokens come back only at the
end of their owner's turn), and a small Mob rebuilds as far as its Rackets and treasury can
pay the wages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents.personality import Personality, blend
from tabletop.rng import Rng

from . import actions as A
from . import attacks, mob, victory
from .cards import (
    CARDS,
    RACKET_CARDS,
    SPECIAL_CARDS,
    effects_of,
    is_crook,
    is_racket,
)
from .flow import ANY_TIME_PHASES
from .worth import (
    AIM,
    DEFENCE_CAP,
    HIDE_OUT,
    MIN_NUMBER,
    MIN_VALUE,
    MONEY_CAP,
    RIVAL_MONEY,
    STEPS,
    attack_worth,
    best_of,
    best_spend,
    chance,
    crook_value,
    deal_worth,
    defence_stake,
    estimate,
    expected_defence,
    g_value,
    hit_worth,
    likely_to_win_alone,
    racket_value,
    recruit_value,
    recruit_worth,
    rival_odds,
    side_reserve,
    spare_money,
    special_value,
    takeover_worth,
    token_worth,
    wins_with,
)

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: what a Gang War fought with the stronger Mob is worth, at most (before aggression)
WAR_WORTH = 14.0
#: a Hit on a Boss must reach this number to count ("Warning Shots": at least 2)
REAL_ATTEMPT = 2


class HeuristicAgent:
    """Greedy, rule-aware play; see the module docstring. Its ``personality`` leans it:
    aggression weighs Hits and Gang Wars, caution keeps money back and defends harder, greed
    bids higher for cards it wants; the temperature loosens near-ties."""

    kind = "heuristic"
    view = "position"  # it never reads the deck's order: see view.position

    def __init__(self, personality: Personality | None = None) -> None:
        self.personality = personality or Personality.NEUTRAL
        p = self.personality
        self.aggression = blend(p.aggression, 0.5, 1.5)   # weight of Hits and wars
        self.reserve = round(blend(p.caution, -5, 5))     # G kept back besides 5
        self.greed = blend(p.greed, 0.75, 1.25)           # weight of auction values

    def choose(self, view: CrimeLordsState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        s = view
        ph = s.phase
        self._rng = rng  # breaks ties between equally good moves (see best_of)
        if ph in ANY_TIME_PHASES and ph != "window":
            # what may be done at any time: cash when the wages are short, calming a Crook
            # about to quit; the rest waits for the bot's own turn (the phase handlers below
            # judge only their own question)
            anytime = [a for a in legal_actions if type(a) is A.UseAbility or (
                type(a) is A.PlaySpecial
                and SPECIAL_CARDS[a.card].timing == "any")]
            if anytime:
                cash = [a for a in anytime if type(a) is A.PlaySpecial
                        and effects_of(a.card, "cash")]
                if ph == "pay" and cash:
                    return cash[0]
                for a in anytime:
                    if type(a) is A.UseAbility and s.unhappy[a.target] >= 2:
                        return a
                legal_actions = [a for a in legal_actions if a not in anytime]
        handler = getattr(self, f"_{ph}", None)
        choice = handler(s, legal_actions) if handler is not None else None
        if choice is None or choice not in legal_actions:
            return legal_actions[-1] if ph in ("assist", "spoils") else legal_actions[0]
        return choice

    # -- setup -----------------------------------------------------------------------------
    def _auction(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        """Bid up to what the card is worth to us: a small step while the price is near that
        worth, a jump (about half the way to it) when the card is clearly worth more, so
        rivals know it is wanted."""
        me = s.actor
        card = s.auc_card
        mine = [c for c in range(36) if s.loc[c] == me]
        if is_crook(card):
            value = crook_value(card) + (6 if not mine else 0)
        elif is_racket(card):
            value = racket_value(card)
        else:
            value = 3
        value = int(value * self.greed)
        bids = [a for a in legal if isinstance(a, A.Bid)]
        good = [a for a in bids if a.amount <= value]
        if good:
            high = max(s.auc_high, 0)
            aim = high + max(1, (value - high) // 2)
            upto = [a for a in good if a.amount <= aim]
            return max(upto, key=lambda a: a.amount) if upto else min(
                good, key=lambda a: a.amount)
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
        def rank(a: Any) -> tuple[bool, bool, bool, int, int]:
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
        judge = TurnJudge(s, s.actor, self)
        scored = [(v, a) for a in legal if (v := judge.value(a)) > 0]
        best = self.pick(scored)
        # before any action the alternative is 10 G; after one, only ending the turn (the
        # tokens come back at its end, so an unused one is wasted)
        floor = 10 * judge.g if A.TAKE_TEN in legal else MIN_VALUE
        if best is not None and best[0] >= floor:
            return best[1]
        return A.TAKE_TEN if A.TAKE_TEN in legal else A.END_TURN

    def _war(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        scored: list[tuple[float, Any]] = []
        for a in legal:
            if not isinstance(a, A.Hit):
                continue
            n = estimate(s, "hit", a.leader, a.target)
            v = chance(n) * (crook_value(a.target) + (6 if mob.is_boss(s, a.target) else 0))
            scored.append((v * self.aggression, a))
        best = self.pick(scored)
        return best[1] if best is not None and best[0] >= 2 else A.END_TURN

    def pick(self, scored: list[tuple[float, Any]]) -> tuple[float, Any] | None:
        """The best (value, action), near-ties broken by the personality."""
        if not scored:
            return None
        if self.personality.temperature == 0:
            return best_of(scored, self._rng)
        choice = self.personality.pick([(v, (v, a)) for v, a in scored], self._rng)
        return choice

    # -- attacks -------------------------------------------------------------------------
    def _protect(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # a protector only where his Power changes the odds by more than his token is worth
        # on our next turn; of those, the one that gains most (often the cheapest)
        atk = s.attack
        assert atk is not None
        me = s.actor
        reach = attacks.success_number(s) + side_reserve(s, 0)
        worth = defence_stake(s, me, atk)
        odds = rival_odds(reach)
        best: tuple[float, Any] = (0.0, A.Protect(-1))
        for a in legal:
            if a.crook < 0:
                continue
            saved = worth * (odds - rival_odds(reach - mob.power(s, a.crook)))
            gain = saved - token_worth(s, me, a.crook)
            if gain > best[0]:
                best = (gain, a)
        return best[1]

    def _showdown(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        """Choose the sealed total among a few round amounts (``worth.STEPS``), then enter
        it step by step (the same total is chosen again at each step)."""
        return A.Commit(attacks.step_toward(s, self._showdown_total(s)))

    def _showdown_total(self, s: CrimeLordsState) -> int:
        atk = s.attack
        assert atk is not None
        me = s.actor
        n = attacks.success_number(s)
        budget = min(MONEY_CAP, max(0, spare_money(s, me) - 5))
        g = g_value(s, me)
        cap = attacks.commit_cap(s, me)
        amounts = [x for x in STEPS if x <= cap]
        if me == atk.seat:
            # our helpers come after the showdown; the defender may still answer
            reach = n + side_reserve(s, 0) - expected_defence(s)
            ok = [x for x in amounts if x <= budget]
            return best_spend(reach, attack_worth(s, me, atk), g, ok)
        if me == atk.defender:
            # the attacker's money is sealed: guess it
            reach = n + side_reserve(s, 0)
            ok = [-x for x in amounts if x <= min(budget, DEFENCE_CAP)]
            return best_spend(reach, defence_stake(s, me, atk), g, ok, sign=-1,
                              guesses=RIVAL_MONEY)
        # a bystander works against whoever is closest to winning
        if (atk.kind == "takeover" and budget >= 5 and cap >= 5
                and victory.score(s, atk.seat) >= victory.target(s) - 1):
            return -5
        return 0

    def _hitmoney(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        me = s.actor
        atk = s.attack
        assert atk is not None
        budget = max(0, spare_money(s, me) - 5)
        reach = attacks.success_number(s) + side_reserve(s, 0) - side_reserve(s, 1)
        ok = [a.amount for a in legal if a.amount <= budget]
        if starts_war(s) and ok and not has_special(s, me, "sure_shot"):
            return A.Commit(max(ok))  # every G counts to make it a real attempt
        return A.Commit(best_spend(reach, attack_worth(s, me, atk), g_value(s, me), ok))

    def _reveal(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        atk = s.attack
        assert atk is not None
        sc = atk.showdown
        assert sc is not None
        own = sc.commitments[sc.order.index(atk.seat)] or 0
        n = attacks.success_number(s) + own + side_reserve(s, 0) - expected_defence(s)
        return A.REVEAL if n >= MIN_NUMBER else A.BACK_OUT

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
            return self._help(s, n, cards, specials)
        return self._block(s, n, cards, specials)

    def _help(self, s: CrimeLordsState, n: int, cards: list[Any], specials: list[Any]) -> Any:
        """The attacker's side of the assistance stage: on our own turn the helpers' tokens
        come back at its end, so help until the number reaches 10, unless it cannot reach
        a real chance (the helpers may still lead attacks of their own)."""
        atk = s.attack
        assert atk is not None
        if atk.verdict == -1:
            sure = [a for a in specials if effects_of(a.card, "sure_shot")]
            if sure:
                return sure[0]
        if starts_war(s) and atk.verdict != 1:
            # a Gang War is started by a real attempt: make the Hit count
            sure = [a for a in specials if effects_of(a.card, "sure_shot")]
            if sure:
                return sure[0]
            if cards:
                return max(cards, key=lambda a: (attacks.card_power(s, a.card), -a.card))
            boosts = [a for a in specials if effects_of(a.card, "boost")]
            if boosts and n < AIM:
                return boosts[0]
            return A.DONE
        if n >= AIM or atk.verdict == 1 or n + side_reserve(s, 0) < MIN_NUMBER:
            return A.DONE
        if cards:
            # the weakest card that does the job, else the strongest
            need = AIM - n
            enough = [a for a in cards if attacks.card_power(s, a.card) >= need]
            if enough:
                return min(enough, key=lambda a: (attacks.card_power(s, a.card), a.card))
            return max(cards, key=lambda a: (attacks.card_power(s, a.card), -a.card))
        boosts = [a for a in specials if effects_of(a.card, "boost")]
        if boosts and 4 <= n <= 9:
            return boosts[0]
        return A.DONE

    def _block(self, s: CrimeLordsState, n: int, cards: list[Any], specials: list[Any]) -> Any:
        """The defender's side: a card spends its token (lost for our next turn) only when
        the Power it takes off changes the odds by more than that token is worth."""
        atk = s.attack
        assert atk is not None
        me = s.actor
        if n < 2 or atk.verdict == -1:
            return A.DONE
        worth = defence_stake(s, me, atk)
        foil = [a for a in specials if effects_of(a.card, "foil")]
        if foil and n >= 6 and atk.verdict != 1 and worth >= 10:
            return foil[0]
        reach = n + side_reserve(s, 0)  # the attacker may still answer
        if cards:
            cost = {a.card: token_worth(s, me, a.card) for a in cards}
            cut = {a.card: HIDE_OUT if atk.kind == "hit" else attacks.card_power(s, a.card)
                   for a in cards}

            def gain(less: int, spent: float) -> float:
                return worth * (chance(reach) - chance(reach - less)) - spent

            best = max(cards, key=lambda a: (gain(cut[a.card], cost[a.card]), -a.card))
            if gain(cut[best.card], cost[best.card]) > 0:
                return best
            # one card may not be enough where all of them together are
            if gain(sum(cut.values()), sum(cost.values())) > 0:
                return max(cards, key=lambda a: (cut[a.card], -a.card))
        boosts = [a for a in specials if effects_of(a.card, "boost")]
        if boosts and n >= 5 and worth >= 10:
            return boosts[0]
        return A.DONE

    # -- answers -------------------------------------------------------------------------
    def _consent(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        worth = recruit_worth(s, s.actor, s.offer_crook, -1)
        return A.ACCEPT if worth > 0 else A.REFUSE

    def _window(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # out of turn this bot only calms a Crook about to quit (Bentley Grimes)
        calm = [a for a in legal if isinstance(a, A.UseAbility) and s.unhappy[a.target] >= 2]
        return calm[0] if calm else A.DONE

    def _trade_ask(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return A.WITHDRAW  # this bot makes no offers; it only answers them

    def _trade(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        # take a deal worth more than it costs, unless it helps a Mob close to winning
        me = s.actor
        proposer, _, give_card, give_money, get_card, get_money = s.trade
        gain = (deal_worth(s, me, give_card, give_money, incoming=True)
                - deal_worth(s, me, get_card, get_money, incoming=False))
        close = victory.score(s, proposer) >= victory.target(s) - 3 and get_card >= 0
        return A.ACCEPT if A.ACCEPT in legal and gain > 0 and not close else A.REFUSE

    def _share(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        return A.REFUSE if likely_to_win_alone(s, s.actor) else A.ACCEPT

    def _spoils(self, s: CrimeLordsState, legal: Sequence[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, A.TakeSpoils)]
        if not takes:
            return A.DONE
        def cost(token: int) -> tuple[int, int, int]:
            # the token that matters least: none (the free Racket), a Racket's, then the
            # weakest Crook's
            if token < 0:
                return (0, 0, 0)
            return (1, 0, token) if is_racket(token) else (1, mob.power(s, token), token)

        # the richest Racket, paid with the cheapest token
        return min(takes, key=lambda a: (-RACKET_CARDS[a.card].income, a.card, cost(a.token)))


def starts_war(s: CrimeLordsState) -> bool:
    """Whether the attack in progress is a Hit on a rival Boss outside a Gang War."""
    atk = s.attack
    return (atk is not None and atk.kind == "hit" and not atk.war and atk.defender >= 0
            and atk.defender != atk.seat and s.mobs[atk.defender].root == atk.target)


def has_special(s: CrimeLordsState, seat: int, kind: str) -> bool:
    """Whether ``seat`` holds a Special with an effect of ``kind``."""
    return any(effects_of(c, kind) for c in s.specials[seat])


class TurnJudge:
    """Values the actions of one action phase (a fresh one per decision: the position
    changes after every action). Recruit worths are cached per target and superior, whether
    a Racket would win the game per Racket."""

    def __init__(self, s: CrimeLordsState, seat: int,
                 agent: HeuristicAgent | None = None) -> None:
        self.s = s
        self.seat = seat
        self.g = g_value(s, seat)
        self.aggression = agent.aggression if agent is not None else 1.0
        reserve = agent.reserve if agent is not None else 0
        budget = min(MONEY_CAP, spare_money(s, seat) - 5 - reserve)
        self.amounts = [x for x in STEPS if x <= budget]  # what an attack may cost
        self.hit_amounts = [x for x in self.amounts if x <= attacks.HIT_MONEY_CAP]
        self.near = not victory.far_from_target(s, seat)  # a Racket could win the game
        self._recruits: dict[tuple[int, int], float] = {}
        self._wins: dict[int, bool] = {}

    def value(self, a: Any) -> float:
        """What the action is worth, net of the money it will cost (0: not worth doing)."""
        s, me = self.s, self.seat
        t = type(a)
        if t is A.PlaySpecial:
            return special_value(s, me, a)
        if t is A.Visit:
            visited: int = a.crook
            return 6.0 * s.unhappy[visited]
        if t is A.UseAbility:
            used_on: int = a.target
            return 5.0 * s.unhappy[used_on] if s.loc[used_on] == me else (
                2 + 3 * s.unhappy[used_on])
        if t is A.Takeover:
            final = self.near and self.wins(a.target)
            # a rival defends the Racket that would win us the game with all he has
            cautious = True if final and s.loc[a.target] >= 0 else None
            return self.attack_value("takeover", a, takeover_worth(s, a.target, final),
                                     cautious)
        if t is A.Recruit:
            return self.attack_value("recruit", a, self.recruit(a.target, a.leader))
        if t is A.Hit:
            owner = s.loc[a.target]
            if owner >= 0 and owner != me and s.mobs[owner].root == a.target and not s.war:
                return self.war_value(a, owner)
            return self.aggression * self.attack_value("hit", a, hit_worth(s, me, a.target))
        return 0.0

    def war_value(self, a: Any, rival: int) -> float:
        """A Hit on a rival Boss starts a Gang War if it is a real attempt ("Warning Shots":
        its number at least 2): worth it when our Mob would fight the war with more Power
        than his, or to stop a rival close to winning. The attacker's turn ends with the
        roll, so it ranks below the takeovers a turn still holds."""
        s, me = self.s, self.seat
        kinds = [e for c in s.specials[me] for e in CARDS[c].effects]
        boosts = sum(e.amount for e in kinds if e.kind == "boost")
        sure = any(e.kind == "sure_shot" for e in kinds)  # "works on 10 or less"
        n = estimate(s, "hit", a.leader, a.target) + boosts
        money = min(attacks.HIT_MONEY_CAP, max(self.hit_amounts, default=0))
        if n + money < REAL_ATTEMPT and not sure:
            return 0.0
        if sure:
            n, money = AIM, 0
        mine = sum(mob.power(s, c) for c in s.mobs[me].cell)
        theirs = sum(mob.power(s, c) for c in s.mobs[rival].cell)
        edge = (mine - theirs) / max(1, mine + theirs)
        ahead = victory.score(s, rival) - victory.score(s, me)
        gain = WAR_WORTH * (edge + 0.15 * max(0, ahead))
        value = self.aggression * (gain + chance(n + money) * hit_worth(s, me, a.target))
        return value - money * self.g

    def wins(self, racket: int) -> bool:
        """``wins_with``, cached (every leader may take over the same Racket)."""
        won = self._wins.get(racket)
        if won is None:
            won = self._wins[racket] = wins_with(self.s, self.seat, racket)
        return won

    def recruit(self, target: int, leader: int) -> float:
        """``recruit_value``, cached."""
        under = -1 if leader == self.s.mobs[self.seat].root else leader
        key = (target, under)
        if key not in self._recruits:
            self._recruits[key] = recruit_value(self.s, self.seat, target, under)
        return self._recruits[key]

    def attack_value(self, kind: str, a: Any, worth: float,
                     cautious: bool | None = None) -> float:
        """Chance times worth, less the money it will take to get there (0 for an attack
        that cannot reach a real chance); ``cautious`` as for ``estimate``."""
        if worth <= 0:
            return 0.0
        n = estimate(self.s, kind, a.leader, a.target, cautious=cautious)
        money = best_spend(n, worth, self.g, self.hit_amounts if kind == "hit" else self.amounts)
        if n + money < MIN_NUMBER:
            return 0.0
        return chance(n + money) * worth - money * self.g


