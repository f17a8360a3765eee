"""The fixed action space and the numeric observation of Crime Lords, for learning agents.

Every action the game can ever offer at a player count has a number that never changes
with play. Most actions name cards by their deck index, so they are listed once
(:class:`ActionSpace`); two kinds depend on the position and are numbered by their shape:

- ``Place(crook, superior, x, y)``: the card being placed is always the one the question is
  about, and the new cell touches the superior's (the touching rule), so a placement is
  numbered by its superior and the side of him it goes on (``SIDES``);
- ``Pay(crook, amount)``: a Crook's whole wage (what he is still owed) or 1 G of it, so a
  payment is numbered by the Crook and which of the two it is.

The observation tensor (``tensor``) is built from ``observation(seat)`` alone, so it holds
nothing the seat may not see. Its shape is ``(tensor_length(players),)``, row-major:

- per card of the deck (``N_CARDS`` rows, in deck order), ``players + 6`` numbers: where it
  is as the seat sees it, one-hot over the seats (counted from the viewer: 0 is the viewer
  himself), the uncontrolled area, the discard pile, set aside, up for auction and
  "unseen" (the deck, or a rival's hand); then 6 numbers: token, Unhappy markers, Power
  markers, Boss, the attack's leader, the attack's target (7 more per card, see
  ``CARD_FEATURES``);
- per seat (counted from the viewer), 6 numbers: in the game, Specials in hand, bidding money
  / 25, treasury / 100 (the viewer's own only; 0 for rivals, whose treasuries are hidden),
  Racket count, whether it is at war;
- the phase, one-hot over ``PHASES``; whose decision it is and whose turn, one-hot over the
  seats (from the viewer); the turn number / 100, the deck size / ``N_CARDS``, the auction's
  high bid / 25, the attack's kind one-hot (recruit, takeover, hit), its net revealed money
  / 10 and boost / 10, whether a Gang War is on, the place value of the showdown amount's
  next step / 10 and the seat's own money under the hand so far / 10 (its own only).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.action_space import ActionSpace

from . import actions as A
from . import attacks
from .auction import BIDDING_MONEY as BID_MONEY
from .cards import FIRST_RACKET, FIRST_SPECIAL, N_CARDS, N_CROOKS
from .trades import AMOUNTS

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: the four sides of a superior a placed Crook may take: east, west, north, south
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: every amount one step of sealed showdown money (or Hit money) may put under the hand
#: (``attacks.commit_options``): up to 19 of a place value at the first step, up to 9 later
COMMITS = tuple(sorted({d * 10 ** k for d in range(attacks.FIRST_STEP)
                        for k in range(attacks.MAX_COMMIT_STEPS)}))
#: gifts of money (``flow.gift_actions``): 1 G up to the most one gift moves
GIFTS = AMOUNTS
PHASES = (
    "auction", "boss", "layout", "newboss", "regroup", "pay", "place", "actions", "war",
    "protect", "showdown", "hitmoney", "reveal", "assist", "window", "trade_ask", "trade",
    "consent", "share", "spoils", "over",
)
CARD_FEATURES = 6
SEAT_FEATURES = 6
ZONES = ("uncontrolled", "discard", "aside", "auction", "unseen")

_CROOKS = range(N_CROOKS)
_TOKEN_CARDS = range(FIRST_SPECIAL)          # Crooks and Rackets
_RACKETS = range(FIRST_RACKET, FIRST_SPECIAL)
_SPECIALS = range(FIRST_SPECIAL, N_CARDS)


@cache
def listed(players: int) -> ActionSpace:
    """Every action numbered by its value (all but placements and payments)."""
    seats = range(players)
    out: list[Any] = [
        A.PASS_BID, A.TAKE_TEN, A.END_TURN, A.LEAVE, A.ACCEPT, A.REFUSE, A.REVEAL,
        A.BACK_OUT, A.DONE, A.WITHDRAW,
    ]
    out += [A.Bid(a) for a in range(BID_MONEY + 1)]
    out += [A.ChooseBoss(c) for c in _CROOKS]
    for kind in (A.Recruit, A.Hit):
        out += [kind(lead, t) for lead in _CROOKS for t in _CROOKS]
    out += [A.Takeover(lead, t) for lead in _CROOKS for t in _RACKETS]
    for one in (A.Visit, A.Move, A.DoubleCross, A.Retire, A.Drop):
        out += [one(c) for c in _CROOKS]
    out += [A.UseAbility(c, t) for c in _TOKEN_CARDS for t in _CROOKS]
    out += [A.GiveCrook(p, c) for p in seats for c in _CROOKS]
    out += [A.PlaySpecial(c, t) for c in _SPECIALS for t in (-1, *range(N_CARDS))]
    out += [A.GiveMoney(p, a) for p in seats for a in GIFTS]
    out += [A.GiveCard(p, c) for p in seats for c in range(FIRST_RACKET, N_CARDS)]
    out += [A.OfferTrade(p, c, 0) for p in seats for c in range(N_CARDS)]
    out += [A.OfferTrade(p, -1, a) for p in seats for a in AMOUNTS]
    out += [A.AskFor(c, 0) for c in range(N_CARDS)]
    out += [A.AskFor(-1, a) for a in AMOUNTS]
    out += [A.Commit(a) for a in sorted({*COMMITS, *(-a for a in COMMITS)})]
    out += [A.Protect(c) for c in (-1, *_CROOKS)]
    out += [A.Assist(c) for c in _TOKEN_CARDS]
    out += [A.Interfere(c, d) for c in _TOKEN_CARDS for d in (1, -1)]
    out += [A.TakeSpoils(r, t) for r in _RACKETS for t in (-1, *_TOKEN_CARDS)]
    return ActionSpace(out)


def size(players: int) -> int:
    """How many numbers the space holds: the listed actions, then one placement per
    superior and side, then two payments per Crook."""
    return len(listed(players)) + len(SIDES) * N_CROOKS + 2 * N_CROOKS


def index(s: CrimeLordsState, action: Any) -> int:
    """``action``'s number (ValueError for an action outside the space)."""
    base = len(listed(s.players))
    if type(action) is A.Place:
        sup = action.superior
        seat = s.loc[sup] if 0 <= sup < N_CROOKS else -1
        if seat < 0 or sup not in s.mobs[seat].cell:
            raise ValueError(f"{action!r} is not in the action space")
        sx, sy = s.mobs[seat].cell[sup]
        side = SIDES.index((action.x - sx, action.y - sy))
        return base + sup * len(SIDES) + side
    if type(action) is A.Pay:
        full = action.amount == s.pay_due.get(action.crook, 0)
        if not (0 <= action.crook < N_CROOKS) or not (full or action.amount == 1):
            raise ValueError(f"{action!r} is not in the action space")
        return base + len(SIDES) * N_CROOKS + 2 * action.crook + (0 if full else 1)
    return listed(s.players).index(action)


def from_index(s: CrimeLordsState, number: int) -> Any:
    """The action numbered ``number`` in this position."""
    space = listed(s.players)
    if type(number) is not int or not 0 <= number < size(s.players):
        raise ValueError(f"action number {number!r} is outside 0 to {size(s.players) - 1}")
    if number < len(space):
        return space.action(number)
    number -= len(space)
    if number < len(SIDES) * N_CROOKS:
        sup, side = divmod(number, len(SIDES))
        seat = s.loc[sup]
        crook = placing(s)
        if seat < 0 or sup not in s.mobs[seat].cell or crook < 0:
            raise ValueError(f"action number {number + len(space)} places no Crook now")
        sx, sy = s.mobs[seat].cell[sup]
        dx, dy = SIDES[side]
        return A.Place(crook, sup, sx + dx, sy + dy)
    crook, kind = divmod(number - len(SIDES) * N_CROOKS, 2)
    return A.Pay(crook, s.pay_due.get(crook, 0) if kind == 0 else 1)


def placing(s: CrimeLordsState) -> int:
    """The Crook the current question places (-1: none)."""
    if s.phase == "layout" and s.layout_queue:
        return s.layout_queue[0]
    if s.phase == "regroup" and s.regroup:
        return s.regroup[0]
    if s.phase == "place":
        return s.place_card
    return -1


# -- the observation tensor --------------------------------------------------------------------
def tensor_length(players: int) -> int:
    """The length of ``tensor`` at this player count."""
    per_card = players + len(ZONES) + CARD_FEATURES
    return (N_CARDS * per_card + players * SEAT_FEATURES + len(PHASES) + 2 * players + 3
            + 3 + 3 + 2)


def tensor(s: CrimeLordsState, seat: int | None) -> list[float]:
    """``observation(seat)`` as numbers (see the module docstring)."""
    obs = s.observation(seat)
    players = s.players
    viewer = seat if seat is not None else 0

    def rel(p: int) -> int:
        return (p - viewer) % players

    width = players + len(ZONES) + CARD_FEATURES
    cards = [0.0] * (N_CARDS * width)
    unseen = players + ZONES.index("unseen")
    where = [unseen] * N_CARDS
    marks: dict[int, list[int]] = {}
    bosses: set[int] = set()
    seats: list[float] = []
    for p, m in enumerate(obs["mobs"]):
        for c, token, unhappy, power in m["cards"]:
            where[c] = rel(p)
            marks[c] = [token, unhappy, power]
        for c in m["rackets"]:
            where[c] = rel(p)
        for c in m["held"]:
            where[c] = rel(p)
        if m["boss"] is not None and m["boss"] >= 0:
            bosses.add(m["boss"])
    for c in obs["hand"]:
        where[c] = rel(viewer)
    for c, token, unhappy, power in obs["uncontrolled"]:
        where[c] = players + ZONES.index("uncontrolled")
        marks[c] = [token, unhappy, power]
    for c in obs["discard"]:
        where[c] = players + ZONES.index("discard")
    for c in obs["aside"]:
        where[c] = players + ZONES.index("aside")
    auction = obs["auction"]
    if auction[0] >= 0:
        where[auction[0]] = players + ZONES.index("auction")
    attack = obs["attack"]
    for c in range(N_CARDS):
        row = c * width
        cards[row + where[c]] = 1.0
        token, unhappy, power = marks.get(c, (0, 0, 0))
        extra = row + players + len(ZONES)
        cards[extra] = float(token)
        cards[extra + 1] = unhappy / 3
        cards[extra + 2] = power / 5
        cards[extra + 3] = float(c in bosses)
        if attack is not None:
            cards[extra + 4] = float(attack["leader"] == c)
            cards[extra + 5] = float(attack["target"] == c)
    order = sorted(range(players), key=rel)
    war_in = obs["war"][1]
    for p in order:
        m = obs["mobs"][p]
        seats += [float(m["alive"]), float(m["specials"]), m["bid_money"] / BID_MONEY,
                  (m["money"] or 0) / 100 if p == seat else 0.0, float(len(m["rackets"])),
                  float(war_in[p]) if war_in else 0.0]
    phase = [float(obs["phase"] == ph) for ph in PHASES]
    acting = [float(obs["to_act"] is not None and rel(obs["to_act"]) == i)
              for i in range(players)]
    turn = [float(rel(obs["current"]) == i) for i in range(players)]
    kinds = [float(attack is not None and attack["kind"] == k)
             for k in ("recruit", "takeover", "hit")]
    extras = [obs["turn"] / 100, obs["deck"] / N_CARDS, max(auction[1], 0) / BID_MONEY,
              (attack["money"] if attack is not None else 0) / 10,
              (attack["boost"] if attack is not None else 0) / 10, float(obs["war"][0]),
              (attack["place"] if attack is not None else 0) / 10,
              (attack["stake"] or 0 if attack is not None else 0) / 10]
    return cards + seats + phase + acting + turn + kinds + extras


__all__ = ["from_index", "index", "listed", "size", "tensor", "tensor_length"]
