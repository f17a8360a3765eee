"""The odds of an attack in words a player can check in his head: the sum that makes the
success number, in the order of the rulebook's own arithmetic ("Power 7 - Resistance 3 +
West Side Rackets 2 = 6"), and the chance that two dice make it ("needs 6 or less on two
dice (42%)").

Rulebook: "take the attacking Crook's Power, and subtract the target's Power or Resistance
(depending on the type of attack). If the die roll is equal to this number or less, after
all modifiers, the attack succeeds"; "A roll of 11 or 12 results in automatic failure". The
parts here add up to :func:`tabletop_games.crime_lords.attacks.success_number` (a test holds them to
it in many positions); that function stays the fast one the bots call thousands of times.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop.engine import seat_label

from . import attacks, mob
from .attacks import (
    BEST,
    WORST,
    Attack,
    number_words,
    percent,
    two_dice_chance,
)
from .cards import CARDS, MOBS, TARGET_CARDS, effects_of
from .names import he, him, name, verb

if TYPE_CHECKING:
    from .state import CrimeLordsState


@attrs.frozen
class Term:
    """One part of the success number: what it is and how much it adds (negative: takes
    off)."""

    label: str
    value: int


def owner_of(noun: str) -> str:
    """The possessive of a name: "Mom Parker's", "The Carnival Boys'"."""
    return f"{noun}'" if noun.endswith("s") else f"{noun}'s"


def terms(s: CrimeLordsState) -> list[Term]:
    """The success number of the attack in progress as its parts, in the rulebook's order:
    the leader's Power, minus the target's Resistance (or Power, for a Hit), then the
    modifiers of that kind of attack, the showdown money, the helpers and defenders, the
    Specials and the cards' own bonuses."""
    atk = s.attack
    assert atk is not None
    kind, seat, t, d = atk.kind, atk.seat, atk.target, atk.defender
    boss = " as Boss" if mob.is_boss(s, atk.leader) else ""
    out = [Term(f"Power{boss}", attacks.card_power(s, atk.leader))]
    if kind == "hit":
        power = mob.power(s, t) if s.loc[t] >= 0 else mob.base_power(s, t)
        out.append(Term(f"{owner_of(name(t))} Power", -power))
        out.extend(_hit_modifiers(s, atk))
    else:
        out.append(Term("Resistance", -TARGET_CARDS[t].resistance))
        out.extend(_recruit_modifiers(s, atk) if kind == "recruit"
                   else _takeover_modifiers(s, atk))
    if atk.money:
        out.append(Term("showdown money", atk.money))
    for c in atk.helpers:
        out.append(Term(f"{name(c)} helping", attacks.card_power(s, c)))
    if kind != "hit":
        for c in atk.blockers:
            out.append(Term(f"{name(c)} defending", -attacks.card_power(s, c)))
    if atk.boost:
        out.append(Term("Specials", atk.boost))
    out.extend(_card_bonuses(s, seat, [atk.leader, *atk.helpers], kind, t))
    out.extend(_card_defences(s, d, kind, t))
    return [term for term in out if term.value or term is out[0]]


def _recruit_modifiers(s: CrimeLordsState, atk: Attack) -> list[Term]:
    """Mob position, Weaknesses, Unhappy markers ("Modifiers to Recruitment")."""
    t, d = atk.target, atk.defender
    out = []
    if d >= 0:
        if mob.is_lieutenant(s, t):
            out.append(Term("a Lieutenant", -10))
        elif mob.is_lieutenant(s, s.mobs[d].parent.get(t, -1)):
            out.append(Term("under a Lieutenant", -5))
    mine, theirs = attacks.weakness_count(s, atk.seat, t), attacks.weakness_count(s, d, t)
    if mine > theirs:
        out.append(Term(f"more Rackets {he(t)} {verb(t, 'likes', 'like')}", 4))
    elif theirs > mine:
        out.append(Term(f"fewer Rackets {he(t)} {verb(t, 'likes', 'like')}", -4))
    if s.unhappy[t]:
        out.append(Term("Unhappy markers", 2 * s.unhappy[t]))
    return out


def _takeover_modifiers(s: CrimeLordsState, atk: Attack) -> list[Term]:
    """Same district, same type, on both sides, and the protector ("Modifiers to
    Takeovers")."""
    t, d = atk.target, atk.defender
    card = CARDS[t]
    district, rtype = getattr(card, "district", ""), getattr(card, "rtype", "")
    out = []

    def count(seat: int, field: str, value: str) -> int:
        return sum(1 for r in s.rackets[seat]
                   if r != t and getattr(CARDS[r], field, None) == value)

    where = district if district == "Central" else f"{district} Side"
    out.append(Term(f"{where} Rackets held", 2 * count(atk.seat, "district", district)))
    out.append(Term(f"{rtype} Rackets held", 2 * count(atk.seat, "rtype", rtype)))
    if d >= 0:
        out.append(Term(f"{seat_label(d)}'s {where} Rackets", -2 * count(d, "district", district)))
        out.append(Term(f"{seat_label(d)}'s {rtype} Rackets", -2 * count(d, "rtype", rtype)))
        if atk.protector >= 0:
            out.append(Term(f"{name(atk.protector)} protecting",
                            -attacks.card_power(s, atk.protector)))
    return out


def _hit_modifiers(s: CrimeLordsState, atk: Attack) -> list[Term]:
    """Mob position, Bodyguards, hiding out, the Gang War ("Modifiers to Hit Attempts")."""
    t, d = atk.target, atk.defender
    out = []
    if d >= 0:
        m = s.mobs[d]
        if m.root == t:
            out.append(Term("a Boss", -10))
        elif m.children(t):
            out.append(Term(f"has people under {him(t)}", -5))
        for sub in m.children(t):
            guard = sum(e.amount for e in effects_of(sub, "bodyguard"))
            if guard:
                out.append(Term(f"Bodyguard {name(sub)}", -guard))
        if atk.blockers:
            out.append(Term("hiding out", -3))
    if atk.war:
        out.append(Term("Gang War", attacks.WAR_BONUS))
    return out


def _card_bonuses(s: CrimeLordsState, seat: int, involved: list[int], kind: str,
                  target: int) -> list[Term]:
    """The attacker's Mob-wide bonuses (Mob card, Crooks with an "any attempt" bonus) and the
    involved cards' own, each named by its card."""
    district, rtype = getattr(CARDS[target], "district", ""), getattr(CARDS[target], "rtype", "")
    out = []
    mob_card = MOBS[s.mob_of[seat]]
    n = sum(e.amount for e in mob_card.effects
            if e.kind == "attack_bonus" and attacks.applies(e, kind, district, rtype))
    out.append(Term(f"{owner_of(mob_card.name)} bonus", n))
    for c in s.mobs[seat].nodes():
        n = sum(e.amount for e in effects_of(c, "attack_bonus")
                if e.scope == "mob" and attacks.applies(e, kind, district, rtype))
        out.append(Term(f"{owner_of(name(c))} bonus", n))
    for c in involved:
        n = sum(e.amount for e in effects_of(c, "attack_bonus")
                if e.scope == "self" and attacks.applies(e, kind, district, rtype))
        out.append(Term(f"{owner_of(name(c))} own bonus", n))
    return out


def _card_defences(s: CrimeLordsState, defender: int, kind: str, target: int) -> list[Term]:
    """What the target's own card and, if a Mob controls it, that Mob's defence bonuses take
    off."""
    district, rtype = getattr(CARDS[target], "district", ""), getattr(CARDS[target], "rtype", "")
    out = []
    n = sum(e.amount for e in effects_of(target, "defense_bonus")
            if e.scope == "self" and attacks.applies(e, kind, district, rtype))
    out.append(Term(f"{owner_of(name(target))} own defence", -n))
    if defender >= 0:
        mob_card = MOBS[s.mob_of[defender]]
        n = sum(e.amount for e in mob_card.effects
                if e.kind == "defense_bonus" and attacks.applies(e, kind, district, rtype))
        out.append(Term(f"{owner_of(mob_card.name)} defence", -n))
        for c in s.mobs[defender].nodes():
            n = sum(e.amount for e in effects_of(c, "defense_bonus")
                    if e.scope == "mob" and attacks.applies(e, kind, district, rtype))
            out.append(Term(f"{owner_of(name(c))} defence", -n))
    return out


def sum_text(parts: list[Term]) -> str:
    """The parts as a sum to check: "Power 7 - Resistance 3 + your West Side Rackets 2"."""
    first, *rest = parts
    text = f"{first.label} {first.value}"
    for term in rest:
        text += f" {'-' if term.value < 0 else '+'} {term.label} {abs(term.value)}"
    return text


def reach(s: CrimeLordsState) -> int | None:
    """The most the attacker can still add to the number of the attack in progress, from
    his own means: every G he may commit (a Hit: up to 5 G), the helpers he may still send,
    the boosts of his Specials (None: a Special of his makes it succeed on 10 or less
    whatever the number)."""
    atk = s.attack
    assert atk is not None
    seat = atk.seat
    hand = [CARDS[c] for c in s.specials[seat]]
    kinds = [e for d in hand if getattr(d, "timing", "") == "attack" for e in d.effects]
    if any(e.kind == "sure_shot" for e in kinds):
        return None
    money = max(0, s.money[seat])
    if atk.kind == "hit":
        money = min(money, attacks.HIT_MONEY_CAP)
    total = money + sum(e.amount for e in kinds if e.kind == "boost")
    helpers = [c for c in attacks.eligible_cards(s, 0) if c != atk.leader]
    powers = sorted((attacks.card_power(s, c) for c in helpers), reverse=True)
    if atk.kind == "takeover" or effects_of(atk.leader, "extra_helpers"):
        return total + sum(powers)
    return total + (powers[0] if powers else 0)


def needs_text(s: CrimeLordsState, mover: bool = True) -> str:
    """The attack in progress as the player weighs it: the number needed and its chance,
    then the sum that makes it. ``mover``: the words are for the attacker himself, who knows
    his own treasury and hand (others read only what the table knows)."""
    atk = s.attack
    assert atk is not None
    number = attacks.success_number(s)
    total = sum_text(terms(s))
    if atk.verdict == 1:
        return f"works on 10 or less (92%: a Sure Thing was played): {total}"
    if atk.verdict == -1:
        return f"fails whatever the dice say (0%: Tipped Off was played): {total}"
    if number >= WORST:
        spare = "; 11 and 12 always fail" if number > BEST else ""
        return (f"needs {min(number, BEST)} or less on two dice ({percent(number)}{spare}): "
                f"{total} = {number}")
    short = WORST - number
    more = reach(s) if mover else 0
    if atk.kind == "hit":
        head = f"only a warning shot as it stands (0%: below 2 the dice are not rolled), short by {short}"
    else:
        head = f"cannot succeed as it stands (0%), short by {short}"
    if mover and more is not None and more < short:
        means = ("up to 5 G and your best helper" if atk.kind == "hit"
                 else "every G you hold and every helper")
        head = (f"cannot succeed (0%): short by {short} even with {means}"
                if atk.kind != "hit" else
                f"only a warning shot (0%: the dice are not rolled): short by {short} even "
                f"with {means}")
        return f"{head}: {total}"
    if mover and more is None:
        return f"{head}: {total}; a Special you hold can still make it work on 10 or less"
    if atk.kind == "hit":
        return f"{head}: {total}; money and a helper must add {short}"
    return f"{head}: {total}; money and helpers must add {short}"


def announced(s: CrimeLordsState, kind: str, leader: int, target: int, mover: bool) -> str:
    """:func:`needs_text` for an attack the player to act could announce now."""
    saved = s.attack
    owner = s.loc[target]
    s.attack = Attack(kind, s.actor, leader, target, owner if owner >= 0 else -1, war=s.war)
    tokened = s.tokens[leader]
    s.tokens[leader] = False  # announcing spends his token: he cannot help himself
    try:
        return needs_text(s, mover)
    finally:
        s.attack = saved
        s.tokens[leader] = tokened


short_words = number_words  # the attack's number in a few words, for the events


__all__ = ["Term", "announced", "needs_text", "percent", "reach", "short_words", "sum_text",
           "terms", "two_dice_chance"]
