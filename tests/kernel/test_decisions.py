"""Decisions (a prompt stack) and SealedChoice (simultaneous choices committed in turn)."""

from __future__ import annotations

import json

import pytest

from tabletop.components import Decisions, SealedChoice
from tabletop.serialization import structure, unstructure
from tests.fixtures.guide import run_example


def test_the_top_prompt_is_answered_first() -> None:
    stack = Decisions()
    stack.push(0, "attack", target=3)
    stack.push(2, "bribe", amount=50)
    assert stack.top is not None and stack.top.seat == 2 and stack.top.get("amount") == 50
    assert stack.pop().kind == "bribe"
    assert stack.top is not None and stack.top.get("target") == 3
    assert stack.top.get("missing", "default") == "default"


def test_sealed_choice_hides_commitments_until_the_reveal() -> None:
    bids = SealedChoice([2, 0, 1])
    assert bids.waiting_for == 2
    bids.commit(2, 30)
    assert bids.view(0) == {"committed": [2], "waiting_for": 0}
    assert bids.view(2)["own"] == 30
    with pytest.raises(ValueError):
        bids.commit(1, 5)  # not seat 1's turn to commit
    with pytest.raises(ValueError):
        bids.value_of(2)
    with pytest.raises(ValueError):
        bids.reveal()
    bids.commit(0, 10)
    bids.commit(1, 20)
    assert bids.complete and bids.reveal() == {2: 30, 0: 10, 1: 20}
    assert bids.view(None)["values"] == {"2": 30, "0": 10, "1": 20}


def test_clones_are_independent() -> None:
    stack, choice = Decisions(), SealedChoice([0, 1])
    stack_copy, choice_copy = stack.clone(), choice.clone()
    stack.push(1, "x")
    choice.commit(0, 1)
    assert not stack_copy and not choice_copy.has_committed(0)


# -- response windows ------------------------------------------------------------------------
def _challenge(stack: Decisions, **flags: bool) -> None:
    assert stack.open_window("challenge", [2, 0, 1], "take coins", by=3, coins=2, **flags) is None


def test_a_window_asks_the_seats_in_order_and_hands_back_the_continuation() -> None:
    stack = Decisions()
    stack.push(3, "outer")
    _challenge(stack)
    asked = []
    resume = None
    while resume is None:
        top = stack.top
        assert top is not None and top.kind == "challenge" and top.get("coins") == 2
        asked.append(top.seat)
        resume = stack.respond(top.seat, False)
    assert asked == [2, 0, 1]
    assert (resume.key, resume.get("by"), resume.responder) == ("take coins", 3, None)
    assert stack.top is not None and stack.top.kind == "outer"  # the stack below is untouched


def test_the_first_yes_closes_the_window() -> None:
    stack = Decisions()
    _challenge(stack)
    assert stack.respond(2, False) is None
    resume = stack.respond(0, True)
    assert resume is not None and resume.responder == 0 and resume.responders == (0,)
    assert not stack  # seat 1 is never asked


def test_when_everyone_may_respond_every_seat_is_asked() -> None:
    stack = Decisions()
    _challenge(stack, first_ends=False)
    assert stack.respond(2, True) is None
    assert stack.respond(0, False) is None
    resume = stack.respond(1, True)
    assert resume is not None and resume.responders == (2, 1) and resume.responder == 2


def test_a_window_with_nobody_to_ask_closes_at_once() -> None:
    stack = Decisions()
    resume = stack.open_window("block", [], "steal", target=1)
    assert resume is not None and resume.key == "steal" and resume.get("target") == 1
    assert resume.responder is None and not stack


def test_a_bad_answer_is_refused_and_changes_nothing() -> None:
    stack = Decisions()
    with pytest.raises(ValueError, match="no response window"):
        stack.respond(0, True)
    stack.push(0, "plain")
    with pytest.raises(ValueError, match="no response window"):
        stack.respond(0, True)
    _challenge(stack)
    before = stack.clone()
    with pytest.raises(ValueError, match="^Player 1 was not asked: the window asks Player 3 now$"):
        stack.respond(0, True)
    assert stack == before


def test_a_clone_answers_on_its_own() -> None:
    stack = Decisions()
    _challenge(stack)
    copy = stack.clone()
    assert copy.respond(2, False) is None
    assert stack.top is not None and stack.top.seat == 2
    assert copy.top is not None and copy.top.seat == 0


def test_an_open_window_survives_a_snapshot() -> None:
    stack = Decisions()
    _challenge(stack, first_ends=False)
    stack.respond(2, True)
    text = json.dumps(unstructure(stack, Decisions))
    loaded = structure(json.loads(text), Decisions)
    assert loaded == stack
    assert loaded.respond(0, False) is None
    resume = loaded.respond(1, False)
    assert resume is not None and resume.responders == (2,) and resume.get("coins") == 2


def test_the_worked_example_in_the_guide_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/game-modules.md, "Asking the table: response windows": the code runs and prints
    the lines shown under it."""
    shown = run_example("### Asking the table: response windows")
    assert capsys.readouterr().out == shown
