"""The kernel's clone (tabletop.cloning): a copy written from the fields' types, as deep as
each field needs, and refused, naming the field, where the type does not say how."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from tabletop.cloning import CloneError, clone, copier
from tabletop.components.deck import Deck
from tabletop.rng import Rng
from tabletop.testing.conformance import check_game


class Colour(enum.Enum):
    RED = 1


@attrs.frozen
class Card:
    name: str
    value: int


@attrs.define
class Pawn:
    """A record that changes in place, with its own clone."""

    square: int

    def clone(self) -> Pawn:
        return Pawn(self.square)


@attrs.define
class Table:
    seats: int
    name: str
    colour: Colour
    card: Card
    rng: Rng
    deck: Deck[str]
    scores: list[int]
    hands: list[list[str]]
    pawns: list[Pawn]
    by_seat: dict[int, list[int]]
    plain: dict[str, int]
    seen: set[int]
    path: tuple[int, ...]
    pawn: Pawn | None = None
    last: Card | None = None
    shared: list[int] = attrs.field(factory=list, metadata={"clone": "share"})
    reversed_copy: list[int] = attrs.field(
        factory=list, metadata={"clone": lambda items: items[::-1]})
    counted: int = attrs.field(default=0, init=False)


def table() -> Table:
    made = Table(2, "t", Colour.RED, Card("ace", 1), Rng(3), Deck(["a", "b", "c"]), [1, 2],
                 [["x"], ["y", "z"]], [Pawn(1), Pawn(2)], {0: [1], 1: [2, 3]}, {"a": 1},
                 {4, 5}, (1, 2), Pawn(7), Card("two", 2), [9], [1, 2, 3])
    made.counted = 5
    return made


def test_what_changes_is_copied_as_deep_as_it_must_be() -> None:
    first = table()
    copy = clone(first)
    expected = attrs.evolve(first, reversed_copy=[3, 2, 1])
    expected.counted = 5  # a field outside __init__ is copied too
    assert copy == expected
    copy.scores[0] = 9
    copy.hands[1].append("w")
    copy.pawns[0].square = 8
    copy.by_seat[1].append(4)
    copy.plain["b"] = 2
    copy.seen.add(6)
    assert copy.pawn is not None
    copy.pawn.square = 0
    copy.deck.draw()
    copy.rng.below(10)
    assert first == table()


def test_what_never_changes_is_shared() -> None:
    first = table()
    copy = clone(first)
    assert copy.card is first.card and copy.last is first.last and copy.path is first.path
    assert copy.shared is first.shared  # declared: never changed in place


def test_a_field_of_an_unknown_kind_is_refused_by_name() -> None:
    @attrs.define
    class Odd:
        things: list[Any]

    with pytest.raises(CloneError, match=r"Odd\.things: no way to copy .*metadata"):
        copier(Odd)

    @attrs.define
    class Mixed:
        either: list[int] | dict[int, int]

    with pytest.raises(CloneError, match="Mixed.either: a union of several kinds"):
        copier(Mixed)


def test_a_class_that_finishes_its_instances_is_copied_through_init() -> None:
    @attrs.define
    class Indexed:
        names: list[str]
        index: dict[str, int] = attrs.field(init=False)

        def __attrs_post_init__(self) -> None:
            self.index = {name: i for i, name in enumerate(self.names)}

    copy = clone(Indexed(["a", "b"]))
    assert copy.index == {"a": 0, "b": 1}


def test_the_copier_is_written_once_per_class() -> None:
    assert copier(Table) is copier(Table)


@pytest.mark.parametrize("game", ["bootleggers", "chicago_diy", "crime_lords", "crimopolis",
                                  "don_massivo", "tic_tac_toe"])
def test_every_games_state_is_cloned_independently_by_the_kernel(game: str) -> None:
    """The conformance suite's clone check (check 5: a clone played on leaves the original
    as it was) on every game, whose states clone through the kernel by default."""
    from tabletop.registry import get

    results = check_game(get(game), checks=["5"], games=2)
    assert results and all(result.passed for result in results), [
        result.detail for result in results if not result.passed]


def test_a_plain_subclass_of_an_attrs_state_is_cloned_as_itself() -> None:
    class Watched(Table):
        """A subclass that adds behaviour, no field (as a bot's counting view does)."""

    first = Watched(**{field.name: getattr(table(), field.name)
                       for field in attrs.fields(Table) if field.init})
    copy = clone(first)
    assert type(copy) is Watched and copy.scores == first.scores
    copy.scores.append(3)
    assert first.scores == [1, 2]
