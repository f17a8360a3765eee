"""The glossary for the ``i`` command: the game's terms as the table uses them, then every
Mob and card by name with what it is and does."""

from __future__ import annotations

from collections import Counter

from .cards import CARDS, MOBS, CrookDef, RacketDef, SpecialDef
from .views import WHEN, crook_words, racket_words

#: the words of the game, in our own words from the rulebook
TERMS = {
    "G": "Money, counted in G-notes. Your treasury is hidden from the other players; what "
         "you pay or receive at the table is seen.",
    "treasury": "Your money (50 G at the start). Hidden from the others ('Money'); the table "
                "tells it to you after income and wages.",
    "bidding money": "25 G each for the opening auction only, public; what is not spent is "
                     "lost when the auction ends.",
    "Crook": "A mobster card: Power, Resistance, Weakness, an Action Token space and maybe "
             "an ability.",
    "Racket": "A business of a district that pays income each turn; some (Street Gangs, "
              "Crooked Precincts) also have Power and a token.",
    "Special": "A card kept face down; its count is public. It says when it may be played: "
               "on your turn, in an attack, or at any time.",
    "Boss": "The Crook at the centre of a Mob. His Boss token adds the Mob's bonus to his "
            "Power. He is paid first and in full; if he dies the whole Mob is unhappy.",
    "Boss token": "The Mob card's bonus (+1 to +3) added to the Boss's Power for control, "
                  "pay and attacks.",
    "Lieutenant": "A Crook right next to the Boss (at most four). Becoming one takes an "
                  "Unhappy marker off, losing the rank puts one on; recruiting one is -10.",
    "superior": "The Crook a card sits under, who must have more Power when it is placed.",
    "Power": "What a Crook can do: it must exceed a recruit's, it is his wage, and it adds "
             "to attacks. At most 6 (plus the Boss token).",
    "Power marker": "+1 Power a Crook earns for a successful Hit (+2 if the victim was "
                    "stronger); never above 6. Shown as p+1.",
    "Resistance": "How hard a card is to recruit or take over: subtracted from the number.",
    "Weakness": "The Racket type a Crook likes: +4/-4 to recruit him, and his Mob taking or "
                "visiting one takes an Unhappy marker off.",
    "Unhappy": "A marker on a Crook (shown u): from short pay (1), no pay (2), surviving a "
               "Hit, his superior or his people Hit, demotion, being stronger than his "
               "superior. +2 to recruit him each. On the third he quits.",
    "quits": "A Crook on his third Unhappy marker leaves: unpaid he goes uncontrolled, "
             "otherwise he leaves town (discarded).",
    "Action Token": "The round token (shown o) a card spends to act: lead or help an attack, "
                    "move, visit, use an ability, protect. One a card.",
    "token": "Short for Action Token.",
    "retoken": "At the end of your turn every card of yours with an empty token space gets "
               "a token back. A Gang War retokens Crooks too.",
    "uncontrolled": "The centre of the table: Crooks and Rackets nobody controls, face up. "
                    "They earn nothing; anyone may recruit, take over or Hit them.",
    "recruit": "An attack that brings a Crook (with his people) into your Mob. The leader "
               "must have more Power.",
    "takeover": "An attack on a Racket: +2 for each Racket of the same district or type you "
                "hold, -2 for each the defender holds.",
    "Hit": "An attack that kills a Crook: his superior and people get markers, the leader "
           "gains Power. Under 2 it is only a warning shot.",
    "warning shot": "A Hit whose number is below 2: no roll, no marker, no Gang War.",
    "hide out": "The target of a Hit spends his token: +3 to the defence.",
    "protector": "A Crook the owner of an attacked Racket names: he spends his token and "
                 "adds his Power to its Resistance.",
    "showdown": "Before the roll every player may put money under his hand, for or against "
                "(others at most 10 G); all of it goes to the bank, 1 G = 1 point.",
    "number": "What the 2d6 roll must not exceed for an attack to work; 11 and 12 always "
              "fail.",
    "Gang War": "A real attempt on a Boss starts one: the attacker's turn ends, both Mobs "
                "retoken, then turns of one +5 Hit or a pass until all pass.",
    "double-cross": "A Lieutenant kills his Boss and takes his place: no roll, everyone gets "
                    "a marker.",
    "retire": "A Lieutenant takes over after the Boss is paid twice his Power: no markers.",
    "Street Gang": "A one-of-a-kind Racket with Power and a token that may help either side "
                   "of a takeover in its district.",
    "Crooked Precinct": "A Racket with Power and a token that may help either side of a "
                        "takeover in its district.",
    "district": "North, South, East, West or Central: each has one Racket of every regular "
                "type and its own gang.",
    "Racket score": "Rackets held, +1 for three or more of a type nobody else has, +2 for "
                    "four or more in a district where nobody else has more than one. Reach "
                    "the table's target at the end of a turn to win.",
    "wiped out": "A Mob whose last Crook falls to your attack: you take one of its Rackets "
                 "free, and one more for each token you spend.",
    "shared victory": "Two or more Mobs one point short at the end of a turn may agree to "
                      "win together.",
}


def glossary() -> dict[str, str]:
    """The terms, then every Mob and card by name, with what it is and does."""
    out = dict(TERMS)
    for m in MOBS:
        out[m.name] = f"Mob card. Boss token +{m.boss_bonus}. {m.text}".strip()
    types = Counter(d.rtype for d in CARDS if isinstance(d, RacketDef))
    for i, d in enumerate(CARDS):
        if isinstance(d, CrookDef):
            text = f"Crook: {crook_words(i)}. {d.text}"
        elif isinstance(d, RacketDef):
            kind = d.rtype if types[d.rtype] > 1 else f"one of a kind ({d.rtype})"
            if d.rtype == d.name:
                kind = "one of a kind"
            text = f"Racket, {d.district} district, {kind}: {racket_words(i)}. {d.text}"
        else:
            assert isinstance(d, SpecialDef)
            text = f"Special, played {WHEN[d.timing]}: {d.text}"
        out.setdefault(d.name, text.strip())
    return out
