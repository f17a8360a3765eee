"""Attacks in their six stages (announce, modifiers, protector, showdown, assistance and
defence, the roll), what Recruitment, Takeover and Hit do, and the Gang War.

Rulebook sections: "Attacks", "Recruiting a Crook", "Taking Over a Racket", "Calling In a
Hit", "Warning Shots", "Power Increases for Hits", "Gang War!".
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from tabletop.components.decisions import SealedChoice
from tabletop.components.dice import Dice
from tabletop.components.hierarchy import Hierarchy
from tabletop.engine import seat_label
from tabletop.odds import dice_at_most
from tabletop.odds import percent as chance_text

from . import actions as A
from . import mob, placing, war
from .cards import (
    CARDS,
    CROOK_CARDS,
    DISCARD,
    RACKET_CARDS,
    SPECIAL_CARDS,
    TARGET_CARDS,
    UNCONTROLLED,
    RacketDef,
    distinct,
    effects_of,
    is_crook,
    is_racket,
)
from .names import his, name, owned, plural, verb, who

if TYPE_CHECKING:
    from .state import CrimeLordsState

TWO_D6 = Dice(2, 6)
#: the best number two dice can use: 11 and 12 always fail
BEST = 10
#: below this number the dice cannot succeed (a Hit is not even rolled: a warning shot)
WORST = 2


def two_dice_chance(number: int) -> Fraction:
    """The chance that two dice roll ``number`` or less, where 11 and 12 always fail."""
    return dice_at_most(min(number, BEST))


def percent(number: int) -> str:
    """:func:`two_dice_chance` as a player reads it ("72%"; 2 or less: "3%"): never 0% when
    the dice can succeed, never 100%."""
    return chance_text(two_dice_chance(number))


@attrs.define(slots=True)
class Attack:
    """An attack in progress, from its announcement to the roll."""

    kind: str                 # "recruit", "takeover" or "hit"
    seat: int                 # the attacking player
    leader: int               # the Crook who leads it
    target: int               # the Crook or Racket attacked
    defender: int = -1        # the seat that controls the target (-1: uncontrolled)
    protector: int = -1       # takeover of a controlled Racket: the Crook protecting it
    helpers: list[int] = attrs.Factory(list)   # attacker's cards that spent a token
    blockers: list[int] = attrs.Factory(list)  # defender's cards that spent a token
    money: int = 0            # net showdown money (+ for the attack) once revealed
    boost: int = 0            # net Special-card bonus (+ for the attack)
    verdict: int = 0          # last Special played governs: +1 sure shot, -1 foiled
    side: int = 0             # assistance: 0 attacker, 1 defender, 2 a third party adds
    passes: int = 0           # sides that declined in succession
    war: bool = False         # a Gang War Hit (+5)
    showdown: SealedChoice | None = None
    third: int = -1           # side 2: the third party deciding whether to interfere
    declined: list[int] = attrs.Factory(list)  # third parties who declined since the last add
    acted_before: bool = False  # whether the turn had seen an action before this attack
    stake: int = 0            # showdown: the sealed money put under the hand so far (hidden)
    place: int = 0            # showdown: the place value of the next part of the amount

    def clone(self) -> Attack:
        """An independent copy."""
        return Attack(
            self.kind, self.seat, self.leader, self.target, self.defender, self.protector,
            self.helpers[:], self.blockers[:], self.money, self.boost, self.verdict,
            self.side, self.passes, self.war,
            self.showdown.clone() if self.showdown is not None else None,
            self.third, self.declined[:], self.acted_before, self.stake, self.place,
        )


OTHERS_CAP = 10   # players other than attacker and defender spend at most 10 G
HIT_MONEY_CAP = 5
WAR_BONUS = 5  # a Gang War Hit is at +5 ("Gang War!")
MAX_BACKOUTS = 1  # [decided] backing out returns the tokens, so it is allowed once a turn


# -- announce ---------------------------------------------------------------------------------
# cl-announce
def announce(s: CrimeLordsState, action: Any) -> None:
    """Stage 1: name leader, kind and target; the leader spends his token."""
    kind = {A.Recruit: "recruit", A.Takeover: "takeover", A.Hit: "hit"}[type(action)]
    seat = s.actor
    s.tokens[action.leader] = False
    owner = s.loc[action.target]
    atk = Attack(kind, seat, action.leader, action.target, owner if owner >= 0 else -1,
                 war=s.war, acted_before=s.acted)
    s.attack = atk
    s.acted = True
    s.shown_money = []
    if s.war:
        war.war_hit_announced(s)
    if kind == "hit" and atk.defender == seat:
        # rubbing out your own Crook: another Crook spends his action, it simply succeeds
        resolve(s, success=True, counted=True)
        return
    if kind == "hit":
        s.phase = "hitmoney"  # no showdown: only the attacker may spend, up to 5 G
        s.actor = seat
        return
    if kind == "takeover" and atk.defender >= 0:
        s.phase = "protect"   # stage 3: the owner may name a protector
        s.actor = atk.defender
        return
    open_showdown(s)


def tell_number(s: CrimeLordsState, why: str) -> None:
    """The attack's number after a stage changed it, under the move that did: "With Kid
    Cobb for it, the takeover of North Side Numbers needs 5 or less"."""
    s.log.add("attack number", f"With {why}, {number_sentence(s)}")


def number_sentence(s: CrimeLordsState) -> str:
    """ "the takeover of North Side Numbers needs 5 or less" """
    atk = s.attack
    assert atk is not None
    kind = {"recruit": "recruitment of", "takeover": "takeover of", "hit": "Hit on"}[atk.kind]
    return f"the {kind} {name(atk.target)} {number_words(s)}"


# cl-odds-shown
def number_words(s: CrimeLordsState) -> str:
    """The attack's success number now, in words with its chance, for the events: "needs 7
    or less on two dice (58%)", "cannot succeed as it stands (0%, short by 3 of a 2)"."""
    atk = s.attack
    assert atk is not None
    number = success_number(s)
    if atk.verdict == 1:
        return "works on 10 or less (92%: a Sure Thing was played)"
    if atk.verdict == -1:
        return "fails whatever the dice say (Tipped Off was played)"
    if number >= WORST:
        return f"needs {min(number, BEST)} or less on two dice ({percent(number)})"
    if atk.kind == "hit":
        return f"is only a warning shot (short by {WORST - number} of a 2: no roll)"
    return f"cannot succeed as it stands (0%, short by {WORST - number} of a 2)"


# cl-showdown
def open_showdown(s: CrimeLordsState) -> None:
    """Stage 4: every player commits sealed money, the attacker first, then counterclockwise."""
    atk = s.attack
    assert atk is not None
    order = [atk.seat]
    p = atk.seat
    for _ in range(s.players - 1):
        p = (p + 1) % s.players
        if s.alive[p]:
            order.append(p)
    atk.showdown = SealedChoice(order)
    s.phase = "showdown"
    start_commit(s, atk.seat)


# -- sealed money of any amount ----------------------------------------------------------------
# "The attacker and defender may commit any amount": a treasury has no upper limit, so the
# action space (fixed and finite) cannot hold every amount as one action. Below FIRST_STEP G
# the amount is typed at once; with more, in at most MAX_COMMIT_STEPS steps, most
# significant part first: with 450 G, first the tens (10 to 450 G in steps of 10), then the
# G (0 to 9 more). The steps a seat is asked depend only on how much it may commit (public:
# every G that moves is told), never on what it chose, so the number of questions tells the
# table nothing.
#: the most choices a first step offers (an amount below this is one step: every amount)
FIRST_STEP = 200
#: the most steps an amount takes: one per decimal place of the largest treasury a game can
#: reach (below 20 x 10**6 G: 200 rounds of 8 players collecting every Racket's income)
MAX_COMMIT_STEPS = 7


def commit_cap(s: CrimeLordsState, seat: int) -> int:
    """The most money ``seat`` may commit now: all it has, but at most 10 G for a player
    neither attacking nor defending, and at most 5 G of the attacker's into a Hit."""
    atk = s.attack
    assert atk is not None
    have = max(0, s.money[seat])
    if s.phase == "hitmoney":
        return min(have, HIT_MONEY_CAP)
    if seat in (atk.seat, atk.defender):
        return have
    return min(have, OTHERS_CAP)


def commit_signs(s: CrimeLordsState, seat: int) -> tuple[int, ...]:
    """+1 for the attack (the attacker), -1 against (the defender), both for the others."""
    atk = s.attack
    assert atk is not None
    if seat == atk.seat:
        return (1,)
    if seat == atk.defender:
        return (-1,)
    return (1, -1)


def first_place(cap: int) -> int:
    """The place value of an amount's first step: 1 below ``FIRST_STEP`` (every amount at
    once), else the power of ten that leaves fewer than ``FIRST_STEP`` choices."""
    place = 1
    while cap // place >= FIRST_STEP:
        place *= 10
    return place


def start_commit(s: CrimeLordsState, seat: int) -> None:
    """``seat`` starts putting money under the hand (nothing so far)."""
    atk = s.attack
    assert atk is not None
    s.actor = seat
    atk.stake = 0
    atk.place = first_place(commit_cap(s, seat))


def commit_totals(s: CrimeLordsState, seat: int) -> list[int]:
    """Every sealed amount ``seat`` may end up committing (signed: + for)."""
    cap = commit_cap(s, seat)
    signs = commit_signs(s, seat)
    return [0, *(sign * a for a in range(1, cap + 1) for sign in signs)]


# cl-showdown-any-amount
def commit_options(s: CrimeLordsState, seat: int) -> list[int]:
    """The amounts ``seat`` may put under the hand at this step (signed: + for): at the
    first step up to ``FIRST_STEP`` multiples of the place value, then 0 to 9 of each smaller
    place; at the last step (place 1) the sum is the sealed amount. Hit money (up to 5 G)
    is one step."""
    atk = s.attack
    assert atk is not None
    cap = commit_cap(s, seat)
    if s.phase == "hitmoney":
        return list(range(cap + 1))
    place = atk.place
    done = abs(atk.stake)
    signs = commit_signs(s, seat) if atk.stake == 0 else ((1,) if atk.stake > 0 else (-1,))
    most = (cap - done) // place
    if place != first_place(cap):
        most = min(most, 9)
    return [0, *(sign * d * place for d in range(1, most + 1) for sign in signs)]


def step_toward(s: CrimeLordsState, total: int) -> int:
    """The amount to put under the hand at this step on the way to the sealed ``total`` (for
    the bots: they choose the total, then enter it)."""
    atk = s.attack
    assert atk is not None
    if s.phase == "hitmoney":
        return total
    left = abs(total) - abs(atk.stake)
    digits = left // atk.place
    if atk.place != first_place(commit_cap(s, s.actor)):
        digits = min(digits, 9)
    return digits * atk.place * (1 if total >= 0 else -1)


# -- the steps after the announcement ---------------------------------------------------------
# cl-protector
def step(s: CrimeLordsState, action: Any) -> None:
    """Play one answer inside an attack."""
    atk = s.attack
    assert atk is not None
    t = type(action)
    if t is A.Protect:
        if action.crook >= 0:
            atk.protector = action.crook
            s.tokens[action.crook] = False
            tell_number(s, f"+{card_power(s, action.crook)} Resistance from "
                           f"{name(action.crook)}")
        open_showdown(s)
    elif t is A.Commit and s.phase == "hitmoney":
        atk.money = action.amount
        s.money[atk.seat] -= action.amount
        if action.amount:
            tell_number(s, f"{action.amount} G of {seat_label(atk.seat)}'s money")
        open_assist(s)
    elif t is A.Commit:
        atk.stake += action.amount
        if atk.place > 1:
            atk.place //= 10  # the next, smaller part of the amount
            return
        sc = atk.showdown
        assert sc is not None
        sc.commit(s.actor, atk.stake)
        atk.stake, atk.place = 0, 0
        nxt = sc.waiting_for
        if nxt is None:
            s.phase = "reveal"
            s.actor = atk.seat
        else:
            start_commit(s, nxt)
    elif t is A.BackOut:
        s.backouts += 1
        s.tokens[atk.leader] = True
        if atk.protector >= 0:
            s.tokens[atk.protector] = True
        s.log.add("back out", f"{who(s, atk.seat)} backs out of the attack on "
                  f"{name(atk.target)}: the showdown money stays hidden, tokens go back, "
                  "nothing happened")
        s.acted = atk.acted_before  # "it didn't really happen": passing for 10 G stays open
        s.attack = None
        s.phase = "settle"
    elif t is A.Reveal:
        sc = atk.showdown
        assert sc is not None
        parts = []
        s.shown_money = [0] * s.players
        for seat, amount in sc.reveal().items():
            s.shown_money[seat] = amount
            s.money[seat] -= abs(amount)
            atk.money += amount
            side = "for" if amount > 0 else "against"
            parts.append(f"{seat_label(seat)} {abs(amount)} G {side}" if amount
                         else f"{seat_label(seat)} nothing")
        s.log.add("showdown", f"Showdown money revealed (all of it to the bank): "
                  f"{', '.join(parts)}; {atk.money:+d} to the attack: {number_sentence(s)}")
        open_assist(s)
    elif t is A.Assist:
        use_card(s, action.card)
    elif t is A.PlaySpecial:
        play_attack_special(s, action.card)
    elif t is A.Interfere:
        interfere(s, action.card, action.side)
    elif t is A.Done and atk.side == 2:
        atk.declined.append(s.actor)
        if not next_third_party(s):
            roll(s)
    elif t is A.Done:
        atk.passes += 1
        flip_side(s)


# cl-assistance
def open_assist(s: CrimeLordsState) -> None:
    """Stage 5: the attacker adds first, then the sides alternate until both decline."""
    atk = s.attack
    assert atk is not None
    atk.side = 0
    atk.passes = 0
    s.phase = "assist"
    s.actor = atk.seat
    if not side_options(s, 0):
        atk.passes = 1
        flip_side(s)


def flip_side(s: CrimeLordsState) -> None:
    """Hand the assistance stage to the other side; a side with nothing to add declines
    at once; two declines in succession end the stage and the dice are rolled."""
    atk = s.attack
    assert atk is not None
    for _ in range(2):
        if atk.passes >= 2:
            break
        atk.side = 1 - atk.side
        seat = atk.seat if atk.side == 0 else atk.defender
        if seat >= 0 and side_options(s, atk.side):
            s.actor = seat
            return
        atk.passes += 1
    if not next_third_party(s):
        roll(s)


def next_third_party(s: CrimeLordsState) -> bool:
    """Takeovers: once both sides are done, each other player with a Street Gang, Crooked
    Precinct or interfering Boss for that district may join in, counterclockwise from the
    attacker. Returns False when nobody (else) wants to."""
    atk = s.attack
    assert atk is not None
    if atk.kind != "takeover":
        return False
    p = atk.seat
    for _ in range(s.players - 1):
        p = (p + 1) % s.players
        if p == atk.defender or not s.alive[p] or p in atk.declined:
            continue
        if district_helpers(s, p):
            atk.side = 2
            atk.third = p
            s.actor = p
            return True
    return False


def interfere(s: CrimeLordsState, card: int, side: int) -> None:
    """A third party's card joins one side; then both sides may answer again."""
    atk = s.attack
    assert atk is not None
    s.tokens[card] = False
    (atk.helpers if side > 0 else atk.blockers).append(card)
    tell_number(s, f"{seat_label(s.actor)}'s {name(card)} "
                   f"{'for' if side > 0 else 'against'} it")
    atk.passes = 0
    atk.declined = []
    atk.side = 1  # flip_side hands the next word to the attacker
    flip_side(s)


def use_card(s: CrimeLordsState, card: int) -> None:
    """A card spends its token on its side of the attack."""
    atk = s.attack
    assert atk is not None
    s.tokens[card] = False
    (atk.helpers if atk.side == 0 else atk.blockers).append(card)
    if atk.kind == "hit" and card == atk.target:
        tell_number(s, f"{name(card)} hiding out")
    else:
        tell_number(s, f"{name(card)} {'for' if atk.side == 0 else 'against'} it")
    atk.passes = 0
    flip_side(s)


# cl-last-special-governs
def play_attack_special(s: CrimeLordsState, card: int) -> None:
    """An attack-timed Special; of a foil and a sure shot the last one played governs."""
    atk = s.attack
    assert atk is not None
    seat = s.actor
    s.specials[seat].remove(card)
    s.loc[card] = DISCARD
    s.discard.append(card)
    sign = 1 if atk.side == 0 else -1
    what = []
    for e in CARDS[card].effects:
        if e.kind == "boost":
            atk.boost += sign * e.amount
            what.append(f"+{e.amount} for the {'attack' if sign > 0 else 'defence'}")
        elif e.kind == "foil":
            atk.verdict = -1
        elif e.kind == "sure_shot":
            atk.verdict = 1
    s.log.add("special", f"{who(s, seat)} plays {name(card)}: "
              + ", ".join([*what, number_sentence(s)]))
    atk.passes = 0
    flip_side(s)


def side_options(s: CrimeLordsState, side: int) -> bool:
    """Whether a side is asked in the assistance stage: when it has a card that may spend
    its token, or holds any Special at all. The number of Specials is public; asking only a
    player who holds a *playable* one would tell the table what his hand holds, so a player
    whose Specials cannot be played here is asked too, and answers "nothing more"."""
    atk = s.attack
    assert atk is not None
    seat = atk.seat if side == 0 else atk.defender
    if seat < 0:
        return False
    return bool(eligible_cards(s, side)) or bool(s.specials[seat])


def eligible_specials(s: CrimeLordsState, side: int) -> list[int]:
    """Attack-timed Specials the side's player may play now."""
    atk = s.attack
    assert atk is not None
    seat = atk.seat if side == 0 else atk.defender
    if seat < 0:
        return []
    out = []
    for c in distinct(s.specials[seat]):
        d = SPECIAL_CARDS[c]
        if d.timing != "attack":
            continue
        kinds = {e.kind for e in d.effects}
        if "foil" in kinds and side == 0:
            continue
        if "sure_shot" in kinds and side == 1:
            continue
        out.append(c)
    return out


def eligible_cards(s: CrimeLordsState, side: int) -> list[int]:
    """Cards of the acting side that may spend their token on this attack now."""
    atk = s.attack
    assert atk is not None
    if side == 0:
        seat = atk.seat
        m = s.mobs[seat]
        if atk.leader not in m.cell:
            return []
        # "Any Crook who is 'below' the attacking Crook may be used" (the Boss: anyone)
        under = m.below(atk.leader)
        below = [c for c in m.nodes() if s.tokens[c] and c in under]
        if atk.kind == "recruit":
            many = bool(effects_of(atk.leader, "extra_helpers"))
            return below if (many or not atk.helpers) else []
        if atk.kind == "hit":
            return below if not atk.helpers else []
        return below + district_helpers(s, seat)
    seat = atk.defender
    if seat < 0:
        return []
    m = s.mobs[seat]
    if atk.kind == "recruit":
        sup = m.parent.get(atk.target, -1)
        return [sup] if sup >= 0 and s.tokens[sup] and not atk.blockers else []
    if atk.kind == "hit":
        return [atk.target] if s.tokens[atk.target] and not atk.blockers else []
    out = []
    if atk.protector >= 0 and atk.protector in m.cell:
        under = m.below(atk.protector)
        out = [c for c in m.nodes() if s.tokens[c] and c in under]
    return out + district_helpers(s, seat)


def district_helpers(s: CrimeLordsState, seat: int) -> list[int]:
    """Street Gangs and Crooked Precincts of ``seat`` in the target Racket's district, and
    the Boss of a Mob that may interfere with takeovers there (North Side Mob)."""
    atk = s.attack
    assert atk is not None
    district = RACKET_CARDS[atk.target].district
    out = [r for r in sorted(s.rackets[seat]) if s.tokens[r] and effects_of(r, "district_aid")
           and RACKET_CARDS[r].district == district]
    m = s.mobs[seat]
    if (m.cell and s.tokens[m.root] and m.root not in out and m.root != atk.leader
            and any(e.district == district
                    for e in mob.mob_effects(s, seat, "interfere_takeover"))):
        out.append(m.root)
    return [c for c in out if c not in atk.helpers]


# -- the success number -----------------------------------------------------------------------
def card_power(s: CrimeLordsState, card: int) -> int:
    """A Crook's Power, or a Racket's printed Power."""
    if is_crook(card):
        return mob.power(s, card)
    return TARGET_CARDS[card].power


def bonus(s: CrimeLordsState, seat: int, involved: list[int], kind: str) -> int:
    """Attack bonuses: the Mob's "any attempt" bonuses and those of the involved cards."""
    atk = s.attack
    assert atk is not None
    district, rtype = _TAGS[atk.target]
    n = 0
    for e in mob.mob_effects(s, seat, "attack_bonus"):
        if applies(e, kind, district, rtype):
            n += e.amount
    for c in involved:
        for e in _OWN_ATTACK[c]:
            if applies(e, kind, district, rtype):
                n += e.amount
    return n


def applies(e: Any, kind: str, district: str, rtype: str) -> bool:
    """Whether a bonus effect counts for this kind of attack on a target of this district
    and racket type (the target's district and type are "" for a Crook)."""
    return (e.attack in ("any", kind) and (not e.district or e.district == district)
            and (not e.rtype or e.rtype == rtype))


def defence_bonus(s: CrimeLordsState) -> int:
    """What the target's own card takes off (wherever he is) and, if a Mob controls the
    target, its Mob-wide defence bonuses."""
    atk = s.attack
    assert atk is not None
    kind = atk.kind
    district, rtype = _TAGS[atk.target]
    n = 0
    for e in _OWN_DEFENCE[atk.target]:
        if applies(e, kind, district, rtype):
            n += e.amount
    if atk.defender >= 0:
        for e in mob.mob_effects(s, atk.defender, "defense_bonus"):
            if applies(e, kind, district, rtype):
                n += e.amount
    return n


#: per card, what limits a bonus against it: its district and racket type ("" for a Crook)
_TAGS = [(getattr(c, "district", ""), getattr(c, "rtype", "")) for c in CARDS]
#: per card, its own ("self") attack bonuses and defence bonuses (the success number reads
#: them for every attack the bot weighs)
_OWN_ATTACK = [[e for e in effects_of(c, "attack_bonus") if e.scope == "self"]
               for c in range(len(CARDS))]
_OWN_DEFENCE = [[e for e in effects_of(c, "defense_bonus") if e.scope == "self"]
                for c in range(len(CARDS))]


def weakness_count(s: CrimeLordsState, seat: int, crook: int) -> int:
    """How many of ``seat``'s Rackets match one of the Crook's Weaknesses."""
    if seat < 0:
        return 0
    weak = CROOK_CARDS[crook].weakness
    return sum(1 for r in s.rackets[seat] if RACKET_CARDS[r].rtype in weak)


# cl-hit-number cl-modifiers cl-recruit-number cl-takeover-number
def success_number(s: CrimeLordsState) -> int:
    """Stage 2 and the sums of stages 4-5: the roll needed (before the 11-12 rule)."""
    atk = s.attack
    assert atk is not None
    kind, seat, t, d = atk.kind, atk.seat, atk.target, atk.defender
    n = card_power(s, atk.leader) + sum(card_power(s, c) for c in atk.helpers)
    n += bonus(s, seat, [atk.leader, *atk.helpers], kind)
    n += atk.money + atk.boost
    if kind == "recruit":
        n -= TARGET_CARDS[t].resistance
        if d >= 0:
            if mob.is_lieutenant(s, t):
                n -= 10
            elif mob.is_lieutenant(s, s.mobs[d].parent.get(t, -1)):
                n -= 5
        mine, theirs = weakness_count(s, seat, t), weakness_count(s, d, t)
        if mine > theirs:
            n += 4
        elif theirs > mine:
            n -= 4
        n += 2 * s.unhappy[t]
    elif kind == "takeover":
        n -= TARGET_CARDS[t].resistance
        same = _SAME[t]
        for r in s.rackets[seat]:
            n += 2 * same[r]
        if d >= 0:
            for r in s.rackets[d]:
                if r != t:
                    n -= 2 * same[r]
            if atk.protector >= 0:
                n -= card_power(s, atk.protector)
    else:
        n -= mob.power(s, t) if s.loc[t] >= 0 else mob.base_power(s, t)
        if d >= 0:
            m = s.mobs[d]
            if m.root == t:
                n -= 10
            elif m.children(t):
                n -= 5
            for sub in m.children(t):
                n -= sum(e.amount for e in effects_of(sub, "bodyguard"))
            if atk.blockers:
                n -= 3  # hiding out
        if atk.war:
            n += WAR_BONUS
    if kind != "hit":
        n -= sum(card_power(s, c) for c in atk.blockers)
    return n - defence_bonus(s)


def same_count(r: int, target: RacketDef) -> int:
    """+1 for the same type, +1 for the same district (a Racket may match on both)."""
    d = RACKET_CARDS[r]
    return int(d.rtype == target.rtype) + int(d.district == target.district)


#: ``same_count(r, CARDS[t])`` as ``_SAME[t][r]`` for every two Rackets (0 for other cards)
_SAME = [[same_count(r, RACKET_CARDS[t]) if is_racket(r) and is_racket(t) else 0
          for r in range(len(CARDS))] for t in range(len(CARDS))]


# -- the roll and what happens ----------------------------------------------------------------
# cl-roll cl-warning-shot
def roll(s: CrimeLordsState) -> None:
    """Stage 6: roll 2d6; success on the number or less, but 11 and 12 always fail.
    A Hit whose number is below 2 is only a warning shot: no roll, no effect."""
    atk = s.attack
    assert atk is not None
    number = success_number(s)
    what = f"{name(atk.leader)} against {name(atk.target)}"
    if atk.kind == "hit" and number < 2 and atk.verdict != 1:
        s.last_roll = 0
        s.log.add("warning shot", f"{what}: only a warning shot (short by {2 - number} of "
                  "the 2 or less a roll needs, so the dice are not rolled): no harm done, "
                  "no Gang War")
        resolve(s, success=False, counted=False)
        return
    r = TWO_D6.roll_sum(s.rng)
    s.last_roll = r
    if atk.verdict == 1:
        ok = r <= 10
    elif atk.verdict == -1:
        ok = False
    else:
        ok = r <= number and r <= 10
    kind = {"recruit": "recruitment", "takeover": "takeover", "hit": "Hit"}[atk.kind]
    s.log.add(f"{atk.kind} roll", f"{what} ({kind}): {number_words(s)}; the dice roll {r}, "
              f"{'success' if ok else 'failure'}")
    resolve(s, success=ok, counted=True)


# cl-failed-hit-marker
def resolve(s: CrimeLordsState, success: bool, counted: bool) -> None:
    """Apply the outcome, then continue the turn (or start / continue a Gang War)."""
    atk = s.attack
    assert atk is not None
    s.last_roll = s.last_roll if counted else 0
    war_start = False
    if atk.kind == "recruit" and success:
        recruit_success(s, atk)
        if s.phase == "place":
            s.attack = None
            return
    elif atk.kind == "takeover" and success:
        takeover_success(s, atk)
    elif atk.kind == "hit":
        boss_target = atk.defender >= 0 and s.mobs[atk.defender].root == atk.target
        if success:
            hit_success(s, atk)
        elif counted and atk.defender >= 0:
            mob.add_unhappy(s, atk.target, "survived a Hit")
        if boss_target and counted and atk.defender != atk.seat:
            war_start = True
    s.attack = None
    if war_start:
        war.boss_hit_war(s, atk)
        return
    if atk.war and counted and atk.defender >= 0 and atk.defender != atk.seat:
        war.draw_in(s, atk.defender)
    s.phase = "settle"


# cl-recruit-success
def recruit_success(s: CrimeLordsState, atk: Attack) -> None:
    """The recruit (with any subordinates) leaves his Mob; the attacker places him under
    the leader (or anyone, if the Boss led)."""
    t, d = atk.target, atk.defender
    if d >= 0:
        before = mob.lieutenants(s, d)
        shape = s.mobs[d].detach(t)
        people = [name(c) for c in shape if c != t]
        s.log.add("recruited", f"{name(t)}" + (f" (with {', '.join(people)})" if people else "")
                  + f" {'leave' if people else verb(t, 'leaves', 'leave')} {seat_label(d)}'s "
                  f"Mob for {seat_label(atk.seat)}'s, recruited by {name(atk.leader)}")
        mob.rank_changes(s, d, before)
        for c in shape:
            mob.calm(s, c, "moved to another Mob")  # a token he has, he keeps
        if not s.mobs[d].cell:
            s.note_elimination(d)
    else:
        s.uncontrolled.remove(t)
        shape = {t: (-1, (0, 0))}
        s.log.add("recruited", f"{who(s, atk.seat)} takes {name(t)} from the uncontrolled "
                  f"area, recruited by {name(atk.leader)}")
    m = s.mobs[atk.seat]
    under = -1 if (atk.leader in m.cell and m.root == atk.leader) else atk.leader
    if atk.leader not in m.cell:
        under = -2
    if under == -2:
        mob.let_loose(s, atk.seat, list(shape), f"{verb(t, 'has', 'have')} no recruiter left")
        return
    placing.start_placing(s, atk.seat, t, shape, under)


def takeover_success(s: CrimeLordsState, atk: Attack) -> None:
    """The Racket changes hands; Crooks whose Weakness it matches lose a marker."""
    frm = (f"from {seat_label(atk.defender)}" if atk.defender >= 0
           else "from the uncontrolled area")
    mob.give_racket(s, atk.defender, atk.seat, atk.target)
    s.log.add("takeover", f"{who(s, atk.seat)} takes over {name(atk.target)} {frm} "
              f"({plural(len(s.rackets[atk.seat]), 'Racket')} now)")
    mob.cheer_weakness(s, atk.seat, atk.target)


# cl-hit-power cl-hit-success
def hit_success(s: CrimeLordsState, atk: Attack) -> None:
    """The victim is discarded; his superior and subordinates (everyone, for a Boss) get a
    marker; the leader's Power rises; orphans are reassigned."""
    t, d = atk.target, atk.defender
    victim_power = mob.base_power(s, t)
    lead_power = mob.base_power(s, atk.leader)
    s.log.add("hit", f"{owned(s, t)} {verb(t, 'is', 'are')} rubbed out by "
              f"{name(atk.leader)} and discarded")
    if d < 0:
        s.uncontrolled.remove(t)
        mob.to_zone(s, t, DISCARD)
    else:
        m = s.mobs[d]
        before = mob.lieutenants(s, d)
        if m.root == t:
            mob.boss_hit(s, d)
        else:
            sup = m.parent[t]
            subs = m.children(t)
            shapes = {sub: m.detach(sub) for sub in subs}
            m.detach(t)
            mob.to_zone(s, t, DISCARD)
            # the Hit comes first: markers, then quits, then reassignment ("Unhappy Crooks")
            orphans = {}
            for sub in subs:
                s.unhappy[sub] += 1
                shape = shapes[sub]
                if s.unhappy[sub] >= 3:
                    s.log.add("crook quits", f"{name(sub)} ({seat_label(d)}) "
                              f"{verb(sub, 'leaves', 'leave')} town on {his(sub)} third "
                              f"Unhappy marker: {his(sub)} superior {name(t)} was Hit")
                    for o in sorted(c for c in shape if shape[c][0] == sub):
                        orphans[o] = Hierarchy.subshape(shape, o)
                    mob.to_zone(s, sub, DISCARD)
                else:
                    s.log.add("unhappy", f"{name(sub)} ({seat_label(d)}) gets 1 Unhappy "
                              f"marker, {his(sub)} superior {name(t)} was Hit: "
                              f"{s.unhappy[sub]} now")
                    orphans[sub] = shape
            mob.fit_orphans(s, d, orphans, before)
            if sup in s.mobs[d].cell:
                mob.add_unhappy(s, sup, f"{his(sup)} man {name(t)} was Hit")
            if not s.mobs[d].cell:
                s.note_elimination(d)
    if atk.leader in s.mobs[atk.seat].cell:
        stronger = victim_power > lead_power
        mob.gain_power(s, atk.leader, 2 if stronger else 1,
                         f"after Hitting {'a stronger' if stronger else 'a'} Crook")


__all__ = ["UNCONTROLLED", "announce", "step", "success_number"]
