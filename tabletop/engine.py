"""The engine contract every game keeps.

A game module provides a :class:`Game` (name, title, player range, options, how to start) and
a :class:`State` subclass holding one position of that game. Everything else in Tabletop —
the CLI, the agents, the record, the conformance suite — knows games only through this
contract.

The flow: ``state.to_act`` is the seat that must decide now; ``state.legal_actions()`` lists
its choices (never empty before the end); ``state.apply(action)`` plays one, refusing an
illegal one with :class:`~tabletop.errors.IllegalAction` and leaving the state exactly as it
was. Simultaneous choices are taken one seat after another as sealed commitments (see
:class:`~tabletop.components.SealedChoice`); chance is resolved inside ``apply`` from the
state's own :class:`~tabletop.rng.Rng`.

A bot is given a seat's copy (``determinize``, ``position``), never the state itself. Whatever
a game's own resampling does, the kernel takes out of every such copy what the seat may not
read there (:func:`conceal`): the other seats' private events, and the legal actions cached
from the real position.
"""

from __future__ import annotations

import abc
import functools
import inspect
import operator
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from itertools import repeat
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from tabletop.amounts import Amount
from tabletop.cloning import copier
from tabletop.components.log import EventLog
from tabletop.errors import IllegalAction, InvalidOptions
from tabletop.options import NoOptions, make_options
from tabletop.rng import Rng

if TYPE_CHECKING:
    from tabletop.agents import Agent


#: the most lines a player's guide (:meth:`Game.guide`) may take: one 80x40 terminal screen
#: with room for the prompt
GUIDE_LINES = 36


def seat_label(seat: int | None) -> str:
    """How text shows a seat to people: seats are numbered from 0 in code and from 1 on
    screen ("Player 1"), the same numbers the CLI's ``--seat`` option takes."""
    return "Spectator" if seat is None else f"Player {seat + 1}"


@attrs.frozen
class Result:
    """How a finished game ended.

    ``scores`` has one number per seat; ``ranking`` lists the seats best first; ``winners``
    holds every seat that shares the victory (empty for a draw); ``reason`` says in words why
    the game ended ("the deck ran out", "Ana controls all 12 territories").
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    reason: str

    def problems(self, players: int) -> list[str]:
        """What is wrong with this result for a game of ``players`` seats (empty: well formed)."""
        out = []
        if len(self.scores) != players:
            out.append(f"{len(self.scores)} scores for {players} seats")
        if sorted(self.ranking) != list(range(players)):
            out.append(f"ranking {self.ranking} is not a permutation of the seats")
        if len(set(self.winners)) != len(self.winners) or any(
            not 0 <= w < players for w in self.winners
        ):
            out.append(f"winners {self.winners} are not distinct seats")
        elif self.winners and set(self.ranking[: len(self.winners)]) != set(self.winners):
            out.append(f"winners {self.winners} do not head the ranking {self.ranking}")
        if not self.reason:
            out.append("no reason given for the end")
        return out

    @classmethod
    def by_scores(
        cls, scores: Sequence[float], reason: str, tiebreak: Sequence[float] | None = None
    ) -> Result:
        """The usual result: highest score wins, ``tiebreak`` decides equal scores, and seats
        still equal on both share the victory."""
        seats = range(len(scores))
        # Without a tiebreak the scores themselves are the keys (the ranking and winners that
        # keys (score, 0) give; ``is`` first, as a tuple compares its items, keeps even a NaN
        # score's answer the same).
        keys: Sequence[Any] = ([(scores[s], tiebreak[s]) for s in seats] if tiebreak
                               else scores)
        ranking = tuple(sorted(seats, key=keys.__getitem__, reverse=True))
        best = keys[ranking[0]]
        winners = tuple([s for s in ranking if (key := keys[s]) is best or key == best])
        return cls(winners, tuple(map(float, scores)), ranking, reason)


class State(abc.ABC):
    """One position of a game. Subclasses are attrs classes (so snapshots work) and implement
    the abstract methods below; the base adds the cached, legality-checked ``apply``.

    Every state holds three fields the kernel reads (declared below: a subclass declares them
    as attrs fields of its own): ``players``, ``rng`` and ``options``.
    """

    __slots__ = ("_legal_cache",)

    _legal_cache: tuple[Any, ...] | None
    players: int
    """Required field: the number of seats, numbered from 0 in code (1 on screen)."""
    rng: Rng
    """Required field: the state's own random source, from which all chance in the game
    comes (the kernel reseeds it in every copy a bot is given: :meth:`determinize`)."""
    options: Any
    """Required field: the game's validated options, an instance of
    :attr:`Game.options_class`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Make every ``determinize`` and ``position`` a game defines pass its copy through
        :func:`conceal`, so that no game (a third party's included) can hand a bot the other
        seats' private events or the real position's cached legal actions."""
        super().__init_subclass__(**kwargs)
        for name in ("determinize", "position"):
            method = getattr(cls, name)
            if method not in _CONCEALING:
                setattr(cls, name, _concealing(method))
                # kept in the class too, so that attrs, rebuilding a slotted class, points
                # the method's zero-argument super() at the rebuilt class
                setattr(cls, f"_unconcealed_{name}", method)

    # -- to implement -------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended by its own end condition."""

    @abc.abstractmethod
    def _legal_actions(self) -> Sequence[Any]:
        """Every legal action of ``to_act`` (not empty while the game goes on)."""

    @abc.abstractmethod
    def _apply(self, action: Any) -> None:
        """Play an action already known to be legal."""

    @abc.abstractmethod
    def result(self) -> Result:
        """The outcome; only called when :attr:`is_over`."""

    @abc.abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe view of what ``seat`` may know (``None``: a spectator)."""

    def clone(self) -> Self:
        """An independent copy; cheap, because search agents clone a lot.

        By default the kernel's :func:`tabletop.cloning.clone` makes it from the fields'
        types (written once per class: no slower than a copy written by hand); a state that
        is not an attrs class, or wants its own, overrides it."""
        copy: Self = copier(type(self))(self)
        return copy

    @abc.abstractmethod
    def describe(self, action: Any) -> str:
        """The action in words a player reads, as said at the table."""

    @abc.abstractmethod
    def render(self, seat: int | None) -> str:
        """A text view of the table as ``seat`` sees it."""

    # -- with defaults ------------------------------------------------------------------
    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy in which all that ``seat`` cannot see is resampled consistently with what it
        can see. The future itself is hidden, so the copy's own rng is reseeded from ``rng``:
        an agent cannot foresee dice by simulating. Games with hidden cards must override this
        (and reseed the rng the same way). The kernel then passes the copy, of this method
        and of every override, through :func:`conceal`: its event log keeps only the entries
        ``seat`` may see, and no legal actions cached from the real position."""
        copy = self.clone()
        copy.rng = rng.fork("determinize")  # type: ignore[misc]  # subclasses hold rng
        return conceal(copy, seat, self)

    def position(self, seat: int | None, rng: Rng) -> State:
        """:meth:`determinize` for an agent that only reads the position and never plays on
        in it (an agent whose ``view`` is ``"position"``). A game may leave out of it work
        that no such reader can tell, such as the shuffle of a face-down deck (put in a fixed
        order instead: :meth:`~tabletop.rng.Rng.skip_shuffle`), but must leave ``rng`` exactly
        where :meth:`determinize` leaves it, so that the agent's later draws are the same.
        By default, :meth:`determinize`; like it, passed through :func:`conceal`."""
        return self.determinize(seat, rng)

    def perturb(self, seat: int | None, rng: Rng) -> State | None:
        """A copy changed only in something ``seat`` cannot see — one hidden card swapped
        between another seat's hand and the deck, a sealed commitment changed — made without
        :meth:`determinize` (``None``: nothing is hidden from ``seat`` now, or the game does
        not offer it). Conformance requires everything ``seat`` is shown to be the same in
        the copy: a second opinion on hidden information that does not trust
        ``determinize``."""
        return None

    def action_index(self, action: Any) -> int:
        """``action``'s number in the game's fixed action space (``0 <= n <
        Game.action_space(players, options)``), fixed for these players and options: it never
        grows with play. A game may number an action by its shape around the decision (its
        superior and side, "the deciding gang's first group moves north") rather than by an
        absolute place on a growing board, and then documents that reading; a number naming
        nothing the deciding side has now makes :meth:`action_from_index` raise
        ``ValueError``. Games that declare an action space implement it (usually with
        :class:`tabletop.action_space.ActionSpace`)."""
        raise NotImplementedError(f"{type(self).__name__} declares no action space")

    def action_from_index(self, index: int) -> Any:
        """The action numbered ``index`` (legal or not: :meth:`apply` decides)."""
        raise NotImplementedError(f"{type(self).__name__} declares no action space")

    def legal_indices(self) -> list[int]:
        """The numbers of the legal actions, in the order of :meth:`legal_actions`: a legal
        mask for a learning agent."""
        return [self.action_index(a) for a in self.legal_actions()]

    def is_concession(self, action: Any) -> bool:
        """Whether ``action`` gives the game up or leaves it ("Leave", "Concede"): adapters for
        learning libraries mask such actions from agents that pick uniformly, so a random
        agent plays the game instead of ending it. The default reads the mark the random agent
        and the CLI already honour: an action whose class says ``concession = True``."""
        return getattr(type(action), "concession", False) is True

    def observation_tensor(self, seat: int | None) -> list[float]:
        """``observation(seat)`` as a flat list of numbers, of the length
        ``Game.observation_shape`` declares (row-major): what a neural network reads. Derived
        from the observation, so it holds nothing more."""
        raise NotImplementedError(f"{type(self).__name__} declares no observation tensor")

    def invariants(self) -> list[str]:
        """Conservation problems (cards, money, pieces) found now; empty when all is well."""
        return []

    @property
    def round(self) -> int:
        """The round (or turn) number, for statistics."""
        return 0

    def event_log(self) -> EventLog | None:
        """The event log, if the game keeps one (see :class:`EventLog`): every public
        consequence of a move (dice, cards turned up, payments, pieces lost), and private
        ones addressed to their seat (the card a player drew). The CLI, the transcripts, the
        web table and ``simulate``'s event statistics read it; a game that keeps one puts
        ``log.view(seat)`` in ``observation(seat)["events"]``."""
        return None

    def counters(self, seat: int) -> Mapping[str, int]:
        """The public numbers about ``seat`` that every player can see change: money on the
        table, prestige, cards in hand (how many), pieces on the board. Keys are short names
        ("money", "prestige", "hand"). The conformance suite checks that a move which changes
        another seat's counters writes at least one public event saying why; the default
        (none) opts out."""
        return {}

    def graphs(self) -> dict[str, Any]:
        """The graphs the state keeps, by a short name (``{"city": board}``): each a
        component living on a networkx graph (a :class:`~tabletop.components.GraphBoard`,
        a :class:`~tabletop.components.Hierarchy`) with a ``graph`` a designer may analyse
        and a ``graph_problems()`` listing where the graph and the component's other
        structures disagree. Conformance check 11 requires every one of them to agree after
        every move. The default (none) opts out."""
        return {}

    def stay_out(self) -> Any | None:
        """When the seat to act is asked a question it takes no part in (a showdown between
        two others, a chance to react to someone else's move), the legal action that keeps
        it out of it (commit nothing, pass); ``None`` otherwise. A human who chose to "stay
        out of questions I am not part of" has it played for him by ``tabletop play``. The
        game still asks every eligible seat, whatever its hand: whether a seat is asked must
        not reveal what it holds."""
        return None

    def picture(self, seat: int | None) -> str | None:
        """The table as ``seat`` sees it, drawn as an SVG document (``None``: the game draws
        nothing). Hidden things are drawn face down; the picture holds nothing that
        ``observation(seat)`` does not."""
        return None

    def evaluate(self, seat: int) -> float:
        """How good this position is for ``seat``, from 0 (lost) to 1 (won): search agents
        score positions they stop looking at with it. The default knows only finished games
        (a shared victory splits the 1) and says ``1 / players`` before the end; a game
        overrides it with what its heuristic bot knows."""
        if self.is_over:
            winners = self.result().winners
            return 1.0 / len(winners) if seat in winners else 0.0
        return 1.0 / self.players

    def describe_public(self, action: Any) -> str:
        """The action as the other seats see it taken. A sealed bid, a face-down card or a
        secret choice must not show its content here ("Player 2 seals a bid"); everything
        else reads as :meth:`describe`, which is the default. The CLI narrates other seats'
        moves with this, so a human never reads a bot's secret."""
        return self.describe(action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        """What the seat to act says aloud at the table as it plays ``action`` (called on the
        state BEFORE the move), as ``viewer`` hears it (``None``: a spectator): one short
        line of intent, in the first person, that a player would say where a player would
        speak ("I'm going after your Casino." to the Casino's owner, "I'm going after
        Player 1's Casino." to the others), never a repeat of the move's description or its
        events. ``None`` (the default, and for most moves): nothing worth saying.

        Who may read what: talk is said to the whole table, so it may use public
        information and the action itself only (everyone sees the move once it is played),
        never the mover's hidden cards or plans. Conformance check 6 requires the same words
        on every other seat's determinization; a line is one line of at most 100 columns with
        no Python internals (:func:`tabletop.talk.talk_problem`). ``tabletop play`` shows it
        for bot seats, under the move line; phrasing helpers are in :mod:`tabletop.talk`."""
        return None

    def action_group(self, action: Any) -> str:
        """The menu heading ``action`` falls under when a human chooses from a long list
        (``"Take over a Racket"``, ``"Play a Special card"``); ``""``, the default, means no
        group: the action stands on its own line. When more than 20 actions are legal and
        grouping shortens the menu, ``tabletop play`` first shows one line per group (a
        group of one shows that action's description) and opens a group's actions when
        the player picks it. Purely presentation: it never changes what is legal."""
        return ""

    def amount(self, action: Any) -> Amount | None:
        """What ``action`` is as an amount (:class:`~tabletop.amounts.Amount`): actions that
        answer the same question with different values form one amount decision, which the
        terminal asks as a typed number ("Your bid (0 to 25 G)") and the browser as a number
        field; ``None`` (the default): the action is an ordinary choice. Purely presentation:
        the actions, their numbers in the action space and the record are unchanged."""
        return None

    def targets(self, action: Any) -> tuple[str, ...]:
        """The elements of the picture ``action`` acts on, by their ids
        (:func:`tabletop.pictures.targets.element_id`): first the piece it moves or the card
        it plays, then the place it goes to or the thing it hits (``("gangsters-2-1-0",
        "street-1-0-w")``); one id when the action is a click on one thing (take over this
        Racket, recruit this card). The browser table plays an action from clicks on the
        board with them: a click on an action's first element plays it, or, when actions
        starting there go on to other elements, highlights those and waits for the second
        click (a small menu picks when one click stands for several actions). Every id must
        be drawn in ``picture(seat)`` of the seat to act (conformance check 6). The default,
        ``()``: the action is played from the buttons only. Purely presentation."""
        return ()

    def why_illegal(self, action: Any) -> str:
        """A reason a player understands for refusing ``action`` (override for better ones)."""
        return "that is not one of the legal actions now"

    # -- provided -----------------------------------------------------------------------
    def forget_legal_actions(self) -> None:
        """Drop the cached legal actions; call it after changing a state by hand (a scenario
        test setting up a rulebook example), never from the rules themselves."""
        self._legal_cache = None

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of :attr:`to_act` (cached until the next ``apply``; do not mutate)."""
        try:
            cached = self._legal_cache
        except AttributeError:
            cached = None
        if cached is None:
            cached = () if self.is_over else tuple(self._legal_actions())
            self._legal_cache = cached
        return cached

    def apply(self, action: Any) -> None:
        """Play ``action``; an illegal one raises IllegalAction and changes nothing."""
        if self.is_over:
            raise IllegalAction("the game is over")
        legal = self.legal_actions()
        # Usually the very object listed comes back: find it by identity first, in C,
        # before comparing field by field.
        if not any(map(operator.is_, legal, repeat(action))) and action not in legal:
            raise IllegalAction(f"{self._safe_describe(action)}: {self.why_illegal(action)}")
        self._legal_cache = None
        self._apply(action)

    def apply_chosen(self, action: Any) -> None:
        """Play ``action``, an element of this state's :meth:`legal_actions` (the caller took
        it from that sequence): :meth:`apply` without looking the action up in the legal
        ones, a test that cannot fail for it. Only for a caller that picks by position (a
        simulation's random agent); anything else goes through :meth:`apply`."""
        self._legal_cache = None
        self._apply(action)

    def _safe_describe(self, action: Any) -> str:
        try:
            return self.describe(action)
        except Exception:  # noqa: BLE001 - a malformed action may not even describe itself
            return repr(action)


#: the determinize and position methods already passed through :func:`conceal`
_CONCEALING: set[Callable[..., State]] = {State.determinize, State.position}


def conceal(copy: State, seat: int | None, original: State | None = None) -> State:
    """Take out of ``copy``, a copy of ``original`` made for ``seat`` (``None``: the
    spectator), what that seat may not read there, and return it: every event log the copy
    holds as an attribute, and the one its ``event_log()`` returns, keeps only the entries the
    seat may see (:meth:`EventLog.for_seat`, the others' private events left out), and the legal
    actions cached from the real position are dropped. The kernel applies it to every
    ``determinize`` and ``position``; the original is never changed (a log the copy shares
    with it is replaced, not filtered in place)."""
    if copy is original:
        return copy  # not a copy at all: conformance check 6 reports what it shows
    log = copy.event_log()
    source = original.event_log() if original is not None else None
    if log is not None:
        if (log.numbers is None and source is not None and source.numbers is not None
                and log.total == source.total and len(log.entries) == len(source.entries)):
            log.numbers = source.numbers[:]  # a game rebuilt a seat's log: keep marks valid
        if log is not source and _hides(log, seat):
            kept = log.for_seat(seat)
            log.entries, log.numbers = kept.entries, kept.numbers
    for name in _attribute_names(copy):
        value = getattr(copy, name, None)
        # the copy's own log was filtered above, unless it is the original's: replace that
        if isinstance(value, EventLog) and (value is not log or log is source) and _hides(
                value, seat):
            object.__setattr__(copy, name, value.for_seat(seat))
    copy.forget_legal_actions()
    return copy


def _hides(log: EventLog, seat: int | None) -> bool:
    """Whether ``log`` holds an entry ``seat`` may not see."""
    for event in log.entries:
        to = event.to
        if to is not None and to != seat:
            return True
    return False


def _attribute_names(obj: object) -> Sequence[str]:
    names = _declared_names(type(obj))
    extra = getattr(obj, "__dict__", None)
    return names if not extra else [*names, *(k for k in extra if k not in names)]


#: the attributes each class declares, by class (see :func:`_declared_names`)
_DECLARED: dict[type, tuple[str, ...]] = {}


def _declared_names(cls: type) -> tuple[str, ...]:
    """The attributes ``cls`` declares: attrs fields and slots (the kernel's cache aside)."""
    known = _DECLARED.get(cls)
    if known is not None:
        return known
    names = [f.name for f in attrs.fields(cls)] if attrs.has(cls) else []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot not in names and slot not in ("_legal_cache", "__dict__", "__weakref__"):
                names.append(slot)
    _DECLARED[cls] = tuple(names)
    return _DECLARED[cls]


def _concealing(method: Callable[..., State]) -> Callable[..., State]:
    """``method`` (a game's ``determinize`` or ``position``) with its copy concealed."""
    @functools.wraps(method)
    def concealed(self: State, seat: int | None, rng: Rng, *args: Any, **kwargs: Any) -> State:
        return conceal(method(self, seat, rng, *args, **kwargs), seat, self)

    _CONCEALING.add(concealed)
    return concealed


def step_cap_of(game: Game, players: int, options: Any) -> int:
    """``game.step_cap(players, options)``, or ``game.step_cap(players)`` for a game whose
    override predates the options argument."""
    if _takes_options(type(game)):
        return game.step_cap(players, options)
    return game.step_cap(players)


@functools.cache
def _takes_options(game_class: type[Game]) -> bool:
    parameters = inspect.signature(game_class.step_cap).parameters
    return len(parameters) >= 3 or any(
        p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters.values())


class Game(abc.ABC):
    """A game module's entry point: what it is called, who can play, how it starts.

    Subclasses set the class attributes and implement :meth:`_new_state`. The object named by
    the ``tabletop.games`` entry point is an instance of the subclass.
    """

    name: ClassVar[str]
    """The name on the command line and in records, the same as the entry point's
    (``"chicago_diy"``)."""
    title: ClassVar[str]
    """The game's name for people (``"Chicago DIY"``)."""
    min_players: ClassVar[int]
    """The fewest seats the game is for."""
    max_players: ClassVar[int]
    """The most seats the game is for."""
    options_class: ClassVar[type] = NoOptions
    """The attrs class of the game's options, its fields declared with
    :func:`tabletop.options.option`; :class:`~tabletop.options.NoOptions` for none."""
    state_class: ClassVar[type]
    """The game's :class:`State` subclass (snapshots are loaded into it)."""
    action_types: ClassVar[tuple[type, ...]]
    """Every action class the game's states offer (records are read back into them)."""
    #: the version of the game's state form in snapshots: raised when a state's stored form
    #: changes, so that an older snapshot is refused with a clear message (records, which
    #: hold actions, stay valid)
    snapshot_version: ClassVar[int] = 1
    has_hidden_information: ClassVar[bool] = True
    """Whether any seat may hold what another cannot see (cards in hand, sealed bids): the
    conformance suite then requires :meth:`State.determinize` to resample something."""
    rules_package: ClassVar[str | None] = None
    """The package whose RULES.md and GUIDE.txt are the game's; ``None``: the package of the
    module that defines the subclass."""

    def step_cap(self, players: int, options: Any = None) -> int:
        """A true bound on the decisions one game of ``players`` seats with these ``options``
        can take (random play included): a simulation calls a game that reaches it
        truncated, and a record with more actions is refused. Keep it close to the truth
        (derived from the rules' own limits for these options): a loose cap hides endless
        loops. The kernel calls it through :func:`step_cap_of`, so an override written for
        ``step_cap(players)`` alone still works."""
        return 10_000

    def action_space(self, players: int, options: Any) -> int | None:
        """How many distinct actions the game can ever offer at this player count and with
        these options, numbered from 0 by ``State.action_index``; the number never grows with
        play. ``None`` (the default): the game declares no fixed action space (search agents
        and the CLI do not need one; the PettingZoo and OpenSpiel adapters do)."""
        return None

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...] | None:
        """The shape of ``State.observation_tensor`` at this player count and with these
        options; ``None`` (the default): no tensor."""
        return None

    def result_bounds(self, players: int, options: Any) -> tuple[float, float] | None:
        """The lowest and highest number ``Result.scores`` can hold; ``None``: not declared."""
        return None

    def variants(self) -> list[dict[str, Any]]:
        """Option sets worth checking besides the defaults (each variant the rules offer):
        the conformance tests run them too."""
        return []

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """Agent kinds this game offers beyond the kernel's (normally ``heuristic``)."""
        return {}

    def guide(self) -> str:
        """The player's guide: one screen of plain text (at most :data:`GUIDE_LINES` lines of
        at most 80 columns) saying the goal, what a turn is, how the game ends, the decisions
        a player will face and the words he will meet. No markup, rule ids, file paths or
        code names: it is the first thing ``tabletop rules GAME`` and ``h`` in a game show.
        By default the package's ``GUIDE.txt`` (next to RULES.md), else a line naming the
        game."""
        text = self._package_text("GUIDE.txt")
        if text is None:
            return f"{self.title}, for {self.player_range} players. The full rules follow."
        return text.strip("\n")

    def glossary(self) -> Mapping[str, str]:
        """What the game's cards and components are, for players: each name (as the game's
        text shows it, "Bribe the Judge") mapped to one short paragraph saying what it is and
        does. The default is empty. ``tabletop play`` looks entries up with ``i WORDS`` at a
        prompt, and ``tabletop rules`` lists them in a "Cards" section after the rules."""
        return {}

    @abc.abstractmethod
    def _new_state(self, players: int, seed: int, options: Any) -> State:
        """The opening position, with setup done (shuffles, deals) from ``seed``."""

    def make_options(self, values: Mapping[str, Any] | None = None) -> Any:
        """Validated options from a mapping (strings allowed, as on the command line)."""
        return make_options(self.options_class, values)

    def check_players(self, players: int) -> None:
        """Raise InvalidOptions unless ``players`` is in this game's range."""
        if not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            raise InvalidOptions(
                f"{self.title} is for {self.player_range} players, not {players}"
            )

    @property
    def player_range(self) -> str:
        """The player range as text, e.g. ``2-8``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def new_state(self, players: int, seed: int, options: Any = None) -> State:
        """Start a game: checks the player count and options, then sets up from ``seed``."""
        self.check_players(players)
        if options is None or isinstance(options, Mapping):
            options = self.make_options(options)
        elif not isinstance(options, self.options_class):
            raise InvalidOptions(f"options must be {self.options_class.__name__}")
        return self._new_state(players, int(seed), options)

    def rules_text(self) -> str:
        """The module's RULES.md."""
        text = self._package_text("RULES.md")
        return f"{self.title} ships no RULES.md." if text is None else text

    def _package_text(self, name: str) -> str | None:
        """The file ``name`` of the game's package (:attr:`rules_package`, by default the
        package of its module); ``None`` when it ships none."""
        package = self.rules_package or type(self).__module__.rpartition(".")[0]
        try:
            return resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return None
