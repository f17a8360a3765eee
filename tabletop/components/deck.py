"""Decks of cards: a draw pile, a discard pile and an optional face-up row.

The top of the draw pile is the *end* of ``draw_pile`` (popping is cheap). Cards can be any
hashable, JSON-friendly value: games usually use short string ids and look the definition up
in their card data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import attrs

from tabletop.rng import Rng

C = TypeVar("C")


class EmptyDeck(Exception):
    """Raised when a card is needed but neither the draw pile nor (if allowed) discards have one.

    Not a :class:`~tabletop.errors.TabletopError`: running out is a game event the rules must
    handle, not bad input.
    """


@attrs.define(slots=True)
class Deck(Generic[C]):
    """A draw pile with its discard pile and face-up row.

    ``reshuffle`` says what happens when the draw pile is empty and a card is needed: with
    ``True`` the discards are shuffled into a new draw pile (Chicago DIY), with ``False`` the
    deck is simply out (Crime Lords, Crimopolis' Deeper Strategy).
    """

    draw_pile: list[C] = attrs.Factory(list)
    discard_pile: list[C] = attrs.Factory(list)
    face_up: list[C] = attrs.Factory(list)
    reshuffle: bool = False

    def clone(self) -> Deck[C]:
        """An independent copy (the cards themselves are immutable values)."""
        return Deck(self.draw_pile[:], self.discard_pile[:], self.face_up[:], self.reshuffle)

    def __len__(self) -> int:
        return len(self.draw_pile)

    def all_cards(self) -> list[C]:
        """Every card this deck holds, in all three piles."""
        return self.draw_pile + self.discard_pile + self.face_up

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the draw pile."""
        rng.shuffle(self.draw_pile)

    def reshuffle_discards(self, rng: Rng) -> None:
        """Shuffle the discard pile into the draw pile."""
        self.draw_pile.extend(self.discard_pile)
        self.discard_pile.clear()
        rng.shuffle(self.draw_pile)

    def can_draw(self) -> bool:
        """Whether :meth:`draw` would give a card."""
        return bool(self.draw_pile) or (self.reshuffle and bool(self.discard_pile))

    def draw(self, rng: Rng | None = None) -> C:
        """Take the top card; reshuffles the discards first if the pile is empty and allowed."""
        if not self.draw_pile:
            if self.reshuffle and self.discard_pile:
                if rng is None:
                    raise ValueError("a reshuffling deck needs the rng to draw")
                self.reshuffle_discards(rng)
            else:
                raise EmptyDeck("the draw pile is empty")
        return self.draw_pile.pop()

    def draw_many(self, n: int, rng: Rng | None = None) -> list[C]:
        """Take ``n`` cards (fewer only by raising :class:`EmptyDeck`)."""
        return [self.draw(rng) for _ in range(n)]

    def draw_until(
        self, accept: Callable[[C], bool], rng: Rng | None = None
    ) -> tuple[C | None, list[C]]:
        """Draw until a card passes ``accept``; return it (or None if the deck ran out) and
        the cards drawn before it, which the caller places as its rules say."""
        passed: list[C] = []
        while self.can_draw():
            card = self.draw(rng)
            if accept(card):
                return card, passed
            passed.append(card)
        return None, passed

    def peek(self, n: int = 1) -> list[C]:
        """The top ``n`` cards, top first, without taking them."""
        return self.draw_pile[::-1][:n]

    def put_on_top(self, card: C) -> None:
        """Place a card on top of the draw pile."""
        self.draw_pile.append(card)

    def bury(self, card: C) -> None:
        """Place a card at the bottom of the draw pile."""
        self.draw_pile.insert(0, card)

    def insert_at_random(self, card: C, rng: Rng) -> None:
        """Shuffle one card back into the draw pile at a random depth."""
        self.draw_pile.insert(rng.below(len(self.draw_pile) + 1), card)

    def discard(self, card: C) -> None:
        """Put a card on the discard pile."""
        self.discard_pile.append(card)

    def discard_all(self, cards: Iterable[C]) -> None:
        """Put several cards on the discard pile, in order."""
        self.discard_pile.extend(cards)

    def deal_face_up(self, n: int, rng: Rng | None = None) -> None:
        """Fill the face-up row with ``n`` more cards (as many as there are)."""
        for _ in range(n):
            if not self.can_draw():
                break
            self.face_up.append(self.draw(rng))

    def take_face_up(self, card: C) -> C:
        """Take a named card out of the face-up row."""
        self.face_up.remove(card)
        return card
