"""Running a game between agents: the loop shared by the CLI, simulations and goldens.

A :class:`Match` owns the state, the record and one seeded rng per seat for its agents, so the
same game seed and agent kinds always give the same game (except with a search agent on a time
budget, ``ismcts:200ms`` or the ``hard`` level: how far it searches depends on the machine).
A simulation, which keeps no record, builds its matches with ``keep_record=False``: recording
encodes every action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tabletop.agents import Agent, RandomAgent, is_concession, make_agent, view_for
from tabletop.components.log import EVERYONE, Event
from tabletop.engine import Game, State, step_cap_of
from tabletop.errors import TabletopError
from tabletop.record import Record
from tabletop.rng import Rng, derive_below, seat_states_of

#: the label of the seats' generators: seat s of the game of seed x draws from the family
#: of Rng.from_seed(x, "agent", str(s))
_AGENT = "agent"
#: is_concession of each action class met (a class attribute: looked up once per class)
_CONCESSIONS: dict[type, bool] = {}


class Match:
    """One game in progress: its state, record and agents (``None`` for a human seat)."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Any = None,
        seats: Sequence[str] | None = None,
        state: State | None = None,
        record: Record | None = None,
        keep_record: bool = True,
        agents: Sequence[Agent | None] | None = None,
        agent_states: Sequence[int] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats = list(seats) if seats is not None else ["random"] * players
        self.state = state if state is not None else game.new_state(players, seed, options)
        self._record = record or (
            Record.start(game, players, seed, self.state.options, self.seats)
            if keep_record else None)
        self._steps = len(self._record.actions) if self._record is not None else 0
        # a game's bot that takes a personality gets its seat's, drawn from the match seed
        # (``agents``, given: built by a caller that plays many games with agents that hold
        # nothing of a game, random ones, and reuses them)
        self.agents: list[Agent | None] = list(agents) if agents is not None else [
            None if kind == "human" else make_agent(game, kind, seat=seat, seed=seed)
            for seat, kind in enumerate(self.seats)
        ]
        # Each decision's agent rng is derived from (seed, seat, step), so a game resumed from
        # a saved record continues exactly as it would have without the interruption. Seat s:
        # Rng.from_seed(seed, "agent", str(s)), whose state a batch of games computes for all
        # its games at once (``agent_states``: :meth:`agent_states_of`).
        if agent_states is None:
            agent_rng = Rng.from_seed(seed, _AGENT)
            agent_states = [agent_rng.labelled(str(s)).state for s in range(players)]
        self._agent_states = agent_states
        self._agent_rngs: list[Rng] | None = None
        log = self.state.event_log()
        self._event_mark = log.total if log is not None else 0
        self._takebacks: list[_Takeback] = []
        self._undoers: set[int] = set()  # seats that have played an undoable decision
        self._refusals: dict[int, str] = {}  # why each one's last decision cannot come back

    @staticmethod
    def agent_states_of(seeds: Sequence[int], players: int) -> list[tuple[int, ...]]:
        """The ``agent_states`` of the games of these seeds, computed for all at once."""
        return seat_states_of(seeds, _AGENT, players)

    def take_events(self) -> list[Event]:
        """Every event written since the last call, private ones included: the caller
        narrates them for a viewer (:func:`tabletop.narration.event_lines` filters)."""
        log = self.state.event_log()
        if log is None:
            return []
        events = log.since(self._event_mark, EVERYONE)
        self._event_mark = log.total
        return events

    @property
    def record(self) -> Record:
        """The record of the game so far (a match built with ``keep_record=False`` has none)."""
        if self._record is None:
            raise ValueError("this match keeps no record")
        return self._record

    @property
    def agent_rngs(self) -> list[Rng]:
        """Each seat's family of generators: its agent's rng at step ``n`` is ``derive(n)``."""
        if self._agent_rngs is None:
            self._agent_rngs = [Rng(state) for state in self._agent_states]
        return self._agent_rngs

    @property
    def steps(self) -> int:
        """Decisions taken so far."""
        return self._steps

    def play(self, action: Any, undoable: bool = False) -> None:
        """Apply an action (IllegalAction leaves everything unchanged) and record it.

        ``undoable``: a human's decision, which he may take back (:meth:`undo`) while it
        revealed nothing (:func:`what_it_revealed`) and no other seat has acted since.
        Bots' moves are never taken back, and any move by another seat ends the chance."""
        seat = self.state.to_act
        before = self.state.clone() if undoable else None
        log = self.state.event_log()
        mark = log.total if log is not None else 0
        self.state.apply(action)
        self._steps += 1
        if self._record is not None:
            self._record.add(action)
            if self.state.is_over:
                self._record.finish(self.state)
        for other in self._undoers - {seat}:
            self._refusals[other] = OTHERS
        if before is None or seat is None or self.state.is_over:
            self._takebacks.clear()
            return
        self._undoers.add(seat)
        revealed = what_it_revealed(before, action, self.state, seat)
        if revealed is not None:
            self._takebacks.clear()
            self._refusals[seat] = revealed
            return
        if self._takebacks and self._takebacks[-1].seat != seat:
            self._takebacks.clear()
        self._takebacks.append(_Takeback(before, seat, action, mark))

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now: it was a human's decision
        played with ``undoable``, it drew no chance and showed nothing hidden, and no other
        seat has acted since."""
        return bool(self._takebacks) and self._takebacks[-1].seat == seat

    def undo_refusal(self, seat: int) -> str:
        """Why ``seat`` cannot take back its decisions before those :meth:`undo` may still
        take back (when :meth:`can_undo` is false: why it cannot take back anything), in
        words: :data:`NOTHING`, :data:`CHANCE`, :data:`SHOWN` or :data:`OTHERS`."""
        return self._refusals.get(seat, NOTHING)

    def undo(self) -> Any:
        """Take back the last decision (:meth:`can_undo` must hold): the state is as it was
        before it, the record no longer holds it (a record keeps only what was finally
        played), and the next :meth:`take_events` starts from before it. Returns the action
        taken back."""
        if not self._takebacks:
            raise ValueError("there is no decision to take back")
        takeback = self._takebacks.pop()
        self.state = takeback.before
        self._steps -= 1
        if self._record is not None:
            self._record.actions.pop()
            self._record.result = None
        self._event_mark = min(self._event_mark, takeback.mark)
        return takeback.action

    def bot_action(self) -> Any:
        """What the agent of the seat to act chooses (the seat must be a bot)."""
        seat = self.state.to_act
        assert seat is not None, "the game is over"
        agent = self.agents[seat]
        if agent is None:
            raise ValueError(f"seat {seat} is a human seat")
        rng = self.agent_rngs[seat].derive(self._steps)
        return agent.choose(
            view_for(agent, self.state, seat, rng), self.state.legal_actions(), rng
        )

    def run(
        self,
        max_steps: int | None = None,
        on_step: Callable[[int, Any, str], None] | None = None,
        kinds: Counter[str] | None = None,
    ) -> str:
        """Play bots until the end (``"finished"``) or ``max_steps`` decisions
        (``"truncated"``). ``on_step(seat, action, description)`` narrates each decision;
        ``kinds`` counts the new events of each decision by kind (private ones included, as
        statistics do; :meth:`take_events` is left to the narrator)."""
        self._takebacks.clear()
        cap = (max_steps if max_steps is not None
               else step_cap_of(self.game, self.state.players, self.state.options))
        state, record = self.state, self._record
        log = state.event_log() if kinds is not None else None
        mark = log.total if log is not None else 0
        agents, agent_states, concessions = self.agents, self._agent_states, _CONCESSIONS
        steps = self._steps
        legal_actions = state.legal_actions
        # a game that overrides apply itself has it called, whoever chose the action
        apply_chosen = (state.apply_chosen if type(state).apply is State.apply
                        else state.apply)
        while not state.is_over:
            if steps >= cap:
                return "truncated"
            # bot_action and play, inlined: this loop is every simulated decision
            seat: int = state.to_act  # type: ignore[assignment]
            agent = agents[seat]
            if agent.__class__ is RandomAgent:
                # the random agent's pick without building its generator (the same pick):
                # one draw, none from a single action; a concession drawn goes to the agent
                legal = legal_actions()
                action = legal[0] if len(legal) == 1 else legal[
                    derive_below(agent_states[seat], steps, len(legal))]
                concession = concessions.get(action.__class__)
                if concession is None:
                    concession = concessions[action.__class__] = is_concession(action)
                if concession:
                    action = agent.choose(None, legal, self.agent_rngs[seat].derive(steps))
                if on_step is not None:
                    on_step(seat, action, state.describe(action))
                apply_chosen(action)  # taken from the legal actions: no need to look
            elif agent is None:
                raise ValueError(f"seat {seat} is a human seat")
            else:
                rng = self.agent_rngs[seat].derive(steps)
                view = None if agent.view == "none" else view_for(agent, state, seat, rng)
                action = agent.choose(view, legal_actions(), rng)
                if on_step is not None:
                    on_step(seat, action, state.describe(action))
                state.apply(action)
            steps += 1
            self._steps = steps
            if record is not None:
                record.add(action)
                if state.is_over:
                    record.finish(state)
            if log is not None and log.total != mark:
                # a decision that wrote more events than the log keeps counts the kept ones
                for event in log.entries[mark - log.total:]:
                    kinds[event.kind] += 1  # type: ignore[index]
                mark = log.total
        return "finished"


@attrs.frozen
class _Takeback:
    """What taking back one decision restores: the state before it, whose decision it was,
    the action, and the event log's mark before it."""

    before: State
    seat: int
    action: Any
    mark: int


#: how many other worlds :func:`what_it_revealed` plays a move in
_WORLDS = 2
#: why a decision cannot be taken back, as a player reads it after "Nothing taken back: "
CHANCE = "chance has spoken since (dice were rolled or cards shuffled or drawn)"
SHOWN = "it showed you something that was hidden"
OTHERS = "another player has moved since"
NOTHING = "there is nothing to take back yet"


def what_it_revealed(before: State, action: Any, after: State, seat: int) -> str | None:
    """What playing ``action`` for ``seat`` (``before`` -> ``after``) revealed, so that taking
    it back would let a player peek: :data:`CHANCE` when the state's rng moved (dice, a
    shuffle, a random draw), :data:`SHOWN` when the move played in other worlds consistent
    with what the seat sees (:meth:`State.determinize`) shows the seat a different table (a
    card drawn from a shuffled deck, a face-down card turned up); ``None``: nothing."""
    if before.rng.state != after.rng.state:
        return CHANCE
    seen = after.observation(seat)
    for world in range(_WORLDS):
        copy = before.determinize(seat, Rng.from_seed(world, "takeback"))
        try:
            copy.apply(action)
        except TabletopError:
            return SHOWN  # not even legal in a world the seat cannot tell apart: it tells
        if copy.observation(seat) != seen:
            return SHOWN
    return None


def agents_for_game(kinds: Sequence[str], players: int, index: int) -> list[str]:
    """Agent kinds per seat for game number ``index``: ``kinds`` rotated over the seats from
    game to game, so that no kind keeps the first seat."""
    return [kinds[(seat + index) % len(kinds)] for seat in range(players)]
