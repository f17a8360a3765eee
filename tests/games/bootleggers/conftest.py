"""Helpers for Bootleggers tests: set a table up as a rulebook example describes it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.board import Truck
from tabletop_games.bootleggers.muscle import new_truck, reorder
from tabletop_games.bootleggers.state import BootleggersState

from tabletop.rng import Rng


class ScriptedDice(Rng):
    """The state's Rng with the next die rolls scripted: each roll takes the next face;
    once the script is used up, it rolls as a seeded Rng."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(12345)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if self.faces:
            assert n == 6, f"only die rolls are scripted, asked below({n})"
            return self.faces.pop(0) - 1
        return super().below(n)


def table(players: int = 4, seed: int = 1, muscle: Sequence[int] | None = None,
          **options: object) -> BootleggersState:
    """A fresh game with the Muscle cards shown (default: seat 0 highest) and nothing else
    changed; the caller arranges the rest of the example."""
    s = GAME.new_state(players, seed, dict(options) if options else None)
    s.sealed.revealed = True
    s.shown = list(muscle) if muscle is not None else [60 - 10 * p for p in range(players)]
    for p, card in enumerate(s.shown):
        show(s, p, card)
    reorder(s)
    s.paid = [True] * players
    return s


def show(s: BootleggersState, seat: int, card: int) -> None:
    """Move Muscle ``card`` to ``seat``'s played pile: it leaves the hand that held it, and
    that hand gets one of ``seat``'s cards in exchange, so every hand keeps its size."""
    holder = next((p for p in range(s.players) if card in s.muscle_hands[p]), -1)
    if holder == seat:
        s.muscle_hands[seat].remove(card)
    else:
        given = s.muscle_hands[seat].pop()
        if holder >= 0:
            s.muscle_hands[holder].remove(card)
            s.muscle_hands[holder].append(given)
            s.muscle_hands[holder].sort()
    s.muscle_played[seat].append(card)


def at_step(s: BootleggersState, step: str, queue: Sequence[int] | None = None) -> None:
    """Jump to ``step`` with ``queue`` (default: everyone in Muscle order) to act."""
    s.step = step
    s.queue = list(s.order if queue is None else queue)
    s.acted = False
    s.forget_legal_actions()


def park(s: BootleggersState, seat: int, speakeasy: int, dock: int, cargo: int,
         capacity: int = 9) -> Truck:
    """A new truck of ``seat`` already waiting at ``speakeasy``'s ``dock`` with ``cargo``."""
    t = new_truck(s, seat, capacity)
    t.cargo, t.speakeasy, t.dock, t.seq = cargo, speakeasy, dock, s.next_seq
    s.next_seq += 1
    return t


def hand_over(s: BootleggersState, seat: int, key: str) -> str:
    """Put a Men of Action card of kind ``key`` (from the offers or the deck) in ``seat``'s
    hand; returns the card."""
    card = next(c for c in s.offers + s.deck.draw_pile if c.startswith(key + "#"))
    if card in s.offers:
        s.offers[s.offers.index(card)] = ""
    else:
        s.deck.draw_pile.remove(card)
    s.hands[seat].append(card)
    return card


@pytest.fixture
def lined() -> Callable[..., Truck]:
    return park


@pytest.fixture
def give() -> Callable[..., str]:
    return hand_over


@pytest.fixture
def make_table() -> Callable[..., BootleggersState]:
    return table


@pytest.fixture
def goto() -> Callable[..., None]:
    return at_step


@pytest.fixture
def dice() -> type[ScriptedDice]:
    return ScriptedDice
