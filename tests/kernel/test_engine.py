"""The engine contract's shared parts: the checked apply, results, seat labels, game setup."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tic_tac_toe import GAME, Place

from tabletop.engine import Result, seat_label
from tabletop.errors import IllegalAction, InvalidOptions
from tabletop.serialization import snapshot_json


def test_apply_refuses_illegal_actions_and_changes_nothing() -> None:
    state = GAME.new_state(2, 1)
    state.apply(Place(4))
    before = snapshot_json(GAME, state)
    for bad in (Place(4), Place(42), "4", None):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert snapshot_json(GAME, state) == before
    with pytest.raises(IllegalAction, match="O marks cell 5"):
        state.apply(Place(4))


def test_a_finished_game_refuses_every_action() -> None:
    state = GAME.new_state(2, 1)
    for cell in (0, 3, 1, 4, 2):
        state.apply(Place(cell))
    assert state.is_over and state.to_act is None and state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Place(8))


def test_new_state_checks_players_and_options() -> None:
    with pytest.raises(InvalidOptions, match="2 players, not 3"):
        GAME.new_state(3, 1)
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, 1, {"speed": "fast"})


def test_result_by_scores_ranks_breaks_ties_and_shares_victories() -> None:
    result = Result.by_scores([5, 9, 9, 1], "deck ran out")
    assert result.winners == (1, 2) and result.ranking == (1, 2, 0, 3)
    broken = Result.by_scores([5, 9, 9, 1], "deck ran out", tiebreak=[0, 1, 2, 0])
    assert broken.winners == (2,) and broken.ranking[:2] == (2, 1)
    assert result.problems(4) == []


def test_result_problems_name_what_is_wrong() -> None:
    assert Result((7,), (1.0, 0.0), (0, 1), "x").problems(2)
    assert Result((0,), (1.0,), (0, 1), "x").problems(2)
    assert Result((1,), (1.0, 0.0), (0, 1), "x").problems(2)  # winner not at the top
    assert Result((0,), (1.0, 0.0), (0, 0), "x").problems(2)
    assert Result((0,), (1.0, 0.0), (0, 1), "").problems(2)


def test_seat_labels_count_from_one() -> None:
    assert seat_label(0) == "Player 1" and seat_label(None) == "Spectator"


def test_default_determinize_reseeds_the_future() -> None:
    from tabletop.rng import Rng

    state = GAME.new_state(2, 1)
    copy = state.determinize(0, Rng.from_seed(5))
    assert copy.cells == state.cells and copy.rng != state.rng


def test_by_scores_ranks_breaks_ties_and_shares_victories() -> None:
    tied = Result.by_scores([3, 5, 5, 1], "r")
    assert tied.winners == (1, 2) and tied.ranking == (1, 2, 0, 3)
    assert tied.scores == (3.0, 5.0, 5.0, 1.0) and all(type(x) is float for x in tied.scores)
    broken = Result.by_scores([3, 5, 5, 1], "r", tiebreak=[0, 1, 2, 9])
    assert broken.winners == (2,) and broken.ranking == (2, 1, 0, 3)
    assert Result.by_scores([2.0, 2.0], "r").winners == (0, 1)


def _by_scores_as_keys(scores: list[float], tiebreak: list[float] | None) -> Result:
    """Result.by_scores as first written: keys ``(score, tiebreak)`` or ``(score, 0)``."""
    seats = range(len(scores))
    keys = ([(scores[s], tiebreak[s]) for s in seats] if tiebreak
            else [(x, 0) for x in scores])
    ranking = tuple(sorted(seats, key=keys.__getitem__, reverse=True))
    best = keys[ranking[0]]
    winners = tuple([s for s in ranking if keys[s] == best])
    return Result(winners, tuple(map(float, scores)), ranking, "r")


@given(st.lists(st.one_of(st.integers(-3, 3), st.floats(-3, 3), st.just(math.nan),
                           st.builds(float, st.just("nan"))),
                min_size=1, max_size=6),
       st.booleans(), st.data())
def test_by_scores_without_tiebreak_keys_ranks_as_the_score_tuples_did(
        scores: list[float], tied: bool, data: st.DataObject) -> None:
    """The scores as their own keys give the ranking and winners of the ``(score, 0)``
    keys, ties, ints against floats and NaN scores included."""
    tiebreak = data.draw(st.lists(st.integers(0, 2), min_size=len(scores),
                                  max_size=len(scores))) if tied else None
    mine = Result.by_scores(scores, "r", tiebreak)
    expected = _by_scores_as_keys(scores, tiebreak)
    assert (mine.winners, mine.ranking) == (expected.winners, expected.ranking)
