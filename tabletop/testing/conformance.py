"""The conformance suite: the checks that any game module, third-party ones included, must pass.

For each legal player count of a game:

1. seeded random games never crash and end by the game's own rules within its step cap; games
   between heuristic agents end by the rules in at least 95% of seeds;
2. ``legal_actions()`` is never empty before the end, and every listed action applies;
3. illegal actions (from other states and seats, or malformed) raise ``IllegalAction`` and leave
   the snapshot byte-for-byte unchanged;
4. the same seed and choices give identical records; replaying a record reproduces the final
   snapshot; a snapshot saved at a random step and loaded continues identically;
5. a clone is independent of its original, both ways;
6. hidden information stays hidden: ``observation(seat)`` is JSON-safe, and everything a seat
   or the spectator is shown — observation, ``render``, event lines (also those the next move
   writes), ``picture`` (well-formed SVG), ``describe_public`` of others' moves, the table
   talk of every legal move (``talk``: also one line of at most 100 columns, no Python
   internals) — is the same in a world that differs only in what it cannot see, built by ``determinize`` and by the
   game's own ``perturb``; determinization resamples every other seat's hidden things
   (see :mod:`tabletop.testing.secrecy`); so does ``position`` (the view of an agent that
   only reads the position), which shows each seat what the state does and leaves the rng
   where ``determinize`` leaves it; and each such copy, which a bot may read field by field,
   holds nothing its seat may not read: no other seat's private event anywhere in it (log or
   elsewhere), no record or other position, not the real game's rng, and it answers as the
   position it stores does (no cache from the real game);
7. the game's own conservation invariants hold at every step;
8. ``result()`` is well formed for every finished game;
9. narration: every event has a kind and words and is public or for one real seat; a seat's
   ``observation(seat)["events"]`` is exactly the log entries it may see; no private event's
   words reach another seat's observation or table view; a move that changes another seat's
   public ``counters`` writes a public event naming that seat ("Player 2"); no line of a table view is wider than 100
   columns; no two legal actions read the same;
10. the action space, where the game declares one: every legal action has a number below
   ``Game.action_space`` that maps back to it, distinct actions have distinct numbers;
   ``observation_tensor(seat)`` has the declared shape, holds finite numbers only and is
   the same under the seat's determinization; scores lie within ``Game.result_bounds``;
11. graphs: after every move, each graph the state keeps (``State.graphs()``) agrees with its
   component's other structures (``graph_problems()`` is empty: every piece on an existing
   node, kinds and capacities as declared, a hierarchy a tree rooted at its boss).

Every failure names the seed and step that reproduce it. :func:`check_game` returns the
results; ``tabletop check`` prints them; ``tests/test_conformance.py`` runs them over every
registered game.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
import traceback
from collections.abc import Callable, Iterator, Mapping
from typing import Any
from xml.etree import ElementTree

import attrs

from tabletop.agents import random_choice
from tabletop.components.log import EVERYONE, Event
from tabletop.engine import Game, State, conceal, seat_label, step_cap_of
from tabletop.errors import IllegalAction, TabletopError
from tabletop.flow import Flow
from tabletop.match import Match
from tabletop.pictures.targets import target_problems
from tabletop.record import Record, replay
from tabletop.rng import Rng
from tabletop.serialization import (
    decode_action,
    load_snapshot,
    snapshot,
    snapshot_json,
    unstructure,
)
from tabletop.testing import secrecy

CHECKS = (
    "1 games end",
    "2 legal actions",
    "3 illegal refused",
    "4 determinism",
    "5 clone independence",
    "6 hidden information",
    "7 invariants",
    "8 result",
    "9 narration",
    "10 action space",
    "11 graphs",
)

HEURISTIC_END_SHARE = 0.95
#: the widest line a table view may have (a terminal of 100 columns)
TABLE_WIDTH = 100


@attrs.frozen
class CheckResult:
    """The outcome of one check for one game and player count."""

    game: str
    players: int
    check: str
    passed: bool
    detail: str
    seed: int | None = None
    step: int | None = None

    def line(self) -> str:
        """One line for a terminal: verdict, game, check, what failed and how to reproduce."""
        verdict = "PASS" if self.passed else "FAIL"
        where = ""
        if not self.passed and self.seed is not None:
            where = f" [seed {self.seed}" + (f", step {self.step}]" if self.step is not None else "]")
        return f"{verdict}  {self.game} {self.players}p  {self.check}: {self.detail}{where}"


class _Failure(Exception):
    """A check failed at a seed and step."""

    def __init__(self, detail: str, seed: int | None = None, step: int | None = None):
        super().__init__(detail)
        self.detail, self.seed, self.step = detail, seed, step


def _crash_text(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _strip_rng(snap: dict[str, Any]) -> dict[str, Any]:
    state = dict(snap["state"]) if isinstance(snap.get("state"), dict) else {}
    state.pop("rng", None)
    return state


def _random_walk(
    game: Game, players: int, seed: int, options: Any
) -> Iterator[tuple[int, State, Any]]:
    """Yield (step, state before the move, chosen action) along a seeded random game; the caller
    may inspect the state but must not change it. Raises _Failure on a crash or an empty list."""
    try:
        state = game.new_state(players, seed, options)
    except Exception as exc:
        raise _Failure(f"setup crashed: {_crash_text(exc)}", seed, 0) from exc
    chooser = Rng.from_seed(seed, "conformance-chooser")
    cap = step_cap_of(game, players, options)
    step = 0
    while True:
        try:
            over = state.is_over
        except Exception as exc:
            raise _Failure(f"is_over crashed: {_crash_text(exc)}", seed, step) from exc
        if over:
            yield step, state, None
            return
        if step >= cap:
            raise _Failure(f"no end after the step cap of {cap} decisions", seed, step)
        try:
            legal = state.legal_actions()
        except Exception as exc:
            raise _Failure(f"legal_actions crashed: {_crash_text(exc)}", seed, step) from exc
        if not legal:
            raise _Failure("legal_actions() is empty before the end", seed, step)
        action = random_choice(legal, chooser)
        yield step, state, action
        try:
            state.apply(action)
        except Exception as exc:
            raise _Failure(
                f"applying listed action {action!r} failed: {_crash_text(exc)}", seed, step
            ) from exc
        step += 1


def _sampled(step: int, every: int) -> bool:
    return step % every == 0


class _Checker:
    """Runs the checks for one game and player count."""

    def __init__(self, game: Game, players: int, options: Any, games: int, deep: int,
                 seed: int, progress: Callable[[], None] | None,
                 only: tuple[str, ...] | None = None, stride: int = 1):
        self.only, self.stride = only, stride
        self.game, self.players, self.options = game, players, options
        self.games, self.deep, self.seed = games, deep, seed
        self.progress = progress or (lambda: None)
        self.results: list[CheckResult] = []
        self._counted = self._narrated = 0

    def _ok(self, check: str, detail: str) -> None:
        self.results.append(CheckResult(self.game.name, self.players, check, True, detail))

    def _fail(self, check: str, failure: _Failure) -> None:
        self.results.append(CheckResult(self.game.name, self.players, check, False,
                                        failure.detail, failure.seed, failure.step))

    def run(self) -> list[CheckResult]:
        for name, method in (
            (CHECKS[0], self.check_games_end),
            (CHECKS[1], self.check_legal_actions),
            (CHECKS[2], self.check_illegal_refused),
            (CHECKS[3], self.check_determinism),
            (CHECKS[4], self.check_clones),
            (CHECKS[5], self.check_hidden_information),
            (CHECKS[6], self.check_invariants),
            (CHECKS[7], self.check_results),
            (CHECKS[8], self.check_narration),
            (CHECKS[9], self.check_action_space),
            (CHECKS[10], self.check_graphs),
        ):
            if self.only is not None and name not in self.only:
                continue
            try:
                detail = method()
            except _Failure as failure:
                self._fail(name, failure)
            except Exception as exc:  # noqa: BLE001 - a crash inside a check fails that check
                self._fail(name, _Failure(f"crashed: {_crash_text(exc)}"))
            else:
                self._ok(name, detail)
            self.progress()
        return self.results

    def seeds(self, count: int) -> range:
        return range(self.seed, self.seed + count)

    # 1 --------------------------------------------------------------------------------
    def check_games_end(self) -> str:
        lengths = []
        for seed in self.seeds(self.games):
            for step, _state, action in _random_walk(self.game, self.players, seed, self.options):
                if action is None:
                    lengths.append(step)
        heuristic = "heuristic" in self.game.agents()
        detail = f"{self.games} random games ended (longest {max(lengths)} decisions)"
        if heuristic:
            count = max(10, self.games // 10)
            ended = 0
            cap = step_cap_of(self.game, self.players, self.options)
            for seed in self.seeds(count):
                match = Match(self.game, self.players, seed, self.options,
                              ["heuristic"] * self.players)
                try:
                    outcome = match.run(cap)
                except Exception as exc:
                    raise _Failure(f"heuristic game crashed: {_crash_text(exc)}", seed,
                                   match.steps) from exc
                ended += outcome == "finished"
            if ended < HEURISTIC_END_SHARE * count:
                raise _Failure(f"only {ended} of {count} heuristic games ended by the rules "
                               f"within {cap} decisions (need {HEURISTIC_END_SHARE:.0%})",
                               self.seed)
            detail += f"; {ended}/{count} heuristic games ended"
        return detail

    # 2 --------------------------------------------------------------------------------
    def check_legal_actions(self) -> str:
        tried = 0
        for seed in self.seeds(self.deep):
            every = 1
            for step, state, action in _random_walk(self.game, self.players, seed, self.options):
                if action is None:
                    break
                if not _sampled(step, every):
                    continue
                if step > 200:
                    every = 7  # long games: sample, the walk itself still checks every step
                flow = getattr(state, "FLOW", None)
                for candidate in state.legal_actions():
                    if isinstance(flow, Flow):
                        reason = flow.why_illegal(state, candidate)
                        if reason is not None:  # the listing and the refusal disagree
                            raise _Failure(f"listed action {candidate!r} is refused by the "
                                           f"flow: {reason}", seed, step)
                    copy = state.clone()
                    try:
                        copy.apply(candidate)
                    except Exception as exc:
                        raise _Failure(f"listed action {candidate!r} does not apply: "
                                       f"{_crash_text(exc)}", seed, step) from exc
                    tried += 1
        return f"{tried} listed actions applied"

    # 3 --------------------------------------------------------------------------------
    def check_illegal_refused(self) -> str:
        pool: list[Any] = []
        for seed in self.seeds(self.deep):
            for step, state, action in _random_walk(self.game, self.players, seed + 10_000,
                                                    self.options):
                if action is not None and len(pool) < 400:
                    pool.extend(state.legal_actions()[:3])
        malformed: list[Any] = [None, "pass", 17, ("x",), object()]
        refused = 0
        for seed in self.seeds(self.deep):
            for step, state, action in _random_walk(self.game, self.players, seed, self.options):
                if action is None or not _sampled(step, 3):
                    continue
                legal = state.legal_actions()
                before = snapshot_json(self.game, state)
                candidates = [a for a in pool if a not in legal][:12] + malformed
                for bad in candidates:
                    try:
                        state.apply(bad)
                    except IllegalAction:
                        refused += 1
                    except Exception as exc:
                        raise _Failure(f"illegal {bad!r} raised {_crash_text(exc)}, not "
                                       "IllegalAction", seed, step) from exc
                    else:
                        raise _Failure(f"illegal action {bad!r} was accepted", seed, step)
                    if snapshot_json(self.game, state) != before:
                        raise _Failure(f"refusing {bad!r} changed the state", seed, step)
                if tuple(state.legal_actions()) != tuple(legal):
                    raise _Failure("refusing illegal actions changed the legal actions",
                                   seed, step)
        return f"{refused} illegal actions refused without a trace"

    # 4 --------------------------------------------------------------------------------
    def _bot_game(self, seed: int, global_seed: int) -> Match:
        random.seed(global_seed)  # a game that wrongly uses the global random module diverges
        match = Match(self.game, self.players, seed, self.options, ["random"] * self.players)
        match.run()
        return match

    def check_determinism(self) -> str:
        for seed in self.seeds(self.deep):
            first = self._bot_game(seed, 1)
            second = self._bot_game(seed, 2)
            if first.record.to_json() != second.record.to_json():
                raise _Failure("the same seed and choices gave different records", seed)
            final = snapshot_json(self.game, first.state)
            if snapshot_json(self.game, second.state) != final:
                raise _Failure("the same seed and choices gave different final states", seed)
            record = Record.from_json(first.record.to_json())
            try:
                replayed = replay(record, self.game)
            except TabletopError as exc:
                raise _Failure(f"replaying the record failed: {exc}", seed) from exc
            if snapshot_json(self.game, replayed) != final:
                raise _Failure("replaying the record did not reproduce the final state", seed)
            self._check_save_and_load(seed, first)
        return f"{self.deep} games identical twice, replayed, and resumed from a snapshot"

    def _check_save_and_load(self, seed: int, played: Match) -> None:
        actions = played.record.actions
        if not actions:
            return
        cut = Rng.from_seed(seed, "cut").below(len(actions))
        state = self.game.new_state(self.players, seed, self.options)
        decoded = [decode_action(self.game, a) for a in actions]
        for action in decoded[:cut]:
            state.apply(action)
        text = snapshot_json(self.game, state)
        try:
            loaded = load_snapshot(self.game, json.loads(text))
        except TabletopError as exc:
            raise _Failure(f"a snapshot does not load: {exc}", seed, cut) from exc
        if snapshot_json(self.game, loaded) != text:
            raise _Failure("a loaded snapshot differs from the saved one", seed, cut)
        for step, action in enumerate(decoded[cut:], start=cut):
            try:
                loaded.apply(action)
            except IllegalAction as exc:
                raise _Failure(f"after loading, the game diverged: {exc}", seed, step) from exc
        if snapshot_json(self.game, loaded) != snapshot_json(self.game, played.state):
            raise _Failure("a game resumed from a snapshot ended differently", seed, cut)

    # 5 --------------------------------------------------------------------------------
    def check_clones(self) -> str:
        compared = 0
        for seed in self.seeds(self.deep):
            pending: tuple[State, str, int] | None = None  # a clone taken before the last move
            for step, state, action in _random_walk(self.game, self.players, seed, self.options):
                if pending is not None:
                    clone, clone_before, at = pending
                    if snapshot_json(self.game, clone) != clone_before:
                        raise _Failure("playing on the original changed its clone", seed, at)
                    pending = None
                if action is None or not _sampled(step, 2):
                    continue
                before = snapshot_json(self.game, state)
                forward = state.clone()
                if snapshot_json(self.game, forward) != before:
                    raise _Failure("a clone differs from its original", seed, step)
                forward.apply(action)
                if snapshot_json(self.game, state) != before:
                    raise _Failure("playing on a clone changed the original", seed, step)
                backward = state.clone()
                pending = (backward, snapshot_json(self.game, backward), step)
                compared += 1
        return f"{compared} clones independent both ways"

    # 6 --------------------------------------------------------------------------------
    def check_hidden_information(self) -> str:
        resampled = perturbed = False
        checked = 0
        seats: list[int | None] = [*range(self.players), None]
        tracker = secrecy.Resampling()
        pos_tracker = secrecy.Resampling(how="position")
        for seed in self.seeds(self.deep):
            det_rng = Rng.from_seed(seed, "determinize")
            for step, state, action in _random_walk(self.game, self.players, seed, self.options):
                if not _sampled(step, 2 * self.stride) and action is not None:
                    continue
                snap = snapshot(self.game, state)
                copies: dict[int | None, State] = {}
                positions: dict[int | None, State] = {}
                for seat in seats:
                    self._check_json(state.observation(seat), seat, seed, step)
                    pos_rng = det_rng.clone()
                    copy = state.determinize(seat, det_rng)
                    if snapshot_json(self.game, state) != json.dumps(snap, separators=(",", ":")):
                        raise _Failure("determinize() changed the original state", seed, step)
                    positions[seat] = state.position(seat, pos_rng)
                    problem = secrecy.position_problem(state, positions[seat], seat,
                                                       pos_rng, det_rng)
                    if problem or snapshot_json(self.game, state) != json.dumps(
                            snap, separators=(",", ":")):
                        raise _Failure(problem or "position() changed the original state",
                                       seed, step)
                    for viewer in {seat, None}:
                        problem = secrecy.views_differ(state, copy, viewer,
                                                       f"determinize({seat})")
                        if problem:
                            raise _Failure(problem, seed, step)
                    self._check_copies(state, {"determinization": copy,
                                               "position view": positions[seat]},
                                       seat, seed, step)
                    if seat is not None and _sampled(step, 6 * self.stride):
                        self._check_picture(state, copy, seat, seed, step)
                    copies[seat] = copy
                    if not resampled and _strip_rng(snapshot(self.game, copy)) != _strip_rng(
                            snapshot(self.game, conceal(state.clone(), seat, state))):
                        resampled = True  # more than the log entries the seat may not see
                    problem, made = secrecy.perturbed_views(state, seat, det_rng)
                    if problem:
                        raise _Failure(problem, seed, step)
                    perturbed |= made
                    if seat is not None and action is not None and _sampled(step, 4 * self.stride):
                        worlds = itertools.chain(
                            [copy], (state.determinize(seat, det_rng) for _ in range(5)))
                        problem = secrecy.new_event_lines(state, worlds, action, seat)
                        if problem:
                            raise _Failure(problem, seed, step)
                    checked += 1
                if action is not None and _sampled(step, 6 * self.stride):
                    problem = (secrecy.public_descriptions(state, seats)
                               or secrecy.public_talk(state, copies))
                    if problem:
                        raise _Failure(problem, seed, step)
                tracker.note(state, copies, functools.partial(state.determinize, rng=det_rng))
                positions[None] = copies[None]  # what the spectator cannot see: determinize's
                pos_tracker.note(state, positions, functools.partial(state.position, rng=det_rng))
        if self.game.has_hidden_information and not resampled:
            raise _Failure("the game declares hidden information but determinize() never "
                           "resampled anything", self.seed)
        problem = tracker.problem() or pos_tracker.problem()
        if problem:
            raise _Failure(problem, self.seed)
        extra = "; hidden parts resampled" if resampled else "; nothing hidden"
        extra += "; perturbed worlds agree" if perturbed else "; the game offers no perturb()"
        return (f"{checked} views (observation, table, events, picture, public moves, talk) "
                f"unchanged by determinization and position{extra}")

    def _check_copies(self, state: State, copies: Mapping[str, State], seat: int | None,
                      seed: int, step: int) -> None:
        """What a bot of ``seat`` is given (each of ``copies``, by what it is) holds nothing
        the seat may not read (:func:`secrecy.copy_problem`), and answers as the position it
        stores does (:func:`secrecy.stored_problem`, at fewer steps: it saves and loads)."""
        for what, copy in copies.items():
            how = f"{'the spectator' if seat is None else seat_label(seat)}'s {what}"
            problem = secrecy.copy_problem(state, copy, seat, how)
            if not problem and _sampled(step, 12 * self.stride):
                problem = secrecy.stored_problem(self.game, copy, seat, how)
            if problem:
                raise _Failure(problem, seed, step)

    def _check_json(self, obs: Any, seat: int | None, seed: int, step: int) -> None:
        try:
            text = json.dumps(obs, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise _Failure(f"observation of seat {seat} is not JSON: {exc}", seed,
                           step) from exc
        if json.loads(text) != obs:
            raise _Failure(f"observation of seat {seat} does not round-trip through JSON "
                           "(tuples or non-str keys?)", seed, step)

    def _check_picture(self, state: State, copy: State, seat: int, seed: int,
                       step: int) -> None:
        """A seat's picture is well-formed SVG and shows nothing its determinization would
        draw differently (hidden things drawn face down, never their faces)."""
        picture = state.picture(seat)
        if picture is None:
            return
        try:
            root = ElementTree.fromstring(picture)
        except ElementTree.ParseError as exc:
            raise _Failure(f"picture({seat}) is not well-formed SVG: {exc}", seed,
                           step) from exc
        if not root.tag.endswith("svg"):
            raise _Failure(f"picture({seat}) is a <{root.tag}>, not an <svg>", seed, step)
        if copy.picture(seat) != picture:
            raise _Failure(f"seat {seat}'s picture changes under its own determinization "
                           "(it draws hidden information)", seed, step)
        if seat == state.to_act:
            problems = target_problems(state, seat, picture)
            if problems:
                raise _Failure(f"seat {seat}'s targets: {problems[0]}", seed, step)

    # 7 --------------------------------------------------------------------------------
    def check_invariants(self) -> str:
        steps = 0
        for seed in self.seeds(self.deep):
            for step, state, _action in _random_walk(self.game, self.players, seed, self.options):
                problems = state.invariants()
                if problems:
                    raise _Failure("; ".join(problems), seed, step)
                steps += 1
        return f"invariants held at {steps} steps"

    # 11 -------------------------------------------------------------------------------
    def check_graphs(self) -> str:
        steps = 0
        names: set[str] = set()
        for seed in self.seeds(self.deep):
            for step, state, _action in _random_walk(self.game, self.players, seed, self.options):
                graphs = state.graphs()
                for name, component in graphs.items():
                    problems = component.graph_problems()
                    if problems:
                        raise _Failure(f"graph {name!r}: " + "; ".join(problems[:3]), seed, step)
                names.update(graphs)
                steps += 1
        if not names:
            return "the game keeps no graphs"
        return f"{', '.join(sorted(names))} agreed with the state at {steps} steps"

    # 8 --------------------------------------------------------------------------------
    def check_results(self) -> str:
        finished = 0
        for seed in self.seeds(self.deep * 2):
            for step, state, action in _random_walk(self.game, self.players, seed, self.options):
                if action is not None:
                    continue
                result = state.result()
                problems = result.problems(self.players)
                if problems:
                    raise _Failure("; ".join(problems), seed, step)
                if result != state.result():
                    raise _Failure("result() gives a different answer when asked twice", seed,
                                   step)
                json.dumps(unstructure(result))
                if state.to_act is not None:
                    raise _Failure("a finished game still has a seat to act", seed, step)
                if state.legal_actions():
                    raise _Failure("a finished game still lists legal actions", seed, step)
                finished += 1
        return f"{finished} results well formed"


    # 9 --------------------------------------------------------------------------------
    def check_narration(self) -> str:
        viewers: list[int | None] = [*range(self.players), None]
        self._counted = self._narrated = 0
        for seed in self.seeds(self.deep):
            before: tuple[int, int, list[dict[str, int]]] | None = None
            for step, state, action in _random_walk(self.game, self.players, seed,
                                                    self.options):
                counters = [dict(state.counters(s)) for s in range(self.players)]
                if before is not None:
                    self._check_move(state, before, counters, seed, step - 1)
                if _sampled(step, 3) or action is None:
                    self._check_views(state, viewers, seed, step)
                if action is None:
                    break
                if _sampled(step, 3):
                    texts = [state.describe(a) for a in state.legal_actions()]
                    if len(set(texts)) != len(texts):
                        twin = next(x for x in texts if texts.count(x) > 1)
                        raise _Failure(f"two legal actions read the same: {twin[:80]!r}",
                                       seed, step)
                log = state.event_log()
                actor = state.to_act
                assert actor is not None
                before = (actor, log.total if log is not None else 0, counters)
        return (f"events well formed and private events private; {self._narrated} of "
                f"{self._counted} moves that changed another seat's counters narrated")

    def _check_move(self, state: State, before: tuple[int, int, list[dict[str, int]]],
                    counters: list[dict[str, int]], seed: int, step: int) -> None:
        """The events one move wrote are well formed, and it narrated what it changed of
        another seat's counters."""
        actor, mark, old = before
        log = state.event_log()
        new = log.since(mark, EVERYONE) if log is not None else []
        for event in new:
            problem = _event_problem(event, self.players)
            if problem:
                raise _Failure(problem, seed, step)
        changed = [s for s in range(self.players) if s != actor and counters[s] != old[s]]
        if not changed:
            return
        self._counted += 1
        for seat in changed:
            label = seat_label(seat)
            if not any(e.to is None and _names(e.text, label) for e in new):
                raise _Failure(f"the move changed {label}'s counters "
                               f"({_counter_change(old[seat], counters[seat])}) but wrote no "
                               f"public event that names {label}", seed, step)
        self._narrated += 1

    def _check_views(self, state: State, viewers: list[int | None], seed: int,
                     step: int) -> None:
        """What each viewer is shown holds its events only, and its table fits the width."""
        log = state.event_log()
        renders = {}
        for viewer in viewers:
            text = state.render(viewer)
            renders[viewer] = text
            wide = [line for line in text.split("\n") if len(line) > TABLE_WIDTH]
            if wide:
                raise _Failure(f"render({viewer}) has a line of {len(wide[0])} columns "
                               f"(at most {TABLE_WIDTH}): {wide[0][:60]!r}...", seed, step)
        if log is None:
            return
        for viewer in viewers:
            obs = state.observation(viewer)
            if obs.get("events") != log.view(viewer):
                raise _Failure(f"observation({viewer})['events'] is not exactly the events "
                               "that seat may see (log.view)", seed, step)
        for event in log.entries:
            if event.to is None:
                continue
            for viewer in viewers:
                if viewer == event.to or event.text in log.view(viewer):
                    continue
                obs_text = json.dumps(state.observation(viewer), ensure_ascii=False)
                if event.text in renders[viewer] or json.dumps(event.text,
                                                               ensure_ascii=False) in obs_text:
                    raise _Failure(f"{seat_label(event.to)}'s private event {event.text!r} "
                                   f"reaches {seat_label(viewer)}'s view", seed, step)


    # 10 -------------------------------------------------------------------------------
    def check_action_space(self) -> str:
        size = self.game.action_space(self.players, self.options)
        shape = self.game.observation_shape(self.players, self.options)
        bounds = self.game.result_bounds(self.players, self.options)
        if size is None and shape is None and bounds is None:
            return "the game declares no action space, tensor or result bounds"
        length = math.prod(shape) if shape is not None else 0
        mapped = 0
        seats: list[int | None] = [*range(self.players), None]
        for seed in self.seeds(self.deep):
            det_rng = Rng.from_seed(seed, "tensor")
            for step, state, action in _random_walk(self.game, self.players, seed,
                                                    self.options):
                if action is None:
                    if bounds is not None:
                        low, high = bounds
                        outside = [x for x in state.result().scores if not low <= x <= high]
                        if outside:
                            raise _Failure(f"score {outside[0]} lies outside the declared "
                                           f"result bounds {bounds}", seed, step)
                    break
                if size is not None:
                    mapped += self._check_indices(state, size, seed, step)
                if shape is not None and _sampled(step, 3):
                    for seat in seats:
                        self._check_tensor(state, seat, length, det_rng, seed, step)
        parts = []
        if size is not None:
            parts.append(f"{mapped} legal actions numbered within {size} and back")
        if shape is not None:
            parts.append(f"observation tensors of shape {shape}")
        if bounds is not None:
            parts.append(f"scores within {bounds}")
        return "; ".join(parts)

    def _check_indices(self, state: State, size: int, seed: int, step: int) -> int:
        numbers: dict[int, Any] = {}
        legal = state.legal_actions()
        for action in legal:
            number = state.action_index(action)
            if type(number) is not int or not 0 <= number < size:
                raise _Failure(f"{action!r} is numbered {number!r}, outside the action space "
                               f"of {size}", seed, step)
            if number in numbers:
                raise _Failure(f"{numbers[number]!r} and {action!r} share number {number}",
                               seed, step)
            numbers[number] = action
            back = state.action_from_index(number)
            if back != action:
                raise _Failure(f"number {number} of {action!r} maps back to {back!r}",
                               seed, step)
        if list(state.legal_indices()) != list(numbers):
            raise _Failure("legal_indices() differs from the legal actions' numbers", seed, step)
        return len(legal)

    def _check_tensor(self, state: State, seat: int | None, length: int, rng: Rng,
                      seed: int, step: int) -> None:
        tensor = list(state.observation_tensor(seat))
        if len(tensor) != length:
            raise _Failure(f"observation_tensor({seat}) has {len(tensor)} numbers, not the "
                           f"{length} its declared shape holds", seed, step)
        bad = [x for x in tensor if type(x) not in (int, float) or not math.isfinite(x)]
        if bad:
            raise _Failure(f"observation_tensor({seat}) holds {bad[0]!r}, not a finite "
                           "number", seed, step)
        if seat is not None and state.determinize(seat, rng).observation_tensor(seat) != tensor:
            raise _Failure(f"observation_tensor({seat}) changes under the seat's own "
                           "determinization (it holds hidden information)", seed, step)


def _event_problem(event: Any, players: int) -> str:
    if not isinstance(event, Event):
        return f"the log holds {type(event).__name__}, not Event"
    if not isinstance(event.kind, str) or not event.kind.strip():
        return f"event {event.text!r} has no kind"
    if not isinstance(event.text, str) or not event.text.strip():
        return f"an event of kind {event.kind!r} has no words"
    if event.to is not None and not (isinstance(event.to, int) and 0 <= event.to < players):
        return f"event {event.text!r} is for seat {event.to!r}, which does not exist"
    return ""


def _names(text: str, label: str) -> bool:
    """Whether ``text`` names the seat ``label`` ("Player 1", not "Player 10")."""
    at = text.find(label)
    while at >= 0:
        end = at + len(label)
        if end == len(text) or not text[end].isdigit():
            return True
        at = text.find(label, end)
    return False


def _counter_change(old: dict[str, int], new: dict[str, int]) -> str:
    keys = [k for k in {**old, **new} if old.get(k) != new.get(k)]
    return ", ".join(f"{k} {old.get(k)} -> {new.get(k)}" for k in keys[:3])


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _first_difference(a.get(key, "<missing>"), b.get(key, "<missing>"),
                                         f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    text_a, text_b = repr(a), repr(b)
    return f"{path or 'observation'}: {text_a[:60]} vs {text_b[:60]}"


def check_game(
    game: Game,
    players: int | list[int] | None = None,
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deep: int | None = None,
    progress: Callable[[], None] | None = None,
    checks: tuple[str, ...] | list[str] | None = None,
    stride: int = 1,
) -> list[CheckResult]:
    """Run the checks on ``game`` for each player count (default: all legal ones).

    ``games`` random games per player count test check 1; ``deep`` games (default: a tenth of
    that, at least 2) are examined step by step for the others. ``checks`` names the checks to
    run (as in :data:`CHECKS`, or by number: ``"6"``); default: all of them. ``stride`` > 1
    makes check 6 (hidden information) lighter: it examines every ``stride``-th of the steps
    it would otherwise examine.
    """
    counts = (
        list(range(game.min_players, game.max_players + 1)) if players is None
        else [players] if isinstance(players, int) else list(players)
    )
    only = None
    if checks is not None:
        only = tuple(c for c in CHECKS if c in checks or c.split()[0] in checks)
        unknown = [c for c in checks if c not in CHECKS and c not in
                   {name.split()[0] for name in CHECKS}]
        if unknown:
            raise ValueError(f"no conformance check {unknown[0]!r} (checks: {', '.join(CHECKS)})")
    opts = game.make_options(options)
    deep = deep if deep is not None else max(2, games // 10)
    results: list[CheckResult] = []
    for count in counts:
        game.check_players(count)
        results.extend(_Checker(game, count, opts, games, deep, seed, progress, only,
                                stride).run())
    return results


def assert_conforms(game: Game, **kwargs: Any) -> None:
    """Raise AssertionError listing every failed check (for a game's own test suite); takes
    the arguments of :func:`check_game`."""
    failed = [r.line() for r in check_game(game, **kwargs) if not r.passed]
    assert not failed, "conformance failures:\n" + "\n".join(failed)
