"""TurnOrder: both directions, ranking, next-is-X, extra turns, elimination, the final round."""

from __future__ import annotations

from tabletop.components import TurnOrder, ranked


def test_clockwise_and_counterclockwise() -> None:
    order = TurnOrder(4, current=2)
    assert [order.advance() for _ in range(4)] == [3, 0, 1, 2]
    back = TurnOrder(4, current=2, direction=-1)
    assert [back.advance() for _ in range(4)] == [1, 0, 3, 2]


def test_next_player_is_x_then_back_to_normal() -> None:
    order = TurnOrder(5, current=0)
    order.set_next(3)
    assert order.advance() == 3
    assert order.advance() == 4


def test_extra_turn_and_elimination() -> None:
    order = TurnOrder(3, current=0)
    order.grant_extra_turn()
    assert order.advance() == 0
    order.eliminate(1)
    assert order.advance() == 2 and order.active() == [0, 2]


def test_final_round_gives_everyone_else_one_more_turn() -> None:
    order = TurnOrder(4, current=1)
    order.start_final_round()
    assert [order.advance() for _ in range(3)] == [2, 3, 0]
    assert not order.finished
    order.advance()
    assert order.finished


def test_ranked_orders_by_key_highest_first_ties_in_seat_order() -> None:
    muscle = {0: 12, 1: 40, 2: 12, 3: 7}
    assert ranked([0, 1, 2, 3], muscle.__getitem__) == [1, 0, 2, 3]
    assert ranked([0, 1, 2, 3], muscle.__getitem__, reverse=False) == [3, 0, 2, 1]


def test_clone_is_independent() -> None:
    order = TurnOrder(3)
    copy = order.clone()
    order.eliminate(2)
    order.advance()
    assert copy.out == [] and copy.current == 0
