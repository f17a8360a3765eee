"""The order of play, declared by a game as data: steps, questions, and one loop that says
what comes next.

A game's rules are functions that change the state and, when they need someone's answer
before they can go on, push a question (an *ask*) on a stack. They never call the flow:
:class:`Flow` is the one place that moves play on. A game declares

- its **steps** (:class:`Step`): the named stages of a turn or a round ("action",
  "pay_hire", "after", "end_turn"): who acts in it (``actor``; ``None``: an automatic step,
  which only runs its ``enter``), what they may do (``actions``) and what an action does
  (``play``, a rule function). ``play`` returns the name of the step that comes next when
  the action ends the step, or ``None`` when the same actor acts again in it. ``enter``
  runs as the step begins and returns where play goes at once (an automatic step always
  says; a step with an actor says ``None`` to wait for it, or a name to skip itself).
  ``resume`` decides, after the last answer to a question asked during the step, whether the
  step goes on (``None``) or which step follows;
- its **questions** (:class:`Question`), by kind: who is asked (the ask's ``seat``), the
  answers (``actions``), what an answer does (``answer``) and whether it closes the question
  (``final``: a question answered in several actions, a bribe paid card by card, stays
  until its last one);
- where the game ends: ``over``, the name of the step a rule moves the game to when it ends
  (compared without a call; the flow stops there, in the middle of anything), or an
  ``is_over`` function of the state;
- optional hooks: ``before`` (runs before every decision: clear what the last move showed)
  and ``interrupt`` (runs whenever play settles with nobody asked: the triggered questions a
  rulebook asks "at the next moment play settles").

The flow keeps its things in the game's own state, under the names the game chooses: the
name of the current step (a ``str`` field), the stack of asks (a list of the game's own
frozen records, each with ``kind`` and ``seat``, changed in place), and, for a game where an
action can end its step and ask a question at once, the step to go to once the questions are
answered (``pending_field``, a ``str`` field, ``""`` when none). Everything stays plain data,
so clones, snapshots and records work as before.

How a decision runs (:meth:`Flow.apply`): ``before``; then, when an ask is on the stack,
the answer (popped first when ``final``, so the answer may ask again); otherwise the step's
``play``. Then play *settles*: while the game is not over and nobody is asked, the
``interrupt`` hook runs, and the step named by ``play`` (or, after the last answer, the
pending step or the one ``resume`` names) becomes current and its ``enter`` runs, until a
step waits for its actor. The step below a question stays current while the question is
answered: no rule names a step to come back to.

A decision on the common path costs the game's own functions and one call of the flow's:
``play`` returning ``None`` with nobody asked and no ``interrupt`` returns at once; the seat
to act is read through C getters when ``actor`` is given as the state's attribute path
(``"turn.current"``).

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


@attrs.frozen
class Step(Generic[S]):
    """One named stage of the order of play (see the module's docstring).

    ``actor``: the seat that acts, as a function of the state or the state's attribute path
    (``"turn.current"``; read without a Python call), ``None`` for an automatic step;
    ``actions(state)`` its legal actions, in the order the game lists them;
    ``play(state, action)`` the rule function an action runs, returning the next step's name
    when the action ends this step (``None``: the actor acts again); ``refuse(state, action)``
    why an action may not be played (a sentence; ``None``: no reason to give);
    ``enter(state)`` what happens as the step begins, returning where play goes at once
    (``None``: wait for the actor); ``resume(state)`` where play goes after the last answer
    to a question asked in this step (``None``, or no ``resume``: the step goes on)."""

    name: str
    actor: Callable[[S], int | None] | str | None = None
    actions: Callable[[S], Sequence[Any]] | None = None
    play: Callable[[S, Any], str | None] | None = None
    refuse: Callable[[S, Any], str | None] | None = None
    enter: Callable[[S], str | None] | None = None
    resume: Callable[[S], str | None] | None = None

    def __attrs_post_init__(self) -> None:
        if self.actor is not None and (self.actions is None or self.play is None):
            raise ValueError(f"step {self.name!r}: a step with an actor needs its actions "
                             "and what an action does (play)")


@attrs.frozen
class Question(Generic[S]):
    """A question of one kind, asked by a rule pushing an ask of that ``kind`` (see the
    module's docstring). ``actions(state, ask)`` lists the answers; ``answer(state, ask,
    action)`` is the rule function an answer runs; ``final(state, ask, action)`` whether that
    answer closes the question (the ask is then popped before ``answer`` runs; ``None``:
    every answer does); ``actor(state, ask)`` the seat that answers (``None``: the ask's
    seat); ``refuse`` as for :class:`Step`."""

    kind: str
    actions: Callable[[S, Any], Sequence[Any]]
    answer: Callable[[S, Any, Any], None]
    final: Callable[[S, Any, Any], bool] | None = None
    actor: Callable[[S, Any], int] | None = None
    refuse: Callable[[S, Any, Any], str | None] | None = None


class Flow(Generic[S]):
    """A game's order of play: its steps and questions, and the loop that runs them.

    ``step_field`` and ``stack``: where the game's state keeps the current step's name (an
    attribute) and its stack of asks (an attribute path, ``"decisions.stack"``, or a
    function of the state returning the list). A game of one step needs no ``step_field`` (its
    turn is that step, repeated), a game that asks no question no ``stack``. ``over``: the
    step the game ends in (a rule ends the game by setting the step field to it), or
    ``is_over(state)``: whether the game has ended; the flow stops at once, even in the middle
    of settling. ``pending_field``: see the module's docstring (the flow says when a game
    needs one). ``before`` and ``interrupt``: the hooks of the module's docstring."""

    def __init__(self, steps: Iterable[Step[S]], questions: Iterable[Question[S]] = (), *,
                 over: str | None = None, is_over: Callable[[S], bool] | None = None,
                 step_field: str | None = None,
                 stack: str | Callable[[S], list[Any]] | None = None,
                 pending_field: str | None = None,
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
        if (over is None) == (is_over is None):
            raise ValueError("say where the game ends: the step it ends in (over) or a "
                             "function telling whether it has (is_over), one of the two")
        if over is not None and (over not in self.steps or step_field is None):
            raise ValueError(f"the game cannot end in step {over!r}: it is not a step of a "
                             "flow with a step field")
        self.step_field = step_field
        self.stack: Callable[[S], list[Any]] = (
            _no_asks if stack is None else attrgetter(stack) if isinstance(stack, str)
            else stack)
        self._stack_path = stack if isinstance(stack, str) else None
        self._stack_given = stack is not None
        self.over = over
        self._step_of: Callable[[S], str] = (
            attrgetter(step_field) if step_field is not None
            else _only_name(next(iter(self.steps))))
        if over is not None:
            over_name, step_of = over, self._step_of
            self.is_over: Callable[[S], bool] = lambda state: step_of(state) == over_name
        else:
            assert is_over is not None
            self.is_over = is_over
        self.pending_field = pending_field
        self.before = before
        self.interrupt = interrupt
        self._compile()

    def _compile(self) -> None:
        """Make :attr:`to_act`, :attr:`legal_actions` and :attr:`apply` (and the loop that
        settles play): plain functions of the state, written for this flow with the state's
        fields read in place (``state.phase``, ``state.decisions.stack``), as attrs writes a
        class's ``__init__``. They run several times a decision, and a getter called through
        a variable costs more than the whole lookup written out; :class:`Flowing` puts them
        on the state's class as its methods."""
        step_field, stack, over = self.step_field, self._stack_path, self.over
        for path in (step_field, stack, self.pending_field, *self._actor_paths()):
            if path is not None and not all(part.isidentifier() for part in path.split(".")):
                raise ValueError(f"{path!r} is not an attribute path of the state")
        uniform = self._actor_paths()
        namespace: dict[str, Any] = {
            "questions": self.questions, "steps": self.steps, "over": over,
            "is_over": self.is_over, "stack_of": self.stack, "step_of": self._step_of,
            "before": self.before, "interrupt": self.interrupt, "remember": self._remember,
            "pending_field": self.pending_field, "unknown": _unknown_kind,
            "not_a_step": _not_a_step,
            "automatic": frozenset(n for n, step in self.steps.items() if step.actor is None),
            "acting": frozenset(n for n, step in self.steps.items() if step.actor is not None),
            "actor_of": {name: (attrgetter(step.actor) if isinstance(step.actor, str)
                                else step.actor or _nobody)
                         for name, step in self.steps.items()},
            "actions_of": {name: step.actions or _automatic(name)
                           for name, step in self.steps.items()},
            "enter_of": {name: step.enter for name, step in self.steps.items()},
            "play_of": {name: step.play or _automatic(name)
                        for name, step in self.steps.items()},
        }
        source = _source(
            step=f"state.{step_field}" if step_field else repr(next(iter(self.steps))),
            set_step=f"state.{step_field} = going" if step_field else "pass",
            stack=(f"state.{stack}" if stack else "stack_of(state)")
            if self.questions or self._stack_given else "",
            ended=f"state.{step_field} == over" if over is not None else "is_over(state)",
            actor=f"state.{uniform[0]}" if len(set(uniform)) == 1 and all(
                isinstance(step.actor, str) for step in self.steps.values()
                if step.actor is not None) else "",
            before=self.before is not None, interrupt=self.interrupt is not None)
        # the source is ours, its only inputs the attribute paths checked above
        exec(compile(source, f"<flow of {', '.join(self.steps)}>", "exec"), namespace)  # noqa: S102
        self._settle: Callable[[S, str | None], None] = namespace["settle"]
        self.to_act: Callable[[S], int | None] = namespace["to_act"]
        self.legal_actions: Callable[[S], Sequence[Any]] = namespace["legal_actions"]
        self.apply: Callable[[S, Any], None] = namespace["apply"]

    def _actor_paths(self) -> list[str]:
        """The attribute paths the steps give as their actors."""
        return [step.actor for step in self.steps.values() if isinstance(step.actor, str)]

    # -- where the game is ---------------------------------------------------------------
    def step(self, state: S) -> Step[S]:
        """The current step."""
        name: str = self._step_of(state)
        try:
            return self.steps[name]
        except KeyError:
            raise _not_a_step(name) from None

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
        self._settle(state, None if step.enter is None else step.enter(state))

    def _remember(self, state: S, going: str) -> None:
        """Keep in the state where play goes once the questions now asked are answered."""
        if self.pending_field is None:
            raise ValueError(f"step {self._step_of(state)!r} ended on an action that asked a "
                             "question: the flow needs a state field to remember where play "
                             "goes after the answers (pending_field)")
        setattr(state, self.pending_field, going)


def _source(*, step: str, set_step: str, stack: str, ended: str, actor: str, before: bool,
            interrupt: bool) -> str:
    """The source of a flow's functions (see :meth:`Flow._compile`): ``step``, ``stack``,
    ``ended`` and ``actor`` are the expressions that read the current step's name, the stack
    of asks (``""``: the flow asks nothing), whether the game is over and the seat of a step
    (``""``: each step's own ``actor``)."""
    out: list[str] = []
    add = out.append

    def asked() -> None:
        """The lines that read the ask on top of the stack, if any, and its question."""
        add(f"    stack = {stack}")
        add("    if stack:")
        add("        ask = stack[-1]")
        add("        try:")
        add("            question = questions[ask.kind]")
        add("        except KeyError:")
        add("            raise unknown(ask.kind) from None")

    def step_function(variable: str, table: str) -> None:
        """The lines that look up the current step's (``name``) function in ``table``."""
        add("    try:")
        add(f"        {variable} = {table}[name]")
        add("    except KeyError:")
        add("        raise not_a_step(name) from None")
    add("def settle(state, going):")
    add(f"    while not {ended}:")
    if interrupt:
        add(f"        if not {stack or '()'}:")
        add("            interrupt(state)")
        add(f"            if {ended}:")
        add("                return")
    if stack:
        add(f"        if {stack}:")
        add("            if going is not None:")
        add("                remember(state, going)")
        add("            return")
    add("        if going is None:")
    add(f"            if {step} in automatic:")
    add(f"                current = {step}")
    add("                raise ValueError(f'step {current!r} is automatic, but its enter '")
    add("                                 'says no step comes next')")
    add("            return")
    add("        try:")
    add("            enter = enter_of[going]")
    add("        except KeyError:")
    add(f"            current = {step}")
    add("            raise ValueError(f'step {current!r} went on to {going!r}, which is '")
    add("                             'not a step') from None")
    add(f"        {set_step}")
    add("        going = None if enter is None else enter(state)")
    add("")
    add("def to_act(state):")
    add(f"    name = {step}")
    add(f"    if {ended.replace(step, 'name')}:")
    add("        return None")
    if stack:
        asked()
        add("        actor = question.actor")
        add("        return ask.seat if actor is None else actor(state, ask)")
    if actor:
        add("    if name in acting:")
        add(f"        return {actor}")
        add("    if name in steps:")
        add("        return None")
        add("    raise not_a_step(name)")
    else:
        step_function("seat", "actor_of")
        add("    return seat(state)")
    add("")
    add("def legal_actions(state):")
    if stack:
        asked()
        add("        return question.actions(state, ask)")
    add(f"    name = {step}")
    step_function("listing", "actions_of")
    add("    return listing(state)")
    add("")
    add("def resume(state):")
    add(f"    if {ended}:")
    add("        return")
    add("    going = getattr(state, pending_field) if pending_field is not None else ''")
    add("    if going:")
    add("        setattr(state, pending_field, '')")
    add("    else:")
    add(f"        step_resume = steps[{step}].resume")
    add("        going = None if step_resume is None else step_resume(state)")
    add("    settle(state, going)")
    add("")
    add("def apply(state, action):")
    if before:
        add("    before(state, action)")
    if stack:
        asked()
        add("        final = question.final")
        add("        if final is None or final(state, ask, action):")
        add("            stack.pop()")
        add("        question.answer(state, ask, action)")
        add(f"        if not {stack}:")
        add("            resume(state)")
        add("        return")
    add(f"    name = {step}")
    step_function("play", "play_of")
    add("    going = play(state, action)")
    add("    if going is not None:" if not interrupt else "    if True:")
    add("        settle(state, going)")
    return "\n".join(out) + "\n"


def _unknown_kind(kind: str) -> ValueError:
    """The error for an ask whose kind no question of the flow has."""
    return ValueError(f"an ask of kind {kind!r} is on the stack, but no question of that "
                      "kind is declared")


def _question(questions: dict[str, Question[Any]], ask: Any) -> Question[Any]:
    """The question an ask on the stack asks; ValueError naming its kind if none is declared."""
    try:
        return questions[ask.kind]
    except KeyError:
        raise ValueError(f"an ask of kind {ask.kind!r} is on the stack, but no question of "
                         "that kind is declared") from None


def _not_a_step(name: str) -> ValueError:
    """The error for a state whose step field names no declared step."""
    return ValueError(f"the state is at {name!r}, which is not a step")


def _no_asks(state: Any) -> list[Any]:
    """The stack of a game that asks no question: always empty."""
    return []


def _nobody(state: Any) -> int | None:
    """The actor of an automatic step, should one be asked: nobody."""
    return None


def _only_name(name: str) -> Callable[[Any], str]:
    """The step field of a flow of one step: always that step's name."""
    return lambda state: name


def _automatic(name: str) -> Callable[..., Any]:
    """What an automatic step offers when asked for actions: an error naming it."""
    def refuse(state: Any, *args: Any) -> Any:
        raise ValueError(f"step {name!r} is automatic: nobody acts in it")
    return refuse


class Flowing:
    """A mixin for a game's :class:`~tabletop.engine.State` whose order of play is a
    :class:`Flow`: ``to_act``, ``_legal_actions``, ``_apply`` and ``why_illegal`` come from
    the class attribute ``FLOW``. Put it before ``State`` among the bases."""

    __slots__ = ()
    FLOW: Flow[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # only a class that declares its own FLOW: a subclass of a flowing state keeps the
        # methods it inherits or overrides
        flow = cls.__dict__.get("FLOW")
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
