"""One web table in play: its match, its feed, and the lock that orders its moves.

A :class:`Table` is rebuilt from its record by replaying every move (:func:`narrate`), and
moves forward one committed move at a time (:meth:`Table.commit`): the move is played on a
copy, stored, and only then does the copy become the table, so nobody ever sees a move the
store does not hold. Whoever wants to move takes :attr:`Table.lock` first; readers wait for
:meth:`Table.changed`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from tabletop.agents import Personality
from tabletop.components.log import EVERYONE
from tabletop.engine import Game
from tabletop.match import Match
from tabletop.narration import move_text
from tabletop.record import Record, replay
from tabletop.serialization import decode_action, encode_action
from tabletop.web.views import Entry, bot_talk, feed_json, seat_name, seat_view, setup_entry

#: stores a move (table id, step, encoded action) durably before it is shown
Commit = Callable[[str, int, dict[str, Any]], Awaitable[None]]


def narrate(game: Game, record: Record, upto: int | None = None,
            live: bool = False) -> tuple[Match, list[Entry]]:
    """The match a record describes after its first ``upto`` moves (all by default), with the
    feed entry of the set-up and of every move. The record is checked first
    (:func:`tabletop.record.replay`: CorruptRecord names a bad step). ``live``: the seats'
    bots are made, to play on (a server table); otherwise every seat is a bystander (a
    replay, whose record may name agent kinds this server does not have). The feed names
    each seat as a page shows it (:func:`~tabletop.web.views.seat_name`: "Hard bot")."""
    replay(record, game, check_result=upto is None)
    kinds = record.seats or ["?"] * record.players
    match = Match(game, record.players, record.seed, record.options,
                  seats=kinds if live else ["human"] * record.players)
    log = match.state.event_log()
    entries = [setup_entry(log.since(0, EVERYONE) if log is not None else [])]
    names = [seat_name(game, kind) for kind in kinds]
    for data in record.actions[:upto]:
        entries.append(_play(match, decode_action(game, data), kinds, names))
    return match, entries


def _play(match: Match, action: Any, kinds: list[str], names: list[str]) -> Entry:
    """Play ``action`` on ``match`` and return its feed entry (the seat labelled by its name
    in ``names``; ``kinds``: who plays each seat, "human" or an agent kind)."""
    state = match.state
    seat = state.to_act
    assert seat is not None, "the game is over"
    full, public = move_text(state, seat, action, seat), move_text(state, seat, action, None)
    said: tuple[str | None, ...] = ()
    if kinds[seat] != "human":
        personality = getattr(match.agents[seat], "personality", None)
        said = bot_talk(state, action, isinstance(personality, Personality) and personality.bold)
    match.play(action)
    return Entry(match.steps, seat, names[seat], full, public, tuple(match.take_events()),
                 said)


class Table:
    """A game at the web table: the match (state, record, bots), its feed, its lock."""

    def __init__(self, table_id: str, game: Game, match: Match, entries: list[Entry]) -> None:
        self.id = table_id
        self.game = game
        self.match = match
        self.entries = entries
        #: who plays each seat, as a page shows it ("human", "Hard bot")
        self.names = [seat_name(game, kind) for kind in match.seats]
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._views: dict[int | None, dict[str, Any]] = {}

    @classmethod
    def load(cls, table_id: str, game: Game, record: Record) -> Table:
        """The table a stored record describes, every move replayed."""
        match, entries = narrate(game, record, live=True)
        return cls(table_id, game, match, entries)

    @property
    def steps(self) -> int:
        """Moves played so far: the number the next move's answer must name."""
        return self.match.steps

    @property
    def humans(self) -> list[int]:
        """The human seats (0-based)."""
        return [s for s, kind in enumerate(self.match.seats) if kind == "human"]

    def bot_to_act(self) -> bool:
        """Whether a bot's decision is awaited."""
        seat = self.match.state.to_act
        return seat is not None and self.match.seats[seat] != "human"

    def payload(self, viewer: int | None, since: int = 0) -> dict[str, Any]:
        """What ``viewer`` receives: the table's facts (``seats``: who plays each, as
        :func:`~tabletop.web.views.seat_name` says, never an agent spec), its view of the state
        (:func:`~tabletop.web.views.seat_view`, cached per move) and the feed entries from
        step ``since`` on."""
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = seat_view(self.match.state, viewer)
        return {"table": self.id, "game": self.game.name, "title": self.game.title,
                "players": self.match.state.players,
                "seats": list(self.names), "move": self.steps, **view,
                "feed": feed_json(self.entries[max(0, since):], viewer)}

    async def commit(self, action: Any, store: Commit) -> None:
        """Play a legal ``action`` for the seat to act: on a copy, then stored by ``store``,
        then shown. The caller holds :attr:`lock` and has checked legality; if storing
        fails, the table is unchanged."""
        match = self.match
        trial = Match(self.game, match.state.players, match.seed, seats=match.seats,
                      state=match.state.clone(),
                      record=attrs.evolve(match.record, actions=list(match.record.actions)))
        entry = _play(trial, action, trial.seats, self.names)

        async def store_then_show() -> None:
            await store(self.id, trial.steps, encode_action(action))
            self.match = trial
            self.entries.append(entry)
            self._views.clear()
            self.wake()

        # Shielded: a request cancelled while the move is being stored must not leave a
        # stored move unshown (the next move would then take its number).
        await asyncio.shield(store_then_show())

    def wake(self) -> None:
        """Wake everyone waiting in :meth:`changed`."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, seen: int, timeout: float) -> bool:
        """Wait until the table has more than ``seen`` moves, at most ``timeout`` seconds (or
        until :meth:`wake`); whether it has."""
        event = self._changed
        if self.steps > seen:
            return True
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass
        return self.steps > seen
