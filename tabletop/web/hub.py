"""Every table of a running server: creating them, opening them by link, moving them on.

The hub holds the tables (rebuilt from the store at start), the links (by token hash) and one
bot task per table whose bot is to act. Every refusal is a :class:`Refused` with the HTTP
status and one line a person reads; nothing here knows HTTP beyond that number.

Bots: a seat's budget comes from the server (``limits.max_bot_ms``: a larger one is refused,
:func:`~tabletop.agents.kinds.capped_kind`), and bots think in the pool of worker processes
(:class:`~tabletop.web.workers.Workers`, or a Dask cluster), never in the server's threads,
under a time limit per move (:func:`bot_seconds`); a bot past it, or one that fails, has a
random legal move played for it, so a table never sticks. Replays are made in the same pool
(:meth:`Hub.replay_summary`, :meth:`Hub.replay_frame`). A write the store cannot carry out
now (``StoreUnavailable``: a full disk) refuses the request with 503 and changes nothing; a
bot's move is tried again until it is stored.

Trust: a token opens one table in one role (a seat, the hot seat of one device, a spectator);
:meth:`Hub.viewer` turns a token and the seat a page asks for into the viewer whose payload it
may receive, or refuses. :meth:`Hub.act` accepts a move only from the seat to act, only for
the move number the table is at and the decision it is asked (its fingerprint), only if
legal, one at a time per table (its lock). A human seat's decision with one choice is played
for it when the seat lets the table do so (:meth:`Hub.set_single`); its own feed line says
so, the others read the move as any other.

Playing together: a seat names itself (:meth:`Hub.name`, :func:`checked_name`), seats (and
spectators, where the table allows it) chat (:meth:`Hub.chat`, length- and rate-limited),
a seat takes back its last move while the rules allow it (:meth:`Hub.undo`), and at the end
"Play again" makes the table's rematch (:meth:`Hub.rematch`): the same seats, names and
options, a new seed. Each link of the old table opens the same place at the new one through
a token derived from its own (:func:`rematch_token`), which only that link's holder can
compute: the store keeps no working link, and no page is ever sent another's link.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import json
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from tabletop import registry
from tabletop.agents import RandomAgent
from tabletop.agents.kinds import LEVELS, capped_kind, level_kind, parse_kind
from tabletop.amounts import AmountQuestion, amount_questions, written
from tabletop.engine import Game, State, seat_label
from tabletop.errors import InvalidOptions, TabletopError
from tabletop.match import Match
from tabletop.record import Record
from tabletop.serialization import decode_action
from tabletop.simulation.batch import game_source
from tabletop.web import thinking
from tabletop.web.limits import Limits
from tabletop.web.refusals import Refused
from tabletop.web.store import Link, Store, StoreUnavailable, token_hash
from tabletop.web.tables import Table
from tabletop.web.views import SEAT_LABEL
from tabletop.web.workers import Workers, WorkFailed, WorkTimedOut

log = logging.getLogger("tabletop.web")

#: the largest seed a table may be created with
MAX_SEED = 2**53
#: the longest name a seat may take
MAX_NAME = 24
#: the longest chat message
MAX_CHAT = 200
#: at most CHAT_BURST messages per CHAT_WINDOW seconds from one seat (or the spectators)
CHAT_BURST = 5
CHAT_WINDOW = 10.0
#: seconds a bot's move may take beyond twice the host's budget (``max_bot_ms``): the time
#: to rebuild the match in a worker and hand the move back; past it the worker is stopped
#: and a random move played for the bot
BOT_GRACE = 5.0
#: after a bot's move could not be stored (or its worker died), it is tried again after 1, 2,
#: 4 ... seconds, at most this many
RETRY_MAX = 30.0
#: failed thoughts in a row (a worker that died each time) before a random move is played
THINK_TRIES = 3


def bot_seconds(limits: Limits) -> float:
    """The time limit of one bot's move on a server with ``limits``."""
    return limits.max_bot_ms / 1000 * 2 + BOT_GRACE


def unstored(error: StoreUnavailable) -> Refused:
    """What a request is told when the store could not keep what it asked (nothing was
    changed)."""
    return Refused(503, f"the server could not store that ({error.message}): nothing "
                        "changed; try again in a minute")


@attrs.frozen
class AmountAnswer:
    """A move given as an amount: the ``value`` typed for the amount decision ``question``
    (``State.amount``), which stands for exactly one legal action."""

    question: str
    value: int


#: the largest amount a refusal writes out in full (a forged request may send any number)
SHOWN_AMOUNT = 10**15


def amount_index(state: State, legal: Sequence[Any], answer: AmountAnswer) -> int:
    """The legal index of the action ``answer`` stands for; Refused 400, saying what may be
    chosen, when the question is not being asked or the value is not one of its amounts."""
    questions, _ = amount_questions(legal, state.amount)
    found: AmountQuestion | None = next(
        (q for q in questions if q.question == answer.question), None)
    if found is None:
        asked = "; ".join(q.prompt() for q in questions)
        raise Refused(400, f"{answer.question[:60]!r} is not asked now: "
                           + (f"the amount asked is {asked}" if asked else
                              "no amount is asked now, choose an action"))
    index = found.choices.get(answer.value)
    if index is None:
        value = (written(answer.value, found.unit, found.prefix)
                 if abs(answer.value) < SHOWN_AMOUNT else "that amount")
        raise Refused(400, f"{value} is not an amount you can choose now: "
                           f"{found.range_text()} (nothing was played)")
    return index


def checked_name(name: object, taken: Sequence[str | None]) -> str:
    """``name`` trimmed, if a seat may take it: 1 to :data:`MAX_NAME` printable characters,
    no control or format characters, not a seat label ("Player 3"), and no other seat's
    (``taken``, compared without case); Refused 400 saying why otherwise."""
    if not isinstance(name, str):
        raise Refused(400, "the request must give a 'name' (text)")
    name = " ".join(name.split()) if name.isprintable() else name.strip()
    if not name:
        raise Refused(400, "a name needs at least one letter or sign")
    if len(name) > MAX_NAME:
        raise Refused(400, f"a name has at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused(400, "a name may not hold control characters")
    if SEAT_LABEL.search(name):
        raise Refused(400, "a name may not look like a seat's label (Player 1, Player 2...)")
    if name.casefold() in {other.casefold() for other in taken if other is not None}:
        raise Refused(400, f"{name} is already taken at this table: choose another name")
    return name


def checked_chat(text: object) -> str:
    """A chat message trimmed, if it may be said: 1 to :data:`MAX_CHAT` characters, no
    control characters; Refused 400 saying why otherwise."""
    if not isinstance(text, str):
        raise Refused(400, "the request must give the message as 'text'")
    text = text.strip()
    if not text:
        raise Refused(400, "the message is empty")
    if len(text) > MAX_CHAT:
        raise Refused(400, f"a message has at most {MAX_CHAT} characters, not {len(text)}")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in text):
        raise Refused(400, "a message may not hold control characters")
    return text


def rematch_token(token: str, table_id: str) -> str:
    """The token that opens, at the rematch table ``table_id``, what ``token`` opened at
    the old table: derived from the old token, so only its holder can compute it."""
    digest = hashlib.sha256(b"tabletop rematch\0" + table_id.encode() + b"\0"
                            + token.encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


class Hub:
    """The server's tables, links and bots, over one :class:`~tabletop.web.store.Store`."""

    def __init__(self, data: str | Path, bot_delay: float = 0.8,
                 limits: Limits | None = None) -> None:
        self.data = Path(data)
        self.bot_delay = bot_delay
        self.limits = Limits() if limits is None else limits
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}  # table id -> why it could not be rebuilt
        self._links: dict[str, Link] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        # tables whose decisions of one choice could not be stored: their task plays them
        self._unsettled: set[str] = set()
        self._store: Store | None = None
        #: where searching bots think and replays are made (started on the first job)
        self.workers = Workers(self.limits.bot_workers, self.limits.scheduler)
        #: where the bots that do not search (the games' own, random) think: a lane of their
        #: own, so that a table's quick bot never waits behind other tables' searches
        self.quick = Workers(1, self.limits.scheduler)
        # when each seat (None: the spectators) of each table last chatted, newest last
        self._said: dict[tuple[str, int | None], deque[float]] = {}
        self.closing = False  # the server is shutting down: event streams end

    def close_streams(self) -> None:
        """Tell every open event stream to end (the server is shutting down)."""
        self.closing = True
        for table in self.tables.values():
            table.wake()

    # -- life -------------------------------------------------------------------------
    async def start(self) -> None:
        """Open the store, rebuild every table by replaying its moves, restart its bots."""
        self._store = Store(self.data)
        self.workers.warm()
        self._links = self._store.links()
        automatic, settings = self._store.automatic(), self._store.settings()
        names, chats, facts = self._store.names(), self._store.chats(), self._store.facts()
        for table_id, record in self._store.records():
            if isinstance(record, str):
                self.broken[table_id] = record
                log.warning("table %s cannot be rebuilt: %s", table_id, record)
                continue
            try:
                table = self.tables[table_id] = Table.load(
                    table_id, registry.get(record.game), record,
                    automatic.get(table_id, set()), settings.get(table_id),
                    names.get(table_id))
            except TabletopError as exc:
                self.broken[table_id] = str(exc)
                log.warning("table %s cannot be rebuilt: %s", table_id, exc)
                continue
            for number, seat, text, at in chats.get(table_id, []):
                table.chat.append({"n": number, "seat": None if seat is None else seat + 1,
                                   "text": text, "at": at})
            table.spectator_chat = bool(facts.get(table_id, {}).get("spectator_chat"))
            table.rematch = facts.get(table_id, {}).get("rematch")
        for table in self.tables.values():
            async with table.lock:  # a single choice left unplayed when the server stopped
                await self._settle(table)
            self._wake_bots(table)

    async def stop(self) -> None:
        """Stop the bots and their workers and close the store (every move is committed
        already)."""
        for task in list(self._bots.values()):
            task.cancel()
        await asyncio.gather(*self._bots.values(), return_exceptions=True)
        await self.workers.close()
        await self.quick.close()
        if self._store is not None:
            self._store.close()

    @property
    def store(self) -> Store:
        """The open store."""
        if self._store is None:
            raise RuntimeError("the hub is not started")
        return self._store

    # -- creating ---------------------------------------------------------------------
    async def create(self, game_name: str, players: int, options: dict[str, Any],
                     seats: list[str], seed: int | None = None,
                     single: bool | dict[int, bool] = True,
                     names: Sequence[object] = (), spectator_chat: bool = False
                     ) -> tuple[str, dict[str, Any]]:
        """A new table; returns its id and its links' tokens: ``{"seats": {seat number:
        token}, "hotseat": token or None, "spectator": token}``. ``single``: whether the
        human seats start with "play single choices for me" on (or per seat); ``names``:
        what each seat is called (``None`` or "" for none yet: checked as
        :func:`checked_name`); ``spectator_chat``: whether spectators may chat. Bad input
        raises TabletopError (unknown game, bad options, player count, seat kinds) or
        Refused (a name)."""
        game = registry.get(game_name)
        game.check_players(players)
        opts = game.make_options(options)
        if len(seats) != players:
            raise InvalidOptions(f"{players} players need {players} seat kinds, "
                                 f"not {len(seats)}")
        seats = [_seat_kind(game, seat, kind, self.limits.max_bot_ms)
                 for seat, kind in enumerate(seats)]
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        if not 0 <= seed <= MAX_SEED:
            raise InvalidOptions(f"the seed must be a whole number from 0 to {MAX_SEED}")
        given: dict[int, str] = {}
        for seat, name in enumerate(list(names)[:players]):
            if name is not None and name != "":
                given[seat] = checked_name(name, list(given.values()))
        table_id = secrets.token_urlsafe(6)
        match = Match(game, players, seed, opts, seats)
        tokens: dict[str, Any] = {"seats": {}, "hotseat": None,
                                  "spectator": secrets.token_urlsafe(24)}
        links = {tokens["spectator"]: Link(table_id, "spectator")}
        for seat, kind in enumerate(seats):
            if kind == "human":
                token = secrets.token_urlsafe(24)
                tokens["seats"][seat + 1] = token
                links[token] = Link(table_id, "seat", seat)
        if tokens["seats"]:
            tokens["hotseat"] = secrets.token_urlsafe(24)
            links[tokens["hotseat"]] = Link(table_id, "hotseat")
        settings = {seat: single if isinstance(single, bool) else single.get(seat, True)
                    for seat, kind in enumerate(seats) if kind == "human"}
        facts = {"spectator_chat": True} if spectator_chat else {}
        await self._write(self.store.create_table, table_id, match.record, links, settings,
                          given, facts)
        table = Table.load(table_id, game, match.record, single=settings, names=given)
        table.spectator_chat = spectator_chat
        self.tables[table_id] = table
        self._links.update({token_hash(t): link for t, link in links.items()})
        async with table.lock:
            await self._settle(table)
        self._wake_bots(table)
        return table_id, tokens

    # -- opening ----------------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        """The table ``table_id``; Refused 404 if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.broken:
                raise Refused(503, f"table {table_id} cannot be opened: "
                                   f"{self.broken[table_id]}")
            raise Refused(404, f"there is no table {table_id[:20]!r} on this server")
        return table

    def link(self, table: Table, token: str | None) -> Link:
        """What ``token`` opens at ``table``; Refused 403 for no token, a forged one, or one
        of another table."""
        link = self._links.get(token_hash(token)) if token else None
        if link is None or link.table_id != table.id:
            raise Refused(403, "this link does not open this table (ask its host for yours)")
        return link

    def viewer(self, table: Table, token: str | None, seat: int | None) -> int | None:
        """The viewer a request with ``token`` asking for ``seat`` (0-based; ``None``: the
        link's own view) may see as: its own seat, any human seat for the hot seat, a
        spectator. Anything else is Refused 403."""
        link = self.link(table, token)
        if link.role == "seat":
            if seat is not None and seat != link.seat:
                raise Refused(403, f"this link is {seat_label(link.seat)}'s, not "
                                   f"{seat_label(seat)}'s")
            return link.seat
        if seat is None:
            return None
        if link.role == "hotseat" and seat in table.humans:
            return seat
        raise Refused(403, f"this link cannot show {seat_label(seat)}'s hand")

    # -- moving -----------------------------------------------------------------------
    async def act(self, table: Table, viewer: int | None, move: int, decision: str,
                  choice: int | AmountAnswer) -> None:
        """Play for ``viewer`` legal action number ``choice`` (in ``legal_actions()``), or
        the action an :class:`AmountAnswer` stands for, answering move number ``move`` (the
        moves played when the page was drawn) and the decision whose fingerprint is
        ``decision`` (the view's ``decision``). Refused (409) when it is not that seat's
        turn, the move or the decision is stale or the game is over; (400) when there is no
        such action or amount. Committed before it returns, with the decisions of one
        choice it leads to (:meth:`_play_single_choices`); a refusal changes nothing."""
        if viewer is None:
            raise Refused(403, "a spectator cannot play")
        async with table.lock:
            state = table.match.state
            if state.is_over:
                raise Refused(409, "the game is over")
            if move != table.steps:
                raise Refused(409, f"that answers move {move}, but the table is at move "
                                   f"{table.steps}: your page was out of date, nothing was played")
            if state.to_act != viewer:
                raise Refused(409, f"it is {seat_label(state.to_act)}'s turn, not "
                                   f"{seat_label(viewer)}'s")
            if decision != table.decision():
                raise Refused(409, "that answers a decision that is no longer the one asked: "
                                   "your page was out of date, nothing was played")
            legal = state.legal_actions()
            if isinstance(choice, AmountAnswer):
                index = amount_index(state, legal, choice)
            else:
                index = choice
            if not 0 <= index < len(legal):
                raise Refused(400, f"there is no action {index} (there are {len(legal)})")
            try:
                await table.commit(legal[index], self._store_move, show=False)
            except StoreUnavailable as error:
                raise unstored(error) from None  # the table is as it was
            # the pages see the table once its single choices are played
            await self._settle(table, moved=True)
        self._wake_bots(table)

    async def set_single(self, table: Table, viewer: int | None, single: bool) -> None:
        """Switch "play single choices for me" for ``viewer``'s seat (stored with the
        table); switched on while that seat has a decision of one choice, it is played."""
        if viewer is None:
            raise Refused(403, "a spectator has no seat to set")
        async with table.lock:
            await self._write(self.store.set_single, table.id, viewer, single)
            table.single[viewer] = single
            await self._settle(table)
        self._wake_bots(table)

    async def _play_single_choices(self, table: Table) -> bool:
        """Play every decision of one choice a human seat lets the table play for it
        (:meth:`Table.single_choice`), until someone has a real choice; whether any was.
        The pages are not woken: the caller holds the table's lock and calls
        :meth:`Table.touch` once the moves it plays are all played."""
        played = False
        while (action := table.single_choice()) is not None:
            await table.commit(action, self._store_move, automatic=True, show=False)
            played = True
        return played

    async def _settle(self, table: Table, moved: bool = False) -> None:
        """:meth:`_play_single_choices`, then the pages are woken if anything moved
        (``moved``: the caller played a move already). Where the store cannot keep them now,
        the table's task (:meth:`_run_bots`) plays them later: what the caller did stands.
        The caller holds the table's lock."""
        try:
            moved = await self._play_single_choices(table) or moved
            self._unsettled.discard(table.id)
        except StoreUnavailable as error:
            moved = True  # some may have been played before the failure
            self._unsettled.add(table.id)
            log.warning("table %s: a decision of one choice could not be stored (%s); "
                        "it is tried again later", table.id, error.message)
        finally:
            if moved:
                table.touch()

    async def _write(self, write: Callable[..., None], *args: Any) -> None:
        """``write(*args)``, a write of the store, in a worker thread; Refused 503 (nothing
        kept, :func:`unstored`) when the store cannot carry it out now."""
        try:
            await asyncio.to_thread(write, *args)
        except StoreUnavailable as error:
            raise unstored(error) from None

    async def _store_move(self, table_id: str, step: int, action: dict[str, Any],
                          automatic: bool) -> None:
        await asyncio.to_thread(self.store.add_move, table_id, step, action, automatic)

    def _wake_bots(self, table: Table) -> None:
        """Start the table's bot task if a bot is to act (or a decision of one choice
        waits for the store) and none runs."""
        if ((table.bot_to_act() or table.id in self._unsettled)
                and table.id not in self._bots):
            self._bots[table.id] = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        """Play the bots' decisions, each after :attr:`bot_delay` seconds (so people see
        them happen), until a human is to act or the game ends. The bots think in the
        :attr:`workers` (:meth:`_choose`). A move the store cannot keep now (or a worker that
        died) is tried again after 1, 2, 4 ... up to :data:`RETRY_MAX` seconds, one log line
        each time, until it is kept: the table never waits for a restart."""
        failures = deaths = 0
        chosen: tuple[Match, Any] | None = None  # a bot's move not stored yet
        try:
            while True:
                try:
                    if table.id in self._unsettled:
                        async with table.lock:
                            try:
                                await self._play_single_choices(table)
                            finally:
                                table.touch()
                            self._unsettled.discard(table.id)
                    if not table.bot_to_act():
                        break
                    if chosen is None or chosen[0] is not table.match:
                        await asyncio.sleep(self.bot_delay)
                        match = table.match
                        chosen = (match, await self._choose(table, deaths >= THINK_TRIES))
                    await self._commit_bot(table, *chosen)
                    chosen = None
                    failures = deaths = 0
                except (StoreUnavailable, WorkFailed) as error:
                    wait = min(RETRY_MAX, 2.0 ** failures)
                    failures += 1
                    if isinstance(error, WorkFailed):
                        deaths += 1
                    what = (f"the move could not be stored ({error.message})"
                            if isinstance(error, StoreUnavailable)
                            else f"the bot's worker failed ({error})")
                    log.warning("table %s: %s; tried again in %g s", table.id, what, wait)
                    await asyncio.sleep(wait)
        except Exception:
            log.exception("the bot of table %s failed; the table waits", table.id)
        finally:
            self._bots.pop(table.id, None)

    async def _commit_bot(self, table: Table, match: Match, action: Any) -> None:
        """Store and show the bot's ``action`` chosen at ``match``, with the decisions of one
        choice it leads to, unless the table has moved on meanwhile (a move taken back):
        then the bot thinks again. StoreUnavailable leaves it to be tried again."""
        async with table.lock:
            if table.match is not match:
                return
            await table.commit(action, self._store_move, show=False)
            await self._settle(table, moved=True)

    async def _choose(self, table: Table, give_up: bool = False) -> Any:
        """The move of the bot to act at ``table``, thought in a worker within
        :func:`bot_seconds`; a random legal move (from the seat's own generator for this
        step, so the same whatever happened) when the bot runs out of time, fails, or its
        worker died :data:`THINK_TRIES` times in a row (``give_up``). WorkFailed when its
        worker died (the caller tries again)."""
        match = table.match
        seat = match.state.to_act
        assert seat is not None, "no bot is to act"
        legal = match.state.legal_actions()
        source, root = _source(table.game)
        lane = self.workers if _searches(table.game, match.seats[seat]) else self.quick
        try:
            reply = json.loads(await lane.call(
                thinking.bot_move, table.game.name, source, root, table.id,
                match.record.to_json(), self.limits.max_bot_ms,
                timeout=bot_seconds(self.limits), key=table.id))
            if "error" in reply:
                raise _BotFailed(f"the bot failed ({reply['error']})")
            action = decode_action(table.game, reply["action"])
            if action not in legal:
                raise _BotFailed("the bot chose a move that is not legal")
            return legal[legal.index(action)]
        except (WorkTimedOut, _BotFailed) as error:
            why = str(error)
        except WorkFailed as error:
            if not give_up:
                raise
            why = f"the bot's worker failed {THINK_TRIES} times ({error})"
        except TabletopError as error:  # a move the game cannot decode
            why = f"the bot's move cannot be read ({str(error)[:200]})"
        log.warning("table %s, %s: %s; a random move is played for it", table.id,
                    seat_label(seat), why)
        return RandomAgent().choose(None, legal, match.agent_rngs[seat].derive(match.steps))

    async def settled(self, timeout: float = 10.0) -> None:
        """Wait until no bot is thinking (tests use it with a bot delay of 0)."""
        async with asyncio.timeout(timeout):
            while self._bots:
                await asyncio.gather(*self._bots.values(), return_exceptions=True)

    # -- playing together ---------------------------------------------------------------
    async def name(self, table: Table, viewer: int | None, name: object) -> str:
        """Call ``viewer``'s seat ``name`` (:func:`checked_name`), stored; returns the name
        as kept. Refused 403 for a spectator, 400 for a name it may not take."""
        if viewer is None:
            raise Refused(403, "a spectator has no seat to name")
        async with table.lock:
            kept = checked_name(name, [n for s, n in enumerate(table.given) if s != viewer])
            await self._write(self.store.set_name, table.id, viewer, kept)
            table.name(viewer, kept)
        return kept

    async def chat(self, table: Table, link: Link, viewer: int | None, text: object,
                   now: float | None = None) -> dict[str, Any]:
        """Say ``text`` at the table as ``viewer`` (``None``: a spectator), stored; returns
        the message. Refused 403 for a spectator where the table does not allow it, 400
        for a message that may not be said (:func:`checked_chat`), 429 past
        :data:`CHAT_BURST` messages in :data:`CHAT_WINDOW` seconds."""
        if viewer is None and not (link.role == "spectator" and table.spectator_chat):
            raise Refused(403, "spectators cannot chat at this table (its host did not "
                               "allow it)" if link.role == "spectator" else
                          "choose whose turn it is before you chat (the hot seat speaks as "
                          "the player at the screen)")
        said = checked_chat(text)
        now = time.monotonic() if now is None else now
        recent = self._said.setdefault((table.id, viewer), deque())
        while recent and recent[0] <= now - CHAT_WINDOW:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            wait = max(1, int(recent[0] + CHAT_WINDOW - now + 0.999))
            raise Refused(429, f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds: "
                               f"wait {wait} s and send it again")
        async with table.lock:
            at = time.time()
            await self._write(self.store.add_chat, table.id, len(table.chat) + 1, viewer,
                              said, at)
            recent.append(now)
            return table.say(viewer, said, at)

    async def undo(self, table: Table, viewer: int | None) -> int:
        """Take back ``viewer``'s last decision (with the decisions played for it since),
        in the store first, so that a restart does not bring it back; returns the move
        number the table is at. Refused 403 for a spectator, 409 with the reason when the
        rules do not allow it (:meth:`Table.can_undo`)."""
        if viewer is None:
            raise Refused(403, "a spectator has no move to take back")
        async with table.lock:
            if not table.can_undo(viewer):
                raise Refused(409, "Nothing taken back: " + table.undo_refusal(viewer))
            steps = table.undo_steps()
            await self._write(self.store.remove_moves, table.id, steps)
            return table.undo()

    async def rematch(self, table: Table, token: str | None) -> str:
        """The table "Play again" makes of a finished ``table`` (made once, by the first
        seat to ask: the same game, players, options, seats, names and settings, a new
        seed); returns its id. Refused 403 for a spectator's link, 409 before the end."""
        link = self.link(table, token)
        if link.role == "spectator":
            raise Refused(403, "only a player can start the next game")
        if not table.match.state.is_over:
            raise Refused(409, "the game is not over yet")
        async with table.lock:
            if table.rematch is not None:
                return table.rematch
            record = table.match.record
            # its own links are never given out: each link of this table opens its place
            # there by its derived token (rematch_link)
            table_id, _ = await self.create(
                record.game, record.players, dict(record.options), list(record.seats),
                None, dict(enumerate(table.single)), [n or "" for n in table.given],
                table.spectator_chat)
            # when this fails, the new table stays unreachable (nobody holds its links); a
            # new request makes another
            await self._write(self.store.set_fact, table.id, "rematch", table_id)
            table.rematch = table_id
            table.touch()
        return table_id

    async def rematch_link(self, table: Table, token: str | None) -> str | None:
        """The path of the rematch of ``table`` for the link ``token`` (``/table/ID#NEW``:
        the same place there, a seat, the hot seat or a spectator), or ``None`` when there
        is none yet. The new token is derived from ``token`` (:func:`rematch_token`) and
        stored (its hash) the first time the link asks: so only the holder of a link ever
        learns its new one."""
        if table.rematch is None or not token:
            return None
        link = self.link(table, token)
        new = rematch_token(token, table.rematch)
        if token_hash(new) not in self._links:
            opened = Link(table.rematch, link.role, link.seat)
            await self._write(self.store.add_link, new, opened)
            self._links[token_hash(new)] = opened
        return f"/table/{table.rematch}#{new}"

    def record(self, table: Table, token: str | None) -> Record:
        """The record of a finished table for any of its links; Refused 409 before the end
        (the record holds the seed, so it would show every hidden card)."""
        self.link(table, token)
        if not table.match.state.is_over:
            raise Refused(409, "the record is given once the game is over: it shows every "
                               "hidden card")
        record = table.match.record
        if any(name is not None for name in table.given):  # the names the seats were given
            return attrs.evolve(record, names=table.seat_names())
        return record

    # -- replays ----------------------------------------------------------------------
    async def replay_summary(self, raw: dict[str, Any]) -> dict[str, Any]:
        """:func:`tabletop.web.replays.summary` of the record a replay request carries
        (``raw``: the request's JSON object, ``{"record": {...}}``), made in a worker within
        ``limits.replay_seconds`` (:meth:`_replay`)."""
        text, source, root = self._replay_record(raw)
        return await self._replay(thinking.replay_summary, source, root, text)

    async def replay_frame(self, raw: dict[str, Any], step: int,
                           seat: int | None) -> dict[str, Any]:
        """:func:`tabletop.web.replays.frame` of the record a replay request carries
        (``raw`` as for :meth:`replay_summary`) after ``step`` moves, as ``seat`` (0-based;
        ``None``: a spectator) saw it, made in a worker (:meth:`_replay`)."""
        text, source, root = self._replay_record(raw)
        return await self._replay(thinking.replay_frame, source, root, text, step, seat)

    def _replay_record(self, raw: dict[str, Any]) -> tuple[str, str | None, str | None]:
        """The record of a replay request as JSON text, and where a worker finds its game;
        Refused 400 when there is none, 413 (before any work) when it holds more moves
        than ``limits.replay_moves``."""
        record = raw.get("record")
        if not isinstance(record, dict):
            raise Refused(400, "the request must carry a 'record' (a Tabletop record object)")
        actions = record.get("actions")
        most = self.limits.replay_moves
        if isinstance(actions, list) and len(actions) > most:
            raise Refused(413, f"this server replays records of at most {most:,} moves; this "
                               f"one has {len(actions):,}")
        source = root = None
        name = record.get("game")
        if isinstance(name, str):
            try:
                source, root = _source(registry.get(name))
            except TabletopError:
                pass  # the worker says so, as the replay always has
        return json.dumps(record), source, root

    async def _replay(self, function: Any, *args: Any) -> dict[str, Any]:
        """``function(*args)`` of :mod:`~tabletop.web.thinking` in a worker: its result, or
        the Refused the replay gives (400 for a record that is not one, as before), 503 when
        it takes longer than ``limits.replay_seconds``."""
        seconds = self.limits.replay_seconds
        try:
            reply = json.loads(await self.workers.call(function, *args, timeout=seconds))
        except WorkTimedOut:
            raise Refused(503, f"the replay took too long (more than {seconds:g} s): the "
                               "server stopped it") from None
        except WorkFailed as error:
            log.warning("a replay failed: %s", error)
            raise Refused(500, "the server failed on this replay (its log says why)") from None
        if "refused" in reply:
            status, message = reply["refused"]
            raise Refused(int(status), str(message))
        result: dict[str, Any] = reply["result"]
        return result


class _BotFailed(Exception):
    """A bot's move that cannot be played (it raised, or chose an illegal move)."""


def _searches(game: Game, kind: str) -> bool:
    """Whether the agent kind ``kind`` searches (its moves take up to the server's budget)."""
    try:
        return parse_kind(game, kind).kind == "ismcts"
    except InvalidOptions:
        return True  # the worker says what is wrong with it, in the slow lane


@functools.cache
def _source(game: Game) -> tuple[str | None, str | None]:
    """Where a worker finds ``game`` when its registry lacks it (a game a test registered
    here): :func:`~tabletop.simulation.batch.game_source`."""
    return game_source(game)


def _seat_kind(game: Game, seat: int, kind: object, max_ms: int) -> str:
    """Who plays ``seat``, checked: ``human``, a level (``easy``, ``normal``, ``hard``: the
    agent kind it stands for) or an agent kind with its settings (``ismcts:200``), held to
    the server's ``max_ms`` a move (:func:`~tabletop.agents.kinds.capped_kind`: a larger
    budget is refused, a search on iterations gets the time budget too)."""
    if not isinstance(kind, str) or not kind.strip():
        raise InvalidOptions(f"{seat_label(seat)}: a seat is 'human', a level "
                             f"({', '.join(LEVELS)}) or an agent kind")
    if kind == "human":
        return kind
    if kind.strip().lower() in LEVELS:
        return capped_kind(game, level_kind(game, kind), max_ms, clamp=True)
    try:
        parse_kind(game, kind)
        return capped_kind(game, kind.strip(), max_ms)
    except InvalidOptions as error:
        raise InvalidOptions(f"{seat_label(seat)}: {error}") from None
