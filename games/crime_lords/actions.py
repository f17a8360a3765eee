"""The actions of Crime Lords: frozen attrs values naming cards by their deck index.

Compound choices are split into short steps (announce an attack, then commit money, then
add helpers one by one, then place the recruit), so every list of legal actions stays short.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from .cards import FIRST_SPECIAL, N_CARDS, N_CROOKS


# -- auction ------------------------------------------------------------------------------
@attrs.frozen
class Bid:
    """Bid ``amount`` G of bidding money on the card up for auction (opening bid may be 0)."""

    amount: int


@attrs.frozen
class PassBid:
    """Drop out of the bidding on this card."""


# -- laying out the Mob -------------------------------------------------------------------
@attrs.frozen
class ChooseBoss:
    """Put the Boss token on this Crook."""

    crook: int


@attrs.frozen
class Place:
    """Lay ``crook`` under ``superior`` on grid cell (x, y) of the Mob."""

    crook: int
    superior: int
    x: int
    y: int


@attrs.frozen
class Pay:
    """Pay ``crook`` ``amount`` G of his wage when the money does not reach for everybody
    (all he is owed: full pay; 1 G: short pay, one Unhappy marker instead of two)."""

    crook: int
    amount: int


# -- regular actions (cost an Action Token) -----------------------------------------------
@attrs.frozen
class Recruit:
    """``leader`` attempts to recruit the Crook ``target``."""

    leader: int
    target: int


@attrs.frozen
class Takeover:
    """``leader`` attempts to take over the Racket ``target``."""

    leader: int
    target: int


@attrs.frozen
class Hit:
    """``leader`` attempts to rub out the Crook ``target``."""

    leader: int
    target: int


@attrs.frozen
class Visit:
    """``crook`` spends his token visiting a Racket of his Weakness: one Unhappy marker off."""

    crook: int


@attrs.frozen
class Move:
    """``crook`` spends his token to move (with his subordinates) to a new place."""

    crook: int


@attrs.frozen
class DoubleCross:
    """Lieutenant ``crook`` hits the Boss and takes his place (no roll)."""

    crook: int


@attrs.frozen
class Retire:
    """Lieutenant ``crook`` pays the Boss off (twice his Power) and takes his place."""

    crook: int


@attrs.frozen
class UseAbility:
    """``card`` spends its token on its own ability, aimed at ``target`` (a Crook)."""

    card: int
    target: int


@attrs.frozen
class GiveCrook:
    """Offer ``crook`` (with his subordinates) to seat ``to``; he must accept."""

    to: int
    crook: int


# -- free actions -------------------------------------------------------------------------
@attrs.frozen
class PlaySpecial:
    """Play a Special card (``target`` -1 when it needs none)."""

    card: int
    target: int = -1


@attrs.frozen
class Drop:
    """Release ``crook`` and his subordinates to the uncontrolled area."""

    crook: int


@attrs.frozen
class GiveMoney:
    """Give ``amount`` G to seat ``to``."""

    to: int
    amount: int


@attrs.frozen
class GiveCard:
    """Give a Racket or Special card to seat ``to``."""

    to: int
    card: int


@attrs.frozen
class OfferTrade:
    """Open a trade with seat ``to``: you give the Racket or Special ``card`` (-1: none) or
    ``money`` G; next you say what you want for it."""

    to: int
    card: int
    money: int


@attrs.frozen
class AskFor:
    """What you want for your offer: the other player's Racket ``card`` (-1: none) or
    ``money`` G."""

    card: int
    money: int


@attrs.frozen
class Withdraw:
    """Take your offer back before it is made."""


@attrs.frozen
class TakeTen:
    """Take no action at all this turn and collect 10 G."""


@attrs.frozen
class EndTurn:
    """Done with actions: retoken and pass the turn (in a Gang War: pass this war turn)."""


@attrs.frozen
class Leave:
    """Drop out of the game ("Leaving the Game"): Crooks and Rackets go to the uncontrolled
    area, Specials to the discard pile, the Mob card out of play; the turn passes on."""

    concession: ClassVar[bool] = True  # random players rarely take it (tabletop.agents)


# -- answers ------------------------------------------------------------------------------
@attrs.frozen
class Accept:
    """Say yes (to a Crook offered, or to a shared victory one card short)."""


@attrs.frozen
class Refuse:
    """Say no."""


@attrs.frozen
class Commit:
    """Sealed showdown money: positive for the attack, negative against (Hits: the
    attacker's up to 5 G)."""

    amount: int


@attrs.frozen
class Reveal:
    """The attacker says "Now": the showdown money is revealed and the attack goes on."""


@attrs.frozen
class BackOut:
    """The attacker backs out before the reveal: tokens go back, nothing happened."""


@attrs.frozen
class Protect:
    """Name ``crook`` (-1: nobody) to protect the Racket under attack."""

    crook: int


@attrs.frozen
class Assist:
    """Spend ``card``'s token to add its Power to your side of the attack (the target
    itself: hide out)."""

    card: int


@attrs.frozen
class Interfere:
    """A third party spends ``card``'s token on a takeover in its district: ``side`` +1 for
    the attack, -1 against it (Street Gangs, Crooked Precincts, the North Side Boss)."""

    card: int
    side: int


@attrs.frozen
class Done:
    """Add nothing more to this attack (or take no more Rackets from a wiped-out Mob)."""


@attrs.frozen
class TakeSpoils:
    """Take Racket ``card`` from the Mob you wiped out; after the first, ``token`` is the
    card (Crook or Racket) whose Action Token pays for it ("one more Racket for every Action
    Token (from either a Crook or a Racket) that he spends")."""

    card: int
    token: int = -1


ACTION_TYPES = (
    Bid, PassBid, ChooseBoss, Place, Pay, Recruit, Takeover, Hit, Visit, Move, DoubleCross,
    Retire, UseAbility, GiveCrook, PlaySpecial, Drop, GiveMoney, GiveCard, OfferTrade,
    AskFor, Withdraw, TakeTen, EndTurn,
    Leave,
    Accept, Refuse, Commit, Reveal, BackOut, Protect, Assist, Interfere, Done, TakeSpoils,
)

PASS_BID = PassBid()
TAKE_TEN = TakeTen()
END_TURN = EndTurn()
LEAVE = Leave()
ACCEPT = Accept()
REFUSE = Refuse()
REVEAL = Reveal()
BACK_OUT = BackOut()
DONE = Done()
WITHDRAW = Withdraw()

# -- interning: action values built once per distinct value, so listings are cheap ---------
_interned: dict[tuple[type, tuple[int, ...]], Any] = {}
MAX_PLAYERS = 8  # the most seats a game can have (game.py)


def act(cls: type, *args: int) -> Any:
    """The action ``cls(*args)``, built once."""
    key = (cls, args)
    a = _interned.get(key)
    if a is None:
        a = _interned[key] = cls(*args)
    return a


def _table(cls: type, leaders: int, targets: int) -> list[list[Any]]:
    """``cls(leader, target)`` for every pair, built once: the attacks a turn offers by the
    hundred are looked up, not built."""
    return [[act(cls, lead, t) for t in range(targets)] for lead in range(leaders)]


RECRUITS = _table(Recruit, N_CROOKS, N_CROOKS)
HITS = _table(Hit, N_CROOKS, N_CROOKS)
TAKEOVERS = _table(Takeover, N_CROOKS, FIRST_SPECIAL)
#: gifts and trade openings by (receiving seat, card), looked up like the attacks
GIVE_CARD = _table(GiveCard, MAX_PLAYERS, N_CARDS)
OFFER_CARD = [[act(OfferTrade, p, c, 0) for c in range(N_CARDS)] for p in range(MAX_PLAYERS)]
