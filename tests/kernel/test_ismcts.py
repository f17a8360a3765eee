"""The kernel's search agent (tabletop/agents/ismcts.py): strength at tic-tac-toe, the same
move for the same seed and budget, budgets kept, concessions refused, others' secret moves
seen as their seat shows them, and choices that depend only on what the seat may know."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest
from tic_tac_toe import GAME, Place, TicTacToeState

from tabletop.agents import IsmctsAgent, make_agent, view_for
from tabletop.engine import Game, Result, State
from tabletop.match import Match, agents_for_game
from tabletop.rng import Rng
from tests.fixtures.broken_game import GAME as LAY_DOWN


def test_it_never_loses_to_random_at_tic_tac_toe() -> None:
    """200 games at 200 iterations a move, seats alternated: no loss, and mostly wins."""
    wins = losses = 0
    for index in range(200):
        seats = agents_for_game(["ismcts:200", "random"], 2, index)
        match = Match(GAME, 2, index, seats=seats)
        assert match.run() == "finished"
        winners = match.state.result().winners
        wins += bool(winners) and seats[winners[0]] == "ismcts:200"
        losses += bool(winners) and seats[winners[0]] == "random"
    assert losses == 0
    assert wins >= 180  # random walks into a lost position most games (measured: 195)


def test_it_completes_a_line_and_blocks_one() -> None:
    """X to move with two in a row wins at once; O facing two in a row blocks."""
    state = GAME.new_state(2, 1)
    for cell in (0, 3, 1):  # X 1, O 4, X 2: O must take 3
        state.apply(Place(cell))
    agent = IsmctsAgent(100)
    rng = Rng.from_seed(3)
    assert agent.choose(view_for(agent, state, 1, rng), state.legal_actions(), rng) == Place(2)
    state.apply(Place(7))  # O elsewhere: X completes the top row
    assert agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng) == Place(2)


def _mid_game(game: Game, seed: int, moves: int) -> State:
    match = Match(game, 2, seed, seats=["random", "random"])
    for _ in range(moves):
        match.play(match.bot_action())
    return match.state


@pytest.mark.parametrize("game, moves", [(GAME, 2), (LAY_DOWN, 3)])
def test_the_same_seed_and_budget_give_the_same_move(game: Game, moves: int) -> None:
    state = _mid_game(game, 7, moves)
    seat = state.to_act
    assert seat is not None
    picks, searches = set(), set()
    for _ in range(3):
        agent = make_agent(game, "ismcts:60")
        rng = Rng.from_seed(42)
        picks.add(agent.choose(view_for(agent, state, seat, rng), state.legal_actions(), rng))
        searches.add((agent.last.iterations, agent.last.nodes))  # type: ignore[attr-defined]
    assert len(picks) == 1 and len(searches) == 1


class _CountingView(TicTacToeState):
    """A tic-tac-toe view that counts the determinizations drawn from it."""

    calls: ClassVar[int] = 0

    def determinize(self, seat: int | None, rng: Rng) -> State:
        type(self).calls += 1
        return super().determinize(seat, rng)


def test_the_iteration_budget_is_kept_exactly() -> None:
    """One determinization, one iteration: 37 iterations draw 37 worlds."""
    state = GAME.new_state(2, 1)
    view = _CountingView(state.players, state.rng.clone(), state.options)
    _CountingView.calls = 0
    agent = IsmctsAgent(37)
    agent.choose(view, state.legal_actions(), Rng.from_seed(1))
    assert _CountingView.calls == 37 and agent.last is not None
    assert agent.last.iterations == 37


def test_a_time_budget_uses_its_time_and_stops() -> None:
    state = GAME.new_state(2, 1)
    agent = IsmctsAgent(None, milliseconds=40)
    rng = Rng.from_seed(1)
    agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng)
    assert agent.last is not None and agent.last.iterations > 0
    assert 0.04 <= agent.last.seconds < 1.0  # a loaded machine may add a little


def test_one_choice_is_taken_without_a_search() -> None:
    state = GAME.new_state(2, 1)
    for cell in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(Place(cell))
    agent = IsmctsAgent(50)
    rng = Rng.from_seed(1)
    assert agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng) == Place(8)
    assert agent.last is not None and agent.last.iterations == 0


# -- concessions ------------------------------------------------------------------------------
@attrs.frozen
class Resign:
    """Give the game up."""

    concession: ClassVar[bool] = True


@attrs.define(slots=True)
class _ResignableState(TicTacToeState):
    """Tic-tac-toe where the seat to move may also resign."""

    def _legal_actions(self) -> list[Any]:
        return [*super()._legal_actions(), Resign()]

    def _apply(self, action: Any) -> None:
        if isinstance(action, Resign):
            self.winner = 1 - self.turn
            return
        super()._apply(action)

    def clone(self) -> _ResignableState:
        return _ResignableState(self.players, self.rng.clone(), self.options, self.cells[:],
                                self.turn, self.winner, self.moves)


def test_it_never_concedes_while_another_move_is_legal() -> None:
    """Even where every move loses (X threatens two lines), it plays on."""
    state = _ResignableState(2, Rng.from_seed(1))
    for cell in (0, 4, 8, 2, 6):  # X 1, O 5, X 9, O 3, X 7: X threatens 4 and 8
        state.apply(Place(cell))
    rng = Rng.from_seed(2)
    agent = IsmctsAgent(200)
    for _ in range(5):
        pick = agent.choose(view_for(agent, state, 1, rng), state.legal_actions(), rng)
        assert not isinstance(pick, Resign)
    assert Resign() in state.legal_actions()


# -- what it may see --------------------------------------------------------------------------
@attrs.frozen
class Call:
    """Show hands: the highest card wins."""


@attrs.frozen
class Fold:
    """Share the pot without a showdown."""


@attrs.define(slots=True)
class _HighCardState(State):
    """One decision with hidden cards: Player 1 sees his two cards, not Player 2's, and
    calls (the highest card wins) or folds (both share the win). Its determinize deals the
    cards Player 1 cannot see from the set of them, whatever order they lie in; ``leaky``
    keeps them where they are (the bug a leak test must catch)."""

    players: int
    rng: Rng
    hands: list[list[int]]
    deck: list[int]
    leaky: bool = False
    options: Any = None
    called: bool | None = None

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.called is not None

    def _legal_actions(self) -> list[Any]:
        return [Call(), Fold()]

    def _apply(self, action: Any) -> None:
        self.called = isinstance(action, Call)

    def result(self) -> Result:
        if not self.called:
            return Result((0, 1), (0.5, 0.5), (0, 1), "Player 1 folded")
        return Result.by_scores([max(hand) for hand in self.hands], "the showdown")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"hand": self.hands[seat] if seat is not None else None, "over": self.is_over}

    def clone(self) -> _HighCardState:
        return _HighCardState(self.players, self.rng.clone(), [h[:] for h in self.hands],
                              self.deck[:], self.leaky, self.options, self.called)

    def determinize(self, seat: int | None, rng: Rng) -> _HighCardState:
        copy = self.clone()
        copy.rng = rng.fork()
        if not self.leaky:
            pool = sorted(copy.hands[1] + copy.deck)
            rng.shuffle(pool)
            copy.hands[1], copy.deck = pool[:2], pool[2:]
        return copy

    def describe(self, action: Any) -> str:
        return type(action).__name__.lower()

    def render(self, seat: int | None) -> str:
        return str(self.observation(seat))


def _twins(leaky: bool) -> tuple[_HighCardState, _HighCardState]:
    """Player 1 holds 4 and 2; Player 2 holds 6 and 5 in one position, 1 and 3 in the other
    (the deck holds the rest): the same for Player 1's eyes."""
    strong = _HighCardState(2, Rng.from_seed(1), [[4, 2], [6, 5]], [1, 3], leaky)
    weak = _HighCardState(2, Rng.from_seed(1), [[4, 2], [1, 3]], [6, 5], leaky)
    assert strong.observation(0) == weak.observation(0)
    return strong, weak


def _choices(state: State, seeds: range) -> list[Any]:
    agent = IsmctsAgent(40)
    out = []
    for seed in seeds:
        rng = Rng.from_seed(seed)
        out.append(agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng))
    return out


def test_its_choices_ignore_the_opponents_hidden_hand() -> None:
    """Through view_for, as a Match calls it, the search sees only what its seat knows:
    two positions that differ only in the other hand give the same choices, seed for seed
    (fold: the unseen hand beats a 4 five times in six). The same test on a determinize
    that keeps the hidden cards finds the search calling the weak hand and folding to the
    strong one, so it would catch a leak."""
    strong, weak = _twins(leaky=False)
    assert _choices(strong, range(12)) == _choices(weak, range(12)) == [Fold()] * 12
    strong, weak = _twins(leaky=True)
    assert _choices(strong, range(12)) == [Fold()] * 12
    assert _choices(weak, range(12)) == [Call()] * 12


# -- the others' secret moves -----------------------------------------------------------------
@attrs.frozen
class Settle:
    """Share the win at once."""


@attrs.frozen
class Gamble:
    """Play the guessing round."""


@attrs.frozen
class Seal:
    """Player 2 seals a number."""

    number: int


@attrs.frozen
class Guess:
    """Player 1 guesses the sealed number."""

    number: int


@attrs.define(slots=True)
class _GuessState(State):
    """Player 1 settles (both share the win) or gambles: Player 2 then seals 0, 1 or 2 and
    Player 1 guesses it, winning alone if right and losing if wrong. Gambling is worth 1/3
    against a sealer Player 1 cannot read, less than settling's 1/2; a search that let
    Player 1 see the sealed number would gamble."""

    players: int
    rng: Rng
    options: Any = None
    secret: bool = True  # describe_public hides the sealed number
    moves: list[Any] = attrs.Factory(list)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else (1 if len(self.moves) == 1 else 0)

    @property
    def is_over(self) -> bool:
        return self.moves[:1] == [Settle()] or len(self.moves) == 3

    def _legal_actions(self) -> list[Any]:
        if not self.moves:
            return [Gamble(), Settle()]
        kind = Seal if len(self.moves) == 1 else Guess
        return [kind(n) for n in range(3)]

    def _apply(self, action: Any) -> None:
        self.moves.append(action)

    def result(self) -> Result:
        if self.moves == [Settle()]:
            return Result((0, 1), (1.0, 1.0), (0, 1), "settled")
        right = self.moves[1].number == self.moves[2].number
        return Result.by_scores([1.0, 0.0] if right else [0.0, 1.0], "guessed")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"moves": len(self.moves)}

    def clone(self) -> _GuessState:
        return _GuessState(self.players, self.rng.clone(), self.options, self.secret,
                           self.moves[:])

    def determinize(self, seat: int | None, rng: Rng) -> _GuessState:
        copy = self.clone()
        copy.rng = rng.fork()
        if seat == 0 and len(copy.moves) >= 2:
            copy.moves[1] = Seal(rng.below(3))
        return copy

    def describe(self, action: Any) -> str:
        return f"{type(action).__name__.lower()} {getattr(action, 'number', '')}".strip()

    def describe_public(self, action: Any) -> str:
        if isinstance(action, Seal) and self.secret:
            return "seal a number"
        return self.describe(action)

    def render(self, seat: int | None) -> str:
        return str(len(self.moves))


class _NakedGuessState(_GuessState):
    """The same game with its sealed number described openly (a game that forgot to hide
    it, or a search that keyed the others' moves by the action)."""

    def clone(self) -> _NakedGuessState:
        return _NakedGuessState(self.players, self.rng.clone(), self.options, False,
                                self.moves[:])

    describe_public = State.describe_public


def test_another_seats_secret_move_is_one_child_of_the_tree() -> None:
    """SO-ISMCTS + POM: Player 2's sealed numbers read the same to Player 1, so the tree
    holds them as one move and Player 1's guess is scored against every number: it
    settles. Keyed by the action, the tree would let Player 1 see the number: it gambles."""
    agent = IsmctsAgent(400)
    for seed in range(3):
        rng = Rng.from_seed(seed)
        hidden = _GuessState(2, Rng.from_seed(seed))
        assert agent.choose(hidden, hidden.legal_actions(), rng) == Settle()
        naked = _NakedGuessState(2, Rng.from_seed(seed), secret=False)
        assert agent.choose(naked, naked.legal_actions(), rng) == Gamble()


# -- each seat by its own reward --------------------------------------------------------------
@attrs.frozen
class Pick:
    """A choice by letter."""

    letter: str


@attrs.define(slots=True)
class _KingmakerState(State):
    """Three players. Player 1 shares the win three ways (``B``) or leaves it to Player 2
    (``A``), who makes Players 1 and 2 share it (``X``) or hands it to Player 3 (``Y``).
    Player 2, playing for itself, takes X, so A is worth 1/2 to Player 1, more than B's 1/3;
    a search that treated every rival as playing against Player 1 would fear Y and take B."""

    players: int
    rng: Rng
    options: Any = None
    picks: list[str] = attrs.Factory(list)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else len(self.picks)

    @property
    def is_over(self) -> bool:
        return self.picks[:1] == ["B"] or len(self.picks) == 2

    def _legal_actions(self) -> list[Any]:
        return [Pick("A"), Pick("B")] if not self.picks else [Pick("X"), Pick("Y")]

    def _apply(self, action: Any) -> None:
        self.picks.append(action.letter)

    def result(self) -> Result:
        winners = {"B": (0, 1, 2), "X": (0, 1), "Y": (2,)}[self.picks[-1]]
        scores = tuple(1.0 if s in winners else 0.0 for s in range(3))
        return Result(winners, scores, (*winners, *(s for s in range(3) if s not in winners)),
                      "picked")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"picks": list(self.picks)}

    def clone(self) -> _KingmakerState:
        return _KingmakerState(self.players, self.rng.clone(), self.options, self.picks[:])

    def describe(self, action: Any) -> str:
        return f"pick {action.letter}"

    def render(self, seat: int | None) -> str:
        return " ".join(self.picks)


def test_each_seat_plays_for_its_own_reward() -> None:
    state = _KingmakerState(3, Rng.from_seed(1))
    agent = IsmctsAgent(200)
    rng = Rng.from_seed(5)
    assert agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng) == Pick("A")


@attrs.define(slots=True)
class _DeadEndState(_KingmakerState):
    """The kingmaker game with a determinize that breaks the rules: in its worlds Player 2
    has nothing to choose from."""

    broken: bool = False

    def _legal_actions(self) -> list[Any]:
        return [] if self.broken and self.picks else super()._legal_actions()

    def clone(self) -> _DeadEndState:
        return _DeadEndState(self.players, self.rng.clone(), self.options, self.picks[:],
                             self.broken)

    def determinize(self, seat: int | None, rng: Rng) -> _DeadEndState:
        copy = self.clone()
        copy.broken = True
        return copy


def test_a_broken_world_stops_the_search_with_a_clear_error() -> None:
    state = _DeadEndState(3, Rng.from_seed(1))
    agent = IsmctsAgent(20)
    rng = Rng.from_seed(1)
    with pytest.raises(RuntimeError, match="no legal action for Player 2 before the end"):
        agent.choose(view_for(agent, state, 0, rng), state.legal_actions(), rng)
