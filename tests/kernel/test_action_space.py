"""ActionSpace: every action a game can offer, numbered once; bad numbers and strangers refused."""

from __future__ import annotations

import attrs
import pytest

from tabletop.action_space import ActionSpace


@attrs.frozen
class Place:
    cell: int


def test_actions_are_numbered_by_their_place_in_the_list_and_back() -> None:
    space = ActionSpace(Place(c) for c in range(9))
    assert len(space) == 9 and space.index(Place(4)) == 4 and space.action(4) == Place(4)
    assert Place(8) in space and Place(9) not in space and [1] not in space


@pytest.mark.parametrize("number", [-1, 9, True, 2.0, "3"])
def test_a_number_outside_the_space_is_refused(number: object) -> None:
    with pytest.raises(ValueError, match="outside 0 to 8"):
        ActionSpace(Place(c) for c in range(9)).action(number)  # type: ignore[arg-type]


def test_a_stranger_or_a_repeated_action_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the action space"):
        ActionSpace([Place(0)]).index(Place(1))
    with pytest.raises(ValueError, match="same action twice"):
        ActionSpace([Place(0), Place(0)])
