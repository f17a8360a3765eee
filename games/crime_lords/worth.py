"""What things are worth to the heuristic Crime Lords agent, in points, and how likely its
attacks are: the valuation half of ``agents``.

A Racket of income 3 is worth 16 to the Mob that takes it (``stake``). A G is worth a
fraction of a point, more as the treasury runs low (``g_value``), so an attack is worth its
chance times its target, less the money put into it. Action Tokens come back only at the end
of their owner's own turn: a token spent defending on a rival's turn is an action lost on the
next one (``token_worth``). A Crook is one more action a turn and one more helper: a small
Mob rebuilds, as far as its Rackets and treasury can pay the wages (``recruit_worth``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.rng import Rng

from . import actions as A
from . import attacks, mob, victory
from .attacks import MAX_BACKOUTS, Attack
from .cards import (
    CARDS,
    CROOK_CARDS,
    RACKET_CARDS,
    is_crook,
    is_racket,
)
from .pay import income, pay_of

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: chance (in 36ths) that 2d6 rolls ``n`` or less, with 11-12 always failing
CHANCE = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 33]
#: the number an attacker aims for: more does not help, 11 and 12 always fail
AIM = 10
#: an attack is made only if it can reach this number: below it the odds are too poor to
#: be worth the token and the money (and a Hit below 2 is only a warning shot)
MIN_NUMBER = 4
#: the round amounts the bot considers for a showdown (any amount is legal) ...
STEPS = (0, 1, 2, 3, 5, 10, 15, 20, 30)
#: ... of which the bot puts at most this much into one attack, and into a defence
MONEY_CAP = 20
DEFENCE_CAP = 10
#: what a rival attacker may put into a showdown (treasuries are hidden), each as likely
RIVAL_MONEY = (0, 5, 10)
#: what a defender spends against an attack on average (measured: about 3 G) ...
RIVAL_DEFENCE = 3
#: ... and what is assumed of him, money and cards, before he has named a protector
OWNED_DEFENCE = 6
#: what the target of a Hit takes off by hiding out
HIDE_OUT = 3
#: a G is worth ``G_RICH`` points to a Mob with ``RICH`` G to spare, rising to ``G_POOR``
#: for one with nothing: 10 G taken instead of acting (2.5 to 7.5 points) beat long shots
RICH = 40
G_RICH = 0.25
G_POOR = 0.75
#: paydays beyond the next one that the bot keeps money for when its Rackets do not pay
PAYDAYS_AHEAD = 2
#: a Mob smaller than this rebuilds: each Crook short adds ``MISSING_CROOK`` to a recruit
CORE_MOB = 4
MISSING_CROOK = 5.0
#: what winning the game is worth: more than anything else a turn could bring
WIN_WORTH = 200.0
#: what losing the Boss costs: a Gang War, and every Crook of the Mob gets Unhappy
BOSS_WORTH = 25.0
#: what a Racket's own token (Street Gang, Crooked Precinct) is worth on its owner's turn:
#: it only helps takeovers in its district
RACKET_TOKEN = 1.0
#: what a Special card is worth in a deal (its face is hidden or soon played)
SPECIAL_WORTH = 3.0
#: the least an action must be worth once the turn has begun (the tokens come back anyway)
MIN_VALUE = 0.5
#: how sure of a Racket on its next turn a Mob must be to refuse a shared victory
GO_ALONE = 0.75


def chance(n: int) -> float:
    """Probability that an attack needing ``n`` or less succeeds."""
    return _ODDS[0 if n < 0 else 11 if n > 11 else n]  # noqa: FURB136  # hot: no min/max


#: ``chance`` for 0-11, divided once (the same floats: the same division)
_ODDS = tuple(c / 36 for c in CHANCE)


def crook_value(c: int) -> float:
    """What a Crook is worth to a Mob, in G of auction money."""
    d = CROOK_CARDS[c]
    return {1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 10}[d.power] + 2 * bool(d.effects)


def racket_value(r: int) -> float:
    """What a Racket is worth, in G of auction money."""
    return 2 * RACKET_CARDS[r].income + 2


def stake(r: int) -> float:
    """What a Racket is worth to the Mob that takes it, in points."""
    return racket_value(r) + 8


# -- what things are worth, in points ------------------------------------------------------
def takeover_worth(s: CrimeLordsState, racket: int, final: bool) -> float:
    """What taking ``racket`` is worth: a rival's also weakens him, and once the city's
    free Rackets are gone it is the only way to grow; the ``final`` Racket, that wins the
    game, is worth more than anything else."""
    worth = stake(racket)
    if s.loc[racket] >= 0:
        worth *= 1.2 if any(is_racket(c) for c in s.uncontrolled) else 2.0
    return worth + WIN_WORTH * final


def wins_with(s: CrimeLordsState, seat: int, racket: int) -> bool:
    """Whether taking ``racket`` would bring ``seat`` to the Racket target (bonuses
    counted); never under the optional victory rules."""
    if s.options.victory != "rackets" or victory.far_from_target(s, seat):
        return False
    owner = s.loc[racket]
    theirs = s.rackets[owner] if owner >= 0 else []
    at = theirs.index(racket) if owner >= 0 else -1
    s.rackets[seat].append(racket)
    if owner >= 0:
        del theirs[at]
    try:
        return victory.score(s, seat) >= victory.target(s)
    finally:
        s.rackets[seat].pop()
        if owner >= 0:
            theirs.insert(at, racket)


def recruit_worth(s: CrimeLordsState, seat: int, crook: int, under: int) -> float:
    """What one more Crook is worth to ``seat``'s Mob (0 if he fits nowhere under
    ``under``, -1 for anywhere): a token is one more action a turn and his Power helps
    takeovers, so a small Mob needs him most; a Mob that cannot pay him soon loses him
    ("keep a good balance between the size of your Mob and the number of Rackets")."""
    if not mob.placements_for(s, seat, crook, under):
        return 0.0
    d = CARDS[crook]
    size = len(s.mobs[seat])
    worth: float = 3 + mob.base_power(s, crook) + 3 * bool(d.effects)
    worth += MISSING_CROOK * max(0, CORE_MOB - size)
    return worth * payable(s, seat, pay_of(s, crook))


def recruit_value(s: CrimeLordsState, seat: int, crook: int, under: int) -> float:
    """What recruiting ``crook`` (placed under ``under``) is worth to ``seat``: what he
    adds to its Mob, and half of what his Mob loses if he is a rival's."""
    worth = recruit_worth(s, seat, crook, under)
    owner = s.loc[crook]
    if owner >= 0 and worth > 0:
        worth += 0.5 * member_worth(s, owner, crook)
    return worth


def member_worth(s: CrimeLordsState, seat: int, crook: int) -> float:
    """What a Crook in ``seat``'s Mob is worth to it: his Power and ability, his people,
    and more in a small Mob; the Boss most of all."""
    m = s.mobs[seat]
    if m.root == crook:
        return BOSS_WORTH
    d = CARDS[crook]
    short = max(0, CORE_MOB - (len(m) - 1))
    return (4 + mob.base_power(s, crook) + 3 * bool(d.effects) + 2 * len(m.children(crook))
            + MISSING_CROOK * short)


def hit_worth(s: CrimeLordsState, seat: int, target: int) -> float:
    """What rubbing out ``target`` is worth: a rival's Crook, more if that rival is ahead,
    less if he is a Boss (it starts a Gang War); a free one only if he is dangerous."""
    owner = s.loc[target]
    if owner == seat:
        return 0.0
    if owner >= 0:
        threat = 2 + 3 * max(0, victory.score(s, owner) - victory.score(s, seat))
        if s.mobs[owner].root == target:
            threat -= 4
    else:
        threat = 1 if CROOK_CARDS[target].power >= 5 else -5
    return crook_value(target) + threat


def attack_worth(s: CrimeLordsState, seat: int, atk: Attack) -> float:
    """What the attack in progress is worth to the attacking ``seat``."""
    if atk.kind == "takeover":
        return takeover_worth(s, atk.target, wins_with(s, seat, atk.target))
    if atk.kind == "recruit":
        under = -1 if atk.leader == s.mobs[seat].root else atk.leader
        return recruit_value(s, seat, atk.target, under)
    return hit_worth(s, seat, atk.target)


def defence_stake(s: CrimeLordsState, me: int, atk: Attack) -> float:
    """What the attack in progress costs us if it succeeds: what we lose, and the rival's
    gain as far as his progress hurts us (fully in a duel, more if he is close to
    winning)."""
    rivals = sum(1 for p in range(s.players) if p != me and s.alive[p])
    weight = 1 / max(1, rivals)
    if victory.score(s, atk.seat) >= victory.target(s) - 2:
        weight += 0.5
    if atk.kind == "takeover" and wins_with(s, atk.seat, atk.target):
        weight = 1.0  # his win is our loss
    lost = stake(atk.target) if atk.kind == "takeover" else member_worth(s, me, atk.target)
    return lost + weight * attack_worth(s, atk.seat, atk)


def token_worth(s: CrimeLordsState, seat: int, card: int) -> float:
    """What ``card``'s Action Token is worth on ``seat``'s next turn (a token spent out of
    turn comes back only at the end of that turn): the best takeover it could lead then,
    free Rackets first, with its share of the money the Mob can spare, less that money's
    worth."""
    if not is_crook(card):
        return RACKET_TOKEN
    targets = [r for r in s.uncontrolled if is_racket(r)]
    if not targets:
        targets = [r for p in range(s.players) if p != seat for r in s.rackets[p]]
    holders = sum(1 for c in s.mobs[seat].cell if s.tokens[c])
    share = max(0, spare_money(s, seat) - 5) // max(1, holders)
    g = g_value(s, seat)
    best = 0.0
    for r in targets:
        n = estimate(s, "takeover", card, r, seat)
        money = max(0, min(AIM - n, share))
        best = max(best, chance(n + money) * stake(r) - money * g)
    return best


def deal_worth(s: CrimeLordsState, seat: int, card: int, money: int, incoming: bool) -> float:
    """What one side of a deal is worth to ``seat``: money at ``g_value``, a Racket at its
    stake, a Crook as a recruit (coming) or as a member of the Mob (going, with his
    people), a Special a little."""
    if card < 0:
        return money * g_value(s, seat)
    if is_racket(card):
        return stake(card)
    if is_crook(card):
        if incoming:
            return recruit_worth(s, seat, card, -1)
        return sum(member_worth(s, seat, c) for c in s.mobs[seat].subtree(card))
    return SPECIAL_WORTH


def special_value(s: CrimeLordsState, seat: int, a: A.PlaySpecial) -> float:
    """What playing a turn-timed Special now is worth."""
    kinds = {e.kind for e in CARDS[a.card].effects}
    if "cash" in kinds:
        return 50.0
    if "calm_all" in kinds:
        return 5.0 * sum(1 for c in s.mobs[seat].cell if s.unhappy[c])
    if "agitate" in kinds:
        return 3.0 + 4 * s.unhappy[a.target]
    if "retoken" in kinds:
        return 3.0 if is_crook(a.target) and mob.power(s, a.target) >= 4 else 1.0
    return 0.0


# -- money -----------------------------------------------------------------------------------
def upkeep(s: CrimeLordsState, seat: int) -> int:
    """What the seat's gang costs per turn."""
    return sum(pay_of(s, c) for c in s.mobs[seat].cell)


def spare_money(s: CrimeLordsState, seat: int) -> int:
    """Money left after the next payday, keeping what a gang its Rackets cannot pay will
    need for the paydays after it."""
    net = income(s, seat) - upkeep(s, seat)
    return s.money[seat] + net + PAYDAYS_AHEAD * min(0, net)


def g_value(s: CrimeLordsState, seat: int) -> float:
    """What one G is worth in points: little to a rich Mob, more as the money runs out."""
    scarcity = min(1.0, max(0.0, (RICH - spare_money(s, seat)) / RICH))
    return G_RICH + (G_POOR - G_RICH) * scarcity


def payable(s: CrimeLordsState, seat: int, extra: int) -> float:
    """How well ``seat`` can pay ``extra`` G more a turn: 1 when its Rackets cover the whole
    gang or the treasury lasts 6 turns, down to 0 when it would run dry within 2."""
    deficit = upkeep(s, seat) + extra - income(s, seat)
    if extra == 0 or deficit <= 0:
        return 1.0
    turns = s.money[seat] / deficit
    return min(1.0, max(0.0, (turns - 2) / 4))


def best_spend(reach: int, worth: float, g: float, amounts: list[int], sign: int = 1,
               guesses: tuple[int, ...] = (0,)) -> int:
    """The showdown amount (``sign`` +1 for, -1 against) that does the most good for its
    cost: the chance it buys (or takes away) times ``worth``, less ``g`` per G. The
    attacker's hidden money, if any, is one of ``guesses``."""
    if len(guesses) == 1:  # the usual case, without the average (the same floats)
        at = reach + guesses[0]
        return max(amounts or [0],
                   key=lambda x: (sign * chance(at + x) * worth - abs(x) * g, -abs(x)))

    def net(x: int) -> float:
        odds = sum(chance(reach + x + m) for m in guesses) / len(guesses)
        return sign * odds * worth - abs(x) * g
    return max(amounts or [0], key=lambda x: (net(x), -abs(x)))


# -- odds ------------------------------------------------------------------------------------
def estimate(s: CrimeLordsState, kind: str, leader: int, target: int,
             seat: int | None = None, cautious: bool | None = None) -> int:
    """The success number an attack by ``seat`` (default: the player to act) could reach
    with its helpers, before money, less what a defender is likely to oppose (all he has
    if ``cautious``; by default only once the attacker can no longer back out)."""
    me = s.actor if seat is None else seat
    if cautious is None:
        cautious = s.current == me and s.backouts >= MAX_BACKOUTS
    owner = s.loc[target]
    saved = s.attack
    s.attack = Attack(kind, me, leader, target, owner if owner >= 0 else -1, war=s.war)
    try:
        n = attacks.success_number(s)
        m = s.mobs[me]
        under = m.below(leader)
        helpers = sorted((attacks.card_power(s, c) for c in m.nodes()
                          if s.tokens[c] and c in under), reverse=True)
        if kind == "takeover":
            n += sum(helpers[:2])
        elif helpers:
            n += helpers[0]
        if owner >= 0:
            n -= likely_defence(s, cautious)
    finally:
        s.attack = saved
    return n


def likely_defence(s: CrimeLordsState, cautious: bool) -> int:
    """What the owner of the target of the attack being weighed will likely take off it:
    the target of a Hit hides out if he can; against the rest ``OWNED_DEFENCE``, or, when
    the attacker could no longer back out, all he has ready: a little money, his strongest
    protector and the cards that may then defend."""
    atk = s.attack
    assert atk is not None
    if atk.kind == "hit":
        return HIDE_OUT if s.tokens[atk.target] else 0
    if not cautious:
        return OWNED_DEFENCE
    ready = side_reserve(s, 1)
    if atk.kind == "takeover":
        m = s.mobs[atk.defender]
        ready += max((mob.power(s, c) for c in m.nodes() if s.tokens[c]), default=0)
    return RIVAL_DEFENCE + ready


def side_reserve(s: CrimeLordsState, side: int) -> int:
    """The Power a side (0 attacker, 1 defender) of the attack in progress could still add
    in the assistance stage: a takeover may take every eligible card, the others one (the
    target of a Hit hides out)."""
    atk = s.attack
    assert atk is not None
    powers = [attacks.card_power(s, c) for c in attacks.eligible_cards(s, side)]
    if atk.kind == "takeover":
        return sum(powers)
    if atk.kind == "hit" and side == 1:
        return HIDE_OUT if powers else 0
    return max(powers, default=0)


def expected_defence(s: CrimeLordsState) -> int:
    """What the attacker expects the defender to take off the number now: nothing when
    the target is uncontrolled, else a little money and the Power he has ready."""
    atk = s.attack
    assert atk is not None
    if atk.defender < 0 or atk.kind == "hit":
        return 0
    return min(RIVAL_DEFENCE + side_reserve(s, 1), OWNED_DEFENCE)


def rival_odds(reach: int) -> float:
    """The chance of a rival's attack that reaches ``reach`` before his showdown money,
    averaged over what he may put in."""
    return sum(chance(reach + m) for m in RIVAL_MONEY) / len(RIVAL_MONEY)


# -- winning alone or sharing ----------------------------------------------------------------
def likely_to_win_alone(s: CrimeLordsState, seat: int) -> bool:
    """Whether ``seat``, one Racket short like the others asked to share, should rather
    play on: it plays before every other Mob asked, and its next turn is very likely to
    bring the Racket it lacks (each player acting before it could spoil that)."""
    p = s.share_after
    between = 0
    for _ in range(s.players):
        p = (p + 1) % s.players
        if p == seat:
            break
        if not s.alive[p]:
            continue
        if p in s.share_seats:
            return False  # another Mob one short plays first
        between += 1
    return next_turn_gain(s, seat) - 0.1 * between >= GO_ALONE


def next_turn_gain(s: CrimeLordsState, seat: int) -> float:
    """The chance that ``seat`` takes at least one Racket on its next turn: each Crook
    with a token leads his best takeover, the strongest first, paying what it needs from
    the money left. A rival defends the Racket that would win the game with all he has."""
    targets = [r for r in s.uncontrolled if is_racket(r)]
    targets += [r for p in range(s.players) if p != seat for r in s.rackets[p]]
    spare = spare_money(s, seat)
    miss = 1.0
    leaders = sorted((c for c in s.mobs[seat].nodes() if s.tokens[c]),
                     key=lambda c: -mob.power(s, c))
    for lead in leaders:
        best, spent = 0.0, 0
        for r in targets:
            n = estimate(s, "takeover", lead, r, seat, cautious=True)
            money = max(0, min(AIM - n, MONEY_CAP, spare - 5))
            if chance(n + money) > best:
                best, spent = chance(n + money), money
        miss *= 1 - best
        spare -= spent
    return 1 - miss


def best_of(scored: list[tuple[float, Any]], rng: Rng) -> tuple[float, Any] | None:
    """The highest-valued (value, action), ties broken at random: the legal actions list
    rivals' cards in seat order, so taking the first of equals aimed every attack that
    tied at the lowest-numbered rival, and P1 won far less than his share."""
    if not scored:
        return None
    top = max(v for v, _ in scored)
    ties = [va for va in scored if va[0] == top]
    return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
