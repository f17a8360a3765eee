"""How the game says its actions: each action in words, as the player says it at the table,
with the numbers that matter ("Mom Parker (Power 9 as Boss) attempts to recruit Anita
Callahan: needs 7 or less"), and the menu groups a long list of choices falls into. How the
table names a seat, a card or a character is in ``names`` (the rule modules write their
events with it); its ``name`` and ``who`` are read from here too."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.amounts import Amount
from tabletop.components.hierarchy import side_name
from tabletop.engine import seat_label

from . import actions as A
from . import attacks, mob, odds, trades
from .auction import held_crooks
from .cards import (
    CARDS,
    CROOK_CARDS,
    MOBS,
    RACKET_CARDS,
    effects_of,
    is_racket,
    is_special,
)
from .names import he, him, his, name, owned, verb, who

if TYPE_CHECKING:
    from .state import CrimeLordsState


def whose(s: CrimeLordsState, card: int, actor: int | None) -> str:
    """A target with its owner: "Judge Cohen (Player 2's Lieutenant)", the same words for
    every reader; an uncontrolled card is just named."""
    return owned(s, card) if s.loc[card] >= 0 else name(card)


def power_words(s: CrimeLordsState, c: int) -> str:
    """ "Mom Parker (Power 9 as Boss)" """
    if mob.is_boss(s, c):
        return f"{name(c)} (Power {mob.power(s, c)} as Boss)"
    return f"{name(c)} (Power {mob.power(s, c)})"


def needs(s: CrimeLordsState, kind: str, leader: int, target: int, mover: bool = True) -> str:
    """The success number of an attack as announced, before showdown and assistance, with
    its chance and the sum that makes it (``mover``: told to the attacker himself)."""
    return odds.announced(s, kind, leader, target, mover)


def describe_public(s: CrimeLordsState, action: Any) -> str:
    """The action as the other players see it: sealed showdown money and a Special given
    away stay hidden."""
    p = actor_words(s)
    if type(action) is A.GiveCard and is_special(action.card):
        return f"{p} gives a Special card to {who(s, action.to)}"
    if type(action) is A.Commit and s.phase == "showdown":
        atk = s.attack
        if atk is not None and atk.place > 1:
            return f"{p} starts counting money under the hand (the exact amount next)"
        return f"{p} commits money under the hand"
    if type(action) is A.PlaySpecial:
        on = f" on {whose(s, action.target, s.actor)}" if action.target >= 0 else ""
        return f"{p} plays {name(action.card)}{on}"  # its effect is told by the event
    if type(action) in (A.Recruit, A.Takeover, A.Hit):
        return _attack(s, action, p, mover=False)  # his treasury and hand are his own
    return describe(s, action)


def actor_words(s: CrimeLordsState) -> str:
    """The player to act, "Player 2 (The Old Family)"."""
    return who(s, s.actor) if s.actor is not None and 0 <= s.actor < s.players else "?"


def describe(s: CrimeLordsState, action: Any) -> str:
    """The action as said at the table (by the player who takes it: sealed amounts shown)."""
    p = actor_words(s)
    t = type(action)
    text = _SIMPLE.get(t)
    if text is not None:
        return text.format(p=p, war="passes this Gang War turn" if s.phase == "war"
                           else "ends the turn and retokens")
    handler = _HANDLERS.get(t)
    if handler is not None:
        return handler(s, action, p)
    return repr(action)


_SIMPLE: dict[type, str] = {
    A.TakeTen: "{p} takes no action and collects 10 G",
    A.EndTurn: "{p} {war}",
    A.Leave: "{p} leaves the game (the Mob's Crooks and Rackets go uncontrolled)",
    A.Withdraw: "{p} withdraws the offer",
    A.Reveal: '{p} says "Now!" (the showdown money is revealed)',
    A.BackOut: "{p} backs out of the attack (tokens back: it never happened)",
}


def _boss(s: CrimeLordsState, a: A.ChooseBoss, p: str) -> str:
    seat = s.actor
    bonus = MOBS[s.mob_of[seat]].boss_bonus
    as_boss = mob.base_power(s, a.crook) + bonus
    if s.phase == "newboss":
        return f"{p} makes {name(a.crook)} the new Boss (Power {as_boss} as Boss)"
    too_strong = [name(c) for c in held_crooks(s, seat)
                  if c != a.crook and mob.base_power(s, c) >= as_boss]
    lost = (f"; too strong to serve {him(a.crook)}, uncontrolled: {', '.join(too_strong)}"
            if too_strong else "")
    return f"{p} makes {name(a.crook)} the Boss (Power {as_boss} as Boss){lost}"


def _pay(s: CrimeLordsState, a: A.Pay, p: str) -> str:
    due = s.pay_due.get(a.crook, 0)
    markers = s.unhappy[a.crook]
    if a.amount >= due:
        return f"{p} pays {name(a.crook)} {a.amount} G, in full"
    warn = (f" - {his(a.crook)} third: {he(a.crook)} {verb(a.crook, 'quits', 'quit')}"
            if markers >= 2 else f" ({he(a.crook)} {verb(a.crook, 'has', 'have')} {markers})"
            if markers else "")
    return f"{p} pays {name(a.crook)} {a.amount} G, short: one Unhappy marker, not two{warn}"


def _place(s: CrimeLordsState, a: A.Place, p: str) -> str:
    verb = "reassigns" if s.phase == "regroup" else "puts"
    return f"{p} {verb} {name(a.crook)} {where(s, a)}"


def _attack(s: CrimeLordsState, a: Any, p: str, mover: bool = True) -> str:
    t = type(a)
    kind = {A.Recruit: "recruit", A.Takeover: "takeover", A.Hit: "hit"}[t]
    target = whose(s, a.target, s.actor)
    if t is A.Hit and s.loc[a.target] == s.actor and s.actor is not None:
        return (f"{power_words(s, a.leader)} rubs out {target} "
                "- one of the Mob's own, it always works")
    verb = {"recruit": "attempts to recruit", "takeover": "tries to take over",
            "hit": "goes after"}[kind]
    war = " (Gang War, +5)" if s.war else ""
    return f"{power_words(s, a.leader)} {verb} {target}{war}: {needs(s, kind, a.leader, a.target, mover)}"


def _people(s: CrimeLordsState, crook: int) -> str:
    """ " (with Kid Cobb, Anita Callahan)" for a Crook's subordinates, if any."""
    owner = s.loc[crook]
    if owner < 0 or crook not in s.mobs[owner]:
        return ""
    below = [name(c) for c in s.mobs[owner].subtree(crook) if c != crook]
    return f" (with {', '.join(below)})" if below else ""


def _crook_action(s: CrimeLordsState, a: Any, p: str) -> str:
    t = type(a)
    c = a.crook
    if t is A.Visit:
        return (f"{name(c)} {verb(c, 'visits', 'visit')} a Racket {he(c)} {verb(c, 'likes', 'like')}"
                f" and {verb(c, 'cheers', 'cheer')} up (one Unhappy marker off)")
    if t is A.Move:
        return f"{p} moves {name(c)}{_people(s, c)} to a new place"
    if t is A.DoubleCross:
        return (f"{name(c)} double-crosses the Boss and takes over the Mob (no roll; every "
                "Crook gets an Unhappy marker)")
    if t is A.Retire:
        boss = s.mobs[s.actor].root
        return (f"{p} retires the Boss, paying {name(boss)} {2 * mob.power(s, boss)} G; "
                f"{name(c)} takes over")
    if t is A.Drop and s.phase == "regroup":
        return (f"{p} lets {name(c)}{_people(s, c)} go uncontrolled to make room for "
                f"{name(s.regroup[0])}")
    return f"{p} drops {name(c)}{_people(s, c)} into the uncontrolled area"


def _ability(s: CrimeLordsState, a: A.UseAbility, p: str) -> str:
    what = ("takes an Unhappy marker off" if effects_of(a.card, "calm")
            else "gives an Unhappy marker to")
    return (f"{name(a.card)} {verb(a.card, 'spends', 'spend')} {his(a.card)} token and {what} "
            f"{whose(s, a.target, s.actor)}")


def _give_crook(s: CrimeLordsState, a: A.GiveCrook, p: str) -> str:
    return (f"{p} offers {power_words(s, a.crook)}{_people(s, a.crook)} to {who(s, a.to)}, "
            f"if {seat_label(a.to)} will take {him(a.crook)}")


def _special(s: CrimeLordsState, a: A.PlaySpecial, p: str) -> str:
    if a.target >= 0:
        return f"{p} plays {name(a.card)} on {whose(s, a.target, s.actor)}"
    return f"{p} plays {name(a.card)}: {CARDS[a.card].text}"


def _give(s: CrimeLordsState, a: Any, p: str) -> str:
    if type(a) is A.GiveMoney:
        return f"{p} gives {a.amount} G to {who(s, a.to)}"
    return f"{p} gives {name(a.card)} to {who(s, a.to)}"


def _offer(s: CrimeLordsState, a: A.OfferTrade, p: str) -> str:
    shown = " (shows it)" if a.card >= 0 and is_special(a.card) else ""
    return (f"{p} proposes a deal to {who(s, a.to)}: {trades.words(a.card, a.money)}{shown} "
            f"for something of {seat_label(a.to)}'s")


def _ask(s: CrimeLordsState, a: A.AskFor, p: str) -> str:
    return f"{p} asks for {trades.words(a.card, a.money)} in return"


def _answer(s: CrimeLordsState, a: Any, p: str) -> str:
    yes = type(a) is A.Accept
    if s.phase == "trade":
        return f"{p} {'takes' if yes else 'turns down'} the deal"
    if s.phase == "consent":
        return f"{p} {'takes' if yes else 'turns down'} {name(s.offer_crook)}"
    if s.phase == "share":
        return f"{p} {'agrees to share' if yes else 'refuses to share'} the victory"
    return f"{p} {'agrees' if yes else 'refuses'}"


def _commit(s: CrimeLordsState, a: A.Commit, p: str) -> str:
    """The sealed amount this step leads to: exact at the last step ("commits 47 G for the
    attack"), else the range the later steps refine ("commits 40 to 49 G")."""
    if s.phase == "hitmoney":
        return f"{p} puts {a.amount} G into the Hit"
    atk = s.attack
    assert atk is not None
    total = atk.stake + a.amount
    side = "for" if total > 0 or atk.seat == s.actor else "against"
    if atk.place <= 1:
        if total == 0:
            return f"{p} commits nothing (the hand stays empty)"
        return f"{p} commits {abs(total)} G {side} the attack, sealed under the hand"
    low = abs(total)
    high = min(low + atk.place - 1, attacks.commit_cap(s, s.actor))
    amount = f"{low} G" if high == low else f"{low} to {high} G"
    return f"{p} commits {amount} {side} the attack (the exact amount next)"


def _protect(s: CrimeLordsState, a: A.Protect, p: str) -> str:
    if a.crook < 0:
        return f"{p} names no protector"
    return (f"{p} names {name(a.crook)} to protect the Racket (+{mob.power(s, a.crook)} to its "
            f"Resistance; {he(a.crook)} {verb(a.crook, 'spends', 'spend')} {his(a.crook)} token)")


def _assist(s: CrimeLordsState, a: A.Assist, p: str) -> str:
    atk = s.attack
    if atk is not None and atk.kind == "hit" and a.card == atk.target:
        return f"{name(a.card)} {verb(a.card, 'hides', 'hide')} out (+3 to the defence)"
    side = "attack" if atk is None or atk.side == 0 else "defence"
    return (f"{name(a.card)} {verb(a.card, 'spends', 'spend')} {his(a.card)} token for the {side} "
            f"(Power {attacks.card_power(s, a.card)})")


def _interfere(s: CrimeLordsState, a: A.Interfere, p: str) -> str:
    return (f"{p} sends {name(a.card)} {'for' if a.side > 0 else 'against'} the takeover "
            f"(Power {attacks.card_power(s, a.card)})")


def _done(s: CrimeLordsState, a: A.Done, p: str) -> str:
    if s.phase == "regroup":
        return f"{p} lets {name(s.regroup[0])} go uncontrolled instead"
    if s.phase == "window":
        return f"{p} lets the turn go on (nothing out of turn)"
    if s.phase == "spoils":
        return f"{p} takes no more Rackets from the ruins"
    atk = s.attack
    if atk is not None:
        what = {"recruit": "recruitment of", "takeover": "takeover of", "hit": "Hit on"}[atk.kind]
        return f"{p} adds nothing more to the {what} {name(atk.target)}"
    return f"{p} adds nothing more"


def _spoils(s: CrimeLordsState, a: A.TakeSpoils, p: str) -> str:
    cost = f" (spends the token of {name(a.token)})" if a.token >= 0 else " (free)"
    return f"{p} takes {name(a.card)} from the ruins{cost}"


_HANDLERS: dict[type, Callable[[CrimeLordsState, Any, str], str]] = {
    A.Bid: lambda s, a, p: f"{p} bids {a.amount} G for {name(s.auc_card)}",
    A.PassBid: lambda s, a, p: f"{p} passes on {name(s.auc_card)} (out of the bidding for it)",
    A.ChooseBoss: _boss,
    A.Pay: _pay,
    A.Place: _place,
    A.Recruit: _attack, A.Takeover: _attack, A.Hit: _attack,
    A.Visit: _crook_action, A.Move: _crook_action, A.DoubleCross: _crook_action,
    A.Retire: _crook_action, A.Drop: _crook_action,
    A.UseAbility: _ability,
    A.GiveCrook: _give_crook,
    A.PlaySpecial: _special,
    A.GiveMoney: _give, A.GiveCard: _give,
    A.OfferTrade: _offer,
    A.AskFor: _ask,
    A.Accept: _answer, A.Refuse: _answer,
    A.Commit: _commit,
    A.Protect: _protect,
    A.Assist: _assist,
    A.Interfere: _interfere,
    A.Done: _done,
    A.TakeSpoils: _spoils,
}


def where(s: CrimeLordsState, action: A.Place) -> str:
    """ "under Big Sal Marino, on his west side" (each side of a Crook is one place)"""
    seat = s.actor if s.actor is not None else -1
    m = s.mobs[seat] if 0 <= seat < s.players else None
    cell = (action.x, action.y)
    if m is not None and action.superior in m.cell:
        side = side_name(m.cell[action.superior], cell)
        return f"under {name(action.superior)}, on {his(action.superior)} {side} side"
    return f"under {name(action.superior)} at ({action.x},{action.y})"


#: menu groups of the action phase (the CLI shows a long menu group by group)
_GROUPS: dict[type, str] = {
    A.Recruit: "Recruit a Crook",
    A.Takeover: "Take over a Racket",
    A.Hit: "Call in a Hit",
    A.Visit: "Organise your Mob (move, visit, abilities, change Boss)",
    A.Move: "Organise your Mob (move, visit, abilities, change Boss)",
    A.UseAbility: "Organise your Mob (move, visit, abilities, change Boss)",
    A.DoubleCross: "Organise your Mob (move, visit, abilities, change Boss)",
    A.Retire: "Organise your Mob (move, visit, abilities, change Boss)",
    A.PlaySpecial: "Play a Special",
    A.Drop: "Drop a Crook",
    A.GiveMoney: "Give money",
    A.GiveCard: "Give a Racket or Special",
    A.GiveCrook: "Give a Crook away",
    A.OfferTrade: "Propose a deal",
}


def action_group(s: CrimeLordsState, action: Any) -> str:
    """The menu group of an action ("" for those shown on their own)."""
    if type(action) is A.TakeSpoils and action.token >= 0:
        return f"Take {name(action.card)}"
    if s.phase not in ("actions", "window", "war"):
        return ""
    if type(action) is A.Drop and s.phase == "regroup":
        return ""
    if type(action) is A.Takeover and is_racket(action.target) and s.loc[action.target] >= 0:
        return "Take over a rival's Racket"
    if type(action) is A.PlaySpecial:
        return f"Play {name(action.card)}"
    return _GROUPS.get(type(action), "")


# -- amounts typed at the table (``State.amount``) ---------------------------------------------
def amount(s: CrimeLordsState, action: Any) -> Amount | None:
    """What ``action`` is as a typed amount: a bid, showdown or Hit money, a gift of money,
    money offered or asked in a deal (None for every other action, and for "nothing", which
    is its own line: "commits nothing")."""
    t = type(action)
    if t is A.Bid:
        return Amount(bid_question(s), action.amount, unit="G")
    if t is A.Commit and action.amount:
        return Amount(commit_question(s, action.amount), abs(action.amount), unit="G")
    if t is A.GiveMoney:
        return Amount(f"Give money to {who(s, action.to)}", action.amount, unit="G")
    if t is A.OfferTrade and action.card < 0:
        return Amount(f"Offer money to {who(s, action.to)} in a deal", action.money, unit="G")
    if t is A.AskFor and action.card < 0:
        return Amount("Ask for money in return", action.money, unit="G")
    return None


def bid_question(s: CrimeLordsState) -> str:
    """The bid with what the card costs or earns each turn: "Your bid for Iron Mike Dolan,
    wage 5 G a turn, 7 G as your Boss"."""
    card = s.auc_card
    head = f"Your bid for {name(card)}"
    if card < 0:
        return head
    if is_racket(card):
        return f"{head}, income {RACKET_CARDS[card].income} G a turn"
    if is_special(card):
        return head
    if effects_of(card, "no_pay"):
        return f"{head}, who takes no wage"
    power = CROOK_CARDS[card].power
    boss = power + MOBS[s.mob_of[s.actor]].boss_bonus
    return f"{head}, wage {power} G a turn, {boss} G as your Boss"


def commit_question(s: CrimeLordsState, value: int) -> str:
    """The question a G of sealed money answers: "Your money for the attack", "Your money
    against the attack (the G come next)", "More money for the attack, on top of 120 G",
    "Your money into the Hit"."""
    if s.phase == "hitmoney":
        return "Your money into the Hit (up to 5 G)"
    atk = s.attack
    assert atk is not None
    sign = atk.stake or value
    side = "for" if sign > 0 else "against"
    last = atk.place <= 1
    if atk.stake:
        head = f"More money {side} the attack, on top of the {abs(atk.stake)} G"
    else:
        head = f"Your money {side} the attack"
    return head if last else f"{head} (the smaller part comes next)"
