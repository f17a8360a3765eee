"""The order of play, declared by a game as data: steps, questions, and one loop that says
what comes next.

A game's rules are functions that change the state and, when they need someone's answer
before they can go on, push a question (an *ask*) on a stack. They never decide what comes
next and never call the flow: :class:`Flow` is the one place that does. A game declares

- its **steps** (:class:`Step`): the named stages of a turn or a round ("action",
  "pay_hire", "after", "end_turn"): who acts in it (``None``: an automatic step, which only
  runs its ``enter``), what they may do (``actions``), what an action does (``play``, a rule
  function), when the step is over (``done``: after one action by default; a step of many
  actions ends on the action that ends it, or when nothing is left to do) and which step
  comes next (``next``);
- its **questions** (:class:`Question`), by kind: who is asked (the ask's ``seat``), the
  answers (``actions``), what an answer does (``answer``) and whether it closes the question
  (``final``: a question answered in several actions, a bribe paid card by card, stays
  until its last one);
- optional hooks: ``before`` (runs before every decision: clear what the last move showed,
  count decisions) and ``interrupt`` (runs whenever play settles with nobody asked: the
  triggered questions a rulebook asks "at the next moment play settles").

The flow keeps two things in the game's own state, under the names the game chooses: the
name of the current step (a ``str`` field) and the stack of asks (a list of the game's own
frozen records, each with ``kind`` and ``seat``). Everything stays plain data, so clones,
snapshots and records work as before.

How a decision runs (:meth:`Flow.apply`): ``before``; then, when an ask is on the stack,
the answer (popped first when ``final``, so the answer may ask again); otherwise the step's
``play``. Then the flow *settles*: while the game is not over and nobody is asked, the
``interrupt`` hook runs, and the current step is checked: ``done(state, action)`` with the
action its actor just played (``None`` when re-checked after an answer or on entering it);
when it is done, the step ``next`` names becomes current and its ``enter`` runs. The step
below a question stays current while the question is answered, and its ``done`` decides what
happens after the answer: no rule names a step to come back to.

Legality has one source per decision: ``actions`` lists what may be played, and
``refuse(state, action)`` says, in words, why something else may not
(:meth:`Flow.why_illegal`); the conformance suite checks that the two agree on every listed
action. Why it is built this way, and what it took from boardgame.io, TAG and pokerkit, is in
docs/flow.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Any, Generic, Protocol, TypeVar

import attrs

S = TypeVar("S")


class Ask(Protocol):
    """What a question on the stack must say: its kind and the seat asked. A game declares
    its own frozen attrs record with these two fields and whatever its answers need (the
    kernel's :class:`~tabletop.components.decisions.Prompt` is one)."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int: ...


def after_one(state: Any, played: Any | None) -> bool:
    """The default ``done`` of a step: over once its actor has played one action."""
    return played is not None


def always(state: Any, ask: Any, action: Any) -> bool:
    """The default ``final`` of a question: one answer closes it."""
    return True


def asked_seat(state: Any, ask: Any) -> int:
    """The default ``actor`` of a question: the seat its ask names."""
    seat: int = ask.seat
    return seat


@attrs.frozen
class Step(Generic[S]):
    """One named stage of the order of play (see the module's docstring).

    ``actor(state)`` is the seat that acts (``None`` for an automatic step); ``actions(state)``
    its legal actions, in the order the game lists them; ``play(state, action)`` the rule
    function an action runs; ``refuse(state, action)`` why an action may not be played (a
    sentence; ``None``: no reason to give); ``enter(state)`` what happens as the step begins;
    ``done(state, played)`` whether it is over; ``next``: the name of the step that follows,
    or a function of the state and the action that ended this one (``None`` when it ended by
    itself) giving that name."""

    name: str
    actor: Callable[[S], int | None] | None = None
    actions: Callable[[S], Sequence[Any]] | None = None
    play: Callable[[S, Any], None] | None = None
    refuse: Callable[[S, Any], str | None] | None = None
    enter: Callable[[S], None] | None = None
    done: Callable[[S, Any | None], bool] = after_one
    next: str | Callable[[S, Any | None], str] = ""

    def __attrs_post_init__(self) -> None:
        if self.actor is not None and (self.actions is None or self.play is None):
            raise ValueError(f"step {self.name!r}: a step with an actor needs its actions "
                             "and what an action does (play)")
        if self.next == "":
            raise ValueError(f"step {self.name!r} says no step comes next")


@attrs.frozen
class Question(Generic[S]):
    """A question of one kind, asked by a rule pushing an ask of that ``kind`` (see the
    module's docstring). ``actions(state, ask)`` lists the answers; ``answer(state, ask,
    action)`` is the rule function an answer runs; ``final(state, ask, action)`` whether that
    answer closes the question (the ask is then popped before ``answer`` runs); ``actor``
    the seat that answers (default: the ask's seat); ``refuse`` as for :class:`Step`."""

    kind: str
    actions: Callable[[S, Any], Sequence[Any]]
    answer: Callable[[S, Any, Any], None]
    final: Callable[[S, Any, Any], bool] = always
    actor: Callable[[S, Any], int] = asked_seat
    refuse: Callable[[S, Any, Any], str | None] | None = None


class Flow(Generic[S]):
    """A game's order of play: its steps and questions, and the loop that runs them.

    ``step_field`` and ``stack``: where the game's state keeps the current step's name (an
    attribute) and its stack of asks (an attribute path, ``"decisions.stack"``, or a
    function of the state returning the list). A game of one step needs no ``step_field`` (its
    turn is that step, repeated), a game that asks no question no ``stack``.
    ``ending_field``: a ``bool`` field of the state where the flow remembers that a step
    is over while the questions its last action asked are answered (needed only by a game
    with such an action; the flow says so when one happens without it). ``is_over(state)``:
    whether the game has ended (the flow then stops at once, even in the middle of
    settling). ``before`` and
    ``interrupt``: the hooks of the module's docstring. Every step name a step's ``next``
    gives as text must be declared (a typo is refused here, not in the middle of a game)."""

    def __init__(self, steps: Iterable[Step[S]], questions: Iterable[Question[S]] = (), *,
                 is_over: Callable[[S], bool], step_field: str | None = None,
                 stack: str | Callable[[S], list[Any]] | None = None,
                 ending_field: str | None = None,
                 before: Callable[[S, Any], None] | None = None,
                 interrupt: Callable[[S], None] | None = None) -> None:
        self.steps: dict[str, Step[S]] = {}
        for step in steps:
            if step.name in self.steps:
                raise ValueError(f"two steps are named {step.name!r}")
            self.steps[step.name] = step
        self.questions: dict[str, Question[S]] = {}
        for question in questions:
            if question.kind in self.questions:
                raise ValueError(f"two questions are of kind {question.kind!r}")
            self.questions[question.kind] = question
        if not self.steps:
            raise ValueError("a flow needs at least one step")
        if step_field is None and len(self.steps) > 1:
            raise ValueError("a flow of several steps needs the state's field that names "
                             "the current one (step_field)")
        if stack is None and self.questions:
            raise ValueError("a flow that asks questions needs the state's stack of asks")
        for step in self.steps.values():
            if isinstance(step.next, str) and step.next not in self.steps:
                raise ValueError(f"step {step.name!r} is followed by {step.next!r}, "
                                 "which is not a step")
        self.step_field = step_field
        self.stack: Callable[[S], list[Any]] = (
            _no_asks if stack is None else attrgetter(stack) if isinstance(stack, str)
            else stack)
        self._only = next(iter(self.steps.values())) if step_field is None else None
        self._step_of: Callable[[S], str] = attrgetter(step_field or "")
        self.is_over = is_over
        self.ending_field = ending_field
        self.before = before
        self.interrupt = interrupt
        self._compile()

    def _compile(self) -> None:
        """Make :attr:`to_act`, :attr:`legal_actions` and :attr:`apply`: plain functions of
        the state, with the flow's parts in local variables and the state's fields read
        through C getters (they run several times a decision; :class:`Flowing` puts them
        on the state's class as its methods)."""
        only, steps, questions = self._only, self.steps, self.questions
        step_of, stack_of, is_over = self._step_of, self.stack, self.is_over
        before, settle, slow_step = self.before, self.settle, self.step

        def to_act(state: S) -> int | None:
            """The seat to decide now: the one asked, else the current step's actor
            (``None``: the game is over)."""
            if is_over(state):
                return None
            stack = stack_of(state)
            if stack:
                ask = stack[-1]
                actor = _question(questions, ask).actor
                return ask.seat if actor is asked_seat else actor(state, ask)
            step_actor = (only or steps.get(step_of(state)) or slow_step(state)).actor
            return None if step_actor is None else step_actor(state)

        def legal_actions(state: S) -> Sequence[Any]:
            """What the seat to decide may play now: the answers to the question asked,
            else the current step's actions."""
            stack = stack_of(state)
            if stack:
                ask = stack[-1]
                return _question(questions, ask).actions(state, ask)
            step = only or steps.get(step_of(state)) or slow_step(state)
            if step.actions is None:
                raise ValueError(f"step {step.name!r} is automatic: nobody acts in it")
            return step.actions(state)

        def apply(state: S, action: Any) -> None:
            """Play ``action`` (legal: the caller checked it) for the seat to decide, then
            settle."""
            if before is not None:
                before(state, action)
            stack = stack_of(state)
            if stack:
                ask = stack[-1]
                question = _question(questions, ask)
                if question.final(state, ask, action):
                    stack.pop()
                question.answer(state, ask, action)
                settle(state, None)
                return
            step = only or steps.get(step_of(state)) or slow_step(state)
            play = step.play
            assert play is not None, "nobody acts in an automatic step"
            play(state, action)
            settle(state, action, step)

        self.to_act: Callable[[S], int | None] = to_act
        self.legal_actions: Callable[[S], Sequence[Any]] = legal_actions
        self.apply: Callable[[S, Any], None] = apply

    # -- where the game is ---------------------------------------------------------------
    def step(self, state: S) -> Step[S]:
        """The current step."""
        if self._only is not None:
            return self._only
        name: str = self._step_of(state)
        try:
            return self.steps[name]
        except KeyError:
            raise ValueError(f"the state is at {name!r}, which is not a step") from None

    def asked(self, state: S) -> tuple[Question[S], Any] | None:
        """The question being asked now and its ask (the top of the stack), or ``None``."""
        stack = self.stack(state)
        if not stack:
            return None
        ask = stack[-1]
        return _question(self.questions, ask), ask

    def why_illegal(self, state: S, action: Any) -> str | None:
        """Why ``action`` may not be played now, in words, from the question's or the step's
        ``refuse``; ``None`` when it gives no reason (or the action is legal)."""
        if self.is_over(state):
            return "the game is over"
        asked = self.asked(state)
        if asked is not None:
            question, ask = asked
            return None if question.refuse is None else question.refuse(state, ask, action)
        step = self.step(state)
        return None if step.refuse is None else step.refuse(state, action)

    # -- moving on ------------------------------------------------------------------------
    def begin(self, state: S) -> None:
        """Start the flow at the state's current step (set by the game's set-up): run its
        ``enter`` and settle."""
        step = self.step(state)
        if step.enter is not None:
            step.enter(state)
        self.settle(state, None)

    def settle(self, state: S, played: Any | None, step: Step[S] | None = None) -> None:
        """Move on until someone must decide or the game is over: the ``interrupt`` hook
        while nobody is asked, then whether the current step is over (its ``done``), then
        ``next`` and the next step's ``enter``, and again.

        ``played``: the action the current step's actor just played (``step``: that step),
        ``None`` after an answer. ``done(state, played)`` is asked once about that action
        ("is the step over after it?"); ``done(state, None)`` when play settles without one:
        after the last answer to a question, and on entering a step. A step that an action
        ends while that action (or the interrupt) asks a question ends once the questions are
        answered: the flow keeps that in the state's ``ending_field`` meanwhile."""
        if step is None:
            step = self._only or self.step(state)
        ending = (played is not None and step.actor is not None
                  and step.done(state, played))
        is_over, stack_of, interrupt = self.is_over, self.stack, self.interrupt
        while not is_over(state):
            if interrupt is not None and not stack_of(state):
                interrupt(state)
            if stack_of(state):
                if ending:
                    self._remember_ending(state, step)
                return
            if step.actor is not None and not ending and (
                    played is not None or not (
                        (self.ending_field is not None and self._ended(state))
                        or step.done(state, None))):
                return
            name = step.next if isinstance(step.next, str) else step.next(state, played)
            entered = self.steps.get(name)
            if entered is None:
                raise ValueError(f"step {step.name!r} went on to {name!r}, which is not a "
                                 "step")
            if self.step_field is not None:
                setattr(state, self.step_field, name)
            played, ending, step = None, False, entered
            if entered.enter is not None:
                entered.enter(state)

    def _remember_ending(self, state: S, step: Step[S]) -> None:
        """Keep in the state that the current step is over, until the questions its last
        action asked are answered."""
        if self.ending_field is None:
            raise ValueError(f"step {step.name!r} ended on an action that asked a question: "
                             "the flow needs a state field to remember it (ending_field)")
        setattr(state, self.ending_field, True)

    def _ended(self, state: S) -> bool:
        """Whether the current step was ended by an action whose questions are now
        answered (and forget it)."""
        if self.ending_field is None or not getattr(state, self.ending_field):
            return False
        setattr(state, self.ending_field, False)
        return True


def _question(questions: dict[str, Question[Any]], ask: Any) -> Question[Any]:
    """The question an ask on the stack asks; ValueError naming its kind if none is declared."""
    try:
        return questions[ask.kind]
    except KeyError:
        raise ValueError(f"an ask of kind {ask.kind!r} is on the stack, but no question of "
                         "that kind is declared") from None


def _no_asks(state: Any) -> list[Any]:
    """The stack of a game that asks no question: always empty."""
    return []


class Flowing:
    """A mixin for a game's :class:`~tabletop.engine.State` whose order of play is a
    :class:`Flow`: ``to_act``, ``_legal_actions``, ``_apply`` and ``why_illegal`` come from
    the class attribute ``FLOW``. Put it before ``State`` among the bases."""

    __slots__ = ()
    FLOW: Flow[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        flow = getattr(cls, "FLOW", None)
        if isinstance(flow, Flow):
            # the flow's own functions, as the class's methods: no call in between
            seat_to_act = property(flow.to_act, doc="The seat to decide now.")
            cls.to_act = seat_to_act  # type: ignore[assignment,method-assign]
            cls._legal_actions = flow.legal_actions  # type: ignore[assignment,method-assign]
            cls._apply = flow.apply  # type: ignore[assignment,method-assign]

    @property
    def to_act(self) -> int | None:
        """The seat to decide now (the flow's :attr:`Flow.to_act`)."""
        return self.FLOW.to_act(self)

    def _legal_actions(self) -> Sequence[Any]:
        return self.FLOW.legal_actions(self)  # the kernel keeps it as a tuple

    def _apply(self, action: Any) -> None:
        self.FLOW.apply(self, action)

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` may not be played now (the flow's :meth:`Flow.why_illegal`)."""
        reason = self.FLOW.why_illegal(self, action)
        return reason or "that is not one of the legal actions now"
