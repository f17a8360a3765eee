"""Legal actions for each phase of play, and the reasons an action is refused.

Action values are interned (built once per distinct value) so repeated generation is cheap.
"""

from __future__ import annotations

from typing import Any

from games.crime_lords import actions as A
from games.crime_lords import attacks, mob, trades, victory
from games.crime_lords.cards import (
    CARDS,
    CROOK_CARDS,
    FIRST_RACKET,
    FIRST_SPECIAL,
    N_CARDS,
    N_CROOKS,
    RACKET_CARDS,
    SPECIAL_CARDS,
    distinct,
    effects_of,
    has_token_space,
)
from games.crime_lords.state import CrimeLordsState

_interned: dict[tuple[type, tuple[int, ...]], Any] = {}
MAX_PLAYERS = 8  # the most seats a game can have (game.py)
MAX_BACKOUTS = 1  # [decided] backing out returns the tokens, so it is allowed once a turn


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


_RECRUIT = _table(A.Recruit, N_CROOKS, N_CROOKS)
_HIT = _table(A.Hit, N_CROOKS, N_CROOKS)
_TAKEOVER = _table(A.Takeover, N_CROOKS, FIRST_SPECIAL)
#: gifts and trade openings by (receiving seat, card), looked up like the attacks
GIVE_CARD = _table(A.GiveCard, MAX_PLAYERS, N_CARDS)
OFFER_CARD = [[act(A.OfferTrade, p, c, 0) for c in range(N_CARDS)] for p in range(MAX_PLAYERS)]


#: the questions at which a Special with timing "any" may be played and an ability usable
#: "at any time" used, besides the player's own action phase (where they are among his
#: actions) and the out-of-turn window (which offers the abilities itself): every question
#: of play, but not the setup nor the laying out of cards, nor while a deal is on the table
#: (it is made at once: "binding if they make the exchange immediately")
ANY_TIME_PHASES = frozenset((
    "war", "pay", "protect", "showdown", "hitmoney", "reveal", "assist", "window",
    "spoils", "consent", "share",
))


def legal_actions(s: CrimeLordsState) -> list[Any]:
    """Every legal action of the seat to act."""
    out = phase_actions(s)
    if s.phase in ANY_TIME_PHASES:
        seat = s.actor
        if s.phase != "window":
            out.extend(any_time_abilities(s, seat))
        if s.specials[seat]:
            out.extend(act(A.PlaySpecial, c, -1) for c in any_time_specials(s, seat))
    return out


def any_time_specials(s: CrimeLordsState, seat: int) -> list[int]:
    """The seat's Specials that may be played at any time."""
    return [c for c in distinct(s.specials[seat])
            if SPECIAL_CARDS[c].timing == "any"]


def phase_actions(s: CrimeLordsState) -> list[Any]:
    """The actions of the question being asked now."""
    ph = s.phase
    seat = s.actor
    if ph == "auction":
        return auction_actions(s, seat)
    if ph == "newboss":
        return [act(A.ChooseBoss, c) for c in sorted(s.newboss_pool)]
    if ph == "boss":
        return [act(A.ChooseBoss, c) for c in held(s, seat)]
    if ph == "layout":
        c = s.layout_queue[0]
        return [act(A.Place, c, sup, x, y) for sup, (x, y) in mob.placements_for(s, seat, c)]
    if ph == "regroup":
        from games.crime_lords import regroup
        c = s.regroup[0]
        found = regroup.spots(s, c)
        if found:
            return [act(A.Place, c, sup, x, y) for sup, (x, y) in found]
        return [*(act(A.Drop, b) for b in regroup.blockers(s, c)), A.DONE]
    if ph == "pay":
        from games.crime_lords.flow import pay_options
        return [act(A.Pay, c, a) for c, a in pay_options(s, seat)]
    if ph == "place":
        c = s.place_card
        return [act(A.Place, c, sup, x, y)
                for sup, (x, y) in mob.placements_for(s, seat, c, s.place_under)]
    if ph == "actions":
        return turn_actions(s, seat)
    if ph == "war":
        return war_actions(s, seat)
    if ph == "protect":
        return [A.Protect(-1), *(act(A.Protect, c) for c in mob.crooks_of(s, seat)
                                 if s.tokens[c])]
    if ph in ("showdown", "hitmoney"):
        return [act(A.Commit, a) for a in attacks.commit_options(s, seat)]
    if ph == "reveal":
        return [A.REVEAL, A.BACK_OUT] if s.backouts < MAX_BACKOUTS else [A.REVEAL]
    if ph == "assist":
        atk = s.attack
        assert atk is not None
        if atk.side == 2:
            third = [act(A.Interfere, c, d) for c in attacks.district_helpers(s, seat)
                     for d in (1, -1)]
            return [*third, A.DONE]
        out = [act(A.Assist, c) for c in attacks.eligible_cards(s, atk.side)]
        out.extend(act(A.PlaySpecial, c, -1) for c in attacks.eligible_specials(s, atk.side))
        out.append(A.DONE)
        return out
    if ph == "window":
        from games.crime_lords import out_of_turn
        return out_of_turn.actions(s, seat)
    if ph == "trade_ask":
        return trades.ask_actions(s)
    if ph == "trade":
        return trades.answer_actions(s)
    if ph in ("consent", "share"):
        return [A.ACCEPT, A.REFUSE]
    if ph == "spoils":
        rs = sorted(s.rackets[s.spoils_from])
        if s.spoils_taken == 0:
            return [*(act(A.TakeSpoils, r) for r in rs), A.DONE]
        tokens = token_cards(s, seat)
        return [*(act(A.TakeSpoils, r, t) for r in rs for t in tokens), A.DONE]
    return []


def token_cards(s: CrimeLordsState, seat: int) -> list[int]:
    """Cards of ``seat`` holding a token (Crooks, then Rackets)."""
    out = [c for c in s.mobs[seat].nodes() if s.tokens[c]]
    out.extend(r for r in sorted(s.rackets[seat]) if s.tokens[r])
    return out


def held(s: CrimeLordsState, seat: int) -> list[int]:
    """Crooks bought in the auction and not yet laid out."""
    from games.crime_lords.auction import held_crooks
    return held_crooks(s, seat)


def auction_actions(s: CrimeLordsState, seat: int) -> list[Any]:
    """Open with any amount (0 allowed) or raise to any amount the bidding money pays
    ("bid any amount"); or pass."""
    have = s.bid_money[seat]
    if s.auc_high < 0:
        return [act(A.Bid, a) for a in range(have + 1)]
    return [*(act(A.Bid, a) for a in range(s.auc_high + 1, have + 1)), A.PASS_BID]


def rivals(s: CrimeLordsState, seat: int) -> list[int]:
    """Other seats still in the game."""
    return [p for p in range(s.players) if p != seat and s.alive[p]]


def turn_actions(s: CrimeLordsState, seat: int) -> list[Any]:
    """The action phase of a regular turn."""
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
        recruit, hit, takeover = _RECRUIT[lead], _HIT[lead], _TAKEOVER[lead]
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


def any_time_abilities(s: CrimeLordsState, seat: int) -> list[Any]:
    """Token abilities usable at any time (``calm``, e.g. Bentley Grimes): on an Unhappy
    Crook of the seat's own Mob."""
    mine = s.mobs[seat].nodes()
    calmers = [c for c in mine if s.tokens[c] and effects_of(c, "calm")]
    if not calmers:
        return []
    return [act(A.UseAbility, c, t) for c in calmers for t in mine if s.unhappy[t]]


def visit_ok(s: CrimeLordsState, seat: int, crook: int) -> bool:
    """The Mob owns a Racket of one of the Crook's Weaknesses."""
    weak = CROOK_CARDS[crook].weakness
    return any(RACKET_CARDS[r].rtype in weak for r in s.rackets[seat])


def war_actions(s: CrimeLordsState, seat: int) -> list[Any]:
    """A Gang War turn: one Hit (at +5) on a Crook of another Mob, or pass."""
    out: list[Any] = []
    leaders = [c for c in mob.crooks_of(s, seat) if s.tokens[c]]
    targets: list[int] = []
    for p in rivals(s, seat):
        targets.extend(s.mobs[p].nodes())
    for lead in leaders:
        out.extend(act(A.Hit, lead, t) for t in targets)
    out.append(A.END_TURN)
    return out


def why_illegal(s: CrimeLordsState, action: Any) -> str:
    """A reason in words for refusing ``action`` now."""
    ph = s.phase
    t = type(action)
    expected = {
        "auction": "a bid or a pass on the card up for auction",
        "boss": "choosing your Boss among your Crooks",
        "newboss": "choosing the new Boss among your surviving Crooks",
        "layout": "laying out your next Crook",
        "place": "placing the Crook on an open side under a stronger Crook",
        "regroup": "placing your next Crook on an open side under a stronger Crook (or, for a"
                   " Crook given to you, making room for him or letting him go)",
        "pay": "paying a Crook of your gang (the money does not reach for everyone)",
        "protect": "naming a protector for your Racket (or nobody)",
        "showdown": "committing sealed showdown money",
        "hitmoney": "putting up to 5 G into the Hit",
        "reveal": "the attacker's reveal or backing out",
        "assist": "adding a card or Special to the attack, or done",
        "consent": "accepting or refusing the offered Crook",
        "trade_ask": "saying what you want for your offer (or withdrawing it)",
        "trade": "accepting or refusing the trade offered to you",
        "window": "a gift, a trade offer or an ability usable at any time, or passing",
        "share": "accepting or refusing a shared victory",
        "spoils": "taking Rackets from the Mob you wiped out",
        "war": "a Gang War Hit or a pass",
        "actions": "an action of your turn",
    }.get(ph, "nothing: the game is over")
    if ph == "actions" and t in (A.Recruit, A.Takeover, A.Hit, A.Move, A.Visit):
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
    if ph == "auction" and t is A.Bid:
        if action.amount > s.bid_money[s.actor]:
            return "you do not have that much bidding money left"
        if action.amount <= s.auc_high:
            return "a bid must raise the highest bid"
    if ph == "actions" and t is A.TakeTen and s.acted:
        return "you can take 10 G only if you take no action at all this turn"
    if t is A.Leave:
        return "a player may leave the game only in the action phase of his own turn"
    if s.attack is not None and t in (A.GiveMoney, A.GiveCard, A.GiveCrook, A.OfferTrade):
        return "no gifts or trades while an attack is in progress"
    if ph == "trade" and t is A.Accept and s.trade and s.trade[5] > s.money[s.actor]:
        return "you do not have the money asked for"
    if ph == "actions" and t in (A.Drop, A.GiveMoney, A.GiveCard, A.OfferTrade) and (
            s.free_left <= 0):
        return "no free actions left this turn (at most 4)"
    return f"now is the time for {expected}"
