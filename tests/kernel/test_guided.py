"""The guided search (tabletop/agents/guided.py, ``ismcts:...:guide=heuristic``): its settings
are read and used, it is reproducible, it keeps its guide's move unless another is clearly
better, its guide sees only what the seat it plays may see, and it never loses tic-tac-toe to
random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from tic_tac_toe import GAME, Place

from tabletop.agents import AgentSpec, IsmctsAgent, make_agent, parse_kind, view_for
from tabletop.agents.base import ViewKind
from tabletop.agents.guided import Tally
from tabletop.engine import State
from tabletop.errors import InvalidOptions
from tabletop.match import Match, agents_for_game
from tabletop.rng import Rng
from tests.kernel.test_ismcts import (
    Gamble,
    Guess,
    Seal,
    Settle,
    _DeadEndState,
    _GuessState,
    _twins,
)


# -- the settings -----------------------------------------------------------------------------
@pytest.mark.parametrize("spec, parsed", [
    ("ismcts:300:guide=heuristic", AgentSpec("ismcts", iterations=300, guide="heuristic")),
    ("ismcts:50ms:guide=random:depth=4",
     AgentSpec("ismcts", milliseconds=50, guide="random", depth=4)),
    ("ismcts:guide=heuristic:width=5:sample=0:z=2.5",
     AgentSpec("ismcts", guide="heuristic", width=5, sample=0, z=2.5)),
])
def test_guidance_settings_are_read(spec: str, parsed: AgentSpec) -> None:
    assert parse_kind(GAME, spec) == parsed


def test_the_agent_gets_its_guide_and_tuning() -> None:
    agent = make_agent(GAME, "ismcts:90:guide=heuristic:width=2:sample=1:z=0.5")
    assert isinstance(agent, IsmctsAgent)
    assert agent.guide is not None and agent.guide.kind == "heuristic"
    assert (agent.iterations, agent.width, agent.sample, agent.z) == (90, 2, 1, 0.5)
    plain = make_agent(GAME, "ismcts:90")
    assert isinstance(plain, IsmctsAgent) and plain.guide is None


@pytest.mark.parametrize("spec, message", [
    ("ismcts:guide=ismcts", "the guide must be one of random, heuristic"),
    ("ismcts:guide=genius", "the guide must be one of random, heuristic"),
    ("ismcts:guide=heuristic:width=0", "a width must be a whole number from 1 to 1,000"),
    ("ismcts:guide=heuristic:sample=x", "a sample must be a whole number from 0 to 1,000"),
    ("ismcts:guide=heuristic:z=-1", "z must be a number from 0 to 10"),
    ("ismcts:guide=heuristic:z=nan", "z must be a number from 0 to 10"),
    ("ismcts:guide=random:guide=heuristic", "gives guide twice"),
])
def test_bad_guidance_settings_are_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptions) as caught:
        make_agent(GAME, spec)
    assert message in str(caught.value) and "\n" not in str(caught.value)


# -- the guide is used ------------------------------------------------------------------------
class _Spy:
    """A guide that plays as ``inner`` and writes down every view it was given, by seat."""

    kind = "spy"
    view: ViewKind = "state"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seen: list[tuple[int | None, Any]] = []

    def choose(self, view: State, legal_actions: Sequence[Any], rng: Rng) -> Any:
        pick = self.inner.choose(view, legal_actions, rng)
        self.seen.append((view.to_act, pick))
        return pick


def _opening() -> State:
    state = GAME.new_state(2, 4)
    for cell in (4, 0):  # X in the centre, O in a corner
        state.apply(Place(cell))
    return state


def test_a_guide_that_is_never_overruled_decides_every_move() -> None:
    """With z at its top the search keeps its guide's first choice, and it searched (the
    guide was asked again in the rollouts, for both seats)."""
    state = _opening()
    for seed in range(5):
        spy = _Spy(make_agent(GAME, "heuristic"))
        agent = IsmctsAgent(40, guide=spy, z=10.0)
        rng = Rng.from_seed(seed)
        pick = agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng)
        assert pick == spy.seen[0][1]
        assert agent.last is not None and agent.last.iterations == 40
        assert {seat for seat, _ in spy.seen} == {0, 1}


def test_the_search_overrules_its_guide_where_the_guide_blunders() -> None:
    """A random guide picks a move at random; the search, whose rollouts end in tic-tac-toe's
    own evaluation, completes the line: X with two in a row takes the third cell."""
    state = GAME.new_state(2, 1)
    for cell in (0, 3, 1, 4):  # X 1 2, O 4 5: X wins at 3
        state.apply(Place(cell))
    agent = make_agent(GAME, "ismcts:200:guide=random:width=1:sample=4:z=1")
    for seed in range(5):
        rng = Rng.from_seed(seed)
        assert agent.choose(view_for(agent, state, 0, rng), state.legal_actions(),
                            rng) == Place(2)


def test_the_same_seed_and_budget_give_the_same_move() -> None:
    state = _opening()
    picks, work = set(), set()
    for _ in range(3):
        agent = make_agent(GAME, "ismcts:60:guide=heuristic:z=0")
        assert isinstance(agent, IsmctsAgent)
        rng = Rng.from_seed(11)
        picks.add(agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng))
        assert agent.last is not None
        work.add(agent.last.iterations)
    assert len(picks) == 1 and work == {60}


def test_only_complete_rounds_count() -> None:
    """A budget that does not divide by the candidates is cut to whole rounds: every
    candidate is compared on the same worlds."""
    agent = make_agent(GAME, "ismcts:23:guide=heuristic:width=3:sample=2")
    assert isinstance(agent, IsmctsAgent)
    state = _opening()
    rng = Rng.from_seed(2)
    agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng)
    assert agent.last is not None and agent.last.iterations == 20  # 4 rounds of 5


def test_a_move_is_played_over_the_guide_only_when_clearly_better() -> None:
    """The paired test: the best mean wins only by more than z standard errors."""
    tally = Tally(2)
    for rewards in ([0.5, 0.6], [0.5, 0.4], [0.5, 0.7], [0.5, 0.5]):
        tally.add(rewards)  # +0.05 on average, standard error 0.065
    assert tally.choice(0.5) == 1
    assert tally.choice(1.0) == 0
    steady = Tally(3)
    for _ in range(3):
        steady.add([0.5, 0.52, 0.3])
    assert steady.choice(3.0) == 1  # no spread: any gain is clear
    assert Tally(2).choice(0.0) == 0  # no round: the guide's move


# -- what the guide may see -------------------------------------------------------------------
class _Reader:
    """A guide for the guessing game that reads the sealed number wherever its view shows
    it: it gambles, seals 0 and guesses the number its view holds."""

    kind = "reader"
    view: ViewKind = "state"

    def choose(self, view: State, legal_actions: Sequence[Any], rng: Rng) -> Any:
        if isinstance(legal_actions[0], (Gamble, Settle)):
            return Gamble() if Gamble() in legal_actions else legal_actions[0]
        if isinstance(legal_actions[0], Seal):
            return Seal(rng.below(3))
        assert isinstance(view, _GuessState)
        number = view.moves[1].number
        return Guess(number)


def test_the_guide_sees_the_world_only_through_the_seats_eyes() -> None:
    """In a rollout Player 2's guide seals a number and Player 1's guide then guesses it.
    Given the world as it stands, Player 1's guide would read the number, gambling would
    win every rollout and the search would gamble; given Player 1's determinization it
    guesses right one time in three, so the search settles."""
    for seed in range(4):
        agent = IsmctsAgent(200, guide=_Reader(), sample=1, z=1.0)
        state = _GuessState(2, Rng.from_seed(seed))
        rng = Rng.from_seed(seed)
        assert agent.choose(state, state.legal_actions(), rng) == Settle()


def test_its_choices_ignore_the_opponents_hidden_hand() -> None:
    """Two positions that differ only in the other hand give the same choices, seed for
    seed, as for plain ISMCTS (tests/kernel/test_ismcts.py)."""
    strong, weak = _twins(leaky=False)

    def choices(state: State) -> list[Any]:
        out = []
        for seed in range(8):
            agent = IsmctsAgent(40, guide=make_agent(GAME, "random"), z=0.0)
            rng = Rng.from_seed(seed)
            out.append(agent.choose(view_for(agent, state, 0, rng), state.legal_actions(),
                                    rng))
        return out

    assert choices(strong) == choices(weak)


def test_a_broken_world_stops_the_guided_search_with_a_clear_error() -> None:
    state = _DeadEndState(3, Rng.from_seed(1))
    agent = IsmctsAgent(20, guide=make_agent(GAME, "random"))
    rng = Rng.from_seed(1)
    with pytest.raises(RuntimeError, match="no legal action for Player 2 before the end"):
        agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng)


def test_it_never_loses_to_random_at_tic_tac_toe() -> None:
    """200 games, seats alternated, with a small budget: no loss."""
    kind = "ismcts:30:guide=heuristic"
    losses = wins = 0
    for index in range(200):
        seats = agents_for_game([kind, "random"], 2, index)
        match = Match(GAME, 2, index, seats=seats)
        assert match.run() == "finished"
        winners = match.state.result().winners
        wins += bool(winners) and seats[winners[0]] == kind
        losses += bool(winners) and seats[winners[0]] == "random"
    assert losses == 0
    assert wins >= 160
