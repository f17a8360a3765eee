"""Whether a seat's only choice may be played for it at once (tabletop.hidden.only_choice_is_public):
only when the table can see it has no other, never when the one choice comes from its hidden
hand (issue 27: an instant answer would tell the others what it holds)."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.engine import Result, State
from tabletop.hidden import only_choice_is_public
from tabletop.rng import Rng


@attrs.define
class Window(State):
    """A reaction window: the seat to act may react only with a red card in its hidden hand;
    passing is always open. ``public_pass``: the window is over, passing is all anyone can do."""

    players: int
    rng: Rng
    options: Any
    hands: list[list[str]]
    public_pass: bool = False

    @property
    def to_act(self) -> int | None:
        return 1

    @property
    def is_over(self) -> bool:
        return False

    def _legal_actions(self) -> list[str]:
        if self.public_pass or "red" not in self.hands[1]:
            return ["pass"]
        return ["pass", "react"]

    def _apply(self, action: Any) -> None:
        raise AssertionError("not played in these tests")

    def result(self) -> Result:
        raise AssertionError("never over")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"hand": None if seat is None else self.hands[seat]}

    def clone(self) -> Window:
        return Window(self.players, self.rng.clone(), None, [h[:] for h in self.hands],
                      self.public_pass)

    def determinize(self, seat: int | None, rng: Rng) -> Window:
        copy = self.clone()
        cards = [c for s, hand in enumerate(copy.hands) if s != seat for c in hand]
        rng.shuffle(cards)
        for s in range(self.players):
            if s != seat:
                copy.hands[s], cards = cards[: len(copy.hands[s])], cards[len(copy.hands[s]):]
        return copy

    def describe(self, action: Any) -> str:
        return str(action)

    def render(self, seat: int | None) -> str:
        return ""


def window(hand_of_seat_1: list[str], public_pass: bool = False) -> Window:
    other = [c for c in ("red", "blue", "green", "grey") if c not in hand_of_seat_1]
    return Window(2, Rng.from_seed(1), None, [other[:2], hand_of_seat_1], public_pass)


def test_a_single_choice_that_comes_from_a_hidden_hand_is_not_public() -> None:
    state = window(["blue", "green"])  # no red card: "pass" is all he can do
    assert list(state.legal_actions()) == ["pass"]
    assert not only_choice_is_public(state)


def test_a_single_choice_everyone_can_see_is_public() -> None:
    assert only_choice_is_public(window(["blue", "green"], public_pass=True))
    assert not only_choice_is_public(window(["red", "green"]))  # two choices: nothing to play
