"""The actions of Don Massivo: small frozen values, one decision each.

Compound choices (which gangsters rob, which loot is sold, what goes into the display) are a
short sequence of these, closed by :class:`Done`. Amounts are in thousands of dollars. Actions
without a card are built once here; card actions are built once per card id.
"""

from __future__ import annotations

import attrs

from .cards import GANGSTERS, KINDS, STOOGES

# dm-board
WEST, EAST, BANK, VILLA, PRISON = "west", "east", "bank", "villa", "prison"
LOCATIONS = (WEST, EAST, BANK, VILLA, PRISON)
"""The five locations of the board; tokens may be placed or moved on all but the Prison."""
OPEN_LOCATIONS = (WEST, EAST, BANK, VILLA)
LOCATION_NAMES = {WEST: "the West Side", EAST: "the East Side", BANK: "the Bank",
                  VILLA: "Don Massivo's Villa", PRISON: "Prison"}


@attrs.frozen
class PlaceToken:
    """Setup: put a token on a location (not the Prison)."""

    location: str


@attrs.frozen
class TakeBackMoney:
    """During the own turn: take ``amount`` thousand out of the display into the money pile."""

    amount: int


@attrs.frozen
class TakeBackGangster:
    """During the own turn: take a Gangster card out of the display back into the hand."""

    card: str


@attrs.frozen
class Move:
    """Phase 2: move token ``token`` (0 or 1) to ``location``; the same location means it stays
    (allowed only when no move is possible, or in the 2-player game)."""

    token: int
    location: str


@attrs.frozen
class Pay:
    """Phase 2: pay the player ``target``, who then takes the next turn."""

    target: int


@attrs.frozen
class Rob:
    """Phase 2: rob the player ``target``, who then takes the next turn."""

    target: int


@attrs.frozen
class LayGangster:
    """Robbing: lay a Gangster card from the hand into the robbery."""

    card: str


@attrs.frozen
class Strike:
    """Robbing: the laid gangsters strike now."""


@attrs.frozen
class Guard:
    """Defending: the robbed player throws a Gangster card from his hand into the defence."""

    card: str


@attrs.frozen
class PayCash:
    """Paying: hand over the money ($2,000, or the whole pile if less)."""


@attrs.frozen
class GiveLoot:
    """Paying: hand over a Stooge card (loot) instead of money."""

    card: str


@attrs.frozen
class Use:
    """Phase 3: use the action of a location one of the own tokens stands on."""

    location: str


@attrs.frozen
class Recruit:
    """The West Side alternative action (Villa holder, before stealing): recruit gangsters."""


@attrs.frozen
class LeanOnFence:
    """The East Side alternative action (Villa holder, before selling): the top card of Fence
    pile ``pile`` is thrown out."""

    pile: int


@attrs.frozen
class SendSpecialist:
    """Stealing: send a Gangster card from the hand as a specialist for his kind of loot."""

    card: str


@attrs.frozen
class Steal:
    """Stealing: the job is done, the loot is drawn."""


@attrs.frozen
class SellTo:
    """Selling: choose the top fence of Fence pile ``pile``."""

    pile: int


@attrs.frozen
class SellCard:
    """Selling: hand a Stooge card (loot) to the chosen fence."""

    card: str


@attrs.frozen
class Done:
    """Finish the current step (phase 3, a sale, face-down additions, a part of phase 4)."""


@attrs.frozen
class Stake:
    """The Casino game: a sealed stake of ``amount`` thousand on loot kind ``kind``
    (``amount`` 0 with kind "" stays out)."""

    amount: int
    kind: str


@attrs.frozen
class FaceDown:
    """Another player's phase 3: add face down to the own display at most one Gangster card
    from the hand (``card``, "" for none) and ``amount`` thousand from the pile."""

    card: str
    amount: int


@attrs.frozen
class SetDisplayMoney:
    """Phase 4: leave exactly ``amount`` thousand in the display (taking out or adding notes)."""

    amount: int


@attrs.frozen
class ShowGangster:
    """Phase 4: put a Gangster card from the hand into the display (also to meet the hand
    limit)."""

    card: str


@attrs.frozen
class DiscardCard:
    """Phase 4 hand limit: throw a card from the hand onto its discard pile."""

    card: str


ACTION_TYPES = (
    PlaceToken, TakeBackMoney, TakeBackGangster, Move, Pay, Rob, LayGangster, Strike, Guard,
    PayCash, GiveLoot, Use,
    Recruit, LeanOnFence, SendSpecialist, Steal, SellTo, SellCard, Done, Stake,
    FaceDown, SetDisplayMoney, ShowGangster, DiscardCard,
)

# -- prebuilt values --------------------------------------------------------------------------
DONE, STRIKE, RECRUIT, STEAL, PAY_CASH = Done(), Strike(), Recruit(), Steal(), PayCash()
PLACE = {loc: PlaceToken(loc) for loc in OPEN_LOCATIONS}
USE = {loc: Use(loc) for loc in (WEST, EAST, BANK)}
MOVES = {(t, loc): Move(t, loc) for t in (0, 1) for loc in OPEN_LOCATIONS}
PAY = tuple(Pay(s) for s in range(5))
ROB = tuple(Rob(s) for s in range(5))
LEAN = tuple(LeanOnFence(p) for p in range(3))
SELL_TO = tuple(SellTo(p) for p in range(3))
MONEY_MAX = 99
"""The most money, in thousands, that one amount decision can move: nobody holds $100,000
while the game goes on (it ends at once), so no pile or display holds more than $99,000."""
TAKE_MONEY = {a: TakeBackMoney(a) for a in range(1, MONEY_MAX + 1)}
FACEDOWN = {(c, a): FaceDown(c, a) for c in ("", *GANGSTERS) for a in range(MONEY_MAX + 1)}
SET_MONEY = tuple(SetDisplayMoney(a) for a in range(MONEY_MAX + 1))
TAKE_G = {c: TakeBackGangster(c) for c in GANGSTERS}
LAY = {c: LayGangster(c) for c in GANGSTERS}
GUARD = {c: Guard(c) for c in GANGSTERS}
GIVE_LOOT = {c: GiveLoot(c) for c in STOOGES}
SPECIALIST = {c: SendSpecialist(c) for c in GANGSTERS}
SHOW = {c: ShowGangster(c) for c in GANGSTERS}
SELL = {c: SellCard(c) for c in STOOGES}
DISCARD = {c: DiscardCard(c) for c in (*GANGSTERS, *STOOGES)}
STAKES = (Stake(0, ""), *(Stake(a, k) for a in range(1, 6) for k in KINDS))
