"""How the table names things: a seat ("Player 2 (The Old Family)"), a card, and the
pronouns of the characters ("Anita Callahan spends her token").

The lowest layer of the text: the rule modules write their events with these, and ``words``
and ``views`` build on them. It reads the state but changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from .cards import CARDS, MOBS, CrookDef

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: subject, object, possessive for each pronoun a Crook card gives
_FORMS = {"he": ("he", "him", "his"), "she": ("she", "her", "her"),
          "they": ("they", "them", "their")}


def who(s: CrimeLordsState, seat: int) -> str:
    """A seat as the table calls it everywhere: "Player 2 (The Old Family)"."""
    return f"{seat_label(seat)} ({MOBS[s.mob_of[seat]].name})"


def role(s: CrimeLordsState, card: int) -> str:
    """What a controlled card is in its Mob: "Boss", "Lieutenant", "Crook" or "Racket"."""
    if not isinstance(CARDS[card], CrookDef):
        return "Racket"
    owner = s.loc[card]
    m = s.mobs[owner] if owner >= 0 else None
    if m is None or card not in m.cell:
        return "Crook"
    if m.root == card:
        return "Boss"
    return "Lieutenant" if m.parent.get(card, -1) == m.root else "Crook"


def owned(s: CrimeLordsState, card: int) -> str:
    """A card with its owner and rank, the same words for every reader: "Judge Cohen
    (Player 2's Lieutenant)"; an uncontrolled card: "Kid Cobb (uncontrolled)"."""
    owner = s.loc[card]
    if owner < 0:
        return f"{name(card)} (uncontrolled)"
    return f"{name(card)} ({seat_label(owner)}'s {role(s, card)})"


def name(card: int) -> str:
    """A card's name (or "nobody")."""
    return CARDS[card].name if 0 <= card < len(CARDS) else "nobody"


def _forms(card: int) -> tuple[str, str, str]:
    d = CARDS[card] if 0 <= card < len(CARDS) else None
    if isinstance(d, CrookDef):
        return _FORMS[d.pronoun]
    return ("it", "it", "its")


def he(card: int) -> str:
    """The subject pronoun of a card: "he", "she", "they" (The Twins), "it" (a Racket)."""
    return _forms(card)[0]


def him(card: int) -> str:
    """The object pronoun: "him", "her", "them", "it"."""
    return _forms(card)[1]


def his(card: int) -> str:
    """The possessive: "his", "her", "their", "its"."""
    return _forms(card)[2]


def verb(card: int, singular: str, plural: str) -> str:
    """The verb agreeing with the card as subject: "spends" / "spend" (The Twins)."""
    return plural if _forms(card)[0] == "they" else singular


def plural(n: int, word: str, many: str = "") -> str:
    """ "1 Crook", "3 Crooks", "2 Unhappy markers" """
    return f"{n} {word if n == 1 else (many or word + 's')}"
