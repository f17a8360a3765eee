"""Card definitions (Mobs, Crooks, Rackets, Specials) and their loading from ``data/``.

Every card is a frozen attrs record; abilities are lists of :class:`Effect` drawn from a small
vocabulary (``EFFECT_KINDS``) that the rules code implements once, so a designer adds a card by
editing a data file only. All cards of the deck get one integer index (``CARDS``) that the
state uses everywhere; Mob cards live in their own table.
"""

from __future__ import annotations

import attrs
from attrs import validators as v

from tabletop.data import load_records
from tabletop.errors import CorruptRecord

# cl-districts
DISTRICTS = ("North", "South", "East", "West", "Central")
ATTACKS = ("any", "recruit", "takeover", "hit")

#: What each effect kind does (the whole vocabulary; see RULES.md "Card effects").
# cl-effect-vocabulary
EFFECT_KINDS = {
    "attack_bonus": "+amount to attempts (scope self: when this card takes part; mob: any "
                    "attempt of its Mob), optionally only in a district or against a racket type",
    "defense_bonus": "-amount to attacks against this card wherever it is (self) or against "
                     "any card of its Mob (mob), optionally only in a district or of a type",
    "bodyguard": "-amount to Hits against this Crook's direct superior",
    "no_pay": "this Crook takes no pay",
    "extra_helpers": "any number of Crooks may help a recruitment this Crook leads",
    "extra_draw": "the Mob draws amount extra cards each turn",
    "income": "+amount income for each Racket held in the district / of the type",
    "district_aid": "a Racket with Power may spend its token on either side of a takeover "
                    "in its district",
    "interfere_takeover": "the Mob's Boss may spend his token on either side of a takeover "
                          "in the district",
    "calm": "spend the token: one Crook of the Mob loses amount Unhappy markers (default 1; "
            "any time)",
    "agitate": "spend the token (Crook) or play the card (Special): one rival Crook gets "
               "amount Unhappy markers (default 1)",
    "cash": "Special: take amount G from the bank",
    "boost": "Special: amount in your side's favour during an attack",
    "foil": "Special: the attack you defend against fails",
    "sure_shot": "Special: the attack you make succeeds on 10 or less",
    "retoken": "Special: a card of yours without an action token gets one",
    "calm_all": "Special: every Crook of your Mob loses an Unhappy marker",
}


@attrs.frozen
class Effect:
    """One ability of a card, in the effect vocabulary."""

    kind: str = attrs.field(validator=v.in_(tuple(EFFECT_KINDS)))
    amount: int = attrs.field(default=0, validator=v.and_(v.ge(0), v.le(30)))
    attack: str = attrs.field(default="any", validator=v.in_(ATTACKS))
    scope: str = attrs.field(default="self", validator=v.in_(("self", "mob")))
    district: str = attrs.field(default="", validator=v.in_(("", *DISTRICTS)))
    rtype: str = ""


@attrs.frozen
class MobDef:
    """A Mob card with its Boss token bonus and its Mob-wide ability."""

    id: str
    name: str
    boss_bonus: int = attrs.field(validator=v.and_(v.ge(1), v.le(3)))
    text: str = ""
    effects: tuple[Effect, ...] = ()


@attrs.frozen
class CrookDef:
    """A Crook: Power 1-6, Resistance, Weakness racket types, an action-token space, and
    who the character is (``pronoun``: "he", "she" or "they", for The Twins), so the table
    says "Anita Callahan spends her token"."""

    id: str
    name: str
    power: int = attrs.field(validator=v.and_(v.ge(1), v.le(6)))
    resistance: int = attrs.field(validator=v.and_(v.ge(0), v.le(10)))
    pronoun: str = attrs.field(validator=v.in_(("he", "she", "they")))
    weakness: tuple[str, ...] = ()
    text: str = ""
    effects: tuple[Effect, ...] = ()


@attrs.frozen
class RacketDef:
    """A Racket: district, type, income, resistance; some have Power and a token space."""

    id: str
    name: str
    district: str = attrs.field(validator=v.in_(DISTRICTS))
    rtype: str = attrs.field(validator=v.min_len(1))
    income: int = attrs.field(validator=v.and_(v.ge(0), v.le(10)))
    resistance: int = attrs.field(validator=v.and_(v.ge(0), v.le(10)))
    power: int = attrs.field(default=0, validator=v.and_(v.ge(0), v.le(6)))
    text: str = ""
    effects: tuple[Effect, ...] = ()


@attrs.frozen
class SpecialDef:
    """A Special card, held face down; ``timing`` says when it may be played: ``turn`` (an
    action of one's own turn), ``attack`` (the assistance stage of an attack one makes or
    defends against) or ``any`` (at any question of play, one's own or another's)."""

    id: str
    name: str
    timing: str = attrs.field(validator=v.in_(("turn", "attack", "any")))
    text: str = ""
    effects: tuple[Effect, ...] = attrs.field(default=(), validator=v.min_len(1))


@attrs.frozen
class CardSet:
    """Every card of the game; deck cards are indexed 0..N-1 in ``deck`` order."""

    mobs: tuple[MobDef, ...]
    crooks: tuple[CrookDef, ...]
    rackets: tuple[RacketDef, ...]
    specials: tuple[SpecialDef, ...]

    @property
    def deck(self) -> tuple[CrookDef | RacketDef | SpecialDef, ...]:
        """Crooks, then Rackets, then Specials: the index of a card is its place here."""
        return (*self.crooks, *self.rackets, *self.specials)


def validate(cards: CardSet) -> None:
    """Cross-card checks a single record cannot make (unique ids, known weakness types)."""
    seen: set[str] = set()
    for group in (cards.mobs, cards.crooks, cards.rackets, cards.specials):
        for c in group:
            if c.id in seen:
                raise CorruptRecord(f"card {c.id}: field id: duplicate id")
            seen.add(c.id)
    types = {r.rtype for r in cards.rackets}
    for c in cards.crooks:
        for w in c.weakness:
            if w not in types:
                raise CorruptRecord(f"card {c.id}: field weakness: unknown racket type {w!r}")
    for c in cards.deck:
        for e in c.effects:
            if e.rtype and e.rtype not in types:
                raise CorruptRecord(f"card {c.id}: field effects.rtype: unknown type {e.rtype!r}")


# cl-components cl-card-balance
def load_cards(package: str = "tabletop_games.crime_lords") -> CardSet:
    """Load and validate the four data files."""
    cards = CardSet(
        tuple(load_records(package, "mobs.json", MobDef)),
        tuple(load_records(package, "crooks.json", CrookDef)),
        tuple(load_records(package, "rackets.json", RacketDef)),
        tuple(load_records(package, "specials.json", SpecialDef)),
    )
    validate(cards)
    return cards


CARDSET = load_cards()
MOBS = CARDSET.mobs
CARDS = CARDSET.deck
N_CROOKS = len(CARDSET.crooks)
N_RACKETS = len(CARDSET.rackets)
N_CARDS = len(CARDS)
FIRST_RACKET = N_CROOKS
FIRST_SPECIAL = N_CROOKS + N_RACKETS
BY_ID = {c.id: i for i, c in enumerate(CARDS)}

# where a card can be besides a seat
DECK, UNCONTROLLED, DISCARD, ASIDE, AUCTION, BOX = -1, -2, -3, -4, -5, -6
ZONE_NAMES = {DECK: "deck", UNCONTROLLED: "uncontrolled", DISCARD: "discard",
              ASIDE: "set aside", AUCTION: "up for auction", BOX: "out of play"}
#: the deck's cards of one kind by deck number: ``CARDS[c]`` with its kind known to the type
#: checker (a card of another kind is a KeyError)
CROOK_CARDS: dict[int, CrookDef] = dict(enumerate(CARDSET.crooks))
RACKET_CARDS: dict[int, RacketDef] = dict(enumerate(CARDSET.rackets, FIRST_RACKET))
SPECIAL_CARDS: dict[int, SpecialDef] = dict(enumerate(CARDSET.specials, FIRST_SPECIAL))
#: the Crooks and Rackets (the cards with Power and Resistance, that attacks target)
TARGET_CARDS: dict[int, CrookDef | RacketDef] = {**CROOK_CARDS, **RACKET_CARDS}


def is_crook(card: int) -> bool:
    """Whether deck card ``card`` is a Crook."""
    return card < FIRST_RACKET


def is_racket(card: int) -> bool:
    """Whether deck card ``card`` is a Racket."""
    return FIRST_RACKET <= card < FIRST_SPECIAL


def is_special(card: int) -> bool:
    """Whether deck card ``card`` is a Special."""
    return card >= FIRST_SPECIAL


#: each card's effects by kind, built once (effects are looked up in every attack's sums)
_EFFECTS: list[dict[str, list[Effect]]] = [
    {k: [e for e in c.effects if e.kind == k] for k in {e.kind for e in c.effects}}
    for c in CARDS
]
_NONE: list[Effect] = []


def effects_of(card: int, kind: str) -> list[Effect]:
    """The card's effects of one kind (do not change the list: it is shared)."""
    return _EFFECTS[card].get(kind, _NONE)


def distinct(cards: list[int]) -> list[int]:
    """One card of each name, the lowest index, in index order: two copies of a Special in
    one hand are the same choice ("plays Payday"), so a menu offers it once."""
    first: dict[str, int] = {}
    for c in sorted(cards):
        first.setdefault(CARDS[c].name, c)
    return sorted(first.values())


def has_token_space(card: int) -> bool:
    """Crooks all have one; Rackets only if they have Power; Specials never."""
    if is_crook(card):
        return True
    return is_racket(card) and RACKET_CARDS[card].power > 0
