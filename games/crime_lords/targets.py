"""Which elements of the picture each action acts on (``State.targets``), so that a player
can play Crime Lords by clicking the table: first the card that acts (or is bid on, paid,
played), then the card or place it acts on or goes to. The ids are those of
:mod:`tabletop_games.crime_lords.picture`.

- A bid (any amount): the card up for auction; passing: the "Done" marker.
- Recruit, take over, Hit, a token ability: the Crook who leads or acts, then his target.
- Laying out or placing a Crook: the Crook, then the open place he goes to.
- Moving a Crook: the Crook, then his own Mob card (he is placed next); dropping him: the
  Crook, then the uncontrolled area; giving him away or offering him in a deal: the Crook,
  then the row of the player he goes to.
- Visiting a Racket of his Weakness: the Crook, then that Racket; a double-cross or a
  retirement: the Lieutenant, then his Boss.
- A Special: the card, then the card it is played on (if any).
- Money given or offered: the row of the player it goes to; money in an attack, the reveal
  and backing out: the attack; what is asked in a deal, withdrawing, taking or refusing it:
  the card asked for, else the deal.
- Pass, end the turn, add nothing more, no protector, take no more: the "Done" marker;
  leaving the game and answering a shared victory: the player's own row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.pictures import element_id

from . import actions as A
from .cards import CROOK_CARDS, RACKET_CARDS
from .picture import card_id, crook_id, racket_id

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: actions whose first element is the acting card and whose second is their target card
_LEADS = (A.Recruit, A.Takeover, A.Hit)
#: actions that end a question without doing more: the "Done" marker
_DONE = (A.PassBid, A.EndTurn, A.TakeTen, A.Done)


def seat_row(seat: int) -> str:
    """A seat's row in the picture."""
    return element_id("seat", seat + 1)


def targets(s: CrimeLordsState, action: Any) -> tuple[str, ...]:
    """The ids of the elements ``action`` acts on (see the module's docstring)."""
    t = type(action)
    seat = s.actor
    if t in _LEADS:
        return crook_id(action.leader), card_id(action.target)
    if t in _DONE or (t is A.Protect and action.crook < 0):
        return ("done",)
    if t is A.Bid:
        return (card_id(s.auc_card),)
    if t is A.ChooseBoss or t is A.Pay:
        return (crook_id(action.crook),)
    if t is A.Assist:
        return (card_id(action.card),)
    if t is A.Place:
        return crook_id(action.crook), element_id("spot", seat + 1, action.x, action.y)
    if t is A.Protect:
        assert s.attack is not None
        return crook_id(action.crook), racket_id(s.attack.target)
    if t is A.Interfere:
        return (card_id(action.card),)
    if t is A.UseAbility:
        return crook_id(action.card), crook_id(action.target)
    if t is A.PlaySpecial:
        if action.target < 0:
            return (card_id(action.card),)
        return card_id(action.card), card_id(action.target)
    if t is A.Visit:
        return crook_id(action.crook), racket_id(_liked_racket(s, seat, action.crook))
    if t is A.Move:
        return crook_id(action.crook), element_id("mob", seat + 1)
    if t is A.DoubleCross or t is A.Retire:
        return crook_id(action.crook), crook_id(s.mobs[seat].root)
    if t is A.Drop:
        return crook_id(action.crook), "uncontrolled"
    if t is A.GiveCrook:
        return crook_id(action.crook), seat_row(action.to)
    if t is A.GiveCard:
        return card_id(action.card), seat_row(action.to)
    if t is A.GiveMoney:
        return (seat_row(action.to),)
    if t is A.OfferTrade:
        if action.card < 0:
            return (seat_row(action.to),)
        return card_id(action.card), seat_row(action.to)
    if t is A.AskFor:
        return (card_id(action.card),) if action.card >= 0 else ("deal",)
    if t is A.Withdraw:
        return ("deal",)
    if t in (A.Commit, A.Reveal, A.BackOut):
        return ("attack",)
    if t is A.TakeSpoils:
        if action.token < 0:
            return (racket_id(action.card),)
        return racket_id(action.card), card_id(action.token)
    if t is A.Accept or t is A.Refuse:
        if s.phase == "consent":
            return (crook_id(s.offer_crook),)
        if s.phase == "trade":
            return ("deal",)
        return (seat_row(seat),)
    if t is A.Leave:
        return (seat_row(seat),)
    return ()


def _liked_racket(s: CrimeLordsState, seat: int, crook: int) -> int:
    """The first Racket of ``seat`` of a type the Crook likes (his Weakness)."""
    weak = CROOK_CARDS[crook].weakness
    return next(r for r in sorted(s.rackets[seat])
                if RACKET_CARDS[r].rtype in weak)
