"""Deck: drawing, burying, peeking, face-up row, and both empty-deck rules."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.components import Deck, EmptyDeck
from tabletop.rng import Rng


def test_draw_takes_the_top_and_peek_does_not() -> None:
    deck = Deck(["bottom", "middle", "top"])
    assert deck.peek(2) == ["top", "middle"]
    assert deck.draw() == "top"
    assert len(deck) == 2


def test_bury_puts_a_card_at_the_bottom_and_put_on_top_on_top() -> None:
    deck = Deck(["a", "b"])
    deck.bury("z")
    deck.put_on_top("t")
    assert deck.draw_many(4) == ["t", "b", "a", "z"]


def test_empty_deck_without_reshuffle_is_out() -> None:
    deck = Deck(["a"], discard_pile=["x", "y"], reshuffle=False)
    deck.draw()
    assert not deck.can_draw()
    with pytest.raises(EmptyDeck):
        deck.draw()
    assert deck.discard_pile == ["x", "y"]


def test_empty_deck_with_reshuffle_uses_the_discards() -> None:
    deck = Deck([], discard_pile=["x", "y", "z"], reshuffle=True)
    rng = Rng.from_seed(1)
    drawn = {deck.draw(rng) for _ in range(3)}
    assert drawn == {"x", "y", "z"} and deck.discard_pile == []
    with pytest.raises(EmptyDeck):
        deck.draw(rng)


def test_draw_until_returns_the_match_and_what_came_before() -> None:
    deck = Deck(["k", "3", "q", "5"])  # top is "5"
    found, passed = deck.draw_until(lambda c: c.isalpha())
    assert found == "q" and passed == ["5"]
    assert deck.draw_until(lambda c: c == "none") == (None, ["3", "k"])


def test_face_up_row() -> None:
    deck = Deck(["a", "b", "c"])
    deck.deal_face_up(2)
    assert deck.face_up == ["c", "b"]
    assert deck.take_face_up("b") == "b" and deck.face_up == ["c"]
    deck.deal_face_up(5)  # only as many as there are
    assert deck.face_up == ["c", "a"] and len(deck) == 0


def test_insert_at_random_and_clone_independence() -> None:
    deck = Deck(list("abcdef"))
    copy = deck.clone()
    deck.insert_at_random("x", Rng.from_seed(4))
    assert "x" in deck.draw_pile and "x" not in copy.draw_pile
    copy.discard("a")
    assert deck.discard_pile == []


@given(st.lists(st.text(max_size=3), max_size=40), st.integers(min_value=0, max_value=2**32),
       st.lists(st.sampled_from(["draw", "discard", "bury", "reshuffle", "face"]), max_size=60))
def test_operations_never_create_or_lose_cards(cards: list[str], seed: int,
                                               ops: list[str]) -> None:
    deck = Deck(cards[:], reshuffle=True)
    rng = Rng.from_seed(seed)
    deck.shuffle(rng)
    hand: list[str] = []
    for op in ops:
        if op == "draw" and deck.can_draw():
            hand.append(deck.draw(rng))
        elif op == "discard" and hand:
            deck.discard(hand.pop())
        elif op == "bury" and hand:
            deck.bury(hand.pop())
        elif op == "reshuffle":
            deck.reshuffle_discards(rng)
        elif op == "face":
            deck.deal_face_up(1, rng)
        assert Counter(deck.all_cards() + hand) == Counter(cards)
