"""The card-effect vocabulary, implemented once for newsflashes, fortunes and destinies.

Effect kinds (``effect`` field of a card, with its ``amount``):

- ``calm``: nothing happens (newsflash only).
- ``prestige``: the job just done earns ``amount`` more (or fewer, never below 0) prestige.
- ``hours``: ``amount`` hours more or fewer on the clock (now, or as a destiny at the start of
  the target's next turn).
- ``recruit``: ``amount`` gangsters from the supply into the HEADQUARTERS, as many as fit.
- ``retreat``: ``amount`` of the job's gangsters go from its block to the HEADQUARTERS; if it
  is full they go back to the supply (OCCUPATION LIMITS).
- ``arrest``: ``amount`` gangsters standing on street sections go back to the supply (the
  biggest group first).
- ``fortune``: draw ``amount`` fortune cards.
- ``bombing``: from a street section you stand on, remove up to ``amount`` gangsters from an
  adjacent city block — HEADQUARTERS and SAFE HOUSES included, since it reaches in from
  outside; they count as bodies.
- ``job_hours`` / ``job_crew`` / ``job_prestige``: armed before a job this turn: that job takes
  fewer hours, needs fewer gangsters, or earns more prestige.
- ``shield``: armed before a job: its newsflash is discarded unread.
- ``defence``: played only when a destiny is played on you: the destiny is cancelled.
- ``keep``: no play effect; only the game-end prestige.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .actions import PlayFortune
from .cards import FortuneDef, fortunes, newsflashes
from .rules import DEFEND, FORTUNES, NEWS, TARGET, Prompt
from .words import (
    block_words,
    card_def,
    card_title,
    card_words,
    destiny_effect,
    distinct,
    hours,
    plural,
    street_words,
    who,
)

if TYPE_CHECKING:
    from .state import CrimopolisState

_ARMED = ("job_hours", "job_crew", "job_prestige", "shield")


@functools.lru_cache(maxsize=1 << 12)
def _play(card: str, seat: int = -1, block: str = "") -> PlayFortune:
    """The PlayFortune action, made once (the same few recur every turn)."""
    return PlayFortune(card, seat, block)


@functools.lru_cache(maxsize=1 << 12)
def _destiny_plays(card: str, players: int) -> tuple[PlayFortune, ...]:
    """A destiny fortune aimed at each seat in turn."""
    return tuple(PlayFortune(card, seat=s) for s in range(players))


@functools.lru_cache(maxsize=1 << 12)
def _hand_cards(hand: tuple[str, ...]) -> tuple[tuple[str, FortuneDef], ...]:
    """The distinct cards of a fortune hand, each with its definition (hands recur)."""
    defs = fortunes()
    return tuple((card, defs[card]) for card in distinct(list(dict.fromkeys(hand))))


# cp-play-fortune cp-no-defence-in-turn cp-fx-keep
def fortune_plays(state: CrimopolisState) -> list[PlayFortune]:
    """The fortune cards the active player can play now (PLAY A FORTUNE: no time); of two
    identical cards only one is offered."""
    me = state.active
    out: list[PlayFortune] = []
    hand = state.fortune_hands[me]
    if not hand:
        return out
    city = state.city
    board = city.board
    for card, f in _hand_cards(tuple(hand)):
        kind = f.effect
        if f.destiny:
            out.extend(_destiny_plays(card, state.players))
        elif kind == "hours":
            out.append(_play(card))
        elif kind == "recruit":
            if state.supply[me] and (
                board.room(city.hq[me]) or (city.safe[me] and board.room(city.safe[me]))
            ):
                out.append(_play(card))
        elif kind in _ARMED:
            if state.hands[me]:
                out.append(_play(card))
        elif kind == "bombing":
            seen: set[str] = set()
            for node, _ in board.held_by(me):
                if node[0] != "s":
                    continue
                for block in board.neighbours(node):
                    if block[0] == "b" and block not in seen:
                        seen.add(block)
                        occ = board.occupants(block)
                        if occ and occ[0] != me:
                            out.append(_play(card, block=block))
        # defence and keep cards are not played in one's own turn
    return out


def play_fortune(state: CrimopolisState, me: int, act: PlayFortune) -> None:
    """Play a fortune card from the active player's hand."""
    state.fortune_hands[me].remove(act.card)
    f = fortunes()[act.card]
    title = card_title(act.card)
    if f.destiny:
        place_destiny(state, act.card, act.seat, me)
        return
    kind = f.effect
    log = state.log
    if kind == "hours":
        state.hours += f.amount
        log.add("hours", f"{title} gives {who(me)} {hours(f.amount)} more: "
                f"{hours(state.hours)} left")
    elif kind == "recruit":
        city = state.city
        dest = city.hq[me] if city.board.room(city.hq[me]) else city.safe[me]
        state.supply[me] -= 1
        city.board.add(dest, me)
        log.add("recruit", f"{title}: a gangster joins {who(me)} in "
                f"{block_words(city, dest)} for free ({state.supply[me]} left in supply)")
    # cp-fx-bombing
    elif kind == "bombing":
        board = state.city.board
        rival = board.occupants(act.block)[0]
        k = min(f.amount, board.count(act.block, rival))
        board.remove(act.block, rival, k)
        state.supply[rival] += k
        added = state.add_bodies(me, k)
        bodies = (f"body count of {who(me)} +{added}, now {state.bodies[me]}" if added
                  else "no tombstone is left: body counts are locked")
        log.add("bombing", f"{title} blows {plural(k, 'gangster')} of {who(rival)} out of "
                f"{block_words(state.city, act.block)}, back to its supply; {bodies}")
    # cp-fx-job-boost cp-fx-shield cp-armed-before-job
    else:  # armed for the next job this turn
        if kind == "job_hours":
            state.boost_hours += f.amount
        elif kind == "job_crew":
            state.boost_crew += f.amount
        elif kind == "job_prestige":
            state.boost_prestige += f.amount
        elif kind == "shield":
            state.shield = True
        log.add("armed", f"{title} is armed for {who(me)}'s next job this turn: {f.text}")
    state.discard(FORTUNES, act.card)


def armed_words(state: CrimopolisState) -> str:
    """The armed fortunes that change the job about to be done, for its narration."""
    parts = []
    if state.boost_hours:
        parts.append(f"{hours(state.boost_hours)} less")
    if state.boost_crew:
        parts.append(f"{plural(state.boost_crew, 'gangster')} fewer needed")
    if state.boost_prestige:
        parts.append(f"{state.boost_prestige} more prestige")
    if state.shield:
        parts.append("its newsflash ignored")
    return f" (armed fortunes: {', '.join(parts)})" if parts else ""


# cp-destiny-target cp-destiny-asked
def place_destiny(state: CrimopolisState, card: str, target: int, by: int) -> None:
    """DESTINY CARDS: the card goes in front of ``target``, who may defend right now."""
    what = destiny_effect(card)
    if target != by:
        # The target is always asked (even without a defence in hand), so that the question
        # itself does not tell the table what the target holds.
        state.prompts.append(Prompt(DEFEND, target, card=card, by=by))
        state.log.add("destiny played", f"{who(by)} plays the destiny {card_title(card)} on "
                      f"{who(target)} ({what}); {who(target)} may cancel it now with a "
                      "defence fortune")
    else:
        state.destinies[target].append(card)
        state.log.add("destiny placed", f"{card_title(card)} lies in front of {who(target)}, "
                      f"its own choice: {what}")


def accept_destiny(state: CrimopolisState, seat: int, card: str) -> None:
    """A destiny played on ``seat`` and not defended becomes its destiny."""
    state.destinies[seat].append(card)
    state.log.add("destiny placed", f"{card_title(card)} lies in front of {who(seat)}: "
                  f"{destiny_effect(card)}")


# cp-fx-defence
def defend_destiny(state: CrimopolisState, seat: int, card: str, defence: str) -> None:
    """A defence fortune cancels the destiny just played on ``seat``."""
    state.fortune_hands[seat].remove(defence)
    state.discard(FORTUNES, defence)
    discard_destiny(state, card)
    state.log.add("destiny cancelled", f"{who(seat)} plays {card_title(defence)}: the destiny "
                  f"{card_title(card)} is cancelled; both cards go face up under their decks")


def discard_destiny(state: CrimopolisState, card: str) -> None:
    """A destiny card goes under its own deck."""
    state.discard(NEWS if card[0] == "N" else FORTUNES, card)


# cp-invest
def invest(state: CrimopolisState, me: int) -> None:
    """INVEST: 2 hours for the top fortune card."""
    state.hours -= 2
    draw_fortunes(state, me, 1, "Investing")


def execute_due(state: CrimopolisState, seat: int, card: str) -> None:
    """DESTINY CARDS: one of the destinies due at the start of ``seat``'s turn executed."""
    state.due.remove(card)
    state.destinies[seat].remove(card)
    execute_destiny(state, seat, card)


def execute_destiny(state: CrimopolisState, seat: int, card: str) -> None:
    """Carry out a destiny at the start of ``seat``'s turn, then discard it."""
    d = card_def(card)
    _apply_effect(state, seat, d.effect, d.amount, "", card_title(card))
    discard_destiny(state, card)


def _apply_effect(state: CrimopolisState, seat: int, kind: str, amount: int, block: str,
                  cause: str) -> int:
    """Apply a shared effect kind to ``seat`` and narrate it; returns a prestige change for
    the job."""
    board = state.city.board
    city = state.city
    log = state.log
    # cp-fx-prestige
    if kind == "prestige":
        return amount
    # cp-fx-hours
    if kind == "hours":
        before = state.hours
        state.hours = max(0, state.hours + amount)
        change = state.hours - before
        log.add("hours", f"{cause}: {who(seat)} has {hours(abs(change))} "
                f"{'more' if change >= 0 else 'less'}, {hours(state.hours)} left")
    # cp-fx-recruit
    elif kind == "recruit":
        n = min(amount, state.supply[seat])
        state.supply[seat] -= n
        home = city.hq[seat]
        fit = min(n, board.room(home)) if home else 0
        state.send_home(seat, n)
        if not n:
            log.add("recruit", f"{cause}: {who(seat)} has no gangster left in its supply")
        elif fit == n:
            log.add("recruit", f"{cause}: {plural(n, 'gangster')} from {who(seat)}'s supply "
                    f"{'joins' if n == 1 else 'join'} its HQ for free")
        else:
            log.add("recruit", f"{cause}: {who(seat)}'s HQ is full, so {n - fit} of the "
                    f"{plural(n, 'recruit')} {'goes' if n - fit == 1 else 'go'} back to "
                    "its supply")
    # cp-fx-retreat
    elif kind == "retreat":
        n = min(amount, board.count(block, seat))
        if n:
            home = city.hq[seat]
            board.remove(block, seat, n)
            fit = min(n, board.room(home)) if home else 0
            state.send_home(seat, n)
            where = ("its HQ" if fit == n else f"its HQ ({n - fit} back to the supply: "
                     "the HQ is full)")
            log.add("retreat", f"{cause}: {plural(n, 'gangster')} of {who(seat)} "
                    f"{'leaves' if n == 1 else 'leave'} {block_words(city, block)} for {where}")
    # cp-fx-arrest cp-arrest-order
    elif kind == "arrest":
        for _ in range(amount):
            streets = [(c, node) for node, c in board.held_by(seat) if node[0] == "s"]
            if not streets:
                log.add("arrest", f"{cause}: {who(seat)} has nobody on a street to arrest")
                break
            best = max(streets, key=lambda t: t[0])[1]
            board.remove(best, seat, 1)
            state.supply[seat] += 1
            log.add("arrest", f"{cause}: a gangster of {who(seat)} on "
                    f"{street_words(city, best)} is arrested, back to its supply")
    # cp-fx-fortune
    elif kind == "fortune":
        draw_fortunes(state, seat, amount, cause)
    return 0


def draw_fortunes(state: CrimopolisState, seat: int, n: int, cause: str) -> None:
    """Draw ``n`` fortunes: the table hears how many, ``seat`` which ones."""
    drawn = [c for c in (state.draw(FORTUNES) for _ in range(n)) if c is not None]
    state.fortune_hands[seat].extend(drawn)
    if not drawn:
        state.log.add("fortune drawn", f"{cause}: the fortune deck is empty")
        return
    state.log.add("fortune drawn", f"{cause}: {who(seat)} draws "
                  f"{plural(len(drawn), 'fortune card')} "
                  f"({len(state.fortune_hands[seat])} in hand)")
    for card in drawn:
        state.log.add("fortune drawn", f"Your new fortune: {card_words(card)}", to=seat)


# cp-fx-calm cp-fx-shield
def newsflash(state: CrimopolisState, me: int, block: str) -> tuple[int, str]:
    """EXECUTE A JOB step 3: draw the top newsflash and play it; returns the change to the
    job's prestige it causes and the card's title."""
    card = state.draw(NEWS)
    if card is None:
        state.log.add("newsflash", "The newsflash deck is empty: no newsflash this time")
        return 0, ""
    title = card_title(card)
    if state.shield:
        state.shield = False
        state.discard(NEWS, card)
        state.log.add("newsflash", f"Newsflash {title}: the friend at the paper keeps it out "
                      "of print (the armed fortune): it has no effect")
        return 0, ""
    d = newsflashes()[card]
    if d.destiny:
        state.prompts.append(Prompt(TARGET, me, card=card))
        state.log.add("newsflash", f"Newsflash {card_words(card)} {who(me)} picks the gang "
                      "it lies in front of (itself included)")
        return 0, ""
    state.log.add("newsflash", f"Newsflash {card_words(card)}")
    delta = _apply_effect(state, me, d.effect, d.amount, block, title)
    state.discard(NEWS, card)
    return delta, title
