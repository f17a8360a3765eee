"""Trades and sales: an exchange both players agree to, made at once.

Rulebook section "Gifts and Trades": Rackets, Specials and money "may be transferred between
players: traded, sold (that is, traded for money) or given away"; a deal "is binding if they
make the exchange immediately"; no player may "throw" the game ("A trade that lets both
players win is perfectly legal").

An offer takes three short steps so that every list of choices stays small: the player to
act names the other player and what he gives (``OfferTrade``: one of his Rackets, Specials
or Crooks, or money), then what he wants for it (``AskFor``: one of the other player's
Rackets or Crooks, or money; or he withdraws), then the other player accepts or refuses. An
offered Special is shown (the rulebook lets a player show his Specials), so the offer is
public. At most one Crook changes hands in a deal ("trade something (cash, cards or Crooks)
to get a Crook"), with his subordinates; he must hold a token, which he spends ("Each Crook
who gets a new superior this way must spend an Action Token"), and one of the two players
must be the one whose turn it is. His new owner places him as for a Crook given away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label

from . import actions as A
from . import mob, out_of_turn, placing, victory
from .actions import OFFER_CARD, act
from .cards import CARDS, distinct, is_crook, is_racket, is_special
from .names import who

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: the most G one gift, or one side of a deal, moves: every amount from 1 G up to this is
#: offered (typed at the table). [decided] a bound for the fixed action space, far above
#: any treasury of play; a larger sum takes two gifts
MONEY_AT_ONCE = 199
#: every amount a gift or a deal may move
AMOUNTS = tuple(range(1, MONEY_AT_ONCE + 1))

# ``s.trade`` while an offer is open: [proposer, to, give card, give money, get card,
# get money] (-1: no card; get card -2: not asked yet)
PROPOSER, TO, GIVE_CARD, GIVE_MONEY, GET_CARD, GET_MONEY = range(6)


def offer_actions(s: CrimeLordsState, seat: int, rivals: list[int]) -> list[Any]:
    """First step, a free action: to whom, and what the player gives."""

    out: list[Any] = []
    cards = sorted(s.rackets[seat]) + distinct(s.specials[seat])
    crooks = tradable_crooks(s, seat)
    for p in rivals:
        offer = OFFER_CARD[p]
        out.extend(map(offer.__getitem__, cards))
        if crook_deal_ok(s, seat, p):
            out.extend(map(offer.__getitem__, crooks))
        out.extend(act(A.OfferTrade, p, -1, a) for a in money_amounts(s.money[seat]))
    return out


def money_amounts(have: int) -> range:
    """The amounts a player holding ``have`` G may give or offer at once: 1 G to all he
    has, at most ``MONEY_AT_ONCE``."""
    return range(1, min(have, MONEY_AT_ONCE) + 1)


def tradable_crooks(s: CrimeLordsState, seat: int) -> list[int]:
    """Crooks of ``seat`` that may change Mobs in a deal: not the Boss, holding a token."""
    m = s.mobs[seat]
    return [c for c in m.nodes() if c != m.root and s.tokens[c]]


def crook_deal_ok(s: CrimeLordsState, a: int, b: int) -> bool:
    """"Crooks may only be given to another Mob if it is the turn of one of the players
    involved" (and never in the middle of a Gang War turn)."""
    return s.current in (a, b) and not s.war


def ask_actions(s: CrimeLordsState) -> list[Any]:
    """Second step: what the player wants in return (never money for money, never a trade
    that would throw the game), or withdraw the offer."""

    t = s.trade
    out: list[Any] = []
    wanted = sorted(s.rackets[t[TO]])
    gives_crook = t[GIVE_CARD] >= 0 and is_crook(t[GIVE_CARD])
    if not gives_crook and crook_deal_ok(s, t[PROPOSER], t[TO]):  # one Crook a deal
        wanted += tradable_crooks(s, t[TO])
    # far from the target, no card can throw the game: the exact test is skipped once for
    # all the cards, not re-asked per card
    now: tuple[int, int] | None = None
    before: list[bool] | None
    if s.options.victory == "rackets":  # each seat scored once at most
        far_a, wins_a, now_a = victory.far_or_winning(s, t[PROPOSER])
        far_b, wins_b, now_b = victory.far_or_winning(s, t[TO])
        far, before, now = far_a and far_b, [wins_a, wins_b], (now_a, now_b)
    else:
        far = victory.far_from_target(s, t[PROPOSER]) and victory.far_from_target(s, t[TO])
        before = None if far else victory.wins_after(s, [], (t[PROPOSER], t[TO]))
    # under the Racket table a Crook or money in return counts as nothing in return
    alone = far or t[GIVE_CARD] < 0 or not throws_game(
        s, t[PROPOSER], t[TO], t[GIVE_CARD], -1, before, now)
    maybe = None  # the wanted Rackets that might throw the game (None: ask of each)
    if now is not None and before is not None and not far:
        x = t[GIVE_CARD]
        gain = victory.gain_bound(s, t[TO], x) if x >= 0 and is_racket(x) else 0
        if now[1] + gain < victory.target(s):
            # the other player cannot win by this deal, and giving away never helps the
            # proposer: only a Racket that alone would make him win may throw the game
            maybe = set() if before[0] else victory.winning_gifts(s, t[TO], t[PROPOSER],
                                                                  now[0])
    for r in wanted:
        if far or (alone if now is not None and not is_racket(r) else (
                maybe is not None and r not in maybe) or not throws_game(
                s, t[PROPOSER], t[TO], t[GIVE_CARD], r, before, now)):
            out.append(act(A.AskFor, r, 0))
    if t[GIVE_CARD] >= 0 and alone:
        out.extend(act(A.AskFor, -1, a) for a in AMOUNTS)
    out.append(A.WITHDRAW)
    return out


def answer_actions(s: CrimeLordsState) -> list[Any]:
    """Third step, for the other player: accept (if he can pay what is asked) or refuse."""
    t = s.trade
    if t[GET_MONEY] > s.money[t[TO]]:
        return [A.REFUSE]
    return [A.ACCEPT, A.REFUSE]


def throws_game(s: CrimeLordsState, a: int, b: int, a_gives: int, b_gives: int,
                before: list[bool] | None = None,
                now: tuple[int, int] | None = None) -> bool:
    """Whether exchanging the cards (-1: none) would make exactly one of the two players win
    by the victory rule in force ("Throwing the Game"; a trade that lets both win is
    legal). ``before`` (who wins as things stand, from :func:`victory.wins_after`) and
    ``now`` (their Racket scores) let a caller asking about many cards work them out once."""
    moved = [(c, frm, to) for c, frm, to in ((a_gives, a, b), (b_gives, b, a))
             if c >= 0 and not is_special(c)]
    if not moved:
        return False
    if before is None:
        if victory.far_from_target(s, a) and victory.far_from_target(s, b):
            return False
        before = victory.wins_after(s, [], (a, b))
    if now is not None:
        # a player's score rises only by the Racket he receives (losing one never helps him)
        goal = victory.target(s)
        if all(now[i] + (victory.gain_bound(s, (a, b)[i], got) if got >= 0 and is_racket(got)
                         else 0) < goal for i, got in ((0, b_gives), (1, a_gives))):
            return False
    after = victory.wins_after(s, moved, (a, b))
    # one of them is handed a win the other does not share
    return any(after[i] and not before[i] and not after[1 - i] for i in (0, 1))


# cl-trades
def offer(s: CrimeLordsState, action: A.OfferTrade) -> None:
    """Open an offer (the caller counts the free action); the proposer says next what he
    wants."""
    s.trade = [s.actor, action.to, action.card, action.money, -2, 0]
    s.phase = "trade_ask"


def ask(s: CrimeLordsState, action: A.AskFor) -> None:
    """Complete the offer; the other player answers."""
    s.trade[GET_CARD] = action.card
    s.trade[GET_MONEY] = action.money
    s.phase = "trade"
    s.actor = s.trade[TO]


def close(s: CrimeLordsState, accepted: bool) -> None:
    """Withdrawn, refused or accepted (the exchange is made at once: binding); then the
    proposer's turn goes on."""
    t, s.trade = s.trade, []
    crook, receiver = -1, -1
    a, b = t[PROPOSER], t[TO]
    if t[GET_CARD] == -2:
        s.log.add("deal withdrawn", f"{who(s, a)} withdraws the offer to {seat_label(b)}")
    elif accepted:
        s.log.add("deal", f"Deal: {who(s, a)} gives {words(t[GIVE_CARD], t[GIVE_MONEY])} to "
                  f"{who(s, b)} for {words(t[GET_CARD], t[GET_MONEY])}")
    else:
        s.log.add("deal refused", f"{who(s, b)} turns down {seat_label(a)}'s offer: "
                  f"{words(t[GIVE_CARD], t[GIVE_MONEY])} for "
                  f"{words(t[GET_CARD], t[GET_MONEY])}")
    if accepted:
        for card, frm, to in ((t[GIVE_CARD], a, b), (t[GET_CARD], b, a)):
            if card >= 0 and is_crook(card):
                crook, receiver = card, to
            else:
                move(s, card, frm, to)
        s.money[a] += t[GET_MONEY] - t[GIVE_MONEY]
        s.money[b] += t[GIVE_MONEY] - t[GET_MONEY]
    if s.window:
        out_of_turn.after_trade(s)
    s.phase = "actions"
    s.actor = s.current
    if crook >= 0:
        s.tokens[crook] = False  # he gets a new superior: he spends his token
        placing.hand_over_crook(s, crook, receiver)
        return
    s.phase = "settle"


def move(s: CrimeLordsState, card: int, frm: int, to: int) -> None:
    """Hand a Racket or Special from one seat to another (-1: nothing)."""
    if card < 0:
        return
    if is_special(card):
        s.specials[frm].remove(card)
        s.specials[to].append(card)
        s.loc[card] = to
    else:
        mob.give_racket(s, frm, to, card)


def words(card: int, money: int) -> str:
    """ "North Side Numbers", "10 G" """
    return CARDS[card].name if card >= 0 else f"{money} G"


def shown_special(s: CrimeLordsState) -> int:
    """The Special an open offer shows (-1: none)."""
    if s.trade and s.trade[GIVE_CARD] >= 0 and is_special(s.trade[GIVE_CARD]):
        return s.trade[GIVE_CARD]
    return -1
