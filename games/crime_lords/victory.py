"""Winning: the Racket table, monopoly and district bonuses, shared victories, the optional
victory rules, the round limit, the result, and the conservation checks.

Rulebook sections: "Winning the Game", "Shared Victory", "Eliminating a Player",
"Optional Rules".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Result, seat_label

from .cards import CARDS, is_crook, is_racket
from .names import name, plural, who

if TYPE_CHECKING:
    from .state import CrimeLordsState

LONG = {2: 14, 3: 14, 4: 13, 5: 12, 6: 11, 7: 9, 8: 9}
SHORT = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7, 8: 7}


# cl-racket-table cl-short-game
def target(s: CrimeLordsState) -> int:
    """Rackets needed to win, by the number of players who started (or as the option
    ``racket_target`` sets it)."""
    if s.options.racket_target:
        return s.options.racket_target
    return (SHORT if s.options.short_game else LONG)[s.players]


#: each card's (racket type, district), "" for cards that are not Rackets
_KIND = [(getattr(c, "rtype", ""), getattr(c, "district", "")) for c in CARDS]
_TYPES = sorted({k[0] for k in _KIND if k[0]})
_DISTRICTS = sorted({k[1] for k in _KIND if k[1]})
#: each card's type and district as small numbers (-1 for cards that are not Rackets)
_TYPE_NO = [_TYPES.index(k[0]) if k[0] else -1 for k in _KIND]
_DISTRICT_NO = [_DISTRICTS.index(k[1]) if k[1] else -1 for k in _KIND]


# cl-bonuses
def score(s: CrimeLordsState, seat: int) -> int:
    """Rackets held, +1 per monopoly type (3+ and nobody else has one), +2 per dominated
    district (4+ and nobody else more than one)."""
    return _score(s.rackets, seat)


def _score(table: list[list[int]], seat: int) -> int:
    """:func:`score` with every seat's Rackets given (``table[seat]``)."""
    mine = table[seat]
    total = len(mine)
    if total < 3:
        return total  # a bonus needs three of a type or four in a district
    by_type = [0] * len(_TYPES)
    by_district = [0] * len(_DISTRICTS)
    for r in mine:
        by_type[_TYPE_NO[r]] += 1
        by_district[_DISTRICT_NO[r]] += 1
    if max(by_type) < 3 and max(by_district) < 4:
        return total  # no bonus possible, whatever the others hold
    monopolies = [t for t, n in enumerate(by_type) if n >= 3]
    strongholds = [d for d, n in enumerate(by_district) if n >= 4]
    others = [rackets for p, rackets in enumerate(table) if p != seat and rackets]
    if monopolies:
        held = {_TYPE_NO[r] for rackets in others for r in rackets}  # types others hold
        total += sum(1 for t in monopolies if t not in held)
    # "no one else has more than one in that district": each rival on his own
    for d in strongholds:
        if all(sum(_DISTRICT_NO[r] == d for r in rackets) <= 1 for rackets in others):
            total += 2
    return total


def score_words(s: CrimeLordsState, seat: int) -> str:
    """The seat's standing in words, by the victory rule in force: "Racket score 5 of the
    14 to win (4 Rackets +1 monopoly)"."""
    points = score(s, seat)
    held = len(s.rackets[seat])
    extra = f" ({held} Rackets {points - held:+d} bonus)" if points != held else ""
    if s.options.victory == "more_than_all":
        alive = [p for p in range(s.players) if s.alive[p]]
        size = len(s.mobs[seat]) + held
        others = sum(len(s.mobs[q]) + len(s.rackets[q]) for q in alive if q != seat)
        return f"{size} Crooks and Rackets against {others} for all foes (more wins)"
    if s.options.victory == "last_man":
        return f"Racket score {points}{extra} (the last Mob standing wins)"
    return f"Racket score {points}{extra} of the {target(s)} to win"


#: the most one Racket changing hands can add to the receiver's score: the card itself, a
#: type monopoly (+1) and a dominated district (+2)
MAX_GAIN = 4


def _score_bound(s: CrimeLordsState, seat: int) -> int:
    """The most the seat's Racket score could be, from the number of his Rackets alone: a
    monopoly per three, a district per four."""
    held = len(s.rackets[seat])
    return held + held // 3 + 2 * (held // 4)


def far_from_target(s: CrimeLordsState, seat: int) -> bool:
    """Whether no single card received could make ``seat`` win (a cheap test before the
    exact one): never under "last man standing", where only eliminations win."""
    mode = s.options.victory
    if mode == "last_man":
        return True
    if mode != "rackets":
        return False
    # the bound first: most positions are decided without scoring them
    if _score_bound(s, seat) + MAX_GAIN < target(s):
        return True
    return score(s, seat) + MAX_GAIN < target(s)


def far_or_winning(s: CrimeLordsState, seat: int) -> tuple[bool, bool, int]:
    """(``far_from_target``, whether ``seat`` meets the victory condition now, his Racket
    score or a bound above it; -1 if not the Racket table), scoring the seat at most once."""
    if s.options.victory != "rackets":
        far = far_from_target(s, seat)
        return far, not far and wins_after(s, [], (seat,))[0], -1
    goal = target(s)
    bound = _score_bound(s, seat)
    if bound + MAX_GAIN < goal:
        return True, False, bound
    now = score(s, seat)
    return now + MAX_GAIN < goal, now >= goal, now


def gain_bound(s: CrimeLordsState, seat: int, card: int) -> int:
    """The most ``seat``'s Racket score can rise when the Racket ``card`` comes to him from
    another seat: the card, a monopoly of its type (his third, or the giver's last one
    gone) and its district (his fourth, or the giver's second gone); the rest of his score
    stays. A cheap bound before the exact test of :func:`wins_after`."""
    kind, district = _TYPE_NO[card], _DISTRICT_NO[card]
    same_kind = same_district = 0
    for r in s.rackets[seat]:
        same_kind += _TYPE_NO[r] == kind
        same_district += _DISTRICT_NO[r] == district
    return 1 + (same_kind >= 2) + 2 * (same_district >= 3)


def wins_after(s: CrimeLordsState, moves: list[tuple[int, int, int]],
               seats: tuple[int, ...]) -> list[bool]:
    """Whether each of ``seats`` would meet the victory condition in force once the cards
    in ``moves`` (card, from seat, to seat) changed hands: a Racket alone, a Crook with his
    subordinates. The state is not changed (the moved Rackets are counted on copies)."""
    mode = s.options.victory
    if mode == "last_man":
        return [False] * len(seats)
    table = s.rackets
    extra = [0] * s.players  # Crooks changing Mobs (only their number matters)
    for card, frm, to in moves:
        if is_racket(card):
            if table is s.rackets:
                table = s.rackets[:]
            table[frm] = [r for r in table[frm] if r != card]
            table[to] = [*table[to], card]
        elif is_crook(card):
            n = len(s.mobs[frm].subtree(card))
            extra[frm] -= n
            extra[to] += n
    if mode == "rackets":
        goal = target(s)
        return [_score(table, p) >= goal for p in seats]
    sizes = [len(s.mobs[p]) + len(table[p]) + extra[p] if s.alive[p] else 0
             for p in range(s.players)]
    total = sum(sizes)
    return [sizes[p] > total - sizes[p] for p in seats]


def winning_gifts(s: CrimeLordsState, giver: int, to: int, now: int) -> set[int]:
    """Under the Racket table: the giver's Rackets whose gift alone would make ``to`` (who
    scores ``now`` and is short of the target) reach it. Exact, as :func:`wins_after` per
    card, but counting the table once: only the card's own type and district change for
    anybody (``to`` gains one of each, the giver loses one). Given a bound above his score
    for ``now``, it names every such Racket and maybe more."""
    n_types, n_districts = len(_TYPES), len(_DISTRICTS)
    mine_t, mine_d = [0] * n_types, [0] * n_districts
    for r in s.rackets[to]:
        mine_t[_TYPE_NO[r]] += 1
        mine_d[_DISTRICT_NO[r]] += 1
    giver_t, giver_d = [0] * n_types, [0] * n_districts
    for r in s.rackets[giver]:
        giver_t[_TYPE_NO[r]] += 1
        giver_d[_DISTRICT_NO[r]] += 1
    rest_t = [False] * n_types   # a type some third seat holds
    rest_d = [0] * n_districts   # the most any third seat holds in a district
    for p in range(s.players):
        if p in (to, giver) or not s.rackets[p]:
            continue
        held = [0] * n_districts
        for r in s.rackets[p]:
            rest_t[_TYPE_NO[r]] = True
            held[_DISTRICT_NO[r]] += 1
        rest_d = [max(x, y) for x, y in zip(rest_d, held, strict=True)]
    goal = target(s)
    out = set()
    for r in s.rackets[giver]:
        t, d = _TYPE_NO[r], _DISTRICT_NO[r]
        mono_before = mine_t[t] >= 3 and not rest_t[t] and giver_t[t] == 0
        mono_after = mine_t[t] >= 2 and not rest_t[t] and giver_t[t] == 1
        dom_before = mine_d[d] >= 4 and max(rest_d[d], giver_d[d]) <= 1
        dom_after = mine_d[d] >= 3 and max(rest_d[d], giver_d[d] - 1) <= 1
        gain = 1 + mono_after - mono_before + 2 * (dom_after - dom_before)
        if now + gain >= goal:
            out.add(r)
    return out


# cl-throwing-the-game
def gift_throws_game(s: CrimeLordsState, to: int, card: int,
                     wins_now: bool | None = None, now: int = -1) -> bool:
    """"Throwing the game": a gift may not hand another player the win ([decided]: a gift
    of a Racket, or under "more than all foes" of a Crook, that would make the receiver
    win by the victory rule in force is refused). ``wins_now`` and ``now`` (the
    receiver's Racket score) may come from :func:`far_or_winning`."""
    if s.options.victory == "rackets" and not is_racket(card):
        return False  # only Rackets count for the Racket table
    if wins_now is None:
        wins_now = wins_after(s, [], (to,))[0]
    if wins_now:
        return False  # a player who wins already is handed nothing
    if now >= 0 and now + gain_bound(s, to, card) < target(s):
        return False
    return wins_after(s, [(card, s.loc[card], to)], (to,))[0]


# cl-last-standing
def last_survivor(s: CrimeLordsState) -> bool:
    """"You also win if all your rivals are eliminated": end the game if one (or no) Mob is
    left. Returns True when the game is over."""
    if s.phase == "over":
        return True
    alive = [p for p in range(s.players) if s.alive[p]]
    if len(alive) <= 1:
        finish(s, alive, "all rivals are eliminated" if alive else "every Mob is gone")
        return True
    return False


def finish(s: CrimeLordsState, winners: list[int], reason: str) -> None:
    """End the game."""
    s.phase = "over"
    s.winners = sorted(winners)
    s.end_reason = reason
    won = " and ".join(who(s, p) for p in s.winners) or "nobody"
    s.log.add("game over", f"Game over: {reason}. Won by {won}")
    s.attack = None
    reveal_hidden(s)


# cl-end-shown
def reveal_hidden(s: CrimeLordsState) -> None:
    """At the end, what was hidden decides nothing any more: every treasury and every hand
    of Specials is shown to the table (a public event; the observations show them too)."""
    parts = []
    for p in range(s.players):
        held = [name(c) for c in sorted(s.specials[p])]
        hand = (f"{plural(len(held), 'Special')} ({', '.join(held)})" if held
                else "no Specials")
        parts.append(f"{who(s, p)} {s.money[p]} G and {hand}")
    s.log.add("hidden shown", "Shown at the end (it decides nothing now): " + "; ".join(parts))


# cl-racket-target cl-round-limit cl-victory-options
def check_end(s: CrimeLordsState) -> bool:
    """The end-of-turn (or end-of-Gang-War) check. Returns True if play stops here (the game
    is over, or a one-card-short shared victory is being asked)."""
    if last_survivor(s):
        return True
    alive = [p for p in range(s.players) if s.alive[p]]
    mode = s.options.victory
    if mode == "rackets":
        need = target(s)
        won = [p for p in alive if score(s, p) >= need]
        if won:
            finish(s, won, f"{len(won) == 1 and 'a Mob reaches' or 'Mobs reach'} a Racket "
                           f"score of {need} (Rackets held plus monopoly and district "
                           "bonuses)")
            return True
        short = [p for p in alive if score(s, p) == need - 1]
        if len(short) >= 2:
            s.log.add("share asked", f"{' and '.join(seat_label(p) for p in short)} are each "
                      f"one Racket short of {need}: they share the victory if all agree")
            s.share_seats = short
            s.share_yes = 0
            s.share_after = s.current
            s.phase = "share"
            s.actor = short[0]
            return True
    elif mode == "more_than_all":
        for p in alive:
            size = len(s.mobs[p]) + len(s.rackets[p])
            others = sum(len(s.mobs[q]) + len(s.rackets[q]) for q in alive if q != p)
            if size > others:
                finish(s, [p], "a Mob holds more Crooks and Rackets than all its foes together")
                return True
    if s.turn_no >= s.options.round_limit * s.players:
        best = max(score(s, p) for p in alive)
        finish(s, [p for p in alive if score(s, p) == best],
               f"the round limit ({s.options.round_limit} rounds) ran out: the best Racket "
           "score (Rackets held plus bonuses) wins")
        return True
    return False


# cl-share-one-short
def answer_share(s: CrimeLordsState, yes: bool) -> None:
    """One of the Mobs one card short answers the offer of a shared victory."""
    if yes:
        s.share_yes += 1
        if s.share_yes == len(s.share_seats):
            finish(s, s.share_seats, "the Mobs one card short agreed to share the victory")
            return
        s.actor = s.share_seats[s.share_yes]
        return
    s.log.add("share refused", f"{seat_label(s.actor)} will not share the victory: play goes on")
    s.share_seats = []
    s.share_yes = 0
    after = s.share_after
    if s.turn_no >= s.options.round_limit * s.players:
        alive = [p for p in range(s.players) if s.alive[p]]
        best = max(score(s, p) for p in alive)
        finish(s, [p for p in alive if score(s, p) == best],
               f"the round limit ({s.options.round_limit} rounds) ran out: the best Racket "
           "score (Rackets held plus bonuses) wins")
        return
    s.current = after  # the turn that ended: the next one follows it
    s.phase = "next_turn"


def result(s: CrimeLordsState) -> Result:
    """Winners share the victory; others ranked by Racket score, then Crooks."""
    scores = [float(score(s, p)) for p in range(s.players)]
    win = set(s.winners)
    keys = [(p in win, scores[p], len(s.mobs[p]), s.alive[p]) for p in range(s.players)]
    ranking = tuple(sorted(range(s.players), key=lambda p: keys[p], reverse=True))
    return Result(tuple(s.winners), tuple(scores), ranking, s.end_reason)
