"""Probes for conformance check 6: does anything a seat is shown depend on what it may not see?

The idea throughout: build a second world that differs from the real one only in what a
viewer cannot see, and require that everything the viewer is shown is the same in both. Two
ways build that world, so that neither has to be trusted alone:

- ``determinize(viewer, rng)``, the game's own resampling (also what agents search with);
- ``perturb(viewer, rng)``, an optional hook made without ``determinize``: one hidden card
  swapped with the deck, a sealed bid changed. A leak that ``determinize`` hides by keeping
  the real hidden cards is caught here.

And what a viewer is shown means all of it: the observation, ``render``, the event lines it
may read (including those a move is about to write), ``describe_public`` of others' moves,
what a mover says aloud with each move (``talk``), the spectator's view, and the picture
(checked in conformance itself).

A bot is given more than a view: the copy itself, which it may read field by field. So the
copy a seat's ``determinize`` or ``position`` returns must hold nothing the seat may not read
(:func:`copy_problem`): no other seat's private event anywhere in it (the kernel keeps only
the seat's entries in the event log, but a game may hold events elsewhere), no record, no
other position, not the real game's rng (the future) and no cached legal actions of another
position; and it must answer as the position it stores does (:func:`stored_problem`), so
that nothing kept outside the stored position (a game's own cache) carries the real game's
secrets into it. Each probe returns a problem in words, or ``""``.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from tabletop.components.log import Event
from tabletop.engine import Game, State, seat_label
from tabletop.errors import IllegalAction, TabletopError
from tabletop.record import Record
from tabletop.rng import Rng
from tabletop.serialization import snapshot, structure
from tabletop.talk import talk_problem


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else seat_label(viewer)


def _public_view(state: State, viewer: int | None) -> dict[str, Any]:
    obs = dict(state.observation(viewer))
    obs.pop("events", None)
    return obs


def views_differ(state: State, other: State, viewer: int | None, how: str) -> str:
    """What ``viewer`` is shown in ``state`` and in ``other`` (a world that differs only in
    what it cannot see) must be the same: observation, table view and event lines."""
    if other.observation(viewer) != state.observation(viewer):
        return f"{_who(viewer)}'s observation changes under {how} (it shows hidden things)"
    if other.render(viewer) != state.render(viewer):
        return f"{_who(viewer)}'s table view (render) changes under {how} (it shows hidden things)"
    log, other_log = state.event_log(), other.event_log()
    if log is not None and other_log is not None and log.view(viewer) != other_log.view(viewer):
        return f"{_who(viewer)}'s event lines change under {how}"
    return ""


def perturbed_views(state: State, viewer: int | None, rng: Rng) -> tuple[str, bool]:
    """The game's own perturbation for ``viewer`` (if it offers one) must leave everything
    the viewer is shown unchanged; returns the problem and whether a perturbation was made."""
    other = state.perturb(viewer, rng)
    if other is None:
        return "", False
    return views_differ(state, other, viewer, "perturb(), which changes only what it cannot "
                        "see"), True


def public_descriptions(state: State, observers: Sequence[int | None]) -> str:
    """Two moves of the seat to act that leave an observer with the same observation (its
    event lines included) must read the same to that observer (``describe_public``):
    otherwise the words tell him what the move hid (a face-down card, a sealed bid)."""
    actor = state.to_act
    legal = list(state.legal_actions())
    if actor is None or len(legal) < 2:
        return ""
    after = []
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        after.append(copy)
    for observer in observers:
        if observer == actor:
            continue
        seen: dict[str, str] = {}
        for action, copy in zip(legal, after, strict=True):
            key = repr(copy.observation(observer))
            text = state.describe_public(action)
            if seen.setdefault(key, text) != text:
                return (f"{_who(observer)} cannot tell apart two moves of {seat_label(actor)} "
                        f"that describe_public tells apart: {seen[key][:50]!r} and "
                        f"{text[:50]!r}")
    return ""


def public_talk(state: State, worlds: Mapping[int | None, State]) -> str:
    """What the seat to act would say with each legal move (``State.talk``) is fit to show
    (:func:`tabletop.talk.talk_problem`) and uses public information only: the same words, to
    each listener, in every other seat's determinization (``worlds``, by seat), where the
    mover's hidden cards are resampled, and the same words for two moves the listener sees
    taken alike (``describe_public``: a Muscle card laid face down)."""
    actor = state.to_act
    listeners: list[int | None] = [*range(state.players), None]
    heard: dict[tuple[int | None, str], str | None] = {}
    for action in state.legal_actions():
        said = {listener: state.talk(action, listener) for listener in listeners}
        public = state.describe_public(action)
        for listener, text in said.items():
            problem = "" if text is None else talk_problem(text)
            if problem:
                return f"{seat_label(actor)}'s talk to {_who(listener)}: {problem}"
            # moves the others see taken alike (a sealed bid) must not be told apart aloud
            if listener != actor and heard.setdefault((listener, public), text) != text:
                return (f"{seat_label(actor)}'s talk tells {_who(listener)} apart two moves "
                        f"that read the same to it ({public[:40]!r}): {text!r:.50}")
        for seat, world in worlds.items():
            if seat == actor:
                continue
            for listener in {seat, None}:
                try:
                    other = world.talk(action, listener)
                except Exception as exc:  # noqa: BLE001 - reading what is not there
                    return (f"{seat_label(actor)}'s talk for {state.describe(action)[:40]!r} "
                            f"fails in {_who(seat)}'s determinization ({type(exc).__name__}):"
                            " it reads hidden things")
                if other != said[listener]:
                    return (f"{seat_label(actor)}'s talk for {state.describe(action)[:40]!r} "
                            f"to {_who(listener)} changes under {_who(seat)}'s "
                            f"determinization ({said[listener]!r:.50} vs {other!r:.50}): it "
                            "reads hidden things")
    return ""


def new_event_lines(state: State, worlds: Iterable[State], action: Any, viewer: int) -> str:
    """Play ``action`` in the real world and in a world from ``worlds`` (determinizations for
    ``viewer``; each gets the real world's rng, so public chance falls the same): where the
    viewer's view of the table comes out the same, the event lines the move wrote for it must
    be the same too, or an event says what the table does not show (a drawn card named in a
    public event). The first world where the move is legal and the views agree decides."""
    real = state.clone()
    real.apply(action)
    log = real.event_log()
    if log is None:
        return ""
    mark = state.event_log().total  # type: ignore[union-attr]
    mine = [e.text for e in log.since(mark, viewer)]
    for candidate in worlds:
        world = candidate.clone()
        world.rng = state.rng.clone()  # type: ignore[misc]  # every state holds its rng
        try:
            world.apply(action)
        except IllegalAction:
            continue  # the move needs what differs between the worlds
        if _public_view(real, viewer) != _public_view(world, viewer):
            continue  # the move revealed something by rule; its events may name it
        world_log = world.event_log()
        theirs = [e.text for e in world_log.since(mark, viewer)] if world_log else []
        if mine != theirs:
            first = next((a for a, b in zip(mine, theirs, strict=False) if a != b),
                         (mine or theirs)[0])
            return (f"an event {_who(viewer)} reads depends on what it cannot see: "
                    f"{first[:80]!r}")
        return ""
    return ""


def position_problem(state: State, position: State, viewer: int | None, rng: Rng,
                     after_determinize: Rng) -> str:
    """``position(viewer, rng)`` (a determinization for an agent that only reads the
    position) must show ``viewer`` and the spectator what the state shows, and leave ``rng``
    where ``determinize`` left a copy of it (``after_determinize``), so that the agent's
    later draws are the same from either view."""
    if rng.state != after_determinize.state:
        return (f"position({_who(viewer)}) leaves the rng elsewhere than determinize does: "
                "an agent would draw differently from either view")
    for who in {viewer, None}:
        problem = views_differ(state, position, who, f"position({_who(viewer)})")
        if problem:
            return problem
    return ""


class Resampling:
    """Whether ``determinize`` (or ``position``: ``how``) resamples every other seat's hidden
    things, over a whole game.

    Where the spectator's determinization changes a part of what seat ``t`` sees (a top-level
    key of its observation: its hand, its sealed stake), another seat ``s`` cannot see that
    part either, so its own determinization must change it too — at that step or another (late
    in a game ``s`` may work a hand out exactly, which is knowledge, not a leak). At each such
    step, until it has happened once, ``s`` gets ``attempts`` fresh determinizations."""

    def __init__(self, attempts: int = 8, how: str = "determinize") -> None:
        self.attempts = attempts
        self.how = how
        self.wanted: set[tuple[int, int, str]] = set()
        self.seen: set[tuple[int, int, str]] = set()

    def note(self, state: State, copies: dict[int | None, State],
             redeterminize: Callable[[int], State]) -> None:
        """One step: ``copies`` holds a determinization per viewer (``None``: spectator)."""
        spectator = copies.get(None)
        if spectator is None:
            return
        seats = [s for s in copies if s is not None]
        for t in seats:
            real = state.observation(t)
            shown = spectator.observation(t)
            for key in [k for k in real if real.get(k) != shown.get(k)]:
                for s in seats:
                    if s == t or (s, t, key) in self.seen:
                        continue
                    self.wanted.add((s, t, key))
                    tries = [copies[s]] + [redeterminize(s) for _ in range(self.attempts)]
                    if any(c.observation(t).get(key) != real.get(key) for c in tries):
                        self.seen.add((s, t, key))

    def problem(self) -> str:
        """A seat whose determinization never resampled a hidden part of another seat's."""
        for s, t, key in sorted(self.wanted - self.seen):
            return (f"{self.how}({s}) never resamples {seat_label(t)}'s hidden {key!r} (the "
                    f"spectator's determinization does): an agent of {seat_label(s)} would "
                    "see it")
        return ""


#: values :func:`carried_secret` does not look into
_PLAIN = (str, bytes, int, float, complex, bool, type(None), range, type, types.ModuleType)


def _children(value: Any) -> Iterable[tuple[str, Any]]:
    """The values ``value`` holds that may hold more, each with the path step reaching it."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(item, _PLAIN):
                yield f"[{key!r:.30}]", item
            if not isinstance(key, _PLAIN):
                yield "(a key)", key
    elif isinstance(value, (list, tuple, set, frozenset)):
        yield from ((f"[{i}]", item) for i, item in enumerate(value)
                    if not isinstance(item, _PLAIN))
    elif isinstance(value, types.MethodType):
        yield ".__self__", value.__self__
    elif isinstance(value, types.FunctionType):
        yield from ((f"(closure {i})", cell.cell_contents)
                    for i, cell in enumerate(value.__closure__ or ()) if _filled(cell))
    else:
        names = _declared(type(value))
        for name in (*names, *(k for k in getattr(value, "__dict__", ()) if k not in names)):
            item = getattr(value, name, None)
            if not isinstance(item, _PLAIN):
                yield f".{name}", item


#: the attributes each class declares, by class (see :func:`_declared`)
_DECLARED: dict[type, tuple[str, ...]] = {}


def _declared(cls: type) -> tuple[str, ...]:
    """The attributes ``cls`` declares: attrs fields and slots."""
    known = _DECLARED.get(cls)
    if known is None:
        names = [f.name for f in attrs.fields(cls)] if attrs.has(cls) else []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
        known = _DECLARED[cls] = tuple(n for n in dict.fromkeys(names)
                                       if n not in ("__dict__", "__weakref__"))
    return known


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True


def carried_secret(copy: State, seat: int | None, how: str) -> str:
    """Where ``copy`` (``how``: whose copy it is) holds what no copy given to ``seat`` may,
    wherever in its objects: another seat's private event (in the event log, or kept anywhere
    else), the game's record (every move, sealed ones included) or another position."""
    seen = {id(copy)}
    todo = [(value, step) for step, value in _children(copy)]
    while todo:
        value, path = todo.pop()
        if isinstance(value, _PLAIN) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, Event):
            if not value.visible_to(seat):
                return (f"{how} holds {seat_label(value.to)}'s private event "
                        f"{value.text[:60]!r} (at {path}): a bot reading it learns that "
                        "seat's secrets")
            continue
        if isinstance(value, Record):
            return (f"{how} holds the game's record (at {path}): a bot reading it learns "
                    "every move, sealed ones included")
        if isinstance(value, State):
            return (f"{how} holds another position, a {type(value).__name__} (at {path}), "
                    "with all its secrets")
        todo.extend([(item, path + step) for step, item in _children(value)])
    return ""


def copy_problem(state: State, copy: State, seat: int | None, how: str) -> str:
    """What ``copy``, the copy of ``state`` made for ``seat`` (``how``: whose copy it is),
    holds that the seat may not read: see :func:`carried_secret`; the real game's rng (a bot
    would foresee the dice and the draws); legal actions cached from another position."""
    problem = carried_secret(copy, seat, how)
    if problem:
        return problem
    if copy.rng.state == state.rng.state:
        return (f"{how} keeps the real game's rng: a bot would foresee its dice and draws "
                "(reseed it from the rng given)")
    cached = getattr(copy, "_legal_cache", None)
    if cached is not None and tuple(cached) != tuple(() if copy.is_over
                                                     else copy._legal_actions()):
        return f"{how} keeps legal actions cached from another position"
    return ""


def stored_problem(game: Game, copy: State, seat: int | None, how: str) -> str:
    """``copy`` (``how``: whose copy it is) must answer as the position it stores does: its
    twin saved and loaded (a snapshot, without anything a game keeps outside it, such as its
    own cache) has the same seat to act and legal actions, and shows every seat and the
    spectator the same. Otherwise something outside the stored position (a cache filled in
    the real game) carries the real game's secrets into the copy."""
    try:
        twin: State = structure(snapshot(game, copy)["state"], game.state_class)
    except TabletopError as exc:
        return f"{how} is no position the game can load: {exc}"
    if twin.to_act != copy.to_act or tuple(twin.legal_actions()) != tuple(copy.legal_actions()):
        return (f"{how} lists other legal actions than the position it stores: something "
                "kept outside it (a cache?) comes from the real game")
    for viewer in [*range(copy.players), None]:
        if twin.observation(viewer) != copy.observation(viewer):
            return (f"{how} shows {_who(viewer)} another observation than the position it "
                    "stores: something kept outside it (a cache?) comes from the real game")
    if twin.render(seat) != copy.render(seat):
        return (f"{how} renders another table than the position it stores: something kept "
                "outside it (a cache?) comes from the real game")
    return ""
