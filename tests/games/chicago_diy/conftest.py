"""Helpers for the Chicago DIY tests: set a table up as a rule scenario describes it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DRAW, END_TURN, PayCard
from tabletop_games.chicago_diy.cards import DECK, VALUE
from tabletop_games.chicago_diy.state import ChicagoState

from tabletop.components import d6
from tabletop.rng import Rng


def build_table(
    players: int = 2,
    hands: Sequence[Sequence[str]] | None = None,
    territories: Sequence[Sequence[str]] | None = None,
    henchmen: Sequence[int] | None = None,
    top: Sequence[str] = (),
    discards: Sequence[str] = (),
    current: int = 0,
    options: dict | None = None,
) -> ChicagoState:
    """A state with the named cards where a scenario wants them; ``top[0]`` is drawn first,
    every other card lies (in deck order) deeper in the draw pile."""
    state = GAME.new_state(players, 0, options)
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    terr = [list(t) for t in (territories or [[] for _ in range(players)])]
    used = [c for h in hands for c in h] + [c for t in terr for c in t] + list(top)
    used += list(discards)
    assert len(set(used)) == len(used), "a card is named twice"
    state.hands = hands
    state.territories = terr
    state.henchmen = list(henchmen or [1] * players)
    state.deck.draw_pile = [c for c in DECK if c not in used] + list(reversed(top))
    state.deck.discard_pile = list(discards)
    state.turn.current = current
    state.forget_legal_actions()
    assert state.invariants() == []
    return state


def end_by_the_deck(state: ChicagoState) -> None:
    """Play the game out: one card left to draw and no reshuffle, so the current player's
    draw runs the deck out and the game ends with that turn."""
    state.deck.draw_pile = state.deck.draw_pile[-1:]
    state.reshuffles_left = 0
    state.forget_legal_actions()
    state.apply(DRAW)
    if not state.is_over:
        state.apply(END_TURN)
    assert state.is_over


def set_dice(state: ChicagoState, rolls: Sequence[int]) -> None:
    """Give ``state`` a random source whose next d6 rolls are ``rolls``."""
    for start in range(1_000_000):
        probe = Rng(start)
        if all(d6(probe) == r for r in rolls):
            state.rng = Rng(start)
            return
    raise AssertionError(f"no rng found for {rolls}")


def pay_cards(state: ChicagoState, *cards: str) -> None:
    """Pay the price due with ``cards``, one payment step per card."""
    for card in cards:
        state.apply(PayCard(card))


def reachable_payments(state: ChicagoState) -> set[tuple[int, ...]]:
    """Every whole payment the steps offered now can reach, as sorted values: the payments
    the rulebook's rules allow, found by trying every path of steps."""
    found: set[tuple[int, ...]] = set()
    payer, due = state.to_act, state.price_due()

    def walk(s: ChicagoState) -> None:
        for action in s.legal_actions():
            if type(action) is not PayCard:
                continue
            after = s.clone()
            offered = [*after.offered, action.card]
            after.apply(action)
            if sum(VALUE[c] for c in offered) >= due:
                found.add(tuple(sorted(VALUE[c] for c in offered)))
                assert after.to_act != payer or after.price_due() != due or not after.offered
            else:
                walk(after)

    walk(state)
    return found


@pytest.fixture
def arrange():
    """The scenario builder :func:`build_table`."""
    return build_table


@pytest.fixture
def rig_dice():
    """The dice rigger :func:`set_dice`."""
    return set_dice


@pytest.fixture
def play_out():
    """The game ender :func:`end_by_the_deck`."""
    return end_by_the_deck


@pytest.fixture
def pay():
    """The payer :func:`pay_cards`."""
    return pay_cards


@pytest.fixture
def payment_sets():
    """The payment explorer :func:`reachable_payments`."""
    return reachable_payments
