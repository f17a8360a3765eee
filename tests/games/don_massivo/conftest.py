"""Helpers for Don Massivo tests: lay a table out the way a rule scenario describes it.

Cards are moved (never created) and money is minted or burned through the Supply, so the
state's own conservation invariants keep holding in every scenario.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import PLACE
from tabletop_games.don_massivo.cards import GANGSTER_KIND, GANGSTERS, KINDS, LOOT_KIND, STRENGTH
from tabletop_games.don_massivo.state import DonMassivoState

from tabletop.components.log import EVERYONE


def _take(state: DonMassivoState, card: str) -> None:
    """Remove ``card`` from wherever it is."""
    places = [state.gangsters.draw_pile, state.gangsters.discard_pile, state.stooges.draw_pile,
              state.stooges.discard_pile, *state.hand_g, *state.hand_s, *state.show_g,
              *state.down_g]
    for place in places:
        if card in place:
            place.remove(card)
            return
    raise AssertionError(f"{card} is nowhere to take from")


def gangster(kind: str, strength: int, n: int = 0) -> str:
    """The id of the ``n``-th Gangster card of ``kind`` and ``strength``."""
    ids = sorted(c for c in GANGSTERS if GANGSTER_KIND[c] == kind and STRENGTH[c] == strength)
    return ids[n]


def loot(kind: str, value: int, n: int = 0) -> str:
    """The id of the ``n``-th Stooge card of ``kind`` and ``value``."""
    from tabletop_games.don_massivo.cards import LOOT_VALUE, STOOGES

    ids = sorted(c for c in STOOGES if LOOT_KIND[c] == kind and LOOT_VALUE[c] == value)
    return ids[n]


class Table:
    """Builds scenario states."""

    g = staticmethod(gangster)
    s = staticmethod(loot)

    def new(self, players: int, tokens: Sequence[Sequence[str]], current: int = 0,
            seed: int = 1, **options: object) -> DonMassivoState:
        """A game whose tokens stand as ``tokens`` says, at the start of ``current``'s phase 2,
        every hand empty, every pile and display $0 unless set afterwards."""
        state = GAME.new_state(players, seed, dict(options))
        queue = list(state.place_queue)
        placed = [0] * players
        for seat in queue:
            state.apply(PLACE[tokens[seat][placed[seat]]])
            placed[seat] += 1
        assert state.step == "move"
        state.order.current = current
        for s in range(players):
            for card in state.hand_g[s][:]:
                state.hand_g[s].remove(card)
                state.gangsters.discard(card)
            for card in state.hand_s[s][:]:
                state.hand_s[s].remove(card)
                state.stooges.discard(card)
            self.money(state, s, pile=0)
        return state

    def money(self, state: DonMassivoState, seat: int, pile: int | None = None,
              shown: int | None = None, down: int | None = None) -> None:
        """Set amounts (thousands) in a seat's pile, face-up display and face-down display."""
        for holder, amount in ((f"pile:{seat}", pile), (f"show:{seat}", shown),
                               (f"down:{seat}", down)):
            if amount is None:
                continue
            have = state.money[holder]
            if amount > have:
                state.money.mint(holder, amount - have)
            elif amount < have:
                state.money.burn(holder, have - amount)

    def hand(self, state: DonMassivoState, seat: int, gangsters: Sequence[str] = (),
             stooges: Sequence[str] = ()) -> None:
        """Put these cards into the seat's hand."""
        for card in gangsters:
            _take(state, card)
            state.hand_g[seat].append(card)
        for card in stooges:
            _take(state, card)
            state.hand_s[seat].append(card)

    def display(self, state: DonMassivoState, seat: int, gangsters: Sequence[str]) -> None:
        """Put these Gangster cards face up into the seat's display."""
        for card in gangsters:
            _take(state, card)
            state.show_g[seat].append(card)

    def stack_stooges(self, state: DonMassivoState, top_first: Sequence[str]) -> None:
        """Put these Stooge cards on top of the Stooge draw pile, the first one on top."""
        for card in reversed(top_first):
            _take(state, card)
            state.stooges.draw_pile.append(card)

    def stack_gangsters(self, state: DonMassivoState, top_first: Sequence[str]) -> None:
        """Put these Gangster cards on top of the Gangster draw pile, the first one on top."""
        for card in reversed(top_first):
            _take(state, card)
            state.gangsters.draw_pile.append(card)

    def events(self, state: DonMassivoState, mark: int, viewer: int | None = EVERYONE) -> str:
        """The texts of the events written since the log's ``total`` was ``mark`` that
        ``viewer`` may see, one per line (default: all of them)."""
        return "\n".join(e.text for e in state.log.since(mark, viewer))

    def play(self, state: DonMassivoState, *actions: object) -> None:
        """Apply actions, checking the invariants after each."""
        for action in actions:
            state.apply(action)
            assert state.invariants() == [], state.invariants()


@pytest.fixture
def table() -> Table:
    """The scenario builder."""
    return Table()


__all__ = ["KINDS", "Table", "gangster", "loot"]
