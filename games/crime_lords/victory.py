"""Winning: the Racket table, monopoly and district bonuses, shared victories, the optional
victory rules, the round limit, the result, and the conservation checks.

Rulebook sections: "Winning the Game", "Shared Victory", "Eliminating a Player",
"Optional Rules".
"""

from __future__ import annotations

from games.crime_lords.cards import CARDS, is_crook, is_racket
from games.crime_lords.state import (
    CrimeLordsState,
)
from tabletop.engine import Result, seat_label

LONG = {2: 14, 3: 14, 4: 13, 5: 12, 6: 11, 7: 9, 8: 9}
SHORT = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7, 8: 7}


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


def score(s: CrimeLordsState, seat: int) -> int:
    """Rackets held, +1 per monopoly type (3+ and nobody else has one), +2 per dominated
    district (4+ and nobody else more than one)."""
    mine = s.rackets[seat]
    total = len(mine)
    if total < 3:
        return total  # a bonus needs three of a type or four in a district
    by_type = [0] * len(_TYPES)
    by_district = [0] * len(_DISTRICTS)
    for r in mine:
        by_type[_TYPE_NO[r]] += 1
        by_district[_DISTRICT_NO[r]] += 1
    monopolies = [t for t, n in enumerate(by_type) if n >= 3]
    strongholds = [d for d, n in enumerate(by_district) if n >= 4]
    if not monopolies and not strongholds:
        return total  # no bonus possible, whatever the others hold
    others_type = [False] * len(_TYPES)   # types some other player holds
    others_most = [0] * len(_DISTRICTS)   # district -> the most any one other player holds
    for p in range(s.players):
        if p == seat or not s.rackets[p]:
            continue
        held = [0] * len(_DISTRICTS)
        for r in s.rackets[p]:
            others_type[_TYPE_NO[r]] = True
            held[_DISTRICT_NO[r]] += 1
        for d in strongholds:
            others_most[d] = max(others_most[d], held[d])
    total += sum(1 for t in monopolies if not others_type[t])
    # "no one else has more than one in that district": each rival on his own
    total += sum(2 for d in strongholds if others_most[d] <= 1)
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


def far_from_target(s: CrimeLordsState, seat: int) -> bool:
    """Whether no single card received could make ``seat`` win (a cheap test before the
    exact one): never under "last man standing", where only eliminations win."""
    mode = s.options.victory
    if mode == "last_man":
        return True
    if mode != "rackets":
        return False
    held = len(s.rackets[seat])
    # the most the bonuses could add (a monopoly per three, a district per four) first:
    # most positions are decided without scoring them
    if held + held // 3 + 2 * (held // 4) + MAX_GAIN < target(s):
        return True
    return score(s, seat) + MAX_GAIN < target(s)


def far_or_winning(s: CrimeLordsState, seat: int) -> tuple[bool, bool]:
    """(``far_from_target``, whether ``seat`` meets the victory condition now), scoring the
    seat once."""
    if s.options.victory != "rackets":
        far = far_from_target(s, seat)
        return far, not far and wins_after(s, [], (seat,))[0]
    if far_from_target(s, seat):
        return True, False
    now = score(s, seat)
    return False, now >= target(s)


def wins_after(s: CrimeLordsState, moves: list[tuple[int, int, int]],
               seats: tuple[int, ...]) -> list[bool]:
    """Whether each of ``seats`` would meet the victory condition in force once the cards
    in ``moves`` (card, from seat, to seat) changed hands: a Racket alone, a Crook with his
    subordinates. The state is left as it was."""
    mode = s.options.victory
    if mode == "last_man":
        return [False] * len(seats)
    touched = {m[1] for m in moves} | {m[2] for m in moves}
    saved = {p: s.rackets[p][:] for p in touched}
    extra = [0] * s.players  # Crooks changing Mobs (only their number matters)
    for card, frm, to in moves:
        if is_racket(card):
            s.rackets[frm].remove(card)
            s.rackets[to].append(card)
        elif is_crook(card):
            n = len(s.mobs[frm].subtree(card))
            extra[frm] -= n
            extra[to] += n
    try:
        if mode == "rackets":
            goal = target(s)
            return [score(s, p) >= goal for p in seats]
        sizes = [len(s.mobs[p]) + len(s.rackets[p]) + extra[p] if s.alive[p] else 0
                 for p in range(s.players)]
        total = sum(sizes)
        return [sizes[p] > total - sizes[p] for p in seats]
    finally:
        for p, rackets in saved.items():
            s.rackets[p] = rackets


def gift_throws_game(s: CrimeLordsState, to: int, card: int,
                     wins_now: bool | None = None) -> bool:
    """"Throwing the game": a gift may not hand another player the win ([decided]: a gift
    of a Racket, or under "more than all foes" of a Crook, that would make the receiver
    win by the victory rule in force is refused)."""
    if s.options.victory == "rackets" and not is_racket(card):
        return False  # only Rackets count for the Racket table
    if wins_now is None:
        wins_now = wins_after(s, [], (to,))[0]
    if wins_now:
        return False  # a player who wins already is handed nothing
    return wins_after(s, [(card, s.loc[card], to)], (to,))[0]


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
    from games.crime_lords.words import who

    s.phase = "over"
    s.winners = sorted(winners)
    s.end_reason = reason
    won = " and ".join(who(s, p) for p in s.winners) or "nobody"
    s.log.add("game over", f"Game over: {reason}. Won by {won}")
    s.attack = None


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


def answer_share(s: CrimeLordsState, yes: bool) -> None:
    """One of the Mobs one card short answers the offer of a shared victory."""
    from games.crime_lords import flow

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
    flow.next_turn(s, after)


def result(s: CrimeLordsState) -> Result:
    """Winners share the victory; others ranked by Racket score, then Crooks."""
    scores = [float(score(s, p)) for p in range(s.players)]
    win = set(s.winners)
    keys = [(p in win, scores[p], len(s.mobs[p]), s.alive[p]) for p in range(s.players)]
    ranking = tuple(sorted(range(s.players), key=lambda p: keys[p], reverse=True))
    return Result(tuple(s.winners), tuple(scores), ranking, s.end_reason)
