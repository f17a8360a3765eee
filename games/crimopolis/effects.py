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

from typing import TYPE_CHECKING

from games.crimopolis.actions import PlayFortune
from games.crimopolis.cards import fortunes, newsflashes

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

_ARMED = ("job_hours", "job_crew", "job_prestige", "shield")


def card_def(card: str):
    """The definition of a newsflash (``N..``) or fortune (``F..``) card."""
    return newsflashes()[card] if card[0] == "N" else fortunes()[card]


def fortune_plays(state: CrimopolisState) -> list[PlayFortune]:
    """The fortune cards the active player can play now (PLAY A FORTUNE: no time)."""
    me = state.active
    out: list[PlayFortune] = []
    city = state.city
    board = city.board
    for card in dict.fromkeys(state.fortune_hands[me]):
        f = fortunes()[card]
        kind = f.effect
        if f.destiny:
            out.extend(PlayFortune(card, seat=s) for s in range(state.players))
        elif kind == "hours":
            out.append(PlayFortune(card))
        elif kind == "recruit":
            if state.supply[me] and (
                board.room(city.hq[me]) or (city.safe[me] and board.room(city.safe[me]))
            ):
                out.append(PlayFortune(card))
        elif kind in _ARMED:
            if state.hands[me]:
                out.append(PlayFortune(card))
        elif kind == "bombing":
            seen: set[str] = set()
            for node, _ in board.held_by(me):
                if node[0] != "s":
                    continue
                for block in board.links[node]:
                    if block[0] == "b" and block not in seen:
                        seen.add(block)
                        occ = board.occupants(block)
                        if occ and occ[0] != me:
                            out.append(PlayFortune(card, block=block))
        # defence and keep cards are not played in one's own turn
    return out


def play_fortune(state: CrimopolisState, me: int, act: PlayFortune) -> None:
    """Play a fortune card from the active player's hand."""
    state.fortune_hands[me].remove(act.card)
    f = fortunes()[act.card]
    if f.destiny:
        place_destiny(state, act.card, act.seat, me)
        return
    kind = f.effect
    if kind == "hours":
        state.hours += f.amount
    elif kind == "recruit":
        city = state.city
        dest = city.hq[me] if city.board.room(city.hq[me]) else city.safe[me]
        state.supply[me] -= 1
        city.board.add(dest, me)
    elif kind == "bombing":
        board = state.city.board
        rival = board.occupants(act.block)[0]
        k = min(f.amount, board.count(act.block, rival))
        board.remove(act.block, rival, k)
        state.supply[rival] += k
        state.add_bodies(me, k)
    elif kind == "job_hours":
        state.boost_hours += f.amount
    elif kind == "job_crew":
        state.boost_crew += f.amount
    elif kind == "job_prestige":
        state.boost_prestige += f.amount
    elif kind == "shield":
        state.shield = True
    state.discard(2, act.card)


def place_destiny(state: CrimopolisState, card: str, target: int, by: int) -> None:
    """DESTINY CARDS: the card goes in front of ``target``, who may defend right now."""
    from games.crimopolis.state import Prompt

    if target != by:
        # The target is always asked (even without a defence in hand), so that the question
        # itself does not tell the table what the target holds.
        state.prompts.append(Prompt("defend", target, card=card, by=by))
    else:
        state.destinies[target].append(card)


def discard_destiny(state: CrimopolisState, card: str) -> None:
    """A destiny card goes under its own deck."""
    state.discard(1 if card[0] == "N" else 2, card)


def execute_destiny(state: CrimopolisState, seat: int, card: str) -> None:
    """Carry out a destiny at the start of ``seat``'s turn, then discard it."""
    d = card_def(card)
    _apply_effect(state, seat, d.effect, d.amount, "")
    discard_destiny(state, card)


def _apply_effect(state: CrimopolisState, seat: int, kind: str, amount: int, block: str) -> int:
    """Apply a shared effect kind to ``seat``; returns a prestige change for the job."""
    board = state.city.board
    if kind == "prestige":
        return amount
    if kind == "hours":
        state.hours = max(0, state.hours + amount)
    elif kind == "recruit":
        n = min(amount, state.supply[seat])
        state.supply[seat] -= n
        state.send_home(seat, n)
    elif kind == "retreat":
        n = min(amount, board.count(block, seat))
        if n:
            board.remove(block, seat, n)
            state.send_home(seat, n)
    elif kind == "arrest":
        for _ in range(amount):
            streets = [(c, node) for node, c in board.held_by(seat) if node[0] == "s"]
            if not streets:
                break
            best = max(streets, key=lambda t: t[0])[1]
            board.remove(best, seat, 1)
            state.supply[seat] += 1
    elif kind == "fortune":
        for _ in range(amount):
            card = state.draw(2)
            if card is not None:
                state.fortune_hands[seat].append(card)
    return 0


def newsflash(state: CrimopolisState, me: int, block: str) -> int:
    """EXECUTE A JOB step 3: draw the top newsflash and play it; returns the change to the
    job's prestige it causes."""
    from games.crimopolis.state import Prompt

    card = state.draw(1)
    if card is None:
        return 0
    if state.shield:
        state.shield = False
        state.discard(1, card)
        return 0
    d = newsflashes()[card]
    if d.destiny:
        state.prompts.append(Prompt("target", me, card=card))
        return 0
    delta = _apply_effect(state, me, d.effect, d.amount, block)
    state.discard(1, card)
    return delta
