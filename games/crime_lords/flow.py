"""The order of play of Crime Lords, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

The step field is the state's ``phase``; the seat to act its ``actor``. The game's steps:

- set-up: ``auction`` (bids on the cards turned up), ``boss`` (each seat picks its Boss),
  ``layout`` (the other Crooks laid out around him);
- the regular turn: ``turn_start`` (automatic: markers, income, the Boss paid) -> ``pay``
  (the player says who gets what when the money does not reach) -> ``draw`` (automatic) ->
  ``window`` (the others' out-of-turn actions, option ``open_table``) -> ``actions`` ->
  ``turn_end`` (automatic: the victory check) -> ``next_turn`` (automatic) -> ``turn_start``;
  a Boss Hit starts the ``war`` (turns of +5 Hits among the Mobs at war);
- the questions a rule asks on the way, each a step of its own whose seat answers: an
  attack's ``protect``, ``showdown``, ``hitmoney``, ``reveal``, ``assist``; ``place`` (where
  a Crook goes), ``regroup`` (Crooks placed again), ``newboss``, ``spoils``, ``consent`` (a
  Crook offered), ``trade_ask`` and ``trade`` (a deal), ``share`` (a shared victory);
- ``settle`` (automatic), where play goes whenever a rule is done: it asks what the
  rulebook asks "at once" after a change (a new Boss, Crooks to re-place, the spoils of a
  Mob wiped out), ends the game on a last survivor, and hands play back to the war, the
  window or the action phase; ``over``, where the game ends.

Rules change the state (:mod:`turn`, :mod:`pay`, :mod:`attacks`, :mod:`placing`,
:mod:`regroup`, :mod:`trades`, :mod:`war`, :mod:`victory`, :mod:`auction`); one that asks a
question sets its step and seat, one that is done leaves the step ``settle`` (or
``turn_end`` when the turn is over) and the flow goes on from there. Each step's listing
(what may be played, in the order the bots and the goldens rely on) and its refusal (why
something else may not, in words) are side by side here.

Rulebook sections: "Beginning the Game", "Sequence of Play", "Actions", "Free Actions",
"Gifts and Trades", "Gang War!", "Leaving the Game".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.flow import Flow, Step

from . import actions as A
from . import (
    attacks,
    auction,
    mob,
    out_of_turn,
    pay,
    placing,
    regroup,
    trades,
    turn,
    victory,
    war,
)
from .actions import GIVE_CARD, HITS, RECRUITS, TAKEOVERS, act
from .cards import (
    CARDS,
    CROOK_CARDS,
    FIRST_RACKET,
    FIRST_SPECIAL,
    RACKET_CARDS,
    SPECIAL_CARDS,
    distinct,
    effects_of,
    has_token_space,
)

if TYPE_CHECKING:
    from .state import CrimeLordsState

# re-exported: the pay rules as the tests and the bots knew them here
from .pay import (
    EXACT_OWED,
    _after,
    _endings,
    _options,
    income,
    pay_of,
    pay_options,
    pay_question,
)
from .placing import start_placing
from .turn import draw_cards, markers, use_ability

#: the steps that run by themselves: play goes through them at once
AUTOMATIC = frozenset(("turn_start", "draw", "settle", "turn_end", "next_turn"))

#: the questions at which a Special with timing "any" may be played and an ability usable
#: "at any time" used, besides the player's own action phase (where they are among his
#: actions) and the out-of-turn window (which offers the abilities itself): every question
#: of play, but not the setup nor the laying out of cards, nor while a deal is on the table
#: (it is made at once: "binding if they make the exchange immediately")
# cl-special-timing
ANY_TIME_PHASES = frozenset((
    "war", "pay", "protect", "showdown", "hitmoney", "reveal", "assist", "window",
    "spoils", "consent", "share",
))


# -- listings ---------------------------------------------------------------------------------
def any_time_specials(s: CrimeLordsState, seat: int) -> list[int]:
    """The seat's Specials that may be played at any time."""
    return [c for c in distinct(s.specials[seat])
            if SPECIAL_CARDS[c].timing == "any"]


# cl-any-time-abilities
def any_time_abilities(s: CrimeLordsState, seat: int) -> list[Any]:
    """Token abilities usable at any time (``calm``, e.g. Bentley Grimes): on an Unhappy
    Crook of the seat's own Mob."""
    mine = s.mobs[seat].nodes()
    calmers = [c for c in mine if s.tokens[c] and effects_of(c, "calm")]
    if not calmers:
        return []
    return [act(A.UseAbility, c, t) for c in calmers for t in mine if s.unhappy[t]]


def _any_time(listing: Callable[[CrimeLordsState], list[Any]]
              ) -> Callable[[CrimeLordsState], list[Any]]:
    """The listing of a question at which the asked seat may also use any-time abilities
    and play any-time Specials (after the question's own answers)."""
    def listed(s: CrimeLordsState) -> list[Any]:
        out = listing(s)
        seat = s.actor
        out.extend(any_time_abilities(s, seat))
        if s.specials[seat]:
            out.extend(act(A.PlaySpecial, c, -1) for c in any_time_specials(s, seat))
        return out
    return listed


# cl-bid-any-amount
def auction_actions(s: CrimeLordsState) -> list[Any]:
    """Step ``auction``: open with any amount (0 allowed) or raise to any amount the bidding
    money pays ("bid any amount"); or pass."""
    have = s.bid_money[s.actor]
    if s.auc_high < 0:
        return [act(A.Bid, a) for a in range(have + 1)]
    return [*(act(A.Bid, a) for a in range(s.auc_high + 1, have + 1)), A.PASS_BID]


def boss_choices(s: CrimeLordsState) -> list[Any]:
    """Step ``boss``: any Crook bought in the auction."""
    return [act(A.ChooseBoss, c) for c in auction.held_crooks(s, s.actor)]


def new_boss_choices(s: CrimeLordsState) -> list[Any]:
    """Step ``newboss``: any surviving Crook of the Mob."""
    return [act(A.ChooseBoss, c) for c in sorted(s.newboss_pool)]


def layout_places(s: CrimeLordsState) -> list[Any]:
    """Step ``layout``: every open side the next queued Crook may take."""
    c = s.layout_queue[0]
    return [act(A.Place, c, sup, x, y) for sup, (x, y) in mob.placements_for(s, s.actor, c)]


def regroup_places(s: CrimeLordsState) -> list[Any]:
    """Step ``regroup``: the places of the next queued unit; when none, the old Crooks that
    could make room for him, and letting him go."""
    c = s.regroup[0]
    found = regroup.spots(s, c)
    if found:
        return [act(A.Place, c, sup, x, y) for sup, (x, y) in found]
    return [*(act(A.Drop, b) for b in regroup.blockers(s, c)), A.DONE]


def payments(s: CrimeLordsState) -> list[Any]:
    """Step ``pay``: the (Crook, amount) choices while short of money."""
    return [act(A.Pay, c, a) for c, a in pay.pay_options(s, s.actor)]


def places(s: CrimeLordsState) -> list[Any]:
    """Step ``place``: the open sides the Crook being placed may take."""
    c = s.place_card
    return [act(A.Place, c, sup, x, y)
            for sup, (x, y) in mob.placements_for(s, s.actor, c, s.place_under)]


def rivals(s: CrimeLordsState, seat: int) -> list[int]:
    """Other seats still in the game."""
    return [p for p in range(s.players) if p != seat and s.alive[p]]


def visit_ok(s: CrimeLordsState, seat: int, crook: int) -> bool:
    """The Mob owns a Racket of one of the Crook's Weaknesses."""
    weak = CROOK_CARDS[crook].weakness
    return any(RACKET_CARDS[r].rtype in weak for r in s.rackets[seat])


# cl-regular-actions cl-actions-any-order cl-hit-uncontrolled cl-own-hit
def turn_actions(s: CrimeLordsState) -> list[Any]:
    """Step ``actions``: the action phase of a regular turn."""
    seat = s.actor
    out: list[Any] = []
    m = s.mobs[seat]
    mine = m.nodes()
    leaders = [c for c in mine if s.tokens[c]]
    free_crooks = [c for c in s.uncontrolled if c < FIRST_RACKET]
    free_rackets = [c for c in s.uncontrolled if FIRST_RACKET <= c < FIRST_SPECIAL]
    enemy_crooks: list[int] = []
    enemy_rackets: list[int] = []
    for p in rivals(s, seat):
        enemy_crooks.extend(s.mobs[p].nodes())
        enemy_rackets.extend(sorted(s.rackets[p]))
    boss = m.root
    # a Crook given away can hand a rival the win only under "more than all foes"
    crooks_count = s.options.victory == "more_than_all"
    base_power = [mob.base_power(s, t) for t in free_crooks]
    rival_power = [mob.base_power(s, t) for t in enemy_crooks]
    rival_bosses = {s.mobs[p].root for p in rivals(s, seat)}
    own_targets = [t for t in mine if t != boss]
    for lead in leaders:
        lp = mob.power(s, lead)
        recruit, hit, takeover = RECRUITS[lead], HITS[lead], TAKEOVERS[lead]
        out.extend(recruit[t] for t, p in zip(free_crooks, base_power, strict=True) if lp > p)
        out.extend(recruit[t] for t, p in zip(enemy_crooks, rival_power, strict=True)
                   if lp > p and t not in rival_bosses)
        out.extend(takeover[t] for t in free_rackets)
        out.extend(takeover[t] for t in enemy_rackets)
        out.extend(hit[t] for t in free_crooks)
        out.extend(hit[t] for t in enemy_crooks)
        out.extend(hit[t] for t in own_targets if t != lead)
        if s.unhappy[lead] and visit_ok(s, seat, lead):
            out.append(act(A.Visit, lead))
        if lead != boss:
            out.append(act(A.Move, lead))
            if m.parent.get(lead) == boss:
                out.append(act(A.DoubleCross, lead))
                if s.money[seat] >= 2 * mob.power(s, boss):
                    out.append(act(A.Retire, lead))
            for p in rivals(s, seat):
                if not crooks_count or not victory.gift_throws_game(s, p, lead):
                    out.append(act(A.GiveCrook, p, lead))
        if effects_of(lead, "calm"):
            out.extend(act(A.UseAbility, lead, t) for t in mine if s.unhappy[t])
        if effects_of(lead, "agitate"):
            out.extend(act(A.UseAbility, lead, t) for t in enemy_crooks)
    for card in distinct(s.specials[seat]):
        d = SPECIAL_CARDS[card]
        if d.timing == "attack":
            continue
        kinds = {e.kind for e in d.effects}
        if "retoken" in kinds:
            spent = [c for c in mine if not s.tokens[c]]
            spent += [r for r in sorted(s.rackets[seat]) if has_token_space(r) and not s.tokens[r]]
            out.extend(act(A.PlaySpecial, card, c) for c in spent)
        elif "agitate" in kinds:
            out.extend(act(A.PlaySpecial, card, c) for c in enemy_crooks)
        elif "calm_all" in kinds:
            if any(s.unhappy[c] for c in mine):
                out.append(act(A.PlaySpecial, card, -1))
        else:
            out.append(act(A.PlaySpecial, card, -1))
    if s.free_left > 0:
        for c in mine:
            if c != boss:
                out.append(act(A.Drop, c))
        out.extend(gift_actions(s, seat))
    out.append(A.END_TURN if s.acted else A.TAKE_TEN)
    out.append(A.LEAVE)  # "Leaving the Game": [decided] in the action phase of one's own turn
    return out


def gift_actions(s: CrimeLordsState, seat: int) -> list[Any]:
    """Free gifts (money, a Racket that does not throw the game, a Special) and trade offers
    from ``seat`` to every other player still in the game."""
    out: list[Any] = []
    others = rivals(s, seat)
    for p in others:
        out.extend(act(A.GiveMoney, p, a) for a in trades.money_amounts(s.money[seat]))
        give = GIVE_CARD[p]
        far, wins_now, now = victory.far_or_winning(s, p)
        rackets = sorted(s.rackets[seat])
        if not (far or wins_now) and s.options.victory == "rackets":
            now = victory.score(s, p)  # exact, not a bound
            throws = victory.winning_gifts(s, seat, p, now)
            out.extend(give[r] for r in rackets if r not in throws)
        elif far:
            out.extend(map(give.__getitem__, rackets))
        else:
            out.extend(give[r] for r in rackets
                       if not victory.gift_throws_game(s, p, r, wins_now, now))
        if s.specials[seat]:
            out.extend(map(give.__getitem__, distinct(s.specials[seat])))
    out.extend(trades.offer_actions(s, seat, others))
    return out


def window_actions(s: CrimeLordsState) -> list[Any]:
    """Step ``window``: gifts, trade offers and any-time abilities while some are left, and
    passing; then any-time Specials. A Crook may be given to the player whose turn it is
    ("only ... if it is the turn of one of the players involved"); he spends his token, as
    on one's own turn."""
    seat = s.actor
    out = gift_actions(s, seat) + any_time_abilities(s, seat)
    to = s.current
    # a Crook given away can hand a rival the win only under "more than all foes"
    check = s.options.victory == "more_than_all"
    out.extend(act(A.GiveCrook, to, c) for c in trades.tradable_crooks(s, seat)
               if not check or not victory.gift_throws_game(s, to, c))
    out.append(A.DONE)
    if s.specials[seat]:
        out.extend(act(A.PlaySpecial, c, -1) for c in any_time_specials(s, seat))
    return out


def war_actions(s: CrimeLordsState) -> list[Any]:
    """Step ``war``: one Hit (at +5) on a Crook of another Mob, or pass."""
    seat = s.actor
    out: list[Any] = []
    leaders = [c for c in mob.crooks_of(s, seat) if s.tokens[c]]
    targets: list[int] = []
    for p in rivals(s, seat):
        targets.extend(s.mobs[p].nodes())
    for lead in leaders:
        out.extend(act(A.Hit, lead, t) for t in targets)
    out.append(A.END_TURN)
    return out


def protectors(s: CrimeLordsState) -> list[Any]:
    """Step ``protect``: nobody, or a Crook of the defender's that still holds a token."""
    seat = s.actor
    return [A.Protect(-1), *(act(A.Protect, c) for c in mob.crooks_of(s, seat) if s.tokens[c])]


def commits(s: CrimeLordsState) -> list[Any]:
    """Steps ``showdown`` and ``hitmoney``: the amounts (or parts of one) the seat may put
    up."""
    return [act(A.Commit, a) for a in attacks.commit_options(s, s.actor)]


def reveal_choices(s: CrimeLordsState) -> list[Any]:
    """Step ``reveal``: reveal, or back out (once a turn)."""
    return [A.REVEAL, A.BACK_OUT] if s.backouts < attacks.MAX_BACKOUTS else [A.REVEAL]


def assists(s: CrimeLordsState) -> list[Any]:
    """Step ``assist``: the side's cards and attack Specials, then done; a third party's
    interference (+1 or -1 by a Crook of the district), then done."""
    atk = s.attack
    assert atk is not None
    if atk.side == 2:
        third = [act(A.Interfere, c, d) for c in attacks.district_helpers(s, s.actor)
                 for d in (1, -1)]
        return [*third, A.DONE]
    out = [act(A.Assist, c) for c in attacks.eligible_cards(s, atk.side)]
    out.extend(act(A.PlaySpecial, c, -1) for c in attacks.eligible_specials(s, atk.side))
    out.append(A.DONE)
    return out


def yes_or_no(s: CrimeLordsState) -> list[Any]:
    """Steps ``consent`` and ``share``: accept or refuse."""
    return [A.ACCEPT, A.REFUSE]


def token_cards(s: CrimeLordsState, seat: int) -> list[int]:
    """Cards of ``seat`` holding a token (Crooks, then Rackets)."""
    out = [c for c in s.mobs[seat].nodes() if s.tokens[c]]
    out.extend(r for r in sorted(s.rackets[seat]) if s.tokens[r])
    return out


def spoils_choices(s: CrimeLordsState) -> list[Any]:
    """Step ``spoils``: the first Racket free, each further one for a token; or done."""
    rs = sorted(s.rackets[s.spoils_from])
    if s.spoils_taken == 0:
        return [*(act(A.TakeSpoils, r) for r in rs), A.DONE]
    tokens = token_cards(s, s.actor)
    return [*(act(A.TakeSpoils, r, t) for r in rs for t in tokens), A.DONE]


def trade_asks(s: CrimeLordsState) -> list[Any]:
    """Step ``trade_ask``: what the proposer wants in return, or withdrawing."""
    return trades.ask_actions(s)


def trade_answers(s: CrimeLordsState) -> list[Any]:
    """Step ``trade``: accepting (if he can pay) or refusing the deal."""
    return trades.answer_actions(s)


# -- refusals: None for what the listing offers, else why not ---------------------------------
def _refusal(expected: str,
             special: Callable[[CrimeLordsState, Any], str | None] | None = None
             ) -> Callable[[CrimeLordsState, Any], str | None]:
    """The refusal of a step whose actions are ``expected`` (words after "now is the time
    for"): nothing for a listed action; else the step's ``special`` reason, the reasons
    that hold at every step, or what the step is for."""
    def refuse(s: CrimeLordsState, action: Any) -> str | None:
        if _listed(s, action):
            return None
        reason = special(s, action) if special is not None else None
        return reason or _anywhere(s, action) or f"now is the time for {expected}"
    return refuse


#: the last listing asked about, and its actions as a set: a refusal is asked for every listed
#: action in turn (the conformance suite), and a listing runs to thousands of actions
_last_listing: list[Any] = [(), frozenset()]


def _listed(s: CrimeLordsState, action: Any) -> bool:
    """Whether ``action`` is among the legal actions now."""
    legal = s.legal_actions()
    if _last_listing[0] is not legal:
        _last_listing[0], _last_listing[1] = legal, frozenset(legal)
    return action in _last_listing[1]


def _anywhere(s: CrimeLordsState, action: Any) -> str | None:
    """Why an action is refused whatever the step."""
    t = type(action)
    if t is A.Leave:
        return "a player may leave the game only in the action phase of his own turn"
    if s.attack is not None and t in (A.GiveMoney, A.GiveCard, A.GiveCrook, A.OfferTrade):
        return "no gifts or trades while an attack is in progress"
    return None


def _refuse_turn_action(s: CrimeLordsState, action: Any) -> str | None:
    """Why an action of the action phase is refused: a leader not his, without a token; a
    recruit of a Boss or of a stronger Crook; a Crook attacking himself; ten G after an
    action; a free action beyond the four."""
    t = type(action)
    if t in (A.Recruit, A.Takeover, A.Hit, A.Move, A.Visit):
        lead = getattr(action, "leader", getattr(action, "crook", -1))
        if not 0 <= lead < len(CARDS) or s.loc[lead] != s.actor:
            return "that card is not one of your Crooks"
        if not s.tokens[lead]:
            return f"{CARDS[lead].name} has no Action Token left this turn"
        if t is A.Recruit:
            tgt = action.target
            if 0 <= tgt < len(CARDS) and mob.is_boss(s, tgt):
                return "a rival Boss cannot be recruited"
            if 0 <= tgt < len(CARDS) and mob.power(s, lead) <= mob.base_power(s, tgt):
                return "the recruiter must have more Power than the target"
        if t is A.Hit and action.target == lead:
            return "no Crook may attack himself"
    if t is A.TakeTen and s.acted:
        return "you can take 10 G only if you take no action at all this turn"
    if t in (A.Drop, A.GiveMoney, A.GiveCard, A.OfferTrade) and s.free_left <= 0:
        return _anywhere(s, action) or "no free actions left this turn (at most 4)"
    return None


def _refuse_bid(s: CrimeLordsState, action: Any) -> str | None:
    """Why a bid is refused: more than the bidding money left, or not a raise."""
    if type(action) is A.Bid:
        if action.amount > s.bid_money[s.actor]:
            return "you do not have that much bidding money left"
        if action.amount <= s.auc_high:
            return "a bid must raise the highest bid"
    return None


def _refuse_trade(s: CrimeLordsState, action: Any) -> str | None:
    """Why accepting a deal is refused: the money asked is not there."""
    if type(action) is A.Accept and s.trade and s.trade[5] > s.money[s.actor]:
        return _anywhere(s, action) or "you do not have the money asked for"
    return None


# -- plays: the rule an action runs; the step play goes to next -------------------------------
def _going(s: CrimeLordsState) -> str | None:
    """Where play goes after a rule: the automatic step it left (``settle``, ``turn_end``,
    ``turn_start``, ``next_turn``), else nowhere (the question or step it set is asked)."""
    phase = s.phase
    return phase if phase in AUTOMATIC else None


def _any_time_play(play: Callable[[CrimeLordsState, Any], str | None], abilities: bool = True
                   ) -> Callable[[CrimeLordsState, Any], str | None]:
    """The play of a question at which any-time abilities and Specials may be used: they
    are played without answering it (the question stays open)."""
    def played(s: CrimeLordsState, action: Any) -> str | None:
        t = type(action)
        if abilities and t is A.UseAbility:
            turn.use_ability(s, action.card, action.target)
            return None
        if t is A.PlaySpecial and CARDS[action.card].timing == "any":
            turn.play_special(s, action)
            return None
        return play(s, action) or _going(s)
    return played


def _plain(play: Callable[[CrimeLordsState, Any], str | None]
           ) -> Callable[[CrimeLordsState, Any], str | None]:
    """The play of a step whose actions all answer it."""
    def played(s: CrimeLordsState, action: Any) -> str | None:
        return play(s, action) or _going(s)
    return played


def play_bid(s: CrimeLordsState, action: Any) -> None:
    """A bid or a pass in the auction."""
    if type(action) is A.Bid:
        auction.bid(s, action.amount)
    else:
        auction.pass_bid(s)


def play_turn_action(s: CrimeLordsState, action: Any) -> str | None:
    """An action of the action phase: an attack, ending the turn (or taking 10 G), leaving,
    a trade offer, or one of the turn's other actions."""
    t = type(action)
    if t is A.Recruit or t is A.Takeover or t is A.Hit:
        attacks.announce(s, action)
    elif t is A.EndTurn:
        turn.end_turn(s)
    elif t is A.TakeTen:
        turn.take_ten(s)
    elif t is A.Leave:
        turn.leave(s)
    elif t is A.OfferTrade:
        s.acted = True
        s.free_left -= 1
        trades.offer(s, action)
    else:
        s.acted = True
        turn.turn_action(s, action)
    return _going(s)


def play_war(s: CrimeLordsState, action: Any) -> None:
    """A Gang War Hit, or a pass."""
    if type(action) is A.EndTurn:
        war.war_pass(s)
    else:
        attacks.announce(s, action)


def play_window(s: CrimeLordsState, action: Any) -> None:
    """One out-of-turn action, or passing to the next player of the window."""
    seat = s.actor
    t = type(action)
    if t is A.Done:
        out_of_turn.close_seat(s)
    else:
        s.window_left -= 1
        if t is A.UseAbility:
            turn.use_ability(s, action.card, action.target)
        elif t is A.OfferTrade:
            trades.offer(s, action)
            return  # the offer is completed first; it comes back to the window
        elif t is A.GiveCrook:
            if s.window_left == 0:
                out_of_turn.close_seat(s)
            turn.offer_crook(s, action)
            return  # the receiver answers; then the window goes on
        else:
            turn.give(s, seat, action)
        if s.window_left == 0:
            out_of_turn.close_seat(s)
    s.phase = "settle"


def play_regroup(s: CrimeLordsState, action: Any) -> None:
    """Place the next queued unit, make room for him, or let him go."""
    t = type(action)
    if t is A.Drop:
        regroup.make_room(s, action.crook)
    elif t is A.Done:
        regroup.give_up(s)
    else:
        regroup.place(s, action.superior, (action.x, action.y))


def play_spoils(s: CrimeLordsState, action: Any) -> None:
    """Take a Racket of the Mob wiped out, or stop."""
    if type(action) is A.Done:
        turn.done_spoils(s)
    else:
        turn.take_spoils(s, action.card, action.token)


def play_trade_ask(s: CrimeLordsState, action: Any) -> None:
    """Say what the deal asks in return, or withdraw it."""
    if type(action) is A.Withdraw:
        trades.close(s, accepted=False)
    else:
        trades.ask(s, action)


# -- the automatic steps ----------------------------------------------------------------------
def enter_turn_start(s: CrimeLordsState) -> str | None:
    """Steps 1 and 2 of the Sequence of Play for ``s.current``: markers, income, the Boss
    paid; the player is asked who else gets what only when the money does not reach."""
    turn.open_turn(s, s.current)
    return _wages(s, s.current)


def _wages(s: CrimeLordsState, seat: int) -> str:
    """Pay the gang (step 2): ask the player (``pay``), or pay as the rules say and draw."""
    if pay.start_pay(s, seat):
        s.actor = seat
        return "pay"
    pay.finish_pay(s, seat)
    return "draw"


def play_pay(s: CrimeLordsState, action: Any) -> str | None:
    """The player's choice in the ``pay`` step; the step ends when no choice is left."""
    seat = s.actor
    pay.pay(s, seat, action.crook, action.amount)
    if pay.pay_question(s, seat):
        return None
    pay.finish_pay(s, seat)
    return "draw"


def enter_draw(s: CrimeLordsState) -> str:
    """Step 3 (drawing) once the gang is paid, the out-of-turn window, then the action
    phase (through ``settle``: a Crook who quit at the start of the turn is dealt with
    first)."""
    seat = s.current
    if not s.alive[seat] or not s.mobs[seat].cell:
        return "settle"
    turn.draw_cards(s, seat)
    if s.options.open_table:
        out_of_turn.open_window(s)
    return "settle"


# cl-war-wipeout
def enter_settle(s: CrimeLordsState) -> str | None:
    """After anything that may remove Crooks: a Mob whose Boss was Hit (or quit) picks its
    new Boss; Crooks marked for re-placing are placed; wiped-out Mobs are disposed of (the
    player who wiped one out asked which Rackets he takes); a last survivor wins; then the
    decision goes back to the Gang War, the window or the action phase."""
    if s.newboss_seat >= 0:
        seat = s.newboss_seat
        m = s.mobs[seat]
        # a quit Boss's stand-in Mob as it stands now (recruits included); a Hit Boss's
        # survivors wait outside the layout
        pool = m.nodes() if m.cell else [c for c in s.newboss_pool if s.loc[c] == seat]
        if not s.alive[seat] or not pool:
            s.newboss_seat, s.newboss_pool = -1, []
        elif len(pool) == 1 and m.cell:
            s.newboss_seat, s.newboss_pool = -1, []  # a lone stand-in is Boss already
            s.unhappy[pool[0]] = 0
        else:
            s.newboss_pool = pool
            s.actor = seat
            return "newboss"
    seat = regroup.pending_seat(s)
    if seat >= 0:
        regroup.start_orphans(s, seat)
        return s.phase  # the owner is asked, or everything fell in place: settle again
    while s.pending_wipe:
        seat, by = s.pending_wipe[0], s.pending_wipe[1]
        if by >= 0 and s.alive[by] and s.rackets[seat]:
            s.actor = by
            s.spoils_from = seat
            s.spoils_taken = 0
            return "spoils"
        del s.pending_wipe[:2]
        turn.eliminate(s, seat)
    if victory.last_survivor(s):
        return None
    if s.war:
        war.next_war_turn(s)
        return s.phase
    if not s.alive[s.current]:
        return "turn_end"
    if s.window:
        s.actor = s.window[0]
        return "window"
    s.actor = s.current
    return "actions"


def enter_turn_end(s: CrimeLordsState) -> str | None:
    """The end of ``s.current``'s turn: the victory check (which may end the game or ask the
    Mobs one card short), then the next turn."""
    s.turn_no += 1
    if victory.check_end(s):
        return None
    return "next_turn"


def enter_next_turn(s: CrimeLordsState) -> str | None:
    """The next alive seat after ``s.current`` begins a regular turn."""
    p = s.current
    for _ in range(s.players):
        p = (p + 1) % s.players
        if s.alive[p]:
            s.current = p
            return "turn_start"
    return None


def _step(name: str, actions: Callable[[CrimeLordsState], list[Any]],
          play: Callable[[CrimeLordsState, Any], str | None], expected: str,
          special: Callable[[CrimeLordsState, Any], str | None] | None = None
          ) -> Step[CrimeLordsState]:
    """A step whose seat is the state's ``actor``, with its refusal."""
    return Step(name, actor="actor", actions=actions, play=play,
                refuse=_refusal(expected, special))


FLOW: Flow[CrimeLordsState] = Flow(
    [
        _step("auction", auction_actions, _plain(play_bid),
              "a bid or a pass on the card up for auction", _refuse_bid),
        _step("boss", boss_choices, _plain(lambda s, a: auction.choose_boss(s, a.crook)),
              "choosing your Boss among your Crooks"),
        _step("layout", layout_places,
              _plain(lambda s, a: auction.lay_out(s, a.crook, a.superior, (a.x, a.y))),
              "laying out your next Crook"),
        Step("turn_start", enter=enter_turn_start),
        _step("pay", _any_time(payments), _any_time_play(play_pay),
              "paying a Crook of your gang (the money does not reach for everyone)"),
        Step("draw", enter=enter_draw),
        Step("settle", enter=enter_settle),
        _step("window", window_actions, _any_time_play(play_window, abilities=False),
              "a gift, a trade offer or an ability usable at any time, or passing"),
        _step("actions", turn_actions, play_turn_action, "an action of your turn",
              _refuse_turn_action),
        Step("turn_end", enter=enter_turn_end),
        Step("next_turn", enter=enter_next_turn),
        _step("war", _any_time(war_actions), _any_time_play(play_war),
              "a Gang War Hit or a pass"),
        _step("newboss", new_boss_choices,
              _plain(lambda s, a: regroup.choose_new_boss(s, a.crook)),
              "choosing the new Boss among your surviving Crooks"),
        _step("place", places, _plain(placing.place),
              "placing the Crook on an open side under a stronger Crook"),
        _step("regroup", regroup_places, _plain(play_regroup),
              "placing your next Crook on an open side under a stronger Crook (or, for a"
              " Crook given to you, making room for him or letting him go)"),
        _step("protect", _any_time(protectors), _any_time_play(attacks.step),
              "naming a protector for your Racket (or nobody)"),
        _step("showdown", _any_time(commits), _any_time_play(attacks.step),
              "committing sealed showdown money"),
        _step("hitmoney", _any_time(commits), _any_time_play(attacks.step),
              "putting up to 5 G into the Hit"),
        _step("reveal", _any_time(reveal_choices), _any_time_play(attacks.step),
              "the attacker's reveal or backing out"),
        _step("assist", _any_time(assists), _any_time_play(attacks.step),
              "adding a card or Special to the attack, or done"),
        _step("spoils", _any_time(spoils_choices), _any_time_play(play_spoils),
              "taking Rackets from the Mob you wiped out"),
        _step("consent", _any_time(yes_or_no),
              _any_time_play(lambda s, a: turn.answer_consent(s, type(a) is A.Accept)),
              "accepting or refusing the offered Crook"),
        _step("trade_ask", trade_asks, _plain(play_trade_ask),
              "saying what you want for your offer (or withdrawing it)"),
        _step("trade", trade_answers,
              _plain(lambda s, a: trades.close(s, accepted=type(a) is A.Accept)),
              "accepting or refusing the trade offered to you", _refuse_trade),
        _step("share", _any_time(yes_or_no),
              _any_time_play(lambda s, a: victory.answer_share(s, type(a) is A.Accept)),
              "accepting or refusing a shared victory"),
        Step("over"),
    ],
    over="over", step_field="phase",
)


# -- entry points for scenarios and tests -----------------------------------------------------
def _go(s: CrimeLordsState, step: str) -> None:
    """Play goes to ``step`` now and on until someone is asked."""
    s.phase = step
    FLOW.begin(s)


def begin_turn(s: CrimeLordsState, seat: int) -> None:
    """``seat`` begins a regular turn (Sequence of Play, steps 1-3), on to its action phase
    (or the first question on the way)."""
    s.current = seat
    _go(s, "turn_start")


def settle(s: CrimeLordsState) -> None:
    """Play settles after a change made by hand: the questions it raises are asked, else the
    decision goes back to where play stands."""
    _go(s, "settle")


def start_pay(s: CrimeLordsState, seat: int) -> None:
    """Pay ``seat``'s gang (step 2), then on as the turn goes."""
    _go(s, _wages(s, seat))


__all__ = [
    "ANY_TIME_PHASES", "EXACT_OWED", "FLOW", "_after", "_endings", "_options", "begin_turn",
    "draw_cards", "income", "markers", "pay_of", "pay_options", "pay_question", "settle",
    "start_pay", "start_placing", "use_ability",
]
