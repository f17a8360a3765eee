"""One web table in play: its match, its feed, and the lock that orders its moves.

A :class:`Table` is rebuilt from its record by replaying every move (:func:`narrate`), and
moves forward one committed move at a time (:meth:`Table.commit`): the move is played on a
copy, stored, and only then does the copy become the table, so nobody ever sees a move the
store does not hold. Whoever wants to move takes :attr:`Table.lock` first; readers wait for
:meth:`Table.changed`.

A table also carries what its people add: the seats' names (which replace "Player N" in
everything a page reads, :func:`~tabletop.web.views.named_view`), the chat, and the link to
its rematch. Every change of any of these counts in :attr:`Table.version`, which the event
streams follow.

Taking a move back (:meth:`Table.undo`) follows the rules of the terminal
(:class:`tabletop.match.Match`): only a human's own decisions, while they drew no chance,
showed him nothing hidden (:func:`~tabletop.match.what_it_revealed`) and no other seat has
moved since; the decisions played for him since (one choice) go back with the last one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import attrs

from tabletop.agents import Personality, is_concession
from tabletop.components.log import EVERYONE
from tabletop.engine import Game, seat_label
from tabletop.hidden import only_choice_is_public
from tabletop.match import NOTHING, OTHERS, Match, what_it_revealed
from tabletop.narration import move_text
from tabletop.record import Record, replay
from tabletop.serialization import decode_action, encode_action
from tabletop.web.views import (
    SINGLE_NOTE,
    Entry,
    bot_talk,
    feed_json,
    named_feed,
    named_view,
    seat_name,
    seat_view,
    setup_entry,
)

#: stores a move (table id, step, encoded action, whether it was played for its seat by its
#: settings) durably before it is shown
Commit = Callable[[str, int, dict[str, Any], bool], Awaitable[None]]

#: the chat messages a payload carries (the newest)
CHAT_SHOWN = 50


@attrs.frozen
class Takeback:
    """A move that may still be taken back: the table's match before it (the whole match:
    a move plays on a copy), the feed's length before it, whose move it was and whether it
    was played for that seat (one choice)."""

    before: Match
    entries: int
    seat: int
    automatic: bool


def narrate(game: Game, record: Record, upto: int | None = None, live: bool = False,
            automatic: Collection[int] = ()) -> tuple[Match, list[Entry]]:
    """The match a record describes after its first ``upto`` moves (all by default), with the
    feed entry of the set-up and of every move. The record is checked first
    (:func:`tabletop.record.replay`: CorruptRecord names a bad step). ``live``: the seats'
    bots are made, to play on (a server table); otherwise every seat is a bystander (a
    replay, whose record may name agent kinds this server does not have). The feed names
    each seat as a page shows it (:func:`~tabletop.web.views.seat_name`: "Hard bot");
    the moves numbered in ``automatic`` were played for their seat (one choice), which its
    own line says (:data:`~tabletop.web.views.SINGLE_NOTE`)."""
    replay(record, game, check_result=upto is None)
    kinds = record.seats or ["?"] * record.players
    match = Match(game, record.players, record.seed, record.options,
                  seats=kinds if live else ["human"] * record.players)
    log = match.state.event_log()
    entries = [setup_entry(log.since(0, EVERYONE) if log is not None else [])]
    names = [seat_name(game, kind) for kind in kinds]
    for step, data in enumerate(record.actions[:upto], start=1):
        entries.append(_play(match, decode_action(game, data), kinds, names,
                             step in automatic))
    return match, entries


def _play(match: Match, action: Any, kinds: list[str], names: list[str],
          automatic: bool = False) -> Entry:
    """Play ``action`` on ``match`` and return its feed entry (the seat labelled by its name
    in ``names``; ``kinds``: who plays each seat, "human" or an agent kind). ``automatic``:
    played for the seat by its settings, which only its own line (and an omniscient
    reader's) says: the others read the move exactly as if the seat had chosen it."""
    state = match.state
    seat = state.to_act
    assert seat is not None, "the game is over"
    full, public = move_text(state, seat, action, seat), move_text(state, seat, action, None)
    if automatic:
        full = SINGLE_NOTE + full
    said: tuple[str | None, ...] = ()
    if kinds[seat] != "human":
        personality = getattr(match.agents[seat], "personality", None)
        said = bot_talk(state, action, isinstance(personality, Personality) and personality.bold)
    round_ = state.round
    match.play(action)
    return Entry(match.steps, seat, names[seat], full, public, tuple(match.take_events()),
                 said, round_)


class Table:
    """A game at the web table: the match (state, record, bots), its feed, its lock."""

    def __init__(self, table_id: str, game: Game, match: Match, entries: list[Entry],
                 single: dict[int, bool] | None = None,
                 names: dict[int, str] | None = None) -> None:
        self.id = table_id
        self.game = game
        self.match = match
        self.entries = entries
        #: who plays each seat, as a page shows it ("human", "Hard bot")
        self.names = [seat_name(game, kind) for kind in match.seats]
        #: per seat: whether a decision with one choice is played for it (a human's
        #: setting, "Play single choices for me"; on unless stored otherwise)
        self.single = [(single or {}).get(seat, True) for seat in range(len(match.seats))]
        #: per seat: the name its player gave, ``None`` until he gives one
        self.given: list[str | None] = [(names or {}).get(seat)
                                        for seat in range(len(match.seats))]
        #: the chat, oldest first: ``{"n": number from 1, "seat": 1-based or None for a
        #: spectator, "text": ..., "at": seconds since the epoch}``
        self.chat: list[dict[str, Any]] = []
        #: whether spectators may chat (chosen when the table is created)
        self.spectator_chat = False
        #: the id of the table made by "Play again", once there is one
        self.rematch: str | None = None
        #: counts every change a page shows (moves, names, chat, rematch, undo)
        self.version = 0
        self.takebacks: list[Takeback] = []
        self._undoers: set[int] = set()  # seats that have played since the table opened
        self._refusals: dict[int, str] = {}  # why each one's last decision cannot come back
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._views: dict[int | None, dict[str, Any]] = {}

    @classmethod
    def load(cls, table_id: str, game: Game, record: Record, automatic: Collection[int] = (),
             single: dict[int, bool] | None = None,
             names: dict[int, str] | None = None) -> Table:
        """The table a stored record describes, every move replayed (``automatic``: the
        moves played for their seat by its settings; ``single``: the seats' stored
        settings; ``names``: the seats' names)."""
        match, entries = narrate(game, record, live=True, automatic=automatic)
        return cls(table_id, game, match, entries, single, names)

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

    def decision(self) -> str | None:
        """The fingerprint of the decision awaited (:func:`~tabletop.web.views.decision_key`),
        which a move must name: read from the seat's view, which the page that sends the
        move was given (cached per move, so the options are not described again)."""
        seat = self.match.state.to_act
        return None if seat is None else self.view(seat)["decision"]

    def view(self, viewer: int | None) -> dict[str, Any]:
        """``viewer``'s view of the state (:func:`~tabletop.web.views.seat_view`), cached
        until the next move."""
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = named_view(seat_view(self.match.state, viewer),
                                                    self.given)
        return view

    def seat_names(self) -> list[str]:
        """What each seat is called on the page ("Player 1" until its player gives a
        name)."""
        return [name or seat_label(seat) for seat, name in enumerate(self.given)]

    def name(self, seat: int, name: str) -> None:
        """Call ``seat`` ``name`` (checked by the caller) from now on, on every page."""
        self.given[seat] = name
        self._views.clear()
        self.touch()

    def say(self, seat: int | None, text: str, at: float) -> dict[str, Any]:
        """Add a chat message (checked by the caller) from ``seat`` (``None``: a
        spectator); returns it."""
        message = {"n": len(self.chat) + 1, "seat": None if seat is None else seat + 1,
                   "text": text, "at": at}
        self.chat.append(message)
        self.touch()
        return message

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now (:meth:`undo`)."""
        return (bool(self.takebacks) and self.takebacks[-1].seat == seat
                and not all(t.automatic for t in self.takebacks))

    def undo_refusal(self, seat: int) -> str:
        """Why ``seat`` cannot take back anything now, in words (after "Nothing taken
        back: "), as :meth:`tabletop.match.Match.undo_refusal` says it."""
        return self._refusals.get(seat, NOTHING)

    def undo(self) -> int:
        """Take back the last decision of the seat that may (:meth:`can_undo` holds), with
        the decisions played for it after it; returns the number of moves the table is at
        now. The caller holds :attr:`lock` and removes the moves from the store first."""
        while True:
            takeback = self.takebacks.pop()
            if not takeback.automatic:
                break
        self.match = takeback.before
        del self.entries[takeback.entries:]
        self._views.clear()
        self.touch()
        return self.steps

    def undo_steps(self) -> int:
        """The move number :meth:`undo` would bring the table back to."""
        for takeback in reversed(self.takebacks):
            if not takeback.automatic:
                return takeback.before.steps
        raise ValueError("there is nothing to take back")

    def single_choice(self) -> Any | None:
        """The action to play now for the human seat to act, without asking: its decision's
        only legal action, when it has the setting on, that action does not give the game up
        and the table can see it is his only one (:func:`~tabletop.hidden.only_choice_is_public`:
        an instant answer must not tell the others what he holds); ``None`` otherwise."""
        state = self.match.state
        seat = state.to_act
        if seat is None or self.match.seats[seat] != "human" or not self.single[seat]:
            return None
        legal = state.legal_actions()
        if len(legal) != 1 or is_concession(legal[0]) or not only_choice_is_public(state):
            return None
        return legal[0]

    def payload(self, viewer: int | None, since: int = 0) -> dict[str, Any]:
        """What ``viewer`` receives: the table's facts (``seats``: who plays each, as
        :func:`~tabletop.web.views.seat_name` says, never an agent spec), its view of the state
        (:func:`~tabletop.web.views.seat_view`, cached per move) and the feed entries from
        step ``since`` on, with the seats' names in place of "Player N"; ``names`` (what each
        seat is called), ``version`` (:attr:`version`), the newest chat messages and whether
        spectators may chat: the same for every viewer, none of it hidden."""
        view = self.view(viewer)
        return {"table": self.id, "game": self.game.name, "title": self.game.title,
                "players": self.match.state.players,
                "seats": list(self.names), "names": self.seat_names(),
                "move": self.steps, "version": self.version, **view,
                "feed": named_feed(feed_json(self.entries[max(0, since):], viewer),
                                   self.given),
                "chat": self.chat[-CHAT_SHOWN:], "spectator_chat": self.spectator_chat}

    async def commit(self, action: Any, store: Commit, automatic: bool = False,
                     show: bool = True) -> None:
        """Play a legal ``action`` for the seat to act: on a copy, then stored by ``store``,
        then shown (``automatic``: played for the seat by its settings; ``show`` false: the
        pages are not woken, the caller will :meth:`touch` once its moves are all played,
        so that nobody is shown a decision already answered for its seat). The caller holds
        :attr:`lock` and has checked legality; if storing fails, the table is unchanged."""
        match = self.match
        trial = Match(self.game, match.state.players, match.seed, seats=match.seats,
                      state=match.state.clone(),
                      record=attrs.evolve(match.record, actions=list(match.record.actions)))
        seat = match.state.to_act
        entry = _play(trial, action, trial.seats, self.names, automatic)
        takeback = self._takeback(seat, action, trial, automatic)

        async def store_then_show() -> None:
            await store(self.id, trial.steps, encode_action(action), automatic)
            self._keep(seat, takeback)
            self.match = trial
            self.entries.append(entry)
            self._views.clear()
            if show:
                self.touch()

        # Shielded: a request cancelled while the move is being stored must not leave a
        # stored move unshown (the next move would then take its number).
        await asyncio.shield(store_then_show())

    def _takeback(self, seat: int | None, action: Any, after: Match, automatic: bool
                  ) -> Takeback | str | None:
        """What playing ``action`` for ``seat`` (the table's match -> ``after``) leaves to
        take back: a :class:`Takeback`, why not (it revealed something), or ``None`` (a
        bot's move, or the last move of the game)."""
        if seat is None or self.match.seats[seat] != "human" or after.state.is_over:
            return None
        revealed = what_it_revealed(self.match.state, action, after.state, seat)
        if revealed is not None:
            return revealed
        return Takeback(self.match, len(self.entries), seat, automatic)

    def _keep(self, seat: int | None, takeback: Takeback | str | None) -> None:
        """Keep the chain of moves that may be taken back after a move by ``seat``
        (:meth:`_takeback`): any move by another seat ends the chance of the others."""
        for other in self._undoers - {seat}:
            self._refusals[other] = OTHERS
        if not isinstance(takeback, Takeback):
            self.takebacks.clear()
            if seat is not None and isinstance(takeback, str):
                self._undoers.add(seat)
                self._refusals[seat] = takeback
            return
        self._undoers.add(takeback.seat)
        if self.takebacks and self.takebacks[-1].seat != takeback.seat:
            self.takebacks.clear()
        self.takebacks.append(takeback)

    def touch(self) -> None:
        """Count a change every page shows and wake the pages' streams."""
        self.version += 1
        self.wake()

    def wake(self) -> None:
        """Wake everyone waiting in :meth:`changed`."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, seen: int, timeout: float) -> bool:
        """Wait until the table's :attr:`version` is past ``seen``, at most ``timeout``
        seconds (or until :meth:`wake`); whether it is."""
        event = self._changed
        if self.version != seen:
            return True
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass
        return self.version != seen
